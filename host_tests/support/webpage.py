"""The web simulator in headless Chromium for the tests: the built page, served once, and a
driver that plays it through tools/play/driver.py with real key presses.

Without chromium/chromedriver/selenium the web tests skip with one line naming what is
missing, except under CI (CI=true), where they must run: there it is a failure.
"""

import os
import time

import pytest

from tools.web import browser, build

CI = os.environ.get("CI") == "true"


def require():
    gone = browser.missing()
    if gone:
        if CI:
            pytest.fail(gone + " (CI=true: the web tests may not skip)")
        pytest.skip(gone)


@pytest.fixture(scope="session")
def web_url(tmp_path_factory):
    """The page built once into a temporary folder and served on an ephemeral port."""
    require()
    out = tmp_path_factory.mktemp("web") / "page"
    build.build(out)
    served = browser.Served(out)
    yield served.url
    served.close()


class BrowserSim:
    """What tools/play/driver.py asks of a sim (tap, press, release, wait, top, private, frame,
    logs), on the page: keys go down and up for real, waits are real time divided by the page's
    clock factor, and after each key event the driver lets the board run two passes of its loop
    (browser.Page.tap), so a key lands however loaded the machine is and the log it reads is the
    board's answer to that key."""

    def __init__(self, page, clock=1):
        self.page = page
        self.clock = clock
        self.logs = []
        self.private = False
        self.screen = ""

    # -- what the play driver reads ---------------------------------------------------------
    def _read(self):
        new = self.page.js("fusebox.logs.slice(%d)" % len(self.logs))
        for line in new:
            self.logs.append(line)
            if line.startswith("screen "):
                self.screen = line.split(" ")[2]
            elif line.startswith("private "):
                self.private = True
            elif line == "public":
                self.private = False

    def top(self):
        self._read()
        return self.screen

    @property
    def frame(self):
        return self.page.canvas_frame() if self.page.js("fusebox.ready") else None

    def _settle(self):
        self.page.settle()
        self._read()

    # -- what the play driver does-----------------------------------------------------------------
    def tap(self, name, ms=80):
        self.page.tap(name, ms / 1000 / self.clock, gap=0)
        self._read()

    def press(self, name):
        self.page.key(name, down=True)
        self._settle()

    def release(self, name):
        self.page.key(name, down=False)
        self._settle()

    def wait(self, ms):
        time.sleep(ms / 1000 / self.clock)
        self._read()
