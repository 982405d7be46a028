// The web simulator: the unmodified Fusebox firmware on MicroPython WebAssembly, in this tab.
//
// The board (webboard.py on the flash) is driven from here: step(buttons, wires, now) runs one
// pass of the firmware's loop and returns how long the firmware wants to sleep; the next step
// comes that much later. The display arrives as framebuf bytes read from wasm memory, the
// buzzer as (frequency, PWM duty) for a square-wave oscillator, the log as text. The flash is
// MicroPython's in-memory file system, filled from flash.bin at power-on; what the firmware
// writes under data/ (settings, names, saves) and the rulesets dropped onto the page are kept in
// localStorage, per board, so a reload or the Reset button is a power cut, not a new board.
//
// URL parameters: board=NAME (else the last one picked), seed=N (fixed dice, as the sim's
// FUSEBOX_SEED), clock=N (the board's clock runs N times faster: for tests only).

import { loadMicroPython } from "./micropython.mjs";

const MASK = 0x3fffffff;
const LIT = [222, 238, 255]; // a white OLED pixel, slightly blue
const DARK = [6, 8, 11]; // an unlit OLED pixel
const KEYS = {
  up: ["ArrowUp"],
  down: ["ArrowDown"],
  left: ["ArrowLeft"],
  right: ["ArrowRight"],
  ok: ["Enter", " "],
  back: ["Escape", "Backspace"],
};
const KEY_LABEL = { " ": "Space", ArrowUp: "↑", ArrowDown: "↓", ArrowLeft: "←", ArrowRight: "→" };

const params = new URLSearchParams(location.search);
const clock = Math.max(1, Number(params.get("clock")) || 1);
const $ = (id) => document.getElementById(id);
const canvas = $("screen");
const ctx2d = canvas.getContext("2d");

// What tests and curious people can read (window.fusebox in the console).
const state = {
  ready: false, // the first frame is on the canvas
  firstFrameMs: null, // ms from navigation start to the first frame (performance.now())
  boots: 0,
  logs: [],
  tones: [], // [ms on the board's clock, freq, duty]; freq 0 is quiet
  frames: 0,
  audio: "off", // "off" until the first click or key, then the AudioContext's state
  heard: [], // [freq, gain] given to the oscillator (once sound is on)
  steps: 0, // passes of the firmware's loop since the page opened
  board: null,
  stopped: false,
  error: null,
};
window.fusebox = state;

let catalog = null; // boards.json
let flashFiles = null; // [[path, Uint8Array]] from flash.bin
let profile = null;
let mp = null;
let wb = null; // the webboard module
let generation = 0;
let timer = null;
let raw = 0;
let wires = 0;
const holders = new Map(); // button bit -> Set of what holds it (keys, pointers)
let frameBytes = null;
let offscreen = null;
let scale = 4;

// -- sound: a square wave, silent until the first click or key (browsers insist) ----------------
let audio = null;
let osc = null;
let gain = null;
let lastTone = [0, 0];

function unlockAudio() {
  if (audio) {
    if (audio.state === "suspended") audio.resume();
    return;
  }
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) {
    $("sound").textContent = "sound: this browser has no Web Audio";
    return;
  }
  audio = new AC();
  osc = audio.createOscillator();
  osc.type = "square";
  gain = audio.createGain();
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  $("sound").textContent = "sound: on";
  state.audio = audio.state;
  audio.onstatechange = () => (state.audio = audio.state);
  applyTone(lastTone[0], lastTone[1]);
}

function applyTone(freq, duty) {
  if (!audio) return;
  const t = audio.currentTime;
  if (freq > 0 && duty > 0) {
    osc.frequency.setValueAtTime(freq, t);
    // A PWM square wave's fundamental grows as sin(pi * duty): 50 % is the loudest, as on the
    // piezo; the firmware's volume steps are its duty steps.
    const level = 0.25 * Math.sin((Math.PI * Math.min(duty, 65535)) / 65536);
    gain.gain.setValueAtTime(level, t);
    state.heard.push([freq, level]);
  } else {
    gain.gain.setValueAtTime(0, t);
    state.heard.push([0, 0]);
  }
  if (state.heard.length > 5000) state.heard.splice(0, 1000);
}

// -- the display --------------------------------------------------------------------------------
function setupCanvas() {
  const d = profile.display;
  scale = Math.max(1, Math.min(Math.floor(520 / d.width), Math.floor(320 / d.height)));
  canvas.width = d.width * scale;
  canvas.height = d.height * scale;
  canvas.classList.toggle("colour", !!d.colour);
  offscreen = nativeCanvas(d.width, d.height);
  ctx2d.fillStyle = "#000";
  ctx2d.fillRect(0, 0, canvas.width, canvas.height);
}

