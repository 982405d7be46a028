"""Saves on CircuitPython: every save file kept in microcontroller.nvm instead of the flash's
filesystem, which code cannot write while a computer has CIRCUITPY mounted.

install(storage, nvm) points firmware/storage.py's save/load/exists/remove at a Store, so the
app, the sessions and the settings keep calling storage as on MicroPython. The store is one JSON
object {path: {"fusebox": FORMAT, "data": obj}} written whole into one of two slots, each
  magic b"FB" | sequence u32 | length u16 | CRC-32 u32 of (sequence, length, body) | body
alternately: a write goes to the slot that does not hold the newest good copy, so a cut at any
byte of it leaves the other slot, the previous state, valid. Reading takes the good slot with
the higher sequence (wrap-safe), a slot with a bad CRC is ignored. nvm is 4 KB on the RP2040:
a slot holds 2,036 bytes of JSON; a bigger store raises OSError (ENOSPC) and keeps the old one
(a game's save then gives up the oldest entries of its log: firmware/play/session.py).
"""

import binascii
import json

from core.errors import SaveError

_MAGIC = b"FB"
_HEAD = 12  # magic 2, sequence 4, length 2, CRC 4
_ENOSPC = 28


def _u32(b, i):
    return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24


class Store:
    def __init__(self, nvm, format_version):
        self.nvm = nvm
        self.format = format_version
        self.slot_size = len(nvm) // 2
        self.last_notice = None
        self._seq, self._slot, self._files = self._newest()

    def _slot_read(self, slot):
        """(sequence, files) for a good slot, else None."""
        base = slot * self.slot_size
        head = bytes(self.nvm[base : base + _HEAD])
        if head[:2] != _MAGIC:
            return None
        n = head[6] | head[7] << 8
        if n > self.slot_size - _HEAD:
            return None
        body = bytes(self.nvm[base + _HEAD : base + _HEAD + n])
        if binascii.crc32(head[2:8] + body) & 0xFFFFFFFF != _u32(head, 8):
            return None
        try:
            files = json.loads(body)
        except ValueError:
            return None
        if type(files) is not dict:
            return None
        return _u32(head, 2), files

    def _newest(self):
        a, b = self._slot_read(0), self._slot_read(1)
        if a is None and b is None:
            return 0, 1, {}  # empty: the first write goes to slot 0
        if b is None or (a is not None and ((a[0] - b[0]) & 0xFFFFFFFF) < 0x80000000):
            return a[0], 0, a[1]  # type: ignore[index]
        return b[0], 1, b[1]

    def _write(self, files):
        body = json.dumps(files, separators=(",", ":")).encode()  # no spaces: 10% more room
        if len(body) > self.slot_size - _HEAD:
            raise OSError(_ENOSPC, "saves need %d bytes, nvm slot holds %d" % (
                len(body), self.slot_size - _HEAD))  # fmt: skip
        seq = (self._seq + 1) & 0xFFFFFFFF
        slot = 1 - self._slot
        meta = bytes((seq & 0xFF, seq >> 8 & 0xFF, seq >> 16 & 0xFF, seq >> 24,
                      len(body) & 0xFF, len(body) >> 8))  # fmt: skip
        crc = binascii.crc32(meta + body) & 0xFFFFFFFF
        blob = _MAGIC + meta + bytes((crc & 0xFF, crc >> 8 & 0xFF, crc >> 16 & 0xFF, crc >> 24))
        base = slot * self.slot_size
        # One slice assignment: CircuitPython writes nvm through a cache of its flash sector.
        self.nvm[base : base + _HEAD + len(body)] = blob + body
        self._seq, self._slot, self._files = seq, slot, files

    def save(self, path, obj):
        files = dict(self._files)
        files[path] = {"fusebox": self.format, "data": obj}
        self._write(files)

    def load(self, path):
        self.last_notice = None
        env = self._files.get(path)
        if env is None:
            raise OSError(2, "no save at " + path)
        if type(env) is not dict or "data" not in env or type(env.get("fusebox")) is not int:
            raise SaveError(path + ": not a Fusebox save")
        if env["fusebox"] > self.format:
            raise SaveError(path + ": written by newer firmware (format %d)" % env["fusebox"])
        return env["data"]

    def exists(self, path):
        return path in self._files

    def remove(self, path):
        if path in self._files:
            files = dict(self._files)
            del files[path]
            self._write(files)


def install(storage, nvm):
    """Make storage's save/load/exists/remove use nvm; returns the Store."""
    st = Store(nvm, storage.FORMAT)
    storage.save = st.save
    storage.exists = st.exists
    storage.remove = st.remove

    def load(path):
        try:
            return st.load(path)
        finally:
            storage.last_notice = st.last_notice

    storage.load = load
    return st
