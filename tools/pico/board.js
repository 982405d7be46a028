// An emulated Raspberry Pi Pico (rp2040js) running unmodified MicroPython, with the parts of a
// board profile (--board boards/NAME.json; pico-ssd1306 by default) around it: its display on
// its bus and pins, its buttons, wires, buzzer, RGB LED and battery divider. Driven by JSON lines
// on stdin (commands) and stdout (replies and events); the USB CDC REPL is bridged to a loopback
// TCP socket.
//
// What rp2040js 1.4.1 lacks and this file adds (see ../shared/rp2/README.md):
//  - a SPI-NOR flash behind the SSI (the boot ROM's erase/program spin forever on its stub);
//  - USB CDC OUT requests parked until the host has bytes, a device SOF every emulated ms;
//  - the displays: an SSD1306 or SH1106 on I2C that also answers MicroPython's bit-banged
//    I2C.scan() at pin level, an SSD1306 or ST7789 on its SPI block (rp2040js's RPSPI, with
//    the D/C, CS and reset pins), each byte charged its bus time.
// Emulated time is the cycle count (125 MHz); WFI sleeps jump to the next alarm.
'use strict';

const fs = require('fs');
const path = require('path');
const net = require('net');
const readline = require('readline');
const { RP2040, USBCDC, GPIOPinState } = require('rp2040js');

const FLASH_SIZE = 2 * 1024 * 1024;
const CYCLE_NS = 8; // 125 MHz

function parseArgs(argv) {
  const o = { port: 0, firmware: null, bootrom: null, flash: null, speed: 1, vsys: 5000 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (k === '--port') (o.port = +v), i++;
    else if (k === '--firmware') (o.firmware = v), i++;
    else if (k === '--bootrom') (o.bootrom = v), i++;
    else if (k === '--flash') (o.flash = v), i++;
    else if (k === '--vsys') (o.vsys = +v), i++;
    else if (k === '--speed') (o.speed = +v), i++;
    else if (k === '--gc-end') (o.gcEnd = +v), i++;
    else if (k === '--port-max') (o.portMax = +v), i++;
    else if (k === '--board') (o.board = v), i++;
    else if (k === '--circuitpython') o.circuitpython = true;
    else throw new Error('unknown option ' + k);
  }
  return o;
}

const opts = parseArgs(process.argv.slice(2));

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

// ---------------------------------------------------------------- the board's clock
// Each MCU (one per power-up) has its own SimulationClock from 0; the board's time adds the
// lengths of the earlier power-ups, so timestamps keep growing across hard resets.
let mcu = null;
let baseNs = 0;
function nowNs() {
  return baseNs + (mcu ? mcu.clock.nanos : 0);
}
function nowMs() {
  return nowNs() / 1e6;
}

// ---------------------------------------------------------------- SPI-NOR flash (W25Q16JV-like)
// Timings: typical figures of a W25Q16JV datasheet (page program 0.4 ms, 4 KB sector erase 45 ms,
// 32 KB 120 ms, 64 KB 150 ms). An operation takes effect when its busy time ends; a hard reset
// during it leaves it partly done (a prefix programmed, a prefix of the sector erased).
const T_PP = 400e3;
const T_SE = 45e6;
const T_BE32 = 120e6;
const T_BE64 = 150e6;

class SpiFlash {
  constructor() {
    this.data = new Uint8Array(FLASH_SIZE).fill(0xff);
    this.wel = false;
    this.sr2 = 0x02; // QE set, as boot2 wants it
    this.pending = null; // {kind, addr, len, bytes, start, end}
    this.cmd = [];
    this.dirty = false;
    this.stats = { programs: 0, erases: 0 };
    // Polling a busy chip: the CPU would spin (interrupts off) until the operation ends, so the
    // board's clock jumps there at once, as it does over WFI: same board time, less host time.
    this.skipBusy = null;
    // While on (command flash_log), every program and erase as it began: a power cut at any
    // moment can be replayed on the host from an image saved before them (tools/pico/cuts.py).
    this.log = null;
  }
  busy() {
    if (this.pending && nowNs() >= this.pending.end) this.finish();
    return this.pending !== null;
  }
  finish(fraction = 1) {
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    const n = Math.floor(p.len * fraction);
    if (p.kind === 'erase') {
      this.data.fill(0xff, p.addr, p.addr + n);
    } else {
      for (let i = 0; i < n; i++) {
        const a = (p.addr & ~0xff) | ((p.addr + i) & 0xff); // page wrap, as the chip does
        this.data[a] &= p.bytes[i];
      }
    }
    this.dirty = true;
  }
  cut() {
    // power lost: whatever part of the operation had time to happen, happened
    if (!this.pending) return;
    const p = this.pending;
    const f = Math.max(0, Math.min(1, (nowNs() - p.start) / (p.end - p.start)));
    this.finish(f);
  }
  select() {
    this.busy();
    this.cmd = [];
    this.readAddr = -1;
  }
  // one byte exchanged while selected; returns the byte the chip drives
  xfer(b) {
    const c = this.cmd;
    c.push(b);
    const op = c[0];
    const n = c.length;
    switch (op) {
      case 0x05: // read status 1
        if (n > 1 && this.busy() && this.skipBusy) this.skipBusy(this.pending.end - nowNs());
        return n > 1 ? (this.busy() ? 1 : 0) | (this.wel ? 2 : 0) : 0;
      case 0x35: // read status 2
        return n > 1 ? this.sr2 : 0;
      case 0x9f: // JEDEC ID: Winbond W25Q16
        return [0, 0xef, 0x40, 0x15][n - 1] ?? 0;
      case 0x4b: // unique ID: 4 dummy bytes, then 8 bytes
        return n > 5 ? [0xe6, 0x60, 0x58, 0x38, 0x83, 0x4f, 0x2c, 0x26][(n - 6) % 8] : 0;
      case 0xab: // release power-down / device ID
        return n > 4 ? 0x14 : 0;
      case 0x03: // read
      case 0x0b: {
        // fast read: one dummy byte
        const hdr = op === 0x03 ? 4 : 5;
        if (n <= hdr) return 0;
        const a = ((c[1] << 16) | (c[2] << 8) | c[3]) + (n - hdr - 1);
        return this.data[a % FLASH_SIZE];
      }
    }
    return 0;
  }
  deselect() {
    const c = this.cmd;
    this.cmd = [];
    if (!c.length) return;
    const op = c[0];
    const addr = c.length >= 4 ? ((c[1] << 16) | (c[2] << 8) | c[3]) % FLASH_SIZE : 0;
    if (op === 0x06) this.wel = true;
    else if (op === 0x04) this.wel = false;
    else if (op === 0x01 || op === 0x31) {
      if (this.wel && op === 0x31 && c.length > 1) this.sr2 = c[1] | 0x02;
      if (this.wel && op === 0x01 && c.length > 2) this.sr2 = c[2] | 0x02;
      this.wel = false;
    } else if ((op === 0x02 || op === 0x20 || op === 0x52 || op === 0xd8) && c.length >= 4) {
      if (!this.wel || this.busy()) return;
      this.wel = false;
      const t0 = nowNs();
      if (op === 0x02) {
        const bytes = c.slice(4, 4 + 256);
        this.pending = { kind: 'prog', addr, len: bytes.length, bytes, start: t0, end: t0 + T_PP };
        this.stats.programs++;
        if (this.log) this.log.push(this.pending);
        if (this.onWrite) this.onWrite();
      } else {
        const size = op === 0x20 ? 4096 : op === 0x52 ? 32768 : 65536;
        const t = op === 0x20 ? T_SE : op === 0x52 ? T_BE32 : T_BE64;
        const a = addr & ~(size - 1);
        this.pending = { kind: 'erase', addr: a, len: size, start: t0, end: t0 + t };
        this.stats.erases++;
        if (this.log) this.log.push(this.pending);
        if (this.onWrite) this.onWrite();
      }
    } else if (op === 0x60 || op === 0xc7) {
      if (this.wel) this.data.fill(0xff), (this.wel = false), (this.dirty = true);
    }
  }
}

