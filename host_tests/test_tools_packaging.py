"""pyproject.toml installs what the `fusebox` verbs need: every package they import or copy to a
board, the board profiles and the shipped rulesets (the tools find them next to tools/).

Building a wheel takes a network and seconds, so this reads the setuptools configuration and
applies it to the tree the way setuptools does; a fresh `pip install .` was checked by hand
(see the commit that added this test).
"""

import fnmatch
import subprocess
import sys
import tomllib
from pathlib import Path

from setuptools import find_namespace_packages

ROOT = Path(__file__).resolve().parent.parent
with open(ROOT / "pyproject.toml", "rb") as _f:
    SETUPTOOLS = tomllib.load(_f)["tool"]["setuptools"]


def installed_packages():
    find = SETUPTOOLS["packages"]["find"]
    assert find.get("namespaces") is True, "boards/ and firmware/rulesets/ have no __init__.py"
    return set(find_namespace_packages(where=str(ROOT), include=find["include"]))


def test_every_folder_of_code_the_verbs_use_is_installed():
    packages = installed_packages()
    for top in ("core", "firmware", "tools"):
        for src in (ROOT / top).rglob("*.py"):
            folder = src.parent.relative_to(ROOT)
            if "__pycache__" not in folder.parts:
                assert ".".join(folder.parts) in packages, folder
    assert {
        "boards",
        "firmware.rulesets",
        "tools.play",
        "tools.sim.cpython",
        "tools.sim.circuitpython",
    } <= packages
    assert not {p for p in packages if p.split(".")[0] in ("host_tests", "build", "docs")}


def test_the_board_profiles_and_rulesets_are_installed_as_package_data():
    data = SETUPTOOLS["package-data"]
    for package, folder in (("boards", "boards"), ("firmware.rulesets", "firmware/rulesets")):
        files = sorted((ROOT / folder).glob("*.json"))
        assert files
        for path in files:
            assert any(fnmatch.fnmatch(path.name, g) for g in data.get(package, ())), path


def test_ruleset_check_runs_without_the_board_libraries():
    # `fusebox ruleset check` is the one verb a ruleset designer needs: it must not import
    # mpremote (deploy), which a bare `pip install --no-deps .` does not bring.
    code = (
        "import sys\n"
        "sys.modules['mpremote'] = None\n"
        "from tools.__main__ import main\n"
        "sys.exit(main(['ruleset', 'check', sys.argv[1]]))\n"
    )
    res = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "firmware" / "rulesets" / "timebomb.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr[-2000:]
    assert "valid" in res.stdout
