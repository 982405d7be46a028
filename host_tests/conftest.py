"""Shared fixtures: the shipped rulesets, loaded once through the core validator."""

import pytest

from host_tests.support.rulesets import load_shipped


@pytest.fixture(scope="session")
def timebomb_rs():
    return load_shipped("timebomb.json")