// The SSI as the boot ROM and boot2 use it in standard SPI mode: each byte written to DR0 is
// shifted through the chip at once and its answer queued in the RX FIFO. Chip select is the
// IO_QSPI SS override (flash_cs_force) or, in automatic mode, "until the SSI went idle" (a read
// of SR after the TX FIFO drained ends the transfer, which is where boot2 waits).
class FlashSSI {
  constructor(flash) {
    this.flash = flash;
    this.regs = new Map();
    this.rx = [];
    this.forced = null; // null: automatic CS; true: forced low (selected); false: forced high
    this.autoSel = false;
  }
  csForce(outover) {
    // IO_QSPI GPIO_QSPI_SS_CTRL OUTOVER: 2 = drive low, 3 = drive high, 0 = normal
    if (outover === 2) {
      if (this.forced !== true) this.flash.select();
      this.forced = true;
    } else {
      if (this.forced === true) this.flash.deselect();
      this.forced = outover === 3 ? false : null;
    }
  }
  readUint32(off) {
    switch (off) {
      case 0x20: // TXFLR
        return 0;
      case 0x24: // RXFLR
        return this.rx.length;
      case 0x28: // SR: TFNF | TFE | RFNE, never busy (bytes move at once)
        if (this.forced === null && this.autoSel) {
          this.flash.deselect();
          this.autoSel = false;
        }
        return 0x6 | (this.rx.length ? 0x8 : 0);
      case 0x58:
        return 0x51535049;
      case 0x5c:
        return 0x3430312a;
      case 0x60: // DR0
        return this.rx.length ? this.rx.shift() : 0;
    }
    return this.regs.get(off) || 0;
  }
  writeUint32(off, v) {
    if (off === 0x60) {
      if (this.forced === false) {
        this.rx.push(0xff);
        return;
      }
      if (this.forced === null && !this.autoSel) {
        this.flash.select();
        this.autoSel = true;
      }
      this.rx.push(this.flash.xfer(v & 0xff));
      if (this.rx.length > 16) this.rx.shift();
      return;
    }
    if (off === 0x08 && !(v & 1)) {
      // SSIENR off: the FIFOs clear
      this.rx = [];
      if (this.autoSel) this.flash.deselect(), (this.autoSel = false);
    }
    this.regs.set(off, v);
  }
  writeUint32Atomic(off, v, type) {
    const old = type ? this.readUint32(off) : 0;
    this.writeUint32(off, type === 1 ? old ^ v : type === 2 ? old | v : type === 3 ? old & ~v : v);
  }
  writeUint8(off, v) {
    this.writeUint32(off & ~3, v);
  }
  writeUint16(off, v) {
    this.writeUint32(off & ~3, v);
  }
  readUint8(off) {
    return this.readUint32(off & ~3) & 0xff;
  }
  readUint16(off) {
    return this.readUint32(off & ~3) & 0xffff;
  }
}

class IOQSPI {
  constructor(ssi) {
    this.ssi = ssi;
    this.regs = new Map();
  }
  readUint32(off) {
    if (off === 0x08) {
      // GPIO_QSPI_SS_STATUS: the pin reads high when floated (the board's pull-up): BOOTSEL off
      return (1 << 17) | (1 << 19);
    }
    return this.regs.get(off) || 0;
  }
  writeUint32Atomic(off, v, type) {
    // atomic aliases (+0x1000 xor, +0x2000 set, +0x3000 clear) of the same register
    const old = this.regs.get(off) || 0;
    this.writeUint32(off, type === 1 ? old ^ v : type === 2 ? old | v : type === 3 ? old & ~v : v);
  }
  writeUint32(off, v) {
    this.regs.set(off, v >>> 0);
    if (off === 0x0c) this.ssi.csForce((v >> 8) & 3);
  }
  writeUint8(off, v) {
    this.writeUint32(off, v);
  }
  writeUint16(off, v) {
    this.writeUint32(off, v);
  }
  readUint8(off) {
    return this.readUint32(off & ~3) & 0xff;
  }
  readUint16(off) {
    return this.readUint32(off & ~3) & 0xffff;
  }
}

// ---------------------------------------------------------------- the displays
// Each model decodes its controller's command stream into the controller's RAM, the way the
// chip does, and counts a frame when a data run ends having filled the window (the SH1106,
// which has no window, when a run ends on its last page). panel() is what the glass shows, in
// the orientation the sim draws its frame: MONO_VLSB width x height for the OLEDs, RGB565
// big-endian (as the ST7789 takes it on the wire) for the colour LCD. The bus adapters below
// (I2C: control bytes; SPI: the D/C pin) call command(b), data(b) and end().
const FRAME_LOG_BYTES = 64 * 1024 * 1024; // the frames kept for `frames`, by their hex size

class Display {
  constructor(width, height, fmt) {
    this.width = width;
    this.height = height;
    this.fmt = fmt;
    this.frames = []; // {n, t, b (bus bytes since the last frame), data (hex of the panel)}
    this.frameCount = 0;
    this.lastFrameNs = 0;
    this.logBytes = 0;
    this.busBytes = 0; // bytes the display took on its bus since the last frame
    this.busTotal = 0;
  }
  // I2C: after the address, a control byte (Co, D/C#) then command or data bytes
  begin() {
    this.expectCtrl = true;
    this.isData = false;
  }
  byte(b) {
    this.busBytes++;
    this.busTotal++;
    if (this.expectCtrl) {
      this.co = !!(b & 0x80);
      const isData = !!(b & 0x40);
      if (this.isData !== isData || !this.started) this.run(isData);
      this.expectCtrl = false;
      return;
    }
    if (this.isData) this.data(b);
    else this.command(b);
    if (this.co) this.expectCtrl = true;
  }
  // SPI: the D/C pin says which; a change of it starts a new run
  spiByte(isData, b) {
    this.busBytes++;
    this.busTotal++;
    if (!this.started || this.isData !== isData) this.run(isData);
    if (isData) this.data(b);
    else this.command(b);
  }
  run(isData) {
    if (this.started) this.end();
    this.started = true;
    this.isData = isData;
    this.written = 0;
    this.runStart();
  }
  end() {
    if (!this.started) return;
    this.started = false;
    if (this.isData && this.runFilled()) this.frame();
  }
  runStart() {}
  frame() {
    this.frameCount++;
    this.lastFrameNs = nowNs();
    const data = Buffer.from(this.panel()).toString('hex');
    const last = this.frames.length ? this.frames[this.frames.length - 1] : null;
    const same = last && last.data === data;
    this.frames.push({ n: this.frameCount, t: nowMs(), b: this.busBytes, data: same ? last.data : data });
    this.busBytes = 0;
    if (!same) this.logBytes += data.length;
    while (this.frames.length > 1 && (this.frames.length > 4000 || this.logBytes > FRAME_LOG_BYTES)) {
      const gone = this.frames.shift();
      if (this.frames[0].data !== gone.data) this.logBytes -= gone.data.length;
    }
  }
  state() {
    return { on: this.on, contrast: this.contrast, invert: this.invert };
  }
}

