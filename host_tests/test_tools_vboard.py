"""The virtual board: the unmodified mpremote talks to the unix port over a loopback socket."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools.vboard import VBoard, find_micropython

pytestmark = pytest.mark.skipif(not find_micropython(), reason="no MicroPython unix port")
MPREMOTE = [sys.executable, "-m", "mpremote"]


def gone(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture
def vboard(tmp_path):
    board = VBoard(tmp_path / "flash").start()
    pid = board.proc.pid
    yield board
    port = board.port
    board.stop()
    # Nothing may outlive a test: not the interpreter, not the listening socket.
    assert gone(pid) and gone(board.proc.pid)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def mpremote(board, *args, ok=True):
    res = subprocess.run(
        MPREMOTE + ["connect", board.url] + list(args),
        capture_output=True,
        text=True,
        timeout=60,
    )
    if ok:
        assert res.returncode == 0, res.stdout + res.stderr
    return res


def test_exec_answers_over_the_socket(vboard):
    res = mpremote(vboard, "exec", "import sys; print(sys.implementation.name, 6 * 7)")
    assert res.stdout.split() == ["micropython", "42"]


def test_entering_the_raw_repl_soft_resets_like_a_board(vboard):
    mpremote(vboard, "exec", "x = 5")
    before = vboard.reboots
    # resume: no soft reset, the session's globals are still there
    assert mpremote(vboard, "resume", "exec", "print(x)").stdout.strip() == "5"
    assert vboard.reboots == before
    # without resume mpremote soft-resets: a fresh interpreter that has never heard of x
    res = mpremote(vboard, "exec", "print(x)", ok=False)
    assert res.returncode != 0 and "NameError" in res.stdout + res.stderr
    assert vboard.reboots == before + 1


def test_the_working_folder_is_the_flash(vboard, tmp_path):
    local = tmp_path / "hello.txt"
    local.write_bytes(b"fuse\x00box\n" * 50)
    mpremote(vboard, "fs", "mkdir", ":games")
    mpremote(vboard, "fs", "cp", str(local), ":games/hello.txt")
    flash = Path(vboard.flash)
    assert (flash / "games" / "hello.txt").read_bytes() == local.read_bytes()
    listing = mpremote(vboard, "fs", "ls", ":games").stdout.split()
    assert listing[-2:] == [str(local.stat().st_size), "hello.txt"]  # sizes, as littlefs gives
    back = tmp_path / "back.txt"
    mpremote(vboard, "fs", "cp", ":games/hello.txt", str(back))
    assert back.read_bytes() == local.read_bytes()
    mpremote(vboard, "fs", "rm", ":games/hello.txt")
    assert not (flash / "games" / "hello.txt").exists()


def test_absolute_paths_and_renames_stay_inside_the_flash(vboard):
    code = (
        "import os\n"
        "open('/a.json', 'w').write('{}')\n"
        "os.mkdir('/data')\n"
        "os.rename('/a.json', '/data/b.json')\n"
        "print(os.listdir('/'), os.listdir('/data'))"
    )
    out = mpremote(vboard, "exec", code).stdout
    assert "['b.json']" in out
    assert (Path(vboard.flash) / "data" / "b.json").read_text() == "{}"
    assert not os.path.exists("/a.json")


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc (Linux)")
def test_ctrl_c_interrupts_a_running_program(vboard):
    # A program that never ends, left running by a host that went away ...
    mpremote(vboard, "exec", "--no-follow", "while True: pass")
    time.sleep(0.3)
    # ... is interrupted by the next connection, as a board's Ctrl-C does.
    assert mpremote(vboard, "resume", "eval", "1 + 1").stdout.strip() == "2"


def test_a_second_host_takes_the_port_over(vboard):
    first = socket.create_connection(("127.0.0.1", vboard.port), timeout=5)
    try:
        assert mpremote(vboard, "exec", "print('second')").stdout.strip() == "second"
    finally:
        first.close()


def test_cli_serves_until_terminated(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "tools", "vboard", "--flash", str(tmp_path / "f")],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    try:
        line = proc.stdout.readline()
        assert line.startswith("vboard: socket://127.0.0.1:")
        url = line.split()[1]
        res = subprocess.run(
            MPREMOTE + ["connect", url, "eval", "6 * 7"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert res.stdout.strip() == "42"
    finally:
        proc.terminate()
        assert proc.wait(timeout=20) == 0
    assert "stopped" in proc.stdout.read()
