"""The folding table: what a character the font cannot draw becomes in ASCII (imported by
firmware/ui/text.py only when such a character turns up)."""

# Any other character is folded to ASCII: _SRC[i] becomes _DST[i]; _MULTI[i] becomes three
# characters of _MULTI_TO (spaces trimmed). One string each, so the table costs a few
# objects, not one a letter. Drawing folds a character to the first of its letters.
_SRC = (
    "áâãåāăąªÁÂÃÅĀĂ"
    "ĄćĉċčĆĈĊČďđðĎĐ"
    "ÐëēĕėęěËĒĔĖĘĚĝ"
    "ğġģĜĞĠĢìíîïĩīĭ"
    "įıÌÍÎÏĨĪĬĮİĺļľ"
    "łĹĻĽŁñńņňÑŃŅŇò"
    "óôõøōŏőºÒÓÔÕØŌ"
    "ŎŐŕŗřŔŖŘśŝşšŚŜ"
    "ŞŠţťŢŤùúûũūŭůű"
    "ųÙÚÛŨŪŬŮŰŲýÿŷÝ"
    "ŸŶźżžŹŻŽ\u2018\u2019\u201a\u2032\u00b4\u201c"
    "\u201d\u201e«»\u2033\u2010\u2011\u2012\u2013\u2014\u2212\u00a0\u2009\u202f"
    "\u0009·•×"
)
_DST = (
    "aaaaaaaaAAAAAAAccccCCCCdddDDDeeeeeeEEEEEEggggGGGGiiiiiiiiiII"
    "IIIIIIIllllLLLLnnnnNNNNoooooooooOOOOOOOOrrrRRRssssSSSSttTTuu"
    'uuuuuuuUUUUUUUUUyyyYYYzzzZZZ\'\'\'\'\'""""""------    ..x'
)
_MULTI = "œŒæÆẞþÞ…"
_MULTI_TO = "oe OE ae AE SS th TH ..."


def fold(ch):
    """ch in ASCII: one letter, a few ("oe"), or "?" when nothing near it is known."""
    i = _SRC.find(ch)
    if i >= 0:
        return _DST[i]
    i = _MULTI.find(ch)
    if i >= 0:
        return _MULTI_TO[3 * i : 3 * i + 3].strip()
    return "?"
