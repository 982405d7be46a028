"""The pico-display-pack profile (boards/pico-display-pack.json) on the real rp2 firmware: its own
Fusebox UF2 (MicroPython v1.28.0, the app frozen in) on the emulated Pico with the Pimoroni Pico
Display Pack's ST7789 240x135 on SPI0 (SCK GP18, MOSI GP19, D/C GP16, CS GP17, backlight PWM
GP20) at 62.5 MHz, its A/B/X/Y buttons on GP12-15 and its RGB LED (active low) on GP6-8. It
boots to the main menu, the panel's RGB565 equal to the sim's palette frame converted as the
driver converts it; a short Time Bomb deal and cut by A/B/X/Y rests on the sim's frames step by
step; the LED lights only with the app's public sounds, the same for every seat's private look;
the live heap at the menu and in the game stays above floors measured here."""

import ast

import pytest

from host_tests.support.profile_run import on_pico, on_sim, rest_mismatches
from tools.runtimes import ROOT

pytestmark = pytest.mark.board

BOARD = "pico-display-pack"
# The live heap measured here (this tree, the profile's own UF2): 196,912 B free at the menu after
# the idle collection (largest block 182,080 B), 183,744 B lowest in the game; ~4 KB under each.
# (On stock MicroPython with a deploy, before #25: about 46 KB less at the menu.)
# (About 26 KB less than the OLED boards: the 16,200 B palette frame, the 3,840 B RGB565 strip
# and the driver; the game's largest free block fell to 29 KB.)
MENU_FLOOR = 192_500
GAME_FLOOR = 179_500
OFF = (0, 0, 0)


def app_lights():
    """{sound: (r, g, b)} of firmware/app.py's _LIGHTS, the lights that follow sounds."""
    tree = ast.parse((ROOT / "firmware" / "app.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and node.targets[0].id == "_LIGHTS":
            return {k: v[:3] for k, v in ast.literal_eval(node.value).items()}
    raise AssertionError("no _LIGHTS in firmware/app.py")


@pytest.fixture(scope="module")
def pico(tmp_path_factory):
    out = on_pico(tmp_path_factory, BOARD)
    p = out["pico"]
    out["led"] = [e for e in p.led() if e[0] >= out["t0"]]
    out["tones"] = [t for t, f, _ in p.buzzer() if t >= out["t0"] and f > 0]
    said = [(t, x.lstrip("> ")) for t, x in p.lines if t >= out["t0"]]
    out["looks"] = [t for t, x in said if x.startswith("private ")]
    out["info"] = p.frame_info()
    yield out
    p.close()


@pytest.fixture(scope="module")
def sim():
    return on_sim(BOARD, battery=True)


@pytest.mark.timeout(600)
def test_boots_to_the_main_menu_in_rgb565_as_the_sim_draws_it(pico, sim):
    assert any(t.lstrip("> ").startswith("screen 1 SavesList") for t in pico["menu_lines"])
    menu = pico["menu"]
    assert (menu.width, menu.height, menu.fmt, len(bytes(menu))) == (240, 135, "rgb565", 64800)
    assert any(bytes(menu)), "the display shows nothing"
    info = pico["info"]  # awake, on, inverted as the IPS glass needs, 16-bit pixels, backlit
    assert (info["on"], info["invert"], info["colmod"] & 7) == (True, True, 5), info
    assert info["backlight"] > 0, info
    assert bytes(menu) == sim[0]


@pytest.mark.timeout(600)
def test_a_time_bomb_deal_and_cut_by_a_b_x_y_rests_on_the_sims_frames(pico, sim):
    pp, sp = pico["player"], sim[1]
    assert any(t.startswith("ev cut ") for t in sp.logs), sp.logs[-8:]
    assert [t.lstrip("> ") for t in pp.logs] == sp.logs  # the same screens, looks and cuts
    assert len(pp.rests) == len(sp.rests) > 20
    assert rest_mismatches(pp, sp) == []


@pytest.mark.timeout(600)
def test_the_led_lights_only_with_public_sounds_and_alike_for_every_look(pico):
    led, tones, looks = pico["led"], pico["tones"], pico["looks"]
    lit = [(t, rgb) for t, rgb in led if rgb != OFF]
    assert len(looks) == 4 and lit, (looks, led[:6])
    # Only the app's lights, each one coming on with a sound (the buzzer's tone starts within
    # the same loop step: the privacy rule lets sounds, and so lights, depend on no secret).
    assert {rgb for _, rgb in lit} <= set(app_lights().values()), lit
    for t, rgb in lit:
        assert any(abs(t - s) <= 5 for s in tones), ("a light without a sound", t, rgb)
    # Every private look (a seat holding OK) lights the same: the look's tick and the hide's tock.
    per_look = []
    for i, t in enumerate(looks):
        end = looks[i + 1] if i + 1 < len(looks) else t + 2000
        per_look.append([rgb for s, rgb in led if t - 1 <= s < end])
    assert all(seq == per_look[0] for seq in per_look), per_look
    assert per_look[0] == [app_lights()["tick"], OFF, app_lights()["tock"], OFF], per_look[0]


@pytest.mark.timeout(600)
def test_the_live_heap_at_the_menu_and_in_the_game_stays_above_its_floors(pico):
    menu, game = pico["menu_heap"], pico["game_heap"]
    print("\npico-display-pack heap: menu %s, game %s" % (menu, game))
    assert menu and menu["t"] > pico["t_reset"] and game and game["count"] >= 1, (menu, game)
    assert menu["last"] >= MENU_FLOOR, menu
    assert game["min"] >= GAME_FLOOR, game
