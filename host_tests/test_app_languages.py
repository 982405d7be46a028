"""The languages: every table (the app's and each game's) has every key in English, French and
German, with the same {} placeholders and the same spaces at the joins of sentences built from
parts; every text draws with the device's font; one language is resident at a time; Settings
keep the choice; the glyphs drawn for the accented letters are the hand-drawn ones."""

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from core import games
from firmware import settings as prefs
from firmware import strings
from host_tests.support.unixport import micropython

ROOT = Path(__file__).resolve().parents[1]
TABLES = ["firmware.text_%s"] + ["firmware.games." + g + ".text_%s" for g in games.IDS]
OTHERS = [lang for lang in strings.LANGS if lang != "en"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def table(module, lang):
    return importlib.import_module(module % lang).TEXT


@pytest.fixture(autouse=True)
def english_after():
    yield
    strings.use("en")


def test_three_languages_are_offered_each_named_in_itself():
    assert strings.LANGS == ("en", "fr", "de")
    src = (ROOT / "firmware" / "screens" / "settings.py").read_text()
    assert 'LANG_NAMES = ("English", "Français", "Deutsch")' in src


@pytest.mark.parametrize("module", TABLES)
@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_exists_in_every_language(module, lang):
    en = table(module, "en")
    other = table(module, lang)
    assert len(en) > 10
    assert sorted(set(en) - set(other)) == [], "missing in " + module % lang
    assert sorted(set(other) - set(en)) == [], "not in English: " + module % lang


@pytest.mark.parametrize("module", TABLES)
@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_and_the_spaces_at_the_joins_match(module, lang):
    # Screens join parts ("Round " + "2", name + " cuts"): a translation that loses the space at
    # an edge glues two words; a different set of {} breaks format() on the device.
    en = table(module, "en")
    other = table(module, lang)
    for key, v in en.items():
        t = other[key]
        assert PLACEHOLDER.findall(t) == PLACEHOLDER.findall(v), (key, t)
        assert t.startswith(" ") == v.startswith(" "), (key, t)
        assert t.endswith(" ") == v.endswith(" "), (key, t)
        assert (t == "") == (v == ""), (key, t)
        assert "~" not in t, (key, t)


@pytest.mark.parametrize("module", TABLES)
@pytest.mark.parametrize("lang", strings.LANGS)
def test_every_text_draws_with_the_font_and_its_accents(module, lang):
    # ASCII, or one of the hand-drawn letters (firmware/ui/text.py's EXTRA, read as text here:
    # the module draws with framebuf, which this CPython has not).
    src = (ROOT / "firmware" / "ui" / "text.py").read_text()
    extra = re.search(r'^EXTRA = "([^"]+)"', src, re.M).group(1)
    for key, v in table(module, lang).items():
        bad = [c for c in v if c != "\n" and not (" " <= c <= "~" or c in extra)]
        assert bad == [], (key, v)


@pytest.mark.parametrize("lang", strings.LANGS)
def test_no_game_key_is_also_an_app_key(lang):
    app = table(TABLES[0], lang)
    for module in TABLES[1:]:
        assert sorted(set(table(module, lang)) & set(app)) == [], module % lang


def test_the_game_terms_follow_each_editions_words():
    strings.use("fr")
    assert strings.of("timebomb")("sherlock") == "Sherlock"
    assert strings.of("undercover")("agency") == "Agence"
    assert strings.of("undercover")("organization") == "Organisation"
    strings.use("de")
    t2 = strings.of("timebomb2")
    assert t2("swat") == "S.W.A.T." and t2("won.terrorists").startswith("Terroristen")
    assert t2("b.hideout") == "Versteck" and "Gebäude" in t2("bldg")
    assert t2("b.dummy") == "Attrappe"


def test_only_the_chosen_language_is_resident():
    strings.use("en")
    strings.of("timebomb")
    strings.use("fr")
    assert strings.lang == "fr" and strings.get("settings") == "Réglages"
    assert strings.of("timebomb")("you") == "Vous: "
    loaded = [m for m in sys.modules if ".text_" in m or m.startswith("firmware.text_")]
    # The app's table module is dropped once read (only its dict stays); a game's table of the
    # language before is gone; the chosen one is held until the menu releases it.
    assert loaded == ["firmware.games.timebomb.text_fr"], loaded
    strings.use("de")
    assert "firmware.games.timebomb.text_fr" not in sys.modules
    assert strings.get("settings") == "Optionen"
    assert strings.use("xx") == "en" and strings.get("settings") == "Settings"


def test_settings_keep_a_known_language_and_repair_anything_else():
    s = prefs.Settings()
    assert s.lang == "en"
    s.apply_obj({"lang": "de"})
    assert s.lang == "de" and s.to_obj()["lang"] == "de"
    for bad in ("xx", 3, None, "DE"):
        s.apply_obj({"lang": bad})
        assert s.lang == "de"


def mpy(script):
    """Run a script on the unix port (its real framebuf) with the repo importable."""
    r = subprocess.run(
        [micropython(), "-X", "heapsize=256k", "-c", script],
        cwd=str(ROOT),
        capture_output=True,
        text=True,
        timeout=60,
        env={"MICROPYPATH": str(ROOT)},
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout.split("\n")


FOLD = """
from firmware.ui import fold, text
print(text.fold("Chloé Jürgen Weiß") == "Chloé Jürgen Weiß")
print(text.fold("Núñez Åsa œuvre Æther ẞ …"))
print(text.fold("Zoë “hi” – ☃"))
plain = "Plain ASCII"
print(text.fold(plain) is plain)
print(text.fold(text.EXTRA) is text.EXTRA, len(text.EXTRA))
print(len(fold._SRC) == len(fold._DST), len(fold._MULTI_TO) == 3 * len(fold._MULTI))
# The marquee: a 12-letter line in 9 columns, drawn every 250 ms after the press that started it.
import framebuf
from firmware.ui.text import Text
t = Text(1, 72)
fb = framebuf.FrameBuffer(bytearray(72), 72, 8, framebuf.MONO_HLSB)
ref = framebuf.FrameBuffer(bytearray(72), 72, 8, framebuf.MONO_HLSB)
line = "ABCDEFGHIJKL"
seen = []
for i in range(14):
    t.now = i * 250
    t.live = -1
    fb.fill(0)
    t.draw(fb, line, 0, 0, 1)
    first = -1
    for k in range(4):
        ref.fill(0)
        ref.text(line[k : k + 9], 0, 0, 1)
        if bytes(fb) == bytes(ref):
            first = k
    seen.append((first, t.live >= 0, t.tick(i * 250 + 250)))
print(seen)
s = "Entschärfungskabel gefunden: Undercover: house deck, 10 players."
for cols in (9, 15, 16):
    print("|".join(text.wrap(s, cols)))
"""


def test_folding_wrapping_and_the_marquee():
    out = mpy(FOLD)
    assert out[0] == "True"  # what the font draws stays as it is
    assert out[1] == "Nunez Asa oeuvre AEther SS ..."
    assert out[2] == 'Zoe "hi" - ?'
    assert out[3] == "True"  # nothing to fold: the same str, nothing made
    assert out[4] == "True 17"  # the accented letters need no folding
    assert out[5] == "True True"
    seen = eval(out[6])  # (first letter shown, still moving, draw again 250 ms later)
    assert [f for f, _, _ in seen] == [0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 0, 0, 0]
    assert all(moving and again for _, moving, again in seen[:11])  # rests, steps, rests
    assert not any(moving or again for _, moving, again in seen[11:])  # then still, for good
    s = "Entschärfungskabel gefunden: Undercover: house deck, 10 players."
    for cols, line in zip((9, 15, 16), out[7:10], strict=True):
        lines = line.split("|")
        assert all(len(x) <= cols for x in lines), lines
        # No letter lost; a word is broken (with '-') only when it is longer than a line.
        assert "".join(lines).replace("-", "").replace(" ", "") == s.replace(" ", "")
        for word in s.split(" "):
            if len(word) <= cols:
                assert any(word in x.split(" ") for x in lines), (word, lines)


GLYPHS = """
import framebuf
from firmware.ui import text
from firmware.ui.text import Text
BITS = %r
bad = 0
for s in (1, 2):
    t = Text(s)
    w = 8 * s
    buf = bytearray(w * w)
    fb = framebuf.FrameBuffer(buf, w, w, framebuf.MONO_HLSB)
    for k in range(len(text.EXTRA)):
        fb.fill(0)
        t.draw(fb, text.EXTRA[k], 0, 0, 1)
        for y in range(w):
            for x in range(w):
                want = (BITS[8 * k + y // s] >> (7 - x // s)) & 1
                if fb.pixel(x, y) != want:
                    bad += 1
    # A folded letter is drawn as its ASCII letter, never as the font's box for "unknown".
    ref = bytearray(w * w)
    rfb = framebuf.FrameBuffer(ref, w, w, framebuf.MONO_HLSB)
    for ch, to in (("ñ", "n"), ("å", "a"), ("œ", "o"), ("☃", "?")):
        fb.fill(0)
        rfb.fill(0)
        t.draw(fb, ch, 0, 0, 1)
        t.draw(rfb, to, 0, 0, 1)
        if bytes(buf) != bytes(ref):
            bad += 1
print(bad)
"""


def hand_drawn_bits():
    """The bytes literal of Text._runs (the accented letters' rows), read from the source."""
    src = (ROOT / "firmware" / "ui" / "text.py").read_text()
    block = src[src.index("bits = (") : src.index(")", src.index("bits = ("))]
    return b"".join(ast.literal_eval(x) for x in re.findall(r'b"[^"]*"', block))


def test_the_accented_letters_are_drawn_from_their_hand_drawn_bits_at_every_scale():
    bits = hand_drawn_bits()
    assert len(bits) == 8 * 17  # one 8x8 glyph for each of text.EXTRA's letters
    assert mpy(GLYPHS % (bits,))[0] == "0"


def test_every_app_key_the_firmware_asks_for_is_in_the_tables():
    # strings.get("x") with a key no table has shows the key itself on the device ("e.twice"):
    # every literal key the firmware asks the app table for must be in English (and so, by the
    # test above, in every language).
    asked = set()
    for path in (ROOT / "firmware").rglob("*.py"):
        asked.update(re.findall(r'strings\.get\("([^"]+)"\)', path.read_text()))
    assert len(asked) > 40
    english = table("firmware.text_%s", "en")
    assert sorted(k for k in asked if k not in english) == []
