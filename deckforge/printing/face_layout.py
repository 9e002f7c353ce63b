"""Where things go on a card face, for any card size. Pure numbers (mm), no drawing.

Coordinates are relative to the card's trim rectangle, origin at its
bottom-left corner. Poker size (63x88 mm) is the reference; other sizes scale
the corner indices and the medallion, and give the text the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from deckforge.printing.fitting import BODY_MAX, TITLE_MAX, FittedText, Measure, fit_text
from deckforge.printing.geometry import MM, Rect

REFERENCE = (63.0, 88.0)
WIDE_FACE = 0.9  # width / height from which the text goes down between the corner indices
TEXT_GROWTH_MAX = 1.8  # the largest text a big card gets, as a multiple of a poker card's


@dataclass(frozen=True)
class FaceLayout:
    """The regions of a face of ``width`` x ``height`` millimetres."""

    width: float
    height: float

    @property
    def scale(self) -> float:
        return min(self.width / REFERENCE[0], self.height / REFERENCE[1])

    @property
    def frame(self) -> float:
        """Width of the coloured frame around the white panel."""
        return 2.6 * self.scale

    @property
    def panel(self) -> Rect:
        return Rect(0, 0, self.width, self.height).inset(self.frame)

    @property
    def index_size(self) -> tuple[float, float]:
        """Width and height of a corner index (rank above symbol)."""
        return 9.0 * self.scale, 15.0 * self.scale

    @property
    def index_top_left(self) -> Rect:
        w, h = self.index_size
        p = self.panel
        return Rect(p.x + 0.8 * self.scale, p.top - h - 0.6 * self.scale, w, h)

    @property
    def index_bottom_right(self) -> Rect:
        """The same index turned upside down, in the opposite corner."""
        tl = self.index_top_left
        return Rect(self.width - tl.right, self.height - tl.top, tl.w, tl.h)

    @property
    def name_box(self) -> Rect:
        """The suit's name, at the top between the corner indices."""
        tl = self.index_top_left
        h = 5.5 * self.scale
        return Rect(
            tl.right + 0.5,
            self.panel.top - h - 1.2 * self.scale,
            self.width - 2 * (tl.right + 0.5),
            h,
        )

    def medallion(self, with_text: bool) -> tuple[float, float, float]:
        """Centre x, centre y and radius of the disc that carries the big rank."""
        if not with_text:
            return self.width / 2, self.height * 0.54, 14.0 * self.scale
        radius = 10.0 * self.scale
        return self.width / 2, self.name_box.y - 2.0 * self.scale - radius, radius

    @property
    def copies_box(self) -> Rect:
        """How many copies exist: bottom left, beside the upside-down index."""
        br = self.index_bottom_right
        p = self.panel
        h = 4.0 * self.scale
        left = p.x + 1.5 * self.scale
        return Rect(left, p.y + 1.2 * self.scale, br.x - left - 1.0 * self.scale, h)

    @property
    def text_box(self) -> Rect:
        """Title and text: below the medallion, above the bottom corner index.

        On a square or landscape face that band would leave a third of the face
        empty, so the text goes down between the corner indices instead, to just
        above the copies line (narrower, but much taller).
        """
        _, cy, r = self.medallion(with_text=True)
        p = self.panel
        top = cy - r - 2.0 * self.scale
        if self.width >= WIDE_FACE * self.height:
            right = self.index_bottom_right.x - 1.0 * self.scale
            left = self.width - right
            bottom = self.copies_box.top + 0.5 * self.scale
            return Rect(left, bottom, right - left, top - bottom)
        bottom = self.index_bottom_right.top + 1.0 * self.scale
        left = p.x + 2.0 * self.scale
        return Rect(left, bottom, p.right - 2.0 * self.scale - left, top - bottom)

    IMAGE_SHARE = 0.5  # of the text box, when a card has both a picture and text

    def image_box(self, with_text: bool) -> Rect:
        """A card's picture: the top of the text box, or the whole pips area without text."""
        if not with_text:
            return self.pips_box()
        box = self.text_box
        h = box.h * self.IMAGE_SHARE
        return Rect(box.x, box.top - h, box.w, h)

    def text_box_for(self, with_image: bool) -> Rect:
        """The text box, less the picture's share when the card has one."""
        box = self.text_box
        if not with_image:
            return box
        return Rect(box.x, box.y, box.w, box.h * (1 - self.IMAGE_SHARE) - 1.5 * self.scale)

    def pips_box(self) -> Rect:
        """Where a card without text shows its rank as a row of suit symbols."""
        _, cy, r = self.medallion(with_text=False)
        bottom = self.index_bottom_right.top + 1.0 * self.scale
        p = self.panel
        return Rect(p.x + 3 * self.scale, bottom, p.w - 6 * self.scale, cy - r - bottom - 1.5)

    def text_growth(self, with_image: bool = False) -> float:
        """How much larger than on a poker card the text may print: with the square root
        of its box's area (a tarot card's text box is about twice a poker card's)."""
        box = self.text_box_for(with_image)
        reference = FaceLayout(*REFERENCE).text_box_for(with_image)
        ratio = (box.w * box.h) / (reference.w * reference.h)
        return min(TEXT_GROWTH_MAX, max(1.0, self.scale, math.sqrt(max(ratio, 0.0))))

    def placed(self, text_height: float) -> tuple[tuple[float, float, float], Rect]:
        """The medallion (centre x, centre y, radius) and the text box of a face with
        text and no picture, once its text is fitted (``text_height`` in mm).

        What the text leaves of its box is shared in three equal gaps: above the
        medallion, between it and the text, and below the text, so a short text on a
        large card does not float in the middle of an empty band.
        """
        cx, cy, r = self.medallion(with_text=True)
        box = self.text_box
        free = box.h - text_height
        if free <= 0:
            return (cx, cy, r), box
        shift = free / 3
        return (cx, cy - shift, r), Rect(box.x, box.y, box.w, box.h - shift)

    def fit(
        self, title: str, text: str, with_image: bool, title_measure: Measure, body_measure: Measure
    ) -> FittedText | None:
        """A card's title and text fitted to its text box; bigger cards start bigger."""
        box = self.text_box_for(with_image)
        grow = self.text_growth(with_image)
        return fit_text(
            title,
            text,
            box.w * MM,
            box.h * MM,
            title_measure,
            body_measure,
            title_max=TITLE_MAX * grow,
            body_max=BODY_MAX * grow,
        )
