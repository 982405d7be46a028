"""Fusebox firmware: the device app and its hardware layer (MicroPython); no work at import."""
