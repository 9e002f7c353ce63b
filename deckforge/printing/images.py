"""Card images for screens: one PNG per distinct face, the back, and Tabletop Simulator
deck sheets, for online or hybrid classes.

Every face is drawn by the same code as the PDFs (:mod:`faces`), onto a page
the size of one card, and rasterised with PDFium. A Tabletop Simulator custom
deck takes one "face" image that is a grid of at most 10 x 7 cards, the last
cell being the hidden-card image, and one back image; each cell is a whole
number of pixels, so the sheet is exactly columns x rows cells.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from deckforge.printing.cards import DeckCard, PrintError, back_face, deck_order
from deckforge.printing.faces import draw_back, draw_front
from deckforge.printing.geometry import MM, LayoutError, Rect, parse_card_size
from deckforge.printing.kit import Ink, deck_faces
from deckforge.printing.pdf import PrintCanvas
from deckforge.theme.model import Theme

TTS_COLUMNS, TTS_ROWS = 10, 7  # Tabletop Simulator's largest deck sheet
TTS_SHEET_WIDTH = 4096  # pixels: a sheet every computer of a class loads quickly
MIN_DPI, MAX_DPI = 50, 600
PNG_LEVEL = 3


@dataclass(frozen=True)
class ImageOptions:
    """Card size (None: the theme's), resolution of the single images, ink, TTS sheets."""

    card: str | None = None
    dpi: int = 300
    ink: Ink = Ink.FULL
    tts: bool = True


def tts_grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding ``cards`` cards and the hidden-card cell."""
    cells = min(cards + 1, TTS_COLUMNS * TTS_ROWS)
    columns = max(2, min(TTS_COLUMNS, cells))
    rows = max(2, math.ceil(cells / columns))
    return columns, rows


def _png(image: object, dpi: float) -> bytes:
    """PNG bytes carrying their resolution (a pHYs chunk), so an image opened in a word
    processor or printed comes out at the card's size, not at 72 or 96 dpi."""
    buffer = io.BytesIO()
    # zlib level 3: files a few per cent larger than at level 6, written in half the time
    image.save(  # type: ignore[attr-defined]
        buffer, format="PNG", compress_level=PNG_LEVEL, dpi=(dpi, dpi)
    )
    return buffer.getvalue()


def face_name(theme: Theme, key: tuple[int, int]) -> str:
    return f"face-{theme.suits[key[0]].id}-{key[1]}.png"


def build_images(theme: Theme, options: ImageOptions = ImageOptions()) -> dict[str, bytes]:
    """File name -> PNG bytes: every distinct face, the back, the TTS sheets and hidden card."""
    import pypdfium2 as pdfium
    from PIL import Image

    if not MIN_DPI <= options.dpi <= MAX_DPI:
        raise PrintError(f"dpi {options.dpi}: use {MIN_DPI} to {MAX_DPI}")
    try:
        card = parse_card_size(options.card or theme.print_style.card)
    except LayoutError as error:
        raise PrintError(str(error)) from None
    fonts, _words, faces = deck_faces(theme, card)
    low_ink = options.ink is Ink.LOW
    keys = sorted(faces)
    canvas = PrintCanvas(card, f"{theme.title}: card images", None)
    trim = Rect(0, 0, *card)
    for key in keys:
        draw_front(canvas, trim, 0.0, faces[key], fonts, low_ink)
        canvas.showPage()
    draw_back(canvas, trim, 0.0, back_face(theme), fonts, low_ink)
    canvas.showPage()
    document = pdfium.PdfDocument(canvas.pdf_bytes())

    def render(index: int, size: tuple[int, int]) -> Image.Image:
        page = document[index]
        scale = size[0] / (card[0] * MM)
        image = page.render(scale=scale).to_pil().convert("RGB")
        if image.size == size:
            return image
        exact = Image.new("RGB", size, "white")  # PDFium rounds up: at most a pixel off
        exact.paste(image.crop((0, 0, *size)), (0, 0))
        return exact

    files: dict[str, bytes] = {}
    single = (round(card[0] / 25.4 * options.dpi), round(card[1] / 25.4 * options.dpi))
    for index, key in enumerate(keys):
        files[face_name(theme, key)] = _png(render(index, single), options.dpi)
    back_index = len(keys)
    files["back.png"] = _png(render(back_index, single), options.dpi)
    if options.tts:
        files.update(_tts_sheets(deck_order(theme.suits), keys, card, render, back_index))
    document.close()
    return files


def _tts_sheets(
    deck: Sequence[DeckCard],
    keys: list[tuple[int, int]],
    card: tuple[float, float],
    render: object,
    back_index: int,
) -> dict[str, bytes]:
    """Deck sheets of at most 10 x 7 cells: the cards in deck order, the hidden card last."""
    from PIL import Image

    assert callable(render)
    per_sheet = TTS_COLUMNS * TTS_ROWS - 1
    columns, _ = tts_grid(min(len(deck), per_sheet))
    cell_w = TTS_SHEET_WIDTH // TTS_COLUMNS
    cell = (cell_w, round(cell_w * card[1] / card[0]))
    dpi = cell[0] / (card[0] / 25.4)  # a sheet's cells are the card at this resolution
    small = {key: render(i, cell) for i, key in enumerate(keys)}
    hidden = render(back_index, cell)
    files: dict[str, bytes] = {}
    sheets = math.ceil(len(deck) / per_sheet)
    for number in range(sheets):
        batch = deck[number * per_sheet : (number + 1) * per_sheet]
        columns, rows = tts_grid(len(batch))
        sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
        for slot, physical in enumerate(batch):
            assert physical.key is not None
            row, column = divmod(slot, columns)
            sheet.paste(small[physical.key], (column * cell[0], row * cell[1]))
        sheet.paste(hidden, ((columns - 1) * cell[0], (rows - 1) * cell[1]))
        name = "tts-deck.png" if sheets == 1 else f"tts-deck-{number + 1}.png"
        files[name] = _png(sheet, dpi)
    files["tts-hidden.png"] = _png(hidden, dpi)
    return files
