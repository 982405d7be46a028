"""The emulated Pico for the `board` tests: one deployed flash image per test run, one booted
board per test module."""

import contextlib
import fcntl
import json
import os
import shutil

import pytest

from tools import pico

SETTLE = dict(quiet=60, frame_quiet=300, max_ms=10000)


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
IMAGES = {"stock": "pico-deployed", "romfs": "pico-romfs-deployed"}


def image(tmp_path_factory, firmware="stock"):
    """(flash image path, deploy summary): the firmware deployed to a blank board with the real
    mpremote transport, once per run and firmware kind; xdist workers share it (the first makes
    it, under a lock). firmware="romfs": the ROMFS build, the code in /rom (tools/romfs.py)."""
    from tools import deploy

    require(firmware)
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    name = IMAGES[firmware]
    img, info = base / (name + ".bin"), base / (name + ".json")
    with open(base / (name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not img.exists():
            blank = base / (name + "-blank.bin")
            with patient_mpremote(), pico.Pico(flash=str(blank), firmware=firmware) as p:
                summary = deploy.deploy(p.url, say=lambda *a: None)
                p.save(str(img) + ".tmp")
            info.write_text(json.dumps(summary))
            os.replace(str(img) + ".tmp", img)
    return img, json.loads(info.read_text())


def booted(tmp_path_factory, name, firmware="stock"):
    """A Pico (of that firmware kind) on a copy of its deployed image, booted and settled at the
    main menu."""
    img, _ = image(tmp_path_factory, firmware)
    flash = tmp_path_factory.mktemp(name) / "flash.bin"
    shutil.copy(img, flash)
    p = pico.Pico(flash=str(flash), firmware=firmware)
    try:
        p.pause()
        p.settle(**SETTLE)
    except BaseException:
        p.close()
        raise
    return p


def board_run(p, code):
    """Run code on the board's raw REPL (interrupting the app) and return what it printed."""
    from tools import deploy

    p.go()
    with deploy.Board(p.url) as b:
        return b.run(code)


def boot_to_menu(p, seed=None):
    """Hard reset (optionally with /seed.txt written first) and settle where the app waits."""
    if seed is not None:
        board_run(p, "f = open('seed.txt', 'w'); f.write('%d'); f.close()" % seed)
    p.reset()
    p.pause()
    return p.settle(**SETTLE)
