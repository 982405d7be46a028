"""The "simple" Time Bomb player of the balance tool: the shared wire-cutting plan (wires.py)."""

from tools.play.policies import wires


def choose(view, actions, rnd):
    # Sherlock plays to defuse, Moriarty to blow up; trust comes from the public log alone.
    return wires.cut(view, actions, rnd, view["role"] == "sherlock", wires.trust(view))
