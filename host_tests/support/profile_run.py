"""One MicroPython board profile on the emulated Pico against its sim, for test_board_<board>.py:
the profile's own Fusebox UF2 (tools/firmware/build.py) alone on a blank flash of a Pico wired as
the profile says, booted to the
main menu; the live heap at the menu; a short Time Bomb deal and a few steps of play by the
board's own GPIO buttons; the same on the sim with the same seed and presses."""

from host_tests.support.board import boot_to_menu, booted, patient_mpremote
from tools import pico as emulated
from tools.pico.driver import PicoPlayer, SettledSim
from tools.play.driver import open_game, pass_around, step
from tools.sim.frames import as_panel

SEED = 7
PLAYERS_UP = 0  # Time Bomb's fewest seats: the shortest deal to pass around
CUTS = 3  # steps of play after the deal (a cut, its reveal, the next cut...)
MENU_MS = 10100  # board ms at the menu before its frame is taken (the sim waits as long)


def short_game(sp):
    """Open Time Bomb (first ruleset, fewest seats), pass the deal round, play CUTS steps."""
    open_game(sp, 0, 0, PLAYERS_UP)
    while sp.top() == "PassScreen":
        pass_around(sp)
    for _ in range(CUTS):
        step(sp)


def on_pico(tmp_path_factory, board):
    """The board's run on the emulated Pico: {"pico" (still open: the caller closes it),
    "menu" (the panel at the menu, MENU_MS after the reset), "menu_heap" (the GC table after
    the last collection there: the idle one, board ms "t" after "t_reset"),
    "player" (the PicoPlayer of the short game), "game_heap", "t0" (board ms at the game's
    start)}."""
    with patient_mpremote():
        p = booted(tmp_path_factory, "pico-" + board, firmware=emulated.FUSEBOX, board=board)
        try:
            t_reset = p.now()
            boot_to_menu(p, seed=SEED)
            # The app collects after 2 s without input (firmware/app.py _IDLE_GC_MS); a label
            # too long for its row (the Thumby's 9 columns) has scrolled once and come back by
            # 10 s, when the sim's menu is taken too.
            p.run(MENU_MS)
            out = {"pico": p, "menu": p.frame(), "menu_lines": [t for _, t in p.lines]}
            out["menu_heap"], out["t_reset"] = p.heap(), t_reset
            p.heap(reset=True)
            out["t0"] = p.now()
            pp = PicoPlayer(p)
            short_game(pp)
            out["player"] = pp
            out["game_heap"] = p.heap()
        except BaseException:
            p.close()
            raise
    return out


def on_sim(board, battery):
    """The same on the sim: (the menu as the panel shows it, the SettledSim after the game)."""
    with SettledSim(board=board, heap="512k", env={"FUSEBOX_SEED": str(SEED)}) as sp:
        if battery:
            sp.battery(100)  # the Pico's VSYS is 5 V (USB): a full battery in the status bar
        sp.wait(MENU_MS)  # the app reads the battery every 10 s
        menu = as_panel(sp.frame)
        sp.rests.clear()
        sp.logs.clear()  # from here on, as the Pico's player (made at the menu) sees them
        short_game(sp)
        return menu, sp


def rest_mismatches(pp, sp):
    """The step numbers where the Pico's frame at rest differs from the sim's."""
    return [i for i, (a, b) in enumerate(zip(pp.rests, sp.rests, strict=True)) if a != b]
