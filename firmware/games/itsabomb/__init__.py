"""It's a Bomb! on the device: its screens (skin.py, turn.py and parts) and text (text_en.py)."""
