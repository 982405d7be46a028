"""The web simulator's README figures and screenshots, taken in headless Chromium.

    python -m tools.web.shots [--png docs/screens] [--loads 5]

Builds the page into a temporary folder, serves it on an ephemeral port of 127.0.0.1 and loads
it `--loads` times in fresh browsers; prints the bytes the page downloads (the sum of the
Resource Timing sizes of every request: bodies, and bodies with headers) and its time to the
first frame (performance.now() when the first frame is on the canvas, from navigation start;
median and range). With --png it writes docs/screens/web-*.png: the page with the main menu
(pico-ssd1306) and with the bomb timer counting down on the colour board (pico-display-pack).
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tools.web import browser, build

SIZES_JS = """
const all = [performance.getEntriesByType('navigation')[0]]
    .concat(performance.getEntriesByType('resource'));
return [all.length, all.reduce((s, e) => s + e.encodedBodySize, 0),
        all.reduce((s, e) => s + e.transferSize, 0)];
"""


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.web.shots", description=__doc__)
    ap.add_argument("--png", help="write web-*.png screenshots into this folder")
    ap.add_argument("--loads", type=int, default=5, help="page loads to time (default 5)")
    args = ap.parse_args(argv)
    gone = browser.missing()
    if gone:
        print(gone, file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="fusebox-web-") as d:
        sizes = build.build(Path(d) / "page")
        served = browser.Served(Path(d) / "page")
        try:
            firsts = []
            for _ in range(args.loads):
                with browser.Page(served.url, board="pico-ssd1306") as page:
                    page.wait_ready()
                    firsts.append(page.js("fusebox.firstFrameMs"))
                    n, body, wire = page.driver.execute_script(SIZES_JS)
                    agent = page.js("navigator.userAgent")
            if args.png:
                shots(served.url, Path(args.png))
        finally:
            served.close()
    print(
        "built: %d files, %d bytes (%s)"
        % (len(sizes), sum(sizes.values()), ", ".join("%s %d" % kv for kv in sizes.items()))
    )
    print("downloaded: %d requests, %d bytes of bodies, %d bytes with headers" % (n, body, wire))
    print(
        "first frame: median %.0f ms after navigation start (%d loads, %.0f-%.0f ms)"
        % (statistics.median(firsts), len(firsts), min(firsts), max(firsts))
    )
    print("browser: " + agent)
    return 0


def shots(url, folder):
    folder.mkdir(parents=True, exist_ok=True)
    with browser.Page(url, board="pico-ssd1306", seed=1) as page:
        page.wait_ready()
        page.until("the main menu", lambda: page.top() == "SavesList")
        time.sleep(0.3)
        page.shot(folder / "web-menu.png")
        print("wrote %s" % (folder / "web-menu.png"))
    with browser.Page(url, board="pico-display-pack", seed=1) as page:
        page.wait_ready()
        page.until("the main menu", lambda: page.top() == "SavesList")
        for _ in range(4):
            page.tap("down")
        page.tap("ok")
        page.until("the timer's list", lambda: page.screens()[-1] == ("ListScreen", "Bomb timer"))
        page.tap("ok")
        page.until("the timer", lambda: page.top() == "TimerScreen")
        page.hold("ok", 3.3)
        time.sleep(2.2)
        page.shot(folder / "web-timer-colour.png")
        print("wrote %s" % (folder / "web-timer-colour.png"))


if __name__ == "__main__":
    sys.exit(main())
