"""Developer checks: the MicroPython type check, and the wiring docs kept in step with boards/."""
