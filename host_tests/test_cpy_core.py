"""core/ runs unchanged on CircuitPython: every module imports and every ruleset plays a short game
with `micropython` reduced to const(), no MicroPython-only module and no ticks_* in `time`."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = ROOT / "host_tests" / "support" / "cpy_core_run.py"


def _run():
    out = subprocess.run(
        [sys.executable, str(RUN), str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_every_core_module_imports_and_every_ruleset_plays_with_circuitpythons_modules():
    lines = _run()
    imported = {line.split()[1] for line in lines if line.startswith("import ")}
    expected = set()
    for p in (ROOT / "core").rglob("*.py"):
        parts = p.relative_to(ROOT).with_suffix("").parts
        expected.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    assert imported == expected
    played = {line.split()[1] for line in lines if line.startswith(("game ", "prop "))}
    assert played == {p.name for p in (ROOT / "firmware" / "rulesets").glob("*.json")}
    assert "prop timer.json boom" in lines
    # core reached for no CircuitPython hardware module either: it is pure.
    assert lines[-1] == "reached -"


def test_the_narrowed_runtime_refuses_what_circuitpython_lacks(tmp_path):
    # The check can fail: a core-like module reaching for MicroPython's API is refused.
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import runpy, sys\n"
        "sys.argv = ['x', sys.argv[1]]\n"
        "try:\n"
        "    runpy.run_path(sys.argv[1] + '/host_tests/support/cpy_core_run.py')\n"
        "except SystemExit:\n"
        "    pass\n"
        "import micropython, time\n"
        "print(sorted(n for n in vars(micropython) if not n.startswith('_')))\n"
        "print(hasattr(time, 'ticks_ms'))\n"
        "try:\n"
        "    import machine\n"
        "except ImportError as e:\n"
        "    print('refused', e)\n"
    )
    out = subprocess.run(
        [sys.executable, str(probe), str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    tail = out.stdout.splitlines()[-3:]
    assert tail == ["['const']", "False", "refused no module named 'machine' on CircuitPython"]
