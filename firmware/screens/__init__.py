"""The app's screens: menus, the bomb-timer prop, settings, about, resume and notices."""
