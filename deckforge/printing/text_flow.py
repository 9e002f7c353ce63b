"""Paragraphs of the rules sheet in any script and either direction.

:func:`Paragraph` is a drop-in for reportlab's: text that its Paragraph draws
well (one font, left to right, no script that needs shaping) gets reportlab's
Paragraph, byte for byte what the kit always printed; any other text gets
:class:`LineParagraph`, which wraps with the kit's own measure and draws each
line through the print canvas, so font fallback, right-to-left order and
shaping apply (see :mod:`deckforge.printing.script`). Right-to-left paragraphs
are mirrored: aligned and indented from the right, the bullet on the right.
"""

from __future__ import annotations

import re

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable
from reportlab.platypus import Paragraph as PlainParagraph

from deckforge.printing.fitting import BREAKABLE
from deckforge.printing.fonts import FontStack, stack_named

BOLD = re.compile(r"(</?b>)")


def unescape(text: str) -> str:
    """Markup's three escapes back to their characters (``xml.sax.saxutils.unescape``
    without importing it: it loads urllib, http and ssl, some 11 ms of a print's start)."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def Paragraph(
    text: str,
    style: ParagraphStyle,
    bulletText: str | None = None,
) -> Flowable:
    """reportlab's Paragraph when it draws ``text`` right, a :class:`LineParagraph` if not."""
    stack = stack_named(style.fontName)
    if stack is None or (stack.plain and not stack.needs_layout(unescape(BOLD.sub("", text)))):
        return PlainParagraph(text, style, bulletText=bulletText)
    return LineParagraph(text, style, bulletText)


Span = tuple[FontStack, str]  # a font stack and the words drawn in it


class LineParagraph(Flowable):
    """A paragraph of plain text with ``<b>`` spans, wrapped at spaces."""

    def __init__(self, text: str, style: ParagraphStyle, bullet: str | None = None) -> None:
        super().__init__()
        self.style = style
        self.bullet = bullet
        self.continued_indent: float | None = None
        regular = stack_named(style.fontName)
        assert regular is not None
        self.regular = regular
        self.bold = stack_named(style.bulletFontName) or regular
        self.rtl = regular.rtl
        self.words: list[tuple[bool, str]] = []
        bold = False
        for piece in BOLD.split(text):
            if piece in ("<b>", "</b>"):
                bold = piece == "<b>"
                continue
            self.words += [(bold, w) for w in BREAKABLE.split(unescape(piece)) if w]
        self.lines: list[list[Span]] = []

    def _stack(self, bold: bool) -> FontStack:
        return self.bold if bold else self.regular

    def _indent(self) -> float:
        """Where the text starts: the style's indent, or further when the bullet ("12.",
        a wide bold number) would otherwise touch the first word (a space between)."""
        if self.continued_indent is not None:  # the rest of a bulleted paragraph
            return self.continued_indent
        indent = self.style.leftIndent
        if self.bullet:
            size = self.style.fontSize
            bullet_end = self.style.bulletIndent + self.bold.width(self.bullet, size)
            indent = max(indent, bullet_end + self.regular.width(" ", size))
        return indent

    def _width(self, spans: list[Span]) -> float:
        size = self.style.fontSize
        gaps = len(spans) - 1
        return sum(stack.width(text, size) for stack, text in spans) + gaps * self.regular.width(
            " ", size
        )

    def _wrap_words(self, width: float) -> list[list[Span]]:
        lines: list[list[Span]] = []
        current: list[Span] = []
        for bold, word in self.words:
            stack = self._stack(bold)
            if current and current[-1][0] is stack:
                candidate = [*current[:-1], (stack, f"{current[-1][1]} {word}")]
            else:
                candidate = [*current, (stack, word)]
            if current and self._width(candidate) > width:
                lines.append(current)
                current = [(stack, word)]
            else:
                current = candidate
        if current:
            lines.append(current)
        return lines

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        text_width = availWidth - self._indent() - self.style.rightIndent
        if not self.lines:
            self.lines = self._wrap_words(text_width)
        self.height = len(self.lines) * self.style.leading
        return availWidth, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self.wrap(availWidth, availHeight)
        fits = int(availHeight // self.style.leading)
        if fits <= 0 or fits >= len(self.lines):
            return [] if fits <= 0 else [self]
        head = LineParagraph("", self.style, self.bullet)
        tail = LineParagraph("", self.style, None)
        head.lines, tail.lines = self.lines[:fits], self.lines[fits:]
        tail.continued_indent = self._indent()
        return [head, tail]

    def draw(self) -> None:
        canvas, style = self.canv, self.style
        size = style.fontSize
        canvas.setFillColor(style.textColor)
        indent = self._indent()
        start, end = indent, self.width - style.rightIndent
        alignment = style.alignment
        if self.rtl:  # mirrored: the first indent is on the right
            start, end = self.width - indent, style.rightIndent
            alignment = {TA_LEFT: TA_RIGHT, TA_RIGHT: TA_LEFT}.get(alignment, alignment)
        y = self.height - style.leading + (style.leading - size) / 2 + 0.2 * size
        if self.bullet:
            canvas.setFont(self.bold.name, size)
            where = self.width - style.bulletIndent if self.rtl else style.bulletIndent
            (canvas.drawRightString if self.rtl else canvas.drawString)(where, y, self.bullet)
        gap = self.regular.width(" ", size)
        left, right = min(start, end), max(start, end)
        for line in self.lines:
            width = self._width(line)
            if alignment == TA_CENTER:
                x = (left + right - width) / 2
            elif alignment == TA_RIGHT:
                x = right - width
            else:
                x = left
            spans = reversed(line) if self.rtl else line
            for stack, text in spans:
                canvas.setFont(stack.name, size)
                canvas.drawString(x, y, text)
                x += stack.width(text, size) + gap
            y -= style.leading


def is_rtl(style: ParagraphStyle) -> bool:
    """Whether paragraphs in ``style`` are laid out right to left."""
    stack = stack_named(style.fontName)
    return stack is not None and stack.rtl


Command = tuple[object, ...]  # a TableStyle command: (name, (col, row), (col, row), *values)


def _parts(
    command: Command,
) -> tuple[object, tuple[int, int], tuple[int, int], tuple[object, ...]]:
    """A TableStyle command's name, first and last (column, row) and values."""
    start, end = command[1], command[2]
    assert isinstance(start, tuple) and isinstance(end, tuple)
    return command[0], (int(start[0]), int(start[1])), (int(end[0]), int(end[1])), command[3:]


def mirror_table(
    rows: list[list[object]], widths: list[float], commands: list[Command]
) -> tuple[list[list[object]], list[float], list[Command]]:
    """A table's rows, column widths and style, mirrored for a right-to-left language:
    the first column on the right, left alignment turned into right alignment."""
    n = len(widths)
    mirrored: list[Command] = []
    for command in commands:
        name, (c0, r0), (c1, r1), values = _parts(command)
        a, b = n - 1 - c1 % n, n - 1 - c0 % n
        if name == "ALIGN":
            values = tuple({"LEFT": "RIGHT", "RIGHT": "LEFT"}.get(str(v), v) for v in values)
        mirrored.append((name, (a, r0), (b, r1), *values))
    flipped = [row[::-1] for row in rows]
    for command in mirrored:
        name, (a, r0), (b, r1), _ = _parts(command)
        if name == "SPAN":  # a span shows its first cell, which is now at its other end
            for row in flipped[r0 : r1 % len(rows) + 1]:
                row[a], row[b] = row[b], row[a]
    return flipped, widths[::-1], mirrored
