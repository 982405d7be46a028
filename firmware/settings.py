"""User settings: sound, volume, brightness, seat names, reveal auto-hide, language, screen
sleep; saved with storage."""

import firmware.storage as storage
from core import const
from firmware.strings import LANGS

PATH = "data/settings.json"
VERSION = const(1)
SEATS = const(8)
NAME_LEN = const(8)
VOLUMES = const(4)  # volume steps 1..4 (buzzer levels; 4 is the loud preset at resonance)
BRIGHT = const(5)  # brightness steps 1..5
# Auto-hide choices for private reveal screens, in seconds (0 = stay until a button).
HIDE_CHOICES = (0, 3, 5, 10, 20, 30)
# Screen sleep choices, in seconds with no press (0 = never): the display then dims, and turns
# off a while later (firmware/app.py); a countdown, a real-time clock or a build-up never sleeps.
SLEEP_CHOICES = (60, 120, 300, 0)
# Characters the device's name editor types; a name may also hold accented letters (from
# U+00C0 on: Chloé, Jürgen), typed on the host (`python -m tools names push`) and kept as UTF-8.
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-."


def default_name(i):
    return "P" + str(i + 1)


class Settings:
    """The settings as plain attributes; load() repairs anything odd instead of failing boot."""

    def __init__(self):
        self.sound = True
        self.volume = 2
        self.brightness = 4
        self.hide = 5
        self.sleep = 120
        self.lang = LANGS[0]
        self.names = [default_name(i) for i in range(SEATS)]
        self.recent = []  # names seats had before (the name picker offers them first)
        self.error = None  # the SaveError text of the last failed load/save, for a notice

    def contrast(self):
        """Display contrast 0..255 for the brightness step."""
        return self.brightness * 255 // BRIGHT

    def to_obj(self):
        return {
            "v": VERSION,
            "sound": self.sound,
            "volume": self.volume,
            "brightness": self.brightness,
            "hide": self.hide,
            "sleep": self.sleep,
            "lang": self.lang,
            "names": list(self.names),
            "recent": list(self.recent),
        }

    def apply_obj(self, obj):
        """Take every valid field of obj; keep the current value for anything else."""
        if type(obj) is not dict:
            return
        v = obj.get("sound")
        if type(v) is bool:
            self.sound = v
        v = obj.get("volume")
        if type(v) is int and 1 <= v <= VOLUMES:
            self.volume = v
        v = obj.get("brightness")
        if type(v) is int and 1 <= v <= BRIGHT:
            self.brightness = v
        v = obj.get("hide")
        if type(v) is int and v in HIDE_CHOICES:
            self.hide = v
        v = obj.get("sleep")  # absent in settings saved before it was kept: the default
        if type(v) is int and v in SLEEP_CHOICES:
            self.sleep = v
        v = obj.get("lang")
        if v in LANGS:
            self.lang = v
        v = obj.get("names")
        if type(v) is list:
            for i in range(min(len(v), SEATS)):
                if valid_name(v[i]):
                    self.names[i] = v[i]
        v = obj.get("recent")
        if type(v) is list:
            self.recent = [n for n in v[:SEATS] if valid_name(n)]

    def load(self, path=PATH):
        try:
            self.apply_obj(storage.load(path))
            self.error = None
        except OSError:
            self.error = None  # first boot: no settings yet, defaults are right
        except ValueError as e:  # SaveError: corrupt and no good backup
            self.error = str(e)
        return self

    def save(self, path=PATH):
        """Save atomically; False (with self.error set) if the flash refused."""
        try:
            storage.save(path, self.to_obj())
        except (OSError, ValueError) as e:
            self.error = str(e)
            return False
        self.error = None
        return True


def valid_name(s):
    if type(s) is not str or not (1 <= len(s) <= NAME_LEN) or s.strip() == "":
        return False
    for ch in s:
        if ch not in NAME_CHARS and ord(ch) < 0xC0:
            return False
    return True
