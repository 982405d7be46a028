"""Benchmark: deploy vs a plain `mpremote cp -r` of the sources, to fresh virtual boards.

    .venv/bin/python -m tools.bench.deploy [--board pico-ssd1306] [--baud 115200]

Both copy the same snapshot of the tree (core/, firmware/, main.py, rulesets, board profile).
Bytes are counted twice: file bytes that land on the flash, and bytes the host sent over the
line (the vboard counts them; this is what a real UART or USB link has to carry). The deploy
time includes compiling with mpy-cross from a cold build folder.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from tools.board import deploy
from tools.runtimes import ROOT
from tools.vboard.server import VBoard


def _quiet(*_):
    pass


def snapshot(dest):
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("core", "firmware", "boards"):
        shutil.copytree(os.path.join(deploy.ROOT, folder), os.path.join(dest, folder), ignore=skip)
    os.makedirs(os.path.dirname(os.path.join(dest, deploy.SIM_HAL)), exist_ok=True)  # a sim's HAL
    shutil.copy(os.path.join(deploy.ROOT, deploy.SIM_HAL), os.path.join(dest, deploy.SIM_HAL))
    return dest


def flash_bytes(flash):
    return sum(
        os.path.getsize(os.path.join(d, f))
        for d, _, files in os.walk(flash)
        for f in files
        if not f.startswith(".")
    )


def plain_copy(url, tree, board):
    """The naive way: mpremote's own cp -r of the sources, then main.py and the profile."""
    mp = [sys.executable, "-m", "mpremote", "connect", url]
    steps = [
        ["cp", "-r", "core", "firmware", ":"],
        ["cp", "firmware/main.py", ":main.py"],
        ["cp", "boards/%s.json" % board, ":board.json"],
    ]
    cmd = mp + [w for step in steps for w in step + ["+"]][:-1]
    subprocess.run(cmd, cwd=tree, check=True, capture_output=True)


def section(row):
    """`make bench`'s deploy rows, from this module's own run in a child process."""
    res = subprocess.run(
        [sys.executable, "-m", "tools.bench.deploy"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    text = res.stdout
    how = "tools/bench/deploy.py, fresh vboards, same run"
    for label, key in (
        ("deploy (full, cold mpy-cross)", "full deploy"),
        ("mpremote cp -r of the sources", "mpremote cp -r (sources)"),
        ("deploy again, nothing changed", "no-change redeploy"),
    ):
        m = re.search(re.escape(label) + r"\s+([\d.]+)\s+(\S+)\s+(\d+)", text)
        if m:
            row("deploy", key, "%s s, %s sent" % (m.group(1), m.group(3)), how)
    m = re.search(r"ratio deploy / cp -r: time ([\d.]+), flash bytes ([\d.]+)", text)
    if m:
        row("deploy", "ratio deploy / cp -r", "time %s, flash %s" % m.groups(), how)
    if not m:
        row("deploy", "deploy", "failed", (res.stderr.strip().splitlines() or ["?"])[-1])


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.bench.deploy", description=__doc__)
    ap.add_argument("--board", default="pico-ssd1306")
    ap.add_argument("--baud", type=int, help="pace the vboard like a UART (default: unpaced)")
    args = ap.parse_args(argv)
    work = tempfile.mkdtemp(prefix="fusebox-bench-")
    try:
        tree = snapshot(os.path.join(work, "tree"))
        with VBoard(os.path.join(work, "a"), baud=args.baud) as vb:
            t = time.monotonic()
            deploy.deploy(vb.url, board=args.board, say=_quiet, root=tree)
            deploy_s = time.monotonic() - t
            full = (flash_bytes(vb.flash), vb.rx_bytes)
            sent = vb.rx_bytes
            t = time.monotonic()
            again = deploy.deploy(vb.url, board=args.board, say=_quiet, root=tree)
            redeploy = (time.monotonic() - t, vb.rx_bytes - sent, again["copied"])
        with VBoard(os.path.join(work, "b"), baud=args.baud) as vb:
            t = time.monotonic()
            plain_copy(vb.url, tree, args.board)
            plain_s = time.monotonic() - t
            plain = (flash_bytes(vb.flash), vb.rx_bytes)
        line = "unpaced loopback" if not args.baud else "%d baud" % args.baud
        print("Fusebox deploy benchmark (vboard, %s, board profile %s)" % (line, args.board))
        print()
        print("%-34s %9s %14s %14s" % ("", "seconds", "flash bytes", "bytes sent"))
        print("%-34s %9.2f %14d %14d" % ("deploy (full, cold mpy-cross)", deploy_s, *full))
        print("%-34s %9.2f %14d %14d" % ("mpremote cp -r of the sources", plain_s, *plain))
        print(
            "%-34s %9.2f %14s %14d"
            % ("deploy again, nothing changed", redeploy[0], "-", redeploy[1])
        )
        print()
        print(
            "ratio deploy / cp -r: time %.2f, flash bytes %.2f, bytes sent %.2f"
            % (deploy_s / plain_s, full[0] / plain[0], full[1] / plain[1])
        )
        print("no-change redeploy copied %d files" % redeploy[2])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
