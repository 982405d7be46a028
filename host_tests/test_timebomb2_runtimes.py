"""TimeBomb II playthrough vectors: identical transcripts on CPython and MicroPython (64k heap)."""

import pytest

from host_tests import runtimes
from host_tests.conftest import RULESETS

PLAYTHROUGH = runtimes.ROOT / "host_tests" / "playthrough.py"
SHIPPED = sorted(p.name for p in RULESETS.glob("timebomb2*.json"))


@pytest.mark.parametrize("name", SHIPPED)
def test_same_transcript_on_both_runtimes(name):
    text = runtimes.same_on_both(PLAYTHROUGH, RULESETS / name, 1, 2, 3, heap="64k")
    ends = [line for line in text.splitlines() if line.startswith("end ")]
    assert len(ends) == 3 * 3  # three seeds at each of 4, 5 and 6 players
    assert all('"swat"' in e or '"terrorists"' in e for e in ends)
    # the transcript holds storms and moving hideouts, not only quiet placements
    assert '"check"' in text and '"move"' in text


def test_shipped_rulesets_are_found():
    assert "timebomb2.json" in SHIPPED
