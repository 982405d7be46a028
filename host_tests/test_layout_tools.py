"""tools/ by job: `ls tools` is the list of what the host side does.

STYLE.md models tools/ on mpremote and circup: a package a job (the simulators, talking to a
board, the virtual board, firmware images, playing many games, benchmarks, the emulated Pico,
the web page, developer checks), each package and module opening with a line that says what it
is, and no family of `x_*.py` side by side at the top. The CLI keeps every verb.
"""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
# The CLI's entry, the board lookup, finding the interpreters and the `run` verb (which joins a
# board and the simulator): everything else belongs to the package of its job.
TOP_MODULES = {"__init__.py", "__main__.py", "boards.py", "runtimes.py", "run.py"}
PACKAGES = {"bench", "board", "dev", "firmware", "pico", "play", "sim", "vboard", "web"}
VERBS = "run sim vboard pico deploy ruleset names balance figures web firmware wiring".split()


def _sources():
    return sorted(p for p in TOOLS.rglob("*.py") if "node_modules" not in p.parts)


def test_the_top_of_tools_is_packages_and_a_handful_of_modules():
    modules = {p.name for p in TOOLS.glob("*.py")}
    assert modules <= TOP_MODULES, "put %s in the package of its job" % sorted(
        modules - TOP_MODULES
    )
    packages = {p.name for p in TOOLS.iterdir() if (p / "__init__.py").exists()}
    assert packages == PACKAGES


def test_every_package_and_module_opens_with_what_it_is():
    missing = []
    for path in _sources():
        doc = ast.get_docstring(ast.parse(path.read_text()))
        if not doc or not doc.strip().splitlines()[0].strip():
            missing.append(path.relative_to(ROOT).as_posix())
    assert not missing, "no opening docstring: " + ", ".join(missing)


def test_every_folder_of_python_is_a_package():
    folders = {p.parent for p in _sources()}
    loose = [f.relative_to(ROOT).as_posix() for f in folders if not (f / "__init__.py").exists()]
    assert not loose, "folders of modules without an __init__.py saying what they are: %s" % loose


def test_the_cli_keeps_every_verb():
    res = subprocess.run(
        [sys.executable, "-m", "tools", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert res.returncode == 0, res.stderr
    for verb in VERBS:
        assert verb in res.stdout, verb
        one = subprocess.run(
            [sys.executable, "-m", "tools", verb, "--help"],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert one.returncode == 0 and "usage:" in one.stdout, (verb, one.stderr[-500:])
