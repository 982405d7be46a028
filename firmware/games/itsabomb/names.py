"""The words It's a Bomb!'s screens share: tile and token letters, cells, lines, times, sides.

Tiles and tokens are always named by a letter as well as drawn (most builds are monochrome):
R Y G B P the colours, X explosive, D detonator, V receiver, + battery, - grey.
"""

from core.itsabomb.tiles import KINDS
from firmware import strings


def S(key):
    return strings.get(key)


def code(kind):
    """One letter for a tile or token kind (by name), from the strings table."""
    return S("itsabomb.codes")[KINDS.index(kind)]


def kind_name(kind):
    return S("itsabomb.k." + kind)


def cell_name(r, c):
    """Rows are letters, columns numbers: B3 is the second row, third column."""
    return chr(65 + r) + str(c + 1)


def line_name(kind, i):
    return chr(65 + i) if kind == "row" else str(i + 1)


def tokens_text(tokens):
    return " ".join(code(t) for t in tokens) if tokens else S("itsabomb.none")


def mmss(sec):
    return str(sec // 60) + ":" + ("0" if sec % 60 < 10 else "") + str(sec % 60)


def found(view):
    """'2/4': the colours cut of those in play."""
    return str(view["found"]) + "/" + str(len(view["colours"]))


def side_name(winner):
    return S("itsabomb.w." + winner)


def countdown_line(ev):
    """A ("countdown", seconds | "explosion") event: the card that now shows."""
    return S("itsabomb.boom") if ev[1] == "explosion" else S("itsabomb.time") + mmss(ev[1])
