"""The device app: one cooperative loop feeding button events to a screen stack, never blocking."""

import gc
import os
import sys

from core import const, games
from firmware import buttons as B
from firmware import buzzer, catalog, storage, strings
from firmware.screens import menu
from firmware.settings import Settings
from firmware.ui import widgets
from firmware.ui.layout import Layout
from firmware.ui.stack import Stack
from firmware.ui.text import Text

# The loop's sleep per step: short while a sound plays (tone lengths), medium while a button is
# down or a screen animates (holds, countdown), long when idle (saves battery). A board's
# hw.wait_ms polls the pins every few ms meanwhile and ends the wait at a change, so a press
# lands at once; elsewhere (the sim) a press lands within 40 ms, then the 20 ms debounce.
_STEP_SOUND_MS = const(10)
_STEP_LIVE_MS = const(20)
_STEP_IDLE_MS = const(40)
# On a board, `python -m tools figures` writes this file: the app then records its figures.
_FIGURES_FLAG = "figures.on"
# The battery is read rarely: ADC reads are slow-ish and the level moves slowly.
_BATTERY_MS = const(10000)
_MAX_ERROR_STREAK = const(5)
# After this long with nothing to do, collect garbage (a quiet moment).
_IDLE_GC_MS = const(2000)
# Screen sleep: after settings.sleep seconds with no press, no wire moved and nothing on screen
# that must stay lit (Screen.keeps_awake: a countdown, a real-time clock, a build-up), the
# display dims to this contrast, and turns off _OFF_AFTER_MS later (an OLED left lit at the
# table burns in and drains the battery). The press that wakes it does nothing else. While it
# is dark the loop sleeps longer a step (hw.wait_ms still ends at a pin change).
_DIM_LEVEL = const(8)
_OFF_AFTER_MS = const(30000)
_STEP_DARK_MS = const(200)
_LIT = const(0)
_DIM = const(1)
_OFF = const(2)
# The lights (hw.led: the MacroPad's NeoPixels, a Display Pack's RGB LED, a no-op elsewhere)
# follow the sounds, which may not depend on a secret: red with the boom, green with the
# defuse, a short amber pulse with the timer's beat. (r, g, b, ms lit); a shorter light does
# not cut a longer one short.
_LIGHTS = {
    "boom": (255, 0, 0, 5000),
    "defused": (0, 255, 0, 5000),
    "tick": (40, 20, 0, 120),
    "tock": (40, 20, 0, 120),
}


