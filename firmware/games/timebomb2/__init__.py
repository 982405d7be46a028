"""TimeBomb II on the device: its screens (skin.py, place.py, check.py) and text (text_en.py)."""
