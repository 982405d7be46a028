"""`make bench BENCH=board`: the product's figures on the emulated Pico (tools/pico/), in board
time (the RP2040's cycle count at 125 MHz) and the firmware's own heap (its GC table, read after
every collection): deploy, boot, the menu, button-to-frame latencies and the live heap during a
whole game of every shipped game ruleset at its largest table; and per board profile (each
MicroPython profile on a Pico wired as it says: `--profiles`), the heap at the menu, a whole
Time Bomb game's lowest, a menu move, reset to menu and the bytes each frame sends.

Latency is "press to the end of the last frame before the app rests": the press lands at a known
board time, the emulated display stamps the end of every frame (its last byte on its bus: the
SSD1306's I2C at 1 MHz on the default board), and the app has settled when the CPU is mostly
asleep and no frame came for 300 ms.
"""

import sys
import tempfile
import time
from pathlib import Path

from core import games


def _key(p, name):
    """The board's button that means `name` (UP DOWN OK BACK: tools.pico.driver.keys_of)."""
    from tools.pico.driver import keys_of

    return keys_of(p.profile).get(name, name)


def _press(p, name, hold):
    """Press and release `name`, let the app rest; (press time, frame count before it)."""
    name = _key(p, name)
    t = p.now()
    n = p.frame_info()["n"]
    p.press(name, at=t)
    p.release(name, at=t + hold)
    p.run(to=t + hold)
    p.settle(quiet=60, frame_quiet=300, max_ms=10000)
    return t, n


def _press_to_frame(p, name, hold=80):
    """Board ms from pressing `name` to the end of the last frame before the app rests."""
    t, n = _press(p, name, hold)
    info = p.frame_info()
    if info["n"] == n:
        return None
    return info["t_last"] - t


def _press_to_first_frame(p, name, hold=80):
    """Board ms from pressing `name` to the end of the first frame after it."""
    t, n = _press(p, name, hold)
    later = [f for f in p.frames(since=n) if f[1] > t]
    return later[0][1] - t if later else None


def taps_seen(p, hold, n=40):
    """How many of `n` taps of `hold` board ms at the main menu moved its cursor (the panel
    changed after the tap). DOWN from the top row, UP from the second, so a lost tap leaves
    the cursor where it was; each tap starts at another phase of the app's loop."""
    before = bytes(p.frame())
    down, seen = True, 0
    for i in range(n):
        t = p.now() + 3
        name = _key(p, "DOWN" if down else "UP")
        p.press(name, at=t)
        p.release(name, at=t + hold)
        p.run(to=t + hold + 120 + (i * 7) % 40)
        after = bytes(p.frame())
        if after != before:
            seen += 1
            down = not down
            before = after
    return seen


def menu_moves(p, n=20):
    """[board ms from a menu move's press to the end of its first frame], `n` moves (DOWN, UP
    in turn) at different phases of the app's loop; None where no frame came."""
    out = []
    for i in range(n):
        name = _key(p, "DOWN" if i % 2 == 0 else "UP")
        t = p.now() + 3 + (i * 7) % 40
        k = p.frame_info()["n"]
        p.press(name, at=t)
        p.release(name, at=t + 80)
        p.run(to=t + 250)
        later = [f[1] for f in p.frames(since=k) if f[1] > t]
        out.append(later[0] - t if later else None)
    return out


