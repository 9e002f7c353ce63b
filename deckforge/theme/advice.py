"""Warnings about a valid theme: things that print, but are probably not what the designer meant.

- A theme may leave card texts out (plain cards), so a missing text is not an
  error; but a suit with texts for some ranks only, or a card with a title and
  no text in a deck whose other cards have both, is almost always a card the
  designer forgot.
- Two suits of one colour can be told apart only by their symbols.
- A deck that extends another takes every text it does not write: in a new
  language, those texts stay in the parent's language; with its own title and
  suits, the parent's title stays on every back.
- A hand size for a player count the theme does not allow is never used; a
  token renamed without its plural makes the rules say "8 spark".
- A quote left open can leave a valid file whose next keys became part of a
  sentence.
- Later layers find their own (the print kit: a card text or title that would
  print too small or too long); the caller passes their findings to
  :func:`warnings`, which sorts them in with these. This package imports
  nothing from the layers above it.

``deckforge check`` prints these as warnings and still succeeds.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from deckforge.theme.loader import ThemeError, load_theme, read_theme_text, shown_path
from deckforge.theme.model import CardText, SourcePosition, Suit, Theme
from deckforge.theme.validation import key_text, schema
from deckforge.theme.yaml_source import runaway_quotes

Found = list[tuple[SourcePosition | None, str]]


# texts a deck that extends another may leave to its parent: (key path, what it is)
_INHERITED_TEXTS: tuple[tuple[tuple[str | int, ...], str], ...] = (
    (("description",), "the description"),
    (("players", "first"), "who starts (players.first)"),
    (("tokens", "hint", "name"), "the hint tokens' name"),
    (("tokens", "error", "name"), "the error tokens' name"),
    (("rating", 0, "label"), "the rating labels"),
    (("suits", 0, "name"), "the suits' names"),
)


def warnings(theme: Theme, *later: Found) -> list[str]:
    """Every warning about ``theme`` as ``path:line:col: warning: ...``, in file order,
    with the findings ``later`` of the layers above (the print kit's
    ``legibility_warnings(theme)``) sorted in."""
    found: Found = []
    if theme.path is not None:
        try:
            text = read_theme_text(theme.path)
        except ThemeError:  # the file changed or went away since it was loaded
            text = ""
        found += runaway_quotes(shown_path(theme.path), text, _format_keys())
    found += _colour_warnings(theme) + _inherited_text_warnings(theme)
    found += _hand_size_warnings(theme) + _token_plural_warnings(theme)
    found += _typographic_quote_warnings(theme)
    for i, suit in enumerate(theme.suits):
        found += _card_warnings(theme, i, suit)
    for findings in later:
        found += findings
    own = theme.position()
    main = own.file if own is not None else ""

    def order(item: tuple[SourcePosition | None, str]) -> tuple[bool, str, int, int]:
        pos = item[0] or SourcePosition(main, 0, 0)
        return (pos.file != main, pos.file, pos.line, pos.column)

    return [
        f"{pos}: warning: {message}" if pos is not None else f"warning: {message}"
        for pos, message in sorted(found, key=order)
    ]


def _colour_warnings(theme: Theme) -> Found:
    found: Found = []
    first_use: dict[str, int] = {}
    for i, suit in enumerate(theme.suits):
        j = first_use.setdefault(suit.colour.lower(), i)
        if j != i:
            found.append(
                (
                    theme.position("suits", i, "colour"),
                    f"suits[{i}].colour: {suit.colour!r} is also the colour of suits[{j}] "
                    f"({theme.suits[j].name}): players can tell these suits apart only by "
                    "their symbols",
                )
            )
    return found


def _inherited_text_warnings(theme: Theme) -> Found:
    own = theme.position()
    if own is None:
        return []

    def written_here(*key: str | int) -> bool:
        return key in theme.positions and theme.positions[key].file == own.file

    found: Found = []
    if written_here("language"):
        foreign: dict[str, list[str]] = {}
        for key, what in _INHERITED_TEXTS:
            where = theme.position(*key)
            if where is None or where.file == own.file:
                continue
            if _language_of(where.file) not in (None, theme.language):
                foreign.setdefault(shown_path(Path(where.file)), []).append(what)
        if foreign:
            origins = "; ".join(
                f"{', '.join(what)} (from {file})" for file, what in foreign.items()
            )
            found.append(
                (
                    theme.position("language"),
                    f"language: the deck is in {theme.language!r}, but these texts stay in its "
                    f"parent's language: {origins}; write them in this file",
                )
            )
    back = theme.print_style.back
    if (
        back is not None
        and back.title != theme.title
        and written_here("title")
        and written_here("suits", 0)
        and not written_here("print", "back", "title")
    ):
        found.append(
            (
                theme.position("title"),
                f"title: every card's back says {back.title!r}, taken from the theme this one "
                f"extends; to print this deck's title there, write print: {{back: {{title: "
                f"{theme.title}}}}}",
            )
        )
    return found


OPENING_QUOTES = "“‘„‚"  # an apostrophe ’ at the end of a word is left alone
CLOSING_QUOTES = "”“"


def _theme_texts(theme: Theme) -> list[tuple[tuple[str | int, ...], str]]:
    """(key path, text) of every text the theme prints."""
    texts: list[tuple[tuple[str | int, ...], str]] = [
        (("title",), theme.title),
        (("description",), theme.description),
        (("notes",), theme.notes),
        (("players", "first"), theme.players.first),
    ]
    for kind in ("hint", "error"):
        token = getattr(theme.tokens, kind)
        texts += [
            (("tokens", kind, "name"), token.name),
            (("tokens", kind, "plural"), token.plural),
        ]
    if theme.print_style.back is not None:
        texts.append((("print", "back", "title"), theme.print_style.back.title))
    for i, suit in enumerate(theme.suits):
        texts.append((("suits", i, "name"), suit.name))
        for rank, card in sorted(suit.cards.items()):
            texts += [(("suits", i, "cards", rank, "title"), card.title)]
            texts += [(("suits", i, "cards", rank, "text"), card.text)]
    texts += [(("rating", i, "label"), band.label) for i, band in enumerate(theme.rating)]
    return texts


def _typographic_quote_warnings(theme: Theme) -> Found:
    """A text that starts or ends with a curly quote: YAML does not take “ ” as quotes,
    so they are part of the text and print (a word processor's doing, usually)."""
    found: Found = []
    for key, text in _theme_texts(theme):
        text = text.strip()
        where = theme.position(*key)
        if not text or where is None:
            continue
        if text[0] in OPENING_QUOTES and text[-1] in CLOSING_QUOTES and len(text) > 1:
            quote = f"{text[0]} and {text[-1]} are typographic quotes, which YAML keeps"
        elif text[0] in OPENING_QUOTES:
            quote = f"{text[0]} is a typographic quote, which YAML keeps"
        elif text[-1] in CLOSING_QUOTES:
            quote = f"{text[-1]} is a typographic quote, which YAML keeps"
            where = _char_position(where, text[-1])
        else:
            continue
        found.append(
            (
                where,
                f"{key_text(key)}: {quote} as part of the text: it will be printed; to "
                'quote the text, use straight quotes "..."',
            )
        )
    return found


def _char_position(where: SourcePosition, char: str) -> SourcePosition:
    """The position of ``char`` on the value's line, if it is there."""
    try:
        line = read_theme_text(Path(where.file)).splitlines()[where.line - 1]
    except (ThemeError, IndexError):
        return where
    found = line.find(char, max(where.column - 1, 0))
    return SourcePosition(where.file, where.line, found + 1) if found >= 0 else where


def _hand_size_warnings(theme: Theme) -> Found:
    """A hand size this file writes for a player count the theme does not allow.

    A parent's hand sizes merge in and cannot be removed: they are not reported.
    """
    counts = theme.players.counts
    own = theme.position()
    found: Found = []
    for key, where in theme.positions.items():
        if own is None or where.file != own.file:
            continue
        if len(key) == 3 and key[:2] == ("players", "hand_size") and key[2] not in counts:
            allowed = ", ".join(str(n) for n in counts)
            found.append(
                (
                    where,
                    f"players.hand_size.{key[2]}: {key[2]} players are not in players.counts "
                    f"({allowed}), so this hand size is never used: add {key[2]} to the counts, "
                    "or remove this line",
                )
            )
    return found


def _token_plural_warnings(theme: Theme) -> Found:
    """A token renamed without its plural: the rules would say "8 spark" or "8 hint tokens"."""
    own = theme.position()
    found: Found = []
    for kind in ("hint", "error"):
        token = getattr(theme.tokens, kind)
        name_at = theme.position("tokens", kind, "name")
        plural_at = theme.positions.get(("tokens", kind, "plural"))
        if own is None or name_at is None or name_at.file != own.file:
            continue
        if plural_at is None and token.count > 1:
            found.append(
                (
                    name_at,
                    f'tokens.{kind}: no plural, so the rules will say "{token.count} '
                    f'{token.name}": write plural: (the same word again if it does not change)',
                )
            )
        elif plural_at is not None and plural_at.file != own.file:
            found.append(
                (
                    name_at,
                    f"tokens.{kind}: the name is {token.name!r} but the plural is still the "
                    f"parent's {token.plural!r}: write plural: too",
                )
            )
    return found


@cache
def _format_keys() -> frozenset[str]:
    """Every key the theme format knows, at any depth."""
    names: set[str] = set()
    pending: list[Any] = [schema()]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            names.update(node.get("properties", {}))
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return frozenset(names)


def _language_of(file: str) -> str | None:
    try:  # keyed by the file's time, so print --watch sees a parent that changed
        stamp = Path(file).stat().st_mtime_ns
    except OSError:
        return None
    return _language_at(file, stamp)


@cache
def _language_at(file: str, stamp: int) -> str | None:
    try:
        return load_theme(file).language
    except ThemeError:
        return None


def _ranks(ranks: list[int]) -> str:
    words = [str(r) for r in ranks]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _written(card: CardText) -> bool:
    return bool(card.title or card.text or card.image)


def _card_warnings(theme: Theme, i: int, suit: Suit) -> Found:
    cards = [c for s in theme.suits for c in s.cards.values()]
    any_title, any_text = any(c.title for c in cards), any(c.text for c in cards)
    found: Found = []
    written = [r for r in range(1, suit.ranks + 1) if _written(suit.text_for(r))]
    missing = [r for r in range(1, suit.ranks + 1) if r not in written]
    if written and missing:
        are = "has" if len(missing) == 1 else "have"
        do = "does" if len(written) == 1 else "do"
        found.append(
            (
                theme.position("suits", i, "cards"),
                f"suits[{i}].cards: {suit.name} {_ranks(missing)} {are} no title or text, "
                f"but {suit.name} {_ranks(written)} {do}: write them, or they print as plain "
                "cards",
            )
        )
    for rank in written:
        card = suit.text_for(rank)
        lacking = ""
        if card.title and not card.text and any_text:
            lacking = "a title but no text"
        elif card.text and not card.title and any_title:
            lacking = "a text but no title"
        if lacking:
            found.append(
                (
                    theme.position("suits", i, "cards", rank),
                    f"suits[{i}].cards.{rank}: {suit.name} {rank} has {lacking}",
                )
            )
    return found
