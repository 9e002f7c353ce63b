"""Load a theme file into a :class:`~deckforge.theme.model.Theme`.

Reading (safe YAML with positions, :mod:`deckforge.theme.yaml_source`), then
``extends`` (mappings merge key by key, lists replace, ``add_suits`` appends),
then every check (:mod:`deckforge.theme.validation`), then the frozen model.
Any problem raises :class:`ThemeError` listing them all as ``path:line:col: message``.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from deckforge.bundled import bundled_folder
from deckforge.theme.model import (
    DEFAULT_LANGUAGE,
    BackDesign,
    CardText,
    ClueMode,
    DebriefQuestions,
    Direction,
    DiscardAtMaxHints,
    EmptyHints,
    Players,
    PrintStyle,
    RatingBand,
    Rules,
    SourcePosition,
    StrikeoutScore,
    Suit,
    SuitScoring,
    Theme,
    TokenKind,
    Tokens,
)
from deckforge.theme.yaml_source import (
    MAX_FILE_BYTES,
    Located,
    YamlProblems,
    index_positions,
    plain,
    read_yaml,
    runaway_quotes,
)

BUNDLED_THEMES = bundled_folder("themes")
NEW_THEMES_FOLDER = "themes"  # where `deckforge new NAME` writes NAME.yaml by default
THEME_SUFFIXES = (".yaml", ".yml")
MAX_EXTENDS_DEPTH = 8
_TOO_LARGE = f"the file is larger than {MAX_FILE_BYTES // 1024} KiB: is it a theme?"

Key = tuple[str | int, ...]


class ThemeError(Exception):
    """A theme file is wrong; ``problems`` holds one ``path:line:col: message`` each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# Unsaved texts of theme files (the theme studio's drafts), seen by this thread only
_DRAFTS: ContextVar[dict[Path, str] | None] = ContextVar("deckforge_theme_drafts", default=None)


@contextmanager
def theme_draft(path: Path, text: str) -> Iterator[Path]:
    """Inside the block, the theme file ``path`` reads as ``text``, saved or not.

    Everything that reads a theme file through :func:`read_theme_text` (loading,
    ``extends``, ``check``'s warnings) sees the draft, so an edit is checked by
    exactly the code that checks the saved file. Yields the absolute path.
    """
    where = path.absolute()
    token = _DRAFTS.set({**(_DRAFTS.get() or {}), where: text})
    try:
        yield where
    finally:
        _DRAFTS.reset(token)


def draft_text(path: Path) -> str | None:
    """The unsaved text of ``path`` inside :func:`theme_draft`, else None."""
    drafts = _DRAFTS.get()
    return drafts.get(path.absolute()) if drafts else None


def bundled_theme_names() -> list[str]:
    return sorted(p.stem for p in BUNDLED_THEMES.glob("*.yaml"))


def shown_path(path: Path) -> str:
    """How a file is named in messages: relative to the working directory when inside it."""
    if not path.is_absolute():
        return str(path)
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


def resolve_theme_path(name_or_path: str | Path, relative_to: Path | None = None) -> Path:
    """A theme given as a file path, or as the name of a bundled theme.

    With ``relative_to`` (the file that names it, for ``extends``), a relative
    path is looked up next to that file first. Without it, a bare name that is
    no bundled theme is also looked up as ``themes/NAME.yaml`` in the working
    directory, where ``deckforge new NAME`` writes it. A name the system cannot
    look up (a part over 255 bytes, say) is a :class:`ThemeError` too.
    """
    try:
        return _resolve_theme_path(name_or_path, relative_to)
    except OSError as error:
        raise ThemeError([f"{_short(str(name_or_path))}: {_reason(error)}"]) from None


def _short(name: str, longest: int = 80) -> str:
    """A name short enough for a message: its start and its end."""
    half = (longest - 1) // 2
    return name if len(name) <= longest else f"{name[:half]}…{name[-half:]}"


def _reason(error: OSError) -> str:
    return f"cannot read the file ({error.strerror or error})"