// SSD1306: 8 pages x 128 columns of GDDRAM; horizontal, vertical and page addressing. A panel
// smaller than 128x64 (the Thumby's 72x40) is wired to the COM lines from 0 and to the SEG lines
// from its column offset (in the remapped orientation, the modules' own).
const SSD_ARGS = {
  0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xa8: 1, 0xd3: 1, 0xda: 1, 0xd5: 1, 0xd9: 1, 0xdb: 1,
  0x8d: 1, 0xad: 1, 0xa3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5,
};
class SSD1306 extends Display {
  constructor(width = 128, height = 64, colOffset = 0) {
    super(width, height, 'mono_vlsb');
    this.colOffset = colOffset;
    this.ram = new Uint8Array(1024);
    this.powerOn();
  }
  powerOn() {
    this.on = false;
    this.invert = false;
    this.entire = false;
    this.contrast = 0x7f;
    this.segRemap = false;
    this.comDec = false;
    this.mode = 2; // page addressing after reset
    this.col0 = 0;
    this.col1 = 127;
    this.page0 = 0;
    this.page1 = 7;
    this.col = 0;
    this.page = 0;
    this.startLine = 0;
    this.chargePump = false;
    this.cmd = [];
  }
  command(b) {
    const c = this.cmd;
    c.push(b);
    const need = SSD_ARGS[c[0]] || 0;
    if (c.length <= need) return;
    this.cmd = [];
    const op = c[0];
    if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0xa6 || op === 0xa7) this.invert = op === 0xa7;
    else if (op === 0xa4 || op === 0xa5) this.entire = op === 0xa5;
    else if (op === 0xa0 || op === 0xa1) this.segRemap = op === 0xa1;
    else if (op === 0xc0 || op === 0xc8) this.comDec = op === 0xc8;
    else if (op === 0x81) this.contrast = c[1];
    else if (op === 0x8d) this.chargePump = !!(c[1] & 4);
    else if (op === 0x20) this.mode = c[1] & 3;
    else if (op === 0x21) (this.col0 = c[1] & 127), (this.col1 = c[2] & 127), (this.col = this.col0);
    else if (op === 0x22) (this.page0 = c[1] & 7), (this.page1 = c[2] & 7), (this.page = this.page0);
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op >= 0x10 && op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0xf) << 4);
    else if (op >= 0x40 && op <= 0x7f) this.startLine = op & 63;
  }
  data(b) {
    this.ram[this.page * 128 + this.col] = b;
    this.written++;
    if (this.mode === 0) {
      if (this.col >= this.col1) {
        this.col = this.col0;
        this.page = this.page >= this.page1 ? this.page0 : this.page + 1;
      } else this.col++;
    } else if (this.mode === 1) {
      if (this.page >= this.page1) {
        this.page = this.page0;
        this.col = this.col >= this.col1 ? this.col0 : this.col + 1;
      } else this.page++;
    } else if (this.col < 127) this.col++;
  }
  runFilled() {
    const area = (this.col1 - this.col0 + 1) * (this.page1 - this.page0 + 1);
    return this.written >= area && this.mode !== 2;
  }
  // Off or charge pump off: dark.
  panel() {
    const w = this.width;
    const h = this.height;
    const out = new Uint8Array(w * (h >> 3));
    if (!this.on || !this.chargePump) return out;
    for (let y = 0; y < h; y++) {
      const row = this.comDec ? y : h - 1 - y;
      const src = (row + this.startLine) & 63;
      for (let x = 0; x < w; x++) {
        const col = this.segRemap ? x + this.colOffset : 127 - x - this.colOffset;
        let bit = (this.ram[(src >> 3) * 128 + col] >> (src & 7)) & 1;
        if (this.entire) bit = 1;
        if (this.invert) bit ^= 1;
        if (bit) out[(y >> 3) * w + x] |= 1 << (y & 7);
      }
    }
    return out;
  }
}

// SH1106: 8 pages x 132 columns, page addressing only (B0+page, column low and high nibbles;
// the column counts up to 131 and stays there); a 128-column glass on SEG 2..129, so the
// visible columns start at 2 in the remapped orientation (the modules' col_offset). No
// charge pump command: the DC-DC (AD 8B) and the display on/off decide what the glass shows.
const SH_ARGS = { 0x81: 1, 0xa8: 1, 0xd3: 1, 0xda: 1, 0xd5: 1, 0xd9: 1, 0xdb: 1, 0xad: 1 };
class SH1106 extends Display {
  constructor(width = 128, height = 64, colOffset = 2) {
    super(width, height, 'mono_vlsb');
    this.colOffset = colOffset;
    this.ram = new Uint8Array(132 * 8);
    this.powerOn();
  }
  powerOn() {
    this.on = false;
    this.invert = false;
    this.entire = false;
    this.contrast = 0x80;
    this.segRemap = false;
    this.comDec = false;
    this.col = 0;
    this.page = 0;
    this.startLine = 0;
    this.dcdc = true; // AD's reset value: 8B, on
    this.cmd = [];
  }
  command(b) {
    const c = this.cmd;
    c.push(b);
    const need = SH_ARGS[c[0]] || 0;
    if (c.length <= need) return;
    this.cmd = [];
    const op = c[0];
    if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0xa6 || op === 0xa7) this.invert = op === 0xa7;
    else if (op === 0xa4 || op === 0xa5) this.entire = op === 0xa5;
    else if (op === 0xa0 || op === 0xa1) this.segRemap = op === 0xa1;
    else if (op === 0xc0 || op === 0xc8) this.comDec = op === 0xc8;
    else if (op === 0x81) this.contrast = c[1];
    else if (op === 0xad) this.dcdc = !!(c[1] & 1);
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op >= 0x10 && op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0xf) << 4);
    else if (op >= 0x40 && op <= 0x7f) this.startLine = op & 63;
  }
  runStart() {
    this.runPage = this.page;
  }
  data(b) {
    if (this.col < 132) this.ram[this.page * 132 + this.col] = b;
    this.written++;
    if (this.col < 131) this.col++;
  }
  runFilled() {
    return this.runPage === (this.height >> 3) - 1 && this.written >= this.width;
  }
  panel() {
    const w = this.width;
    const h = this.height;
    const out = new Uint8Array(w * (h >> 3));
    if (!this.on || !this.dcdc) return out;
    for (let y = 0; y < h; y++) {
      const row = this.comDec ? y : h - 1 - y;
      const src = (row + this.startLine) & 63;
      for (let x = 0; x < w; x++) {
        const col = this.segRemap ? x + this.colOffset : 131 - x - this.colOffset;
        let bit = (this.ram[(src >> 3) * 132 + col] >> (src & 7)) & 1;
        if (this.entire) bit = 1;
        if (this.invert) bit ^= 1;
        if (bit) out[(y >> 3) * w + x] |= 1 << (y & 7);
      }
    }
    return out;
  }
}

