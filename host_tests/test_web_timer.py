"""The bomb timer in headless Chromium with real holds: a 1.5 s hold of OK does not arm it, a
3.3 s one does; a wrong code (typed with the on-screen buttons, pointer down and up) is a strike
that costs time, and the right code defuses it."""

import json
import math
import time

from host_tests.support.frametext import has_text
from host_tests.support.webpage import web_url  # noqa: F401 (a fixture)
from tools.web import browser

TICK_HZ = 3000  # firmware/buzzer.py TICK: the countdown's tick, once it is armed
STRIKE_HZ = 900
DEFUSED_HZ = (1047, 1319, 1568, 2093)
SYMS = {"up": 0, "down": 1, "left": 2, "right": 3, "ok": 4, "back": 5}
SAVE = "fusebox/pico-ssd1306/data/timer.json"


def tones(page, freq):
    return [t for t in page.js("fusebox.tones") if t[1] == freq]


def push(page, name, times=1):
    """The on-screen button, by pointer: down, 100 ms, up (as a finger on a phone)."""
    for _ in range(times):
        page.press_button(name, 0.1)
        time.sleep(0.07)  # a finger lifts for longer than the firmware's debounce


def pick_code(page, code, start_sym=4):
    """The 4-button picker: DOWN moves the symbol on, OK enters it."""
    cur = start_sym
    for name in code:
        s = SYMS[name]
        push(page, "DOWN", (s - cur) % 6)
        push(page, "OK")
        cur = s


def saved(page):
    raw = page.js("localStorage.getItem('%s')" % SAVE)
    if raw is None:
        return None
    import base64

    return json.loads(base64.b64decode(raw))["data"]


def test_a_real_hold_arms_the_timer_a_wrong_code_strikes_and_the_right_one_defuses(web_url):  # noqa: F811
    with browser.Page(web_url, board="pico-ssd1306", seed=1) as page:
        page.wait_ready()
        page.until("the main menu", lambda: page.top() == "SavesList")
        assert page.js("fusebox.audio") == "off"  # browsers allow sound after a gesture only
        for _ in range(4):
            page.tap("DOWN")
        page.tap("OK")
        page.until("the timer's list", lambda: page.screens()[-1] == ("ListScreen", "Bomb timer"))
        page.tap("OK")  # Classic 5:00
        page.until("the timer", lambda: page.top() == "TimerScreen")

        page.hold("OK", 1.5)  # half of arm_ms: let go too early, nothing happens
        time.sleep(1.2)
        assert not tones(page, TICK_HZ)
        page.hold("OK", 3.3)  # a real 3.3 s key down, then key up
        page.until("the countdown's ticks", lambda: tones(page, TICK_HZ), timeout=5)
        page.until("the armed timer's save", lambda: saved(page))
        before = saved(page)["prop"]["countdown"]["left"]

        pick_code(page, ["ok"] * 6)  # wrong: a strike costs 30 s
        page.until("the strike's sound", lambda: tones(page, STRIKE_HZ), timeout=5)
        page.until("Wrong!", lambda: has_text(page.canvas_frame(), "Wrong!"), timeout=5)
        after = saved(page)["prop"]
        assert after["strikes"] == 1
        assert before - after["countdown"]["left"] >= 30000
        page.until("1/3 strikes", lambda: has_text(page.canvas_frame(), "1/3"), timeout=5)

        pick_code(page, ["up", "up", "down", "down", "left", "right"], 4)
        page.until("DEFUSED", lambda: has_text(page.canvas_frame(), "DEFUSED"), timeout=5)
        assert any(t[1] in DEFUSED_HZ for t in page.js("fusebox.tones"))
        # The keys switched the sound on: the oscillator played the strike, loud as its duty.
        assert page.js("fusebox.audio") in ("running", "suspended")
        heard = page.js("fusebox.heard")
        duty = [d for (_t, f, d) in page.js("fusebox.tones") if f == STRIKE_HZ][0]
        level = 0.25 * math.sin(math.pi * duty / 65536)
        assert any(f == STRIKE_HZ and abs(g - level) < 1e-6 for f, g in heard), heard[-10:]
        page.until("the save gone", lambda: saved(page) is None)
        assert not [line for line in page.logs() if line.startswith(("error", "err "))]


def test_the_wire_toggles_are_the_props_wires(web_url):  # noqa: F811
    # The board's clock runs 3 times as fast here (the page's clock=3): a 1.1 s hold is 3.3 s.
    with browser.Page(web_url, board="pico-ssd1306", seed=1, clock=3) as page:
        page.wait_ready()
        page.until("the main menu", lambda: page.top() == "SavesList")
        for _ in range(4):
            page.tap("DOWN")
        page.tap("OK")
        page.until("the timer's list", lambda: page.screens()[-1] == ("ListScreen", "Bomb timer"))
        for _ in range(3):
            page.tap("DOWN")
        page.tap("OK")  # Wired 3:00: four wires, one of them defuses
        page.until("the timer", lambda: page.screens()[-1] == ("TimerScreen", "Wired 3:00"))

        def wire(i):
            page.driver.find_element("css selector", '#wires input[data-wire="%d"]' % i).click()
            page.settle()

        wire(1)  # cut before arming: the timer refuses to arm
        page.key("OK", down=True)
        page.until("Join wires", lambda: has_text(page.canvas_frame(), "Join wires"), timeout=5)
        page.key("OK", down=False)
        wire(1)  # joined again
        time.sleep(0.6)
        page.hold("OK", 1.1)
        page.until("armed", lambda: saved(page) and saved(page)["prop"]["phase"] == "running")
        wire(0)  # the wrong wire: a strike
        page.until("a strike", lambda: saved(page)["prop"]["strikes"] == 1, timeout=5)
        wire(2)  # the right one
        page.until("DEFUSED", lambda: has_text(page.canvas_frame(), "DEFUSED"), timeout=5)
