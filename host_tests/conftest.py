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


# -- scheduling under xdist (`pytest -n 2 --dist loadgroup`, as `make test` runs it) --------------
# A module of the emulated Pico's or the web page's tests shares one booted board or one browser
# page (module fixtures): it is one xdist group, so one worker makes that fixture once instead of
# both making it. The slowest modules are queued first, so the run does not end on one of them
# while the other worker idles.
_FIRST = ("host_tests.test_board_", "host_tests.test_fault_rulesets", "host_tests.test_web_")


def _queue_rank(item):
    name = item.module.__name__
    for rank, prefix in enumerate(_FIRST):
        if name.startswith(prefix):
            return rank
    return len(_FIRST)


def pytest_collection_modifyitems(config, items):
    for item in items:
        name = item.module.__name__
        if name.startswith(("host_tests.test_board_", "host_tests.test_web_")):
            item.add_marker(pytest.mark.xdist_group(name))
    items.sort(key=_queue_rank)  # stable: a module's tests stay together and in order
