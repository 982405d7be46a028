"""Rulesets given to the page (the file picker; a drop runs the same code) land in the board's
rulesets/, the board restarts and its own catalog checks them: a valid variant is listed, a
broken one is marked and tells why, and both are still there after a reload."""

import json
from pathlib import Path

from host_tests.support.frametext import has_text
from host_tests.support.webpage import web_url  # noqa: F401 (a fixture)
from tools.web import browser

ROOT = Path(__file__).resolve().parents[1]


def test_dropped_rulesets_appear_on_the_device_checked_as_on_a_board(web_url, tmp_path):  # noqa: F811
    official = json.loads((ROOT / "firmware" / "rulesets" / "timebomb.json").read_text())
    short = dict(official, name="Short fuse", rounds=2)
    bad = dict(official, name="Bad fuse", rounds=0)
    (tmp_path / "timebomb-short.json").write_text(json.dumps(short))
    (tmp_path / "timebomb-bad.json").write_text(json.dumps(bad))
    with browser.Page(web_url, board="pico-ssd1306", seed=1) as page:
        page.wait_ready()
        page.driver.find_element("id", "files").send_keys(
            "%s\n%s" % (tmp_path / "timebomb-short.json", tmp_path / "timebomb-bad.json")
        )
        page.wait_ready(boots=2)  # the board restarted to read its rulesets
        for reload in (False, True):
            if reload:
                page.driver.refresh()
                page.wait_ready()
            page.until("the main menu", lambda: page.top() == "SavesList")
            page.tap("OK")  # Time Bomb's rulesets
            page.until("the list", lambda: page.screens()[-1] == ("SavesList", "Time Bomb"))
            frame = page.until(
                "the variant",
                lambda: has_text(page.canvas_frame(), "Short fuse") and page.canvas_frame(),
            )
            assert has_text(frame, "Time Bomb")  # the official one is still there
            page.tap("OK")  # the first row, by file name: the broken one
            page.until("the reason", lambda: page.top() == "Notice")
            assert has_text(
                page.canvas_frame(), "rounds"
            )  # "timebomb-bad.json: rounds: must be 1..5"
        keys = page.js("Object.keys(localStorage)")
        assert "fusebox/pico-ssd1306/rulesets/timebomb-short.json" in keys
