"""The app on the sim board: boot, main menu by game, broken rulesets, settings, about.

Also the helpers the other test_app_* files share: reading text off a frame with the board's own
8x8 font (dumped from MicroPython's framebuf), and starting the sim with .mpy code.
"""

import json
import os
import subprocess
from functools import lru_cache
from pathlib import Path

import pytest

from core import ruleset
from core.errors import RulesetError
from tools import simproc

ROOT = Path(__file__).resolve().parents[1]
MPY = str(ROOT / ".venv" / "bin" / "micropython")
HEAP = "512k"  # source (.py) is compiled on the sim's heap; budgets are measured with .mpy

_FONT_DUMP = """
import framebuf
b = bytearray(8)
g = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_HLSB)
for c in range(32, 127):
    g.fill(0)
    g.text(chr(c), 0, 0, 1)
    print(c, bytes(b).hex())
"""


@lru_cache(maxsize=1)
def font():
    """{char: 8 row strings of '0'/'1'} from the unix port's framebuf font."""
    out = subprocess.run([MPY, "-c", _FONT_DUMP], capture_output=True, text=True, check=True)
    table = {}
    for line in out.stdout.split("\n"):
        if line:
            code, hx = line.split()
            rows = bytes.fromhex(hx)
            table[chr(int(code))] = [format(r, "08b") for r in rows]
    return table


def rows_of(frame):
    """The frame as a list of '0'/'1' strings, one per pixel row."""
    return [
        "".join("1" if frame.pixel(x, y) else "0" for x in range(frame.width))
        for y in range(frame.height)
    ]


def pattern(s, scale=1):
    f = font()
    rows = []
    for r in range(8):
        row = "".join(f[ch][r] for ch in s)
        row = "".join(c * scale for c in row)
        rows.extend([row] * scale)
    return rows


def find_text(frame, s):
    """(x, y) where s is drawn (normal or inverted, 1x or 2x font), or None."""
    if frame is None:
        return None
    grid = rows_of(frame)
    for scale in (1, 2):
        pat = pattern(s, scale)
        for inv in (False, True):
            p = [r.translate(str.maketrans("01", "10")) for r in pat] if inv else pat
            for y in range(0, frame.height - len(p) + 1):
                x = grid[y].find(p[0])
                while x >= 0:
                    if all(grid[y + i][x : x + len(p[i])] == p[i] for i in range(1, len(p))):
                        return (x, y)
                    x = grid[y].find(p[0], x + 1)
    return None


def has_text(frame, s):
    return find_text(frame, s) is not None


def compile_mpy(flash):
    """Replace firmware/ and core/ sources in a flash folder by .mpy, as deploy does."""
    from tools import bench_app

    bench_app.compile_flash(flash)


def start(board="pico-ssd1306", heap=HEAP, flash=None, mpy=False, monkeypatch=None, **kw):
    """A SimProc; with mpy=True the flash holds compiled code (needs pytest's monkeypatch)."""
    if mpy:
        orig = simproc.populate_flash

        def populate(flash, profile, main=None):
            f = orig(flash, profile, main)
            compile_mpy(f)
            return f

        monkeypatch.setattr(simproc, "populate_flash", populate)
    return simproc.SimProc(board=board, heap=heap, flash=flash, **kw)


def screens(sim, depth=False):
    """The screen log: [(class name, title)] in order (with depth: (depth, name, title))."""
    out = []
    for line in sim.logs:
        if line.startswith("screen "):
            parts = line.split(" ", 3)
            entry = (parts[2], parts[3] if len(parts) > 3 else "")
            out.append((int(parts[1]),) + entry if depth else entry)
    return out


def top(sim):
    s = screens(sim)
    return s[-1] if s else None


def errors(sim):
    return [line for line in sim.logs if line.startswith("error")] + sim.other


def tap(sim, name, times=1, gap=40):
    lines = []
    for _ in range(times):
        lines += ["press " + name, "wait 60", "release " + name, "wait %d" % gap]
    sim.send(*lines)


def open_main_item(sim, label):
    """Move the main menu cursor to `label` (by reading the screen) and press OK."""
    for _ in range(24):
        pos = find_text(sim.frame, label)
        # The selected row is drawn inverted: the pixel left of the text is lit.
        if pos is not None and sim.frame.pixel(max(0, pos[0] - 1), pos[1]):
            tap(sim, "OK")
            return
        tap(sim, "DOWN")
    raise AssertionError("could not select " + label)


# -- tests -------------------------------------------------------------------------------------


def test_font_reader_finds_drawn_text_and_not_absent_text():
    with start() as sim:
        sim.wait(50)
        assert has_text(sim.frame, "Fusebox")
        assert not has_text(sim.frame, "Fusebux")


@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby", "pico-display-pack"])
def test_boot_shows_the_main_menu_with_every_game_group(board):
    with start(board) as sim:
        sim.wait(50)
        assert top(sim) == ("ListScreen", "Fusebox")
        assert not errors(sim)
        # Labels are cut to the display (the Thumby shows 9 columns, minus icon and scrollbar);
        # the first rows fit on every display, the rest are reached by scrolling.
        n = 6 if board == "thumby" else 12
        assert has_text(sim.frame, "Time Bomb"[:n])
        seen = set()
        for _ in range(10):
            for label in ("Undercover", "TimeBomb II", "It's a Bomb!", "Bomb timer", "Settings"):
                if has_text(sim.frame, label[:n]):
                    seen.add(label)
            tap(sim, "DOWN")
        assert seen == {"Undercover", "TimeBomb II", "It's a Bomb!", "Bomb timer", "Settings"}


