"""The Thumby profile (boards/thumby.json) on the real rp2 firmware: its own Fusebox UF2 on the
emulated Pico with its 72x40 SSD1306 on SPI0 (SCK GP18, MOSI GP19, D/C GP17, CS GP16, reset
GP20) and its d-pad and A/B on their GPIOs. It boots to the main menu, that frame equal to the
sim's; a short Time Bomb deal and cut by A and the d-pad rests on the sim's frames step by step;
the live heap at the menu and in the game stays above floors measured here."""

import pytest

from host_tests.support.profile_run import on_pico, on_sim, rest_mismatches

pytestmark = pytest.mark.board

BOARD = "thumby"
# The live heap measured here (this tree, the profile's own UF2): 216,896 B free at the menu after
# the idle collection (largest block 213,280 B), 205,664 B lowest in the game; ~4 KB under each.
# (On stock MicroPython with a deploy, before #25: about 46 KB less at the menu.)
MENU_FLOOR = 212_500
GAME_FLOOR = 201_500


@pytest.fixture(scope="module")
def pico(tmp_path_factory):
    out = on_pico(tmp_path_factory, BOARD)
    yield out
    out["pico"].close()


@pytest.fixture(scope="module")
def sim():
    return on_sim(BOARD, battery=False)


@pytest.mark.timeout(600)
def test_boots_to_the_main_menu_drawn_on_the_spi_panel_as_the_sim_draws_it(pico, sim):
    assert any(t.lstrip("> ").startswith("screen 1 SavesList") for t in pico["menu_lines"])
    menu = pico["menu"]
    assert (menu.width, menu.height, menu.fmt) == (72, 40, "mono_vlsb")
    assert any(bytes(menu)), "the display shows nothing"
    assert bytes(menu) == sim[0]


@pytest.mark.timeout(600)
def test_a_time_bomb_deal_and_cut_by_the_thumbys_buttons_rests_on_the_sims_frames(pico, sim):
    pp, sp = pico["player"], sim[1]
    assert any(t.startswith("ev cut ") for t in sp.logs), sp.logs[-8:]
    assert [t.lstrip("> ") for t in pp.logs] == sp.logs  # the same screens, looks and cuts
    assert len(pp.rests) == len(sp.rests) > 20
    assert rest_mismatches(pp, sp) == []


@pytest.mark.timeout(600)
def test_the_live_heap_at_the_menu_and_in_the_game_stays_above_its_floors(pico):
    menu, game = pico["menu_heap"], pico["game_heap"]
    print("\nthumby heap: menu %s, game %s" % (menu, game))
    assert menu and menu["t"] > pico["t_reset"] and game and game["count"] >= 1, (menu, game)
    assert menu["last"] >= MENU_FLOOR, menu
    assert game["min"] >= GAME_FLOOR, game
