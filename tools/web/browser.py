"""The built page in headless Chromium, driven with selenium: for the tests and the README shots.

    with Page(folder, board="pico-ssd1306", seed=1) as page:
        page.wait_ready()
        page.tap("OK"); page.hold("OK", 3.3)      # real key down / key up, real durations
        frame = page.canvas_frame()               # tools.sim.frames.Frame read back off the canvas
        page.shot("docs/screens/web-menu.png")

Chromium is Debian's `chromium` with the system `chromedriver` (packages chromium and
chromium-driver); missing() names what is not installed. The page is served from a thread on an
ephemeral port of 127.0.0.1 and every browser gets a fresh profile folder, removed at close().
"""

import base64
import io
import shutil
import tempfile
import threading
import time
from urllib.parse import urlencode

from tools.sim.frames import RGB, Frame
from tools.web import build

CHROMIUM = ("chromium", "chromium-browser")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
# Key per logical button, as the page maps them (tools/web/page/fusebox.js KEYS).
KEYS = {
    "up": "\ue013",
    "down": "\ue015",
    "left": "\ue012",
    "right": "\ue014",
    "ok": "\ue007",
    "back": "\ue00c",
}


def chromium():
    for name in CHROMIUM:
        path = shutil.which(name)
        if path:
            return path
    return None


def missing():
    """None when the tests can run, else one line naming what is missing."""
    gone = []
    if not chromium():
        gone.append("chromium (apt-get install chromium)")
    if not shutil.which("chromedriver"):
        gone.append("chromedriver (apt-get install chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        gone.append("selenium (pip install -e '.[dev]')")
    if not shutil.which("npm") and not (build.HERE / "node_modules").exists():
        gone.append("npm (Node.js)")
    return "web tests need " + ", ".join(gone) if gone else None


# One round trip: resolves once the loop has run arguments[0] more passes (false if it stopped).
SETTLE_JS = """
const done = arguments[arguments.length - 1];
const want = fusebox.steps + arguments[0];
(function check() {
  if (fusebox.stopped) done(false);
  else if (fusebox.steps >= want) done(true);
  else setTimeout(check, 1);
})();
"""


class Served:
    """The built folder on an ephemeral port of 127.0.0.1, from a thread."""

    def __init__(self, folder):
        self.httpd = _ephemeral(folder)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def _ephemeral(folder):
    import http.server

    def handler(*args, **kwargs):
        return build.Handler(*args, directory=str(folder), **kwargs)

    return http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)


