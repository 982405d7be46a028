"""The fault suite's shared figures: the heap a whole mashed game needs, the main menu's log."""

GAME_HEAP = "320k"  # every game, mashed in one session: 256k runs out in Undercover (see report)
MENU = "ListScreen Fusebox"  # the main menu's `screen` log line ends with this
