"""Fit a card's title and text into a box: wrap, then shrink down to a legible floor.

Pure: it only needs a function that measures a string. Text is never clipped;
when it does not fit at the floor sizes, :func:`fit_text` returns ``None`` and
the caller refuses the card.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

MM = 72 / 25.4

TITLE_MAX, TITLE_FLOOR = 10.0, 7.0  # points
BODY_MAX, BODY_FLOOR = 8.5, 6.0  # points; 6 pt is still read easily at arm's length
STEP = 0.25
LEADING = 1.2  # line height as a multiple of the font size
TITLE_GAP = 0.45  # space between title and text, as a multiple of the body size

# where a line may break: ordinary spaces only, so that non-breaking spaces
# (U+00A0, U+202F, as before « ; : ! ? » in French) keep their words together
BREAKABLE = re.compile(r"[ \t\r\f\v]+")
SOFT_HYPHEN = "\u00ad"  # invisible, except at the end of a line that breaks there
HYPHEN = "-"

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
        return block_height(
            self.title_size, len(self.title_lines), self.body_size, len(self.body_lines)
        )


def block_height(title_size: float, title_lines: int, body_size: float, body_lines: int) -> float:
    height = title_lines * title_size * LEADING + body_lines * body_size * LEADING
    if title_lines and body_lines:
        height += body_size * TITLE_GAP
    return height


def _break_word(word: str, width: float, size: float, measure: Measure) -> tuple[str, str]:
    """The last resort for a word wider than the box: its widest head that fits with a
    visible hyphen (at least one character, never clipped), and the rest."""
    cut = _longest(1, len(word) - 1, lambda n: measure(word[:n] + HYPHEN, size) <= width)
    return word[:cut] + HYPHEN, word[cut:]


def _longest(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest n in [low, high] with ``fits(n)``, given ``fits(low)`` is assumed and
    ``fits`` is monotone (a longer head is never narrower).

    Galloping then binary search: the measured heads stay within twice what fits
    on a line, so a word thousands of characters long costs about log(line)
    short measures per line, not one measure per character of the word.
    """
    step = 1
    while low + step <= high and fits(low + step):
        low += step
        step *= 2
    high = min(high, low + step - 1)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def _wider(text: str, width: float, size: float, measure: Measure) -> bool:
    """``measure(text, size) > width``, measuring no more of a long text than a line holds."""
    return _longest(0, len(text), lambda n: measure(text[:n], size) <= width) < len(text)


def _head(syllables: list[str], prefix: str, width: float, size: float, measure: Measure) -> int:
    """How many of a word's syllables fit after ``prefix`` with a hyphen shown after them."""
    return _longest(
        0,
        len(syllables) - 1,
        lambda n: measure(prefix + "".join(syllables[:n]) + HYPHEN, size) <= width,
    )


# Chinese and Japanese lines may break between any two characters (no hyphen);
# closing punctuation stays with the character before it, opening with the one after
CJK_CHAR = re.compile(r"[\u2e80-\u2fff\u3040-\u30ff\u3100-\u31ff\u3400-\u9fff\uf900-\ufaff]")
NO_LINE_START = set(
    "、。，．：；！？）」』】〉》〕’”・ー々…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ"
)
NO_LINE_END = set("（「『【〈《〔‘“")


def _pieces(words: list[str]) -> list[tuple[str, str]]:
    """(glue, piece): each word after a space, and a word with Chinese or Japanese
    characters cut where a line may break, glued without a space."""
    out: list[tuple[str, str]] = []
    for word in words:
        if not CJK_CHAR.search(word):
            out.append((" ", word))
            continue
        pieces: list[str] = []
        for char in word:
            breakable = (
                pieces
                and (CJK_CHAR.match(char) or CJK_CHAR.match(pieces[-1][-1]))
                and char not in NO_LINE_START
                and pieces[-1][-1] not in NO_LINE_END
            )
            if breakable:
                pieces.append(char)
            elif pieces:
                pieces[-1] += char
            else:
                pieces.append(char)
        out += [(" " if i == 0 else "", piece) for i, piece in enumerate(pieces)]
    return out


