"""`python -m tools pico`: start an emulated Pico, print its REPL URL, take commands on stdin.

Commands, one a line (answers: `ok ...` or `error ...`):
  press NAME [AT_MS] | release NAME [AT_MS]   a button of the --board profile, now or at a time
  tap NAME [MS]        press, hold MS (80), release, and let the app settle
  wire N cut|join      wire N (0-3) on its GPIO
  vsys MV              the voltage on VSYS (the battery gauge reads it through the ADC)
  run MS | settle      advance the board MS board ms (then pause) | until its app is idle
  go | pause           free-run (no faster than real time) | stop the clock
  time | info          board ms | the board's state
  shot FILE.png        the panel as a PNG (as the sim writes them) | frame: as ASCII art
  buzzer               the buzzer's PWM changes: board ms, Hz, duty_u16
  led                  the RGB LED's changes: board ms:r,g,b (0..255 each)
  reset                hard reset (flash and display keep their state)
  save [FILE]          write the 2 MB flash image | quit
"""

import sys

from tools import pico


def _do(p, words):
    cmd, args = words[0], words[1:]
    if cmd in ("press", "release"):
        at = float(args[1]) if len(args) > 1 else None
        return "%.3f" % getattr(p, cmd)(args[0].upper(), at=at)
    if cmd == "tap":
        p.tap(args[0].upper(), ms=int(args[1]) if len(args) > 1 else 80)
        return "%.3f" % p.settle()[0]
    if cmd == "wire":
        p.wire(int(args[0]), cut=args[1] == "cut")
        return ""
    if cmd == "vsys":
        p.vsys(int(args[0]))
        return ""
    if cmd == "run":
        return "%.3f" % p.run(float(args[0]))
    if cmd == "settle":
        t, ok = p.settle()
        return "%.3f %s" % (t, "settled" if ok else "busy")
    if cmd in ("go", "pause", "reset"):
        return "%.3f" % getattr(p, cmd)()
    if cmd == "time":
        return "%.3f" % p.now()
    if cmd == "info":
        return str(p.info())
    if cmd == "shot":
        return p.screenshot(args[0])
    if cmd == "frame":
        return "\n" + p.frame().text()
    if cmd == "buzzer":
        return " ".join("%.1f:%d:%d" % e for e in p.buzzer())
    if cmd == "led":
        return " ".join("%.1f:%d,%d,%d" % ((t,) + rgb) for t, rgb in p.led())
    if cmd == "save":
        p.save(args[0] if args else None)
        return ""
    raise ValueError("unknown command %r (see python -m tools pico --help)" % cmd)


def firmware_of(name):
    """A kind of pico.FIRMWARE_NAMES as it is; a .bin path as (it, the boot ROM beside it)."""
    from pathlib import Path

    if name in pico.FIRMWARE_NAMES:
        return name
    fw = Path(name)
    rom = fw.parent / pico.BOOTROM_NAME
    for f in (fw, rom):
        if not f.is_file():
            raise FileNotFoundError("no %s (a firmware .bin with %s beside it)" % (f, rom.name))
    return (fw, rom)


def main(args):
    try:
        firmware = firmware_of(args.firmware)
        why = pico.missing(firmware) if isinstance(firmware, str) else None
    except FileNotFoundError as e:
        why = str(e)
    if why:
        print("pico: " + why, file=sys.stderr)
        return 1
    board = args.board
    with pico.Pico(
        flash=args.flash, port=args.port or None, speed=args.speed, firmware=firmware, board=board
    ) as p:
        if args.deploy:
            from tools.board import deploy

            deploy.deploy(p.url, board=board)
            p.reset()
        print("pico: REPL at %s (mpremote connect %s)" % (p.url, p.url), flush=True)
        for line in sys.stdin:
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "quit":
                break
            try:
                print("ok " + _do(p, words), flush=True)
            except (ValueError, IndexError, pico.PicoError) as e:
                print("error %s" % e, flush=True)
        else:
            if not sys.stdin.isatty():  # no commands to come: serve the REPL until ^C
                try:
                    p.proc.wait()
                except KeyboardInterrupt:
                    pass
    return 0
