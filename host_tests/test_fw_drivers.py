"""Display drivers on the MicroPython unix port against dummy buses that record every write.

The drivers need framebuf, which only MicroPython has, so each test runs a script under
the unix port with the repo on MICROPYPATH; the script prints `key json` lines that the
tests below check. `python host_tests/test_fw_drivers.py` prints the show() benchmark.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]

BUSES = """
import json, time, gc
import micropython

def out(key, value):
    print(key, json.dumps(value))

class Pin:
    OUT = 1
    def __init__(self, name="pin"):
        self.v = None
        self.edges = []
    def init(self, mode, value=None):
        self.v = value
    def __call__(self, v=None):
        if v is None:
            return self.v
        self.v = v
        self.edges.append(v)

class QuietPin(Pin):
    # No edge log: the heap-locked tests must not allocate in the dummy either.
    def __call__(self, v=None):
        if v is None:
            return self.v
        self.v = v

class I2C:
    def __init__(self):
        self.log = []
    def writevto(self, addr, parts):
        self.log.append([addr, list(b"".join(bytes(p) for p in parts))])

class SPI:
    # Records (dc level, bytes) per write, so tests see which bytes were commands.
    def __init__(self, dc):
        self.dc = dc
        self.log = []
    def write(self, buf):
        self.log.append([self.dc.v, list(bytes(buf))])

class Counter:
    # Counts bytes and writes without allocating: used with the heap locked.
    def __init__(self):
        self.n = 0
        self.writes = 0
    def writevto(self, addr, parts):
        for p in parts:
            self.n += len(p)
        self.writes += 1
    def write(self, buf):
        self.n += len(buf)
        self.writes += 1

def locked_show(disp):
    # show() must not allocate: with the heap locked any allocation raises MemoryError.
    micropython.heap_lock()
    try:
        disp.show()
        ok = True
    except MemoryError:
        ok = False
    micropython.heap_unlock()
    return ok

