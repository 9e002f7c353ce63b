"""Simulated colour vision deficiencies, for tests.

The matrices are those of Machado, Oliveira and Fernandes, "A Physiologically-based
Model for Simulation of Color Vision Deficiency", IEEE Transactions on Visualization
and Computer Graphics 15(6), 2009, pp. 1291-1298, at severity 1.0 (dichromacy):
protanopia, deuteranopia and tritanopia. As in the paper, they act on linear-light
RGB, so a colour is decoded with the sRGB curve, multiplied, and encoded again.
"""

from __future__ import annotations

from deckforge.contrast import hex_of, linear, rgb

Matrix = tuple[tuple[float, float, float], ...]

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _encode(value: float) -> float:
    """A linear-light value (clamped to 0..1) back to a 0-255 sRGB channel."""
    v = min(1.0, max(0.0, value))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate(colour: str, deficiency: str) -> str:
    """``colour`` ("#rrggbb") as a person with ``deficiency`` sees it."""
    channels = rgb(colour)
    if channels is None:
        raise ValueError(f"not a colour: {colour!r}")
    light = [linear(c / 255) for c in channels]
    matrix = MACHADO_2009[deficiency]
    red, green, blue = (
        _encode(sum(m * v for m, v in zip(row, light, strict=True))) for row in matrix
    )
    return hex_of((red, green, blue))


def css_hex(css: str) -> str:
    """ "rgb(1, 2, 3)" or "rgba(1, 2, 3, 1)" (a computed style) as "#010203"."""
    parts = css[css.index("(") + 1 : css.index(")")].split(",")
    return hex_of((float(parts[0]), float(parts[1]), float(parts[2])))