def tap_rows(p, row):
    """The taps and menu-move rows, at the main menu (cursor on the top row)."""
    for hold in (20, 30, 40):
        row("board", "taps of %d ms seen" % hold, "%d of 40" % taps_seen(p, hold), "at the menu")
    lat = sorted(x for x in menu_moves(p) if x is not None)
    fig = "%.0f / %.0f ms (%d moves)" % (lat[len(lat) // 2], lat[-1], len(lat)) if lat else "-"
    row("board", "menu move, median / worst", fig, "press -> end of its first frame")


def reset_to_menu(p):
    """Board ms from a hard reset to the end of the first frame equal to the menu the app
    settles on (a menu that fills in later counts when it is whole), or None. The settled menu
    is taken 10 s after the reset: a label too long for its row (the Thumby's 9 columns)
    scrolls once after the boot, with rests between its steps that a settle takes for the
    end."""
    p.pause()
    n = len(p.lines)
    t = p.reset()
    _to_menu(p, n)
    if p.now() < t + MENU_REST_MS:
        p.run(to=t + MENU_REST_MS)
    final = bytes(p.frame())
    for f in p.frames():
        if f[1] > t and bytes(f[2]) == final:
            return f[1] - t
    return None


MENU_REST_MS = 10100


def first_frames(p):
    """{figure: board ms} from a press to the end of the first frame of each new screen it
    opens, from the main menu (cursor on the top row): every game's ruleset list, then a Time
    Bomb game's look, the next pass screen and a cut. The app is back at the menu after."""
    from tools.pico.driver import PicoPlayer
    from tools.play.driver import GROUP_ROWS, open_game, pass_around, step

    out = {}
    for i, game in enumerate(GROUP_ROWS):
        for _ in range(i):
            _press_to_frame(p, "DOWN")
        out["open the %s list" % game] = _press_to_first_frame(p, "OK")
        _press_to_frame(p, "BACK")
        for _ in range(i):
            _press_to_frame(p, "UP")
    pp = PicoPlayer(p)
    open_game(pp, 0, 0, 0)
    t = p.now()
    n = p.frame_info()["n"]
    p.press("OK", at=t)
    p.run(300)
    later = [f for f in p.frames(since=n) if f[1] > t]
    out["a look (hold OK on a pass screen)"] = later[0][1] - t if later else None
    p.release("OK")
    pp.sync()
    pp.wait(1600)
    out["the next pass screen"] = _press_to_first_frame(p, "OK")
    pp = PicoPlayer(p)
    while pp.top() == "PassScreen":
        pass_around(pp)
    pp.sync()
    step(pp)  # the cut screen: a seat
    step(pp)  # a slot
    out["a cut (confirm)"] = _press_to_first_frame(p, "OK")
    return out


# -- timing (issue #13): both firmware files side by side ---------------------------------------
TIMING_KINDS = ("stock", "fusebox")


def timing(p):
    """Every timing figure of issue #13 on one freshly deployed, settled board: taps, menu moves,
    reset -> menu (twice) and the first
    frames of new screens (each list opened first without a ruleset cache, then with it)."""
    f = {"taps": {hold: taps_seen(p, hold) for hold in (20, 30, 40)}}
    f["moves"] = sorted(x for x in menu_moves(p) if x is not None)
    f["reset"] = [reset_to_menu(p), reset_to_menu(p)]
    from tools.board import deploy

    p.go()
    with deploy.Board(p.url) as bd:
        bd.run("import os\ntry:\n os.remove('data/rulesets.cache')\nexcept OSError:\n pass")
    reset_to_menu(p)
    f["cold"] = first_frames(p)  # lists validated in the loop steps after their first frame
    _forget_games(p)
    f["warm"] = first_frames(p)  # lists from the cache
    _forget_games(p)
    return f


def _forget_games(p):
    """Remove the saves (the game first_frames() started), keep the ruleset cache; reset."""
    from tools.board import deploy

    p.go()
    with deploy.Board(p.url) as bd:
        bd.run(
            "import os\nfor n in os.listdir('data'):\n"
            " if not n.startswith('rulesets.cache'): os.remove('data/' + n)"
        )
    reset_to_menu(p)


def timing_rows(row, kinds=TIMING_KINDS):
    """The timing rows, each firmware file on its own freshly deployed emulated Pico, both
    figures in one row: stock (the app deployed to littlefs) | fusebox (Fusebox's own UF2 alone,
    the app frozen in: no deploy)."""
    from tools import pico
    from tools.board import deploy

    figs = {}
    for kind in kinds:
        why = pico.missing(kind)
        if why:
            figs[kind] = why
            continue
        with tempfile.TemporaryDirectory(prefix="fusebox-timing-") as d:
            with pico.Pico(flash=str(Path(d) / "flash.bin"), firmware=kind) as p:
                if kind != pico.FUSEBOX:
                    deploy.deploy(p.url, say=lambda *a: None)
                p.pause()
                p.reset()
                p.settle(quiet=60, frame_quiet=300, max_ms=10000)
                figs[kind] = timing(p)

    def both(name, fmt, how):
        cells = []
        for kind in kinds:
            f = figs[kind]
            cells.append("%s %s" % (kind, fmt(f) if isinstance(f, dict) else "skipped"))
        row("board", name, " | ".join(cells), how)

    ms = lambda v: "%.0f ms" % v if v is not None else "none"  # noqa: E731
    for hold in (20, 30, 40):
        both(
            "taps of %d ms seen" % hold,
            lambda f, h=hold: "%d/40" % f["taps"][h],
            "at the menu; target 40 of 40",
        )

    def moves(f):
        lat = f["moves"]
        return "%.0f/%.0f ms" % (lat[len(lat) // 2], lat[-1]) if lat else "none"

    both("menu move, median/worst", moves, "press -> end of its first frame; <= 20/30 ms")
    both(
        "reset -> main menu",
        lambda f: "%s / %s" % (ms(f["reset"][0]), ms(f["reset"][1])),
        "to the end of the first frame equal to the settled menu, twice; <= 600/400 ms",
    )
    names = (
        list(next(f for f in figs.values() if isinstance(f, dict))["warm"])
        if any(isinstance(f, dict) for f in figs.values())
        else []
    )
    for name in names:
        if name.startswith("open the"):
            both(
                name + ", no cache",
                lambda f, n=name: ms(f["cold"][n]),
                "press -> first frame (validated after it); <= 60/50 ms",
            )
        both(
            name,
            lambda f, n=name: ms(f["warm"][n]),
            "press -> its first frame; <= 60/50 ms",
        )
    return figs


def timing_main():
    """`python -m tools.bench.board --timing`: the timing rows on both firmware files."""

    def row(group, name, fig, how):
        print("%-40s %-30s %s" % (name, fig, how), flush=True)

    w = time.monotonic()
    timing_rows(row)
    print("(%.0f s host)" % (time.monotonic() - w))


def board(row):
    from tools import pico

    why = pico.missing()
    if why:
        row("board", "emulated Pico", "skipped", why)
        return
    timing_rows(row)
    from tools.board import deploy

    with tempfile.TemporaryDirectory(prefix="fusebox-bench-pico-") as d:
        p = pico.Pico(flash=str(Path(d) / "flash.bin"))
        try:
            w, b = time.monotonic(), p.now()
            full = deploy.deploy(p.url, say=lambda *a: None)
            how = "tools deploy over the REPL socket, blank flash"
            row(
                "board",
                "deploy (full, %d files)" % full["files"],
                "%.1f s board, %.0f s host" % ((p.now() - b) / 1000, time.monotonic() - w),
                how,
            )
            w, b = time.monotonic(), p.now()
            again = deploy.deploy(p.url, say=lambda *a: None)
            row(
                "board",
                "deploy again, nothing changed",
                "%.1f s board, %.0f s host, %d copied"
                % ((p.now() - b) / 1000, time.monotonic() - w, again["copied"]),
                "same, right after",
            )
            row(
                "board",
                "free heap at boot",
                "%d B" % full["free_heap"],
                "gc.mem_free() after gc.collect(), REPL after soft reset",
            )
        finally:
            p.close()
    # stock and Fusebox's firmware side by side, each on its own fresh board, with the whole games
    heap_rows(row, say=lambda s: print("  " + s, file=sys.stderr, flush=True))
    # every MicroPython profile, each on a board wired as it says
    profile_rows(row)


def taps_main(argv=None):
    """`python -m tools.bench.board`: only the taps and menu-move rows, on a freshly deployed
    emulated Pico (about a minute)."""
    from tools import pico
    from tools.board import deploy

    def row(group, name, fig, how):
        print("%-28s %-26s %s" % (name, fig, how))

    with tempfile.TemporaryDirectory(prefix="fusebox-taps-") as d:
        with pico.Pico(flash=str(Path(d) / "flash.bin")) as p:
            deploy.deploy(p.url, say=lambda *a: None)
            p.pause()
            p.reset()
            p.settle(quiet=60, frame_quiet=300, max_ms=10000)
            w = time.monotonic()
            tap_rows(p, row)
            print("(%.0f s host)" % (time.monotonic() - w))


# -- heap (issue #13): both firmware files side by side ---------------------------------------
# Every heap figure is the firmware's own GC table, read by tools/pico/board.js: after each
# collection (free bytes and the largest free block) or sampled every board ms between them.
HEAP_KINDS = ("stock", "fusebox")
SETTLE = dict(quiet=60, frame_quiet=300, max_ms=10000)
BALLAST_STEP = 1024  # the boot bisection's resolution
GAME_MARGIN = 16 * 1024  # a game's first ballast: the lowest free heap seen without one, less this
HEADROOM_BUDGET_S = 3600  # host seconds of games with a ballast, per firmware file
# A game near its heap limit collects on almost every allocation and crawls (one took 25 minutes
# of host time to fail); with a ballast, one whose CPU is busy this many times as long as without
# one (board time, idle waits not counted) counts as not playing: a player would find it slow.
SLOWER = 1.5


class TooSlow(Exception):
    pass


def _on_board(p, code):
    from tools.board import deploy

    p.go()
    with deploy.Board(p.url) as b:
        return b.run(code)


def _ballast_code(n):
    """Board code that leaves /ballast.txt holding n (firmware/main.py then takes a bytearray
    that big before anything else), or no such file when n is 0."""
    if n:
        return "f = open('ballast.txt', 'w'); f.write('%d'); f.close()\n" % n
    return "import os\ntry: os.remove('ballast.txt')\nexcept OSError: pass\n"


def _failed(lines):
    """A line of the console saying the app ran out of heap or recovered from an error."""
    return any("MemoryError" in t or "error: " in t for t in lines)


def _to_menu(p, n):
    """Settle after a reset; where that stopped before the app named its first screen (since
    line `n` of p.lines) without an error (the ST7789's power-up sleeps 270 ms), run on to it
    and settle again (PicoError when none comes)."""
    p.settle(**SETTLE)
    said = [text for _, text in p.lines[n:]]
    if not any("screen " in x for x in said) and not _failed(said):
        p.until_screen(since=n, settle_ms=SETTLE["max_ms"])


def _reset_to_menu(p):
    """Hard reset and settle: (the app reached the main menu without an error?, reset time)."""
    from tools import pico

    n = len(p.lines)
    p.pause()
    t = p.reset()
    p.pause()
    try:
        _to_menu(p, n)
    except pico.PicoError:
        return False, t
    said = [text for _, text in p.lines[n:]]
    return any("screen 1 " in x for x in said) and not _failed(said), t


def heap_boot(p):
    """The heap of a boot and of the main menu it reaches: {"boot_low": lowest free sampled
    every board ms from the reset to the menu (garbage not yet collected included), "boot_min"
    / "boot_block": lowest free and largest free block after a collection while booting,
    "menu" / "menu_block" / "total": after the app's idle collection at the menu}."""
    p.pause()
    p.sample(1)
    p.heap(reset=True)
    ok, _ = _reset_to_menu(p)
    s, b = p.sample(0), p.heap(reset=True)
    p.run(2500)  # the app collects after 2 s without input (firmware/app.py _IDLE_GC_MS)
    m = p.heap()
    if not ok or not (s and b and m):
        raise RuntimeError("no boot to the menu to measure")
    return {
        "boot_low": s["low"],
        "boot_min": b["min"],
        "boot_block": b["min_block"],
        "menu": m["last"],
        "menu_block": m["block"],
        "total": m["total"],
    }


def headroom_boot(p, hi):
    """The largest ballast (a multiple of BALLAST_STEP) with which a hard reset reaches the main
    menu without an error, by bisection: no ballast boots, `hi` bytes (say the menu's free heap)
    do not. Leaves the board without a ballast."""
    lo, hi = 0, hi // BALLAST_STEP
    while hi - lo > 1:
        mid = (lo + hi) // 2
        _on_board(p, _ballast_code(mid * BALLAST_STEP))
        if _reset_to_menu(p)[0]:
            lo = mid
        else:
            hi = mid
    _on_board(p, _ballast_code(0))
    _reset_to_menu(p)
    return lo * BALLAST_STEP


def heap_game(p, game, entry, seats, ballast=0, cap_ms=None):
    """One whole game at the largest table (seed 8, the bench's presses) with a ballast: (it
    reached its end screen without an error, its CPU busy at most `cap_ms` board ms if given?,
    the GC table's figures during it). The figures also hold "busy", the board ms the CPU was
    busy from the menu to the end screen, and "after" and "after_block": free heap and largest
    free block at the main menu after OK on the end screen and the idle collection (the game's
    modules and tables gone)."""
    from tools.pico.driver import PicoPlayer
    from tools.play.driver import GROUP_ROWS, open_game, play_to_end, tap

    _on_board(
        p,
        "import os\ntry:\n for n in os.listdir('data'): os.remove('data/' + n)\n"
        "except OSError:\n pass\n"  # no data/ yet: the app has not run since the deploy
        "f = open('seed.txt', 'w'); f.write('8'); f.close()\n" + _ballast_code(ballast),
    )
    if not _reset_to_menu(p)[0]:
        return False, None
    n = len(p.lines)
    busy0 = p.info()["busy_ms"]

    class Capped(PicoPlayer):  # gives up once the game's CPU was busy over cap_ms
        def _settle(self):
            super()._settle()
            if cap_ms is not None and self.pico.info()["busy_ms"] - busy0 > cap_ms:
                raise TooSlow("CPU busy over %d board ms" % cap_ms)

    pp = Capped(p)
    p.heap(reset=True)
    slow = None
    try:
        open_game(pp, GROUP_ROWS[game], entry, seats[1] - seats[0])
        play_to_end(pp, lambda i: (i * 7 + i // 5) % 3)
        ok = pp.top() == "EndScreen"
    except TooSlow as e:
        ok, slow = False, str(e)
    except Exception:  # noqa: BLE001 (out of heap: the app went back to the menu, or stopped)
        ok = False
    said = [t for _, t in p.lines[n:]]
    ok = ok and not _failed(said)
    h = p.heap()
    if h is not None:
        h["busy"] = p.info()["busy_ms"] - busy0
    if h is not None and not ok:  # what went wrong, and where the screens were
        h["said"] = [t for t in said if "Error" in t or "error: " in t][:3] + said[-3:]
        if slow:
            h["said"].insert(0, "too slow: " + slow)
    if ok and h:
        tap(pp, "OK")  # the end screen goes home: the app drops what the game imported
        pp.wait(2500)  # and collects after 2 s without input
        m = p.heap()
        h["after"], h["after_block"] = m["last"], m["block"]
    return ok, h


def headroom_games(p, rulesets, budget_s=HEADROOM_BUDGET_S, say=None, steps=3):
    """Whole games of every (game, entry, path, seats) in `rulesets`: first without a ballast
    ({path name: GC figures}), then, for up to `steps` ballasts B (the lowest free heap of
    them all less GAME_MARGIN, then GAME_MARGIN less each time), the ones that played, lowest
    free heap first, until one fails (a game is 90-420 s of host time here; with a ballast, one
    whose CPU is busy SLOWER times as long as without one fails); the next B starts with the
    one that failed. Returns (figures, the largest B with which every game played to its end or
    None, the names not run within the budget or that did not play even without a ballast)."""
    start, missing, bare = time.monotonic(), [], {}
    for game, entry, path, seats in rulesets:
        if time.monotonic() - start > budget_s:
            missing.append(path.name)
            continue
        ok, h = heap_game(p, game, entry, seats)
        if ok and h:
            bare[path.name] = h
        else:
            missing.append(path.name)
        if say:
            say("%s: %s %s" % (path.name, "ok" if ok else "FAILED", h))
    if not bare:
        return bare, None, missing
    ballast = (min(h["min"] for h in bare.values()) - GAME_MARGIN) // BALLAST_STEP * BALLAST_STEP
    todo = sorted((r for r in rulesets if r[2].name in bare), key=lambda r: bare[r[2].name]["min"])
    found = None
    for _ in range(steps):
        failed = None
        for r in todo:
            game, entry, path, seats = r
            if time.monotonic() - start > budget_s:
                missing.append(path.name)
                continue
            cap = SLOWER * bare[path.name]["busy"]
            ok, h = heap_game(p, game, entry, seats, ballast, cap_ms=cap)
            if say:
                why = "ok" if ok else "FAILED %s" % (h or {}).get("said", "")
                say("%s with %d B ballast: %s" % (path.name, ballast, why))
            if not ok:
                failed = r
                break
        if failed is None:
            found = ballast
            break
        ballast -= GAME_MARGIN
        todo = [failed] + [r for r in todo if r is not failed]
    _on_board(p, _ballast_code(0) + "import os\nos.remove('seed.txt')")
    return bare, found, missing


def heap_kind(kind, games=True, say=None, budget_s=HEADROOM_BUDGET_S):
    """The heap figures of one firmware file on a freshly deployed emulated Pico (a dict), or
    why they could not be had (a string)."""
    from tools import pico
    from tools.bench.sim import game_rulesets
    from tools.board import deploy

    why = pico.missing(kind)
    if why:
        return why
    tell = (lambda s: say("%s: %s" % (kind, s))) if say else None
    with tempfile.TemporaryDirectory(prefix="fusebox-heap-") as d:
        with pico.Pico(flash=str(Path(d) / "flash.bin"), firmware=kind) as p:
            if kind != pico.FUSEBOX:  # Fusebox's UF2 alone: nothing to deploy
                deploy.deploy(p.url, say=lambda *a: None)
            f = heap_boot(p)
            f["headroom_boot"] = headroom_boot(p, f["menu"])
            if tell:
                tell("boot %s" % f)
            if games:
                f["games"] = headroom_games(p, game_rulesets(), budget_s, say=tell)
            return f


def heap_rows(row, games=True, kinds=HEAP_KINDS, say=None, budget_s=HEADROOM_BUDGET_S):
    """The heap rows, each firmware file on its own freshly deployed emulated Pico, both in one
    row. The files run at once, one emulator (one core) each: the figures are board time and
    the GC's own table, so running side by side changes none of them, only the host time."""
    from concurrent.futures import ThreadPoolExecutor

    def one(kind):
        try:
            return heap_kind(kind, games, say, budget_s)
        except Exception as e:  # noqa: BLE001 (the other file's figures still count)
            return "failed: %s: %s" % (type(e).__name__, e)

    with ThreadPoolExecutor(len(kinds)) as ex:
        figs = dict(zip(kinds, ex.map(one, kinds), strict=True))

    def both(name, fmt, how):
        cells = []
        for kind in kinds:
            f = figs[kind]
            cells.append("%s %s" % (kind, fmt(f) if isinstance(f, dict) else "skipped"))
        row("board", name, " | ".join(cells), how)

    kb = lambda n: "%d B" % n if n is not None else "-"  # noqa: E731
    both("heap: free at the menu", lambda f: kb(f["menu"]), "after the idle GC; >= 200 / 220 KB")
    both("heap: largest free block, menu", lambda f: kb(f["menu_block"]), ">= 170 / 200 KB")
    both(
        "heap: boot's lowest free (sampled)",
        lambda f: kb(f["boot_low"]),
        "every board ms, reset -> menu, garbage included",
    )
    both(
        "heap: boot's lowest after a GC",
        lambda f: "%s, block %s" % (kb(f["boot_min"]), kb(f["boot_block"])),
        "GC table after each collection while booting",
    )
    both(
        "headroom: ballast, boot -> menu",
        lambda f: kb(f["headroom_boot"]),
        "largest bytearray before the app (/ballast.txt); >= 180 / 200 KB",
    )
    if not games:
        return figs

    def game_fig(f):
        bare, ballast, missing = f["games"]
        fig = kb(ballast) if ballast is not None else "none found"
        return fig + (" (without %s)" % ", ".join(missing) if missing else "")

    def live_fig(f):
        bare = f["games"][0]
        if not bare:
            return "-"
        name, h = min(bare.items(), key=lambda kv: kv[1]["min"])
        return "%s (%s)" % (kb(h["total"] - h["min"]), name)

    both(
        "headroom: ballast, whole games",
        game_fig,
        "every shipped ruleset, largest table, to its end; >= 150 / 180 KB",
    )

    def after_fig(f):
        bare = f["games"][0]
        if not bare:
            return "-"
        h = min(bare.values(), key=lambda h: h.get("after", 0))
        return "%s, block %s" % (kb(h.get("after")), kb(h.get("after_block")))

    both(
        "heap: menu after a game (lowest)",
        after_fig,
        "OK on the end screen, idle GC: the game's code and tables gone",
    )
    both(
        "heap: games' smallest largest block",
        lambda f: kb(min((h["min_block"] for h in f["games"][0].values()), default=None)),
        "after a collection, during any of those games",
    )
    both(
        "heap: live at the games' worst GC",
        live_fig,
        "GC heap less the lowest free after a collection; <= 90 / 60 KB",
    )
    from tools.bench.sim import game_rulesets

    for _game, _entry, path, seats in game_rulesets():

        def per(f, name=path.name):
            h = f["games"][0].get(name)
            if not h:
                return "not run"
            return "%s, block %s" % (kb(h["min"]), kb(h["min_block"]))

        both(
            "game %s, %d players" % (path.stem, seats[1]),
            per,
            "lowest free after a collection and its largest block, no ballast",
        )
    return figs


def heap_main():
    """`python -m tools.bench.board --heap`: the heap rows without the whole games (a few
    minutes); `--heap --games [--budget S]` adds them (hours; S: host seconds of games per
    firmware file, after which the rest are reported not run)."""
    import sys

    def row(group, name, fig, how):
        print("%-36s %-36s %s" % (name, fig, how), flush=True)

    w = time.monotonic()
    say = lambda s: print("  " + s, file=sys.stderr, flush=True)  # noqa: E731
    budget = HEADROOM_BUDGET_S
    if "--budget" in sys.argv:
        budget = int(sys.argv[sys.argv.index("--budget") + 1])
    heap_rows(row, games="--games" in sys.argv, say=say, budget_s=budget)
    print("(%.0f s host)" % (time.monotonic() - w))


def ballast_games(kind, ballast, say=None):
    """Every shipped game ruleset at its largest table, played once to its end on one fresh
    board of firmware `kind` with `ballast` bytes held before the app: {file name: (reached the
    end without an error?, the GC table's figures)}; the games' live heap at their worst
    collection is the GC heap less the lowest free after a collection, less the ballast."""
    from tools import pico
    from tools.bench.sim import game_rulesets
    from tools.board import deploy

    out = {}
    with tempfile.TemporaryDirectory(prefix="fusebox-ballast-") as d:
        with pico.Pico(flash=str(Path(d) / "flash.bin"), firmware=kind) as p:
            if kind != pico.FUSEBOX:
                deploy.deploy(p.url, say=lambda *a: None)
            p.pause()
            p.settle(**SETTLE)
            for game, entry, path, seats in game_rulesets():
                ok, h = heap_game(p, game, entry, seats, ballast)
                out[path.name] = (ok, h)
                if say:
                    live = h["total"] - h["min"] - ballast if h else None
                    say(
                        "%s %d players, ballast %d B: %s, lowest free %s, live %s B"
                        % (
                            path.name,
                            seats[1],
                            ballast,
                            "ok" if ok else "FAILED",
                            h and h["min"],
                            live,
                        )
                    )
    return out


def ballast_main():
    """`python -m tools.bench.board --ballast N [--kind fusebox|stock]`: every shipped game at
    its largest table with N bytes of ballast (one fresh board; tens of minutes)."""
    import sys

    n = int(sys.argv[sys.argv.index("--ballast") + 1])
    kind = sys.argv[sys.argv.index("--kind") + 1] if "--kind" in sys.argv else "fusebox"
    w = time.monotonic()
    figs = ballast_games(kind, n, say=lambda s: print(s, flush=True))
    played = sum(1 for ok, _ in figs.values() if ok)
    worst = max((h["total"] - h["min"] - n for ok, h in figs.values() if h), default=None)
    print(
        "%s: %d of %d games played to their end with a %d B ballast; live heap at the worst "
        "collection %s B (%.0f s host)" % (kind, played, len(figs), n, worst, time.monotonic() - w)
    )


# -- every MicroPython profile (issue #26): the stock firmware, each board wired as it says ----
PROFILES = ("pico-ssd1306", "pico-sh1106", "pico-display-pack", "thumby")
PROFILE_GAME = games.IDS[0]  # the registry's first game: Time Bomb
PROFILE_SEATS = (4, 5)  # heap_game's table: Time Bomb at 5 players (seed 8, the bench's presses)


def profile_figures(board, firmware="fusebox"):
    """One profile's figures on a freshly deployed emulated Pico wired as the profile says, the
    firmware image a parameter (a kind of tools.pico.FIRMWARE_NAMES or a (.bin, boot ROM) pair):
    {"menu", "menu_block": free heap and largest free block after the idle collection at the
    menu; "moves": board ms of 20 menu moves, press -> end of its first frame; "move_bytes":
    bytes each move's first frame took on the display's bus (commands included); "frame_bytes":
    the most any frame took (a whole panel); "reset": reset -> menu, twice; "game":
    heap_game's figures for a whole Time Bomb game}, or why they could not be had (a str)."""
    from tools import pico
    from tools.board import deploy

    why = pico.missing(firmware if isinstance(firmware, str) else "stock")
    frozen = firmware == pico.FUSEBOX
    if frozen:
        firmware = pico.firmware_files(pico.FUSEBOX, board)
    if why:
        return why
    with tempfile.TemporaryDirectory(prefix="fusebox-profile-") as d:
        with pico.Pico(flash=str(Path(d) / "flash.bin"), firmware=firmware, board=board) as p:
            if not frozen:  # Fusebox's UF2 of the profile alone: no deploy
                deploy.deploy(p.url, board=board, say=lambda *a: None)
            ok, _ = _reset_to_menu(p)
            if not ok:
                return "no boot to the menu"
            p.run(2500)  # the app collects after 2 s without input (firmware/app.py _IDLE_GC_MS)
            m = p.heap()
            f = {"menu": m["last"], "menu_block": m["block"]}
            k = p.frame_info()["n"]
            f["moves"] = [x for x in menu_moves(p) if x is not None]
            moved = p.frames(since=k, bus_bytes=True)
            f["move_bytes"] = [b for _, _, _, b in moved]
            f["reset"] = [reset_to_menu(p), reset_to_menu(p)]
            f["frame_bytes"] = max(b for _, _, _, b in p.frames(bus_bytes=True))
            ok, h = heap_game(p, PROFILE_GAME, 0, PROFILE_SEATS)
            f["game"] = h if ok else "did not play to its end: %s" % ((h or {}).get("said"),)
            return f


def profile_rows(row, boards=PROFILES, firmware="fusebox"):
    """The per-board rows: every MicroPython profile on its own emulated Pico, two at a time
    (an emulator takes a core; the figures are board time and the GC's own table, so running
    side by side changes none of them)."""
    from concurrent.futures import ThreadPoolExecutor

    def one(board):
        try:
            return profile_figures(board, firmware)
        except Exception as e:  # noqa: BLE001 (the other boards' figures still count)
            return "failed: %s: %s" % (type(e).__name__, e)

    with ThreadPoolExecutor(2) as ex:
        figs = dict(zip(boards, ex.map(one, boards), strict=True))
    fw = firmware if isinstance(firmware, str) else Path(firmware[0]).name
    for board in boards:
        f = figs[board]
        if not isinstance(f, dict):
            row("boards", board, "skipped", f)
            continue
        mv = sorted(f["moves"])
        mb = sorted(f["move_bytes"])
        g = f["game"]
        cells = [
            ("heap at the menu, free / block", "%d / %d B" % (f["menu"], f["menu_block"])),
            (
                "Time Bomb 5p, lowest free / block",
                "%d / %d B" % (g["min"], g["min_block"]) if isinstance(g, dict) else g,
            ),
            (
                "menu move, median / worst",
                "%.0f / %.0f ms" % (mv[len(mv) // 2], mv[-1]) if mv else "none",
            ),
            (
                "reset -> menu",
                " / ".join("%.0f ms" % x if x is not None else "none" for x in f["reset"]),
            ),
            (
                "bytes a frame: menu move / whole",
                "%d / %d B" % (mb[len(mb) // 2], f["frame_bytes"]) if mb else "none",
            ),
        ]
        for what, fig in cells:
            row("boards", "%s: %s" % (board, what), fig, "%s firmware, emulated Pico" % fw)
    return figs


def profiles_main():
    """`python -m tools.bench.board --profiles`: the per-board rows (a few minutes)."""

    def row(group, name, fig, how):
        print("%-52s %-22s %s" % (name, fig, how), flush=True)

    w = time.monotonic()
    fw = sys.argv[sys.argv.index("--firmware") + 1] if "--firmware" in sys.argv else "fusebox"
    profile_rows(row, firmware=fw)
    print("(%.0f s host)" % (time.monotonic() - w))


if __name__ == "__main__":
    import sys

    if "--ballast" in sys.argv:
        ballast_main()
    elif "--timing" in sys.argv:
        timing_main()
    elif "--heap" in sys.argv:
        heap_main()
    elif "--profiles" in sys.argv:
        profiles_main()
    else:
        taps_main()
