"""Saved games on the sim board: one save a game, offered at the top of the menus; BACK on the
resume screen keeps it; discarding asks first; an unusable save is kept for a bug report; an
older firmware's single save still loads."""

import json
import shutil
import tempfile

import pytest

from host_tests.support.faults import game_save
from host_tests.support.frametext import find_text, has_text
from tools.play.driver import GROUP_ROWS, RecordingSim, open_game, step, tap
from tools.sim import cli as simcli
from tools.sim.process import SimProc

HEAP = "512k"  # .py sources compile on the sim heap


def sim(flash, seed="7"):
    return RecordingSim(board="pico-ssd1306", heap=HEAP, flash=flash, env={"FUSEBOX_SEED": seed})


def events(sp):
    return [line for line in sp.logs if line.startswith("ev ")]


def play_some(sp, n_events):
    """Step the game until it has echoed n_events more actions' events."""
    before = len(events(sp))
    for _ in range(200):
        if len(events(sp)) - before >= n_events and sp.top() not in ("RevealScreen",):
            return
        step(sp)
        assert not [t for t in sp.logs if t.startswith("error")], sp.logs[-6:]
    raise AssertionError("the game made no progress: " + str(sp.logs[-8:]))


def leave(sp):
    """BACK (a step back in a turn, then the pause menu), then its "Menu (saved)" row."""
    for _ in range(4):
        tap(sp, "BACK")
        if sp.top() == "PauseMenu":
            break
    assert sp.top() == "PauseMenu", sp.logs[-4:]
    for _ in range(3):
        tap(sp, "DOWN")
    tap(sp, "OK")
    assert sp.top() == "SavesList", sp.logs[-4:]


def titles(sp):
    """The (depth, screen, title) logs of the run so far."""
    out = []
    for t in sp.logs:
        if t.startswith("screen "):
            w = t.split(" ", 3)
            out.append((int(w[1]), w[2], w[3] if len(w) > 3 else ""))
    return out


def saves(flash):
    return sorted(p.name for p in (flash / "data").iterdir() if not p.name.endswith(".bak"))


def test_two_games_left_for_the_menu_are_both_still_resumable():
    flash = tempfile.mkdtemp(prefix="fusebox-saves-")
    try:
        with sim(flash) as sp:
            open_game(sp, GROUP_ROWS["timebomb2"], first=1)
            play_some(sp, 2)
            leave(sp)
            tb2 = list(events(sp))
            # The main menu now starts with the saved game; the games follow it.
            open_game(sp, 1 + GROUP_ROWS["itsabomb"])
            play_some(sp, 1)
            leave(sp)
        from pathlib import Path

        data = saves(Path(flash))
        assert "timebomb2.json" in data and "itsabomb.json" in data, data
        recent = json.loads((Path(flash) / "data" / "recent.json").read_text())["data"]
        assert recent == ["itsabomb", "timebomb2"], recent
        with sim(flash) as sp:
            # The boot offers the game played last; BACK keeps it.
            assert titles(sp)[-1] == (2, "ResumeScreen", "Resume?"), titles(sp)
            tap(sp, "BACK")
            assert sp.top() == "SavesList"
            assert "itsabomb.json" in saves(Path(flash))
            # The menu's first rows are the saved games, the one played last first: the second
            # is TimeBomb II, which resumes at its last action.
            tap(sp, "DOWN")
            tap(sp, "OK")
            assert sp.top() == "ResumeScreen", sp.logs[-4:]
            tap(sp, "OK")
            # The hub of the saved game, first showing its last action again.
            assert titles(sp)[-2:] == [(2, "Hub", "TimeBomb II"), (3, "Notice", "Last action")]
            assert [t for t in sp.logs if t.startswith("error")] == []
        assert tb2  # the first game had moved on before it was left
        with sim(flash) as sp:
            # It's a Bomb! too: from the top of its own list.
            tap(sp, "BACK")
            for _ in range(2 + GROUP_ROWS["itsabomb"]):
                tap(sp, "DOWN")
            tap(sp, "OK")
            assert titles(sp)[-1] == (2, "SavesList", "It's a Bomb!"), titles(sp)
            tap(sp, "OK")
            assert sp.top() == "ResumeScreen", sp.logs[-4:]
            tap(sp, "OK")
            hubs = [t for t in titles(sp) if t[1] == "Hub"]
            assert hubs and hubs[0][0] == 3, titles(sp)  # menu, the game's list, its hub
            assert not [t for t in sp.logs if t.startswith("error")], sp.logs[-6:]
    finally:
        shutil.rmtree(flash, ignore_errors=True)


