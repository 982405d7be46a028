"""Counts on screen: "1 Player", "4 Players", in every language, for every count the firmware
shows (players, wires, troop cards, timer cards, Consultants); French takes the singular for 0
and 1. A count on a private screen wraps into the same rows whatever it is; the resume screen
says "1 Player"."""

import json
import re
from pathlib import Path

import pytest

from firmware import strings
from host_tests.support.frametext import has_text
from tools.play.driver import GROUP_ROWS, RecordingSim, open_game
from tools.runtimes import run_micropython

ROOT = Path(__file__).resolve().parents[1]
APP = None  # the app's own table (strings.get); else a game's id (strings.of)

# (table, singular key, plural key, {language: (1, 2, 0)}): every count the firmware shows.
COUNTS = [
    (APP, "n.player", "n.players", {
        "en": ("1 Player", "2 Players", "0 Players"),
        "fr": ("1 Joueur", "2 Joueurs", "0 Joueur"),
        "de": ("1 Spieler", "2 Spieler", "0 Spieler"),
    }),
    (APP, "w.safe", "w.safes", {
        "en": ("1 safe", "2 safe", "0 safe"),
        "fr": ("1 neutre", "2 neutres", "0 neutre"),
        "de": ("1 sicher", "2 sicher", "0 sicher"),
    }),
    (APP, "w.defuse", "w.defuses", {
        "en": ("1 defusing", "2 defusing", "0 defusing"),
        "fr": ("1 désamorçage", "2 désamorçages", "0 désamorçage"),
        "de": ("1 Entschärfung", "2 Entschärfungen", "0 Entschärfungen"),
    }),
    (APP, "w.bomb", "w.bombs", {
        "en": ("1 bomb", "2 bombs", "0 bombs"),
        "fr": ("1 bombe", "2 bombes", "0 bombe"),
        "de": ("1 Bombe", "2 Bomben", "0 Bomben"),
    }),
    ("timebomb2", "k.swat", "k.swats", {
        "en": ("1 SWAT", "2 SWAT", "0 SWAT"),
        "fr": ("1 SWAT", "2 SWAT", "0 SWAT"),
        "de": ("1 S.W.A.T.", "2 S.W.A.T.", "0 S.W.A.T."),
    }),
    ("timebomb2", "k.expert", "k.experts", {
        "en": ("1 Expert", "2 Experts", "0 Experts"),
        "fr": ("1 Expert", "2 Experts", "0 Expert"),
        "de": ("1 Experte", "2 Experten", "0 Experten"),
    }),
    ("timebomb2", "k.bomb1", "k.bomb1s", {
        "en": ("1 Bomb x1", "2 Bombs x1", "0 Bombs x1"),
        "fr": ("1 Bombe x1", "2 Bombes x1", "0 Bombe x1"),
        "de": ("1 Bombe x1", "2 Bomben x1", "0 Bomben x1"),
    }),
    ("timebomb2", "k.bomb2", "k.bomb2s", {
        "en": ("1 Bomb x2", "2 Bombs x2", "0 Bombs x2"),
        "fr": ("1 Bombe x2", "2 Bombes x2", "0 Bombe x2"),
        "de": ("1 Bombe x2", "2 Bomben x2", "0 Bomben x2"),
    }),
    ("itsabomb", "n.timer", "n.timers", {
        "en": ("1 timer card", "2 timer cards", "0 timer cards"),
        "fr": ("1 carte minuteur", "2 cartes minuteur", "0 carte minuteur"),
        "de": ("1 Timerkarte", "2 Timerkarten", "0 Timerkarten"),
    }),
    ("itsabomb", "e.consultant", "e.consultants", {
        "en": ("1 unused Consultant", "2 unused Consultants", "0 unused Consultants"),
        "fr": ("1 Consultant inutilisé", "2 Consultants inutilisés", "0 Consultant inutilisé"),
        "de": ("1 ungenutzter Berater", "2 ungenutzte Berater", "0 ungenutzte Berater"),
    }),
    ("itsabomb", "e.player", "e.players", {
        "en": ("1 player", "2 players", "0 players"),
        "fr": ("1 joueur", "2 joueurs", "0 joueur"),
        "de": ("1 Spieler", "2 Spieler", "0 Spieler"),
    }),
]  # fmt: skip


@pytest.fixture(autouse=True)
def english_after():
    yield
    strings.use("en")


def getter(table):
    return strings.get if table is APP else strings.of(table)


@pytest.mark.parametrize("lang", strings.LANGS)
@pytest.mark.parametrize("table, one, many, want", COUNTS, ids=lambda c: str(c)[:16])
def test_each_count_reads_in_the_singular_or_the_plural_in_every_language(
    lang, table, one, many, want
):
    strings.use(lang)
    text = getter(table)
    assert text(one) != one and text(many) != many, "missing in " + lang  # both keys exist
    said = (strings.count(1, one, many, text), strings.count(2, one, many, text))
    assert said + (strings.count(0, one, many, text),) == want[lang]
    assert strings.count(7, one, many, text) == "7" + want[lang][1][1:]
    assert strings.count(12, one, many, text) == "12" + want[lang][1][1:]


def test_french_counts_zero_and_one_in_the_singular_english_and_german_only_one():
    for lang, singular in (("en", [1]), ("fr", [0, 1]), ("de", [1])):
        strings.use(lang)
        assert [n for n in range(5) if not strings.plural(n)] == singular, lang


