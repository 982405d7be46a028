"""Screens and the screen stack: screens handle events and return intents; the app obeys them."""

from core import const

# Intents a screen returns from event()/tick(). Plain ints cost nothing; navigation that needs
# a screen returns a small tuple (PUSH, screen), which only happens on a button press.
NONE = const(0)
BACK = const(1)  # pop this screen
HOME = const(2)  # pop to the root menu
PUSH = const(3)  # (PUSH, screen)
REPLACE = const(4)  # (REPLACE, screen)
THEN = const(5)  # (THEN, intent): pop this screen, then apply intent (dialogs answer this way)


class Screen:
    """Base screen: draw() is pure (changes nothing); event()/tick() change state, set dirty."""

    title = ""
    live = False  # True while the screen animates or counts: the loop then steps faster

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def enter(self, now):
        """Called when the screen becomes the top one (pushed, or uncovered by a pop)."""
        self.dirty = True

    def leave(self):
        """Called when the screen is popped or replaced for good."""

    def event(self, ev, now):
        return NONE

    def tick(self, now):
        return NONE

    def wires(self, mask, now):
        """The physical wires changed: mask has a bit set for each wire that is open (cut)."""
        return NONE

    def draw(self, fb, now):
        pass

    def keeps_awake(self):
        """True while the display must stay lit however long nobody presses (a countdown, a
        real-time clock, a build-up): a live screen does."""
        return self.live

    def sleep(self, now):
        """The display is about to dim for want of a press: a screen showing a secret hides it
        now, as its auto-hide would (the app draws it before it dims)."""

    def digit_keys(self):
        """The digit keys that do something here now, as a mask (bit n-1: digit n); the MacroPad
        lights those. Only what this screen shows may decide it (a list's length)."""
        return 0


class Stack:
    """The screen stack; the bottom one is the main menu, which never pops."""

    def __init__(self, limit=12):
        self.items = []
        self.limit = limit

    def top(self):
        return self.items[-1] if self.items else None

    def depth(self):
        return len(self.items)

    def push(self, screen, now):
        if len(self.items) >= self.limit:
            # A runaway chain of pushes drops the oldest non-root screen instead of the heap.
            self.items.pop(1).leave()
        self.items.append(screen)
        screen.enter(now)

    def pop(self, now):
        if len(self.items) > 1:
            self.items.pop().leave()
        self.items[-1].enter(now)

    def replace(self, screen, now):
        if self.items:
            self.items.pop().leave()
        self.items.append(screen)
        screen.enter(now)

    def home(self, now):
        while len(self.items) > 1:
            self.items.pop().leave()
        self.items[-1].enter(now)

    def apply(self, intent, now):
        """Carry out an intent; return True when the top screen changed."""
        if not intent:
            return False
        if intent == BACK:
            self.pop(now)
        elif intent == HOME:
            self.home(now)
        else:
            kind = intent[0]
            if kind == PUSH:
                self.push(intent[1], now)
            elif kind == REPLACE:
                self.replace(intent[1], now)
            elif kind == THEN:
                self.pop(now)
                self.apply(intent[1], now)
            else:
                return False
        return True