def test_discard_asks_first_and_back_on_the_question_keeps_the_save(tmp_path):
    flash = tmp_path / "flash"
    with sim(str(flash)) as sp:
        open_game(sp, GROUP_ROWS["timebomb"])
        leave(sp)
    assert "timebomb.json" in saves(flash)
    with sim(str(flash)) as sp:
        assert sp.top() == "ResumeScreen"
        tap(sp, "DOWN")  # Discard
        tap(sp, "OK")
        assert titles(sp)[-1] == (3, "Confirm", "Discard"), titles(sp)
        tap(sp, "BACK")  # no: the save stays
        assert sp.top() == "ResumeScreen"
        assert "timebomb.json" in saves(flash)
        tap(sp, "OK")
        tap(sp, "OK")  # yes
        assert titles(sp)[-1] == (1, "SavesList", "Fusebox"), titles(sp)
        assert "timebomb.json" not in saves(flash)
        assert not [t for t in sp.logs if t.startswith("error")], sp.logs[-6:]


def test_an_older_firmwares_single_save_moves_to_its_games_name_and_loads(tmp_path):
    flash = tmp_path / "flash"
    with sim(str(flash)) as sp:
        pass  # a first boot lays the flash out
    (flash / "data" / "game.json").write_bytes(game_save())
    with sim(str(flash)) as sp:
        assert sp.top() == "ResumeScreen", sp.logs[-4:]
        tap(sp, "OK")
        assert (2, "Hub", "Time Bomb") in titles(sp), titles(sp)
    assert "game.json" not in saves(flash) and "timebomb.json" in saves(flash)


def test_a_save_that_does_not_load_is_kept_for_a_bug_report(tmp_path):
    flash = tmp_path / "flash"
    with sim(str(flash)) as sp:
        pass
    bad = game_save()[:120]
    (flash / "data" / "timebomb.json").write_bytes(bad)
    with sim(str(flash)) as sp:
        assert titles(sp)[-1] == (2, "Notice", "Resume?"), titles(sp)
        tap(sp, "OK")
        assert sp.top() == "SavesList"
    assert (flash / "data" / "timebomb.bad.json").read_bytes() == bad
    assert "timebomb.json" not in saves(flash)


@pytest.mark.parametrize(
    "board,lang,game,row",
    [
        # The Thumby's main menu leaves a label 7 columns (an icon and the scrollbar take two):
        # the verb alone, in every language.
        ("thumby", "en", "timebomb2", "Resume"),
        ("thumby", "fr", "timebomb2", "Reprise"),
        ("thumby", "de", "timebomb2", "Weiter"),
        # 14 columns on 128x64, 13 on the colour panel: the title, else its short form.
        ("pico-ssd1306", "en", "timebomb2", "Resume TB II"),
        ("pico-ssd1306", "en", "timebomb", "Resume T.Bomb"),
        ("pico-ssd1306", "de", "undercover", "Weiter Undrcvr"),
        ("pico-display-pack", "en", "itsabomb", "Resume Bomb!"),
    ],
)
def test_a_saved_games_row_says_it_resumes_and_fits_its_row(tmp_path, board, lang, game, row):
    # The main menu offers the save above the games: its row must not read as the game's own
    # row ("TimeBomb II" over "TimeBomb II"), and shows whole words within its room, never a
    # word cut at the edge nor a label scrolling by.
    flash = tmp_path / "flash"
    with SimProc(board=board, heap=HEAP, flash=str(flash)):
        pass  # a first boot lays the flash out
    (flash / "data" / (game + ".json")).write_bytes(game_save(game=game))
    settings = {"fusebox": 1, "data": {"lang": lang}}
    (flash / "data" / "settings.json").write_text(json.dumps(settings))
    with RecordingSim(board=board, heap=HEAP, flash=str(flash)) as sp:
        assert sp.top() == "ResumeScreen", sp.logs[-4:]
        back, _ = simcli.resolve(sp.profile, "back")
        tap(sp, back)
        assert sp.top() == "SavesList"
        frame = sp.frame
    pos = find_text(frame, row)
    assert pos is not None, (board, lang, row)
    s = 2 if frame.width >= 192 else 1
    x, y = pos
    # The first row (selected: drawn inverted, the bar lit left of the text) holds the label
    # and nothing after it up to the scrollbar: the whole label, no more.
    assert frame.pixel(x - 1, y) and y < frame.height // 3
    end = x + len(row) * 8 * s
    assert all(
        frame.pixel(px, py) for py in range(y, y + 7 * s) for px in range(end, frame.width - 3)
    )
    # The games follow (the Thumby shows a title too long for its row by its short form).
    assert has_text(frame, "T.Bomb" if board == "thumby" else "Time Bomb")
