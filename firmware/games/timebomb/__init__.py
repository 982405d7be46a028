"""Time Bomb on the device: its screens (skin.py) and its text (text_en.py)."""
