"""The verbs from a `pip install` of the project (not editable) in a fresh venv outside the
checkout: `web --out`, `sim --script` and `deploy` to the emulated Pico work there, finding
mpy-cross and the unix port as every tool does (beside the running Python, then on PATH).

The venv gets only Fusebox itself, built from a copy of this tree's sources as pip builds any
project (setuptools from the index pip is set up to use: a few seconds from its cache). The
packages Fusebox depends on are this test run's own, through a .pth line, and their console
scripts (micropython, mpremote) are on PATH, not beside the venv's Python: so the lookup's
second place is what finds them. Each verb runs from a folder outside the checkout, so nothing
comes from the tree but through the install.
"""

import os
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from host_tests.support.board import require
from host_tests.support.unixport import micropython
from tools import pico
from tools.runtimes import ROOT

GOLDEN = ROOT / "host_tests" / "golden"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of the fresh venv, env to run it with, a work folder outside the checkout)."""
    micropython()  # the sim and the deploy below need the unix port (skips without one)
    base = tmp_path_factory.mktemp("install")
    # What the project's packaging takes, copied without the tree's build products: setuptools
    # would build from a stale build/lib (files the packaging no longer names would ship).
    src = base / "src"
    src.mkdir()
    junk = shutil.ignore_patterns("build", "node_modules", "__pycache__", "*.egg-info", ".*")
    for name in ("pyproject.toml", "README.md", "core", "firmware", "boards", "tools"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=junk)
        else:
            shutil.copy(ROOT / name, src / name)
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    py = env_dir / "bin" / "python"
    res = subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check"]
        + [str(src)],
        capture_output=True,
        text=True,
        cwd=base,
        timeout=300,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    ours = subprocess.run(
        [str(py), "-c", "import site; print(site.getsitepackages()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    deps = [p for p in site.getsitepackages() if Path(p).is_dir()]
    (Path(ours) / "fusebox-test-deps.pth").write_text("\n".join(deps) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    work = base / "work"
    work.mkdir()
    where = subprocess.run(
        [str(py), "-c", "import tools, firmware; print(tools.__file__, firmware.__file__)"],
        capture_output=True,
        text=True,
        cwd=work,
        env=env,
    )
    assert where.returncode == 0, where.stderr
    for path in where.stdout.split():
        assert Path(path).is_relative_to(Path(ours)), (path, ours)  # the install, not the tree
    return py, env, work


def verb(installed, *args, timeout=300):
    py, env, work = installed
    return subprocess.run(
        [str(py), "-m", "tools", *args],
        capture_output=True,
        text=True,
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
    )


def test_web_out_builds_the_page_from_the_install(installed, tmp_path):
    if not shutil.which("npm"):  # the page's npm package is installed on first use
        if os.environ.get("CI") == "true":
            pytest.fail("the web page needs npm (Node.js) (CI=true: the web tests may not skip)")
        pytest.skip("the web page needs npm (Node.js)")
    out = tmp_path / "site"
    res = verb(installed, "web", "--out", str(out))
    assert res.returncode == 0, res.stdout + res.stderr
    for name in ("index.html", "flash.bin", "micropython.wasm", "boards.json"):
        assert (out / name).stat().st_size > 0, name


def test_sim_script_on_the_unix_port_draws_the_golden_screens_from_the_install(
    installed, tmp_path
):
    from PIL import Image

    script = GOLDEN / "screens.sim"
    args = ("sim", "--runtime", "micropython", "--script", str(script), "--png", str(tmp_path))
    res = verb(installed, *args)
    assert res.returncode == 0, res.stdout + res.stderr
    for shot in ("menu", "timer"):
        got = Image.open(tmp_path / (shot + ".png")).convert("RGB")
        want = Image.open(GOLDEN / "pico-ssd1306" / (shot + ".png")).convert("RGB")
        assert got.tobytes() == want.tobytes(), shot


@pytest.mark.board
@pytest.mark.timeout(420)
def test_deploy_from_the_install_to_the_emulated_pico_it_starts(installed):
    require()
    py, env, work = installed
    # The firmware file where this run found it: the install has no ../shared/rp2/ beside it.
    env = dict(env, **{pico.FIRMWARE_ENV: str(pico.firmware_files()[0])})
    board = subprocess.Popen(
        [str(py), "-m", "tools", "pico", "--speed", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=work,
        env=env,
    )
    try:
        first = board.stdout.readline()  # pico: REPL at socket://127.0.0.1:PORT (...)
        assert "socket://" in first, first + board.stderr.read()
        url = first.split("REPL at ", 1)[1].split()[0]
        res = verb(installed, "deploy", "--port", url, timeout=400)
        assert res.returncode == 0, res.stdout + res.stderr
        assert "copied" in res.stdout, res.stdout
    finally:
        try:
            board.stdin.write("quit\n")
            board.stdin.close()
        except BrokenPipeError:
            pass  # it had ended: its stderr said why
        try:
            board.wait(timeout=30)
        except subprocess.TimeoutExpired:
            board.kill()
            board.wait()
        board.stdout.close()
        board.stderr.close()
