"""The text behind a line's glyphs, so copying and searching give back what was typed.

A left-to-right line that needs shaping carries its whole text as typed in one
ActualText span (see ``PrintCanvas._draw``). A line with right-to-left letters
cannot: text extractors put its glyphs back in logical order themselves, and
would reverse a logical ActualText again. They do not agree how. poppler's
``pdftotext`` reads such a line from its right end: a stretch of right-to-left
letters and what is neither a letter nor a number (spaces, brackets, quotes, "!")
backwards, a stretch from a number, a number's punctuation (". , : - / + % #") or a
left-to-right letter up to the next right-to-left letter forwards, as drawn, and
never mirrors. So from the glyphs alone (a Chromium PDF's as much as ours) "2، 3،
4 أو" came out as " 4 ،3 ،2أو" and "الجملة: نص" as "الجملة :نص". pdfium (Chrome's
and Edge's viewer) runs a bidi algorithm over the glyphs as drawn and mirrors
brackets and quotes back itself.

:func:`spans` cuts a line so that poppler reads it back as typed without making
pdfium read it worse: between two right-to-left letters, the glyphs from the
first to the last one read forwards carry their characters as typed (one span,
in logical order, closed by a left-to-right mark when they end on a bracket or a
space); when a space or punctuation is drawn just left of them, that glyph
carries a right-to-left mark after its own character (the mark ends poppler's
forward reading there, so the space is read with the words after it). A line
with a bracket or quote drawn mirrored keeps its glyphs' own characters: giving
such a glyph the character typed set poppler right but pdfium wrong ("(25)." read
") .(25"), and the marks moved its brackets too. Measured on the bundled Arabic
and Hebrew sheets and the bidi test's mixed strings, lines without short vowels
(92 Arabic, 127 Hebrew): pdftotext reads 79 and 110 of them as typed (47 and 59
from the glyphs alone; every line without a bracket or quote), pdfium 77 and 98
(66 and 87).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapedStr

from deckforge.printing.script import Line, Run

RLM, LRM = "\u200f", "\u200e"
_RIGHT_TO_LEFT = ("R", "AL")
# what text extractors read forwards in a right-to-left line: left-to-right letters,
# numbers and the punctuation of numbers
_FORWARDS = ("L", "EN", "AN", "ES", "ET", "CS")


@dataclass(frozen=True)
class Glyphs:
    """Glyphs to draw with one call: ``text`` in ``font``, ``width`` at 1 pt."""

    font: str
    text: str
    width: float


@dataclass(frozen=True)
class Span:
    """Consecutive glyphs (left to right) and the text they stand for: ``actual`` is
    an ActualText, or None when the glyphs' own characters are right."""

    glyphs: tuple[Glyphs, ...]
    actual: str | None


@dataclass(frozen=True)
class _Glyph:
    run: Run
    index: int  # in the run's drawn text
    typed: str  # the character typed behind it
    position: int  # that character's place in the line

    @staticmethod
    def neutral(char: str) -> bool:
        return unicodedata.bidirectional(char) not in (*_RIGHT_TO_LEFT, *_FORWARDS)

    @property
    def drawn(self) -> str:
        return str(self.run.text[self.index])

    @property
    def mirrored(self) -> bool:
        """Drawn as the mirror image of the character typed (a bracket, a quote)."""
        from bidi.mirror import MIRRORED

        return self.drawn != self.typed and MIRRORED.get(self.typed) == self.drawn

    @property
    def kind(self) -> str:
        """How extractors read it in a right-to-left line: "rtl" (with the letters,
        backwards), "forwards", or "neutral" (with whatever is read around it)."""
        bidi_class = unicodedata.bidirectional(self.typed)
        if bidi_class in _RIGHT_TO_LEFT:
            return "rtl"
        return "forwards" if bidi_class in _FORWARDS else "neutral"

    @property
    def in_forward_text(self) -> bool:
        """Read forwards, or a space or bracket inside left-to-right text (even level)."""
        kind = self.kind
        return kind == "forwards" or (kind == "neutral" and self.run.level % 2 == 0)


