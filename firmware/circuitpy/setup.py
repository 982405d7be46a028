"""Start-up on CircuitPython, before the app: `framebuf` (which CircuitPython lacks) is the
firmware's own, the hardware is built from the profile, and saves go to microcontroller.nvm."""

import sys


def setup(profile="board.json", nvm=None):
    from firmware.circuitpy import framebuf

    sys.modules["framebuf"] = framebuf  # firmware/ui/text.py does `import framebuf`
    from firmware.circuitpy import hardware

    # Hardware first, so the display's bitmap gets a block before the heap fragments.
    hw = hardware.build(profile)
    if nvm is None:
        import microcontroller

        nvm = microcontroller.nvm
    from firmware import storage
    from firmware.circuitpy import nvmsave

    nvmsave.install(storage, nvm)
    return hw
