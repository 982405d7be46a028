"""Shared fixtures: the shipped rulesets, loaded once through the core validator."""

import json
from pathlib import Path

import pytest

from core import ruleset

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "firmware" / "rulesets"


def load_shipped(name):
    with open(RULESETS / name) as f:
        return ruleset.load(json.load(f))


@pytest.fixture(scope="session")
def timebomb_rs():
    return load_shipped("timebomb.json")
