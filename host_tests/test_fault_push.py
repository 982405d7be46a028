"""Power cuts during `ruleset push`: the virtual board goes dark at a random moment of a transfer.

Each push sends three rulesets near the size limit (several raw-REPL execs each), alternating
between two valid versions. At a random moment the vboard is stopped (its interpreter killed, the
connection gone) and started again on the same flash, as a board whose power comes back. Every
*.json on the board must then be one of the two versions, whole, and pass the device's own
catalog scan; leftover *.json.new files are allowed (the device reads only *.json). At the end the
device boots on that flash to the main menu with nothing broken.
"""

import hashlib
import json
import os
import random
import subprocess
import threading
import time

import pytest

from host_tests.support.faults import MENU
from tools.board import rulesets
from tools.runtimes import MICROPYTHON, ROOT, compiled
from tools.sim.flash import make_flash
from tools.sim.lines import HEAP, errors, run, screens
from tools.vboard.server import VBoard, find_micropython

CUTS = 40  # with test_fault_power's 160, over 200 cuts in all
FILES = ("timebomb.json", "undercover.json", "itsabomb.json")

# The device's catalog on the board's flash: one line per ruleset, its game or its error.
_SCAN = """import os, sys
os.chdir(sys.argv[1])
from firmware import catalog
for e in catalog.scan():
    print(e.path, e.game, e.error)
"""


def versions(tmp):
    """Two valid versions of each file, padded to about 6 KB (three execs of the push each)."""
    out = {}
    for version in ("A", "B"):
        folder = tmp / version
        folder.mkdir()
        for fn in FILES:
            obj = json.loads((ROOT / "firmware" / "rulesets" / fn).read_text())
            obj["name"] = obj["name"][:12] + " " + version
            data = json.dumps(obj, indent=1) + " " * 4500
            (folder / fn).write_text(data)
        out[version] = sorted(str(p) for p in folder.iterdir())
    return out


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def push_in_thread(files, url, result):
    def go():
        try:
            result.append(rulesets.push(files, url, out=lambda *a: None))
        except Exception as e:  # noqa: BLE001 (the transport's own errors, whatever their class)
            result.append(e)

    t = threading.Thread(target=go, daemon=True)
    t.start()
    return t


@pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
def test_power_cuts_during_pushes_leave_only_whole_valid_rulesets(tmp_path):
    vers = versions(tmp_path)
    whole = {digest(tmp_path / v / fn) for v in ("A", "B") for fn in FILES}
    flash = tmp_path / "flash"
    build = compiled("core")
    compiled("firmware")
    scan = tmp_path / "scan.py"
    scan.write_text(_SCAN)
    rnd = random.Random("push")
    # Time one whole push first, so the cuts land inside a transfer on a fast machine as on a
    # slow (loaded) one.
    vb = VBoard(str(flash), heap=HEAP).start()
    result = []
    began = time.monotonic()
    t = push_in_thread(vers["B"], vb.url, result)
    t.join(60)
    span = time.monotonic() - began
    vb.stop()
    assert result == [0], "an uninterrupted push failed"
    failed = 0
    for i in range(CUTS):
        vb = VBoard(str(flash), heap=HEAP).start()
        result = []
        t = push_in_thread(vers["AB"[i % 2]], vb.url, result)
        t.join(rnd.uniform(0.0, 0.8 * span))  # the cut, somewhere in the transfer
        vb.stop()
        t.join(30)
        assert not t.is_alive(), "the push did not notice the board going dark"
        failed += result != [0]
        board = flash / "rulesets"
        for p in board.glob("*.json"):
            assert digest(p) in whole, p.name + " is torn or mixed"
        res = subprocess.run(
            [str(MICROPYTHON), "-X", "heapsize=" + HEAP, str(scan), str(flash)],
            capture_output=True,
            text=True,
            env=dict(os.environ, MICROPYPATH=str(build)),
            timeout=60,
        )
        assert res.returncode == 0, res.stderr[-2000:]
        for line in res.stdout.splitlines():
            assert line.endswith(" None") and " None None" not in line, line
    # Many cuts landed mid-transfer, so the board really was interrupted (a cut during the
    # connection or the final rename may still let a push through).
    assert failed >= CUTS // 5, failed
    # The device boots on that flash: its own code and rulesets plus what the pushes left.
    dev = make_flash(tmp_path / "device")
    for p in (flash / "rulesets").iterdir():
        (dev / "rulesets" / p.name).write_bytes(p.read_bytes())
    out = run(dev, ["wait 300"])
    assert not errors(out), errors(out)[:3]
    assert screens(out)[-1] == (1,) + tuple(MENU.split(" ", 1)), screens(out)
    names = [p.name for p in (dev / "rulesets").glob("*.json")]
    assert set(FILES) <= set(names)
