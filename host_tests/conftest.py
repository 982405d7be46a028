"""Shared fixtures: the shipped rulesets, loaded once through the core validator."""

import pytest

from host_tests.support.rulesets import load_shipped


@pytest.fixture(scope="session")
def timebomb_rs():
    return load_shipped("timebomb.json")


# -- the emulated Pico's tests under CI ----------------------------------------------------------
# host_tests/test_board_*.py (marked `board`) skip outside CI when Node.js or the firmware file is
# missing; under CI (CI=true) a skipped or never-passing board test fails the whole run.
_BOARD = {"seen": 0, "passed": 0, "skipped": 0}


def pytest_runtest_logreport(report):
    if "board" not in report.keywords:
        return
    _BOARD["seen"] += 1
    if report.skipped:
        _BOARD["skipped"] += 1
    elif report.when == "call" and report.passed:
        _BOARD["passed"] += 1


def pytest_sessionfinish(session, exitstatus):
    import os

    if os.environ.get("CI") != "true" or hasattr(session.config, "workerinput"):
        return
    if _BOARD["skipped"] or (_BOARD["seen"] and not _BOARD["passed"]):
        print(
            "\nCI: board tests skipped or none passed (%(skipped)d skipped): the emulated Pico"
            " must run here" % _BOARD
        )
        session.exitstatus = 1


# -- scheduling under xdist (`pytest -n 3 --dist loadscope --no-loadscope-reorder`, as `make test`
# runs it on two cores) ---------------------------------------------------------------------------
# Each module is one unit of work on one worker, so a module fixture (a deployed, booted board, a
# browser page) is made once. (`--dist loadgroup` with xdist_group marks did this before, but
# pytest-xdist 3.8.0 marks a group by assigning `item._nodeid`, which pytest 9 no longer reads:
# the groups were silently ignored and every board module's fixture was made on both workers.)
# The slowest modules are queued first, in this order (host seconds of one `make test`, measured
# with --durations), so the run does not end on one of them while the other workers idle.
_FIRST = (
    "host_tests.test_board_fusebox",  # ~100, and it builds the firmware the others boot
    "host_tests.test_fault_rulesets",  # ~140 s in 8 tests (pinned files follow)
    "host_tests.test_board_faults",  # ~115
    "host_tests.test_app_fuzz",  # ~95
    "host_tests.test_board_circuitpython",  # ~90
    "host_tests.test_board_taps",  # ~90
    "host_tests.test_board_timebomb",  # ~90
    "host_tests.test_board_sleep",  # ~95 (one test: 100 s of board time at the idle menu)
    "host_tests.test_board_cut_sweep",  # ~70
    "host_tests.test_board_display_pack",  # ~70 (its board.json deployed on the stock image)
    "host_tests.test_board_thumby",  # ~55
    "host_tests.test_board_sh1106",  # ~55
    "host_tests.test_web_",  # ~75 in 3 modules
    "host_tests.test_tools_install",  # ~45 (a venv, a pip install, a deploy to the Pico)
    "host_tests.test_board_timer",  # ~40
    "host_tests.test_board_deploy",  # ~20
    "host_tests.test_board_heap",  # ~15
)


def _queue_rank(item):
    name = item.module.__name__
    for rank, prefix in enumerate(_FIRST):
        if name.startswith(prefix):
            return rank
    return len(_FIRST)


def pytest_collection_modifyitems(config, items):
    items.sort(key=_queue_rank)  # stable: a module's tests stay together and in order