def _wrap(
    text: str,
    width: float,
    size: float,
    measure: Measure,
    breaking: bool,
    max_lines: int | None = None,
) -> list[str] | None:
    """:func:`wrap`; ``None`` when a word would have to be broken and ``breaking`` is False.

    With ``max_lines``, wrapping stops once more lines than that are made (the
    text is too tall anyway): a long text costs what the box holds, not its length.
    """
    lines: list[str] = []
    for paragraph in text.strip().split("\n"):
        words = [w for w in BREAKABLE.split(paragraph) if w.replace(SOFT_HYPHEN, "")]
        current = ""
        for glue, word in _pieces(words):
            if max_lines is not None and len(lines) > max_lines:
                return lines
            syllables = [s for s in word.split(SOFT_HYPHEN) if s]
            joined = "".join(syllables)
            candidate = f"{current}{glue}{joined}" if current else joined
            if measure(candidate, size) <= width:
                current = candidate
                continue
            prefix = f"{current}{glue}" if current and glue else ""
            if current and not glue:  # between two Chinese or Japanese characters
                lines.append(current)
                current = ""
            count = _head(syllables, prefix, width, size, measure)
            if count:
                lines.append(prefix + "".join(syllables[:count]) + HYPHEN)
                syllables = syllables[count:]
            elif current:
                lines.append(current)
            while _wider("".join(syllables), width, size, measure):
                count = _head(syllables, "", width, size, measure)
                if count:
                    lines.append("".join(syllables[:count]) + HYPHEN)
                    syllables = syllables[count:]
                    continue
                if not breaking:
                    return None
                head, syllables[0] = _break_word(syllables[0], width, size, measure)
                lines.append(head)
                if max_lines is not None and len(lines) > max_lines:
                    return lines
            current = "".join(syllables)
        if current:
            lines.append(current)
    return lines


def wrap(text: str, width: float, size: float, measure: Measure) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` points.

    Lines break at ordinary spaces and at soft hyphens (U+00AD): a soft hyphen
    is dropped, except at the end of a line that breaks there, where it shows
    as "-" (and only there is a hyphen's width measured). Line breaks written
    in the text are kept. A word still wider than the box is broken between
    characters, with a visible hyphen; :func:`fit_text` first tries smaller
    sizes.
    """
    lines = _wrap(text, width, size, measure, breaking=True)
    assert lines is not None
    return lines


# The print kit fits each card's text three times (the preflight's check, its legibility
# warnings, the faces): the same arguments give the same answer (the measures are the
# font stacks' bound methods, compared by identity), so the answer is kept.
@lru_cache(maxsize=4096)
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
    """The largest sizes (both shrinking together, in steps) at which the block fits.

    Sizes at which no word has to be broken between characters (only at spaces
    and soft hyphens) come first: a word is broken only when it does not fit
    even at the floor sizes.
    """
    measures = (title_measure, body_measure)
    for breaking in (False, True):
        step = 0
        while True:
            title_size = max(title_floor, title_max - step * STEP)
            body_size = max(body_floor, body_max - step * STEP)
            if _surely_too_tall(title, text, width, height, title_size, body_size, measures):
                title_lines = body_lines = None
            else:
                title_lines = (
                    _wrap(
                        title, width, title_size, title_measure, breaking, _most(height, title_size)
                    )
                    if title.strip()
                    else []
                )
                body_lines = (
                    _wrap(text, width, body_size, body_measure, breaking, _most(height, body_size))
                    if text.strip()
                    else []
                )
            if (
                title_lines is not None
                and body_lines is not None
                and block_height(title_size, len(title_lines), body_size, len(body_lines)) <= height
            ):
                return FittedText(title_size, tuple(title_lines), body_size, tuple(body_lines))
            if title_size == title_floor and body_size == body_floor:
                break
            step += 1
    return None


def _most(height: float, size: float) -> int:
    """The most lines of ``size`` that a box ``height`` points tall can hold."""
    return int(height // (size * LEADING))


def _surely_too_tall(
    title: str,
    text: str,
    width: float,
    height: float,
    title_size: float,
    body_size: float,
    measures: tuple[Measure, Measure],
) -> bool:
    """Whether the block cannot fit at these sizes, known without wrapping.

    The lines of a paragraph hold at least its characters (spaces aside), so its
    printed width over the box width is a floor on its lines. Taken at 90 % (shaped
    scripts measure a little differently whole and in pieces), it only skips sizes
    at which wrapping would fail: the sizes chosen are the same, found sooner.
    """
    floors = []
    for part, size, measure in ((title, title_size, measures[0]), (text, body_size, measures[1])):
        ink = measure(BREAKABLE.sub("", part.replace("\n", "")), size) if part.strip() else 0
        floors.append(math.ceil(0.9 * ink / width))
    return block_height(title_size, floors[0], body_size, floors[1]) > height
