"""Fit a card's title and text into a box: wrap, then shrink down to a legible floor.

Pure: it only needs a function that measures a string. Text is never clipped;
when it does not fit at the floor sizes, :func:`fit_text` returns ``None`` and
the caller refuses the card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

MM = 72 / 25.4

TITLE_MAX, TITLE_FLOOR = 10.0, 7.0  # points
BODY_MAX, BODY_FLOOR = 8.5, 6.0  # points; 6 pt is still read easily at arm's length
STEP = 0.25
LEADING = 1.2  # line height as a multiple of the font size
TITLE_GAP = 0.45  # space between title and text, as a multiple of the body size

# where a line may break: ordinary spaces only, so that non-breaking spaces
# (U+00A0, U+202F, as before « ; : ! ? » in French) keep their words together
BREAKABLE = re.compile(r"[ \t\r\f\v]+")

Measure = Callable[[str, float], float]  # (text, size in pt) -> width in pt


@dataclass(frozen=True)
class FittedText:
    """Wrapped lines and the sizes (points) they fit at."""

    title_size: float
    title_lines: tuple[str, ...]
    body_size: float
    body_lines: tuple[str, ...]

    @property
    def height(self) -> float:
        """Height of the block in points."""
        return block_height(self.title_size, len(self.title_lines), self.body_size,
                            len(self.body_lines))


def block_height(title_size: float, title_lines: int, body_size: float, body_lines: int) -> float:
    height = title_lines * title_size * LEADING + body_lines * body_size * LEADING
    if title_lines and body_lines:
        height += body_size * TITLE_GAP
    return height


def _split_long_word(word: str, width: float, size: float, measure: Measure) -> list[str]:
    """Break a word wider than the box between characters (never clip it)."""
    pieces: list[str] = []
    current = ""
    for char in word:
        if current and measure(current + char, size) > width:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, width: float, size: float, measure: Measure) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` points.

    Line breaks written in the text are kept; a word wider than the box is
    broken between characters.
    """
    lines: list[str] = []
    for paragraph in text.strip().split("\n"):
        words = [w for w in BREAKABLE.split(paragraph) if w]
        if not words:
            continue
        current = ""
        for word in words:
            candidate = f"{current} {word}" if current else word
            if measure(candidate, size) <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            if measure(word, size) <= width:
                current = word
            else:
                *full, current = _split_long_word(word, width, size, measure)
                lines.extend(full)
        if current:
            lines.append(current)
    return lines


def fit_text(
    title: str,
    text: str,
    width: float,
    height: float,
    title_measure: Measure,
    body_measure: Measure,
    *,
    title_max: float = TITLE_MAX,
    title_floor: float = TITLE_FLOOR,
    body_max: float = BODY_MAX,
    body_floor: float = BODY_FLOOR,
) -> FittedText | None:
    """The largest sizes (both shrinking together, in steps) at which the block fits."""
    step = 0
    while True:
        title_size = max(title_floor, title_max - step * STEP)
        body_size = max(body_floor, body_max - step * STEP)
        title_lines = wrap(title, width, title_size, title_measure) if title.strip() else []
        body_lines = wrap(text, width, body_size, body_measure) if text.strip() else []
        if block_height(title_size, len(title_lines), body_size, len(body_lines)) <= height:
            return FittedText(title_size, tuple(title_lines), body_size, tuple(body_lines))
        if title_size == title_floor and body_size == body_floor:
            return None
        step += 1
