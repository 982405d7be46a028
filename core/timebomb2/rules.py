"""TimeBomb II rulesets: the validator of the tables (loaded only while a ruleset loads).

Every number the rulebook states is data: the sets (a role and its troop cards) per player
count, the buildings per count (one per seat and the centre), each troop kind's bomb count, the
group size that triggers a storm check, and the two thresholds of T2-2.
"""

from core import check
from core.timebomb2.cards import (
    BUILDINGS,
    HIDEOUT,
    MAX_BOMB,
    MAX_HAND,
    MAX_SEATS,
    MAX_TOTAL,
    ROLES,
    TROOPS,
)


def validate(obj, rs):
    """Check the tables and store them normalised in rs (player-count keys as ints)."""

    check.no_extra(obj, "", check.HEADER + ("sets", "buildings", "bombs", "storm"))
    bombs = check.field(obj, "bombs", "", "dict")
    rs["bombs"] = _counts(bombs, "bombs", TROOPS, -MAX_BOMB, MAX_BOMB, True)
    st = check.field(obj, "storm", "", "dict")
    check.no_extra(st, "storm", ("troops", "storm_in", "explosion"))
    rs["storm"] = check.int_in(st, "troops", "storm", 1, MAX_HAND)
    # a total at or below storm_in storms in, at or above explosion blows up (ruling T2-2)
    lo = check.int_in(st, "storm_in", "storm", -MAX_TOTAL, MAX_TOTAL - 1)
    rs["thresholds"] = (lo, check.int_in(st, "explosion", "storm", lo + 1, MAX_TOTAL))
    sets = check.seat_table(obj, "sets", "", 3, MAX_SEATS)
    blds = check.seat_table(obj, "buildings", "", 3, MAX_SEATS)
    rs["sets"], rs["buildings"] = {}, {}
    for n in sets:
        rs["sets"][n] = _sets(sets[n], "sets." + str(n), n)
        if n not in blds:
            check.fail("sets." + str(n), "no building table for " + str(n) + " seats")
    for n in blds:
        p = "buildings." + str(n)
        counts = _counts(check.dict_at(blds[n], p), p, BUILDINGS, 0, MAX_SEATS + 1, True)
        if sum(counts) != n + 1:
            check.fail(p, str(sum(counts)) + " buildings for " + str(n) + " seats and the centre")
        if counts[HIDEOUT] < 1:
            check.fail(p, "needs at least one hideout")
        if n not in sets:
            check.fail(p, "no set table for " + str(n) + " seats")
        rs["buildings"][n] = counts
    counts = sorted(sets)
    rs["seats"] = (counts[0], counts[-1])


def _sets(groups, path, n):
    """[{"role", "count", troop counts}, ...] -> n (role, troop counts) pairs, one per seat."""
    if type(groups) is not list or not 1 <= len(groups) <= n:
        check.fail(path, "must be a list of 1.." + str(n) + " kinds of set")
    out = []
    for i, one in enumerate(groups):
        p = path + "." + str(i)
        check.dict_at(one, p)
        role = ROLES.index(check.one_of(one, "role", p, ROLES))
        count = check.int_in(one, "count", p, 1, n, False, 1)
        troops = _counts(one, p, TROOPS, 0, MAX_HAND, False, ("role", "count"))
        if not 1 <= sum(troops) <= MAX_HAND:
            check.fail(p, "a set holds 1.." + str(MAX_HAND) + " troop cards")
        for _ in range(count):
            out.append((role, troops))
    if len(out) != n:
        check.fail(path, str(len(out)) + " sets for " + str(n) + " seats")
    if len([s for s in out if s[0] == 0]) in (0, n):
        check.fail(path, "each side needs at least one set")
    return out


def _counts(obj, path, names, lo, hi, required, other=()):
    """Named counts {"swat": 3, ...} -> a list in the order of names (missing: 0 if optional)."""
    check.no_extra(obj, path, names + other)
    return [check.int_in(obj, k, path, lo, hi, required, 0) for k in names]
