"""The frozen image's main.py: MicroPython runs a frozen main.py before any on the filesystem.

A development deploy (`python -m tools deploy`) puts a /main.py and the app's .mpy files on
littlefs; then that copy runs, its modules shadowing the frozen ones ("" comes first on
sys.path). `python -m tools deploy --remove` takes it away again and the frozen app comes back.
"""

import os

try:
    os.stat("/main.py")
except OSError:
    import firmware.main  # noqa: F401  (it starts the app when imported)
else:
    with open("/main.py") as f:
        exec(f.read(), {"__name__": "__main__"})
