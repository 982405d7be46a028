# ruff: noqa: F821  (freeze, package and module are the names makemanifest.py gives a manifest)
# What every Fusebox firmware freezes (fusebox.cmake names this file): the rp2 port's own
# modules (_boot.py mounts littlefs, rp2.py), core/ and firmware/ from the checkout, and the
# image's entry (main.py here). Not frozen: firmware/circuitpy/ (CircuitPython's layer) and the
# rulesets, which are data: they and the profile go in the ROMFS image the UF2 also carries
# (tools/firmware/image.py).
import os

freeze("$(PORT_DIR)/modules")
package("core", base_path="$(FUSEBOX_ROOT)")

# package() takes every .py under a folder, or a list: list firmware/ without its CircuitPython
# layer. A manifest sees no paths of its own; its functions' ManifestFile resolves them.
root = package.__self__._resolve_path("$(FUSEBOX_ROOT)")
app = []
for folder, dirs, names in os.walk(os.path.join(root, "firmware")):
    dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "circuitpy", "rulesets"))
    rel = os.path.relpath(folder, os.path.join(root, "firmware"))
    app += [os.path.normpath(os.path.join(rel, n)) for n in sorted(names) if n.endswith(".py")]
package("firmware", files=app, base_path="$(FUSEBOX_ROOT)")
module("main.py", base_path="$(FUSEBOX_BOARDS)")
