"""`make bench BENCH=board`: the product's figures on the emulated Pico (tools/pico/), in board
time (the RP2040's cycle count at 125 MHz) and the firmware's own heap (its GC table, read after
every collection): deploy, boot, the menu, button-to-frame latencies and the live heap during a
whole game of every shipped game ruleset at its largest table.

Latency is "press to the end of the last frame before the app rests": the press lands at a known
board time, the emulated SSD1306 stamps the end of every frame (its last byte on the I2C bus at
1 MHz), and the app has settled when the CPU is mostly asleep and no frame came for 300 ms.
"""

import tempfile
import time
from pathlib import Path

GAME_BUDGET_S = 1500  # host seconds for the whole-game heap rows; the rest are reported skipped


def _press(p, name, hold):
    """Press and release `name`, let the app rest; (press time, frame count before it)."""
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
        name = "DOWN" if down else "UP"
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
        name = "DOWN" if i % 2 == 0 else "UP"
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
    settles on (a menu that fills in later counts when it is whole), or None."""
    p.pause()
    t = p.reset()
    p.settle(quiet=60, frame_quiet=300, max_ms=10000)
    final = bytes(p.frame())
    for f in p.frames():
        if f[1] > t and bytes(f[2]) == final:
            return f[1] - t
    return None


def first_frames(p):
    """{figure: board ms} from a press to the end of the first frame of each new screen it
    opens, from the main menu (cursor on the top row): every game's ruleset list, then a Time
    Bomb game's look, the next pass screen and a cut. The app is back at the menu after."""
    from tools.pico.driver import PicoPlayer
    from tools.playdriver import GROUP_ROWS, open_game, pass_around, step

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
TIMING_KINDS = ("stock", "romfs")


def timing(p):
    """Every timing figure of issue #13 on one freshly deployed, settled board: taps, menu moves,
    reset -> menu (twice) and the first
    frames of new screens (each list opened first without a ruleset cache, then with it)."""
    f = {"taps": {hold: taps_seen(p, hold) for hold in (20, 30, 40)}}
    f["moves"] = sorted(x for x in menu_moves(p) if x is not None)
    f["reset"] = [reset_to_menu(p), reset_to_menu(p)]
    from tools import deploy

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
    from tools import deploy

    p.go()
    with deploy.Board(p.url) as bd:
        bd.run(
            "import os\nfor n in os.listdir('data'):\n"
            " if not n.startswith('rulesets.cache'): os.remove('data/' + n)"
        )
    reset_to_menu(p)


def timing_rows(row, kinds=TIMING_KINDS):
    """The timing rows, each firmware file on its own freshly deployed emulated Pico, both
    figures in one row: stock | romfs (the ROMFS build deploys its code to /rom)."""
    from tools import deploy, pico

    figs = {}
    for kind in kinds:
        why = pico.missing(kind)
        if why:
            figs[kind] = why
            continue
        with tempfile.TemporaryDirectory(prefix="fusebox-timing-") as d:
            with pico.Pico(flash=str(Path(d) / "flash.bin"), firmware=kind) as p:
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
    """`python -m tools.bench_board --timing`: the timing rows on both firmware files."""

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
    from core import ruleset  # noqa: F401 (fail early when the tree is broken)
    from tools import deploy
    from tools.bench import game_rulesets
    from tools.pico.driver import PicoPlayer
    from tools.playdriver import GROUP_ROWS, open_game, play_to_end

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
            # (the timing rows: timing_rows() above, stock and ROMFS side by side)
            p.pause()
            p.reset()
            p.settle(quiet=60, frame_quiet=300, max_ms=10000)
            p.heap(reset=True)
            p.run(2500)
            h = p.heap()
            row(
                "board",
                "live heap at the main menu",
                "%d B free" % h["last"] if h else "no ELF",
                "GC table after the app's idle collection (2 s)",
            )
            # the lowest live heap during a whole game of every shipped game ruleset
            start = time.monotonic()
            for game, entry, path, seats in game_rulesets():
                if time.monotonic() - start > GAME_BUDGET_S:
                    row("board", "%s, %d players" % (path.name, seats[1]), "not run", "budget")
                    continue
                w = time.monotonic()
                p.go()
                with deploy.Board(p.url) as bd:  # a fixed deal, no game to resume
                    bd.run(
                        "import os\nfor n in os.listdir('data'): os.remove('data/' + n)\n"
                        "f = open('seed.txt', 'w'); f.write('8'); f.close()"
                    )
                p.reset()
                p.pause()
                p.settle(quiet=60, frame_quiet=300, max_ms=10000)
                pp = PicoPlayer(p)
                p.heap(reset=True)
                try:
                    open_game(pp, GROUP_ROWS[game], entry, seats[1] - seats[0])
                    play_to_end(pp, lambda i: (i * 7 + i // 5) % 3)
                    h = p.heap()
                    fig = "%d B free (lowest)" % h["min"]
                except Exception as e:  # noqa: BLE001 (a figure that cannot be had is reported)
                    fig = "no game: %s" % type(e).__name__
                row(
                    "board",
                    "%s, %d players" % (path.name, seats[1]),
                    fig,
                    "whole game, GC table after each collection (%.0f s host)"
                    % (time.monotonic() - w),
                )
            p.go()
            with deploy.Board(p.url) as bd:
                bd.run("import os\nos.remove('seed.txt')")
        finally:
            p.close()


def taps_main(argv=None):
    """`python -m tools.bench_board`: only the taps and menu-move rows, on a freshly deployed
    emulated Pico (about a minute)."""
    from tools import deploy, pico

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


if __name__ == "__main__":
    import sys

    if "--timing" in sys.argv:
        timing_main()
    else:
        taps_main()