function nativeCanvas(w, h) {
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  const cx = c.getContext("2d");
  return { canvas: c, cx, img: cx.createImageData(w, h) };
}

function drawFrame() {
  const d = profile.display;
  const w = d.width;
  const h = d.height;
  const px = offscreen.img.data;
  const b = frameBytes;
  const pal = catalog.palette;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let rgb;
      if (d.colour) {
        const v = b[y * ((w + 1) >> 1) + (x >> 1)];
        rgb = pal[x & 1 ? v & 15 : v >> 4];
      } else {
        rgb = (b[(y >> 3) * w + x] >> (y & 7)) & 1 ? LIT : DARK;
      }
      const i = (y * w + x) * 4;
      px[i] = rgb[0];
      px[i + 1] = rgb[1];
      px[i + 2] = rgb[2];
      px[i + 3] = 255;
    }
  }
  offscreen.cx.putImageData(offscreen.img, 0, 0);
  ctx2d.imageSmoothingEnabled = false;
  ctx2d.drawImage(offscreen.canvas, 0, 0, canvas.width, canvas.height);
  state.frames++;
  if (!state.ready) {
    state.ready = true;
    if (state.firstFrameMs === null) state.firstFrameMs = performance.now();
    note(profile.name + ": " + catalog.boards.find((x) => x.name === profile.name).title);
  }
}

// -- the JS module webboard.py imports ----------------------------------------------------------
function jsModule() {
  return {
    frame(addr, len) {
      const get = mp._module.getValue;
      const b = frameBytes && frameBytes.length === len ? frameBytes : new Uint8Array(len);
      for (let i = 0; i < len; i++) b[i] = get(addr + i, "i8") & 255;
      frameBytes = b;
      drawFrame();
    },
    tone(freq, duty) {
      lastTone = [freq, duty];
      state.tones.push([now(), freq, duty]);
      if (state.tones.length > 5000) state.tones.splice(0, 1000);
      applyTone(freq, duty);
    },
    contrast(level) {
      canvas.style.filter = "brightness(" + (level ? 0.45 + (0.55 * level) / 255 : 0) + ")";
    },
    log(text) {
      state.logs.push(String(text));
      if (state.logs.length > 20000) state.logs.splice(0, 5000);
    },
  };
}

function now() {
  return Math.floor(performance.now() * clock) & MASK; // 2**30 wrap, as time.ticks_ms()
}

// -- the flash: flash.bin plus what this browser kept -------------------------------------------
function unbundle(buf) {
  const u8 = new Uint8Array(buf);
  const magic = new TextDecoder().decode(u8.subarray(0, 4));
  if (magic !== "FBX1") throw new Error("flash.bin is not a Fusebox flash image");
  const headLen = new DataView(buf).getUint32(4, true);
  const head = JSON.parse(new TextDecoder().decode(u8.subarray(8, 8 + headLen)));
  let at = 8 + headLen;
  return head.map(([path, size]) => {
    const data = u8.subarray(at, at + size);
    at += size;
    return [path, data];
  });
}

const prefix = () => "fusebox/" + profile.name + "/";

function toB64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromB64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function mkdirs(FS, path) {
  let at = "";
  for (const part of path.split("/").slice(0, -1)) {
    if (!part) continue;
    at += "/" + part;
    try {
      FS.mkdir(at);
    } catch (e) {
      // already there
    }
  }
}

function kept() {
  const out = [];
  const p = prefix();
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(p)) out.push([key.slice(p.length), key]);
  }
  return out;
}

let mirror = new Map(); // path under /flash/data -> {node, mtime, size}

// Copy what changed under /flash/data to localStorage; called after every step, when the
// firmware is between two passes of its loop (a save is a whole tmp + rename by then).
function persist() {
  const FS = mp.FS;
  const seen = new Set();
  const walk = (dir) => {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = dir + "/" + name;
      const st = FS.stat(path);
      if (FS.isDir(st.mode)) {
        walk(path);
        continue;
      }
      seen.add(path);
      const node = FS.lookupPath(path).node;
      const old = mirror.get(path);
      const mtime = st.mtime.getTime();
      if (old && old.node === node && old.mtime === mtime && old.size === st.size) continue;
      mirror.set(path, { node, mtime, size: st.size });
      store(prefix() + path.slice("/flash/".length), FS.readFile(path));
    }
  };
  walk("/flash/data");
  for (const path of [...mirror.keys()]) {
    if (!seen.has(path)) {
      mirror.delete(path);
      localStorage.removeItem(prefix() + path.slice("/flash/".length));
    }
  }
}

