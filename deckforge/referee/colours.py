"""Colours the referee's pages draw with, chosen by the WCAG 2.2 contrast formula
(:mod:`deckforge.contrast`, the print kit's too).

A theme gives each suit one colour; the pages need text on it (``ink``), and
lines and text of that hue on the projector's dark ground (``on_dark``) or on a
white page (``on_light``). Every choice is made by measuring the contrast ratio
(WCAG 2.2, "relative luminance" with the sRGB transfer curve), never by a
brightness threshold.
"""

from __future__ import annotations

from deckforge.contrast import AA_TEXT, AAA_TEXT, contrast, luminance, towards

PROJECTOR_GROUND = "#10131b"  # referee.css: body.projector
LIGHT_GROUND = "#ffffff"  # the leader's and the home page's panels
DARK_INK = "#111111"
LIGHT_INK = "#ffffff"


def ink(colour: str) -> str:
    """Text colour for ``colour``: near-black or white, whichever contrasts more.

    Near-black gives way to pure black when that is what reaches the AA ratio
    (a mid red such as #e53e3e: white 4.1:1, #111 4.6:1).
    """
    if luminance(colour) is None:
        return "#000"
    if contrast(LIGHT_INK, colour) >= contrast(DARK_INK, colour):
        return "#fff"
    return "#111" if contrast(DARK_INK, colour) >= AA_TEXT else "#000"


def on_dark(colour: str) -> str:
    """``colour`` for text and lines on the projector: AAA (7:1) against its dark ground."""
    return towards(colour, PROJECTOR_GROUND, AAA_TEXT)


def on_light(colour: str) -> str:
    """``colour`` for lines and symbols on a white panel: 4.5:1, as text (WCAG 1.4.3)."""
    return towards(colour, LIGHT_GROUND, AA_TEXT)
