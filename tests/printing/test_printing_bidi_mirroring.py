"""Right-to-left lines: brackets and quotes mirrored once (rule L4), and neutral
punctuation between numbers placed as Pillow with raqm places it."""

from deckforge.printing.fonts import font_stack
from deckforge.printing.script import layout_line


def _visual(text: str) -> list[str]:
    stack = font_stack(["NotoSansArabic"], "body", rtl=True)
    return [str(run.text) for run in layout_line(text, stack).runs]


def test_guillemets_around_arabic_are_mirrored_once() -> None:
    # raqm draws "» انتبه! «" with » leftmost: HarfBuzz mirrors, deckforge must not again
    runs = _visual("» انتبه! «")
    assert runs[0].startswith("»") and runs[-1].endswith("«")


def test_guillemets_around_latin_point_outwards() -> None:
    # the hyphen is a Latin character: drawn with the words in the Latin font, one run
    assert _visual("«arabic-words»") == ["«", "arabic-words", "»"]


def test_arabic_comma_follows_its_number() -> None:
    # read from the right: "2، 3، 4" (the comma against the number before it)
    runs = _visual("2، 3، 4 أو 5")
    assert "".join(runs).endswith("4 ،3 ،2")
    assert [run for run in runs if "،" in run] == [" ،", " ،"]
