"""The emulated Pico for the `board` tests: one booted, deployed board per test module."""

import os

import pytest

from tools import pico


def require():
    """Skip (fail under CI) naming what is missing when the emulated Pico cannot run here."""
    why = pico.missing()
    if why is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail("board tests cannot run under CI: " + why)
    pytest.skip(why)


def deployed(tmp_path_factory, name):
    """(Pico, deploy summary): a blank board (erased flash), deployed with the real mpremote
    transport, hard reset and settled at the main menu. Close it when done."""
    from tools import deploy

    require()
    flash = tmp_path_factory.mktemp(name) / "flash.bin"
    p = pico.Pico(flash=str(flash))
    try:
        summary = deploy.deploy(p.url, say=lambda *a: None)
        p.reset()
        p.settle(quiet=60, frame_quiet=300, max_ms=10000)
    except BaseException:
        p.close()
        raise
    return p, summary


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
    return p.settle(quiet=60, frame_quiet=300, max_ms=10000)
