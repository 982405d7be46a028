"""Playing many games: the screen-reading driver, policies, balance, golden playthroughs."""