// ST7789: 240x320 of RGB565 frame memory, written through the CASET/RASET window by RAMWR,
// mapped to it by MADCTL (MV exchanges rows and columns, MX/MY reverse the column/row order
// after the exchange, BGR swaps red and blue), 16 or 18 bits a pixel by COLMOD. Sleep, display
// on/off and inversion as after SWRESET. The glass is the Pico Display Pack's 1.14in 240x135
// IPS, seen as the pack is held (landscape, buttons left and right): viewed (x, y) is memory
// row 40 + x, column 186 - y (Pimoroni's 240x135 offsets). Like all such IPS glass it shows
// the colours right only with inversion on (INVON): with it off, every pixel shows inverted.
const ST_GLASS = { width: 240, height: 135, row0: 40, col1: 186 };
class ST7789 extends Display {
  constructor() {
    super(ST_GLASS.width, ST_GLASS.height, 'rgb565');
    this.mem = new Uint16Array(240 * 320);
    this.powerOn();
    this.bl = 255; // the backlight (PWM duty on its pin, 0..255), set by the board
  }
  powerOn() {
    this.sleep = true;
    this.on = false;
    this.inv = false;
    this.madctl = 0;
    this.colmod = 0x66;
    this.xs = 0;
    this.xe = 239;
    this.ys = 0;
    this.ye = 319;
    this.op = -1;
    this.args = [];
  }
  command(b) {
    this.op = b;
    this.args = [];
    if (b === 0x01) this.powerOn();
    else if (b === 0x10 || b === 0x11) this.sleep = b === 0x10;
    else if (b === 0x20 || b === 0x21) this.inv = b === 0x21;
    else if (b === 0x28 || b === 0x29) this.on = b === 0x29;
    else if (b === 0x2c) (this.x = this.xs), (this.y = this.ys), (this.px = []), (this.pixels = 0);
  }
  data(b) {
    this.written++;
    if (this.op === 0x2c) return this.pixelByte(b);
    const a = this.args;
    a.push(b);
    if (this.op === 0x2a && a.length === 4) (this.xs = (a[0] << 8) | a[1]), (this.xe = (a[2] << 8) | a[3]);
    else if (this.op === 0x2b && a.length === 4) (this.ys = (a[0] << 8) | a[1]), (this.ye = (a[2] << 8) | a[3]);
    else if (this.op === 0x36 && a.length === 1) this.madctl = b;
    else if (this.op === 0x3a && a.length === 1) this.colmod = b;
  }
  pixelByte(b) {
    const px = this.px;
    px.push(b);
    const per = (this.colmod & 7) === 5 ? 2 : 3;
    if (px.length < per) return;
    const c = per === 2 ? (px[0] << 8) | px[1] : ((px[0] & 0xf8) << 8) | ((px[1] & 0xfc) << 3) | (px[2] >> 3);
    this.px = [];
    const m = this.madctl;
    const mv = m & 0x20;
    const col = mv ? this.y : this.x;
    const row = mv ? this.x : this.y;
    const pc = m & 0x40 ? 239 - col : col;
    const pr = m & 0x80 ? 319 - row : row;
    if (pc >= 0 && pc < 240 && pr >= 0 && pr < 320) this.mem[pr * 240 + pc] = c;
    this.pixels++;
    if (this.x >= this.xe) {
      this.x = this.xs;
      this.y = this.y >= this.ye ? this.ys : this.y + 1;
    } else this.x++;
  }
  runFilled() {
    return this.op === 0x2c && this.pixels >= (this.xe - this.xs + 1) * (this.ye - this.ys + 1);
  }
  panel() {
    const { width: w, height: h, row0, col1 } = ST_GLASS;
    const out = new Uint8Array(w * h * 2);
    if (this.sleep || !this.on) return out;
    const flip = this.inv ? 0 : 0xffff;
    const bgr = !!(this.madctl & 0x08);
    let i = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let c = this.mem[(row0 + x) * 240 + (col1 - y)] ^ flip;
        if (bgr) c = ((c & 0x1f) << 11) | (c & 0x7e0) | (c >> 11);
        out[i++] = c >> 8;
        out[i++] = c & 0xff;
      }
    }
    return out;
  }
  state() {
    return { on: this.on && !this.sleep, invert: this.inv, madctl: this.madctl, colmod: this.colmod, backlight: this.bl };
  }
}

// ---------------------------------------------------------------- the board outside the MCU
// The parts are where the board profile (--board, boards/NAME.json) puts them. They survive a
// hard reset (the display keeps its RAM and settings while powered: the reset button resets
// the RP2040 only; a display's own reset pin, where wired, resets it).
const PROFILE = JSON.parse(fs.readFileSync(opts.board || path.join(__dirname, '..', '..', 'boards', 'pico-ssd1306.json')));
const DISP = PROFILE.display;
function makeDisplay(d) {
  if (d.driver === 'ssd1306') return new SSD1306(d.width, d.height, d.col_offset || 0);
  if (d.driver === 'sh1106') return new SH1106(d.width, d.height, d.col_offset == null ? 2 : d.col_offset);
  if (d.driver === 'st7789' && d.width === ST_GLASS.width && d.height === ST_GLASS.height) return new ST7789();
  throw new Error('no display model for ' + d.driver + ' ' + d.width + 'x' + d.height);
}
const spiFlash = new SpiFlash();
const display = makeDisplay(DISP);
const PINS = Object.fromEntries(PROFILE.buttons.map((b) => [b.name, b.pin]));
const WIRES = PROFILE.wires || [];
const BUZZER = PROFILE.buzzer ? PROFILE.buzzer.pin : -1;
const LED = PROFILE.led || null;
const BATTERY = PROFILE.battery || null;
const pressed = new Set();
const cut = new Set();
let vsysMv = opts.vsys;
const buzzLog = [];
let lastBuzz = null;
const ledLog = [];
let lastLed = null;
const consoleTail = [];
let consoleLen = 0;
let resets = 0;
const firmware = fs.readFileSync(opts.firmware);
const bootrom = fs.readFileSync(opts.bootrom);
if (opts.flash && fs.existsSync(opts.flash)) {
  const saved = fs.readFileSync(opts.flash);
  spiFlash.data.set(saved.subarray(0, FLASH_SIZE));
}
// MicroPython's littlefs starts at 0xA0000; CircuitPython's firmware is longer (~0xE4240) and
// its CIRCUITPY drive starts at 0x100000 (the 4 KB below it are microcontroller.nvm).
const FIRMWARE_END = opts.circuitpython ? 0xff000 : 0xa0000;
if (opts.firmware.endsWith('.uf2')) writeUf2(firmware);
else spiFlash.data.set(firmware.subarray(0, Math.min(firmware.length, FIRMWARE_END)));

// A UF2 file (tools/firmware/uf2.py) as the boot ROM's USB drive takes it: each 512-byte block
// for the RP2040's flash puts its payload at its address, its 4 KB sector erased first (the
// boot ROM erases a sector before programming into it), over whatever the flash held.
function writeUf2(buf) {
  const RP2040 = 0xe48bff56;
  const erased = new Set();
  if (buf.length % 512 || !buf.length) throw new Error('--firmware: not a UF2 file (size)');
  for (let at = 0; at < buf.length; at += 512) {
    const w = (i) => buf.readUInt32LE(at + i * 4);
    if (w(0) !== 0x0a324655 || w(1) !== 0x9e5d5157 || buf.readUInt32LE(at + 508) !== 0x0ab16f30)
      throw new Error('--firmware: block ' + at / 512 + ' has no UF2 magic');
    const flags = w(2);
    if (flags & 1 || (flags & 0x2000 && w(7) !== RP2040)) continue;
    const off = w(3) - 0x10000000;
    const size = w(4);
    if (off < 0 || off + size > FLASH_SIZE) throw new Error('--firmware: block outside flash');
    const sector = off & ~0xfff;
    if (!erased.has(sector)) spiFlash.data.fill(0xff, sector, sector + 0x1000), erased.add(sector);
    spiFlash.data.set(buf.subarray(at + 32, at + 32 + size), off);
  }
}

function saveFlash(path) {
  fs.writeFileSync(path + '.tmp', spiFlash.data);
  fs.renameSync(path + '.tmp', path);
  spiFlash.dirty = false;
}

// ---------------------------------------------------------------- USB CDC <-> TCP
let client = null;
let hostBytes = []; // waiting to go to the device
let cdc = null;
let parkedRead = null; // an OUT request waiting for host bytes
let usbReady = false;

function feedParked() {
  if (!parkedRead || !hostBytes.length || !cdc) return;
  const { usb, ep, size } = parkedRead;
  parkedRead = null;
  const n = Math.min(size, hostBytes.length);
  const buf = Uint8Array.from(hostBytes.slice(0, n));
  hostBytes = hostBytes.slice(n);
  usb.endpointReadDone(ep, buf);
}

