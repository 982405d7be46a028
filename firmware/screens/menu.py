"""Menu screens: the main menu and a game's ruleset list (both ListScreens of the UI kit)."""

from core import games
from firmware import catalog, storage, strings
from firmware.games import package
from firmware.ui import icons
from firmware.ui.listscreen import ListScreen
from firmware.ui.menu import label_cols
from firmware.ui.stack import NONE, PUSH


def entry_notice(app, e):
    """What selecting a ruleset opens: the game's setup, or the reason it is broken."""
    from firmware.ui.dialog import Notice  # lazy: the boot to the menu does not need it

    if e.error:
        return Notice(app, strings.get("broken.title"), e.error)
    from firmware.play.setup import SetupScreen  # lazy: the play flow loads with a game

    try:
        rs = catalog.read(e.path)
    except ValueError as err:  # changed on flash since the scan
        return Notice(app, strings.get("broken.title"), str(err))
    return SetupScreen(app, e.path, rs)


def _show(app, e):
    return lambda now: (PUSH, entry_notice(app, e))


def entry_rows(app, entries, shorts=None):
    """Labels, marks and actions for a list of catalog entries (broken ones marked '!'); each
    entry's short title goes into `shorts` when a list is given."""
    labels = []
    marks = []
    actions = []
    for e in entries:
        labels.append((strings.get("broken") + e.name) if e.error else e.name)
        marks.append(icons.WARN if e.error else None)
        actions.append(_show(app, e))
        if shorts is not None:
            shorts.append("" if e.error else e.short)
    return labels, marks, actions


class SavesList(ListScreen):
    """The main menu (game None) or a game's list, under rows offering the saved games (all of
    them, or only that game's): built again when it comes back on top, so a save that was made,
    resumed or discarded meanwhile shows (or goes) at once.

    A game's list shows at once with what the boot's scan read of each file, and is checked
    in the loop steps after (catalog.Checker: the cache, then a file a step), so the press that
    opened it is answered within its frame and the next press is not held up by validation; a
    row that the check changes (a broken file, a name the file did not give) is drawn again."""

    def __init__(self, app, title, game=None, root=False):
        self.game = game
        self.saves = _saves(game)
        # A game's list is checked in the steps after its first frame (0: not begun yet).
        self.checker = 0 if game is not None else None
        labels, actions, marks, shorts = _rows(app, self.saves, game)
        super().__init__(app, title, labels, actions, marks, root, shorts)
        self.live = self.checker is not None  # the loop steps fast until the check is done
        self._fresh = True  # the saves were just read: the first enter() need not again

    def enter(self, now):
        super().enter(now)
        if self._fresh:
            self._fresh = False
            return
        saves = _saves(self.game)
        if saves != self.saves:
            self.saves = saves
            labels, self.actions, marks, shorts = _rows(self.app, saves, self.game)
            self.menu.cursor = 0
            self.menu.set(labels, marks, shorts)

    def tick(self, now):
        c = self.checker
        if c is None or self.dirty:
            return NONE  # dirty: the rows known now are drawn first, then checked further
        from firmware import rulecache  # for the check only: forgotten when it is done

        if c == 0:
            self.checker = rulecache.Checker(self.app.entries, self.game)
            return NONE
        c.step()
        self.refill()
        if c.done:
            self.live = False
            self.checker = None  # the list is whole: nothing of the check stays in RAM
            rulecache.forget()
        return NONE

    def refill(self):
        """Build the rows again from what is known now; drawn again only when they changed."""
        labels, actions, marks, shorts = _rows(self.app, self.saves, self.game)
        m = self.menu
        old = (m.labels, m.marks, m.shorts)
        m.set(labels, marks, shorts)  # the cursor stays on its row
        self.actions = actions
        if (m.labels, m.marks, m.shorts) != old:
            self.dirty = True


def _saves(game):
    """The saved games a list offers: all of them on the main menu, a game's own in its list
    (one file looked up, not every game's: the list opens within its press's frame)."""
    if game is None:
        return storage.saved_games()
    return [game] if storage.exists(storage.game_save(game)) else []


