"""The interactive sim's keys, layout and flash folder, without a terminal: taps, a Shift hold
until the next key, escapes cut by a read, the size a display needs, where the flash is kept."""

import os
from argparse import Namespace

from tools.sim import cli as sim
from tools.sim import process as simproc
from tools.sim.keys import KeyReader, take_keys


def test_a_key_taps_its_button_and_every_tap_is_sent():
    c = sim.Controls(simproc.sim_profile("pico-display-pack"))  # A ok, B back, X up, Y down
    assert c.keys["\x1b[A"] == ("X", False) and c.keys["\n"] == ("A", False)
    assert c.keys["y"] == ("Y", False) and c.keys["Y"] == ("Y", True)
    assert "X" in c.legend and "q quit" in c.legend
    assert c.feed("\x1b[B", 10.0) == ["press Y", "release Y"]
    assert c.feed("y", 10.01) == ["press Y", "release Y"]  # however soon: a second tap
    assert c.feed("2", 0) == []  # the display pack has no wires
    c = sim.Controls(simproc.sim_profile("pico-ssd1306"))  # four wires
    assert c.feed("2", 0) == ["wire 1 cut"] and c.feed("2", 0) == ["wire 1 join"]
    assert c.feed("5", 0) == [] and "1-4 cut/join wire" in c.legend
    assert c.feed("q", 0) is None and c.feed("\x03", 0) is None


def test_the_macropads_digit_keys_are_the_number_keys():
    c = sim.Controls(simproc.sim_profile("macropad"))  # no wires: 1..9 are KEY4..KEY12
    assert c.keys["1"] == ("KEY4", False) and c.keys["9"] == ("KEY12", False)
    assert c.feed("5", 10.0) == ["press KEY8", "release KEY8"]
    assert "9 KEY12" in c.legend


def test_shift_holds_the_button_until_the_next_key():
    c = sim.Controls(simproc.sim_profile("pico-ssd1306"))  # UP, DOWN, OK, BACK; four wires
    assert c.held(0) == ""
    assert c.feed("O", 10.0) == ["press OK"]
    assert c.held(13.25) == "holding OK 3.2 s (next key lets go)"
    assert c.feed("1", 14.0) == ["wire 0 cut"]  # a wire does not end the hold
    assert c.held(14.0).startswith("holding OK")
    assert c.feed("d", 15.0) == ["release OK"]  # the next key only lets go
    assert c.held(15.0) == ""
    assert c.feed("d", 15.1) == ["press DOWN", "release DOWN"]
    assert c.feed("\x1b[1;2A", 16.0) == ["press UP"]  # Shift + arrow holds too
    assert c.feed(" ", 17.0) == ["release UP"]
    assert c.feed(" ", 17.1) == []
    assert c.feed("B", 18.0) == ["press BACK"] and c.feed("q", 19.0) is None


def test_keys_are_split_whole_and_a_cut_escape_waits_for_its_end():
    assert sim.split_keys("\x1b[1;2Bx\x08") == ["\x1b[1;2B", "x", "\x7f"]
    assert take_keys("a\x1b[") == (["a"], "\x1b[")  # the rest of the arrow is on its way
    assert take_keys("\x1b") == ([], "\x1b")
    assert take_keys("\x1b[A\x1bOB") == (["\x1b[A", "\x1b[B"], "")
    assert take_keys("\x1bx") == (["\x1b", "x"], "")  # Alt + x: Esc, then x


def test_the_reader_joins_an_escape_cut_between_two_reads(monkeypatch):
    reads = iter(["d\x1b", "[B", "\x1b", "", ""])
    reader = KeyReader()
    reader._rest, reader._rest_at = "", 0.0
    monkeypatch.setattr(reader, "_read", lambda timeout: next(reads))
    assert reader.read(0.03) == ["d"]
    assert reader.read(0.03) == ["\x1b[B"]
    assert reader.read(0.03) == []
    clock = iter([100.0, 100.2])
    reader.clock = lambda: next(clock)
    reader._rest_at = 100.0
    assert reader.read(0.03) == []
    assert reader.read(0.03) == ["\x1b"]  # nothing followed: a lone Esc


def test_the_display_takes_the_largest_scale_that_fits_or_none():
    groups = [["pico-ssd1306", "128x64 mono"], ["↑/u UP", "q quit"], ["log: x"]]
    assert sim.fit(128, 64, groups, 300, 80) == (
        2,
        ["pico-ssd1306  128x64 mono", "↑/u UP  q quit", "log: x"],
    )
    assert sim.fit(72, 40, groups, 300, 100)[0] == 4
    assert sim.fit(128, 64, groups, 128, 35)[0] == 1  # 3 lines + 32 rows of half blocks
    assert sim.fit(128, 64, groups, 128, 34)[0] == 0  # one line short: not cropped, refused
    assert sim.fit(128, 64, groups, 127, 80)[0] == 0
    assert sim.needed(128, 64, groups, 80) == (128, 35)
    assert sim.needed(72, 40, groups, 12) == (72, 23)
    msg = sim.too_small(128, 64, groups, 80, 24)
    assert "at least 128 columns and 35 lines" in msg and "80 columns and 24 lines" in msg


def test_long_lines_wrap_by_item():
    assert sim.wrap(["aaaa", "bbbb", "cc"], 10) == ["aaaa  bbbb", "cc"]
    assert sim.wrap(["a" * 12], 10) == ["a" * 9 + "…"]
    assert sim.wrap([], 10) == []


def test_the_flash_is_kept_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert sim.default_flash("thumby") == str(tmp_path / "fusebox" / "flash-thumby")
    args = Namespace(board="thumby", flash=None, fresh=False)
    assert sim.flash_folder(args) == str(tmp_path / "fusebox" / "flash-thumby")
    args.flash = "rel/dir"
    assert sim.flash_folder(args) == os.path.abspath("rel/dir")
    args.fresh, args.flash = True, None
    assert sim.flash_folder(args) is None  # a blank temporary flash
    monkeypatch.setenv("XDG_DATA_HOME", "relative")  # not absolute: ignored, as XDG says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setattr(sim.sys, "platform", "linux")
    expect = tmp_path / "home" / ".local" / "share" / "fusebox" / "flash-thumby"
    assert sim.default_flash("thumby") == str(expect)


def test_one_sim_at_a_time_on_a_flash_folder(tmp_path):
    lock = sim.lock_flash(str(tmp_path / "f"))
    try:
        try:
            sim.lock_flash(str(tmp_path / "f"))
            raise AssertionError("a second lock was granted")
        except OSError as e:
            assert "in use by another sim" in str(e)
    finally:
        lock.close()
    sim.lock_flash(str(tmp_path / "f")).close()  # free again once the first lets go