function store(key, bytes) {
  try {
    localStorage.setItem(key, toB64(bytes));
  } catch (e) {
    note("this browser refused to keep " + key + " (" + e.name + "): it is lost at a reload");
  }
}

// -- power --------------------------------------------------------------------------------------
async function powerOn() {
  const gen = ++generation;
  clearTimeout(timer);
  applyTone(0, 0);
  state.ready = false;
  state.stopped = false;
  state.error = null;
  setupCanvas();
  const m = await loadMicroPython({
    heapsize: 512 * 1024,
    stdout: (s) => state.logs.push("out " + s),
    stderr: (s) => state.logs.push("err " + s),
  });
  if (gen !== generation) return; // a newer power-on won
  mp = m;
  const FS = mp.FS;
  FS.mkdir("/flash");
  for (const [path, data] of flashFiles) {
    mkdirs(FS, "/flash/" + path);
    FS.writeFile("/flash/" + path, data);
  }
  FS.mkdir("/flash/data");
  mirror = new Map();
  for (const [path, key] of kept()) {
    mkdirs(FS, "/flash/" + path);
    FS.writeFile("/flash/" + path, fromB64(localStorage.getItem(key)));
    if (path.startsWith("data/")) {
      const full = "/flash/" + path;
      const st = FS.stat(full);
      mirror.set(full, { node: FS.lookupPath(full).node, mtime: st.mtime.getTime(), size: st.size });
    }
  }
  FS.writeFile("/flash/board.json", JSON.stringify(profile));
  mp.registerJsModule("fusebox_js", jsModule());
  state.boots++;
  state.logs.push("boot " + state.boots + " " + profile.name);
  try {
    mp.runPython('import os\nos.chdir("/flash")\nimport webboard');
    wb = mp.pyimport("webboard");
    const seed = params.has("seed")
      ? Number(params.get("seed"))
      : crypto.getRandomValues(new Uint32Array(1))[0] & MASK;
    wb.boot(seed, now());
  } catch (e) {
    fail(e);
    return;
  }
  persist();
  timer = setTimeout(() => loop(gen), 1);
}

function loop(gen) {
  if (gen !== generation) return;
  let wait;
  try {
    wait = wb.step(raw, wires, now());
    state.steps++;
    persist();
  } catch (e) {
    fail(e);
    return;
  }
  if (wait < 0) {
    state.stopped = true;
    note("The firmware stopped (see the log in the console: fusebox.logs).");
    return;
  }
  timer = setTimeout(() => loop(gen), Math.max(0, wait / clock));
}

function fail(e) {
  state.error = String(e && e.message ? e.message : e);
  state.stopped = true;
  console.error(e);
  note("The board crashed: " + state.error);
}

function note(text) {
  $("note").textContent = text;
}

// -- buttons, keys, wires -----------------------------------------------------------------------
function hold(bit, who, down) {
  let set = holders.get(bit);
  if (!set) holders.set(bit, (set = new Set()));
  if (down) set.add(who);
  else set.delete(who);
  raw = set.size ? raw | bit : raw & ~bit;
  const btn = $("buttons").children[Math.log2(bit)];
  if (btn) btn.classList.toggle("down", set.size > 0);
}

function releaseAll() {
  for (const [bit, set] of holders) {
    set.clear();
    hold(bit, "", false);
  }
}

function keyBits() {
  // key -> button bit: a letter button (A, B, X, Y) by its letter, and each logical button's
  // keys to the first physical button whose short press it is.
  const map = new Map();
  profile.buttons.forEach((b, i) => {
    if (b.name.length === 1) map.set(b.name.toLowerCase(), 1 << i);
  });
  profile.buttons.forEach((b, i) => {
    const logical = profile.keymap[b.name][0];
    for (const k of KEYS[logical] || []) if (!map.has(k)) map.set(k, 1 << i);
  });
  return map;
}

let keys = new Map();

