"""Firmware images: the flash map of the builds users flash, and a build's check against it."""