def spans(line: Line, rtl: bool) -> list[Span]:
    """``line``'s glyphs (left to right) as spans for its text layer; ``rtl``: the
    paragraph is right to left."""
    glyphs = [_glyph(run, index) for run in line.runs for index in range(len(run.text))]
    if not rtl or any(glyph.mirrored for glyph in glyphs):
        return [Span(tuple(Glyphs(run.font, run.text, run.width) for run in line.runs), None)]
    parts: list[tuple[list[_Glyph], str | None]] = []
    i = 0
    while i < len(glyphs):
        if not glyphs[i].in_forward_text:
            _add(parts, [glyphs[i]], None)
            i += 1
            continue
        # up to the last glyph of forward text before the next right-to-left letter
        last = j = i
        while j < len(glyphs) and glyphs[j].kind != "rtl":
            last = j if glyphs[j].in_forward_text else last
            j += 1
        stretch = glyphs[i : last + 1]
        typed = "".join(g.typed for g in sorted(stretch, key=lambda g: g.position))
        drawn = "".join(g.drawn for g in stretch)
        if i and glyphs[i - 1].kind == "neutral":
            _mark_neighbour(parts, glyphs[i - 1])
        actual = typed + (LRM if _Glyph.neutral(typed[-1]) else "")
        _add(parts, stretch, actual if actual != drawn else None)
        i = last + 1
    return [Span(_draws(part), actual) for part, actual in parts]


def _mark_neighbour(parts: list[tuple[list[_Glyph], str | None]], glyph: _Glyph) -> None:
    """The glyph just left of a forward stretch (the last one of ``parts``) carries a
    right-to-left mark after its own character."""
    last_glyphs, actual = parts[-1]
    text = (actual if actual is not None else glyph.drawn) + RLM
    if len(last_glyphs) == 1:
        parts[-1] = (last_glyphs, text)
    else:
        last_glyphs.pop()
        parts.append(([glyph], text))


def _add(
    parts: list[tuple[list[_Glyph], str | None]], glyphs: list[_Glyph], actual: str | None
) -> None:
    """Append a span; glyphs without ActualText join the span before if it has none."""
    if actual is None and parts and parts[-1][1] is None:
        parts[-1][0].extend(glyphs)
    else:
        parts.append((list(glyphs), actual))


def _glyph(run: Run, index: int) -> _Glyph:
    shape_data = getattr(run.text, "__shapeData__", None)
    if shape_data is not None:  # HarfBuzz's glyph: its cluster is the character
        offset = shape_data[index].cluster
    elif run.level % 2:  # a run reversed here (script._mirrored_backwards)
        offset = len(run.text) - 1 - index
    else:
        offset = index
    return _Glyph(run, index, run.typed[offset], run.start + offset)


def _draws(glyphs: list[_Glyph]) -> tuple[Glyphs, ...]:
    """Consecutive glyphs as one draw per run."""
    out: list[Glyphs] = []
    k = 0
    while k < len(glyphs):
        run, start = glyphs[k].run, glyphs[k].index
        end = k
        while end + 1 < len(glyphs) and glyphs[end + 1].run is run:
            end += 1
        out.append(_slice(run, start, glyphs[end].index + 1))
        k = end + 1
    return tuple(out)


def _slice(run: Run, start: int, end: int) -> Glyphs:
    if start == 0 and end == len(run.text):
        return Glyphs(run.font, run.text, run.width)
    text = run.text[start:end]
    if isinstance(text, ShapedStr):
        width = sum(data.x_advance for data in text.__shapeData__) / 1000
    else:
        width = pdfmetrics.stringWidth(text, run.font, 1)
    return Glyphs(run.font, text, width)
