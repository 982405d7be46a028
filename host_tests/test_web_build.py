"""python -m tools web: --out builds a self-contained static folder; without it the page is
served on 127.0.0.1 in the project's port range, with one line saying the URL."""

import json
import os
import shutil
import struct
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tools.web import build

ROOT = Path(__file__).resolve().parents[1]


def need_npm():
    if not shutil.which("npm") and not (build.HERE / "node_modules").exists():
        if os.environ.get("CI") == "true":
            pytest.fail("the web page needs npm (Node.js) (CI=true: the web tests may not skip)")
        pytest.skip("the web page needs npm (Node.js)")


def web(*args, **kw):
    return subprocess.Popen(
        [sys.executable, "-m", "tools", "web", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


def test_out_builds_a_folder_with_the_wasm_and_the_flash(tmp_path):
    need_npm()
    out = tmp_path / "site"
    proc = web("--out", str(out))
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stderr
    assert stdout.startswith("web: built %s (6 files, " % out)
    names = sorted(p.name for p in out.iterdir())
    want = ["boards.json", "flash.bin", "fusebox.js", "index.html"]
    assert names == sorted(want + ["micropython.mjs", "micropython.wasm"])
    raw = (out / "flash.bin").read_bytes()
    assert raw[:4] == build.MAGIC
    n = struct.unpack("<I", raw[4:8])[0]
    files = dict(json.loads(raw[8 : 8 + n]))
    assert 8 + n + sum(files.values()) == len(raw)
    assert "webboard.mpy" in files and "firmware/app.mpy" in files and "core/games.mpy" in files
    shipped = {p.name for p in (ROOT / "firmware" / "rulesets").glob("*.json")}
    assert {p[len("rulesets/") :] for p in files if p.startswith("rulesets/")} == shipped
    assert not [p for p in files if p.endswith(".py")]  # bytecode, as deploy puts on a board
    boards = json.loads((out / "boards.json").read_text())["boards"]
    assert [b["name"] for b in boards][0] == "pico-ssd1306"
    assert sorted(b["name"] for b in boards) == sorted(
        p.stem for p in (ROOT / "boards").glob("*.json")
    )


def test_serving_says_the_url_in_one_line_and_serves_the_page():
    need_npm()
    proc = web()
    try:
        line = proc.stdout.readline()
        assert line.startswith("Fusebox web simulator: http://127.0.0.1:"), line
        url = line.split()[3]
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert 47200 <= port <= 47299
        with urllib.request.urlopen(url, timeout=10) as r:
            assert b'src="fusebox.js"' in r.read()
        with urllib.request.urlopen(url + "micropython.wasm", timeout=10) as r:
            assert r.headers["Content-Type"] == "application/wasm"
            assert r.read(4) == b"\0asm"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stdout.close()
        proc.stderr.close()


def test_the_page_sources_are_installed_as_package_data():
    import fnmatch
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        patterns = tomllib.load(f)["tool"]["setuptools"]["package-data"]["tools.web"]
    here = ROOT / "tools" / "web"
    wanted = [p.relative_to(here).as_posix() for p in (here / "page").iterdir()]
    wanted += ["package.json", "package-lock.json"]
    for name in wanted:
        assert any(fnmatch.fnmatch(name, pat) for pat in patterns), name
