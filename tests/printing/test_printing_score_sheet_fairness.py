"""The score sheet treats every suit alike: one header size, one column width."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from deckforge.printing.catalogue import catalogue
from deckforge.printing.fonts import theme_fonts
from deckforge.printing.geometry import PAPERS
from deckforge.printing.kit import KitOptions, build_kit
from deckforge.printing.score_sheet import MARGIN, score_columns
from deckforge.theme.loader import bundled_theme_names, load_theme


def _find(chars: str, word: str, start: int) -> int:
    """Where ``word`` is, in reading order or (a right-to-left line) in visual order."""
    found = chars.find(word, start)
    return found if found >= 0 else chars.find(word[::-1], start)


def _sizes_of(data: bytes, words: list[str], after: str) -> dict[str, set[float]]:
    """The font size of every character of each word's first occurrence after ``after``."""
    page = pdfium.PdfDocument(data)[0]
    text_page = page.get_textpage()
    count = pdfium_c.FPDFText_CountChars(text_page.raw)
    chars = "".join(chr(pdfium_c.FPDFText_GetUnicode(text_page.raw, i)) for i in range(count))
    found: dict[str, set[float]] = {}
    header = _find(chars, after, 0)
    assert header >= 0
    for word in words:
        start = _find(chars, word, header)
        assert start >= 0, word
        found[word] = {
            round(pdfium_c.FPDFText_GetFontSize(text_page.raw, i), 2)
            for i in range(start, start + len(word))
            if not chars[i].isspace()
        }
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", bundled_theme_names())
def test_every_suit_header_has_the_same_size(name, paper):
    theme = load_theme(name)
    data = build_kit(theme, KitOptions(paper=paper))["scoresheet.pdf"]
    names = [s.name.split()[0] for s in theme.suits]  # a long name may take two lines
    sizes = _sizes_of(data, names, catalogue(theme.language).text("score_players"))
    every = set().union(*sizes.values())
    assert len(every) == 1, sizes
    assert every.pop() >= 6.5


@pytest.mark.parametrize("name", bundled_theme_names())
def test_the_columns_are_shared_fairly(name):
    theme = load_theme(name)
    width = max(PAPERS["a4"]) - 2 * MARGIN
    columns = score_columns(theme, catalogue(theme.language), width)
    suit_widths = {round(w, 6) for _, w in columns[3 : 3 + len(theme.suits)]}
    assert len(suit_widths) == 1
    players = columns[2][1]
    assert players <= 2.5 * suit_widths.pop()
    assert players <= 0.25 * width
    assert sum(w for _, w in columns) == pytest.approx(width)


def test_a_long_suit_name_takes_two_lines_rather_than_shrinking_every_header():
    import dataclasses

    theme = load_theme("interfaith-festival")
    long = dataclasses.replace(theme.suits[0], name="Bouddhisme zen et tibétain")
    theme = dataclasses.replace(theme, suits=(long, *theme.suits[1:]))
    fonts = theme_fonts(theme.print_style.title_font, theme.print_style.body_font, theme.path)
    from deckforge.printing.pdf import PrintCanvas
    from deckforge.printing.score_sheet import score_sheet

    data = score_sheet(theme, catalogue("fr"), fonts, PrintCanvas((297, 210), "score", None))
    sizes = _sizes_of(data, ["Bouddhisme", "tibétain", "Christianisme", "Islam"], "Joueurs")
    every = set().union(*sizes.values())
    assert len(every) == 1 and every.pop() >= 6.5
