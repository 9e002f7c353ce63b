"""Checks in a teacher's words: which form field a finding is about, and what kind it is.

The checks (:mod:`deckforge.theme.validation`, :mod:`deckforge.theme.advice`,
the print preflight) speak to designers, in English, with key paths. The
form view shows each finding as the field's own label and a sentence from the
page's catalogue (``plain.<code>``, with numbers as ``values``); the YAML view
keeps the designer's message and its line. A finding of no known kind still
gets a plain sentence (``plain.problem`` / ``plain.warning``), never the key path.
"""

from __future__ import annotations

import re
from typing import Any

# the key path a message starts with: suits[0].cards.1.text, tokens.hint.count, ...
_KEY_PATH = re.compile(r"^(?P<path>[a-z_]+(?:\[\d+\]|\.[A-Za-z0-9_]+)*): ")

# (code, pattern): the first that matches names the kind; named groups become values
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (code, re.compile(pattern, re.DOTALL))
    for code, pattern in (
        ("yaml", r"^YAML syntax: "),
        ("duplicate", r"^duplicate key "),
        ("text-small", r"prints at [\d.]+ pt.*shorten it to about (?P<chars>\d+) characters"),
        ("text-small-plain", r"prints at [\d.]+ pt"),
        ("title-long", r"the title prints on (?P<lines>\d+) lines"),
        ("card-full", r"do not fit.*shorten them"),
        ("deck-small", r"(?P<players>\d+) players with (?P<size>\d+) cards each need"),
        ("hand-missing", r"no hand size for (?P<players>\d+) players"),
        ("hand-unused", r"(?P<players>\d+) players are not in players\.counts"),
        ("same-colour", r"is also the colour of suits\["),
        ("same-in-suits", r"is already the \w+ of suits\["),
        ("at-least", r"must be at least (?P<n>-?\d+), not"),
        ("at-most", r"must be at most (?P<n>-?\d+), not"),
        ("items-least", r"needs at least (?P<n>\d+) item"),
        ("items-most", r"needs at most (?P<n>\d+) item"),
        ("length", r"characters long"),
        ("ranks", r"there is no rank|ranks, but suits\["),
        ("rating", r"band|^gap: |^overlap: |^from \d+ is above"),
        ("quotes", r"typographic quote"),
        ("plural", r"no plural|the plural is still"),
        ("language-mix", r"these texts stay in its parent's language"),
        ("back-title", r"every card's back says"),
        ("missing", r"^missing key "),
        ("choice", r"must be one of "),
        ("file", r"file .*(not found|cannot be opened|not a regular file)|picture "),
        ("outside", r"only files in the themes folders"),
        ("unknown", r"unknown key"),
        ("form", r"^expected .*, found |is not allowed here|\(found |must match"),
    )
)


def key_path(message: str) -> tuple[str, str]:
    """(``suits.0.cards.1.text``, the rest) when ``message`` starts with a key path."""
    found = _KEY_PATH.match(message)
    if found is None:
        return "", message
    path = re.sub(r"\[(\d+)\]", r".\1", found["path"])
    return path, message[found.end() :]


def plain(message: str, line: int, lines: dict[str, int], warning: bool) -> dict[str, Any]:
    """What the form view shows of one finding: the field it is about ("" when none), the
    kind of sentence (``plain.<code>`` in the catalogues) and its numbers."""
    field, rest = key_path(message)
    if not field and line:  # the deepest key written on that line
        on_line = [key for key, at in lines.items() if at == line]
        field = max(on_line, key=lambda key: key.count("."), default="")
    for code, pattern in _KINDS:
        found = pattern.search(rest)
        if found:
            values = {k: int(v) for k, v in found.groupdict().items() if v is not None}
            return {"field": field, "code": code, "values": values}
    return {"field": field, "code": "warning" if warning else "problem", "values": {}}
