"""What an It's a Bomb! action sets off: tokens, cuts, effects, the Countdown deck, the score."""

from core import const

# The tile and card codes live here too, as every It's a Bomb! module needs them (one module
# fewer to hold in RAM). Functions of the game `g` (core/itsabomb calls them after checking
# the action is legal); each appends its events to `events` and leaves the game consistent.


# Tile codes, indexes into KINDS. EMPTY is a grid cell without a tile (a hole of the shape or
# a tile left out); 2, 3 and 4 are the detonators, the receiver and the battery.
EMPTY = const(0)
GREY = const(1)
EXPLOSIVE = const(5)
FIRST_COLOUR = const(6)
KINDS = (
    "empty",
    "grey",
    "detonator",
    "receiver",
    "battery",
    "explosive",
    "red",
    "yellow",
    "green",
    "blue",
    "purple",
)

# Countdown deck codes: a Timer card is its value in seconds, the Explosion card is 0 and
# special card i of the scenario is -(i + 1).
EXPLOSION = const(0)

# Game phases, saved as ints.
SETUP = const(0)
PLAY = const(1)


def hidden(g, c):
    return g.grid[c] != EMPTY and not g.up[c]


def line(g, kind, i):
    """The cells of row or column i, in order."""
    rows, cols = g.rs["rows"], g.rs["cols"]
    if kind == "row":
        return range(i * cols, (i + 1) * cols)
    return range(i, rows * cols, cols)


def tokens(g, cells):
    """IB-4: one token per face-down tile that gives one, in the cells' order."""
    loud = g.rs["loud"]
    return [KINDS[g.grid[c]] for c in cells if hidden(g, c) and loud[g.grid[c]]]


def ask(g, kind, i, events):
    out = tokens(g, line(g, kind, i))
    if g.ordered:
        g.ordered = 0
    else:
        g.rng.shuffle(out)  # IB-4: a random order unless an effect says otherwise
    g.answers[i + (g.rs["rows"] if kind == "col" else 0)] = [KINDS.index(t) for t in out]
    events.append(("ask", kind, i, out))


def consult(g, k, events):
    g.used[k] = 1
    c = g.rs["consultants"][k]
    events.append(("consult", k, c["effect"], c["amount"]))
    apply(g, c["effect"], c["amount"], events)


def apply(g, effect, amount, events):
    """The effect primitives. Grid effects act only where the device holds the grid; in
    countdown mode they are announced and the human Crisis Unit carries them out."""
    if effect == "hold":
        g.hold += amount  # the next `amount` advances are skipped
    elif effect == "shield":
        g.shield = 1  # the next explosive cut does not go off
    elif effect == "no_ask":
        g.no_ask += amount  # the next `amount` rounds allow no question
    elif effect == "rush":
        advance(g, events, amount)
    elif g.crisis:
        if effect == "fewer_grey":
            g.empties += amount  # the team picks the places left empty
        elif effect == "ordered":
            g.ordered = 1  # the next answer comes in the line's order
        elif effect == "scan":
            g.scan = 1  # the team picks one tile and learns its token


def empty(g, c, events):
    """The team picks a place to leave empty. Its tile trades places with a grey one drawn at
    random (itself, if grey), which gives the same deal as if the place had been left empty
    before the tiles were shuffled; the public sees only the empty place."""
    out = [i for i in range(len(g.grid)) if g.grid[i] == GREY]
    k = out[g.rng.below(len(out))]
    g.grid[k] = g.grid[c]
    g.grid[c] = EMPTY
    g.empties -= 1


def cut(g, action, events):
    """IB-3: an explosive loses, a new colour skips the countdown, anything else advances it."""
    if g.crisis:
        c = action[1] * g.rs["cols"] + action[2]
        kind = g.grid[c]
        v = "explosive" if kind == EXPLOSIVE else "nothing"
        if kind >= FIRST_COLOUR:
            v = "new"  # unless a cable of this colour is already face up
            for i in range(len(g.grid)):
                if g.up[i] and g.grid[i] == kind:
                    v = "nothing"
        g.up[c] = 1
    else:
        v = action[1]
    if v == "explosive" and g.shield:
        g.shield = 0
        v = "shielded"
    if g.crisis:
        events.append(("cut", action[1], action[2], KINDS[kind], v))
    else:
        events.append(("cut", v))
    if v == "explosive":
        end(g, 1, "an explosive was cut", events)
    elif v == "new":
        g.found += 1
        if g.found == len(g.rs["colours"]):
            end(g, 0, "every colour is cut", events)
        else:
            end_round(g, events, False)
    else:
        end_round(g, events, True)


def end_round(g, events, ok):
    g.turn += 1
    g.clock = None
    g.left = None
    if g.no_ask:
        g.no_ask -= 1
    if not ok:
        return
    if g.hold:
        g.hold -= 1
        events.append(("hold", g.hold))
    else:
        advance(g, events, 1)


def advance(g, events, n):
    """IB-2: discard the top card; the Explosion loses, a special card is announced (IB-7)."""
    while n > 0 and g.result is None:
        n -= 1
        g.pos += 1
        card = g.rs["deck"][g.pos]
        if card == EXPLOSION:
            events.append(("countdown", "explosion"))
            end(g, 1, "the countdown reached the explosion", events)
        elif card > 0:
            events.append(("countdown", card))
        else:
            s = g.rs["specials"][-card - 1]
            events.append(("card", s["card"], -card - 1, s["effect"], s["amount"]))
            apply(g, s["effect"], s["amount"], events)


def end(g, k, message, events):
    g.result = (("players", "bomb")[k], message)
    if k == 0:
        # IB-6: +3 a Timer card left, +2 an unused Consultant, +1..3 by level, -1 a player.
        g.score = 3 * timers(g) + 2 * (len(g.used) - sum(g.used)) + g.rs["level"] - g.n
        events.append(("score", g.score))
    events.append(("win", g.result[0], message))


def timers(g):
    """Timer cards still in the deck, the one showing included."""
    return len([t for t in g.rs["deck"][g.pos :] if t > 0])
