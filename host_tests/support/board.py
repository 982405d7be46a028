"""The emulated Pico for the `board` tests: one deployed flash image per test run, one booted
board per test module."""

import contextlib
import fcntl
import json
import os
import shutil

import pytest

from tools import pico
from tools.pico import circuitpy

SETTLE = dict(quiet=60, frame_quiet=300, max_ms=10000)
UNTIL = dict(quiet=60, frame_quiet=300, settle_ms=10000)


def require(kind="stock"):
    """Skip (fail under CI) naming what is missing when the emulated Pico cannot run here with
    that firmware file (a kind of tools.pico.FIRMWARE_NAMES)."""
    why = pico.missing(kind)
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail("board tests cannot run under CI: " + why)
    pytest.skip(why)


@contextlib.contextmanager
def patient_mpremote():
    """mpremote's raw-REPL execs wait 60 s here instead of their fixed 10 s: the emulated Pico
    runs CPU-bound code at about a third of a real one's speed on a loaded host
    (../shared/rp2/README.md), and `ruleset list` checks every ruleset on the board."""
    from mpremote.transport_serial import SerialTransport

    orig = SerialTransport.exec_raw

    def exec_raw(self, command, timeout=60, data_consumer=None):
        return orig(self, command, timeout=max(timeout, 60), data_consumer=data_consumer)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(SerialTransport, "exec_raw", exec_raw)
        yield


# The deployed flash image each firmware kind's tests share (tools.pico.FIRMWARE_NAMES).
IMAGES = {"stock": "pico-deployed"}
DEFAULT_BOARD = "pico-ssd1306"


def image(tmp_path_factory, firmware="stock", board=DEFAULT_BOARD):
    """(flash image path, deploy summary): the firmware deployed to a blank board with the real
    mpremote transport, once per run and firmware kind; xdist workers share it (the first makes
    it, under a lock). Fusebox's own firmware (pico.FUSEBOX) needs no deploy: (None, {}), and
    its board starts from a blank flash with the UF2 written in.
    Another board profile: that image deployed again with `deploy --board NAME` on a Pico wired
    as the profile says (only board.json differs, so only it is copied)."""
    from tools.board import deploy

    require(firmware)
    if firmware == pico.FUSEBOX:
        return None, {}
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    name = IMAGES[firmware] + ("" if board == DEFAULT_BOARD else "-" + board)
    img, info = base / (name + ".bin"), base / (name + ".json")
    src = image(tmp_path_factory, firmware)[0] if board != DEFAULT_BOARD else None
    with open(base / (name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not img.exists():
            start = base / (name + "-start.bin")
            if src is not None:
                shutil.copy(src, start)
            with patient_mpremote(), pico.Pico(str(start), firmware=firmware, board=board) as p:
                if src is not None:  # the app boots (or stops on a display it lacks) first:
                    p.pause()  # mpremote's Ctrl-C during its boot was lost here
                    p.settle(**SETTLE)
                    p.go()
                summary = deploy.deploy(p.url, board=board, say=lambda *a: None)
                p.save(str(img) + ".tmp")
            info.write_text(json.dumps(summary))
            os.replace(str(img) + ".tmp", img)
    return img, json.loads(info.read_text())


def booted(tmp_path_factory, name, firmware="stock", board=DEFAULT_BOARD):
    """A Pico (of that firmware kind, wired as that board profile) on a copy of its deployed
    image, booted and settled at the main menu."""
    img, _ = image(tmp_path_factory, firmware, board)
    flash = tmp_path_factory.mktemp(name) / "flash.bin"
    if img is not None:
        shutil.copy(img, flash)
    p = pico.Pico(flash=str(flash), firmware=firmware, board=board)
    try:
        p.pause()
        if board == DEFAULT_BOARD:
            p.settle(**SETTLE)
        else:  # the ST7789's power-up sleeps 270 ms: a settle alone may stop inside it
            p.until_screen(**UNTIL)
    except BaseException:
        p.close()
        raise
    return p


def board_run(p, code):
    """Run code on the board's raw REPL (interrupting the app) and return what it printed."""
    from tools.board import deploy

    p.go()
    with deploy.Board(p.url) as b:
        return b.run(code)


def boot_to_menu(p, seed=None):
    """Hard reset (optionally with /seed.txt written first) and settle where the app waits."""
    if seed is not None:
        board_run(p, "f = open('seed.txt', 'w'); f.write('%d'); f.close()" % seed)
    n = len(p.lines)
    p.reset()
    p.pause()
    if p.board == DEFAULT_BOARD:
        return p.settle(**SETTLE)
    return p.until_screen(since=n, **UNTIL)


# ------------------------------------------------------------------ CircuitPython 10.2.1
CPY_BOARD = "pico-ssd1306-circuitpython"


def cpy_image(tmp_path_factory, seed=None):
    """A 2 MB flash image for Pico(firmware="circuitpython"): CIRCUITPY holding what
    `python -m tools deploy --board pico-ssd1306-circuitpython --drive DIR` copies (plus /seed.txt
    for a fixed deal), nvm blank. Made once per run; xdist workers share it, as image() does."""
    from tools.board import drive as deploy_drive

    require("circuitpython")
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    img = base / ("cpy-%s.bin" % ("random" if seed is None else seed))
    with open(base / "cpy-image.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not img.exists():
            drive = base / ("cpy-drive-%s" % os.getpid())
            shutil.rmtree(drive, ignore_errors=True)
            drive.mkdir()
            deploy_drive.deploy_drive(str(drive), CPY_BOARD, say=lambda *a: None, quiet=True)
            if seed is not None:
                (drive / "seed.txt").write_text(str(seed))
            circuitpy.write_flash(img, drive)
            shutil.rmtree(drive)
    return img


def cpy_booted(tmp_path_factory, name, seed=None):
    """A Pico running CircuitPython 10.2.1 on a copy of cpy_image(), at the app's first screen."""
    img = cpy_image(tmp_path_factory, seed)
    flash = tmp_path_factory.mktemp(name) / "flash.bin"
    shutil.copy(img, flash)
    p = pico.Pico(flash=str(flash), firmware="circuitpython")
    try:
        p.pause()
        cpy_until_screen(p)
    except BaseException:
        p.close()
        raise
    return p


def cpy_until_screen(p, since=0, max_ms=30000):
    """tools.pico.circuitpy.until_screen: the app's first screen, then a settle."""
    return circuitpy.until_screen(p, since, max_ms, SETTLE)


def cpy_start(p, code, timeout=60):
    """tools.pico.circuitpy.start: `code` run on the raw REPL instead of code.py."""
    circuitpy.start(p, code, timeout, SETTLE)
