"""Colour contrast by the WCAG 2.2 formula, one module for the print kit and the pages.

"Relative luminance" puts each sRGB channel on the linear-light scale (the sRGB
transfer curve) and weighs red, green and blue as the eye does; the contrast
ratio of two colours is (lighter + 0.05) / (darker + 0.05), from 1 to 21. Every
choice of ink, line or fill in deckforge is made by measuring this ratio, never
by a brightness threshold.
"""

from __future__ import annotations

AA_TEXT = 4.5  # WCAG 1.4.3: normal text
AA_NON_TEXT = 3.0  # WCAG 1.4.11: lines, rings, focus indicators; large text
AAA_TEXT = 7.0  # WCAG 1.4.6


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


def linear(value: float) -> float:
    """One sRGB channel (0–1) on the linear-light scale (the sRGB transfer curve)."""
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def relative_luminance(red: float, green: float, blue: float) -> float:
    """WCAG relative luminance of 0–1 sRGB channels (0 black, 1 white)."""
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def ratio(first: float, second: float) -> float:
    """WCAG contrast ratio of two relative luminances (1 to 21)."""
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)


def luminance(colour: str) -> float | None:
    """WCAG relative luminance of "#rrggbb" or "#rgb"; None if unreadable."""
    channels = rgb(colour)
    if channels is None:
        return None
    red, green, blue = channels
    return relative_luminance(red / 255, green / 255, blue / 255)


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21); an unreadable colour counts as black."""
    return ratio(luminance(first) or 0.0, luminance(second) or 0.0)


def towards(colour: str, ground: str, wanted: float) -> str:
    """``colour`` mixed with white (dark ground) or black (light ground), keeping its hue,
    just enough to reach the ratio ``wanted`` against ``ground``; unchanged if it does."""
    dark_ground = (luminance(ground) or 0.0) < 0.18
    channels = rgb(colour)
    if channels is None:
        return "#ffffff" if dark_ground else "#111111"
    if contrast(colour, ground) >= wanted:
        return hex_of(channels)
    end = 255 if dark_ground else 0
    red, green, blue = channels
    for step in range(1, 101):
        share = step / 100
        mixed = hex_of(
            (red + (end - red) * share, green + (end - green) * share, blue + (end - blue) * share)
        )
        if contrast(mixed, ground) >= wanted:
            return mixed
    return hex_of((end, end, end))