class App:
    """Everything a screen may use: hw, layout, text, sound, settings, catalog, saves."""

    def __init__(self, hw, board_name=""):
        self.hw = hw
        self.fb = hw.display
        self.board = board_name
        # The font cell (w, h) of a display that draws text in its own font (CircuitPython's
        # canvas: terminalio); framebuf's 8x8 otherwise.
        cell = getattr(self.fb, "cell", None)
        lay = self.lay = Layout(
            self.fb.width, self.fb.height, getattr(self.fb, "colour", False), cell
        )
        self.txt = Text(lay.scale, lay.w, lay.cw // lay.scale, cell is not None)
        # A board that polls its pins every few ms while the loop waits (hw.wait_ms) debounces
        # on the first edge: a press lands at once, a short tap is not lost.
        self.buttons = B.Buttons(hw.keymap, leading=getattr(hw, "edge_debounce", False))
        # A board's pin IRQs latch each button edge with its time: a tap inside a long step
        # reaches the buttons at the next one (hw.drain_edges; bound once, so steps allocate
        # nothing).
        self._drain = getattr(hw, "drain_edges", None)
        self._poll = self.buttons.poll
        self._fig = None  # the figures recorder (firmware/figures.py), on when asked for
        if self._drain is not None and storage.exists(_FIGURES_FLAG):
            from firmware import figures  # lazy: only on a board asked for its figures

            self._fig = figures.Recorder(self._poll)
            self._poll = self._fig.poll
        self._wait = getattr(hw, "wait_ms", None) or hw.sleep_ms
        prof = getattr(hw, "profile", None) or {}
        bz = prof.get("buzzer") or {}
        self.sound = buzzer.Sound(hw.buzzer, bz.get("resonance_hz", 2700))
        try:
            os.mkdir(storage.DATA)
        except OSError:
            pass  # already there
        self.settings = Settings().load()
        strings.use(self.settings.lang)
        self.apply_settings()
        self.batt = hw.battery()
        # The rulesets are scanned a file a loop step once the menu's first frame is out
        # (reset -> menu does not wait for them); `entries` finishes the scan when asked first.
        self._entries = []
        self._scanning = True  # until the scan is done
        self._scan = None  # the rulecache.Scan under way
        self._later = []  # what later() asked for, run after this step's frame
        self.stack = Stack()
        self._wires = hw.read_wires()
        self._batt_at = 0
        self._quiet_since = 0
        self._collected = False
        self._active_at = 0  # the last press, wire move or screen that keeps the display lit
        self._dark = _LIT
        self._woke = -1  # the button whose press woke the display: its events go nowhere
        self.steps = 0
        self.errors = 0
        self._base = ()
        self._lit_ms = 0  # how long the light on now was asked for; 0: off
        self._lit_off = 0
        # A board with digit keys under lights (the MacroPad) lights the ones the top screen
        # takes (it ignores a mask it has already); elsewhere None: one check a frame.
        self.digit_keys = getattr(hw, "digit_keys", None)

    # -- services for screens ----------------------------------------------------------------
    @property
    def entries(self):
        """Every ruleset file as a catalog.Entry (the scan finished first, if it is not yet)."""
        while self._scanning:
            self._scan_step()
        return self._entries

    @entries.setter
    def entries(self, entries):
        self._entries = entries
        self._scanning = False
        self._scan = None

    def later(self, fn):
        """Run fn() at the end of this loop step, after its frame is shown (a game's save: the
        press is answered on screen first, then the flash is written)."""
        self._later.append(fn)

    def known_entries(self):
        """The entries as far as the scan got: [] while it runs (the main menu's marks)."""
        return self._entries

    def _scan_step(self):
        # firmware/rulecache.py is imported for the scan only, and dropped when it is done.
        from firmware import rulecache

        scan = self._scan
        if scan is None:
            self._scan = rulecache.Scan()
            return
        if scan.step():
            return
        self._entries = scan.entries
        self._scanning = False
        self._scan = None
        rulecache.forget()
        root = self.stack.items[0] if self.stack.items else None
        if root is not None and hasattr(root, "refill"):
            root.refill()  # a broken file's mark or row shows once it is known

    def apply_settings(self):
        s = self.settings
        self.sound.mute(not s.sound)
        self.sound.set_volume(s.volume)
        self.fb.contrast(s.contrast())

    def play(self, name, urgent=False):
        self.sound.play(name, urgent)
        light = _LIGHTS.get(name)
        led = getattr(self.hw, "led", None)
        if light is not None and led is not None and light[3] >= self._lit_ms:
            led(light[0], light[1], light[2])
            self._lit_ms = light[3]
            self._lit_off = self.hw.ticks_add(self.hw.ticks_ms(), light[3])

    def muted(self):
        return not self.settings.sound

    def relabel(self):
        """The language changed: the main menu is built again in it (a screen above it builds
        its own text again)."""
        self.stack.items[0] = menu.main_menu(self)

    def draw_bar(self, fb, title, cols=0):
        widgets.bar(fb, self.lay, self.txt, title, self.batt, self.muted(), cols)

    def log(self, line):
        log = getattr(self.hw, "log", None)
        if log is not None:
            log(line)
        else:
            print(line)

    # -- the loop ------------------------------------------------------------------------------
    def boot(self, now):
        self._active_at = now
        self.stack.push(menu.main_menu(self), now)
        # What the menu needs stays loaded; anything a screen imports later is dropped again
        # once the player is back at the menu, so RAM holds one game's code at a time.
        self._base = set(sys.modules)
        gc.collect()
        # main.py had the GC collect every 32 KB allocated while the boot placed what stays
        # (code, tables, the catalog, the menu), so it packs low; from here on the GC runs when
        # the heap is full or the app is idle, as before.
        if hasattr(gc, "threshold"):  # MicroPython's (main.py)
            gc.threshold(-1)
        scr = None
        # The menu just looked up the saved games (its rows): not the flash again.
        saved = storage.exists(storage.GAME_SAVE) or self.stack.items[0].saves
        for g in games.IDS:
            saved = saved or (games.is_prop(g) and storage.exists(storage.prop_save(g)))
        if saved:
            from firmware.screens import resume  # lazy: only when something was saved

            # An older firmware's single save moves to its game's name first (the menu lists
            # it when it comes back on top).
            scr = resume.migrate(self) or resume.prompt(self, now)
        restored = storage.last_notice  # the resume prompt's load fell back to the .bak copy
        if scr is not None:
            self.stack.push(scr, now)
        else:
            # Nothing to offer: what the prompt imported to look (the session, the props'
            # packages) goes again now, not at the first return to the menu.
            catalog.unload(self._base)
        # Damage found at boot is said on screen, on top, before anything else.
        if restored or self.settings.error:
            from firmware.ui.dialog import Notice  # lazy: not in reset -> menu unless needed

            body = restored or (strings.get("e.settings") + "\n" + self.settings.error)
            self.stack.push(Notice(self, strings.get("e.title"), body), now)
        self.tell_screen()

    def tell_screen(self):
        """Log which screen is on top (the sim's tests and a serial console follow along)."""
        top = self.stack.top()
        self.log("screen %d %s %s" % (self.stack.depth(), type(top).__name__, top.title))

    def _apply(self, intent, now):
        if self.stack.apply(intent, now):
            # A new screen: events queued for the old one must not leak into it.
            self.buttons.clear()
            self._woke = -1  # the waking press's release may have been among them
            self._quiet_since = now  # a long line of the new screen scrolls once from now
            self._collected = False
            if self.stack.depth() == 1:
                strings.release()
                catalog.unload(self._base)
            self.tell_screen()

    def step(self):
        """One pass of the loop; allocation-free unless a screen changes or a save is due."""
        hw = self.hw
        now = hw.ticks_ms()
        if self._drain is not None:
            self._drain(self._poll)
        raw = hw.read_buttons()
        self.buttons.poll(now, raw)
        busy = False
        while True:
            ev = self.buttons.get()
            if ev < 0:
                break
            busy = True
            if self._dark != _LIT:
                self._wake()
                self._woke = B.button_of(ev)
            if B.button_of(ev) == self._woke:
                if B.kind_of(ev) == B.RELEASE:
                    self._woke = -1
                continue  # the waking press, its hold and its release: swallowed
            intent = self.stack.top().event(ev, now)
            if intent:
                self._apply(intent, now)
        intent = self.stack.top().tick(now)
        if intent:
            self._apply(intent, now)
        w = hw.read_wires()
        if w != self._wires:
            self._wires = w
            busy = True
            if self._dark != _LIT:
                self._wake()  # a wire is not a press: it goes on to the screen
            intent = self.stack.top().wires(w, now)
            if intent:
                self._apply(intent, now)
        if hw.ticks_diff(now, self._batt_at) >= _BATTERY_MS:
            self._batt_at = now
            b = hw.battery()
            if b != self.batt:
                self.batt = b
                self.stack.top().dirty = True
        self.sound.service(now)
        if self._lit_ms and hw.ticks_diff(now, self._lit_off) >= 0:
            self._lit_ms = 0
            hw.led(0, 0, 0)
        top = self.stack.top()
        dim = False
        if busy or top.keeps_awake():
            self._active_at = now
        elif self._dark != _OFF and self.settings.sleep:
            idle = hw.ticks_diff(now, self._active_at) - self.settings.sleep * 1000
            if self._dark == _LIT and idle >= 0:
                top.sleep(now)  # a private screen hides first, and is drawn hidden below
                dim = True
            elif self._dark == _DIM and idle >= _OFF_AFTER_MS:
                self._dark = _OFF
                self.fb.power(False)
                self.log("display off")
        # A line too long for its room scrolls once after the last press or new screen.
        since = 0 if busy else hw.ticks_diff(now, self._quiet_since)
        txt = self.txt
        if txt.tick(since):
            top.dirty = True
        if top.dirty:
            top.dirty = False
            txt.now = since
            txt.live = -1
            top.draw(self.fb, now)
            self.fb.show()
            if self.digit_keys is not None:
                self.digit_keys(top.digit_keys())
            if self._fig is not None:
                self._fig.shown(self.stack.depth())
        if dim:
            self._dark = _DIM
            self.fb.contrast(min(_DIM_LEVEL, self.settings.contrast()))
            self.log("display dim")
        if self._later:
            self._run_later()
        if self._scanning and not top.dirty:
            self._scan_step()  # one file a step, after the frame: a press waits for one at most
        if busy:
            self._quiet_since = now
            self._collected = False
        elif not self._collected and hw.ticks_diff(now, self._quiet_since) >= _IDLE_GC_MS:
            self._collected = True
            gc.collect()
            if self._fig is not None:
                self._fig.idle(self.stack.depth())
        self.steps += 1
        # hw.wait_ms returns early when a button changes (a board polls its pins meanwhile).
        if self.sound.busy():
            self._wait(_STEP_SOUND_MS)
        elif self._dark != _LIT and not raw:
            self._wait(_STEP_DARK_MS)
        elif raw or top.live or self._scanning:
            self._wait(_STEP_LIVE_MS)
        else:
            self._wait(_STEP_IDLE_MS)

    def _wake(self):
        if self._dark == _OFF:
            self.fb.power(True)
        self._dark = _LIT
        self.fb.contrast(self.settings.contrast())
        self.log("display on")

    def _run_later(self):
        todo = self._later
        self._later = []
        for fn in todo:
            fn()

    def run(self):
        self.boot(self.hw.ticks_ms())
        streak = 0
        while True:
            try:
                self.step()
                streak = 0
            except Exception as e:  # noqa: BLE001 (KeyboardInterrupt still stops the app)
                # A bug in one screen, or a module missing from a half-done deploy, must not
                # brick a game night: log it and go back to the menu. An error that the menu
                # itself keeps raising is not recoverable: stop instead of spinning.
                streak += 1
                if streak > _MAX_ERROR_STREAK:
                    raise
                self.recover(e)

    def recover(self, e):
        self.errors += 1
        self._later = []  # the screen that asked may be the one that failed
        gc.collect()
        self.log("error: " + type(e).__name__ + ": " + str(e))
        try:
            sys.print_exception(e)  # the traceback, on the serial console (and the sim's log)
        except (AttributeError, MemoryError):
            pass
        now = self.hw.ticks_ms()
        self.stack.home(now)
        catalog.unload(self._base)
        self.tell_screen()
        self.hw.sleep_ms(_STEP_IDLE_MS)


def run(hw, board_name=""):
    App(hw, board_name).run()
