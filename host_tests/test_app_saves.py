"""Saved games on the sim board: one save a game, offered at the top of the menus; BACK on the
resume screen keeps it; discarding asks first; an unusable save is kept for a bug report; an
older firmware's single save still loads."""

import json
import shutil
import tempfile

from host_tests.support.faults import game_save
from tools.play.driver import GROUP_ROWS, RecordingSim, open_game, step, tap

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
