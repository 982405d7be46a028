"""Drawing cases for a framebuf stand-in, run on it and on the unix port's framebuf, compared.

Hypothesis strategies (kits of ops a module draws like MicroPython), fixed sweeps and glyph
cases, constructor attempts, and same(), which names the first case that differs.
"""

import subprocess
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from host_tests.support.unixport import micropython as unix_port

ROOT = Path(__file__).resolve().parents[2]
VLSB, RGB, GS4, HLSB, HMSB, GS2, GS8 = 0, 1, 2, 3, 4, 5, 6
BPP = {VLSB: 1, RGB: 16, GS4: 4, HLSB: 1, HMSB: 1, GS2: 2, GS8: 8}
ROUND = {VLSB: 0, RGB: 0, GS4: 1, HLSB: 7, HMSB: 7, GS2: 3, GS8: 0}

# Runs unchanged on MicroPython and CPython; `fbm` is the framebuf module under test. A case is
# (spec, ops); a spec (format, w, h, stride or None, seed) gets a patterned buffer with 3 spare
# bytes, so untouched padding and writes past the frame both show in the bytes compared.
RUNNER = """
import binascii


def make(fbm, spec):
    fmt, w, h, stride, seed = spec
    s = w if stride is None else stride
    s = (s + ROUND[fmt]) & ~ROUND[fmt]
    rows = (h + 7) & ~7 if fmt == 0 else h
    n = rows * s * BPP[fmt] // 8 + 3
    buf = bytearray((i * 73 + seed * 29 + (i >> 3)) & 255 for i in range(n))
    if stride is None:
        return buf, fbm.FrameBuffer(buf, w, h, fmt)
    return buf, fbm.FrameBuffer(buf, w, h, fmt, stride)


def run_case(fbm, case):
    spec, ops = case
    buf, fb = make(fbm, spec)
    reads = []
    for op in ops:
        name, args = op[0], op[1:]
        if name == "blit":
            pal = make(fbm, args[4])[1] if args[4] else None
            fb.blit(make(fbm, args[0])[1], args[1], args[2], args[3], pal)
        elif name == "pixel" and len(args) == 2:
            reads.append(fb.pixel(args[0], args[1]))
        else:
            getattr(fb, name)(*args)
        reads.append(binascii.crc32(buf))  # every step, so a later op cannot hide a wrong one
    return binascii.hexlify(buf).decode() + " " + repr(reads)
"""


def micropython(cases):
    """Each case's result from one run of the real framebuf on the unix port."""
    main = "import framebuf\nROUND = %r\nBPP = %r\nfor c in %s:\n print(run_case(framebuf, c))\n"
    src = RUNNER + main % (ROUND, BPP, ascii(cases))
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "cases.py"
        script.write_text(src, encoding="utf-8")
        cmd = [unix_port(), str(script)]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=True)
    return out.stdout.splitlines()


def cpython(fbm, cases):
    env = {"ROUND": ROUND, "BPP": BPP}
    exec(RUNNER, env)
    return [env["run_case"](fbm, c) for c in cases]


# Frames the firmware uses (SSD1306 and the ST7789 palette frame), an 8x8 glyph scratch, odd
# sizes that leave padding bits, and every other format on a small frame.
FRAMES = [(VLSB, 128, 64), (HLSB, 8, 8), (GS4, 240, 135), (VLSB, 127, 33), (GS4, 127, 33)]
FRAMES += [(HLSB, 13, 5), (HMSB, 13, 5), (RGB, 17, 9), (GS2, 15, 7), (GS8, 11, 6)]
NCOL = {VLSB: 2, HLSB: 2, HMSB: 2, GS2: 4, GS4: 16, GS8: 256}  # palette width per source format
INT32 = [-1, 0xFFFF, 0x10000, 2**31 - 1, -(2**31)]
colours = st.one_of(
    st.integers(0, 1),
    st.integers(0, 15),
    st.integers(-70000, 70000),
    st.sampled_from(INT32 + [2**32, 2**32 + 1, 2**40]),
)
texts = st.text(
    st.one_of(
        st.sampled_from("Aaz09 ~!?\x7f\x00\x01\x1f\x80\xa0é€ß😀"),
        st.characters(exclude_categories=("Cs",)),
    ),
    max_size=10,
)
# What pygraphics draws like MicroPython (its differences: test_framebuf_standin_pygraphics.py):
# no line, no text (another font), colours and keys that fit a C int.
LIKE_PG = {
    "kinds": "fill rect hline vline pixel get blit scroll".split(),
    "colours": st.one_of(st.integers(0, 15), st.integers(-70000, 70000), st.sampled_from(INT32)),
    "texts": st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=10),
}
FULL = {"kinds": LIKE_PG["kinds"] + ["line", "text"], "colours": colours, "texts": texts}
# What the sim's framebuf (tools/sim/cpython/framebuf.py: pygraphics with MicroPython's font)
# draws like MicroPython: everything, in colours that fit a C int.
LIKE_SIM = dict(LIKE_PG, kinds=LIKE_PG["kinds"] + ["line", "text"], texts=texts)


