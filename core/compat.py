"""What MicroPython has built in and CPython lacks, for code that runs on both: `const`."""

try:
    from micropython import const
except ImportError:

    def const(x):
        # CPython: the value itself (mpy-cross folds `_X = const(1)` at compile time).
        return x


__all__ = ["const"]
