"""Problems that would spoil a printed kit, found before anything is drawn.

``deckforge check`` reports them with the theme's other problems and
``deckforge print`` refuses to print while there are any. Each problem is one
``path:line:col: message`` line pointing at the value in the theme file.

It also adds a warning to ``deckforge check`` (see :mod:`deckforge.theme.advice`)
for a card whose text or title prints, but too small or too long to read
easily; the sizes come from the same fitting that prints the card.
"""

from __future__ import annotations

import stat
import warnings
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from deckforge.printing.face_layout import FaceLayout
from deckforge.printing.fitting import (
    BODY_FLOOR,
    BREAKABLE,
    HYPHEN,
    LEADING,
    SOFT_HYPHEN,
    TITLE_FLOOR,
    wrap,
)
from deckforge.printing.font_advice import MissingGroup, script_of
from deckforge.printing.fonts import (
    FontError,
    FontPair,
    FontStack,
    missing_characters,
    theme_fonts,
)
from deckforge.printing.geometry import MM, LayoutError, parse_card_size
from deckforge.theme.advice import Found
from deckforge.theme.loader import draft_text
from deckforge.theme.model import CardText, Theme

Key = tuple[str | int, ...]

# below these, a card still prints (down to the fitting's floors) but is hard to read:
# 7 pt is the usual minimum for running text in print, 6 pt is fine print
TEXT_MINIMUM = 7.0  # points
TITLE_MINIMUM = 8.0  # points, bold
TITLE_LINES = 3  # a title is read at a glance; more lines make it a paragraph
# a picture filling a tarot card at 300 dpi has about 1.2 million pixels; far more is
# memory and time for nothing (and Pillow warns from 89 million)
CARD_PIXELS = 1_200_000
MAX_IMAGE_PIXELS = 40_000_000
MAX_IMAGE_BYTES = 32 * 2**20


def _where(theme: Theme, key: Key, char: str | None = None) -> str:
    """``path:line:col`` of a value, or of ``char`` inside it when it is on that line."""
    position = theme.position(*key)
    if position is None:
        return f"{theme.path or theme.id}:1:1"
    if char is not None:
        line = _source_line(position.file, position.line)
        found = line.find(char, max(position.column - 1, 0))
        if found >= 0:
            return f"{position.file}:{position.line}:{found + 1}"
    return str(position)


def _inherited(theme: Theme, key: Key) -> str:
    """The suffix of a problem in a value the theme takes from the one it extends."""
    own, position = theme.position(), theme.position(*key)
    if own is None or position is None or position.file == own.file:
        return ""
    return f" (inherited: set it in {own.file} to change it)"


@lru_cache(maxsize=8)
def _source_lines(path: str, modified: int) -> tuple[str, ...]:
    try:
        return tuple(Path(path).read_text(encoding="utf-8").splitlines())
    except (OSError, UnicodeDecodeError):
        return ()


def _source_line(path: str, line: int) -> str:
    draft = draft_text(Path(path))  # a theme studio's unsaved edit
    if draft is not None:
        lines = draft.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""
    try:
        modified = Path(path).stat().st_mtime_ns
    except OSError:
        return ""
    source = _source_lines(path, modified)
    return source[line - 1] if 0 < line <= len(source) else ""


def _card_name(theme: Theme, suit_index: int, rank: int) -> str:
    return f"{theme.suits[suit_index].name} {rank}"