def bench(disp, bus, n=20):
    # Every frame differs from the last in every page (a driver that sends only what changed
    # sends it all): the cost of a whole new screen.
    bus.n = 0
    bus.writes = 0
    t0 = time.ticks_us()
    for i in range(n):
        disp.fill(1 - i % 2)
        disp.show()
    dt = time.ticks_diff(time.ticks_us(), t0)
    return {"us": dt // n, "bytes": bus.n // n, "writes": bus.writes // n}
"""


def run_mp(body, heap="4m"):  # the recording buses need room; drivers do not
    script = BUSES + body
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    res = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=ROOT,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    out = {}
    for line in res.stdout.splitlines():
        key, _, value = line.partition(" ")
        out[key] = json.loads(value)
    return out


SSD1306 = """
from firmware.drivers import ssd1306
i2c = I2C()
d = ssd1306.SSD1306_I2C(128, 64, i2c)
out("init", i2c.log)
i2c.log.clear()
d.pixel(0, 0, 1)
d.pixel(127, 63, 5)  # any non-zero palette index lights a mono pixel
d.pixel(3, 9, 2)
d.show()
out("show", i2c.log)
i2c.log.clear()
d.contrast(40)
out("contrast", i2c.log)
d32 = ssd1306.SSD1306_I2C(128, 32, I2C())
out("init32", d32.bus.i2c.log[0])
dc, cs, rst = Pin(), Pin(), Pin()
spi = SPI(dc)
t = ssd1306.SSD1306_SPI(72, 40, spi, dc, rst, cs, col_offset=28)
out("rst", rst.edges)
spi.log.clear()
t.fill(0)
t.pixel(0, 0, 1)  # the first and the last page change: the whole window is sent
t.pixel(71, 39, 1)
t.show()
out("spi_show", spi.log)
out("cs_idle", cs.v)
c = Counter()
out("locked", locked_show(ssd1306.SSD1306_I2C(128, 64, c)))
i2c = I2C()
d = ssd1306.SSD1306_I2C(128, 64, i2c)
d.fill(0)
d.text("menu", 0, 0, 1)
d.show()
i2c.log.clear()
d.show()
out("same", i2c.log)  # nothing changed: nothing sent
d.pixel(5, 3 * 8 + 2, 1)
d.show()
out("one_page", i2c.log)
i2c.log.clear()
d.pixel(6, 1 * 8, 1)
d.pixel(7, 5 * 8 + 7, 1)
d.show()
out("two_pages", i2c.log)
d = ssd1306.SSD1306_I2C(128, 64, Counter())
d.pixel(6, 1 * 8, 1)
out("locked_partial", locked_show(d))
"""


@pytest.fixture(scope="module")
def ssd():
    return run_mp(SSD1306)


def test_ssd1306_i2c_init_is_one_command_run(ssd):
    (addr, data), first_show = ssd["init"][0], ssd["init"][1:]
    assert addr == 0x3C and data[0] == 0x00
    seq = data[1:]
    assert seq[0] == 0xAE and seq[-1] == 0xAF  # off while configuring, on at the end
    assert seq[seq.index(0xA8) + 1] == 63  # multiplex = height - 1
    assert seq[seq.index(0xDA) + 1] == 0x12  # 64 rows: alternate COM pins
    assert seq[seq.index(0x8D) + 1] == 0x14  # charge pump on (internal VCC)
    assert seq[seq.index(0x20) + 1] == 0x00  # horizontal addressing
    assert len(first_show) == 2  # init clears the panel


def test_ssd1306_128x32_uses_sequential_com_pins(ssd):
    seq = ssd["init32"][1][1:]
    assert seq[seq.index(0xA8) + 1] == 31
    assert seq[seq.index(0xDA) + 1] == 0x02


def test_ssd1306_show_sets_the_window_then_sends_the_buffer(ssd):
    (a1, window), (a2, data) = ssd["show"]
    assert a1 == a2 == 0x3C
    assert window == [0x00, 0x21, 0, 127, 0x22, 0, 7]
    assert data[0] == 0x40 and len(data) == 1 + 1024
    buf = data[1:]
    assert buf[0] == 0x01  # (0, 0): page 0, column 0, bit 0
    assert buf[7 * 128 + 127] == 0x80  # (127, 63): last page, last column, bit 7
    assert buf[1 * 128 + 3] == 0x02  # (3, 9): page 1, bit 1
    assert sum(bin(b).count("1") for b in buf) == 3


def test_ssd1306_show_sends_only_the_pages_from_the_first_to_the_last_changed(ssd):
    assert ssd["same"] == []  # the panel shows that frame already
    (_, window), (_, data) = ssd["one_page"]
    assert window == [0x00, 0x21, 0, 127, 0x22, 3, 3]
    assert data[0] == 0x40 and len(data) == 1 + 128
    assert data[1 + 5] == 1 << 2  # (5, 26): page 3, column 5, bit 2
    (_, window), (_, data) = ssd["two_pages"]
    # Pages 1 and 5 changed: one run from 1 to 5 (one frame on the panel, never a torn one).
    assert window == [0x00, 0x21, 0, 127, 0x22, 1, 5]
    assert len(data) == 1 + 5 * 128
    assert data[1 + 6] == 1 and data[1 + 4 * 128 + 7] == 0x80
    assert data[1 + 2 * 128 + 5] == 1 << 2  # page 3 again, as it was sent: unchanged pages too
    assert ssd["locked_partial"] is True


def test_ssd1306_contrast(ssd):
    assert ssd["contrast"] == [[0x3C, [0x00, 0x81, 40]]]


def test_ssd1306_spi_small_panel_offset_and_dc(ssd):
    assert ssd["rst"] == [0, 1]  # one reset pulse
    runs = []  # the page writes of one data run, joined
    for dc, data in ssd["spi_show"]:
        if runs and runs[-1][0] == dc == 1:
            runs[-1][1].extend(data)
        else:
            runs.append((dc, list(data)))
    (dc1, window), (dc2, data) = runs
    assert dc1 == 0 and dc2 == 1  # commands with D/C low, pixels with D/C high
    assert window == [0x21, 28, 28 + 71, 0x22, 0, 4]  # the 72 columns sit at 28..99
    assert len(data) == 72 * 5
    assert data[4 * 72 + 71] == 0x80
    assert ssd["cs_idle"] == 1


def test_ssd1306_show_allocates_nothing(ssd):
    assert ssd["locked"] is True


SH1106 = """
from firmware.drivers import sh1106
i2c = I2C()
d = sh1106.SH1106_I2C(128, 64, i2c)
out("init", i2c.log[0])
i2c.log.clear()
d.pixel(0, 8, 1)
d.pixel(127, 0, 3)
d.show()
out("show", i2c.log)
out("locked", locked_show(sh1106.SH1106_I2C(128, 64, Counter())))
"""


@pytest.fixture(scope="module")
def sh():
    return run_mp(SH1106)


def test_sh1106_init(sh):
    seq = sh["init"][1][1:]
    assert seq[0] == 0xAE and seq[-1] == 0xAF
    assert seq[seq.index(0xA8) + 1] == 63
    assert seq[seq.index(0xAD) + 1] == 0x8B


def test_sh1106_writes_eight_pages_at_column_two(sh):
    writes = sh["show"]
    assert len(writes) == 16  # a command and a data write per page
    for page in range(8):
        _, cmd = writes[2 * page]
        _, data = writes[2 * page + 1]
        # page address, then column 2 as low nibble 0x02 and high nibble 0x10
        assert cmd == [0x00, 0xB0 | page, 0x02, 0x10]
        assert data[0] == 0x40 and len(data) == 129
    assert writes[3][1][1] == 0x01  # (0, 8) is page 1, first column, bit 0
    assert writes[1][1][128] == 0x01  # (127, 0) is page 0, last column


def test_sh1106_show_allocates_nothing(sh):
    assert sh["locked"] is True


ST7789 = """
from firmware.drivers import st7789, palette
dc, cs, bl = Pin(), Pin(), None
spi = SPI(dc)
d = st7789.ST7789(240, 135, spi, dc, cs)
out("init", spi.log[:40])
spi.log.clear()
d.fill(palette.BLACK)
d.pixel(0, 0, palette.RED)
d.pixel(1, 0, palette.BLUE)
d.pixel(239, 0, palette.WHITE)
d.pixel(120, 64, palette.GREEN)
d.pixel(239, 134, palette.YELLOW)  # last row: in the 7-row tail strip
d.fill_rect(10, 130, 3, 2, palette.PURPLE)
d.show()
cmds = [w for w in spi.log if w[0] == 0]
data = [w for w in spi.log if w[0] == 1]
out("cmds", [c[1][0] for c in cmds])
out("window", [data[0][1], data[1][1]])
strips = [len(w[1]) for w in data[2:]]
out("strips", strips)
px = bytearray()
for w in data[2:]:
    px.extend(bytes(w[1]))
def at(x, y):
    i = 2 * (y * 240 + x)
    return px[i] << 8 | px[i + 1]
out("px", {"00": at(0, 0), "10": at(1, 0), "2390": at(239, 0), "12064": at(120, 64),
           "239134": at(239, 134), "10131": at(10, 131), "12131": at(12, 131),
           "13131": at(13, 131), "5050": at(50, 50)})
out("rgb", [palette.rgb565(*c) for c in palette.RGB[:8]])
out("mem", {"buffer": len(d.buffer), "strip": len(d.strip), "palette": len(d.palette)})
flip = st7789.ST7789(240, 135, SPI(dc), dc, None, None, None, 180)
out("flip", [flip.x0, flip.y0, flip.madctl])
out("locked", locked_show(st7789.ST7789(240, 135, Counter(), QuietPin(), QuietPin())))
"""


@pytest.fixture(scope="module")
def st():
    return run_mp(ST7789)


def test_st7789_init_sets_rgb565_and_landscape(st):
    init = st["init"]
    cmds = {}
    for i, (dc, data) in enumerate(init):
        if dc == 0 and i + 1 < len(init) and init[i + 1][0] == 1:
            cmds[data[0]] = init[i + 1][1]
    assert cmds[0x3A] == [0x05]  # 16-bit colour
    assert cmds[0x36] == [0x70]  # landscape on the Display Pack
    assert [0x01] in [d for dc, d in init if dc == 0]  # software reset first


def test_st7789_window_has_the_display_pack_offsets(st):
    assert st["cmds"] == [0x2A, 0x2B, 0x2C]
    cols, rows = st["window"]
    assert cols == [0, 40, 0x01, 0x17]  # columns 40..279
    assert rows == [0, 53, 0, 187]  # rows 53..187
    assert st["flip"] == [40, 52, 0xB0]  # turned 180 degrees: rows from 52


def test_st7789_sends_strips_never_a_frame(st):
    strips = st["strips"]
    assert strips == [240 * 8 * 2] * 16 + [240 * 7 * 2]
    assert sum(strips) == 240 * 135 * 2
    assert st["mem"] == {"buffer": 16200, "strip": 3840, "palette": 32}


def test_st7789_strip_colours_match_the_palette(st):
    rgb = st["rgb"]
    black, white, red, blue, green, yellow, _, purple = rgb
    assert st["px"] == {
        "00": red,
        "10": blue,
        "2390": white,
        "12064": green,
        "239134": yellow,
        "10131": purple,
        "12131": purple,
        "13131": black,
        "5050": black,
    }
    assert red == (230 >> 3) << 11 | (40 >> 2) << 5 | 40 >> 3


def test_st7789_show_allocates_nothing(st):
    assert st["locked"] is True


BENCH = """
from firmware.drivers import ssd1306, sh1106, st7789

def made(make):
    # Heap the driver object holds (buffers included), measured around its construction.
    c = Counter()
    gc.collect()
    before = gc.mem_alloc()
    d = make(c)
    gc.collect()
    heap = gc.mem_alloc() - before
    r = bench(d, c)
    r["heap"] = heap
    return r

out("ssd1306_i2c_128x64", made(lambda c: ssd1306.SSD1306_I2C(128, 64, c)))
out("ssd1306_spi_72x40", made(lambda c: ssd1306.SSD1306_SPI(72, 40, c, QuietPin(), None,
                                                               QuietPin(), 28)))
out("sh1106_i2c_128x64", made(lambda c: sh1106.SH1106_I2C(128, 64, c)))
out("st7789_spi_240x135", made(lambda c: st7789.ST7789(240, 135, c, QuietPin(), QuietPin())))
"""


def test_bytes_per_show():
    res = run_mp(BENCH)
    assert res["ssd1306_i2c_128x64"]["bytes"] == 7 + 1025
    assert res["ssd1306_spi_72x40"]["bytes"] == 6 + 360
    assert res["sh1106_i2c_128x64"]["bytes"] == 8 * (4 + 129)
    assert res["st7789_spi_240x135"]["bytes"] == 1 + 4 + 1 + 4 + 1 + 64800
    # The colour driver holds its palette frame and one strip, nowhere near a 64,800-byte frame.
    assert 16200 + 3840 < res["st7789_spi_240x135"]["heap"] < 16200 + 3840 + 1500
    # The SSD1306 holds its frame and a copy of what it last sent (to send only what changed),
    # with a view of each page of both: 3,744 B on the 64-bit unix port (objects are twice a
    # board's size there).
    assert 2 * 1024 < res["ssd1306_i2c_128x64"]["heap"] < 2 * 1024 + 1800


if __name__ == "__main__":
    for name, r in run_mp(BENCH).items():
        print(
            "%-20s show() %5d us  %6d bytes/show  %3d writes  heap %6d bytes"
            % (name, r["us"], r["bytes"], r["writes"], r["heap"])
        )


def test_palette_on_cpython():
    from firmware.drivers import palette

    assert len(palette.RGB) == palette.COLOURS == 16
    rgb = [palette.rgb565(*palette.RGB[i]) for i in range(palette.COLOURS)]
    assert rgb[0] == 0x0000 and rgb[1] == 0xFFFF  # black, white
    assert palette.rgb565(255, 0, 0) == 0xF800 and palette.rgb565(0, 0, 255) == 0x001F
    assert len({palette.RGB[i] for i in range(8)}) == 8  # the eight named colours differ


def test_battery_percent_is_linear_and_clamped():
    from firmware.hardware import battery_percent

    assert [battery_percent(mv, 3000, 4200) for mv in (2000, 3000, 3600, 4199, 4200, 5000)] == [
        0,
        0,
        50,
        99,
        100,
        100,
    ]
