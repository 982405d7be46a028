"""The UI kit: layout, text, big digits, widgets, icons and the screen stack (framebuf only)."""
