"""Forms drawn once and copied, byte for byte, into several PDFs.

reportlab numbers fonts (``/F1``, ``/F2``...) in the order a document first uses
them, and a TrueType font's subset glyphs in the order the document first uses
each character. A form's content stream names fonts and glyph codes, so it only
means the same thing in another document whose fonts and characters were
registered in the same order. A recording keeps, after each form, the order in
which its document registered them; a document that receives recorded forms is
first primed with that order (before it draws anything), after which the recorded
streams are valid in it unchanged.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

Box = tuple[float, float, float, float]
FontOrder = tuple[tuple[str, tuple[int, ...]], ...]  # font name, its characters in order

# what endForm puts on a form besides its stream: the resources its drawing used
FORM_RESOURCES = ("XObjects", "ExtGState", "_colorsUsed")

AnyCanvas = TypeVar("AnyCanvas", bound=Canvas)


@dataclass(frozen=True)
class RecordedForm:
    """One form's content stream, the resources and objects (images) it uses, and
    the document's font order once it was drawn."""

    name: str
    box: Box
    stream: str
    resources: tuple[tuple[str, object], ...]
    objects: tuple[tuple[str, pdfdoc.PDFObject], ...]
    fonts_after: FontOrder


def font_order(doc: pdfdoc.PDFDocument) -> FontOrder:
    """The fonts ``doc`` has numbered, in order, each with the characters it has
    given a glyph code, in the order it gave them."""
    order = []
    for name in doc.fontMapping:
        states = getattr(pdfmetrics.getFont(name), "state", None)
        state = states.get(doc) if states is not None else None
        order.append((name, tuple(state.assignments) if state is not None else ()))
    return tuple(order)


def record_form(
    c: AnyCanvas, name: str, box: Box, draw: Callable[[AnyCanvas], None]
) -> RecordedForm:
    """Draw one form on ``c`` (a scratch canvas, drawing forms only) and keep it."""
    doc = c._doc
    c.beginForm(name, *box)
    draw(c)
    c.endForm()
    own_name = doc.getXObjectName(name)
    form = doc.idToObject[own_name]
    return RecordedForm(
        name=name,
        box=box,
        stream=form.stream,
        resources=tuple((key, getattr(form, key)) for key in FORM_RESOURCES),
        objects=_objects_used(doc, form),
        fonts_after=font_order(doc),
    )


def _objects_used(
    doc: pdfdoc.PDFDocument, form: pdfdoc.PDFFormXObject
) -> tuple[tuple[str, pdfdoc.PDFObject], ...]:
    """The images a form draws, each followed by its soft mask if it has one."""
    used: list[tuple[str, pdfdoc.PDFObject]] = []
    names = list(form.XObjects.dict) if form.XObjects is not None else []
    for key in names:
        image = doc.idToObject[key]
        used.append((key, image))
        mask = getattr(image, "smask", None)
        if isinstance(mask, pdfdoc.PDFObjectReference):
            used.append((mask.name, doc.idToObject[mask.name]))
    return tuple(used)


def _prime(doc: pdfdoc.PDFDocument, order: FontOrder) -> None:
    """Register ``order``'s fonts and characters in ``doc`` as the recording did."""
    for name, codes in order:
        font = pdfmetrics.getFont(name)
        if getattr(font, "_dynamicFont", False):
            font.splitString("".join(map(chr, codes)), doc)
            font.getSubsetInternalName(0, doc)
        else:
            doc.getInternalFontName(name)
    if font_order(doc) != order:
        raise RuntimeError("recorded forms: the document used fonts before it was primed")


def _register(doc: pdfdoc.PDFDocument, key: str, obj: pdfdoc.PDFObject) -> None:
    """Add an object (an image) a recorded form uses, once per document; reportlab
    marks an object with the name it has in one document, so each gets a copy."""
    if key in doc.idToObject:
        return
    own = copy.copy(obj)
    vars(own).pop("__InternalName__", None)
    doc.Reference(own, key)


def replay_forms(c: Canvas, forms: Sequence[RecordedForm]) -> None:
    """Define ``forms`` (in recording order) in ``c``'s document, before anything
    is drawn on it: its fonts are primed as after the last of them was recorded."""
    if not forms:
        return
    doc = c._doc
    _prime(doc, forms[-1].fonts_after)
    for recorded in forms:
        for key, obj in recorded.objects:
            _register(doc, key, obj)
        form = pdfdoc.PDFFormXObject(*recorded.box)
        form.compression = c._pageCompression
        form.stream = recorded.stream
        for key, value in recorded.resources:
            setattr(form, key, value)
        doc.addForm(recorded.name, form)
