"""Talking to a board: deploy (and its removal), a CircuitPython drive, rulesets, seat names, its
figures."""
