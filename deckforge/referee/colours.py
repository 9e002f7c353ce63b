"""Colours the referee's pages draw with, chosen by the WCAG 2.2 contrast formula.

A theme gives each suit one colour; the pages need text on it (``ink``), and
lines and text of that hue on the projector's dark ground (``on_dark``) or on a
white page (``on_light``). Every choice is made by measuring the contrast ratio
(WCAG 2.2, "relative luminance" with the sRGB transfer curve), never by a
brightness threshold.
"""

from __future__ import annotations

PROJECTOR_GROUND = "#10131b"  # referee.css: body.projector
LIGHT_GROUND = "#ffffff"  # the leader's and the home page's panels
DARK_INK = "#111111"
LIGHT_INK = "#ffffff"

AA_TEXT = 4.5  # WCAG 1.4.3: normal text
AA_NON_TEXT = 3.0  # WCAG 1.4.11: lines, rings, focus indicators
AAA_TEXT = 7.0  # WCAG 1.4.6: what the room reads from the back of a lit classroom


def rgb(colour: str) -> tuple[int, int, int] | None:
    """The 0–255 channels of "#rrggbb" or "#rgb"; None if unreadable."""
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6:
        return None
    try:
        red, green, blue = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return None
    return red, green, blue


def hex_of(channels: tuple[float, float, float]) -> str:
    """ "#rrggbb" for 0–255 channels (rounded, clamped)."""
    return "#" + "".join(f"{min(255, max(0, round(c))):02x}" for c in channels)


def linear(channel: float) -> float:
    """One 0–255 sRGB channel on the linear-light scale (the sRGB transfer curve)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float | None:
    """WCAG relative luminance of ``colour`` (0 black, 1 white); None if unreadable."""
    channels = rgb(colour)
    if channels is None:
        return None
    red, green, blue = (linear(c) for c in channels)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21); an unreadable colour counts as black."""
    a, b = luminance(first) or 0.0, luminance(second) or 0.0
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


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


def towards(colour: str, ground: str, ratio: float) -> str:
    """``colour`` mixed with white (dark ground) or black (light ground), keeping its hue,
    just enough to reach ``ratio`` against ``ground``; unchanged if it already does."""
    channels = rgb(colour)
    if channels is None:
        return LIGHT_INK if (luminance(ground) or 0.0) < 0.18 else DARK_INK
    if contrast(colour, ground) >= ratio:
        return hex_of(channels)
    end = 255 if (luminance(ground) or 0.0) < 0.18 else 0
    red, green, blue = channels
    for step in range(1, 101):
        share = step / 100
        mixed = hex_of(
            (red + (end - red) * share, green + (end - green) * share, blue + (end - blue) * share)
        )
        if contrast(mixed, ground) >= ratio:
            return mixed
    return hex_of((end, end, end))


def on_dark(colour: str) -> str:
    """``colour`` for text and lines on the projector: AAA (7:1) against its dark ground."""
    return towards(colour, PROJECTOR_GROUND, AAA_TEXT)


def on_light(colour: str) -> str:
    """``colour`` for lines and symbols on a white panel: 4.5:1, as text (WCAG 1.4.3)."""
    return towards(colour, LIGHT_GROUND, AA_TEXT)
