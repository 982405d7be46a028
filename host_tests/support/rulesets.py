"""The shipped rulesets: their folder, and one of them loaded through the core validator."""

import json
from pathlib import Path

from core import ruleset

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "firmware" / "rulesets"


def load_shipped(name):
    with open(RULESETS / name) as f:
        return ruleset.load(json.load(f))