const server = net.createServer((sock) => {
  if (client) client.destroy();
  client = sock;
  sock.setNoDelay(true);
  sock.on('data', (d) => {
    for (const b of d) hostBytes.push(b);
    feedParked();
    wake();
  });
  sock.on('close', () => {
    if (client === sock) client = null;
  });
  sock.on('error', () => {});
});

function deviceOut(buf) {
  if (client) client.write(Buffer.from(buf));
  consoleTail.push(Buffer.from(buf));
  consoleLen += buf.length;
  while (consoleLen > 65536 && consoleTail.length > 1) consoleLen -= consoleTail.shift().length;
  if (consoleEvents) emit({ ev: 'console', t: nowMs(), data: Buffer.from(buf).toString('latin1') });
}
let consoleEvents = false;

// ---------------------------------------------------------------- I2C: the display's bus
function attachI2C(m) {
  const cfg = DISP.i2c;
  const i2c = m.i2c[cfg.id];
  const ADDR = cfg.addr;
  let target = false;
  const byteNs = () => 9 * Math.max(1, i2c.sclLowPeriod + i2c.sclHighPeriod) * CYCLE_NS;
  const later = (fn, ns) => {
    const a = m.clock.createAlarm(fn);
    a.schedule(ns);
  };
  i2c.onStart = () => later(() => i2c.completeStart(), byteNs() / 9);
  i2c.onConnect = (addr) => {
    target = addr === ADDR;
    if (target) display.begin();
    later(() => i2c.completeConnect(target), byteNs());
  };
  i2c.onWriteByte = (v) => {
    if (target) display.byte(v);
    later(() => i2c.completeWrite(target), byteNs());
  };
  i2c.onReadByte = () => later(() => i2c.completeRead(0x43), byteNs()); // status: display on
  i2c.onStop = () => {
    if (target) display.end();
    target = false;
    later(() => i2c.completeStop(), byteNs() / 9);
  };

  // The same display at pin level, for MicroPython's bit-banged zero-length probes (scan()):
  // open-drain lines with pull-ups; the display pulls SDA low to acknowledge its address.
  const sda = m.gpio[cfg.sda];
  const scl = m.gpio[cfg.scl];
  let sdaLvl = true;
  let sclLvl = true;
  let bits = 0;
  let nbits = 0;
  let ack = false;
  let active = false;
  const drivenLow = (p) => p.functionSelect === 5 && p.outputEnable && !p.outputValue;
  const update = () => {
    const newScl = !drivenLow(scl);
    const newSda = !drivenLow(sda) && !ack;
    if (sclLvl && newScl && sdaLvl && !newSda) {
      active = true; // START
      bits = 0;
      nbits = 0;
    } else if (sclLvl && newScl && !sdaLvl && newSda) {
      active = false; // STOP
      ack = false;
    } else if (active && !sclLvl && newScl) {
      // rising SCL: sample
      if (nbits < 8) {
        bits = (bits << 1) | (newSda ? 1 : 0);
      }
      nbits++;
    } else if (active && sclLvl && !newScl) {
      // falling SCL: after the 8th bit, acknowledge our address; after the 9th, let go
      if (nbits === 8 && bits >> 1 === ADDR) ack = true;
      else if (nbits === 9) {
        ack = false;
        nbits = 0;
        bits = 0;
      }
    }
    sclLvl = newScl;
    const sdaNow = !drivenLow(sda) && !ack;
    sdaLvl = sdaNow;
    if (scl.functionSelect === 5) scl.setInputValue(sclLvl);
    if (sda.functionSelect === 5) sda.setInputValue(sdaLvl);
  };
  sda.addListener(update);
  scl.addListener(update);
  sda.setInputValue(true);
  scl.setInputValue(true);
}

// ---------------------------------------------------------------- SPI: the display's bus
// rp2040js's RPSPI (the PL022) moves a byte from its TX FIFO at a time and asks onTransmit for
// it; the model takes it when the display is selected (CS low, where wired) and the profile's
// SCK and MOSI pins are the SPI block's (function 1: a wrong pin map sends nothing), as a
// command or data by the D/C pin, and completes it 8 SPI clock periods later (clk_peri over
// the prescaler and SCR: the baud rate the firmware got), so a frame takes its bus time. The
// DMA that MicroPython uses for writes of 32 bytes or more follows the FIFO's DREQs, as on the
// chip. CS going high ends a run; the reset pin held low resets the controller.
const SPI_FUNC = 1;
function attachSPI(m) {
  const cfg = DISP.spi;
  const spi = m.spi[cfg.id];
  const dc = m.gpio[cfg.dc];
  const cs = cfg.cs != null ? m.gpio[cfg.cs] : null;
  const rst = cfg.rst != null ? m.gpio[cfg.rst] : null;
  const sck = m.gpio[cfg.sck];
  const mosi = m.gpio[cfg.mosi];
  const low = (p) => p.value === GPIOPinState.Low;
  const high = (p) => p.value === GPIOPinState.High;
  const done = m.clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (v) => {
    const wired = sck.functionSelect === SPI_FUNC && mosi.functionSelect === SPI_FUNC;
    if (wired && (!cs || low(cs)) && !(rst && low(rst))) display.spiByte(high(dc), v & 0xff);
    const hz = spi.clockFrequency || 1e6;
    done.schedule((spi.dataBits * 1e9) / hz);
  };
  if (cs) {
    let was = cs.value;
    cs.addListener(() => {
      if (was === GPIOPinState.Low && cs.value !== GPIOPinState.Low) display.end();
      was = cs.value;
    });
  }
  if (rst) {
    rst.addListener(() => {
      if (low(rst)) display.end(), display.powerOn();
    });
  }
}

// ---------------------------------------------------------------- buttons, wires, ADC, PWM
let cutDone = false; // after an armed cut, the hands are off the buttons until the next command
function applyInputs(m) {
  if (cutDone) pressed.clear();
  for (const [name, pin] of Object.entries(PINS)) m.gpio[pin].setInputValue(!pressed.has(name));
  WIRES.forEach((pin, i) => m.gpio[pin].setInputValue(cut.has(i)));
}

// A pin's PWM output: {freq Hz, duty 0..65535 of the period high}, from its slice's divider,
// TOP and compare; a pin not on PWM (function 4) is its plain output level (duty 0 or 65535),
// or duty null while it drives nothing (an input: an LED on it is dark either way).
function pwmOut(m, pin) {
  const g = m.gpio[pin];
  if (g.functionSelect !== 4) {
    if (!g.outputEnable) return { freq: 0, duty: null };
    return { freq: 0, duty: g.outputValue ? 65535 : 0 };
  }
  const ch = m.pwm.channels[(pin >> 1) & 7];
  const top = ch.top + 1;
  const cc = pin & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  const intDiv = (ch.div >> 4) & 0xff || 256;
  const div = intDiv + (ch.div & 0xf) / 16;
  const phase = ch.csr & 2 ? 2 : 1;
  if (!(ch.csr & 1) || cc <= 0) return { freq: 0, duty: 0 };
  return { freq: Math.round(m.clkSys / (div * top * phase)), duty: Math.min(65535, Math.round((cc * 65535) / top)) };
}

