"""The board profiles (boards/NAME.json): one lookup, so every verb names unknown boards alike."""

import json
import os

from tools.runtimes import ROOT as TOOLS_ROOT

ROOT = str(TOOLS_ROOT)


def names(root=ROOT):
    """The known board names, sorted (boards/NAME.json)."""
    folder = os.path.join(root, "boards")
    return sorted(n[:-5] for n in os.listdir(folder) if n.endswith(".json"))


def profile(name, root=ROOT):
    """The bytes of boards/NAME.json, or OSError listing the known boards."""
    known = names(root)
    if name not in known:
        raise OSError("no board profile %r (have: %s)" % (name, ", ".join(known)))
    with open(os.path.join(root, "boards", name + ".json"), "rb") as f:
        return f.read()


def load(name, root=ROOT):
    """boards/NAME.json parsed, or OSError listing the known boards."""
    return json.loads(profile(name, root))