def printed_texts(theme: Theme, fonts: FontPair) -> Iterator[tuple[Key, str, str, FontStack]]:
    """Every theme text the kit draws: (key, what it is, the text, the font it is drawn in)."""
    yield ("title",), "the title", theme.title, fonts.title
    back = theme.print_style.back
    if back is not None:
        yield ("print", "back", "title"), "the back's title", back.title, fonts.title
    for kind in ("hint", "error"):
        token = getattr(theme.tokens, kind)
        for field in ("name", "plural"):
            what = f"the {kind} token's {field}"
            for font in (fonts.title, fonts.body):
                yield ("tokens", kind, field), what, getattr(token, field), font
    for i, suit in enumerate(theme.suits):
        for font in (fonts.title, fonts.body):
            yield ("suits", i, "name"), f"suit {suit.name!r}", suit.name, font
        yield ("suits", i, "symbol"), f"the symbol of suit {suit.name!r}", suit.symbol, fonts.body
        for rank in sorted(suit.cards):
            card = suit.cards[rank]
            name = f"card {_card_name(theme, i, rank)}"
            yield ("suits", i, "cards", rank, "title"), f"{name} (title)", card.title, fonts.title
            yield ("suits", i, "cards", rank, "text"), f"{name} (text)", card.text, fonts.body
    for i, band in enumerate(theme.rating):
        yield ("rating", i, "label"), "a rating label", band.label, fonts.body
    yield ("players", "first"), "who starts", theme.players.first, fonts.body
    yield ("description",), "the description", theme.description, fonts.body
    yield ("notes",), "the notes", theme.notes, fonts.body


def glyph_problems(theme: Theme, fonts: FontPair) -> list[str]:
    """Characters no font has: one problem per script, at the first text that uses it."""
    groups: dict[str, MissingGroup] = {}
    for key, what, text, stack in printed_texts(theme, fonts):
        text = text.replace(SOFT_HYPHEN, HYPHEN)  # a soft hyphen prints as "-" or not at all
        for char in missing_characters(text, stack):
            script = script_of(char)
            group = groups.get(script)
            if group is None:
                group = groups[script] = MissingGroup(
                    script, _where(theme, key, char), what, _inherited(theme, key)
                )
            group.characters.setdefault(char)
            group.texts.setdefault(what)
            for font in stack.fonts:
                group.fonts.setdefault(font.path.stem)
    return [group.message() for group in groups.values()]