// The buzzer (its tone: frequency and duty while it sounds), the RGB LED (0..255 a colour, after
// active_low) and the backlight, logged as they change.
function attachPWM(m) {
  const level = (pin, activeLow) => {
    const d = pwmOut(m, pin).duty;
    if (d === null) return 0;
    return Math.round(((activeLow ? 65535 - d : d) * 255) / 65535);
  };
  const sample = () => {
    if (BUZZER >= 0) {
      const o = pwmOut(m, BUZZER);
      const on = o.freq > 0 && o.duty > 0;
      const freq = on ? o.freq : 0;
      const duty = on ? o.duty : 0;
      const key = freq + ':' + duty;
      if (key !== lastBuzz) {
        lastBuzz = key;
        buzzLog.push({ t: nowMs(), freq, duty });
        if (buzzLog.length > 10000) buzzLog.shift();
      }
    }
    if (LED) {
      const al = !!LED.active_low;
      const rgb = [level(LED.r, al), level(LED.g, al), level(LED.b, al)];
      const key = rgb.join(':');
      if (key !== lastLed) {
        lastLed = key;
        ledLog.push({ t: nowMs(), rgb });
        if (ledLog.length > 10000) ledLog.shift();
      }
    }
    if (DISP.spi && DISP.spi.bl != null) display.bl = level(DISP.spi.bl, false);
  };
  // One register write at a time passes through states no ear hears (a new divider with the old
  // TOP, a new frequency with the old duty): the logs take the state 50 us after a burst.
  const settleAlarm = m.clock.createAlarm(sample);
  let armed = false;
  settleAlarm.callback = () => {
    armed = false;
    sample();
  };
  const arm = () => {
    if (!armed) {
      armed = true;
      settleAlarm.schedule(50e3);
    }
  };
  const orig = m.pwm.writeUint32.bind(m.pwm);
  m.pwm.writeUint32 = (off, v) => {
    orig(off, v);
    arm();
  };
  m.ioSample = sample;
}

function attachADC(m) {
  // VSYS through the board's divider (the Pico's 3:1 on GP29, ADC3), 12 bits of 3.3 V
  const channel = BATTERY ? BATTERY.adc_pin - 26 : -1;
  const divider = BATTERY ? BATTERY.divider : 3;
  m.adc.onADCRead = (ch) => {
    let v = 0;
    if (ch === channel) v = Math.round(((vsysMv / divider) * 4095) / 3300);
    else if (ch === 4) v = 876; // the temperature sensor near 27 C
    const a = m.clock.createAlarm(() => m.adc.completeADCRead(Math.min(4095, v), false));
    a.schedule(2e3);
  };
}

// ---------------------------------------------------------------- power-up
function boot() {
  const m = new RP2040();
  m.logger = { debug() {}, info() {}, warn() {}, error() {} };
  m.loadBootrom(new Uint32Array(new Uint8Array(bootrom).buffer));
  const ssi = new FlashSSI(spiFlash);
  spiFlash.skipBusy = (ns) => {
    if (ns > 0) m.clock.tick(ns);
  };
  m.peripherals[0x18000] = ssi;
  const ioqspi = new IOQSPI(ssi);
  m.peripherals[0x40018] = ioqspi;
  if (opts.circuitpython) floatQspiSS(m, ioqspi), resetI2CBlocks(m);
  mirrorFlash(m);
  if (DISP.bus === 'i2c') attachI2C(m);
  else attachSPI(m);
  attachPWM(m);
  attachADC(m);
  applyInputs(m);

  usbReady = false;
  parkedRead = null;
  const usb = m.usbCtrl;
  cdc = new USBCDC(usb);
  cdc.onDeviceConnected = () => {
    usbReady = true;
    emit({ ev: 'usb', t: nowMs() });
  };
  cdc.onSerialData = deviceOut;
  const helperRead = usb.onEndpointRead;
  usb.onEndpointRead = (ep, size) => {
    if (ep === cdc.outEndpoint) {
      parkedRead = { usb, ep, size };
      feedParked();
    } else helperRead(ep, size);
  };
  // Device start-of-frame every emulated ms (rp2040js raises SOF in host mode only); reading
  // SOF_RD clears it, as on the chip.
  const sof = m.clock.createAlarm(() => {
    if (usb.mainCtrl & 1 && !usb.hostMode) {
      usb.sofFrameNumber = (usb.sofFrameNumber + 1) & 0x7ff;
      usb.intRaw |= 1 << 17;
      usb.checkInterrupts();
    }
    sof.schedule(1e6);
  });
  sof.schedule(1e6);
  const usbRead = usb.readUint32.bind(usb);
  usb.readUint32 = (off) => {
    if (off === 0x48) {
      usb.intRaw &= ~(1 << 17);
      usb.checkInterrupts();
    }
    return usbRead(off);
  };
  m.core.PC = 0x10000000;
  mcu = { rp2040: m, clock: m.clock };
  return m;
}

// CircuitPython reads the BOOTSEL button at every boot: it floats the flash chip-select pin
// (IO_QSPI SS_CTRL OEOVER = 2, output disabled) and reads it back in SIO GPIO_HI_IN (bit 1).
// On the board a pull-up makes it read high (the button is not held); rp2040js reads it low, and
// the firmware would wait for the button forever. Driven low (the flash selected), it reads low.
function floatQspiSS(m, ioqspi) {
  const sioRead = m.sio.readUint32.bind(m.sio);
  m.sio.readUint32 = (off) => {
    const v = sioRead(off);
    if (off !== 0x008) return v;
    const ctrl = ioqspi.regs.get(0x0c) || 0;
    const drivenLow = ((ctrl >> 12) & 3) !== 2 && ((ctrl >> 8) & 3) === 2;
    return drivenLow ? v & ~2 : v | 2;
  };
}

// A peripheral held in reset (RESETS.RESET) comes back with its registers at their reset values;
// rp2040js keeps RESET as a plain register. CircuitPython's busio.I2C refuses a block whose
// IC_ENABLE is still set ("I2C peripheral in use") and its deinit (i2c_deinit) only resets the
// block: without this, the REPL could never take over the bus code.py's display had.
function resetI2CBlocks(m) {
  const resets = m.peripherals[0x4000c];
  const write = resets.writeUint32.bind(resets);
  resets.writeUint32 = (off, v) => {
    const before = off === 0 ? resets.readUint32(0) : 0;
    write(off, v);
    if (off !== 0) return;
    [3, 4].forEach((bit, i) => {
      if (v & (1 << bit) && !(before & (1 << bit))) {
        const i2c = m.i2c[i];
        const fresh = new i2c.constructor(m, i2c.name, i2c.irq);
        for (const k of Object.keys(fresh)) {
          if (typeof fresh[k] !== 'function' && !['rp2040', 'name', 'irq'].includes(k)) i2c[k] = fresh[k];
        }
        i2c.checkInterrupts();
      }
    });
  };
}

// XIP reads go to the MCU's flash array; keep it the chip's array (one buffer, no copies).
function mirrorFlash(m) {
  // rp2040js bounds reads by flash.length; a 2 MB chip is mirrored by the address decoder,
  // but firmware never reads past 2 MB, so the 2 MB array itself is enough.
  m.flash = spiFlash.data;
  m.flash16 = new Uint16Array(spiFlash.data.buffer);
  m.flashView = new DataView(spiFlash.data.buffer);
}

function hardReset() {
  spiFlash.cut();
  baseNs += mcu.clock.nanos;
  resets++;
  hostBytes = [];
  if (client) {
    // the USB device went away: the host's serial port closes
    client.destroy();
    client = null;
  }
  boot();
  gcArea = null;
  hookPC = opts.gcEnd != null ? opts.gcEnd : -1;
  emit({ ev: 'reset', t: nowMs() });
}

