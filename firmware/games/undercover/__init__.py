"""Time Bomb: Undercover on the device: its screens (skin.py, screens.py) and text (text_en.py)."""
