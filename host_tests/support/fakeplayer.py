"""Fake audio players for tests on a host with no sound card: scripts put first on PATH."""

import sys

# Copies its stdin to $FAKE_OUT as it arrives and its argv to $FAKE_OUT.argv.
CAPTURE = (
    """#!%s
import os, sys
out = os.environ["FAKE_OUT"]
open(out + ".argv", "w").write(" ".join(sys.argv[1:]))
with open(out, "wb") as f:
    while True:
        data = sys.stdin.buffer.read1(65536)
        if not data:
            break
        f.write(data)
        f.flush()
"""
    % sys.executable
)


def player(folder, name, text=CAPTURE):
    """Write an executable `name` in folder (a capturing player unless text says otherwise)."""
    path = folder / name
    path.write_text(text)
    path.chmod(0o755)
    return path
