"""Boot what deploy put on a vboard, in the vboard's own interpreter, and read what it says."""

import time

from tools.board import deploy


def boot_on_vboard(board, *lines):
    """Run the deployed /main.py in the vboard's own interpreter (raw REPL, 192 KB heap), drive
    its sim board over the socket and return the output lines up to the final sync."""
    with deploy.Board(board.url) as b:
        b.t.exec_raw_no_follow("import main")
        line = b.t.serial
        line.write(("\n".join(lines + ("sync 1",)) + "\n").encode())
        out = b""
        deadline = time.monotonic() + 60
        while b"synced 1" not in out:
            assert time.monotonic() < deadline, out[-2000:]
            out += line.read(max(1, line.in_waiting))
        line.write(b"quit\n")
    return out.decode().splitlines()