def test_every_count_the_firmware_shows_is_one_of_these():
    # A count is shown through strings.count (or the wire and troop helpers built on it): each
    # pair of keys the firmware names must be tested above, so a new count gets both forms.
    pairs = set()
    for path in (ROOT / "firmware").rglob("*.py"):
        src = path.read_text()
        pairs.update(
            re.findall(r'count\([^,()]+(?:\([^()]*\))?[^,()]*, "([^"]+)", "([^"]+)"', src)
        )
    from firmware.games.timebomb2 import skin as tb2

    pairs.update(tb2.TROOP_KEYS.values())
    wires = (ROOT / "firmware" / "play" / "wires.py").read_text()
    pairs.update(re.findall(r'"[a-z]+": \("([a-z.]+)", "([a-z.]+)"\)', wires))
    tested = {(one, many) for _, one, many, _ in COUNTS}
    assert len(pairs) >= len(COUNTS) - 1
    assert sorted(pairs - tested) == []


def test_no_count_is_glued_to_a_fixed_word_any_more():
    # The old way: str(n) + " " + a word, one form for every n: "1 Players". Labels ("Round 2",
    # "Players: 4") put the number after the word.
    bad = []
    for path in (ROOT / "firmware").rglob("*.py"):
        if path.name.startswith("text_"):
            continue
        for i, line in enumerate(path.read_text().split("\n")):
            if re.search(r'str\([^)]*\) \+ " " \+ (S|strings\.get|kind_name|troop_name)\(', line):
                bad.append("%s:%d: %s" % (path.relative_to(ROOT), i + 1, line.strip()))
    assert bad == []


ROWS = r"""
from firmware import strings
from firmware.play import passing
from firmware.games.timebomb import skin as tb
from firmware.games.undercover import skin as uc
from firmware.games.timebomb2 import skin as tb2


class Game:
    def current_player(self):
        return None


class Session:
    game = Game()

    def name(self, seat):
        return "P" + str(seat + 1)


def shape(lines, cols):
    return [len(passing.private_rows([line], cols)) for line in lines]


def hands(total, kinds):
    # Every hand of `total` cards over these kinds.
    if len(kinds) == 1:
        return [{kinds[0]: total}]
    out = []
    for n in range(total + 1):
        for rest in hands(total - n, kinds[1:]):
            rest = dict(rest)
            rest[kinds[0]] = n
            out.append(rest)
    return out


s = Session()
for lang in strings.LANGS:
    strings.use(lang)
    for cols in (9, 15, 16):
        for game, size, kinds in (("timebomb", 5, ("safe", "defuse", "bomb")),
                                  ("undercover", 5, ("safe", "defuse", "bomb")),
                                  ("timebomb2", 4, ("swat", "expert", "bomb1", "bomb2"))):
            seen = []
            for total in range(1, size + 1):
                for hand in hands(total, kinds):
                    if game == "timebomb":
                        view = {"role": "sherlock", "hand": hand}
                        lines = tb.private_lines(s, view, 0)
                    elif game == "undercover":
                        if hand["bomb"] > 1:
                            continue  # one bomb in the game
                        view = {"step": "cut", "reveals": [], "turn": 1, "role": "agent",
                                "team": "agency", "doom": None, "cover": "red", "hand": hand,
                                "right_cover": None, "intel": None}
                        lines = uc.private_lines(s, view, 0)
                    else:
                        if 0 in hand.values():
                            continue  # one line per kind held; all four kinds, each count
                        view = {"role": "swat", "building": "dummy", "hand": hand}
                        lines = tb2.private_lines(s, view, 0)
                    rows = shape(lines, cols)
                    if rows not in seen:
                        seen.append(rows)
            print(lang, cols, game, len(seen), seen if len(seen) > 1 else "")
print("done")
"""


def test_a_count_on_a_private_screen_takes_the_same_rows_whatever_it_is(tmp_path):
    # How far a player scrolls their private screen must not tell their hand: every count line
    # wraps into the same rows for every hand, in every language, on every width.
    script = tmp_path / "rows.py"
    script.write_text(ROWS)
    r = run_micropython(script, heap="1m", mpy=False)
    assert r.returncode == 0, r.stderr[-2000:] + r.stdout[-2000:]
    out = r.stdout.splitlines()
    assert out[-1] == "done" and len(out) == 1 + 3 * 3 * 3
    assert [line for line in out[:-1] if line.split(" ")[3] != "1"] == []


def resume_frame(tmp_path, lang):
    """Deal It's a Bomb! for one player (the standard scenario allows 1-8), then boot again on
    the same flash: the resume prompt's frame."""
    flash = tmp_path / lang
    (flash / "data").mkdir(parents=True)
    env = {"fusebox": 1, "data": {"v": 1, "lang": lang}}
    (flash / "data" / "settings.json").write_text(json.dumps(env))
    kw = dict(board="pico-ssd1306", heap="512k", flash=str(flash), env={"FUSEBOX_SEED": "5"})
    with RecordingSim(**kw) as sp:
        open_game(sp, GROUP_ROWS["itsabomb"], 0, 0)
        assert sp.top() not in ("SetupScreen", "Menu"), sp.logs[-6:]
    with RecordingSim(**kw) as sp:
        sp.wait(300)
        assert sp.top() == "ResumeScreen", sp.logs[-6:]
        return sp.frame


@pytest.mark.parametrize(
    "lang, one, wrong", [("en", "1 Player", "1 Players"), ("fr", "1 Joueur", "1 Joueurs")]
)
def test_the_resume_screen_says_1_player(tmp_path, lang, one, wrong):
    frame = resume_frame(tmp_path, lang)
    assert has_text(frame, one) and not has_text(frame, wrong)