// ---------------------------------------------------------------- the live heap
// At the entry of MicroPython's gc_collect_end (its address from the firmware's ELF) the hook
// notes the return address; when the CPU gets there the sweep is done, and the free blocks of
// the GC's allocation table (2 bits a 16-byte block, 0 = free) are what gc.mem_free() would
// say right after that collection: the live heap, at every collection the firmware runs.
let hookPC = opts.gcEnd != null ? opts.gcEnd : -1;
let gcArea = null; // address of {atb_start, atb_len, fin_start, pool_start, pool_end}
let gcHeap = null;
function findGcArea(m) {
  for (let a = 0x20000000; a < 0x20010000; a += 4) {
    const atb = m.readUint32(a) >>> 0;
    const len = m.readUint32(a + 4) >>> 0;
    const ps = m.readUint32(a + 12) >>> 0;
    const pe = m.readUint32(a + 16) >>> 0;
    if (atb >>> 28 === 2 && len > 0 && pe - ps === len * 64 && atb + len <= ps) return a;
  }
  return null;
}
// {free, block}: bytes in free blocks and in the longest run of them (the largest object that
// could be allocated without a collection), from the allocation table as it is now.
function gcScan(m) {
  if (gcArea === null) gcArea = findGcArea(m);
  if (gcArea === null) return null;
  const atb = m.readUint32(gcArea) >>> 0;
  const len = m.readUint32(gcArea + 4) >>> 0;
  let free = 0;
  let run = 0;
  let block = 0;
  for (let i = 0; i < len; i++) {
    const b = m.readUint8(atb + i);
    for (let k = 0; k < 8; k += 2) {
      if (((b >> k) & 3) === 0) {
        free++;
        if (++run > block) block = run;
      } else run = 0;
    }
  }
  return { free: free * 16, block: block * 16, total: len * 64 };
}
let gcReturn = -1;
function gcHook(m) {
  const core = m.core;
  if (core.PC === opts.gcEnd) {
    gcReturn = (core.registers[14] & ~1) >>> 0;
    hookPC = gcReturn;
    return;
  }
  hookPC = opts.gcEnd;
  const r = gcScan(m);
  if (r === null) return;
  if (!gcHeap) gcHeap = { last: 0, min: null, count: 0, t_min: 0, t: 0, block: 0, min_block: null };
  gcHeap.total = r.total;
  gcHeap.last = r.free;
  gcHeap.block = r.block;
  gcHeap.t = nowMs();
  gcHeap.count++;
  if (gcHeap.min === null || r.free < gcHeap.min) (gcHeap.min = r.free), (gcHeap.t_min = nowMs());
  if (gcHeap.min_block === null || r.block < gcHeap.min_block) gcHeap.min_block = r.block;
}

// The heap as it is between collections (live data and garbage not yet collected), sampled
// every `sampleNs` of board time while sampling is on (command "sample"): the lowest free and
// the board time it was seen. It shows how much a step allocates before the GC runs.
let sampleNs = 0;
let sampled = null; // {low, t_low, count}
let sampleGen = 0; // a new "sample" command ends the chain of the one before
function heapSample(gen) {
  const m = mcu.rp2040;
  if (!sampleNs || gen !== sampleGen) return;
  const r = gcScan(m);
  if (r !== null) {
    if (!sampled) sampled = { low: null, t_low: 0, count: 0 };
    sampled.count++;
    if (sampled.low === null || r.free < sampled.low) (sampled.low = r.free), (sampled.t_low = nowMs());
  }
  schedule(nowNs() + sampleNs, () => heapSample(gen));
}

// ---------------------------------------------------------------- running
// mode 'run': free-running (optionally no faster than real time); 'pause'; 'until': run to an
// emulated time then pause and answer.
let mode = 'run';
let busyNs = 0; // board time spent executing (not in WFI/WFE)
let settle = null; // {quietNs, maxNs, sliceStart, busyStart, quietSince, reply}
let untilNs = 0;
let untilReply = null;
const scheduled = []; // {ns, fn}, sorted
let timer = null;

function schedule(ns, fn) {
  let i = scheduled.length;
  while (i > 0 && scheduled[i - 1].ns > ns) i--;
  scheduled.splice(i, 0, { ns, fn });
}

// A WFI executed while an enabled interrupt is already pending returns at once, PRIMASK set or not
// (ARMv6-M). rp2040js wakes a waiting core only when an interrupt becomes pending, so one that
// came while interrupts were off just before the WFI leaves the core asleep for good.
// CircuitPython idles exactly so (interrupts off, check, WFI, interrupts on): its 1 ms tick lands
// in that window now and then, and the board stops (time.sleep never returns, keys unread).
const WFI_WAKES_ON_PENDING = !!opts.circuitpython;

function step(limitNs) {
  // run until limitNs (board time) or ~15 ms of wall time, whichever comes first
  const m = mcu.rp2040;
  const core = m.core;
  const clock = m.clock;
  const wallEnd = Date.now() + 15;
  while (true) {
    const next = scheduled.length ? Math.min(limitNs, scheduled[0].ns) : limitNs;
    const target = next - baseNs;
    for (let i = 0; i < 200000 && clock.nanos < target; i++) {
      if (core.waiting) {
        if (WFI_WAKES_ON_PENDING && !core.IPSR && core.pendingInterrupts & core.enabledInterrupts) {
          core.waiting = false; // see WFI_WAKES_ON_PENDING
          continue;
        }
        const dt = clock.nanosToNextAlarm;
        if (dt <= 0) clock.tick(CYCLE_NS);
        else clock.tick(Math.min(dt, target - clock.nanos));
      } else {
        if (core.PC === hookPC) gcHook(m);
        const dt = core.executeInstruction() * CYCLE_NS;
        busyNs += dt;
        clock.tick(dt);
      }
    }
    while (scheduled.length && scheduled[0].ns <= nowNs()) scheduled.shift().fn();
    if (nowNs() >= limitNs || Date.now() >= wallEnd) return;
  }
}

// Free-running, the board goes no faster than `speed` x real time (1: a real Pico; 0: no
// limit): idle WFI time is skipped only up to 100 ms ahead of the wall clock, so a board that
// sleeps waiting for its host does not race its clock ahead by days.
let budgetNs = 0;
let lastWall = Date.now();
function loop() {
  timer = null;
  if (mode === 'pause') return;
  const wall = Date.now();
  budgetNs = Math.min(budgetNs + (wall - lastWall) * 1e6 * opts.speed, 100e6);
  lastWall = wall;
  let limit = Infinity;
  if (mode === 'settle') limit = Math.min(settle.sliceStart + 5e6, settle.maxNs);
  else if (mode === 'until') limit = untilNs;
  else if (opts.speed > 0) limit = nowNs() + budgetNs;
  const t0 = nowNs();
  if (nowNs() < limit) step(limit);
  if (mode === 'run' && opts.speed > 0) budgetNs = Math.max(0, budgetNs - (nowNs() - t0));
  if (mode === 'settle' && nowNs() >= limit) {
    // a 5 ms slice ended: settled when the CPU was busy less than 20% of the last `quiet` ms
    // (the app loop polls every 20-40 ms; drawing and sending a frame keeps it busy far longer)
    const s = settle;
    s.slices.push(busyNs - s.busyStart);
    s.sliceStart = nowNs();
    s.busyStart = busyNs;
    const want = Math.max(1, Math.round(s.quietNs / 5e6));
    if (s.slices.length > want) s.slices.shift();
    const busy = s.slices.reduce((a, b) => a + b, 0) / (s.slices.length * 5e6);
    const quiet =
      s.slices.length >= want &&
      busy < 0.2 &&
      nowNs() - Math.max(display.lastFrameNs, s.start) >= s.frameQuietNs;
    if (quiet || nowNs() >= s.maxNs) {
      mode = 'pause';
      settle = null;
      s.reply({ t: nowMs(), settled: quiet });
      return;
    }
  }
  if (mode === 'until' && nowNs() >= untilNs) {
    mode = 'pause';
    const r = untilReply;
    untilReply = null;
    if (r) r();
    return;
  }
  timer = later(mode === 'run' && opts.speed > 0 && budgetNs < 1e6);
}
// The next slice: after 1 ms when a real-time board is ahead of the wall clock, else at once
// (setImmediate, after pending I/O: Node clamps setTimeout(fn, 0) to 1 ms, which an idle board,
// whose 5 ms slices emulate in microseconds, would spend most of its wall time waiting in).
function later(ahead) {
  return ahead ? setTimeout(loop, 1) : setImmediate(loop);
}
function wake() {
  if (!timer && mode !== 'pause') timer = later(false);
}

