"""The interactive sim's keyboard: terminal keys for the board's buttons, read without waiting
(termios on Linux and macOS, msvcrt on Windows)."""

import os
import sys

TAP_MS = 80
LONG_MS = 1000  # past the firmware's long-press time (600 ms), so a hold is always a long press

# Terminal keys for the logical buttons; every button also gets a letter (Shift = long press).
ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}
ARROWS.update(ok="\n", back="\x7f")
KEY_NAMES = {"\x1b[A": "↑", "\x1b[B": "↓", "\x1b[C": "→", "\x1b[D": "←"}
KEY_NAMES.update({"\n": "Enter", "\x7f": "Backspace"})


def terminal_keys(profile):
    """{key: (physical name, long?)} and a legend line for the profile's buttons."""
    keys, legend = {}, []
    for b in profile["buttons"]:
        name = b["name"]
        short = (profile["keymap"].get(name) or [""])[0]
        if short in ARROWS:
            keys[ARROWS[short]] = (name, False)
        letter = next((c for c in name.lower() + "aeiknsvz" if c.isalpha() and c not in keys), "")
        if letter and letter != "q":
            keys[letter] = (name, False)
            keys[letter.upper()] = (name, True)
        shown = KEY_NAMES.get(ARROWS.get(short, ""), "")
        legend.append("%s%s/%s %s" % (shown + " " if shown else "", letter, letter.upper(), name))
    wires = len(profile.get("wires") or ())
    legend.append("(Shift: hold)")
    if wires:
        legend.append("1-%d cut/join wire" % min(wires, 9))
    return keys, "  ".join(legend) + "  q quit"


def split_keys(data):
    """Key strings from a burst of terminal input: escape sequences stay whole."""
    out, i = [], 0
    while i < len(data):
        n = 3 if data.startswith("\x1b[", i) or data.startswith("\x1bO", i) else 1
        key = data[i : i + n].replace("\x1bO", "\x1b[").replace("\r", "\n")
        out.append(key)
        i += n
    return out


class Controls:
    """Turns terminal keys into sim commands: a tap holds its button 120 ms (Shift: 1 s), since
    a terminal reports no key releases; digits toggle wires."""

    def __init__(self, profile):
        self.keys, self.legend = terminal_keys(profile)
        self.held = {}  # physical name -> release time (s)
        self.cut = 0
        self.wires = len(profile.get("wires") or ())

    def feed(self, key, now):
        """Commands for one key, or None when the key means quit."""
        if key in ("q", "\x03"):
            return None
        if key in self.keys and self.keys[key][0] not in self.held:
            name, long = self.keys[key]
            self.held[name] = now + (LONG_MS if long else 120) / 1000
            return ["press " + name]
        if key.isdigit() and 0 < int(key) <= self.wires:
            n = int(key) - 1
            self.cut ^= 1 << n
            return ["wire %d %s" % (n, "cut" if self.cut >> n & 1 else "join")]
        return []

    def due(self, now):
        """Release commands for buttons whose hold time is over."""
        out = [name for name, until in self.held.items() if now >= until]
        for name in out:
            del self.held[name]
        return ["release " + name for name in out]


class KeyReader:
    """Keys as they are typed, without echo or Enter: `with KeyReader() as keys: keys.read(0.03)`
    returns a string (maybe empty) after at most that many seconds."""

    def __enter__(self):
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
        if os.name == "nt":
            return _read_windows(timeout)
        import select

        if select.select([self._fd], [], [], timeout)[0]:
            return os.read(self._fd, 64).decode(errors="replace")
        return ""


# Windows consoles send arrows as a prefix then a letter; made into the terminal's escapes.
_WIN_ARROWS = {"H": "\x1b[A", "P": "\x1b[B", "M": "\x1b[C", "K": "\x1b[D"}


def _read_windows(timeout):
    import msvcrt  # type: ignore[import-not-found]
    import time

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
