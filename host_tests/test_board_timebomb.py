"""A whole Time Bomb game on the emulated Pico (tools/pico/), resting on the sim's frames step by
step for the same presses and seed, and its lowest live heap against a measured floor: 5 players
in `make test`, 8 (the largest table) in `make bench BENCH=soak`. (With this seed and these
presses 5 players make the shortest game, 34 steps and 205 rests; 4 players take 76 and 422.)"""

import pytest

from host_tests.support.board import board_run, boot_to_menu, booted, patient_mpremote
from tools.pico.driver import PicoPlayer, SettledSim
from tools.play.driver import open_game, play_to_end

pytestmark = pytest.mark.board

SEED = 7
# The lowest live heap (bytes free right after a collection) measured during these games, by
# players: at 5, 132,976 (this tree); at 8, 133,440 with all of #13 in (138,720 with the packed
# boot alone; 137,456 before it). The ~5 KB went to presses answered within a frame: the SSD1306
# driver's 1 KB copy of the last frame sent (a menu move 25 -> 20 ms), the latched-edge ring and
# the stepwise scan's code. Each floor leaves ~3.4 KB for the variation of a run.
GAME_FLOOR = {5: 129_500, 8: 130_000}
PLAYERS = (5, pytest.param(8, marks=pytest.mark.soak))


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-timebomb")
        yield p
        p.close()


@pytest.fixture(scope="module", params=PLAYERS, ids=lambda n: "%dp" % n)
def timebomb(board, request):
    """The same Time Bomb game, seed and presses on the Pico and on the sim: (player, sim,
    steps, the GC table's figures, players)."""
    p, players = board, request.param
    boot_to_menu(p, seed=SEED)
    p.heap(reset=True)
    pp = PicoPlayer(p)
    open_game(pp, 0, 0, players - 4)  # Time Bomb, its first ruleset, 4 + up players
    steps = play_to_end(pp, policy=lambda i: i % 3)
    heap = p.heap()
    board_run(p, "import os\ntry: os.remove('seed.txt')\nexcept OSError: pass")
    with SettledSim(board="pico-ssd1306", heap="512k", env={"FUSEBOX_SEED": str(SEED)}) as sp:
        sp.battery(100)  # the Pico's VSYS is 5 V (USB): a full battery in the status bar
        sp.wait(10100)  # the app reads the battery every 10 s
        sp.rests.clear()
        sp.logs.clear()  # from here on, as the Pico's player (made at the menu) sees them
        open_game(sp, 0, 0, players - 4)
        play_to_end(sp, policy=lambda i: i % 3)
    print("\n%d-player game on the Pico: lowest free after a GC" % players, heap)
    return pp, sp, steps, heap, players


@pytest.mark.timeout(240)
def test_a_whole_time_bomb_game_rests_on_the_sims_frames(timebomb):
    pp, sp, steps, _, players = timebomb
    assert pp.top() == "EndScreen" and steps > 2 * players
    assert [t.lstrip("> ") for t in pp.logs] == sp.logs  # the same screens, looks and cuts
    assert len(pp.rests) == len(sp.rests) > 18 * players
    for i, (a, b) in enumerate(zip(pp.rests, sp.rests, strict=True)):
        assert a == b, "step %d: the Pico's frame differs from the sim's" % i


@pytest.mark.timeout(240)
def test_lowest_live_heap_during_the_time_bomb_game_stays_above_its_floor(timebomb):
    _, _, _, heap, players = timebomb
    assert heap is not None and heap["count"] >= 5, heap
    assert heap["min"] >= GAME_FLOOR[players], heap
