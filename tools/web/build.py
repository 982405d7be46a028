"""web: build the web simulator's static page and serve it on 127.0.0.1.

    python -m tools web                 # build into out/web, serve, print the URL
    python -m tools web --out DIR       # only build (a folder any static host can serve)

The page (tools/web/page/) runs the unmodified firmware on MicroPython WebAssembly, the npm
package pinned in tools/web/package.json (the same one tools/bench/wasm32.py uses), installed
with `npm ci` on first use. The built folder holds everything it needs, nothing from a CDN:
  index.html, fusebox.js         the page and its JavaScript
  micropython.mjs / .wasm        MicroPython compiled to WebAssembly
  flash.bin                      the board's flash: .mpy core and firmware, webboard.mpy
                                 (tools/web/webboard.py) and the hal_sim.mpy it builds on
                                 (tools/sim/hal_sim.py), the shipped rulesets
  boards.json                    every profile of boards/, as the page's board picker offers them
"""

import fcntl
import http.server
import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

from tools.runtimes import ROOT, _compile, compiled, compiled_sim_hal
from tools.sim import process as simproc

HERE = Path(__file__).resolve().parent
PAGE = HERE / "page"
NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
WASM_FILES = ("micropython.mjs", "micropython.wasm")
DEFAULT_OUT = ROOT / "out" / "web"
PORTS = range(47200, 47300)  # the ports this project's web servers may use
MAGIC = b"FBX1"  # flash.bin: MAGIC, u32 LE header length, JSON [[path, size], ...], the bytes


def npm_package():
    """The pinned wasm package's folder, after `npm ci` when it is missing or not the pinned
    version (SystemExit with the reason when Node.js/npm are not there or npm fails). A lock
    file keeps two builds at once (parallel tests) from running npm ci over each other."""
    lock = json.loads((HERE / "package-lock.json").read_text())
    want = lock["packages"]["node_modules/" + NPM_PACKAGE]["version"]
    pkg = HERE / "node_modules" / NPM_PACKAGE
    have = pkg / "package.json"
    with open(HERE / ".npm-ci.lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        if have.exists() and json.loads(have.read_text())["version"] == want:
            return pkg
        npm = shutil.which("npm")
        if not npm:
            sys.exit("web: needs npm (Node.js) to install %s@%s once" % (NPM_PACKAGE, want))
        print("web: npm ci (%s@%s) ..." % (NPM_PACKAGE, want), file=sys.stderr)
        res = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=HERE, capture_output=True, text=True
        )
        if res.returncode != 0 or not have.exists():
            sys.exit("web: npm ci failed:\n" + res.stderr[-2000:])
    return pkg


def web_profile(board):
    """The profile the page boots for `board`: the board's display, buttons, keymap, wires and
    buzzer, with the sim's driver (firmware/boardcheck.py knows it; the page's board is the
    web board of webboard.py) and no battery, so its frames are the sim's."""
    base = json.loads((ROOT / "boards" / (board + ".json")).read_text())
    prof = simproc.sim_profile(board)
    prof["name"] = board
    if base.get("buzzer"):
        prof["buzzer"] = dict(prof["buzzer"], resonance_hz=base["buzzer"]["resonance_hz"])
    prof["led"] = None
    return prof


def boards():
    """{palette, boards: [{name, title, profile}]}: every profile in boards/, the default board
    first, and the colour panels' RGB per palette index (firmware/drivers/palette.py)."""
    from tools.sim.frames import RGB

    names = sorted(p.stem for p in (ROOT / "boards").glob("*.json"))
    names.sort(key=lambda n: n != "pico-ssd1306")
    out = []
    for name in names:
        base = json.loads((ROOT / "boards" / (name + ".json")).read_text())
        out.append({"name": name, "title": base["title"], "profile": web_profile(name)})
    return {"palette": [list(c) for c in RGB], "boards": out}


def flash_files():
    """[(path on the flash, bytes)]: what deploy puts on a board, as .mpy, plus the web board
    and the sim board's HAL it builds on."""
    build = compiled("core")
    compiled("firmware")
    files = []
    for pkg in ("core", "firmware"):
        for p in sorted((build / pkg).rglob("*.mpy")):
            files.append((p.relative_to(build).as_posix(), p.read_bytes()))
    for p in sorted((ROOT / "firmware" / "rulesets").glob("*.json")):
        files.append(("rulesets/" + p.name, p.read_bytes()))
    board = build / "webboard.mpy"
    _compile(HERE / "webboard.py", board)
    files.append(("webboard.mpy", board.read_bytes()))
    files.append(("hal_sim.mpy", compiled_sim_hal().read_bytes()))
    return files


def bundle(files):
    head = json.dumps([[path, len(data)] for path, data in files]).encode()
    return MAGIC + struct.pack("<I", len(head)) + head + b"".join(data for _, data in files)


def build(out):
    """Write the page into `out` (emptied first); returns {file name: bytes} of what it holds."""
    out = Path(out)
    pkg = npm_package()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for p in PAGE.iterdir():
        shutil.copy(p, out / p.name)
    for name in WASM_FILES:
        shutil.copy(pkg / name, out / name)
    (out / "flash.bin").write_bytes(bundle(flash_files()))
    (out / "boards.json").write_text(json.dumps(boards()))
    return {p.name: p.stat().st_size for p in sorted(out.iterdir())}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(
        http.server.SimpleHTTPRequestHandler.extensions_map,
        **{".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"},
    )

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")  # a rebuilt page is the one you get
        super().end_headers()

    def log_message(self, format, *args):
        pass  # one line says the URL; requests are not news


def server(folder, port=0):
    """A ThreadingHTTPServer for `folder` on 127.0.0.1: `port`, or the first free in PORTS."""

    def handler(*args, **kwargs):
        return Handler(*args, directory=str(folder), **kwargs)

    for p in [port] if port else PORTS:
        try:
            return http.server.ThreadingHTTPServer(("127.0.0.1", p), handler)
        except OSError:
            if port:
                raise
    raise OSError("no free port in %d-%d" % (PORTS[0], PORTS[-1]))


def main(args):
    out = Path(args.out) if args.out else DEFAULT_OUT
    sizes = build(out)
    if args.out:
        print("web: built %s (%d files, %d bytes)" % (out, len(sizes), sum(sizes.values())))
        return 0
    try:
        httpd = server(out, args.port)
    except OSError as e:
        print("web: %s" % e, file=sys.stderr)
        return 1
    host, port = httpd.server_address[:2]
    print("Fusebox web simulator: http://%s:%d/ (Ctrl+C stops)" % (host, port), flush=True)
    try:
        httpd.serve_forever()
    finally:
        httpd.server_close()
    return 0
