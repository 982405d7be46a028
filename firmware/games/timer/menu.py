"""The Bomb timer menu: every preset of every valid timer ruleset, then any broken timer file."""

from firmware import catalog, strings
from firmware.screens.menu import entry_rows
from firmware.ui import icons
from firmware.ui.dialog import Notice
from firmware.ui.listscreen import ListScreen
from firmware.ui.stack import NONE, PUSH

S = strings.of("timer")


def _start(app, path, index):
    def go(now):
        from firmware.games.timer.run import TimerScreen

        try:
            rs = catalog.read(path)
        except ValueError as e:  # the file changed or broke since boot
            return (PUSH, Notice(app, S("broken.title"), str(e)))
        return (PUSH, TimerScreen(app, rs, index, now, path))

    return go


def presets_screen(app):
    labels = []
    marks = []
    actions = []
    shorts = []
    timers = catalog.check(app.entries, "timer")
    for e in timers:
        if e.error:
            continue
        try:
            rs = catalog.read(e.path)
        except ValueError:
            continue
        presets = rs["presets"]
        for i in range(len(presets)):
            labels.append(presets[i]["name"])
            shorts.append(presets[i]["short"])
            marks.append(icons.BOMB)
            actions.append(_start(app, e.path, i))
        rs = None
    bl, bm, ba = entry_rows(app, [e for e in timers if e.error], shorts)
    labels += bl
    marks += bm
    actions += ba
    if not labels:
        labels.append(S("nopresets"))
        marks.append(None)
        actions.append(lambda now: NONE)
        shorts.append("")
    return ListScreen(app, strings.title("timer"), labels, actions, marks, shorts=shorts)
