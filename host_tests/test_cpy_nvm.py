"""CircuitPython saves in microcontroller.nvm: two slots written alternately, so a power cut at
any byte of a write leaves the previous save readable (firmware/circuitpy/nvmsave.py)."""

import json
import random
import types
from pathlib import Path

import pytest

from core import ruleset
from core.errors import SaveError
from firmware import storage
from firmware.circuitpy import nvmsave
from firmware.play.session import Session

RULESETS = Path(__file__).resolve().parents[1] / "firmware" / "rulesets"


class PowerCut(Exception):
    pass


class FakeNvm:
    """4 KB like the RP2040's nvm; a slice write lands byte by byte and the power goes after
    `cut_after` bytes (None: never)."""

    def __init__(self, size=4096):
        self.mem = bytearray(b"\xff" * size)  # erased flash
        self.cut_after = None
        self.written = 0

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, key):
        return self.mem[key]

    def __setitem__(self, key, value):
        start = key.start if isinstance(key, slice) else key
        data = bytes(value) if isinstance(key, slice) else bytes((value,))
        for i, b in enumerate(data):
            if self.cut_after is not None and self.written >= self.cut_after:
                raise PowerCut()
            self.mem[start + i] = b
            self.written += 1


def test_a_cut_at_every_byte_of_a_write_leaves_the_previous_save():
    game_a = {"game": "timebomb", "round": 1, "cuts": [0, 3, 5]}
    game_b = {"game": "timebomb", "round": 2, "cuts": [0, 3, 5, 7, 1]}
    base = FakeNvm()
    st = nvmsave.Store(base, 1)
    st.save("data/settings.json", {"contrast": 200})
    st.save("data/game.json", game_a)
    # The size of the write about to be cut: header + the whole store's JSON.
    probe = FakeNvm()
    probe.mem[:] = base.mem
    nvmsave.Store(probe, 1).save("data/game.json", game_b)
    total = probe.written
    assert total > 100
    for k in range(total + 1):
        nvm = FakeNvm()
        nvm.mem[:] = base.mem
        nvm.cut_after = k
        try:
            nvmsave.Store(nvm, 1).save("data/game.json", game_b)
            assert k == total
        except PowerCut:
            assert k < total
        nvm.cut_after = None
        after = nvmsave.Store(nvm, 1)  # the reboot
        assert after.load("data/game.json") == (game_b if k == total else game_a)
        assert after.load("data/settings.json") == {"contrast": 200}
        # and the next save after the cut lands and is what the next boot reads
        after.save("data/game.json", {"round": 3})
        assert nvmsave.Store(nvm, 1).load("data/game.json") == {"round": 3}


def test_writes_alternate_slots_and_the_newer_sequence_wins_across_its_wrap():
    nvm = FakeNvm()
    st = nvmsave.Store(nvm, 1)
    st._seq = 0xFFFFFFFE  # two writes from the 32-bit wrap
    slots = []
    for i in range(4):
        st.save("data/x.json", i)
        slots.append(st._slot)
        assert nvmsave.Store(nvm, 1).load("data/x.json") == i
    assert slots == [0, 1, 0, 1]
    assert st._seq == 2


def test_a_damaged_slot_is_ignored_and_nothing_saved_reads_as_no_save():
    nvm = FakeNvm()
    with pytest.raises(OSError):
        nvmsave.Store(nvm, 1).load("data/game.json")
    st = nvmsave.Store(nvm, 1)
    st.save("data/game.json", {"v": 1})
    st.save("data/game.json", {"v": 2})
    nvm.mem[st._slot * 2048 + 20] ^= 0x01  # a flipped bit in the newest slot's body
    assert nvmsave.Store(nvm, 1).load("data/game.json") == {"v": 1}


def test_a_store_too_big_for_a_slot_raises_and_keeps_the_last_one():
    nvm = FakeNvm()
    st = nvmsave.Store(nvm, 1)
    st.save("data/a.json", "small")
    with pytest.raises(OSError):
        st.save("data/b.json", "x" * 3000)
    assert nvmsave.Store(nvm, 1).load("data/a.json") == "small"
    assert not nvmsave.Store(nvm, 1).exists("data/b.json")


def test_install_puts_storages_interface_on_nvm():
    fake = types.SimpleNamespace(FORMAT=storage.FORMAT, last_notice="old")
    nvm = FakeNvm()
    nvmsave.install(fake, nvm)
    fake.save(storage.GAME_SAVE, {"seat": 2})
    assert fake.exists(storage.GAME_SAVE)
    assert fake.load(storage.GAME_SAVE) == {"seat": 2}
    assert fake.last_notice is None
    fake.remove(storage.GAME_SAVE)
    assert not fake.exists(storage.GAME_SAVE)
    with pytest.raises(OSError):
        fake.load(storage.GAME_SAVE)
    st = nvmsave.Store(nvm, storage.FORMAT)
    st.save("data/new.json", 1)
    newer = nvmsave.Store(nvm, storage.FORMAT + 1)
    newer.save("data/new.json", 2)
    with pytest.raises(SaveError):
        nvmsave.Store(nvm, storage.FORMAT).load("data/new.json")


@pytest.mark.parametrize("name", ["timebomb2.json", "undercover.json", "timebomb.json"])
def test_a_whole_game_at_the_largest_table_stays_saved_in_nvm_beside_the_settings(
    name, monkeypatch
):
    """The games whose saves outgrew a slot (TimeBomb II needed 2,151 B, Undercover 2,102 B at
    8 seats with random play): every action stays saved, beside long seat names in the
    settings; the log gives up its oldest entries, never the game, and resumes as saved."""
    rs = ruleset.load(json.loads((RULESETS / name).read_text()))
    n = rs["seats"][1]
    for seed in range(1, 11):
        for attr in ("save", "load", "exists", "remove"):  # put back after the test
            monkeypatch.setattr(storage, attr, getattr(storage, attr))
        st = nvmsave.install(storage, bytearray(b"\xff" * 4096))
        monkeypatch.setattr(storage, "played", lambda *a: None)  # the settings' "last played"
        storage.save("settings.json", {"names": ["Bernadet"] * 8, "recent": ["Clotilde"] * 8})
        rnd = random.Random(seed)
        s = Session.start("rulesets/" + name, rs, ["Anabelle"] * n, seed)
        events = []
        g = s.game
        while g.outcome() is None:
            if g.reveals():
                for seat in g.reveals():
                    s.seen(seat)
                continue
            events += [list(e) for e in s.act(rnd.choice(g.actions()))]
            back = Session.resume(lambda p: rs, s.file)
            assert back.game.to_state() == g.to_state()  # the action is on nvm
            log = st.load(s.file)["log"]
            assert log == events[len(events) - len(log) :] and len(log) >= s.last
        assert storage.exists("settings.json")
