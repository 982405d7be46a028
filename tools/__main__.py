"""The Fusebox host CLI: `python -m tools <verb>` (also installed as `fusebox`)."""

import argparse
import sys

# Exit codes every verb keeps to: 0 ok, 1 failed or invalid input, 2 usage (argparse's own).
OK, FAILED, USAGE = 0, 1, 2


def _port_option(p):
    p.add_argument(
        "--port",
        help="board to talk to: a serial device or socket://127.0.0.1:PORT (a vboard); "
        "default: the single attached board",
    )


def resolve_port(port):
    """The --port to use: as given, else the single attached USB serial board."""
    if port:
        return port
    from serial.tools import list_ports

    found = [p for p in list_ports.comports() if p.vid is not None]
    if len(found) == 1:
        return found[0].device
    if not found:
        raise OSError("no board attached; give --port (socket://127.0.0.1:PORT for a vboard)")
    names = ", ".join("%s (%s)" % (p.device, p.description) for p in found)
    raise OSError("several boards attached, choose one with --port: " + names)


def parser():
    top = argparse.ArgumentParser(
        prog="fusebox", description="Fusebox host tools: simulate, deploy and manage rulesets."
    )
    verbs = top.add_subparsers(dest="verb", metavar="VERB")
    verbs.required = True

    p = verbs.add_parser("run", help="start the device: the attached board, else the simulator")
    p.add_argument("--board", default="pico-ssd1306", help="board profile (boards/NAME.json)")

    p = verbs.add_parser("sim", help="run the real firmware on a simulated board in the terminal")
    p.add_argument("--board", default="pico-ssd1306", help="board profile (boards/NAME.json)")
    p.add_argument("--script", help="headless: replay the timed presses of this script file")
    p.add_argument("--png", help="headless: write the script's screenshots as PNGs here")
    p.add_argument(
        "--heap",
        default="512k",
        help="MicroPython heap (default 512k: the sim compiles .py sources on its heap)",
    )
    p.add_argument("--scale", type=int, default=4, help="PNG pixel scale (default 4)")
    p.add_argument(
        "--runtime",
        choices=("auto", "micropython", "cpython"),
        default="auto",
        help="auto: the MicroPython unix port where installed, else CPython (tools/sim/cpython)",
    )
    p.add_argument("--mute", action="store_true", help="do not play the buzzer on the host")
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--flash",
        metavar="DIR",
        help="the board's flash folder (settings, names, saves); default: "
        "$XDG_DATA_HOME/fusebox/flash-BOARD (~/.local/share/...) when interactive, "
        "a blank one with --script",
    )
    where.add_argument(
        "--fresh", action="store_true", help="a blank board: a temporary flash, gone at exit"
    )

    p = verbs.add_parser("vboard", help="serve a virtual board (unix port) to mpremote over TCP")
    p.add_argument("--flash", default="out/vboard", help="folder that is the board's flash")
    p.add_argument("--port", type=int, default=0, help="TCP port on 127.0.0.1 (default: free)")
    p.add_argument("--heap", default="192k", help="MicroPython heap size (default 192k)")
    p.add_argument(
        "--flash-size",
        type=int,
        default=1441792,
        help="bytes of flash the board reports, less its folder's use (default: a Pico's 1.4 MB)",
    )

    p = verbs.add_parser(
        "pico", help="an emulated Pico (rp2040js) on stock MicroPython: REPL on a TCP socket"
    )
    p.add_argument("--flash", help="2 MB flash image file: loaded at start, saved at the end")
    p.add_argument(
        "--port",
        type=int,
        default=0,
        help="TCP port on 127.0.0.1 (47100-47199, or the range in $FUSEBOX_PICO_PORTS)",
    )
    p.add_argument("--speed", type=float, default=1.0, help="x real time at most (0: no limit)")
    p.add_argument("--deploy", action="store_true", help="deploy the firmware, then hard reset")
    p.add_argument(
        "--board",
        default="pico-ssd1306",
        help="the board profile it is wired as (and --deploy installs): its display, pins, LED",
    )
    p.add_argument(
        "--firmware",
        default="stock",
        help="the image it boots: stock, romfs, circuitpython or a .bin (the boot ROM beside it)",
    )

    p = verbs.add_parser("deploy", help="compile and copy the firmware to a board (incremental)")
    p.add_argument("--board", default="pico-ssd1306", help="board profile to install")
    _port_option(p)
    p.add_argument(
        "--clean",
        action="store_true",
        help="remove everything deploy installed before (not /data) and copy all again",
    )
    p.add_argument(
        "--remove",
        action="store_true",
        help="take a deploy off the board (saves, settings, pushed rulesets stay): Fusebox's own "
        "firmware then runs its frozen app again",
    )
    p.add_argument(
        "--package-json",
        action="store_true",
        help="only (re)write package.json (for mpremote mip install) from the tree",
    )
    p.add_argument(
        "--drive",
        metavar="PATH",
        help="a CircuitPython board's mounted CIRCUITPY folder: copy the CircuitPython build "
        "there (with --board macropad), not to a MicroPython board's --port",
    )
    p.add_argument(
        "--mpy-cross",
        metavar="PATH",
        help="with --drive: CircuitPython 10's mpy-cross (default: $FUSEBOX_CP_MPY_CROSS, "
        "mpy-cross-circuitpython on PATH, else ../shared/circuitpython/)",
    )
    p.add_argument(
        "--sources",
        action="store_true",
        help="with --drive: copy the app as .py (the board compiles it at each boot), not .mpy",
    )

    p = verbs.add_parser("ruleset", help="check, push, list or pull ruleset files")
    acts = p.add_subparsers(dest="action", metavar="ACTION")
    acts.required = True
    a = acts.add_parser("check", help="validate ruleset files on the host with the core rules")
    a.add_argument("files", nargs="+", metavar="FILE")
    a = acts.add_parser("push", help="validate, then copy rulesets to the board safely")
    a.add_argument("files", nargs="+", metavar="FILE")
    _port_option(a)
    a.add_argument("--drive", metavar="PATH", help="a mounted CIRCUITPY folder, not --port")
    a = acts.add_parser("list", help="list the rulesets on the board and whether each is valid")
    _port_option(a)
    a = acts.add_parser("pull", help="fetch a ruleset back from the board")
    a.add_argument("name", help="file name on the board, e.g. timebomb.json")
    a.add_argument("dest", nargs="?", help="local file or folder (default: current folder)")
    _port_option(a)

    p = verbs.add_parser("names", help="set or read the board's seat names")
    acts = p.add_subparsers(dest="action", metavar="ACTION")
    acts.required = True
    a = acts.add_parser("push", help='give the seats these names: "Ana,Ben,Chloé" (others: P4..)')
    a.add_argument("names", help="comma-separated, at most 8 names of at most 8 letters")
    _port_option(a)
    a = acts.add_parser("pull", help="print the board's seat names, comma-separated")
    _port_option(a)

    p = verbs.add_parser("balance", help="play many games of a ruleset: win rates per seat count")
    p.add_argument("ruleset", metavar="RULESET", help="ruleset file (JSON)")
    p.add_argument("--players", help="player counts: 4..8, 5 or 4,6 (default: all it allows)")
    p.add_argument("--games", type=int, default=200, help="games per player count and policy")
    p.add_argument(
        "--policy",
        choices=("random", "simple", "both"),
        default="both",
        help="uniform random moves, a naive strategy per game, or both (default)",
    )
    p.add_argument("--png", help="write the chart to this PNG file")
    p.add_argument("--jobs", type=int, help="worker processes (default: one per CPU)")
    p.add_argument("--seed", type=int, default=1, help="seed of the whole run (default 1)")

    p = verbs.add_parser(
        "figures", help="reset -> menu, menu heap, press -> frame, measured by the board itself"
    )
    _port_option(p)
    p.add_argument("--presses", type=int, default=5, help="presses to time (default 5)")
    p.add_argument("--seconds", type=float, default=60, help="give up after this long (60)")

    p = verbs.add_parser("web", help="the firmware in a web page: build it, serve it on 127.0.0.1")
    p.add_argument("--out", help="only build the static page into this folder (for publishing)")
    p.add_argument(
        "--port",
        type=int,
        default=0,
        help="port on 127.0.0.1 (default: the first free of 47200-47299)",
    )

    p = verbs.add_parser("wiring", help="write docs/wiring.md and its picture from boards/")
    from tools.dev import wiring

    wiring.options(p)

    p = verbs.add_parser("release", help="every profile's UF2 or CIRCUITPY zip, with SHA256SUMS")
    p.add_argument("--out", default="release", metavar="DIR", help="where (default release/)")
    p.add_argument(
        "--source", metavar="DIR", help="a MicroPython v1.28.0 checkout with submodules"
    )
    p.add_argument(
        "--mpy-cross",
        metavar="PATH",
        help="CircuitPython 10's mpy-cross (default: $FUSEBOX_CP_MPY_CROSS, "
        "mpy-cross-circuitpython on PATH, else ../shared/circuitpython/)",
    )

    p = verbs.add_parser("firmware", help="build Fusebox's own firmware, or check a build")
    acts = p.add_subparsers(dest="action", metavar="ACTION")
    acts.required = True
    a = acts.add_parser("build", help="build a profile's UF2 from MicroPython's source")
    a.add_argument("--board", default="pico-ssd1306", help="a MicroPython profile, or all")
    a.add_argument(
        "--source", metavar="DIR", help="a MicroPython v1.28.0 checkout with submodules"
    )
    a.add_argument("--out", metavar="DIR", help="copy the .uf2 (and .elf, .bin) here")
    a.add_argument("--jobs", type=int, help="parallel compile jobs (default: every core)")
    a = acts.add_parser("check", help="fail when a build's image grows into the ROMFS partition")
    a.add_argument("files", nargs="+", metavar="FILE", help="the build's .elf or .elf.gz")
    a.add_argument(
        "--romfs-start",
        type=lambda s: int(s, 0),
        default=0x098000,
        help="the ROMFS partition's offset in flash (default 0x098000: boards/micropython/'s)",
    )
    return top


