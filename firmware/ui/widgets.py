"""Widgets drawn straight onto the framebuf: status bar, battery, rows, progress, scrollbar (and
the scroll window that follows a list's cursor, and the clamp every scrolling text shares)."""

from firmware.ui import icons


def progress(fb, x, y, w, h, pct, c=1):
    """An outlined bar filled to pct (0..100): readable on mono and colour alike."""
    fb.rect(x, y, w, h, c)
    if pct < 0:
        pct = 0
    elif pct > 100:
        pct = 100
    inner = (w - 4) * pct // 100
    if inner > 0:
        fb.fill_rect(x + 2, y + 2, inner, h - 4, c)


def battery(fb, x, y, pct, scale=1, c=1):
    """A battery outline 11x7 (times scale) filled by level; nothing when the board can't tell."""
    if pct is None:
        return
    s = scale
    fb.rect(x, y, 10 * s, 7 * s, c)
    fb.fill_rect(x + 10 * s, y + 2 * s, s, 3 * s, c)
    lvl = pct if pct < 100 else 100
    if lvl < 0:
        lvl = 0
    fill = (8 * s) * lvl // 100
    if fill > 0:
        fb.fill_rect(x + s, y + s, fill, 5 * s, c)


def bar(fb, lay, txt, title, batt=None, muted=False, cols=0):
    """Row 0: the screen title (in `cols` characters, else all beside the icons; a longer one
    scrolls), the battery level and a mute mark, and a rule under them."""
    fb.fill_rect(0, 0, lay.w, lay.bar, 0)
    txt.draw(fb, title, 0, 0, 1, cols or title_cols(lay, batt))
    s = lay.scale
    x = lay.w - 11 * s
    if batt is not None:
        battery(fb, x, 0, batt, s)
        x -= 9 * s
    if muted:
        icons.draw(fb, icons.MUTE, x, 0, 1, s)
    if lay.body > lay.bar:
        fb.hline(0, lay.bar, lay.w, 1)


def title_cols(lay, batt):
    """Characters left for a title next to the status icons (three 8-pixel cells' worth with the
    battery, one without: framebuf's font leaves them exactly that many columns)."""
    return (lay.w - (24 if batt is not None else 8) * lay.scale) // lay.cw


def row(fb, lay, txt, r, label, selected=False, mark=None, cols=0):
    """Body row r with a label in `cols` characters (0: to the right edge); the selected row is
    drawn inverted (shape, not colour), and scrolls when its label is longer than its room.
    Its bar is the glyph cell and `lay.lift` rows above it: the text sits in it with a row of
    bar over its capitals and one under them, never over the next row's letters."""
    y = lay.row_y(r)
    if selected:
        fb.fill_rect(0, y - lay.lift, lay.w, lay.ch + lay.lift, 1)
    c = 0 if selected else 1
    x = 0
    if mark is not None:
        icons.draw(fb, mark, 0, y, c, lay.scale)
        x = lay.mark
    txt.draw(fb, label, x, y, c, cols, selected)


def follow(cursor, top, rows):
    """The first row of a window of `rows` rows that keeps the cursor in view, moved as little
    as possible from `top` (every scrolling list shares this)."""
    if cursor < top:
        return cursor
    if cursor >= top + rows:
        return cursor - rows + 1
    return top


def digit_row(scr, d):
    """A digit key d (the MacroPad's keypad) on a scrolled list of `scr.labels`: row d under the
    cursor, the window following it; False when the list has no row d (the key is ignored)."""
    if d > len(scr.labels):
        return False
    scr.cursor = d - 1
    scr.top = follow(scr.cursor, scr.top, scr.rows)
    return True


def scroll(first, step, count, rows):
    """The first row after scrolling `step` rows through `count` lines shown `rows` at a time:
    never above the first line, never past the window that shows the last one."""
    last = count - rows if count > rows else 0
    f = first + step
    return 0 if f < 0 else (last if f > last else f)


def status_and_rows(fb, lay, txt, status, labels, top, cursor):
    """A few fixed status lines, then a list's rows from `top` with `cursor` highlighted, down to
    the bottom of the body (the pick-a-seat and pick-a-place screens)."""
    r = 0
    for line in status:
        txt.draw(fb, line, 0, lay.row_y(r), 1)
        r += 1
    i = top
    while r < lay.body_rows and i < len(labels):
        row(fb, lay, txt, r, labels[i], i == cursor)
        r += 1
        i += 1


def scrollbar(fb, lay, top, count, visible):
    """A thin thumb at the right edge when a list is longer than the screen."""
    if count <= visible:
        return
    y0 = lay.body
    h = lay.h - y0
    th = max(3, h * visible // count)
    ty = y0 + (h - th) * top // max(1, count - visible)
    fb.fill_rect(lay.w - 2, y0, 2, h, 0)
    fb.fill_rect(lay.w - 2, ty, 2, th, 1)


def lines(fb, lay, txt, lst, first, r0=0, r1=None):
    """Body rows r0 up to r1 (None: to the last body row) filled with lst[first:], as many as
    fit."""
    r = r0
    i = first
    end = lay.body_rows if r1 is None else r1
    while r < end and i < len(lst):
        txt.draw(fb, lst[i], 0, lay.row_y(r), 1)
        r += 1
        i += 1
