"""The virtual board: the unmodified mpremote talks to the unix port over a loopback socket."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tools.vboard.server import VBoard, find_micropython

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


COUNTING_MAIN = (
    "n = 0\n"
    "try:\n"
    "    n = int(open('runs.txt').read())\n"
    "except OSError:\n"
    "    pass\n"
    "open('runs.txt', 'w').write(str(n + 1))\n"
    "print('main ran', n + 1)\n"
)


def runs(board):
    return int((Path(board.flash) / "runs.txt").read_text())


def read_until(sock, want, data=b"", timeout=10.0):
    """What the socket sent until `want` (after `data`, what an earlier call already read)."""
    end = time.monotonic() + timeout
    while want not in data:
        assert time.monotonic() < end, "never saw %r in %r" % (want, data[-200:])
        sock.settimeout(max(0.05, end - time.monotonic()))
        data += sock.recv(4096)
    return data


def test_main_py_runs_at_power_on_and_after_ctrl_d_but_not_after_mpremote(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "main.py").write_text(COUNTING_MAIN)
    with VBoard(flash) as board:
        assert runs(board) == 1  # power on
        mpremote(board, "exec", "print('hi')")  # a raw-REPL soft reset: main.py stays put
        assert runs(board) == 1 and board.reboots == 1
        with socket.create_connection(("127.0.0.1", board.port), timeout=5) as sock:
            sock.sendall(b"\r")
            read_until(sock, b">>> ")
            sock.sendall(b"\x04")  # Ctrl-D at the friendly prompt: a soft reset runs main.py
            got = read_until(sock, b"main ran 2")
            assert got.index(b"MPY: soft reboot") < got.index(b"main ran 2")
            tail = got[got.index(b"main ran 2") :]
            read_until(sock, b">>> ", tail)  # and the REPL follows, as on a board
        assert runs(board) == 2 and board.reboots == 2


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs /proc (Linux)")
def test_a_main_py_that_never_ends_is_interrupted_by_mpremote(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "main.py").write_text("import time\nwhile True:\n    time.sleep_ms(10)\n")
    with VBoard(flash) as board:
        assert mpremote(board, "resume", "eval", "6 * 7").stdout.strip() == "42"
        assert board.reboots == 0


def test_an_error_in_main_py_is_printed_and_the_repl_follows(tmp_path):
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "main.py").write_text("print('booting')\nraise ValueError('broken main')\n")
    with VBoard(flash) as board:
        with socket.create_connection(("127.0.0.1", board.port), timeout=5) as sock:
            sock.sendall(b"\x04")
            got = read_until(sock, b">>> ")
        assert b"booting" in got and b"ValueError: broken main" in got
        assert mpremote(board, "resume", "eval", "1 + 2").stdout.strip() == "3"
