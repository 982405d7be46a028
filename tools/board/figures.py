"""`python -m tools figures --port PORT`: the responsiveness and heap figures of a real board (or
the emulated Pico's socket), as the firmware measures them itself with its own ticks_ms.

It writes /figures.on on the board, resets it (machine.reset()), and reads the `figures ...`
lines the app prints on the USB console (firmware/figures.py): the ticks at the end of the main
menu's first frame (reset -> menu), the free heap and the largest free block after the menu's
idle collection, and one line per press: board ms from the button's edge (its pin IRQ's stamp)
to the end of the frame that answered it. Press a few buttons on the menu while it listens;
then it removes the flag, resets the board again and prints the figures.
"""

import statistics
import time

FLAG = "figures.on"


def arm(port, on=True, reset=None):
    """Write (or remove) the flag on the board, then reset it: the app starts recording (or
    not). The reset (machine.reset(), or `reset()` when given: the emulated Pico's RUN pin, as
    rp2040js has no watchdog reboot) ends the REPL connection, as a board's USB drops."""
    from mpremote.transport_serial import SerialTransport

    t = SerialTransport(port, baudrate=115200)
    try:
        t.enter_raw_repl(soft_reset=True)
        if on:
            code = "f = open(%r, 'w'); f.close()" % FLAG
        else:
            code = "import os\ntry:\n os.remove(%r)\nexcept OSError:\n pass" % FLAG
        t.exec(code)
        if reset is None:
            t.exec_raw_no_follow("import machine\nmachine.reset()")
    finally:
        try:
            t.close()
        except OSError:
            pass
    if reset is not None:
        reset()


def listen(port, presses=5, seconds=60.0, say=print, opened=None):
    """{"menu_ms", "free", "largest", "presses": [ms...]} from the board's console, read until
    `presses` presses were timed after the heap line (or `seconds` passed)."""
    import serial

    deadline = time.monotonic() + seconds
    ser = None
    while ser is None:  # the board comes back from its reset (a real one re-enumerates)
        try:
            ser = serial.serial_for_url(port, baudrate=115200, timeout=0.2)
        except (OSError, serial.SerialException):
            if time.monotonic() > deadline:
                raise OSError("the board did not come back after its reset") from None
            time.sleep(0.2)
    out = {"menu_ms": None, "free": None, "largest": None, "presses": []}
    told = False
    buf = b""
    try:
        if opened is not None:
            opened()
        while time.monotonic() < deadline and len(out["presses"]) < presses:
            buf += ser.read(256)
            *lines, buf = buf.split(b"\n")
            for raw in lines:
                words = raw.decode(errors="replace").split()
                if len(words) < 3 or words[0] != "figures":
                    continue
                if words[1] == "menu_ms":
                    out["menu_ms"] = int(words[2])
                elif words[1] == "heap" and len(words) >= 4:
                    out["free"], out["largest"] = int(words[2]), int(words[3])
                elif words[1] == "press" and out["free"] is not None:
                    out["presses"].append(int(words[2]))
            if out["free"] is not None and not told:
                told = True
                say("at the menu: press UP or DOWN %d times, a second apart" % presses)
    finally:
        ser.close()
    return out


def report(fig, say=print):
    """The figures as lines, the way README and bench name them."""
    ms = fig["menu_ms"]
    say("reset -> main menu        %s" % ("%d ms" % ms if ms is not None else "not seen"))
    if fig["free"] is not None:
        say("free heap at the menu     %d B (after a collection)" % fig["free"])
        say("largest free block        %d B" % fig["largest"])
    else:
        say("heap at the menu          not seen")
    p = sorted(fig["presses"])
    if p:
        say(
            "press -> frame, menu      %d / %d ms median / worst (%d presses)"
            % (statistics.median_low(p), p[-1], len(p))
        )
    else:
        say("press -> frame            no press timed")


def main(args):
    port = args.port
    print("figures: arming %s and resetting it" % port)
    arm(port)
    try:
        fig = listen(port, presses=args.presses, seconds=args.seconds)
    finally:
        arm(port, on=False)
    report(fig)
    return 0 if fig["menu_ms"] is not None and fig["free"] is not None else 1
