"""Time Bomb in headless Chromium: a whole 4-player game played to the end with real key
presses, and a saved game that survives a reload of the page and the Reset button."""

from host_tests.support.webpage import BrowserSim, web_url  # noqa: F401 (a fixture)
from tools.play.driver import RecordingSim, open_game, play_to_end, step
from tools.web import browser

# These games run the board's clock three times as fast (the page's clock=3; the driver divides
# its waits by the same factor), so four players take about 30 s instead of 65 s. The timer's
# holds (test_web_timer.py) run at the real clock.
CLOCK = 3


def events(sim):
    return [line for line in sim.logs if line.startswith(("ev ", "seen "))]


def test_a_four_player_game_plays_to_the_end(web_url):  # noqa: F811
    with browser.Page(web_url, board="pico-ssd1306", seed=11, clock=CLOCK) as page:
        page.wait_ready()
        sim = BrowserSim(page, CLOCK)
        page.until("the main menu", lambda: sim.top() == "SavesList")
        open_game(sim, 0, 0, 0)  # Time Bomb, the official rules, 4 players (the fewest)
        assert sim.top() == "PassScreen"
        play_to_end(sim, limit=200)
        evs = events(sim)
        assert sum(1 for e in evs if e.startswith("seen ")) >= 4
        assert evs[-1].startswith("ev win ")
        assert sim.top() == "EndScreen"
        assert not [line for line in sim.logs if line.startswith(("error", "err "))]


def reference(seed, cuts):
    """The events of the same seed on the terminal sim's board, played by the same driver up to
    the cut numbered `cuts`: the page must deal and play exactly that game."""
    with RecordingSim(board="pico-ssd1306", heap="512k", env={"FUSEBOX_SEED": str(seed)}) as sim:
        open_game(sim, 0, 0, 0)
        while sum(1 for e in events(sim) if e.startswith("ev cut")) < cuts:
            step(sim)
        return events(sim)


def test_a_reload_and_a_reset_resume_the_saved_game(web_url):  # noqa: F811
    want = reference(21, 3)
    with browser.Page(web_url, board="pico-ssd1306", seed=21, clock=CLOCK) as page:
        page.wait_ready()
        sim = BrowserSim(page, CLOCK)
        page.until("the main menu", lambda: sim.top() == "SavesList")
        open_game(sim, 0, 0, 0)
        while not any(e.startswith("ev cut") for e in events(sim)):
            step(sim)
        played = events(sim)
        assert played == want[: len(played)]  # the page deals and plays as the sim board does
        assert page.js("localStorage.getItem('fusebox/pico-ssd1306/data/timebomb.json')")

        page.driver.refresh()  # the tab reloads: a new MicroPython, the flash from localStorage
        page.wait_ready()
        sim = BrowserSim(page, CLOCK)
        page.until("the resume prompt", lambda: sim.top() == "ResumeScreen")
        sim.tap("OK")
        sim.wait(300)
        assert sim.top() not in ("SavesList", "ResumeScreen"), sim.logs[-5:]
        while not any(e.startswith("ev cut") for e in events(sim)):
            step(sim)
        played += events(sim)

        page.driver.find_element("id", "reset").click()  # a power cut, then power on
        page.wait_ready(boots=2)
        sim = BrowserSim(page, CLOCK)
        sim.logs = page.logs()[: page.logs().index("boot 2 pico-ssd1306")]  # only boot 2's
        sim.screen = ""
        page.until("the resume prompt after the reset", lambda: sim.top() == "ResumeScreen")
        sim.tap("OK")
        sim.wait(300)
        before = len(events(sim))
        while not any(e.startswith("ev cut") for e in events(sim)[before:]):
            step(sim)
        played += events(sim)[before:]
        # Across a reload and a power cut, the game went on exactly as without them.
        assert played == want[: len(played)]
        assert sum(1 for e in played if e.startswith("ev cut")) == 3