def _resolve_theme_path(name_or_path: str | Path, relative_to: Path | None) -> Path:
    text = str(name_or_path)
    candidate = Path(name_or_path)
    looks_like_path = candidate.suffix in THEME_SUFFIXES or "/" in text or os.sep in text
    if looks_like_path:
        if relative_to is not None and not candidate.is_absolute():
            candidate = relative_to.parent / candidate
        if candidate.exists() or draft_text(candidate) is not None:
            return candidate
        hint = ""
        if "/" not in text and os.sep not in text and candidate.stem in bundled_theme_names():
            hint = f" (for the bundled theme, write {candidate.stem} without .yaml)"
        raise ThemeError([f"{shown_path(candidate)}: no such file{hint}"])
    bundled = BUNDLED_THEMES / f"{text}.yaml"
    if text and bundled.is_file():
        return bundled
    if relative_to is None and text and candidate.exists():
        return candidate
    names = ", ".join(bundled_theme_names())
    known = bundled_theme_names()
    if relative_to is None and text:
        made_by_new = Path(NEW_THEMES_FOLDER) / f"{text}.yaml"
        if made_by_new.is_file():
            return made_by_new
        names += f"; no {made_by_new.as_posix()} here either"
        known += sorted(p.stem for p in Path(NEW_THEMES_FOLDER).glob("*.yaml"))
    close = difflib.get_close_matches(text, known, n=1)
    hint = f"; did you mean {close[0]}?" if close else ""
    raise ThemeError([f"{text}: no such theme file or bundled theme{hint} (bundled: {names})"])


