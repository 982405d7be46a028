"""A power cut at every millisecond around a cut, on the emulated Pico: what the table saw is what
resumes. One Time Bomb cut is played with the flash's programs and erases logged (board.js
flash_log); a cut at each board ms from 20 ms before the press to 80 ms after the result, and one
halfway through each write, is then
replayed on the host (tools/pico/cuts.py: the flash such a cut leaves, its littlefs read by the
firmware's storage.load on the unix port, as the board's resume reads it)."""

import pytest

from host_tests.support.board import board_run, boot_to_menu, booted, patient_mpremote
from tools.firmware.flashmap import LITTLEFS
from tools.pico import cuts
from tools.pico.driver import PicoPlayer
from tools.play.driver import open_game, step

pytestmark = pytest.mark.board

SAVE = "data/timebomb.json"


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-cut-sweep")
        yield p
        p.close()


@pytest.mark.timeout(400)
def test_a_power_cut_at_any_ms_around_a_cut_resumes_what_the_table_saw(board, tmp_path):
    p = board
    board_run(p, "import os\nfor n in os.listdir('data'):\n os.remove('data/' + n)")
    boot_to_menu(p, seed=5)
    pp = PicoPlayer(p)
    open_game(pp, 0, 0, 0)
    for _ in range(40):  # the deal's looks, to the first cutter's wires
        if pp.top() == "CutScreen":
            break
        step(pp)
    assert pp.top() == "CutScreen", pp.logs[-5:]
    pp.tap("OK")  # a player
    pp.tap("OK")  # a wire: "sure?"
    p.save(tmp_path / "before.bin")  # at rest: no program or erase under way
    base = (tmp_path / "before.bin").read_bytes()
    p.flash_log(True)
    t = p.now()
    since = len(p.lines)
    press = t + 1
    p.press("OK", at=press)
    p.release("OK", at=press + 80)
    p.run(to=press + 2500)
    ops = p.flash_log(False)
    lines = p.lines[since:]
    # The log holds every write: replayed whole, it gives the flash the board has now.
    p.save(tmp_path / "after.bin")
    lo, hi = LITTLEFS
    now = (tmp_path / "after.bin").read_bytes()
    assert cuts.image_at(base, ops, (len(ops), 0))[lo:hi] == now[lo:hi]
    # When the table may first see the cut: the app names the reveal on the console before it
    # draws the build-up; and the result, before it draws it.
    seen = [ms for ms, text in lines if text.startswith("screen ") and "RevealScreen" in text]
    result = [ms for ms, text in lines if text == "result"]
    assert seen and result and ops, (lines, len(ops))
    grid = [press - 20 + i for i in range(int(result[0] - press) + 100)]
    # The writes take less than a millisecond each: a cut halfway through each one as well, so
    # every erase and program is caught under way, however few ms the writes span.
    halfway = [(op["start_ns"] + op["end_ns"]) / 2e6 for op in ops]
    times = sorted(set(grid + halfway))
    read, distinct = cuts.sweep(base, ops, times, [SAVE])
    logs = {}
    for ms in times:
        got = read[ms]
        assert "mount" not in got and "error" not in got[SAVE], (ms - press, got)
        logs[ms] = len(got[SAVE]["log"])
    before, after = logs[times[0]], logs[times[-1]]
    assert after > before  # the cut is in the save at the end
    assert set(logs.values()) == {before, after}  # never a torn or other state
    lost = [round(ms - press) for ms in times if ms >= seen[0] and logs[ms] != after]
    assert not lost, "cuts at %s ms after the press resume before the cut the table saw" % lost
    assert all(logs[ms] == before for ms in times if ms < press)
    # Each write was cut under way at least once (its halfway cut: an image no other cut leaves).
    assert distinct > len(ops), (distinct, len(ops))
    print(
        "press +%.1f ms: build-up named, +%.1f ms: result; save on flash from +%.1f ms; "
        "%d cuts, %d distinct flash images, %d writes"
        % (
            seen[0] - press,
            result[0] - press,
            min(ms for ms in times if logs[ms] == after) - press,
            len(times),
            distinct,
            len(ops),
        )
    )