def main(argv=None):
    args = parser().parse_args(argv)
    # Import per verb: `--help` stays fast and one verb's missing extra never breaks another.
    if args.verb == "run":
        from tools import run as verb
    elif args.verb == "sim":
        from tools.sim import cli as verb
    elif args.verb == "vboard":
        from tools.vboard import server as verb
    elif args.verb == "deploy" and args.drive:
        from tools.board import drive as verb
    elif args.verb == "deploy":
        from tools.board import deploy as verb
    elif args.verb == "pico":
        from tools.pico import cli as verb
    elif args.verb == "balance":
        from tools.play import balance as verb
    elif args.verb == "web":
        from tools.web import build as verb
    elif args.verb == "names":
        from tools.board import names as verb
    elif args.verb == "figures":
        from tools.board import figures as verb
    elif args.verb == "wiring":
        from tools.dev import wiring as verb
    elif args.verb == "release":
        from tools.firmware import release as verb
    elif args.verb == "firmware" and args.action == "build":
        from tools.firmware import build as verb
    elif args.verb == "firmware":
        from tools.firmware import flashmap as verb
    else:
        from tools.board import rulesets as verb
    try:
        talks = not getattr(args, "package_json", False) and not getattr(args, "drive", None)
        if talks and getattr(args, "port", 0) is None:  # a verb that talks to a board, none given
            try:
                args.port = resolve_port(None)
            except OSError as e:
                print("%s: %s" % (args.verb, e), file=sys.stderr)
                return FAILED
        return verb.main(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return FAILED


if __name__ == "__main__":
    sys.exit(main())