def fitting_problems(theme: Theme, fonts: FontPair, card: tuple[float, float]) -> list[str]:
    layout = FaceLayout(*card)
    problems: list[str] = []
    for i, suit in enumerate(theme.suits):
        for rank in sorted(suit.cards):
            text = suit.cards[rank]
            if not (text.title.strip() or text.text.strip()):
                continue
            box = layout.text_box_for(with_image=text.image is not None)
            width, height = box.w * MM, box.h * MM
            if layout.fit(
                text.title, text.text, text.image is not None, fonts.title.width, fonts.body.width
            ):
                continue
            lines = len(wrap(text.text, width, BODY_FLOOR, fonts.body.width))
            title_lines = len(wrap(text.title, width, TITLE_FLOOR, fonts.title.width))
            room = int((height - title_lines * TITLE_FLOOR * LEADING) // (BODY_FLOOR * LEADING))
            beside = " beside its picture" if text.image is not None else ""
            problems.append(
                f"{_where(theme, ('suits', i, 'cards', rank, 'text'))}: card "
                f"{_card_name(theme, i, rank)}: title and text do not fit{beside} on a "
                f"{card[0]:g}x{card[1]:g} mm card even at {BODY_FLOOR:g} pt "
                f"({lines} lines of text, room for {max(room, 0)}); shorten them"
                f"{_inherited(theme, ('suits', i, 'cards', rank, 'text'))}"
            )
    return problems


def preflight(theme: Theme, card: tuple[float, float] | None = None) -> list[str]:
    """Every printing problem of ``theme``: missing glyphs and text that cannot fit.

    ``card`` is the card size in mm; by default the theme's own (print.card).
    """
    style = theme.print_style
    if card is None:
        try:
            card = parse_card_size(style.card)
        except LayoutError as error:
            return [f"{_where(theme, ('print', 'card'))}: {error}"]
    try:
        fonts = theme_fonts(style.title_fonts, style.body_fonts, theme.path, theme.language)
    except FontError as error:
        return [f"{_where(theme, ('print', 'fonts'))}: {error}"]
    return (
        glyph_problems(theme, fonts) + image_problems(theme) + fitting_problems(theme, fonts, card)
    )


def image_problems(theme: Theme) -> list[str]:
    """Pictures that cannot be drawn: missing, not a PNG or JPEG, too large, or damaged.

    Each picture is decoded once here (and again only when the file changes), so
    a picture ``check`` accepts is one ``print`` can draw.
    """
    problems: list[str] = []
    for i, suit in enumerate(theme.suits):
        for rank in sorted(suit.cards):
            image = suit.cards[rank].image
            if image is None:
                continue
            problem = picture_problem(image)
            if problem is not None:
                where = _where(theme, ("suits", i, "cards", rank, "image"))
                problems.append(
                    f"{where}: card {_card_name(theme, i, rank)}: picture {image} {problem}"
                    f"{_inherited(theme, ('suits', i, 'cards', rank, 'image'))}"
                )
    back = theme.print_style.back
    if back is not None and back.image is not None:
        problem = picture_problem(back.image)
        if problem is not None:
            where = _where(theme, ("print", "back", "image"))
            problems.append(f"{where}: the back's picture {back.image} {problem}")
    return problems


def picture_problem(path: Path) -> str | None:
    """Why the picture at ``path`` cannot be printed (a sentence's end), or None."""
    try:
        status = path.stat()
    except OSError as error:
        return f"cannot be opened ({error.strerror or error})"
    if not stat.S_ISREG(status.st_mode):
        return "is not a regular file"
    if status.st_size > MAX_IMAGE_BYTES:
        return (
            f"is larger than {MAX_IMAGE_BYTES // 2**20} MiB: save it smaller "
            f"(a card needs about {CARD_PIXELS / 1e6:g} million pixels)"
        )
    return _decoding_problem(str(path), status.st_mtime_ns, status.st_size)


@lru_cache(maxsize=256)
def _decoding_problem(path: str, _modified: int, _size: int) -> str | None:
    from PIL import Image

    unreadable = "cannot be read as a PNG or JPEG image"
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(path) as picture:
                if picture.format not in ("PNG", "JPEG"):
                    return unreadable
                width, height = picture.size
                if width * height > MAX_IMAGE_PIXELS:
                    return _too_many_pixels(width, height)
                picture.verify()  # checksums
            with Image.open(path) as picture:
                picture.load()  # the data itself: a damaged stream can have good checksums
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            return f"has more than {MAX_IMAGE_PIXELS / 1e6:g} million pixels: save it smaller"
        except Exception as error:  # Pillow raises many kinds for a damaged file
            if isinstance(error, OSError) and "cannot identify" in str(error):
                return unreadable
            reason = " ".join(str(error).split()) or type(error).__name__
            return f"is damaged and cannot be drawn ({reason}): save it again"
    return None


def _too_many_pixels(width: int, height: int) -> str:
    return (
        f"has {width}x{height} pixels, more than the {MAX_IMAGE_PIXELS / 1e6:g} million a "
        f"printer can use on a card (about {CARD_PIXELS / 1e6:g} million is plenty): "
        "save it smaller"
    )


def _visible(text: str) -> int:
    return len(text.replace(SOFT_HYPHEN, "").strip())


def _shorter_text(layout: FaceLayout, card: CardText, fonts: FontPair) -> int | None:
    """About how many characters of the card's text print at :data:`TEXT_MINIMUM` or more."""
    words = [w for w in BREAKABLE.split(card.text.replace("\n", " ")) if w]

    def legible(count: int) -> bool:
        fitted = layout.fit(
            card.title,
            " ".join(words[:count]),
            card.image is not None,
            fonts.title.width,
            fonts.body.width,
        )
        return fitted is not None and fitted.body_size >= TEXT_MINIMUM

    low, high = 0, len(words)  # legible(low) is assumed, legible(high) is known False
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if legible(middle) else (low, middle)
    return _visible(" ".join(words[:low])) if low else None


def legibility_warnings(theme: Theme, card_size: str | None = None) -> Found:
    """Card texts that would print below :data:`TEXT_MINIMUM`, titles below
    :data:`TITLE_MINIMUM` or on more than :data:`TITLE_LINES` lines, and texts that
    look lost on a card larger than poker size (see :func:`_lost_texts`), at the
    theme's card size or ``card_size``. Cards that do not fit at all are
    :func:`preflight` problems instead."""
    style = theme.print_style
    try:
        size = parse_card_size(card_size or style.card)
        fonts = theme_fonts(style.title_fonts, style.body_fonts, theme.path, theme.language)
    except (LayoutError, FontError):  # preflight reports these
        return []
    layout = FaceLayout(*size)
    on_card = f"on a {size[0]:g}x{size[1]:g} mm card"
    found: Found = []
    lost: list[tuple[Key, str, float]] = []
    for i, suit in enumerate(theme.suits):
        for rank in sorted(suit.cards):
            card = suit.cards[rank]
            fitted = layout.fit(
                card.title, card.text, card.image is not None, fonts.title.width, fonts.body.width
            )
            if fitted is None:
                continue
            key = ("suits", i, "cards", rank)
            share = fitted.height / MM / layout.text_box_for(card.image is not None).h
            if layout.text_growth() > 1.0 and share < LOST_SHARE:
                lost.append((key, f"card {_card_name(theme, i, rank)}", share))
            name = f"card {_card_name(theme, i, rank)}"
            where = f"suits[{i}].cards.{rank}"
            small_text = bool(fitted.body_lines) and fitted.body_size < TEXT_MINIMUM
            if small_text:
                shorter = _shorter_text(layout, card, fonts)
                advice = (
                    f"shorten it to about {shorter} characters (it has {_visible(card.text)})"
                    if shorter
                    else "shorten it and the title"
                )
                beside = " beside its picture" if card.image is not None else ""
                found.append(
                    (
                        theme.position(*key, "text"),
                        f"{where}.text: {name}: {on_card} this text prints at "
                        f"{fitted.body_size:g} pt{beside}, below the {TEXT_MINIMUM:g} pt "
                        f"that reads easily: {advice}, or choose a bigger print.card"
                        f"{_inherited(theme, (*key, 'text'))}",
                    )
                )
            lines = len(fitted.title_lines)
            if lines > TITLE_LINES:
                found.append(
                    (
                        theme.position(*key, "title"),
                        f"{where}.title: {name}: {on_card} the title prints on {lines} lines "
                        f"({_visible(card.title)} characters); a title reads easily at a glance on "
                        f"{TITLE_LINES} lines at most: shorten it and say the rest in the text"
                        f"{_inherited(theme, (*key, 'title'))}",
                    )
                )
            elif lines and fitted.title_size < TITLE_MINIMUM and not small_text:
                found.append(
                    (
                        theme.position(*key, "title"),
                        f"{where}.title: {name}: {on_card} the title prints at "
                        f"{fitted.title_size:g} pt, below the {TITLE_MINIMUM:g} pt that reads "
                        "easily: shorten it, or choose a bigger print.card"
                        f"{_inherited(theme, (*key, 'title'))}",
                    )
                )
    return found + _lost_texts(theme, lost, on_card)


LOST_SHARE = 0.35  # a text block filling less of its room than this looks lost
LOST_LISTED = 3  # more lost texts than this make one warning, not one per card


def _lost_texts(theme: Theme, lost: list[tuple[Key, str, float]], on_card: str) -> Found:
    """Texts that, even at the largest size a big card allows, fill less than
    :data:`LOST_SHARE` of the room under the medallion: one warning per card, or one
    for the whole deck when many cards are like that (a deck of single words)."""
    advice = "write a little more, or choose a smaller print.card"
    if len(lost) > LOST_LISTED:
        key, name, _ = lost[0]
        return [
            (
                theme.position(*key, "text") or theme.position(*key),
                f"{len(lost)} cards, {name} first: {on_card} their texts fill less than "
                f"{LOST_SHARE:.0%} of the room under the medallion and will look lost: {advice}",
            )
        ]
    found: Found = []
    for key, name, share in lost:
        where = f"suits[{key[1]}].cards.{key[3]}"
        found.append(
            (
                theme.position(*key, "text") or theme.position(*key),
                f"{where}.text: {name}: {on_card} this text fills only {share:.0%} of the room "
                f"under the medallion and will look lost: {advice}",
            )
        )
    return found