function setupControls() {
  const box = $("buttons");
  box.textContent = "";
  keys = keyBits();
  profile.buttons.forEach((b, i) => {
    const bit = 1 << i;
    const el = document.createElement("button");
    const logical = profile.keymap[b.name];
    const hints = [...keys].filter(([, v]) => v === bit).map(([k]) => KEY_LABEL[k] || k);
    el.innerHTML = b.name + "<small></small>";
    el.querySelector("small").textContent = logical.join("/") + (hints.length ? " · " + hints.join(" ") : "");
    el.dataset.button = b.name;
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      el.setPointerCapture(e.pointerId);
      hold(bit, "p" + e.pointerId, true);
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      el.addEventListener(type, (e) => hold(bit, "p" + e.pointerId, false));
    }
    el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a hold
    el.addEventListener("keydown", (e) => e.key === " " || e.key === "Enter" ? e.preventDefault() : 0);
    box.appendChild(el);
  });
  const wbox = $("wires");
  wbox.textContent = "";
  wires = 0;
  for (let i = 0; i < (profile.wires || []).length; i++) {
    const label = document.createElement("label");
    label.innerHTML = '<input type="checkbox"> <span></span>';
    label.querySelector("span").textContent = "wire " + (i + 1) + " cut";
    const input = label.querySelector("input");
    input.dataset.wire = String(i);
    input.addEventListener("change", () => {
      wires = input.checked ? wires | (1 << i) : wires & ~(1 << i);
      input.blur(); // the keys go back to the board's buttons
    });
    wbox.appendChild(label);
  }
}

function onKey(e, down) {
  if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT")) return;
  const bit = keys.get(e.key.length === 1 ? e.key.toLowerCase() : e.key);
  if (bit === undefined) return;
  e.preventDefault();
  if (down && e.repeat) return; // the key is still down: the hold goes on
  hold(bit, "k" + e.key.toLowerCase(), down);
}

// -- rulesets dropped onto the page --------------------------------------------------------------
async function addRulesets(files) {
  const added = [];
  for (const f of files) {
    if (!/\.json$/i.test(f.name)) {
      note(f.name + ": not a ruleset file (.json)");
      continue;
    }
    if (f.size > 262144) {
      note(f.name + ": " + f.size + " bytes is more than a board's flash would take here");
      continue;
    }
    // A plain name on the board's flash, as `ruleset push` leaves it.
    const name = f.name.toLowerCase().replace(/[^a-z0-9._-]/g, "-").replace(/^[.-]+/, "");
    store(prefix() + "rulesets/" + name, new Uint8Array(await f.arrayBuffer()));
    added.push(name);
  }
  if (added.length) {
    // The board reads its rulesets at boot, and checks each one there: a broken file is listed
    // with its reason, the rest keep working.
    await powerOn();
    note(added.join(", ") + " copied to rulesets/; the board restarted to read it");
  }
}

// -- start --------------------------------------------------------------------------------------
async function start() {
  const [boardsRes, flashRes] = await Promise.all([fetch("boards.json"), fetch("flash.bin")]);
  catalog = await boardsRes.json();
  flashFiles = unbundle(await flashRes.arrayBuffer());
  const names = catalog.boards.map((b) => b.name);
  let name = params.get("board") || localStorage.getItem("fusebox/board") || names[0];
  if (!names.includes(name)) name = names[0];
  const sel = $("board");
  for (const b of catalog.boards) {
    const o = document.createElement("option");
    o.value = b.name;
    o.textContent = b.name;
    o.title = b.title;
    sel.appendChild(o);
  }
  sel.value = name;
  sel.addEventListener("change", () => {
    sel.blur(); // the keys go back to the board's buttons
    pick(sel.value);
  });
  $("reset").addEventListener("click", () => {
    $("reset").blur();
    powerOn();
  });
  $("erase").addEventListener("click", () => {
    if (!confirm("Forget every save, setting and added ruleset of " + profile.name + "?")) return;
    for (const [, key] of kept()) localStorage.removeItem(key);
    powerOn();
  });
  $("files").addEventListener("change", (e) => addRulesets([...e.target.files]));
  document.addEventListener("dragover", (e) => {
    e.preventDefault();
    document.body.classList.add("dragging");
  });
  document.addEventListener("dragleave", () => document.body.classList.remove("dragging"));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    document.body.classList.remove("dragging");
    addRulesets([...e.dataTransfer.files]);
  });
  document.addEventListener("pointerdown", unlockAudio, true);
  document.addEventListener("keydown", unlockAudio, true);
  document.addEventListener("keydown", (e) => onKey(e, true));
  document.addEventListener("keyup", (e) => onKey(e, false));
  window.addEventListener("blur", releaseAll);
  await pick(name);
}

async function pick(name) {
  releaseAll();
  profile = catalog.boards.find((b) => b.name === name).profile;
  state.board = name;
  state.profile = profile;
  localStorage.setItem("fusebox/board", name);
  if (params.get("board") !== name && params.has("board")) {
    params.set("board", name);
    history.replaceState(null, "", "?" + params.toString());
  }
  setupControls();
  await powerOn();
}

start().catch(fail);