def _resume(app, game):
    def open(now):
        from firmware.screens import resume  # lazy: loaded only for a save that exists

        return resume.opener(app, game)(now)

    return open


def saved_label(game, cols):
    """A saved game's row on the main menu, in `cols` columns: "Resume TimeBomb II", else with
    the game's short title ("Resume TB II"), else the verb alone (the Thumby, whose game rows
    show their short titles). Above the games' own rows, it must not read as one; it never
    scrolls, nor cuts a word."""
    verb = strings.get("resume.row")
    for t in (games.title(game), games.short(game)):
        if len(verb) + len(t) <= cols:
            return verb + t
    return verb.strip()


def _rows(app, saves, game):
    """Labels, actions, marks and short titles (None: none): the saved games first (a game's
    list: only its own, as "Continue"), then the main menu's rows or the game's rulesets."""
    labels, actions, marks = [], [], []
    saved = [g for g in saves if game is None or g == game]
    for g in saved:
        marks.append(icons.ARROW)  # play on
        actions.append(_resume(app, g))
    if game is None:
        el, ea, em, es = _main_rows(app)
        cols = label_cols(app.lay, len(saved) + len(el), True)
        labels = [saved_label(g, cols) for g in saved]
        return labels + el, actions + ea, marks + em, [""] * len(saved) + es
    labels = [strings.get("p.continue")] * len(saved)
    shorts = [""] * len(labels)
    # As far as it is checked: SavesList.tick() checks the rest (catalog.Checker).
    el, em, ea = entry_rows(app, _listed(app.entries, game), shorts)
    if not el:
        el.append(strings.get("none"))
        em.append(None)
        ea.append(lambda now: NONE)
        shorts.append("")
    return labels + el, actions + ea, marks + em, shorts


def _listed(entries, game):
    out = catalog.in_group(entries, game)
    out.sort(key=catalog.Entry.key)
    return out


def group_screen(app, game):
    """A game's rulesets, under a row offering its saved game when there is one."""
    return SavesList(app, strings.title(game), game)


def _group(app, game):
    return lambda now: (PUSH, group_screen(app, game))


def _open_prop(app, game):
    return lambda now: (PUSH, package(game, "prop").open(app))


def _settings(app):
    from firmware.screens import settings  # lazy: off the heap until Settings is opened

    return settings.SettingsScreen(app)


def _about(app, now):
    from firmware.screens import about  # lazy: off the heap until About is opened

    return about.AboutScreen(app, now)


def main_menu(app):
    """The root: the saved games (the one played last first), the games (core's registry order),
    the props, Settings, About, then any unplaceable broken file. Each screen's module is
    imported when it is first opened."""
    return SavesList(app, strings.get("app"), None, True)


def _main_rows(app):
    labels = []
    marks = []
    actions = []
    for g in games.IDS:
        if games.is_prop(g):
            continue
        n_bad = 0
        for e in catalog.in_group(app.known_entries(), g):
            if e.error:
                n_bad += 1
        labels.append(games.title(g))
        marks.append(icons.WARN if n_bad else None)
        actions.append(_group(app, g))
    for g in games.IDS:
        if games.is_prop(g):
            labels.append(games.title(g))
            marks.append(icons.BOMB)
            actions.append(_open_prop(app, g))
    # Unselected, a title too long for its row shows its short form (the Thumby's "TB II", not
    # "TimeBom"); selected, it scrolls whole.
    shorts = [games.short(g) for g in games.IDS if not games.is_prop(g)]
    shorts += [games.short(g) for g in games.IDS if games.is_prop(g)]
    labels.append(strings.get("settings"))
    marks.append(None)
    actions.append(lambda now: (PUSH, _settings(app)))
    labels.append(strings.get("about"))
    marks.append(None)
    actions.append(lambda now: (PUSH, _about(app, now)))
    bl, bm, ba = entry_rows(app, catalog.orphans(app.known_entries()))
    shorts += [""] * (2 + len(bl))
    return labels + bl, actions + ba, marks + bm, shorts