def test_a_broken_ruleset_is_listed_with_its_reason_and_the_rest_keep_working(tmp_path):
    flash = tmp_path / "flash"
    simproc.populate_flash(flash, simproc.sim_profile())
    extra = tmp_path / "extra"
    extra.mkdir()
    bad = {"format": 1, "game": "timebomb", "name": "Broken TB", "roles": "nope"}
    (extra / "zz-broken.json").write_text(json.dumps(bad))
    (extra / "zz-garbage.json").write_text("{not json")
    orig = simproc.populate_flash

    def populate(f, profile, main=None):
        out = orig(f, profile, main)
        for p in extra.iterdir():
            (Path(out) / "rulesets" / p.name).write_text(p.read_text())
        return out

    mp = pytest.MonkeyPatch()
    mp.setattr(simproc, "populate_flash", populate)
    try:
        sim = start(flash=str(flash))
    finally:
        mp.undo()
    with sim:
        sim.wait(50)
        # The unreadable file has no game: it sits on the main menu itself, marked "!".
        for _ in range(12):
            if has_text(sim.frame, "! zz-garbage"):
                break
            tap(sim, "DOWN")
        else:
            raise AssertionError("garbage file not listed:\n" + sim.text())
        tap(sim, "OK")
        assert top(sim)[0] == "Notice"
        assert has_text(sim.frame, "not valid JSON") or has_text(sim.frame, "valid JSON")
        tap(sim, "BACK")
        # Time Bomb still opens, lists the good ruleset and the broken one with its reason.
        for _ in range(12):
            tap(sim, "UP")
            if sim.frame.pixel(0, 10) and has_text(sim.frame, "Time Bomb"):
                break
        open_main_item(sim, "Time Bomb")
        assert top(sim) == ("ListScreen", "Time Bomb")
        assert has_text(sim.frame, "Time Bomb")
        assert has_text(sim.frame, "! zz-broken")
        tap(sim, "DOWN")
        tap(sim, "OK")
        assert top(sim)[0] == "Notice"
        assert has_text(sim.frame, "zz-broken.json:")
        # The reason is core's own message (same code on the host), which names a path.
        with pytest.raises(RulesetError) as why:
            ruleset.load(bad)
        path = str(why.value).split(":")[0]
        assert has_text(sim.frame, path + ":")
        tap(sim, "BACK")
        tap(sim, "UP")
        tap(sim, "OK")
        # The good ruleset still opens its game (not a notice).
        assert top(sim)[0] != "Notice" and top(sim)[1] == "Time Bomb"
        assert not errors(sim)


def test_settings_change_now_and_survive_a_reset(tmp_path):
    flash = str(tmp_path / "flash")
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        assert top(sim)[0] == "SettingsScreen"
        assert has_text(sim.frame, "on")
        tap(sim, "OK")  # sound off
        tap(sim, "DOWN", 2)
        tap(sim, "OK", 2)  # brightness 4 -> 5 -> 1
        tap(sim, "BACK")  # leaving saves
        assert top(sim) == ("ListScreen", "Fusebox")
    assert Path(flash, "data", "settings.json").exists()
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        assert has_text(sim.frame, "off")
        assert has_text(sim.frame, "1/5")


def test_seat_names_are_edited_with_four_buttons_and_kept(tmp_path):
    flash = str(tmp_path / "flash")
    with start(flash=flash) as sim:
        sim.wait(50)
        open_main_item(sim, "Settings")
        tap(sim, "DOWN", 4)
        tap(sim, "OK")
        assert top(sim) == ("SeatsScreen", "Seat names")
        assert has_text(sim.frame, "1 P1")
        tap(sim, "OK")
        assert top(sim)[0] == "NameEditor"
        tap(sim, "UP")  # P -> Q
        tap(sim, "OK")
        tap(sim, "DOWN")  # 1 -> 0
        tap(sim, "OK", 7)  # past the last letter: saved
        assert top(sim) == ("SeatsScreen", "Seat names")
        assert has_text(sim.frame, "1 Q0")
    assert "Q0" in Path(flash, "data", "settings.json").read_text()


def test_about_shows_version_board_and_free_memory():
    with start() as sim:
        sim.wait(50)
        open_main_item(sim, "About")
        assert top(sim) == ("AboutScreen", "About")
        assert has_text(sim.frame, "0.4.0")
        assert has_text(sim.frame, "RAM free")
        tap(sim, "BACK")
        assert top(sim) == ("ListScreen", "Fusebox")


def test_the_mpy_build_boots(monkeypatch):
    with start(mpy=True, heap="128k", monkeypatch=monkeypatch) as sim:
        sim.wait(50)
        assert top(sim) == ("ListScreen", "Fusebox")
        assert not list(Path(sim.flash, "firmware").glob("*.py"))
        assert os.path.exists(Path(sim.flash, "firmware", "app.mpy"))
