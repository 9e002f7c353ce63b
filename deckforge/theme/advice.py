"""Warnings about a valid theme: things that print, but are probably not what the designer meant.

A theme may leave card texts out (plain cards), so a missing text is not an
error. But a suit that has texts for some ranks and not for others, or a card
that has a title and no text in a deck whose other cards have both, is almost
always a card the designer forgot. Two suits of one colour can be told apart
only by their symbols. A quote left open can also leave a valid
file whose next keys became part of a sentence. ``deckforge check`` prints
these as warnings and still succeeds.
"""

from __future__ import annotations

from deckforge.theme.loader import ThemeError, read_theme_text, shown_path
from deckforge.theme.model import CardText, Suit, Theme
from deckforge.theme.yaml_source import runaway_quotes


def warnings(theme: Theme) -> list[str]:
    """Every warning about ``theme``: its own file's open quotes, then its cards."""
    found = []
    if theme.path is not None:
        try:
            text = read_theme_text(theme.path)
        except ThemeError:  # the file changed or went away since it was loaded
            text = ""
        shown = shown_path(theme.path)
        found += [f"{pos}: warning: {message}" for pos, message in runaway_quotes(shown, text)]
    return found + card_warnings(theme)


def _ranks(ranks: list[int]) -> str:
    words = [str(r) for r in ranks]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _written(card: CardText) -> bool:
    return bool(card.title or card.text or card.image)


def card_warnings(theme: Theme) -> list[str]:
    """``path:line:col: warning: ...`` lines, in the order of the file."""
    warnings = []
    first_use: dict[str, int] = {}
    for i, suit in enumerate(theme.suits):
        j = first_use.setdefault(suit.colour.lower(), i)
        if j != i:
            warnings.append(
                f"{theme.position('suits', i, 'colour')}: warning: suits[{i}].colour: "
                f"{suit.colour!r} is also the colour of suits[{j}] ({theme.suits[j].name}): "
                "players can tell these suits apart only by their symbols"
            )
    any_title = any(c.title for s in theme.suits for c in s.cards.values())
    any_text = any(c.text for s in theme.suits for c in s.cards.values())
    for i, suit in enumerate(theme.suits):
        warnings += _suit_warnings(theme, i, suit, any_title, any_text)
    return warnings


def _suit_warnings(theme: Theme, i: int, suit: Suit, any_title: bool, any_text: bool) -> list[str]:
    found = []
    written = [r for r in range(1, suit.ranks + 1) if _written(suit.text_for(r))]
    missing = [r for r in range(1, suit.ranks + 1) if r not in written]
    if written and missing:
        where = theme.position("suits", i, "cards")
        are = "has" if len(missing) == 1 else "have"
        do = "does" if len(written) == 1 else "do"
        found.append(
            f"{where}: warning: suits[{i}].cards: {suit.name} {_ranks(missing)} {are} no "
            f"title or text, but {suit.name} {_ranks(written)} {do}: write them, or they "
            "print as plain cards"
        )
    for rank in written:
        card = suit.text_for(rank)
        where = theme.position("suits", i, "cards", rank)
        if card.title and not card.text and any_text:
            found.append(
                f"{where}: warning: suits[{i}].cards.{rank}: {suit.name} {rank} has a title "
                "but no text"
            )
        elif card.text and not card.title and any_title:
            found.append(
                f"{where}: warning: suits[{i}].cards.{rank}: {suit.name} {rank} has a text "
                "but no title"
            )
    return found
