"""TimeBomb II's storm check on screen: the shared reveal, build-up and result.

The build-up is the framework's RevealScreen unchanged (same text, sound and length whatever
the cards). A check says more than a cut (the result, the building, the total, the four cards,
the hideouts moving, who returns to work, the Transceiver): its result is the big word (STORM
IN, FAILED, BOOM!, HIDEOUT: skin.result_word), and under it the build-up's lines (which building
was checked) and the details, which UP/DOWN scroll once it shows; OK or BACK go on.
"""

from firmware.play.reveal import RevealScreen


class CheckReveal(RevealScreen):
    """The reveal of one check (its own name in the screen log, so a check is told from the
    reveal of a cut); `skin` (the game's skin module) gives its word, lines and sound."""
