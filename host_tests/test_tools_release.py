"""python -m tools release: a UF2 per MicroPython profile and a CIRCUITPY zip per CircuitPython
profile, named by the version, with SHA256SUMS. The zips are built here for real (CircuitPython's
mpy-cross); the UF2 builds are test_board_fusebox.py's, so here the builder hands back a file."""

import hashlib
import zipfile
from pathlib import Path

from tools.board import drive
from tools.firmware import build, release

CPY = "pico-ssd1306-circuitpython"


def test_the_profiles_split_into_uf2_boards_and_circuitpython_drives():
    mp, cp = release.profiles()
    assert mp == sorted(build.DIRS)
    assert CPY in cp and "macropad" in cp
    assert not set(mp) & set(cp)


def test_a_circuitpython_zip_holds_the_compiled_drive_and_is_the_same_each_time(tmp_path):
    n = release.circuitpython_zip(CPY, tmp_path / "a.zip")
    release.circuitpython_zip(CPY, tmp_path / "b.zip")
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip") as z:
        got = {i.filename: z.read(i) for i in z.infolist()}
    want = {p.lstrip("/"): d for p, d in drive.release_files(CPY)}
    assert got == want and len(got) == n > 100
    assert got["code.py"][:1] != b"C"  # CircuitPython runs code.py by name: the source
    mpy = [name for name in got if name.endswith(".mpy")]
    assert "firmware/app.mpy" in mpy and "lib/adafruit_display_text/bitmap_label.mpy" in mpy
    assert all(got[name][:2] == b"C\x06" for name in mpy)
    assert [name for name in got if name.endswith(".py")] == ["code.py"]
    assert "board.json" in got and "rulesets/timebomb.json" in got


def test_release_names_every_file_by_the_version_and_sums_them(tmp_path, monkeypatch):
    built = []

    class Builder:  # the UF2 build itself is test_board_fusebox.py's (minutes from nothing)
        def __init__(self, source=None, log=None):
            pass

        def build(self, board):
            built.append(board)
            path = tmp_path / ("%s.uf2" % board)
            path.write_bytes(board.encode() * 512)
            return path

    monkeypatch.setattr(build, "Builder", Builder)
    out = tmp_path / "release"
    rows = release.release(out, say=lambda *_: None)
    version = build.version()
    mp, cp = release.profiles()
    assert built == mp
    names = [name for name, _, _ in rows]
    assert names == ["fusebox-%s-%s.uf2" % (version, b) for b in mp] + [
        "fusebox-%s-%s-circuitpython.zip" % (version, b) for b in cp
    ]
    sums = (out / "SHA256SUMS").read_text().splitlines()
    assert len(sums) == len(names)
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest
    assert sorted(p.name for p in Path(out).iterdir()) == sorted(names + ["SHA256SUMS"])
