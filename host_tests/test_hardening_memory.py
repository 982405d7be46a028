"""Memory margins you can see: every shipped game ruleset at its largest table plays a whole
game on the sim (.mpy) in the heap the README claims, and its cross-runtime vector runs on
MicroPython in the vectors' heap, deal after deal (fragmentation differs from seed to seed).
A sample of seeds here; `python -m tools.bench --only margins` runs 30 of them."""

import pytest

from tools.bench import sim as bench

RULESETS = bench.game_rulesets()
SEEDS = (3, 29)  # the two deals of 1-30 that once failed Undercover at 96 KB of core heap


@pytest.fixture(scope="module")
def flash(tmp_path_factory):
    return tmp_path_factory.mktemp("margins") / "flash"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game,entry,path,seats", RULESETS, ids=[r[2].name for r in RULESETS])
def test_a_whole_game_at_the_largest_table_fits_the_claimed_heap(
    flash, game, entry, path, seats, seed
):
    assert bench.game_fits(game, entry, seats, flash, seed), "%s seed %d at %s" % (
        path.name,
        seed,
        bench.GAME_HEAP,
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game,entry,path,seats", RULESETS, ids=[r[2].name for r in RULESETS])
def test_the_vector_at_the_largest_table_fits_its_heap(game, entry, path, seats, seed):
    assert bench.vector_fits(path, seats[1], seed)


def test_the_check_fails_in_a_heap_too_small(flash):
    game, entry, path, seats = [r for r in RULESETS if r[2].name == "undercover.json"][0]
    assert not bench.game_fits(game, entry, seats, flash, 3, heap="96k")
