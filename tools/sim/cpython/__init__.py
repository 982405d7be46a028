"""The firmware under CPython: the modules MicroPython has built in, for hosts with no unix port.

run.py is started with this folder on sys.path (not as a package), so `import framebuf` and
`import micropython` inside the firmware find framebuf.py and micropython.py here.
"""


def backend():
    """Which framebuf the firmware gets under CPython: "pygraphics" or "pyframebuf"."""
    import os

    if os.environ.get("FUSEBOX_FRAMEBUF") != "py":
        try:
            import pygraphics  # noqa: F401

            return "pygraphics"
        except ImportError:
            pass
    return "pyframebuf"
