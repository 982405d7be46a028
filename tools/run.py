"""run: start the device. With one board attached: deploy what changed and open its console.
With no board attached: the simulator, in this terminal."""

import subprocess
import sys
from argparse import Namespace

from tools.runtimes import host_binary


def attached():
    """The single attached USB serial board, None when there is none; OSError for several."""
    from serial.tools import list_ports

    found = [p for p in list_ports.comports() if p.vid is not None]
    if len(found) > 1:
        names = ", ".join(p.device for p in found)
        raise OSError("several boards attached (" + names + "): use deploy --port, then mpremote")
    return found[0].device if found else None


def main(args):
    try:
        port = attached()
    except OSError as e:
        print("run: %s" % e, file=sys.stderr)
        return 1
    if port is None:
        from tools.sim import cli as sim

        print("run: no board attached, starting the simulator (%s)" % args.board)
        return sim.main(
            Namespace(
                board=args.board,
                script=None,
                png=None,
                heap="512k",
                scale=4,
                runtime="auto",
                mute=False,
                flash=None,  # the default, kept folder: settings and saves survive
                fresh=False,
            )
        )
    from tools.board import deploy

    print("run: board on %s: deploying %s" % (port, args.board))
    rc = deploy.main(Namespace(board=args.board, port=port, clean=False, package_json=False))
    if rc:
        return rc
    mpremote = str(host_binary("mpremote"))
    # A soft reset starts /main.py; the console then shows what the device logs.
    return subprocess.call([mpremote, "connect", port, "reset", "+", "repl"])