def driver(width=700, height=900):
    """A headless Chromium under selenium with a fresh profile folder (driver.profile_dir)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="fusebox-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium()
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument("--user-data-dir=" + profile)
    opts.add_argument("--window-size=%d,%d" % (width, height))
    service = Service(executable_path=shutil.which("chromedriver"))
    try:
        d = webdriver.Chrome(options=opts, service=service)
    except Exception:
        shutil.rmtree(profile, ignore_errors=True)
        raise
    d.profile_dir = profile
    d.set_script_timeout(30)
    return d


class Page:
    """One browser on the page; query: board, seed, clock (the page's URL parameters)."""

    def __init__(self, url, timeout=30.0, **query):
        self.base = url
        self.timeout = timeout
        self.driver = driver()
        self.open(**query)

    def open(self, **query):
        self.query = {k: v for k, v in query.items() if v is not None}
        self.driver.get(self.base + ("?" + urlencode(self.query) if self.query else ""))

    def close(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.driver.profile_dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- reading the page ----------------------------------------------------------------------
    def js(self, expr):
        return self.driver.execute_script("return " + expr)

    def until(self, what, cond, timeout=None):
        """Poll cond() until it is true; AssertionError naming `what` and the last logs."""
        end = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < end:
            got = cond()
            if got:
                return got
            if self.js("window.fusebox && fusebox.error"):
                break
            time.sleep(0.02)
        raise AssertionError(
            "%s: not after %.0f s (error %r, last logs %r)"
            % (
                what,
                timeout or self.timeout,
                self.js("window.fusebox && fusebox.error"),
                self.logs()[-8:],
            )
        )

    def wait_ready(self, boots=1):
        self.until(
            "first frame",
            lambda: self.js("!!window.fusebox && fusebox.ready && fusebox.boots >= %d" % boots),
        )

    def logs(self):
        return self.js("window.fusebox && fusebox.logs") or []

    def screens(self):
        """(class name, title) of every `screen` log line, in order."""
        out = []
        for line in self.logs():
            if line.startswith("screen "):
                words = line.split(" ", 3)
                out.append((words[2], words[3] if len(words) > 3 else ""))
        return out

    def top(self):
        s = self.screens()
        return s[-1][0] if s else ""

    def profile(self):
        return self.js("fusebox.profile")

    def canvas_frame(self):
        """The canvas read back as a Frame: one sample per display pixel, mono lit/unlit or the
        nearest palette colour, so it compares with the sim's frames and golden PNGs."""
        from PIL import Image

        url = self.js("document.getElementById('screen').toDataURL('image/png')")
        img = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).convert("RGB")
        disp = self.profile()["display"]
        w, h = disp["width"], disp["height"]
        scale = img.size[0] // w
        assert img.size == (w * scale, h * scale), "canvas %r for %dx%d" % (img.size, w, h)
        px = img.load()
        if disp["colour"]:
            index = {}
            for i, c in enumerate(RGB):
                index.setdefault(tuple(c), i)  # 11..15 are spare whites: white is 1
            data = bytearray((w + 1) // 2 * h)
            for y in range(h):
                for x in range(w):
                    c = px[x * scale + scale // 2, y * scale + scale // 2]
                    i = index[c]
                    data[y * ((w + 1) // 2) + x // 2] |= i << 4 if x % 2 == 0 else i
            return Frame(w, h, "gs4_hmsb", bytes(data))
        data = bytearray(w * ((h + 7) // 8))
        for y in range(h):
            for x in range(w):
                if sum(px[x * scale + scale // 2, y * scale + scale // 2]) > 3 * 128:
                    data[(y >> 3) * w + x] |= 1 << (y & 7)
        return Frame(w, h, "mono_vlsb", bytes(data))

    def shot(self, path, element="main"):
        from selenium.webdriver.common.by import By

        self.driver.find_element(By.TAG_NAME, element).screenshot(str(path))

    # -- input: real key and pointer events -----------------------------------------------------
    def key_for(self, name):
        """The keyboard key of a physical button (its letter) or a logical one (arrows...)."""
        prof = self.profile()
        names = [b["name"] for b in prof["buttons"]]
        if name in names:
            if len(name) == 1:
                return name.lower()
            name = prof["keymap"][name][0]
        return KEYS[name]

    def hold(self, name, seconds):
        """Key down, `seconds` of real time, key up (chromedriver times the pause)."""
        from selenium.webdriver.common.action_chains import ActionChains

        key = self.key_for(name)
        ActionChains(self.driver, duration=0).key_down(key).pause(seconds).key_up(key).perform()

    def key(self, name, down):
        """Only the key down (down=True) or only the key up: a hold as long as the caller likes."""
        from selenium.webdriver.common.action_chains import ActionChains

        chain = ActionChains(self.driver, duration=0)
        key = self.key_for(name)
        (chain.key_down(key) if down else chain.key_up(key)).perform()

    def settle(self, passes=2):
        """Wait until the firmware's loop has run `passes` more times: what came before (a key
        event) has been polled, whatever the load on the machine."""
        ok = self.driver.execute_async_script(SETTLE_JS, passes)
        if not ok:
            raise AssertionError("the page stopped: %r" % self.js("fusebox.error"))

    def tap(self, name, seconds=0.08, gap=0.07):
        """A short press: key down, at least two passes of the loop and `seconds`, key up, two
        passes, then `gap` of nothing (a press that follows a release sooner than the firmware's
        debounce is a bounce of the same press). The passes make a tap land on a loaded
        machine, where a renderer that is late could otherwise see the key go down and up
        between two polls."""
        end = time.monotonic() + seconds
        self.key(name, down=True)
        self.settle()
        time.sleep(max(0.0, end - time.monotonic()))
        self.key(name, down=False)
        self.settle()
        time.sleep(gap)

    def press_button(self, name, seconds=0.1):
        """The on-screen button, held with the pointer (pointerdown, pause, pointerup), with the
        same loop passes as tap()."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        el = self.driver.find_element(By.CSS_SELECTOR, '#buttons [data-button="%s"]' % name)
        end = time.monotonic() + seconds
        ActionChains(self.driver, duration=0).click_and_hold(el).perform()
        self.settle()
        time.sleep(max(0.0, end - time.monotonic()))
        ActionChains(self.driver, duration=0).release().perform()
        self.settle()
