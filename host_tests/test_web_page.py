"""The web simulator in headless Chromium: the page loads with every asset from its own folder,
and its canvas shows the main menu pixel for pixel as the sim's golden frame, on every display."""

from pathlib import Path

import pytest
from PIL import Image

from host_tests.support.webpage import web_url  # noqa: F401 (a fixture)
from tools.sim.frames import frame_to_image
from tools.web import browser

GOLDEN = Path(__file__).resolve().parent / "golden"
BOARDS = Path(__file__).resolve().parents[1] / "boards"
SETTINGS = "fusebox/pico-ssd1306/data/settings.json"  # firmware/settings.py PATH, per board


@pytest.fixture(scope="module")
def page(web_url):  # noqa: F811
    """One browser for this module's tests (a Chromium start costs seconds); each test opens
    the page afresh with its own URL."""
    with browser.Page(web_url, seed=1) as p:
        yield p


def golden_pixels(board, shot):
    img = Image.open(GOLDEN / board / (shot + ".png")).convert("RGB")
    return img.size, img.tobytes()


@pytest.mark.parametrize("board", ["pico-ssd1306", "thumby", "pico-display-pack"])
def test_the_canvas_shows_the_main_menu_of_the_golden_frame(board, page, web_url):  # noqa: F811
    page.open(board=board, seed=1)
    page.wait_ready()
    page.until("the main menu", lambda: page.top() == "SavesList")
    prof = page.profile()["display"]
    w, h = page.js("(c => [c.width, c.height])(document.getElementById('screen'))")
    assert w * prof["height"] == h * prof["width"]  # the board's aspect, a whole scale
    assert w % prof["width"] == 0 and w > prof["width"]
    img = frame_to_image(page.canvas_frame(), scale=4)
    assert (img.size, img.tobytes()) == golden_pixels(board, "menu")
    # Everything came from the page's own folder: nothing from a CDN, offline-ready.
    urls = page.js("performance.getEntriesByType('resource').map(e => e.name)")
    assert urls and all(u.startswith(web_url) for u in urls), urls
    assert {u.rsplit("/", 1)[1] for u in urls} >= {"micropython.wasm", "flash.bin"}
    assert not page.js("fusebox.error")


def test_every_board_profile_is_in_the_picker(page):
    page.driver.execute_script("localStorage.clear()")  # no board picked before
    page.open(seed=1)
    page.wait_ready()
    names = page.js("[...document.querySelectorAll('#board option')].map(o => o.value)")
    assert sorted(names) == sorted(p.stem for p in BOARDS.glob("*.json"))
    assert page.js("fusebox.board") == "pico-ssd1306"  # the default board comes first
    labels = page.js(
        "[...document.querySelectorAll('#buttons button')].map(b => b.dataset.button)"
    )
    assert labels == ["UP", "DOWN", "OK", "BACK"]
    assert page.js("document.querySelectorAll('#wires input').length") == 4


def test_a_changed_setting_survives_a_reload(page):
    page.driver.execute_script("localStorage.clear()")
    page.open(board="pico-ssd1306", seed=1)
    page.wait_ready()
    page.until("the main menu", lambda: page.top() == "SavesList")
    before = page.js("document.getElementById('screen').style.filter")
    for _ in range(5):
        page.tap("DOWN")
    page.tap("OK")
    page.until("the settings", lambda: page.top() == "SettingsScreen")
    page.tap("DOWN")
    page.tap("DOWN")
    page.tap("OK")  # brightness one step on (it wraps at the top)
    changed = page.js("document.getElementById('screen').style.filter")
    assert changed != before  # the firmware's contrast() dims or brightens the canvas
    page.tap("BACK")  # leaving the settings saves them
    page.until("the save", lambda: page.js("localStorage.getItem('%s')" % SETTINGS))
    page.driver.refresh()
    page.wait_ready()
    page.until("the main menu", lambda: page.top() == "SavesList")
    assert page.js("document.getElementById('screen').style.filter") == changed
