"""One package per game: no code outside a game's own packages and the registry names a game.

Adding a game must touch no list elsewhere (../shared/STYLE.md), so a game id may appear in code
only in core/games.py, core/<id>/ and firmware/games/<id>/. Everything else asks the registry.
"Appears" means a string constant that is the id or begins with "<id>." (a text key, a dotted
module path) and an import of core.<id> or firmware.games.<id>; docstrings and comments are
prose and may name games freely.
"""

import ast
from pathlib import Path

import pytest

from core import games

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("core", "firmware", "tools")


def _owner(rel):
    """The game whose packages hold `rel` (a posix path), 'registry', or None."""
    parts = rel.split("/")
    if rel == "core/games.py":
        return "registry"
    if parts[0] == "core" and len(parts) > 2 and parts[1] in games.IDS:
        return parts[1]
    if parts[:2] == ["firmware", "games"] and len(parts) > 3 and parts[2] in games.IDS:
        return parts[2]
    return None


def _names_game(text):
    for g in games.IDS:
        if text == g or text.startswith(g + "."):
            return g
        for prefix in ("core.", "firmware.games."):
            if text == prefix + g or text.startswith(prefix + g + "."):
                return g
    return None


def _docstrings(tree):
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def mentions(source, rel):
    """Every `path:line: text` where `source` names a game it does not belong to."""
    tree = ast.parse(source)
    owner = _owner(rel)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        texts = []
        if isinstance(node, ast.Constant) and type(node.value) is str and id(node) not in skip:
            texts.append(node.value)
        elif isinstance(node, ast.Import):
            texts.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            texts.append(node.module)
            texts.extend(node.module + "." + a.name for a in node.names)
        for t in texts:
            g = _names_game(t)
            if g is not None and owner not in (g, "registry"):
                found.append("%s:%d: %r names %s" % (rel, node.lineno, t, g))
                break
    return found


def _files():
    out = []
    for layer in LAYERS:
        out.extend(p.relative_to(ROOT).as_posix() for p in sorted((ROOT / layer).rglob("*.py")))
    return out


@pytest.mark.parametrize("rel", _files())
def test_only_a_games_own_packages_and_the_registry_name_it(rel):
    assert mentions((ROOT / rel).read_text(), rel) == []


def test_the_check_finds_a_game_named_elsewhere_and_lets_its_own_package_be():
    src = 'from core import timebomb\nx = "undercover.safe"\ny = "resume.timer"\n'
    assert len(mentions(src, "firmware/screens/a.py")) == 2
    assert mentions('x = "timebomb.safe"\n', "firmware/games/timebomb/skin.py") == []
    assert len(mentions('x = "timebomb.safe"\n', "firmware/games/undercover/skin.py")) == 1
    assert mentions('"""Time Bomb and timebomb.json are prose here."""\n', "tools/a.py") == []
    assert mentions("import core.itsabomb.rules\n", "core/games.py") == []
