"""The balance tool's chart (Pillow) and progress bar (rich): how its figures are shown."""

# The chart must read in monochrome print and for colour-blind readers: every side has a fill
# pattern of its own (solid, hatched, dotted) as well as a grey level, every bar carries its rate
# as a number, and the legend names the patterns. One panel per policy, one group of bars per
# player count, a whisker for each bar's 95% interval.

import contextlib

from PIL import Image, ImageDraw, ImageFont

_BAR, _GAP, _GROUP_GAP = 34, 4, 26
_LEFT, _RIGHT, _TOP = 54, 16, 54
_PANEL_H, _PANEL_GAP, _LEGEND_H = 200, 46, 34
_INK, _PAPER, _GRID = (0, 0, 0), (255, 255, 255), (205, 205, 205)
_FILLS = ((70, 70, 70), (255, 255, 255), (200, 200, 200))  # solid, hatched, dotted


@contextlib.contextmanager
def progress_bar(total):
    """A rich progress bar on stderr (only on a terminal); yields advance(n)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    cols = ("games", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*cols, console=console, disable=not console.is_terminal) as bar:
        task = bar.add_task("games", total=total)
        yield lambda n: bar.advance(task, n)


def _font(size):
    try:
        return ImageFont.load_default(size)
    except (TypeError, OSError):  # a Pillow without FreeType: the small bitmap font
        return ImageFont.load_default()


def _fill(draw, box, k):
    """Bar k's pattern in box: side 0 solid, 1 diagonal hatch, 2 dots (then repeats)."""
    x0, y0, x1, y1 = box
    if y1 - y0 < 1:
        return
    draw.rectangle(box, fill=_FILLS[k % 3], outline=_INK)
    if k % 3 == 1:
        for d in range(-(y1 - y0), x1 - x0, 6):
            a = (x0 + max(d, 0), y1 - max(-d, 0))
            t = min(x1 - x0 - max(d, 0), y1 - y0 - max(-d, 0))
            draw.line((a, (a[0] + t, a[1] - t)), fill=_INK)
    elif k % 3 == 2:
        for y in range(y0 + 3, y1 - 1, 5):
            for x in range(x0 + 3 + (y // 5 % 2) * 2, x1 - 1, 5):
                draw.point((x, y), fill=_INK)
    draw.rectangle(box, outline=_INK)


def chart(rs, name, rows, games, seed):
    """A PIL image: win rate per player count and side, one panel per policy."""
    pols = sorted({r["policy"] for r in rows})
    counts = sorted({r["players"] for r in rows})
    sides = []
    for r in rows:
        if r["side"] not in sides:
            sides.append(r["side"])
    group = len(sides) * (_BAR + _GAP) - _GAP
    width = max(_LEFT + len(counts) * (group + _GROUP_GAP) + _RIGHT, 420)
    height = _TOP + len(pols) * (_PANEL_H + _PANEL_GAP) + _LEGEND_H
    img = Image.new("RGB", (width, height), _PAPER)
    d = ImageDraw.Draw(img)
    big, small = _font(15), _font(11)
    title = "%s (%s): win rate, 95%% interval" % (rs["name"], name)
    d.text((10, 8), title, fill=_INK, font=big)
    d.text((10, 28), "%d games per player count, seed %s" % (games, seed), fill=_INK, font=small)
    by = {(r["policy"], r["players"], r["side"]): r for r in rows}
    scored = any(r["scored"] for r in rows)  # the game keeps a score: show the mean of the wins
    for p, pol in enumerate(pols):
        top = _TOP + p * (_PANEL_H + _PANEL_GAP) + 30
        base = top + _PANEL_H - 30

        def y(v, top=top, base=base):
            return round(base - v * (base - top))

        caption = pol + " policy, by number of players"
        if scored:
            caption += " (under each count: the mean score of the wins)"
        d.text((_LEFT, top - 28), caption, fill=_INK, font=small)
        for tick in (0, 25, 50, 75, 100):
            ty = y(tick / 100)
            d.line((_LEFT - 4, ty, width - _RIGHT, ty), fill=_GRID if tick else _INK)
            d.text((_LEFT - 8, ty), "%d%%" % tick, fill=_INK, font=small, anchor="rm")
        for c, n in enumerate(counts):
            x = _LEFT + _GROUP_GAP // 2 + c * (group + _GROUP_GAP)
            at = (x + group // 2, base + 4)
            d.text(at, str(n), fill=_INK, font=big, anchor="mt")
            r = by.get((pol, n, sides[0]))
            if scored and r is not None and r["score"] is not None:
                at = (at[0], base + 20)
                d.text(at, "%.1f" % r["score"], fill=_INK, font=small, anchor="mt")
            for k, side in enumerate(sides):
                r = by.get((pol, n, side))
                if r is None:
                    continue
                x0 = x + k * (_BAR + _GAP)
                mid = x0 + _BAR // 2
                _fill(d, (x0, y(r["rate"]), x0 + _BAR, base), k)
                lo, hi = y(r["low"]), y(r["high"])
                for ink, w in ((_PAPER, 4), (_INK, 2)):  # a pale halo: visible on dark fills
                    d.line((mid, lo, mid, hi), fill=ink, width=w)
                    d.line((mid - 5, lo, mid + 5, lo), fill=ink, width=w)
                    d.line((mid - 5, hi, mid + 5, hi), fill=ink, width=w)
                label = "%.0f" % (100 * r["rate"])
                d.text((mid, hi - 3), label, fill=_INK, font=small, anchor="mb")
    ly = height - _LEGEND_H + 8
    x = _LEFT
    for k, side in enumerate(sides):
        _fill(d, (x, ly, x + 18, ly + 14), k)
        d.text((x + 24, ly + 7), side, fill=_INK, font=small, anchor="lm")
        x += 34 + int(d.textlength(side, font=small))
    return img
