"""A reportlab canvas set up for print: exact sizes, no scaling, duplex, deterministic bytes."""

from __future__ import annotations

import io
from typing import Any

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfdoc import PDFName
from reportlab.pdfgen.canvas import Canvas

from deckforge.contrast import ratio, relative_luminance
from deckforge.languages import RIGHT_TO_LEFT
from deckforge.printing import text_layer
from deckforge.printing.fitting import SOFT_HYPHEN
from deckforge.printing.fonts import FontStack, load_font, stack_named
from deckforge.printing.geometry import MM, Duplex
from deckforge.printing.script import layout_line
from deckforge.printing.text_layer import Glyphs, Span

# Streams are Flate-compressed binary, not also ASCII85-encoded: a quarter smaller and
# faster to write (every PDF reader accepts binary streams).
rl_config.useA85 = 0

INK = HexColor("#1a202c")
GREY = HexColor("#718096")
WHITE = HexColor("#ffffff")


def colour(hex_value: str) -> Color:
    return HexColor(hex_value)


def luminance(c: Color) -> float:
    """WCAG relative luminance (0 black .. 1 white), to choose legible text on a fill."""
    return relative_luminance(c.red, c.green, c.blue)


def contrast(first: Color, second: Color) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    return ratio(luminance(first), luminance(second))


def ink_on(fill: Color) -> Color:
    """Near-black or white, whichever has the higher contrast with ``fill`` (WCAG formula)."""
    return INK if contrast(INK, fill) >= contrast(WHITE, fill) else WHITE


def darker(c: Color, factor: float = 0.6) -> Color:
    return Color(c.red * factor, c.green * factor, c.blue * factor)


def lighter(c: Color, amount: float = 0.8) -> Color:
    return Color(*(v + (1 - v) * amount for v in (c.red, c.green, c.blue)))


def mix(top: Color, under: Color, share: float) -> Color:
    """``top`` laid over ``under`` at opacity ``share``, as one opaque colour.

    Opaque colours instead of transparency: reportlab registers a form's
    transparency states on the page where the form is defined, so pages that
    reuse the form would point at states they do not have.
    """
    return Color(
        *(
            t * share + u * (1 - share)
            for t, u in zip(
                (top.red, top.green, top.blue), (under.red, under.green, under.blue), strict=True
            )
        )
    )


def actual_text(text: str) -> str:
    """``text`` as a PDF text string for an ActualText entry: UTF-16BE with its byte
    order mark, written in hex (no escaping, any character)."""
    return "<" + ("\ufeff" + text).encode("utf-16-be").hex().upper() + ">"


class PrintCanvas(Canvas):
    """A canvas whose every page is ``size`` mm, marked for 100 % printing and duplex."""

    def __init__(self, size_mm: tuple[float, float], title: str, duplex: Duplex | None) -> None:
        self.buffer = io.BytesIO()
        self.size_mm = size_mm
        width, height = size_mm[0] * MM, size_mm[1] * MM
        super().__init__(
            self.buffer,
            pagesize=(width, height),
            invariant=1,
            pdfVersion=(1, 7),
            pageCompression=1,
            # a TrueType start font: otherwise reportlab declares Helvetica, a font the
            # PDF would not embed
            initialFontName=load_font("DejaVuSans").name,
        )
        self.setTitle(title)
        self.setAuthor("deckforge")
        self.setCreator("deckforge")
        self.setSubject(title)
        self.setTrimBox((0, 0, width, height))
        self.setViewerPreference("PrintScaling", PDFName("None"))
        if duplex is not None:
            self.setViewerPreference("Duplex", PDFName(duplex.pdf_name))

    # A soft hyphen (U+00AD) left in a line is where the line did not break: it is
    # never drawn (fitting.wrap puts a "-" where a line does break at one).
    #
    # setFont also takes the name of a font stack (fonts.FontStack.name): a line in
    # such a stack that needs it is drawn as runs, each in its own font, in visual
    # order and shaped (script.layout_line); any other line as reportlab draws it.
    _stack: FontStack | None = None
    _saved_stacks: list[FontStack | None]

    def saveState(self) -> None:
        if "_saved_stacks" not in self.__dict__:
            self._saved_stacks = []
        self._saved_stacks.append(self._stack)
        super().saveState()

    def restoreState(self) -> None:
        super().restoreState()
        self._stack = self._saved_stacks.pop()

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self._stack = stack_named(psfontname)
        name = self._stack.primary.name if self._stack is not None else psfontname
        super().setFont(name, size, leading)

    def _draw(self, x: float, y: float, text: str, anchor: float, **kwargs: Any) -> bool:
        """Draw ``text`` with its left, centre (anchor 0.5) or right end (1) at ``x`` if
        it needs font fallback, bidi or shaping; False when reportlab may draw it."""
        stack = self._stack
        if stack is None or not stack.needs_layout(text):
            return False
        line = layout_line(text, stack)
        name, size, leading = self._fontname, self._fontsize, self._leading
        x -= anchor * line.width * size
        # shaped glyphs (a vowel sign drawn before its consonant, a conjunct) have no
        # character of their own: a left-to-right line carries its text as typed, so
        # copying and searching give back the words; a line of a right-to-left
        # paragraph, or with right-to-left letters, is cut into spans that text
        # extractors read back as typed (text_layer)
        if not stack.rtl and RIGHT_TO_LEFT.search(text) is None:
            glyphs = tuple(Glyphs(run.font, run.text, run.width) for run in line.runs)
            spans = [Span(glyphs, text)]
        else:
            spans = text_layer.spans(line, stack.rtl)
        for span in spans:
            if span.actual is not None:
                self._code.append(f"/Span <</ActualText {actual_text(span.actual)}>> BDC")
            for glyph_run in span.glyphs:
                super().setFont(glyph_run.font, size, leading)
                super().drawString(x, y, glyph_run.text, **kwargs)
                x += glyph_run.width * size
            if span.actual is not None:
                self._code.append("EMC")
        super().setFont(name, size, leading)
        return True

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        text = text.replace(SOFT_HYPHEN, "")
        if args or not self._draw(x, y, text, 0.0, **kwargs):
            super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        text = text.replace(SOFT_HYPHEN, "")
        if args or not self._draw(x, y, text, 0.5, **kwargs):
            super().drawCentredString(x, y, text, *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        text = text.replace(SOFT_HYPHEN, "")
        if args or not self._draw(x, y, text, 1.0, **kwargs):
            super().drawRightString(x, y, text, *args, **kwargs)

    def pdf_bytes(self) -> bytes:
        self.save()
        return self.buffer.getvalue()