@st.composite
def specs(draw, frames=FRAMES, small=False):
    fmt, w, h = draw(st.sampled_from(frames))
    if small:
        fmt = draw(st.sampled_from(sorted(BPP)))
        w, h = draw(st.integers(1, 20)), draw(st.integers(1, 12))
    stride = draw(st.one_of(st.none(), st.integers(w, w + 9)))
    return (fmt, w, h, stride, draw(st.integers(0, 255)))


@st.composite
def ops(draw, w, h, kit=FULL):
    xs = st.one_of(st.integers(-9, w + 9), st.integers(-300, 300))
    ys = st.one_of(st.integers(-9, h + 9), st.integers(-300, 300))
    ls = st.one_of(st.integers(-3, 20), st.integers(-300, 300))
    colours, texts = kit["colours"], kit["texts"]
    kind = draw(st.sampled_from(kit["kinds"]))
    if kind == "fill":
        return ("fill", draw(colours))
    if kind == "rect":
        name = draw(st.sampled_from(["rect", "fill_rect", "rect_fill"]))
        args = (draw(xs), draw(ys), draw(ls), draw(ls), draw(colours))
        return ("rect",) + args + (True,) if name == "rect_fill" else (name,) + args
    if kind in ("hline", "vline"):
        return (kind, draw(xs), draw(ys), draw(ls), draw(colours))
    if kind == "line":
        return ("line", draw(xs), draw(ys), draw(xs), draw(ys), draw(colours))
    if kind == "pixel":
        return ("pixel", draw(xs), draw(ys), draw(colours))
    if kind == "get":
        return ("pixel", draw(xs), draw(ys))
    if kind == "text":
        colour = draw(st.one_of(st.just(()), st.tuples(colours)))  # the default colour too
        return ("text", draw(texts), draw(xs), draw(ys)) + colour
    if kind == "scroll":
        return ("scroll", draw(xs), draw(ys))
    src = draw(specs(small=True))
    pal = None
    if src[0] in NCOL and draw(st.booleans()):
        pfmt, seed = draw(st.sampled_from(sorted(BPP))), draw(st.integers(0, 255))
        pal = (pfmt, NCOL[src[0]], 1, None, seed)
    key = draw(st.one_of(st.just(-1), st.integers(0, 16), colours))
    return ("blit", src, draw(xs), draw(ys), key, pal)


@st.composite
def cases(draw, kit=FULL):
    spec = draw(specs())
    return (spec, draw(st.lists(ops(spec[1], spec[2], kit), min_size=1, max_size=12)))


def same(fbm, batch):
    """Assert the module drew every case like MicroPython, naming the first case that differs."""
    want = micropython(batch)
    ours = cpython(fbm, batch)
    assert len(want) == len(ours) == len(batch)
    for case, got, real in zip(batch, ours, want, strict=True):
        assert got == real, "differs from MicroPython on %r" % (case,)


# Batches keep the micropython runs few; shrinking would rerun them for minutes, so the failing
# case is named by same() instead.
BATCH = st.lists(cases(), min_size=30, max_size=30)
PG_BATCH = st.lists(cases(LIKE_PG), min_size=30, max_size=30)
SIM_BATCH = st.lists(cases(LIKE_SIM), min_size=30, max_size=30)
FAST = settings(
    max_examples=6,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=list(HealthCheck),
)


