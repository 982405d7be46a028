"""`python -m tools pico`: start an emulated Pico, print its REPL URL, take commands on stdin.

Commands, one a line (answers: `ok ...` or `error ...`):
  press NAME [AT_MS] | release NAME [AT_MS]   a button (UP DOWN OK BACK), now or at board time
  tap NAME [MS]        press, hold MS (80), release, and let the app settle
  wire N cut|join      wire N (0-3) on its GPIO
  vsys MV              the voltage on VSYS (the battery gauge reads it through the ADC)
  run MS | settle      advance the board MS board ms (then pause) | until its app is idle
  go | pause           free-run (no faster than real time) | stop the clock
  time | info          board ms | the board's state
  shot FILE.png        the panel as a PNG (as the sim writes them) | frame: as ASCII art
  buzzer               the buzzer's PWM changes: board ms, Hz, duty_u16
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
    if cmd == "save":
        p.save(args[0] if args else None)
        return ""
    raise ValueError("unknown command %r (see python -m tools pico --help)" % cmd)


def main(args):
    why = pico.missing()
    if why:
        print("pico: " + why, file=sys.stderr)
        return 1
    with pico.Pico(flash=args.flash, port=args.port or None, speed=args.speed) as p:
        if args.deploy:
            from tools.board import deploy

            deploy.deploy(p.url, board="pico-ssd1306")
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
