"""tools/sim/audio.py without a sound card: fake players on PATH capture the PCM it writes."""

import array
import sys
import threading
import time
from itertools import groupby

import pytest

from host_tests.support.fakeplayer import CAPTURE, player
from tools.sim import audio as hostaudio
from tools.sim.audio import CHUNK, LOUDEST, MIN_HOLD, RATE


@pytest.fixture
def host(tmp_path, monkeypatch):
    """An empty PATH of our own (no real player can be picked up) and the capture file."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("FAKE_OUT", str(tmp_path / "pcm"))
    monkeypatch.delenv("FUSEBOX_AUDIO", raising=False)
    return bin_dir, tmp_path / "pcm"


def samples(data):
    pcm = array.array("h", data)
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm


def sounds(pcm):
    """[(start, end)] of the runs of non-zero samples: a square wave never touches 0."""
    out, i = [], 0
    for loud, run in groupby(pcm, key=bool):
        n = len(list(run))
        if loud:
            out.append((i, i + n))
        i += n
    return out


def half_periods(wave):
    """Lengths of the runs of one sign inside a sound, without the two cut-off ends."""
    return [len(list(run)) for _, run in groupby(wave, key=lambda v: v > 0)][1:-1]


def frequency(wave):
    runs = half_periods(wave)
    return RATE / (2 * sum(runs) / len(runs))


def assert_clean_tone(wave, freq):
    """Within 2 % of freq, and every half period as long as the pitch allows (a phase restart at
    a chunk boundary would leave a short run there)."""
    assert frequency(wave) == pytest.approx(freq, rel=0.02)
    half = RATE / (2 * freq)
    assert set(half_periods(wave)) <= {int(half), int(half) + 1}


def no_audio_thread():
    return not [t for t in threading.enumerate() if t.name == "hostaudio"]


def test_tones_reach_the_player_in_order_with_silence_between(host):
    bin_dir, out = host
    player(bin_dir, "aplay", CAPTURE)
    start = time.monotonic()
    audio = hostaudio.open_audio(platform="linux")
    assert (audio.available, audio.name, audio.why) == (True, "aplay", "")
    time.sleep(0.1)
    audio.tone(440, 32768)
    time.sleep(0.2)
    audio.quiet()
    time.sleep(0.1)
    audio.tone(2000, 9000)
    time.sleep(0.15)
    audio.close()
    elapsed = time.monotonic() - start
    assert audio._proc.poll() == 0 and no_audio_thread()
    assert "-f S16_LE -r 22050 -c 1" in (out.parent / "pcm.argv").read_text()
    pcm = samples(out.read_bytes())
    # paced by the clock: about as much sound as time went by, never a burst ahead
    assert elapsed - 0.25 < len(pcm) / RATE < elapsed + 0.1
    (a0, a1), (b0, b1) = sounds(pcm)
    assert a0 / RATE > 0.05 and (b0 - a1) / RATE > 0.05
    assert 0.15 < (a1 - a0) / RATE < 0.5 and 0.1 < (b1 - b0) / RATE < 0.45
    assert_clean_tone(pcm[a0:a1], 440)
    assert_clean_tone(pcm[b0:b1], 2000)
    assert max(pcm[a0:a1]) == LOUDEST and 0 < max(pcm[b0:b1]) < LOUDEST  # 50 % duty is loudest


def test_a_blip_quieted_before_it_was_played_still_sounds_20_ms(host):
    bin_dir, out = host
    player(bin_dir, "aplay", CAPTURE)
    audio = hostaudio.open_audio(platform="linux")
    audio.tone(1000, 32768)
    audio.quiet()
    time.sleep(0.15)
    audio.close()
    ((s0, s1),) = sounds(samples(out.read_bytes()))
    assert MIN_HOLD <= s1 - s0 <= MIN_HOLD + CHUNK


def test_stamped_changes_last_exactly_as_long_as_their_stamps_say():
    feed = hostaudio.Feed("test")
    feed.tone(2600, 32768, at_ms=1000)
    feed.quiet(at_ms=1006)  # the firmware's 6 ms click
    feed.tone(1800, 32768, at_ms=1036)
    feed.quiet(at_ms=1076)
    pcm = samples(b"".join(feed.chunk() for _ in range(20)))
    (a0, a1), (b0, b1) = sounds(pcm)
    assert (a0, a1 - a0, b0 - a1, b1 - b0) == (0, 6 * RATE // 1000, 30 * RATE // 1000, 882)
    assert_clean_tone(pcm[b0:b1], 1800)


def test_stamps_across_the_tick_wrap_still_give_the_gap():
    feed = hostaudio.Feed("test")
    feed.tone(1000, 32768, at_ms=2**30 - 5)
    feed.quiet(at_ms=5)
    ((s0, s1),) = sounds(samples(b"".join(feed.chunk() for _ in range(4))))
    assert s1 - s0 == 10 * RATE // 1000


def test_a_pitch_change_keeps_the_phase_running():
    feed = hostaudio.Feed("test")
    feed.tone(440, 32768)
    feed.tone(523, 32768)
    feed.tone(660, 32768)
    pcm = samples(b"".join(feed.chunk() for _ in range(12)))
    ((s0, s1),) = sounds(pcm)
    assert (s0, s1) == (0, len(pcm))
    # each pitch lasts its 20 ms; the runs around each switch are no shorter than the pitches'
    runs = half_periods(pcm)
    assert min(runs) >= int(RATE / (2 * 660))
    assert_clean_tone(pcm[2 * MIN_HOLD :], 660)


@pytest.mark.parametrize(
    "freq, duty, silent",
    [(0, 32768, True), (440, 0, True), (440, 65536, True), (RATE // 2, 32768, True),
     (440, 600, False), (440, 32768, False)],
)  # fmt: skip
def test_silence_where_a_piezo_makes_none(freq, duty, silent):
    assert (hostaudio.level(freq, duty) == 0) == silent


def test_louder_towards_half_duty():
    levels = [hostaudio.level(2700, d) for d in (600, 2500, 9000, 32768)]
    assert levels == sorted(levels) and len(set(levels)) == 4 and levels[-1] == LOUDEST
    assert hostaudio.level(2700, 65536 - 9000) == levels[2]


def test_no_player_on_path_is_silent_and_says_what_to_install(host):
    audio = hostaudio.open_audio(platform="linux")
    assert (audio.available, audio.name) == (False, "none")
    assert audio.why == "no audio player found (install alsa-utils for aplay)"
    audio.tone(440, 32768)
    audio.quiet()
    audio.close()
    mac = hostaudio.open_audio(platform="darwin")
    assert mac.why == "no audio player found (install sox for its play)"


def test_fusebox_audio_off_and_mute_are_silent_even_with_a_player(host, monkeypatch):
    bin_dir, out = host
    player(bin_dir, "aplay", CAPTURE)
    assert hostaudio.open_audio(mute=True, platform="linux").why == "muted"
    monkeypatch.setenv("FUSEBOX_AUDIO", "off")
    audio = hostaudio.open_audio(platform="linux")
    assert (audio.available, audio.why) == (False, "FUSEBOX_AUDIO=off")
    assert not out.exists() and no_audio_thread()


def test_a_player_that_dies_at_once_gives_silence_and_its_message(host):
    bin_dir, _ = host
    player(bin_dir, "aplay", "#!/bin/sh\necho 'aplay: audio open error: no card' >&2\nexit 3\n")
    audio = hostaudio.open_audio(platform="linux")
    assert (audio.available, audio.name) == (False, "none")
    assert audio.why == "aplay failed (exit 3): aplay: audio open error: no card"
    assert no_audio_thread()


def test_the_next_player_is_tried_when_the_first_dies(host):
    bin_dir, out = host
    player(bin_dir, "pw-cat", "#!/bin/sh\necho 'pw-cat: no pipewire' >&2\nexit 1\n")
    player(bin_dir, "aplay", CAPTURE)
    audio = hostaudio.open_audio(platform="linux")
    assert (audio.available, audio.name) == (True, "aplay")
    audio.close()
    assert audio._proc.poll() == 0 and no_audio_thread()


def test_the_preferred_player_wins(host):
    bin_dir, out = host
    player(bin_dir, "pw-cat", CAPTURE)
    player(bin_dir, "aplay", "#!/bin/sh\nexit 9\n")  # would fail the test if it were chosen
    audio = hostaudio.open_audio(platform="linux")
    audio.close()
    assert audio.name == "pw-cat"
    assert "--playback --raw --format s16 --rate 22050" in (out.parent / "pcm.argv").read_text()


def test_a_player_that_stops_later_turns_silent_without_raising(host):
    bin_dir, _ = host
    script = "#!%s\nimport sys, time\ntime.sleep(0.4)\nsys.stdin.buffer.read(4096)\n" % (
        sys.executable
    )
    player(bin_dir, "aplay", script + "print('device unplugged', file=sys.stderr)\nsys.exit(2)\n")
    audio = hostaudio.open_audio(platform="linux")
    assert audio.available
    deadline = time.monotonic() + 5
    while audio.available and time.monotonic() < deadline:
        audio.tone(440, 32768)
        time.sleep(0.02)
    assert audio.why == "aplay stopped (exit 2): device unplugged"
    assert no_audio_thread()
    audio.quiet()
    audio.close()


def test_close_ends_a_player_that_stopped_reading(host):
    bin_dir, _ = host
    player(bin_dir, "aplay", "#!%s\nimport time\ntime.sleep(60)\n" % sys.executable)
    audio = hostaudio.open_audio(platform="linux")
    time.sleep(1.8)  # 64 KB of pipe is 1.5 s of sound: the writer is now stuck in write()
    start = time.monotonic()
    audio.close()
    assert time.monotonic() - start < 3.5
    assert audio._proc.poll() is not None and no_audio_thread()


class FakeWinsound:
    def __init__(self, fail=None):
        self.beeps = []
        self.fail = fail

    def Beep(self, freq, ms):  # noqa: N802 (winsound's name)
        if self.fail:
            raise RuntimeError(self.fail)
        self.beeps.append((freq, ms))
        time.sleep(ms / 1000)


def test_windows_beeps_the_tones_in_order(monkeypatch):
    fake = FakeWinsound()
    monkeypatch.setitem(sys.modules, "winsound", fake)
    audio = hostaudio.open_audio(platform="win32", env={})
    assert (audio.available, audio.name) == (True, "winsound")
    audio.tone(440, 32768)
    time.sleep(0.2)
    audio.quiet()
    time.sleep(0.1)
    audio.tone(20, 32768)  # below Beep's range: silence rather than an error
    audio.tone(2000, 9000)
    time.sleep(0.1)
    audio.close()
    assert no_audio_thread()
    freqs = [f for f, _ in fake.beeps]
    assert freqs == sorted(freqs) and set(freqs) == {440, 2000}
    assert 0.15 < sum(ms for f, ms in fake.beeps if f == 440) / 1000 < 0.3


def test_windows_without_a_sound_device_turns_silent(monkeypatch):
    monkeypatch.setitem(sys.modules, "winsound", FakeWinsound(fail="Failed to beep"))
    audio = hostaudio.open_audio(platform="win32", env={})
    audio.tone(440, 32768)
    deadline = time.monotonic() + 2
    while audio.available and time.monotonic() < deadline:
        time.sleep(0.01)
    assert audio.why == "winsound failed: Failed to beep"
    audio.close()
    assert no_audio_thread()
