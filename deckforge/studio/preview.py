"""Card previews: one card drawn by the print kit's own code, rasterised to PNG.

Each face (a front, or the back) becomes a one-page PDF the size of the card,
drawn by :func:`deckforge.printing.faces.draw_front` / ``draw_back`` exactly as
on the printed sheets, then rendered by PDFium (pypdfium2). A face is named by
a fingerprint of everything drawn on it, so an unchanged card keeps its
address (the browser keeps its image) and is drawn once.
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the PDF stack (reportlab, PDFium, Pillow) loads with the first face drawn
    from deckforge.printing.faces import BackFace, FrontFace
    from deckforge.printing.fonts import FontPair
    from deckforge.theme.model import Theme

PIXELS_PER_MM = 6.0  # a poker card (63x88 mm) is 378x528 pixels: sharp on a phone too
_PDFIUM = threading.Lock()  # PDFium is not thread-safe


@dataclass(frozen=True)
class FaceDrawing:
    """Everything needed to draw one face."""

    face: FrontFace | BackFace
    fonts: FontPair
    card: tuple[float, float]  # mm

    @property
    def fingerprint(self) -> str:
        fonts = (self.fonts.title.name, self.fonts.body.name)  # custom fonts: named by content
        described = repr((self.face, fonts, self.card)).encode("utf-8", "surrogatepass")
        return hashlib.sha256(described).hexdigest()[:32]


@dataclass(frozen=True)
class DeckFaces:
    """The faces of a theme: fronts by (suit index, rank), and the back."""

    fronts: dict[tuple[int, int], FaceDrawing]
    back: FaceDrawing


def deck_faces(theme: Theme) -> DeckFaces:
    """Every face of a valid theme, fitted as the print kit fits them."""
    from deckforge.printing.cards import back_face, front_faces
    from deckforge.printing.catalogue import catalogue
    from deckforge.printing.fonts import theme_fonts
    from deckforge.printing.geometry import parse_card_size

    style = theme.print_style
    card = parse_card_size(style.card)
    fonts = theme_fonts(style.title_font, style.body_font, theme.path)
    fronts = front_faces(theme.suits, fonts, card, catalogue(theme.language))
    return DeckFaces(
        {key: FaceDrawing(face, fonts, card) for key, face in fronts.items()},
        FaceDrawing(back_face(theme), fonts, card),
    )


def face_pdf(drawing: FaceDrawing) -> bytes:
    """A one-page PDF of the face, the size of the card."""
    from deckforge.printing.faces import FrontFace, draw_back, draw_front
    from deckforge.printing.geometry import Rect
    from deckforge.printing.pdf import PrintCanvas

    width, height = drawing.card
    canvas = PrintCanvas(drawing.card, "preview", None)
    trim = Rect(0, 0, width, height)
    if isinstance(drawing.face, FrontFace):
        draw_front(canvas, trim, 0.0, drawing.face, drawing.fonts)
    else:
        draw_back(canvas, trim, 0.0, drawing.face, drawing.fonts)
    canvas.showPage()
    return canvas.pdf_bytes()


def face_png(drawing: FaceDrawing) -> bytes:
    """The face as a PNG image, :data:`PIXELS_PER_MM` pixels per millimetre."""
    import pypdfium2
    from PIL import Image

    from deckforge.printing.geometry import MM

    pdf = face_pdf(drawing)
    with _PDFIUM:
        document = pypdfium2.PdfDocument(pdf)
        try:
            page = document[0]
            bitmap = page.render(scale=PIXELS_PER_MM / MM)  # pixels per PDF point
            image: Image.Image = bitmap.to_pil()
            page.close()
        finally:
            document.close()
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", compress_level=3)
    return out.getvalue()


class FaceCache:
    """Faces seen by the studio, by fingerprint, and their images (both bounded, LRU)."""

    def __init__(self, faces: int = 4000, images: int = 400) -> None:
        self._faces: OrderedDict[str, FaceDrawing] = OrderedDict()
        self._images: OrderedDict[str, bytes] = OrderedDict()
        self._limits = (faces, images)
        self._lock = threading.Lock()

    def add(self, drawing: FaceDrawing) -> str:
        key = drawing.fingerprint
        with self._lock:
            self._faces[key] = drawing
            self._faces.move_to_end(key)
            while len(self._faces) > self._limits[0]:
                self._faces.popitem(last=False)
        return key

    def knows(self, key: str) -> bool:
        with self._lock:
            return key in self._faces

    def has_image(self, key: str) -> bool:
        with self._lock:
            return key in self._images

    def png(self, key: str) -> bytes | None:
        """The image of a face added earlier, drawn on first use; None if unknown."""
        with self._lock:
            image = self._images.get(key)
            if image is not None:
                self._images.move_to_end(key)
                return image
            drawing = self._faces.get(key)
        if drawing is None:
            return None
        image = face_png(drawing)
        with self._lock:
            self._images[key] = image
            while len(self._images) > self._limits[1]:
                self._images.popitem(last=False)
        return image