// ---------------------------------------------------------------- commands
const commands = {
  info: () => ({
    port: server.address().port,
    t: nowMs(),
    usb: usbReady,
    resets,
    frames: display.frameCount,
    busy_ms: busyNs / 1e6,
    flash: spiFlash.stats,
  }),
  time: () => { const l = []; let a = mcu.clock.nextAlarm; while (a && l.length < 10) { l.push(a.nanos - mcu.clock.nanos); a = a.next; } const c = mcu.rp2040.core; const u = mcu.rp2040.usbCtrl; return { t: nowMs(), alarms: l, waiting: c.waiting, pend: c.pendingInterrupts.toString(16), en: c.enabledInterrupts.toString(16), PM: c.PM, pc: c.PC.toString(16), intRaw: u.intRaw.toString(16), inte: u.intEnable.toString(16) }; },
  press: (a) => {
    const at = a.at == null ? nowNs() : a.at * 1e6;
    schedule(at, () => {
      pressed.add(a.name);
      applyInputs(mcu.rp2040);
    });
    if (at <= nowNs()) while (scheduled.length && scheduled[0].ns <= nowNs()) scheduled.shift().fn();
    return { t: at / 1e6 };
  },
  release: (a) => {
    const at = a.at == null ? nowNs() : a.at * 1e6;
    schedule(at, () => {
      pressed.delete(a.name);
      applyInputs(mcu.rp2040);
    });
    if (at <= nowNs()) while (scheduled.length && scheduled[0].ns <= nowNs()) scheduled.shift().fn();
    return { t: at / 1e6 };
  },
  wire: (a) => {
    if (a.cut) cut.add(a.index);
    else cut.delete(a.index);
    applyInputs(mcu.rp2040);
    return {};
  },
  heap: (a) => {
    const r = gcHeap ? Object.assign({}, gcHeap) : null;
    if (a.reset && gcHeap) (gcHeap.min = null), (gcHeap.count = 0), (gcHeap.min_block = null);
    return { heap: r };
  },
  sample: (a) => {
    const r = sampled;
    if (a.every_ms != null) {
      sampleNs = a.every_ms * 1e6;
      sampled = null;
      const gen = ++sampleGen;
      if (sampleNs) schedule(nowNs() + sampleNs, () => heapSample(gen));
    }
    return { sampled: r };
  },
  vsys: (a) => {
    vsysMv = a.mv;
    return {};
  },
  frame: () => {
    const p = Buffer.from(display.panel()).toString('hex');
    return Object.assign(
      { data: p, w: display.width, h: display.height, fmt: display.fmt, n: display.frameCount },
      { t_last: display.lastFrameNs / 1e6, bus_bytes: display.busTotal },
      display.state(),
    );
  },
  // every frame after number `since`: data null where it equals the frame before it in the list
  frames: (a) => {
    const out = [];
    let last = null;
    for (const f of display.frames) {
      if (f.n <= (a.since || 0)) continue;
      out.push({ n: f.n, t: f.t, b: f.b, data: f.data === last ? null : f.data });
      last = f.data;
    }
    return { w: display.width, h: display.height, fmt: display.fmt, frames: out };
  },
  led: (a) => ({ events: ledLog.filter((e) => e.t >= (a.since || 0)) }),
  buzzer: (a) => ({ events: buzzLog.filter((e) => e.t >= (a.since || 0)) }),
  console: (a) => {
    if (a.events != null) consoleEvents = !!a.events;
    return { text: Buffer.concat(consoleTail).toString('latin1') };
  },
  // arm_cut: a hard reset `delay_us` after the next page program or erase starts (a power cut
  // inside a save); the buttons are then let go until the next reset or arm_cut
  arm_cut: (a) => {
    cutDone = false;
    spiFlash.onWrite = () => {
      spiFlash.onWrite = null;
      schedule(nowNs() + (a.delay_us || 0) * 1e3, () => {
        cutDone = true;
        hardReset();
        applyInputs(mcu.rp2040);
      });
    };
    return {};
  },
  reset: () => {
    cutDone = false;
    spiFlash.onWrite = null;
    hardReset();
    wake();
    return { t: nowMs() };
  },
  // flash_log: start (on: true) or stop logging the flash's programs and erases; returns what
  // was logged since it started: [{kind, addr, len, start_ns, end_ns, data (hex, programs)}]
  flash_log: (a) => {
    const got = (spiFlash.log || []).map((p) => ({
      kind: p.kind,
      addr: p.addr,
      len: p.len,
      start_ns: p.start,
      end_ns: p.end,
      data: p.bytes ? Buffer.from(p.bytes).toString('hex') : null,
    }));
    spiFlash.log = a.on ? [] : null;
    return { ops: got };
  },
  save: (a) => {
    saveFlash(a.path || opts.flash);
    return {};
  },
  pause: () => {
    mode = 'pause';
    return { t: nowMs() };
  },
  go: () => {
    mode = 'run';
    lastWall = Date.now();
    wake();
    return { t: nowMs() };
  },
  // run: advance the board by ms (or to the board time `to`), then pause; answered when done
  run: (a, reply) => {
    mode = 'until';
    untilNs = a.to != null ? a.to * 1e6 : nowNs() + a.ms * 1e6;
    untilReply = () => reply({ t: nowMs() });
    wake();
    return undefined;
  },
  // settle: run until the CPU was busy < 20% of the last `quiet` ms and no frame came for
  // `frame_quiet` ms (the app waits for input, no animation runs),
  // at most `max` ms; then pause
  settle: (a, reply) => {
    mode = 'settle';
    const t = nowNs();
    settle = {
      quietNs: (a.quiet || 60) * 1e6,
      frameQuietNs: (a.frame_quiet == null ? 300 : a.frame_quiet) * 1e6,
      maxNs: t + (a.max || 5000) * 1e6,
      start: t, // a frame must not come for frame_quiet ms from here: the app has time to react
      sliceStart: t,
      busyStart: busyNs,
      slices: [],
      reply,
    };
    wake();
    return undefined;
  },
  peek: (a) => {
    const m = mcu.rp2040;
    const out = [];
    for (let i = 0; i < (a.n || 1); i++) out.push(m.readUint32(a.addr + 4 * i) >>> 0);
    return { words: out };
  },
  quit: () => {
    if (opts.flash) saveFlash(opts.flash);
    setTimeout(() => process.exit(0), 10);
    return {};
  },
};

const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let a;
  try {
    a = JSON.parse(line);
  } catch (e) {
    emit({ error: 'bad json: ' + line });
    return;
  }
  const reply = (r) => emit(Object.assign({ id: a.id, ok: true }, r));
  const fn = commands[a.cmd];
  if (!fn) {
    emit({ id: a.id, ok: false, error: 'unknown command ' + a.cmd });
    return;
  }
  try {
    const r = fn(a, reply);
    if (r !== undefined) reply(r);
  } catch (e) {
    emit({ id: a.id, ok: false, error: String(e && e.stack ? e.stack : e) });
  }
});
rl.on('close', () => {
  if (opts.flash) saveFlash(opts.flash);
  process.exit(0);
});

// A port taken meanwhile (another board started at the same moment): the next one in the range.
server.on('error', (e) => {
  if (e.code === 'EADDRINUSE' && opts.portMax && opts.port < opts.portMax) {
    opts.port++;
    server.listen(opts.port, '127.0.0.1');
  } else throw e;
});
server.listen(opts.port, '127.0.0.1', () => {
  boot();
  emit({ ev: 'ready', port: server.address().port, url: 'socket://127.0.0.1:' + server.address().port });
  wake();
});
