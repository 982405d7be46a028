"""Firmware images: the flash map of the builds users flash, and the checks of a build against it."""
