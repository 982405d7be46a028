"""The interactive sim's keyboard: terminal keys for the board's buttons, read without waiting
(termios on Linux and macOS, msvcrt on Windows).

A terminal reports key presses, never releases. So a key is a tap (its button goes down and up,
and the sim board delivers every tap to the firmware, however fast they come), and Shift + the
key is a hold: the button stays down until the next key, as long as the player wants (arming
the bomb timer, hold to defuse or pause, a private look)."""

import codecs
import os
import sys
import time

TAP_MS = 80  # a script's `tap` (tools/sim/cli.py); the interactive taps last what the board needs
LONG_MS = 1000  # past the firmware's long-press time (600 ms), so a scripted hold is long

# Terminal keys for the logical buttons; every button also gets a letter (Shift = hold).
ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}
ARROWS.update(ok="\n", back="\x7f")
KEY_NAMES = {"\x1b[A": "↑", "\x1b[B": "↓", "\x1b[C": "→", "\x1b[D": "←"}
KEY_NAMES.update({"\n": "Enter", "\x7f": "Backspace"})
SHIFTED = "\x1b[1;2"  # Shift + arrow: ESC [ 1 ; 2 A (xterm and most others)


def terminal_keys(profile):
    """{key: (physical name, hold?)} and the legend's items for the profile's buttons."""
    keys, legend = {}, []
    wires = len(profile.get("wires") or ())
    for b in profile["buttons"]:
        name = b["name"]
        short = (profile["keymap"].get(name) or [""])[0]
        if short.isdigit() and not wires:
            # A digit key (the MacroPad's keypad) is its number key; boards with wires use
            # those for the wires.
            keys[short] = (name, False)
            legend.append("%s %s" % (short, name))
            continue
        arrow = ARROWS.get(short, "")
        if arrow:
            keys[arrow] = (name, False)
            if arrow.startswith("\x1b["):
                keys[SHIFTED + arrow[2:]] = (name, True)
        letter = next((c for c in name.lower() + "aeiknsvz" if c.isalpha() and c not in keys), "")
        if letter and letter != "q":
            keys[letter] = (name, False)
            keys[letter.upper()] = (name, True)
        shown = KEY_NAMES.get(arrow, "")
        legend.append("%s%s %s" % (shown + "/" if shown else "", letter, name))
    legend.append("Shift+letter: hold until the next key")
    if wires:
        legend.append("1-%d cut/join wire" % min(wires, 9))
    legend.append("q quit")
    return keys, legend


def _key_end(data, i):
    """Where the key starting at data[i] ends; -1 when it may still be coming (a cut escape)."""
    if data[i] != "\x1b":
        return i + 1
    if i + 1 >= len(data):
        return -1
    if data[i + 1] == "O":  # SS3: ESC O A (arrows in application mode)
        return i + 3 if i + 2 < len(data) else -1
    if data[i + 1] != "[":
        return i + 1  # a lone Esc (Alt + key: Esc, then the key)
    j = i + 2  # CSI: parameter and intermediate bytes, then one final byte
    while j < len(data) and "\x20" <= data[j] <= "\x3f":
        j += 1
    if j >= len(data):
        return -1
    return j + 1


def _normal(key):
    key = key.replace("\x1bO", "\x1b[", 1) if key.startswith("\x1bO") else key
    return {"\r": "\n", "\x08": "\x7f"}.get(key, key)


def take_keys(data):
    """(keys, rest): the whole keys at the start of data, and a cut escape left for later."""
    out, i = [], 0
    while i < len(data):
        end = _key_end(data, i)
        if end < 0:
            return out, data[i:]
        out.append(_normal(data[i:end]))
        i = end
    return out, ""


def split_keys(data):
    """Key strings from a burst of terminal input: escape sequences stay whole."""
    keys, rest = take_keys(data)
    return keys + ([_normal(rest)] if rest else [])


class Controls:
    """Turns terminal keys into sim commands. A key taps its button (press and release, sent
    together: the sim board makes each one a press the firmware sees); Shift + key holds it
    until the next key, which only lets go; digits toggle wires (and do not end a hold)."""

    def __init__(self, profile):
        self.keys, legend = terminal_keys(profile)
        self.legend_items = legend
        self.legend = "  ".join(legend)
        self.holding = None  # the physical button a Shift + key holds down
        self.held_since = 0.0
        self.cut = 0
        self.wires = len(profile.get("wires") or ())

    def feed(self, key, now):
        """Commands for one key, or None when the key means quit."""
        if key in ("q", "\x03"):
            return None
        if key.isdigit() and 0 < int(key) <= self.wires:
            n = int(key) - 1
            self.cut ^= 1 << n
            return ["wire %d %s" % (n, "cut" if self.cut >> n & 1 else "join")]
        if self.holding is not None:
            name, self.holding = self.holding, None
            return ["release " + name]
        if key not in self.keys:
            return []
        name, hold = self.keys[key]
        if hold:
            self.holding, self.held_since = name, now
            return ["press " + name]
        return ["press " + name, "release " + name]

    def held(self, now):
        """The status of a hold ('holding OK 2.4 s ...'), or '' when none."""
        if self.holding is None:
            return ""
        secs = max(0.0, now - self.held_since)
        return "holding %s %.1f s (next key lets go)" % (self.holding, secs)


class KeyReader:
    """Keys as they are typed, without echo or Enter: `with KeyReader() as keys: keys.read(0.03)`
    returns the whole keys (maybe none) typed within at most that many seconds."""

    _CUT_S = 0.05  # an escape cut by a read is completed within this, or taken as a lone Esc
    clock = staticmethod(time.monotonic)

    def __enter__(self):
        self._rest = ""
        self._rest_at = 0.0
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        if os.name == "nt":
            self._saved = None
            return self
        import termios
        import tty

        self._fd = sys.stdin.fileno()
        self._saved = termios.tcgetattr(self._fd)
        tty.setcbreak(self._fd)
        return self

    def __exit__(self, *exc):
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)

    def read(self, timeout):
        if self._rest:
            timeout = min(timeout, self._CUT_S)
        data = self._rest + self._read(timeout)
        keys, rest = take_keys(data)
        now = self.clock()
        if rest and rest != self._rest:
            self._rest_at = now
        elif rest and now - self._rest_at >= self._CUT_S:
            keys, rest = keys + split_keys(rest), ""  # nothing more came: a lone Esc
        self._rest = rest
        return keys

    def _read(self, timeout):
        if os.name == "nt":
            return _read_windows(timeout)
        import select

        if select.select([self._fd], [], [], timeout)[0]:
            return self._decode(os.read(self._fd, 4096))
        return ""


# Windows consoles send arrows as a prefix then a letter; made into the terminal's escapes.
_WIN_ARROWS = {"H": "\x1b[A", "P": "\x1b[B", "M": "\x1b[C", "K": "\x1b[D"}


def _read_windows(timeout):
    import msvcrt  # type: ignore[import-not-found]

    end = time.monotonic() + timeout
    out = ""
    while not out and time.monotonic() < end:
        while msvcrt.kbhit():
            ch = msvcrt.getwch()
            if ch in ("\x00", "\xe0"):
                out += _WIN_ARROWS.get(msvcrt.getwch(), "")
            else:
                out += "\x7f" if ch == "\x08" else ch
        if not out:
            time.sleep(0.01)
    return out
