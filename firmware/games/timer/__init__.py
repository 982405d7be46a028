"""The bomb-timer prop on the device: its entry points (prop.py), screens and text (text_en.py)."""
