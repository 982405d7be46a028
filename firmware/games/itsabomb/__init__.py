"""It's a Bomb! on the device: the skin (skin.py), its words and screens, text (text_en.py)."""
