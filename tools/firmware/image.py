"""image: the data Fusebox's own firmware carries beside its frozen code, as a ROMFS image.

MicroPython mounts the ROMFS partition at /rom. Ours holds what a blank board needs before its
first menu and what is data, not code: the board's profile (/rom/board.json, which
firmware/hardware.py reads when no /board.json was deployed) and the shipped rulesets
(/rom/rulesets/*.json, listed by firmware/catalog.py beside the ones `ruleset push` writes to
littlefs). The flash map is boards/micropython/fusebox.cmake's.
"""

import json
import os

from tools import boards
from tools.firmware import romfs
from tools.firmware.flashmap import ROMFS
from tools.runtimes import ROOT

RULESETS = ROOT / "firmware" / "rulesets"


def files(board):
    """[(path under /rom, bytes)] for a profile: its board.json and every shipped ruleset."""
    profile = boards.profile(board, str(ROOT))
    json.loads(profile)  # a broken profile fails here, not on the board
    out = [("/board.json", profile)]
    for name in sorted(os.listdir(RULESETS)):
        if name.endswith(".json"):
            out.append(("/rulesets/" + name, (RULESETS / name).read_bytes()))
    return out


def build(board):
    """The ROMFS image (bytes) of a profile's files; ValueError when it outgrows the partition."""
    image = romfs.build(files(board))
    room = ROMFS[1] - ROMFS[0]
    if len(image) > room:
        raise ValueError(
            "the ROMFS image for %s is %d bytes, over its %d-byte partition: make "
            "MICROPY_HW_ROMFS_BYTES larger (boards/micropython/)" % (board, len(image), room)
        )
    return image