def read_theme_text(path: Path) -> str:
    """The text of a theme file, or a :class:`ThemeError` saying plainly why not."""
    shown = _short(shown_path(path))
    draft = draft_text(path)
    if draft is not None:
        if len(draft.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
            raise ThemeError([f"{shown}:1:1: {_TOO_LARGE}"])
        return draft.removeprefix("\ufeff")
    try:
        if path.is_dir():
            raise ThemeError([f"{shown}: is a directory, not a theme file"])
        if path.exists() and not path.is_file():  # a pipe or a device could block forever
            raise ThemeError([f"{shown}: is not a regular file"])
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ThemeError([f"{shown}: no such file"]) from None
    except OSError as error:
        raise ThemeError([f"{shown}: {_reason(error)}"]) from None
    if len(data) > MAX_FILE_BYTES:
        raise ThemeError([f"{shown}:1:1: {_TOO_LARGE}"])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        byte = data[error.start]
        raise ThemeError(
            [
                f"{shown}:{line}:{column}: the file is not UTF-8 text (byte 0x{byte:02x}); "
                "save it as UTF-8"
            ]
        ) from None


def _read_document(path: Path) -> Located:
    shown = shown_path(path)
    text = read_theme_text(path)
    try:
        root = read_yaml(shown, text)
    except YamlProblems as error:
        raise ThemeError(error.problems) from None
    if not isinstance(root.value, dict):
        raise ThemeError(
            [f"{root.pos}: a theme is a mapping of keys (id: ..., title: ...), not a list or value"]
        )
    return root


def _merge(base: Located, over: Located) -> Located:
    """Mappings merge key by key; anything else (lists included) replaces."""
    if not (isinstance(base.value, dict) and isinstance(over.value, dict)):
        return over
    value = dict(base.value)
    keys = dict(base.keys)
    for key, child in over.value.items():
        value[key] = _merge(base.value[key], child) if key in base.value else child
        keys[key] = over.keys[key]
    return Located(value, over.pos, keys, size=over.size)


def _without(node: Located, *names: str) -> Located:
    value = {k: v for k, v in node.value.items() if k not in names}
    keys = {k: v for k, v in node.keys.items() if k not in names}
    return Located(value, node.pos, keys, size=node.size)


def load_document(path: Path, chain: tuple[Path, ...] = ()) -> tuple[Located, list[str]]:
    """A theme file with everything it extends merged in (not yet validated).

    Returns the merged document and the problems found while merging; problems
    that leave nothing to merge (an unreadable file, a missing parent, a cycle)
    raise :class:`ThemeError` at once.
    """
    root = _read_document(path)
    problems: list[str] = []
    merged = root
    parent_node = root.value.get("extends")
    if parent_node is not None:
        if "id" not in root.value:
            problems.append(f"{root.pos}: missing key 'id' (every theme file needs its own id)")
        merged = _without(root, "extends", "add_suits")
        parent_name = parent_node.value
        if not isinstance(parent_name, str) or not parent_name:
            raise ThemeError(
                [
                    *problems,
                    f"{parent_node.pos}: extends: expected the name of a bundled "
                    "theme or the path of a .yaml file",
                ]
            )
        try:
            parent_path = resolve_theme_path(parent_name, relative_to=path)
        except ThemeError as error:
            raise ThemeError(
                [*problems, *(f"{parent_node.pos}: extends: {p}" for p in error.problems)]
            ) from None
        if parent_path.is_dir():
            raise ThemeError(
                [*problems, f"{parent_node.pos}: extends: {parent_name} is a directory"]
            )
        here = (*chain, path.resolve())
        if parent_path.resolve() in here:
            cycle = " -> ".join(shown_path(p) for p in (*here, parent_path.resolve()))
            raise ThemeError([*problems, f"{parent_node.pos}: extends: a cycle ({cycle})"])
        if len(here) > MAX_EXTENDS_DEPTH:
            raise ThemeError(
                [*problems, f"{parent_node.pos}: extends: more than {MAX_EXTENDS_DEPTH} levels"]
            )
        base, parent_problems = load_document(parent_path, here)
        problems.extend(parent_problems)
        own_id, base_id = root.value.get("id"), base.value.get("id")
        if own_id is not None and base_id is not None and own_id.value == base_id.value:
            problems.append(
                f"{own_id.pos}: id: {own_id.value!r} is the id of the theme this one "
                "extends; give this theme its own id"
            )
        merged = _merge(_without(base, "add_suits"), merged)
    else:
        merged = _without(root, "add_suits")
    added = root.value.get("add_suits")
    if added is not None:
        suits = merged.value.get("suits")
        if not isinstance(added.value, list):
            problems.append(
                f"{added.pos}: add_suits: expected a list of suits, found a "
                f"{'mapping' if isinstance(added.value, dict) else 'value'}"
            )
        elif suits is None or isinstance(suits.value, list):
            before = suits.value if suits is not None else []
            new_suits = Located([*before, *added.value], suits.pos if suits else added.pos)
            merged.value["suits"] = new_suits
            merged.keys.setdefault("suits", root.keys["add_suits"])
    return merged, problems


def load_theme(name_or_path: str | Path) -> Theme:
    """Load a theme file, or a bundled theme by name; raise :class:`ThemeError` if it is wrong."""
    path = resolve_theme_path(name_or_path)
    data, values = checked_document(path)
    return build_theme(data, path=path, positions=values)


def checked_document(path: Path) -> tuple[dict[str, Any], dict[Key, SourcePosition]]:
    """The theme file ``path`` merged with what it extends and checked: the plain document
    and where each value was written; raise :class:`ThemeError` if it is wrong."""
    from deckforge.theme.shipped_checks import schema_checked_before
    from deckforge.theme.validation import validate

    document, problems = load_document(path)
    data = plain(document)
    values, keys = index_positions(document)
    files = {Path(position.file) for position in values.values()} | {path}
    problems += validate(data, values, keys, schema=not schema_checked_before(files))
    if problems:  # a quote left open can be the cause of them all: say so first
        runaways = runaway_quotes(shown_path(path), read_theme_text(path))
        raise ThemeError([*(f"{pos}: {text}" for pos, text in runaways), *problems])
    return data, values


def _suit(raw: dict[str, Any], index: int, positions: Mapping[Key, SourcePosition]) -> Suit:
    cards = {}
    for rank_key, card in sorted((raw.get("cards") or {}).items(), key=lambda kv: int(kv[0])):
        rank = int(rank_key)
        image = None
        if card.get("image"):
            where = positions.get(("suits", index, "cards", rank, "image"))
            image = _relative_to(card["image"], where)
        cards[rank] = CardText(
            title=str(card.get("title", "")),
            text=str(card.get("text", "")),
            image=image,
            source=str(card.get("source", "")),
        )
    return Suit(
        id=str(raw["id"]),
        name=str(raw["name"]),
        colour=str(raw["colour"]).lower(),
        symbol=str(raw["symbol"]),
        direction=Direction(raw.get("direction", Suit.direction)),
        copies=tuple(int(c) for c in raw.get("copies", Suit.copies)),
        clue=ClueMode(raw.get("clue", Suit.clue)),
        scoring=SuitScoring(raw.get("scoring", Suit.scoring)),
        cards=cards,
    )


def _relative_to(name: str, where: SourcePosition | None) -> Path:
    """A file named in a theme, relative to the file it was written in, made absolute."""
    target = Path(name)
    if not target.is_absolute() and where is not None:
        target = Path(where.file).parent / target
    return target.resolve()


def _token(raw: dict[str, Any]) -> TokenKind:
    return TokenKind(
        count=int(raw["count"]),
        name=str(raw["name"]),
        plural=str(raw.get("plural", raw["name"])),
        colour=str(raw["colour"]).lower(),
    )


LAST_RESORT_FONTS = {"title": PrintStyle.title_fonts[0], "body": PrintStyle.body_fonts[0]}


def _fonts(fonts: Any, role: str, positions: Mapping[Key, SourcePosition]) -> tuple[str, ...]:
    """The fonts of ``role``: ``print.fonts`` is one list for both roles, or a mapping
    of role to a font or a list; font files resolved against the file naming them."""
    at: Key = ("print", "fonts") if isinstance(fonts, list) else ("print", "fonts", role)
    names = fonts if isinstance(fonts, list) else (fonts or {}).get(role, LAST_RESORT_FONTS[role])
    if not isinstance(names, list):
        return (_font_file(str(names), positions.get(at)),)
    return tuple(
        _font_file(str(name), positions.get((*at, i)) or positions.get(at))
        for i, name in enumerate(names)
    )


def _font_file(name: str, where: SourcePosition | None) -> str:
    if name.lower().endswith((".ttf", ".ttc", ".otf")):
        return str(_relative_to(name, where))
    return name


def _debrief(raw: dict[str, Any], suits: list[dict[str, Any]]) -> DebriefQuestions:
    """The debrief questions; those of a suit the theme does not have (a parent's, for
    a suit its child replaced) are left out."""
    ids = {str(s["id"]) for s in suits}
    return DebriefQuestions(
        questions=tuple(str(q) for q in raw.get("questions", ())),
        by_suit={
            str(key): tuple(str(q) for q in questions)
            for key, questions in (raw.get("suits") or {}).items()
            if str(key) in ids
        },
    )


def build_theme(
    data: dict[str, Any],
    path: Path | None = None,
    positions: Mapping[Key, SourcePosition] | None = None,
) -> Theme:
    """Build the model from a merged, *validated* mapping (see :func:`load_theme`)."""
    positions = positions or {}
    players = data["players"]
    counts = tuple(sorted(int(n) for n in players["counts"]))
    hand = players["hand_size"]
    if isinstance(hand, int):
        hand_sizes = {n: hand for n in counts}
    else:
        written = {int(n): int(s) for n, s in hand.items()}
        hand_sizes = {n: written[n] for n in counts}
    rules = data.get("rules") or {}
    style = data.get("print") or {}
    back = style.get("back")
    fonts = style.get("fonts")
    return Theme(
        id=str(data["id"]),
        title=str(data["title"]),
        language=str(data.get("language", DEFAULT_LANGUAGE)),
        description=str(data.get("description", Theme.description)),
        authors=tuple(str(a) for a in data.get("authors", Theme.authors)),
        licence=str(data.get("licence", Theme.licence)),
        notes=str(data.get("notes", Theme.notes)),
        sources=tuple(str(s) for s in data.get("sources", Theme.sources)),
        suits=tuple(_suit(s, i, positions) for i, s in enumerate(data["suits"])),
        tokens=Tokens(hint=_token(data["tokens"]["hint"]), error=_token(data["tokens"]["error"])),
        players=Players(
            counts=counts,
            hand_sizes=hand_sizes,
            teams=bool(players.get("teams", Players.teams)),
            first=str(players.get("first", Players.first)),
        ),
        rules=Rules(
            discard_at_max_hints=DiscardAtMaxHints(
                rules.get("discard_at_max_hints", Rules.discard_at_max_hints)
            ),
            empty_hints=EmptyHints(rules.get("empty_hints", Rules.empty_hints)),
            strikeout_score=StrikeoutScore(rules.get("strikeout_score", Rules.strikeout_score)),
            completion_bonus=bool(rules.get("completion_bonus", Rules.completion_bonus)),
        ),
        rating=tuple(
            RatingBand(low=int(b["from"]), high=int(b["to"]), label=str(b["label"]))
            for b in data.get("rating", ())
        ),
        debrief=_debrief(data.get("debrief") or {}, data["suits"]),
        print_style=PrintStyle(
            card=str(style.get("card", PrintStyle.card)),
            back=BackDesign(
                title=str(back.get("title", "")),
                colour=str(back.get("colour", "#ffffff")).lower(),
                accent=str(back.get("accent", "#1a202c")).lower(),
                pattern=str(back.get("pattern", BackDesign.pattern)),
                image=_relative_to(back["image"], positions.get(("print", "back", "image")))
                if back.get("image")
                else None,
            )
            if back
            else None,
            title_fonts=_fonts(fonts, "title", positions),
            body_fonts=_fonts(fonts, "body", positions),
        ),
        path=path,
        positions=dict(positions),
    )