def sweeps(skip=()):
    """Fixed cases for the edges random ops rarely hit: every line direction from each edge,
    every scroll step around the frame size, text with NULs and non-ASCII, blit keys. `skip`
    leaves out "line", "text" or "big" (a key past 2**31) for a module known to differ."""
    out = []
    for n, (fmt, w, h) in enumerate(FRAMES):
        xs, ys = (-3, 0, 2, w // 2, w - 1, w, w + 5), (-3, 0, 1, h // 2, h - 1, h, h + 4)
        pts = [(x, y) for x in xs for y in ys]
        lines = [
            ("line",) + a + b + ((1, 0, 5, 0xABCD)[i % 4],)
            for i, a in enumerate(pts)
            for b in pts[i % 5 :: 5]
        ]
        texts = ["\x00abc", "a\x00b", "é€😀", "\x7f\x80", "~ ", "Hi!", ""]
        if "line" not in skip:
            out.append(((fmt, w, h, None, n), lines))
        if "text" not in skip:
            out.append(
                ((fmt, w, h, None, n), [("text", t, x, y, 3) for t in texts for x, y in pts[::4]])
            )
        steps = (-w - 1, -w, 1 - w, -1, 0, 1, w - 1, w, w + 1)
        hsteps = (-h - 1, -h, 1 - h, -1, 0, 2, h - 1, h, h + 1)
        if w * h < 1000:
            out.append(((fmt, w, h, None, n), [("scroll", a, b) for a in steps for b in hsteps]))
        src, pal = (GS4, 7, 5, None, n), (RGB, 16, 1, None, 9)
        keys = list(range(-1, 17)) + [0xFFFF] + ([] if "big" in skip else [2**32 - 1])
        out.append(
            (
                (fmt, w, h, None, n),
                [("blit", src, k % 9 - 2, 1 - k % 3, k, None) for k in keys]
                + [("blit", src, k % 4 - 2, -1, k, pal) for k in keys],
            )
        )
    return out


def glyphs(codes):
    """Each character alone on a frame wide enough for its UTF-8 bytes, after a marker 'A'."""
    return [
        ((VLSB, 48, 8, None, 0), [("fill", 0), ("text", "A" + chr(c) + "A", 0, 0)]) for c in codes
    ]


# Constructor calls, good and bad, run on both runtimes: the error types must match.
ATTEMPTS = """[
    (bytearray(64), 8, 8, 0), (bytearray(7), 8, 8, 0), (bytearray(64), 0, 8, 6),
    (bytearray(64), 8, -1, 6), (bytearray(64), 8, 8, 7), (bytearray(9), 9, 9, 0),
    (bytearray(4), 7, 1, 2), (bytearray(3), 7, 1, 2), (bytearray(9), 3, 3, 4, 9),
    (bytearray(9), 3, 3, 1, 2), (bytearray(64), 8, 8, 1.0),
]"""
TRY = """
def outcomes(fbm, attempts):
    out = []
    for a in attempts:
        try:
            fbm.FrameBuffer(*a)
            out.append("ok")
        except Exception as e:
            out.append(type(e).__name__)
    return out
"""


def constructor_outcomes(fbm):
    """What each of ATTEMPTS gives on fbm, as MicroPython's run prints it (in the same order)."""
    src = TRY + "import framebuf\nprint(outcomes(framebuf, %s))\n" % ATTEMPTS
    real = subprocess.run([unix_port(), "-c", src], capture_output=True, text=True, timeout=60)
    env: dict = {}
    exec(TRY, env)
    return repr(env["outcomes"](fbm, eval(ATTEMPTS))), real.stdout.strip()


def draw_on_a_subclass(fbm):
    """SimDisplay's and SSD1306's shape: own fields set before the base __init__; drawing must
    land in self.buffer (worked out by hand: page 1 holds rows 8..11 in its low nibble)."""

    class Display(fbm.FrameBuffer):
        def __init__(self, width, height):
            self.width = width
            self.height = height
            self.buffer = bytearray(width * ((height + 7) // 8))
            super().__init__(self.buffer, width, height, fbm.MONO_VLSB)

    d = Display(16, 12)
    d.fill_rect(0, 0, 16, 12, 1)
    d.pixel(3, 9, 0)
    assert (d.width, d.height, d.pixel(3, 9), d.pixel(4, 9)) == (16, 12, 0, 1)
    assert d.buffer == bytes([0xFF] * 16 + [0x0F] * 3 + [0x0D] + [0x0F] * 12)
