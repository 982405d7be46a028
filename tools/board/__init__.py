"""Talking to a board: deploy, a CircuitPython drive, ROMFS, rulesets, seat names, its figures."""
