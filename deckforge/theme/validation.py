"""Check a merged theme document: structure (JSON Schema) and meaning (semantic rules).

Every problem is reported, each as ``path:line:col: key.path: message``. The
JSON Schema in ``schema.json`` is the single source of truth for structure
(editors use it too); this module turns its errors into sentences and adds the
checks a schema cannot express (unique ids, deck size, rating coverage, files).
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from deckforge.theme.model import SourcePosition, Suit, SuitScoring
from deckforge.theme.yaml_source import path_key

SCHEMA_PATH = Path(__file__).with_name("schema.json")
_SCHEMA_LINE = re.compile(r"^# yaml-language-server: \$schema=\S+", re.MULTILINE)
IMAGE_SUFFIX = re.compile(r"\.(png|jpe?g)\Z", re.IGNORECASE)  # as in schema.json

Key = tuple[str | int, ...]

_TYPE_NAMES = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping (key: value)",
    "null": "nothing",
}


def schema_reference(directory: Path) -> str:
    """The schema file as seen from ``directory``, for an editor's comment on line 1.

    Relative inside the project (the file stays valid in a clone elsewhere),
    a file: URL outside it.
    """
    folder = directory.resolve()
    project = SCHEMA_PATH.parent.parent.parent
    if folder == project or project in folder.parents:
        return Path(os.path.relpath(SCHEMA_PATH, folder)).as_posix()
    return SCHEMA_PATH.as_uri()


def with_schema_line(text: str, directory: Path) -> str:
    """``text`` with its ``# yaml-language-server: $schema=`` line (if any) pointing at the
    schema from ``directory``, where the file is written."""
    reference = schema_reference(directory)
    return _SCHEMA_LINE.sub(lambda _: f"# yaml-language-server: $schema={reference}", text, count=1)


@cache
def schema() -> dict[str, Any]:
    """The theme JSON Schema (parsed once)."""
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


@cache
def _validator() -> Any:
    # jsonschema is imported here, once, so that importing the loader stays cheap
    from jsonschema.validators import Draft202012Validator, extend  # type: ignore[import-untyped]

    # a whole number is an int: YAML's 4.0 is refused rather than silently truncated
    checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, value: isinstance(value, int) and not isinstance(value, bool)
    )
    return extend(Draft202012Validator, validators={"pattern": _pattern}, type_checker=checker)(
        schema()
    )


def whole_text(pattern: str) -> re.Pattern[str]:
    """A schema pattern as Python reads it, with ``$`` meaning the end of the text.

    In the schema (ECMA-262, as editors read it) ``$`` ends the text; in Python it
    also matches before a final newline, so ``"9\\n"`` would pass ``^[1-9]$``.
    """
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return _compiled(pattern)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _pattern(validator: Any, pattern: str, instance: Any, _schema: Any) -> Iterator[Any]:
    """The ``pattern`` keyword (also used by ``propertyNames``), matched with :func:`whole_text`."""
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

    if validator.is_type(instance, "string") and not whole_text(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def key_text(path: Key) -> str:
    """``("suits", 0, "cards", 1, "text")`` -> ``suits[0].cards.1.text``."""
    text = ""
    for i, part in enumerate(path):
        if isinstance(part, int) and i > 0 and path[i - 1] not in ("cards", "hand_size"):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text


def describe(value: Any) -> str:
    """A value as a sentence fragment: ``the text 'red'``, ``the number 3`` ..."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


class Report:
    """Collects problems, each tied to the position of a key path."""

    def __init__(
        self,
        values: Mapping[Key, SourcePosition],
        keys: Mapping[Key, SourcePosition],
    ) -> None:
        self.values = values
        self.keys = keys
        self.problems: list[tuple[SourcePosition, str]] = []

    def where(self, path: Key, at_key: bool = False) -> SourcePosition:
        if at_key and path in self.keys:
            return self.keys[path]
        while path not in self.values and path:
            path = path[:-1]
        return self.values[path]

    def add(self, path: Key, message: str, at_key: bool = False) -> None:
        shown = key_text(path)
        text = f"{shown}: {message}" if shown else message
        where = self.where(path, at_key)
        main_file = self.values[()].file
        if where.file != main_file:
            text += f" (inherited: set it in {main_file} to change it)"
        self.problems.append((where, text))

    def lines(self) -> list[str]:
        ordered = sorted(
            dict.fromkeys(self.problems), key=lambda p: (p[0].file, p[0].line, p[0].column)
        )
        return [f"{pos}: {message}" for pos, message in ordered]


def _did_you_mean(word: str, choices: list[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


@cache
def _key_homes() -> dict[str, list[str]]:
    """Each key of the format -> where it may be written ("players", "suits[i]", "" for
    the top level), for an unknown key that is known elsewhere."""
    defs = schema()["$defs"]
    homes: dict[str, list[str]] = {}

    def walk(node: Any, path: str, depth: int) -> None:
        if not isinstance(node, dict) or depth > 8:
            return
        if "$ref" in node:
            walk(defs[node["$ref"].rsplit("/", 1)[1]], path, depth + 1)
        for branch in ("oneOf", "anyOf", "allOf"):
            for sub in node.get(branch, []):
                walk(sub, path, depth + 1)
        for name, sub in node.get("properties", {}).items():
            if isinstance(sub, dict) and sub.get("not") == {}:
                continue  # a key the format refuses here on purpose
            if path not in homes.setdefault(name, []):
                homes[name].append(path)
            walk(sub, f"{path}.{name}" if path else name, depth + 1)
        walk(node.get("items"), f"{path}[i]", depth + 1)
        for sub in node.get("patternProperties", {}).values():
            walk(sub, f"{path}.N", depth + 1)

    walk(schema(), "", 0)
    return homes


Message = tuple[Key, str, bool]  # key path, message, point at the key rather than the value


def _schema_messages(error: Any, report: Report) -> Iterator[Message]:
    """(key path, message, point at the key rather than the value) for one schema error."""
    path: Key = tuple(path_key(p) for p in error.absolute_path)
    keyword = error.validator
    sub = error.schema if isinstance(error.schema, dict) else {}
    if "errorMessage" in sub and keyword in ("oneOf", "anyOf", "not"):
        yield path, sub["errorMessage"], keyword == "not"
        return
    phrase = _PHRASES.get(keyword)
    if phrase is None:  # a keyword this module does not phrase yet: jsonschema's own words
        yield path, error.message, False
    else:
        yield from phrase(error, path, sub)


def _unknown_keys(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    known = sorted(k for k, v in sub.get("properties", {}).items() if v.get("not") != {})
    for key in error.instance:
        if key in known:
            continue
        homes = [h for h in _key_homes().get(str(key), []) if h != key_text(path)]
        if homes:
            where = " or ".join(f"{h} ({h}.{key})" if h else "the top level" for h in homes)
            yield (*path, path_key(key)), f"unknown key here: {key} belongs under {where}", True
            continue
        hint = _did_you_mean(key, known)
        choices = f"; known keys: {', '.join(known)}" if not hint else ""
        yield (*path, path_key(key)), f"unknown key{hint}{choices}", True


def _missing_key(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    missing = error.message.split("'")[1] if "'" in error.message else str(error.message)
    yield path, f"missing key {missing!r}", False


def _wrong_type(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    instance = error.instance
    wanted = error.validator_value
    names = [wanted] if isinstance(wanted, str) else list(wanted)
    expected = " or ".join(_TYPE_NAMES.get(n, n) for n in names)
    found = describe(instance)
    if instance is None and str(sub.get("pattern", "")).startswith("^#"):
        found += ' (a bare # starts a YAML comment: write the colour in quotes, e.g. "#e53e3e")'
    elif isinstance(instance, bool) and "string" in names:
        found += " (yes, no, on and off mean true or false in YAML: put text in quotes)"
    elif isinstance(instance, (int, float)) and "string" in names:
        found += f' (write it in quotes: "{instance}")'
    yield path, f"expected {expected}, found {found}", False


def _not_a_choice(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    instance = error.instance
    options = [str(o) for o in error.validator_value]
    hint = _did_you_mean(str(instance), options) if isinstance(instance, str) else ""
    yield path, f"must be one of {', '.join(options)}, not {describe(instance)}{hint}", False


def _no_match(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    instance = error.instance
    advice = sub.get("patternErrorMessage", f"must match {error.validator_value}")
    if path and error.relative_schema_path and "propertyNames" in error.relative_schema_path:
        yield (*path, path_key(instance)), f"{instance!r} is not allowed here: {advice}", True
    else:
        yield path, f"{advice} (found {instance!r})", False


def _bound(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    word = "at least" if error.validator == "minimum" else "at most"
    yield path, f"must be {word} {error.validator_value}, not {error.instance}", False


def _item_count(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    word = "at least" if error.validator == "minItems" else "at most"
    count = error.validator_value
    yield path, f"needs {word} {count} item{'s' if count != 1 else ''}", False


def _length(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    if error.validator == "minLength" and error.validator_value == 1:
        yield path, "must not be empty", False
    else:
        word = "at least" if error.validator == "minLength" else "at most"
        yield path, f"must be {word} {error.validator_value} characters long", False


def _empty_mapping(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    yield path, "must not be empty", False


def _repeated_item(error: Any, path: Key, sub: dict[str, Any]) -> Iterator[Message]:
    yield path, "lists the same value twice", False


# JSON Schema keyword -> how to say its failure to a designer
_PHRASES: dict[str, Callable[[Any, Key, dict[str, Any]], Iterator[Message]]] = {
    "additionalProperties": _unknown_keys,
    "required": _missing_key,
    "type": _wrong_type,
    "enum": _not_a_choice,
    "pattern": _no_match,
    "minimum": _bound,
    "maximum": _bound,
    "minItems": _item_count,
    "maxItems": _item_count,
    "minLength": _length,
    "maxLength": _length,
    "minProperties": _empty_mapping,
    "uniqueItems": _repeated_item,
}


def schema_problems(data: Any, report: Report) -> set[Key]:
    """Add the schema's complaints to ``report``; return the key paths that have one.

    A misspelt key is one mistake, not two: "missing key 'hand_size'" is left
    out when the same mapping has an unknown key that suggests 'hand_size'.
    """
    broken: set[Key] = set()
    found = [
        (path, message + _typographic_quotes(detail.instance), at_key)
        for error in _validator().iter_errors(data)
        for detail in _details(error)
        for path, message, at_key in _schema_messages(detail, report)
    ]
    suggested = {
        (path[:-1], hint.group(1))
        for path, message, _ in found
        if (hint := _SUGGESTION.search(message)) and message.startswith("unknown key")
    }
    for path, message, at_key in found:
        missing = _MISSING.fullmatch(message)
        if missing and (path, missing.group(1)) in suggested:
            continue
        report.add(path, message, at_key)
        broken.add(path)
    return broken


def _typographic_quotes(value: Any) -> str:
    """A hint when a value is wrapped in curly quotes, which YAML keeps as part of the text."""
    if isinstance(value, str) and len(value) >= 2 and value[0] in _CURLY and value[-1] in _CURLY:
        return (
            f" ({value[0]} and {value[-1]} are typographic quotes, part of the text for YAML:"
            ' use straight quotes, "...")'
        )
    return ""


_CURLY = "“”‘’„‚"
_SUGGESTION = re.compile(r"\(did you mean '([^']*)'\?\)")
_MISSING = re.compile(r"missing key '([^']*)'")


def _details(error: Any) -> list[Any]:
    """The errors worth showing for one schema error.

    ``propertyNames`` failures are rebased onto the offending key. For a
    ``oneOf`` whose value has the type of exactly one branch (a mapping given
    for ``hand_size``), that branch's own errors are more precise than the
    summary.
    """
    if error.validator == "propertyNames":
        mapping_path = tuple(path_key(p) for p in error.absolute_path)
        return [_PropertyNameError(sub, mapping_path) for sub in error.context]
    if error.validator == "oneOf" and error.context:
        by_branch: dict[int, list[Any]] = {}
        for sub in error.context:
            by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
        fitting = [
            subs
            for subs in by_branch.values()
            if not any(s.validator == "type" and not s.relative_path for s in subs)
        ]
        if len(fitting) == 1:
            return [d for sub in fitting[0] for d in _details(sub)]
    return [error]


class _PropertyNameError:
    """A ``propertyNames`` sub-error, rebased onto the mapping that holds the key."""

    def __init__(self, error: Any, mapping_path: Key) -> None:
        self.validator = error.validator
        self.validator_value = error.validator_value
        self.schema = error.schema
        self.instance = error.instance
        self.message = error.message
        self.absolute_path = mapping_path
        self.relative_schema_path = ["propertyNames", *error.relative_schema_path]


def _is_broken(broken: set[Key], prefix: Key) -> bool:
    return any(path[: len(prefix)] == prefix for path in broken)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _suit_copies(suit: Any) -> list[int] | None:
    """The copies of a suit when they are usable (a list of positive whole numbers)."""
    if not isinstance(suit, dict):
        return None
    copies = suit.get("copies", list(Suit.copies))
    if isinstance(copies, list) and copies and all(_is_count(c) for c in copies):
        return copies
    return None


def _is_rank_key(key: str) -> bool:
    return key.isascii() and key.isdigit() and not key.startswith("0")


def semantic_problems(data: dict[str, Any], report: Report, broken: set[Key]) -> None:
    """Rules a schema cannot say.

    Each check looks only at the values it can read, so that a problem the
    schema already reported does not cascade into more messages.
    """
    raw_suits = data.get("suits")
    suits: list[dict[str, Any]] = (
        [s if isinstance(s, dict) else {} for s in raw_suits] if isinstance(raw_suits, list) else []
    )
    if suits:
        _check_unique(suits, "id", report)
        _check_unique(suits, "name", report)
        _check_unique(suits, "symbol", report)
        _check_ranks(suits, report)
    players = data.get("players")
    if not isinstance(players, dict):
        players = {}
    sizes = _hand_sizes(players)
    if sizes is not None:
        _check_hand_sizes(players, sizes, report)
    deck_ok = bool(suits) and all(_suit_copies(s) is not None for s in suits)
    if deck_ok and sizes is not None and not _is_broken(broken, ("players",)):
        _check_deck_size(suits, players, sizes, report)
    scoring_ok = all(s.get("scoring", Suit.scoring) in tuple(SuitScoring) for s in suits)
    rating = data.get("rating")
    if (
        deck_ok
        and scoring_ok
        and isinstance(rating, list)
        and rating
        and not _is_broken(broken, ("rating",))
    ):
        _check_rating(rating, suits, report)
    _check_debrief(data.get("debrief"), suits, report, broken)


def _check_debrief(
    debrief: Any, suits: list[dict[str, Any]], report: Report, broken: set[Key]
) -> None:
    """Questions are filed under suits that exist. A parent's questions for a suit its
    child no longer has are left out of the model, not reported: the child cannot
    remove keys from a merged mapping."""
    by_suit = debrief.get("suits") if isinstance(debrief, dict) else None
    if not isinstance(by_suit, dict) or not suits:
        return
    ids = [s["id"] for s in suits if isinstance(s.get("id"), str)]
    main_file = report.values[()].file
    for key in by_suit:
        path: Key = ("debrief", "suits", key)
        if key in ids or _is_broken(broken, path) or report.where(path, True).file != main_file:
            continue
        report.add(
            path,
            f"no suit has the id {key!r}{_did_you_mean(key, ids)}; questions go under a "
            f"suit's id ({', '.join(ids)})",
            at_key=True,
        )


def _check_unique(suits: list[dict[str, Any]], field: str, report: Report) -> None:
    """No two suits share ``field``; names compare regardless of case and spacing."""
    first_use: dict[str, int] = {}
    for i, suit in enumerate(suits):
        value = suit.get(field)
        if not isinstance(value, str):
            continue
        same = value if field in ("id", "symbol") else " ".join(value.casefold().split())
        if same in first_use:
            j = first_use[same]
            report.add(
                ("suits", i, field),
                f"{value!r} is already the {field} of suits[{j}]; each suit needs its own",
            )
        else:
            first_use[same] = i


def _copies_text(copies: list[Any], written: bool) -> str:
    """ "[3, 2, 2, 2, 1]" as written, or "the default [3, 2, 2, 2, 1]"."""
    listed = f"[{', '.join(str(c) for c in copies)}]"
    return listed if written else f"the default {listed}"


def _check_ranks(suits: list[dict[str, Any]], report: Report) -> None:
    """Same number of ranks in every suit; card texts only for ranks that exist; images."""
    ranks = {i: len(c) for i, s in enumerate(suits) if (c := _suit_copies(s)) is not None}
    # the odd suit out is the one to fix: compare with the count most suits have
    usual = Counter(ranks.values()).most_common(1)[0][0] if ranks else 0
    reference = (min((i for i, n in ranks.items() if n == usual), default=0), usual)
    for i, suit in enumerate(suits):
        copies = _suit_copies(suit)
        if copies is None:
            continue
        if len(copies) != reference[1]:
            report.add(
                ("suits", i, "copies") if "copies" in suit else ("suits", i),
                f"{len(copies)} ranks, but suits[{reference[0]}] has {reference[1]}: "
                "every suit needs the same number of ranks",
            )
        cards = suit.get("cards")
        if not isinstance(cards, dict):
            continue
        for key, card in cards.items():
            if not _is_rank_key(key):
                continue
            rank = int(key)
            if rank > len(copies):
                report.add(
                    ("suits", i, "cards", rank),
                    f"there is no rank {rank}: this suit has ranks 1 to {len(copies)}, one "
                    f"per number in its copies ({_copies_text(copies, 'copies' in suit)}); "
                    f"for a rank {rank}, give every suit's copies {rank} numbers",
                    at_key=True,
                )
            image = card.get("image") if isinstance(card, dict) else None
            if isinstance(image, str) and IMAGE_SUFFIX.search(image):
                path: Key = ("suits", i, "cards", rank, "image")
                _check_file(report, path, card["image"], "image")


def _check_file(report: Report, path: Key, name: str, what: str) -> None:
    """A file named in a theme exists, relative to the file that names it."""
    written_in = Path(report.where(path).file)
    target = Path(name)
    if not target.is_absolute():
        target = written_in.parent / target
    try:
        found = target.is_file()
    except OSError as error:  # e.g. a part of the name over 255 bytes
        report.add(path, f"{what} file {name!r} cannot be opened ({error.strerror or error})")
        return
    if not found and target.exists():  # a folder, a pipe, a device
        report.add(path, f"{what} file {name!r} is not a regular file ({target})")
    elif not found:
        report.add(path, f"{what} file {name!r} not found (looked for {target})")


def check_fonts(data: dict[str, Any], report: Report) -> None:
    style = data.get("print")
    fonts = style.get("fonts") if isinstance(style, dict) else None
    if isinstance(fonts, list):
        named: list[tuple[Key, Any]] = [(("print", "fonts", i), n) for i, n in enumerate(fonts)]
    elif isinstance(fonts, dict):
        named = []
        for role in ("title", "body"):
            value = fonts.get(role)
            if isinstance(value, list):
                named += [(("print", "fonts", role, i), n) for i, n in enumerate(value)]
            else:
                named.append((("print", "fonts", role), value))
    else:
        return
    for path, name in named:
        if isinstance(name, str) and name.lower().endswith((".ttf", ".ttc", ".otf")):
            _check_file(report, path, name, "font")


def _hand_sizes(players: dict[str, Any]) -> dict[int, Any] | None:
    """Player count -> hand size as written, or None when it cannot be read."""
    counts = players.get("counts")
    hand = players.get("hand_size")
    if not isinstance(counts, list) or not all(isinstance(n, int) for n in counts):
        return None
    if isinstance(hand, int) and not isinstance(hand, bool):
        return {n: hand for n in counts}
    if isinstance(hand, dict):
        return {int(k): v for k, v in hand.items() if _is_rank_key(k)}
    return None


def _check_hand_sizes(players: dict[str, Any], sizes: dict[int, Any], report: Report) -> None:
    missing = sorted({n for n in players["counts"] if 2 <= n <= 10 and n not in sizes})
    if missing:
        shown = ", ".join(str(n) for n in missing)
        report.add(
            ("players", "hand_size"),
            f"no hand size for {shown} players, which players.counts allows",
        )


def _check_deck_size(
    suits: list[dict[str, Any]],
    players: dict[str, Any],
    sizes: dict[int, Any],
    report: Report,
) -> None:
    deck = sum(sum(_suit_copies(s) or ()) for s in suits)
    for n in sorted(set(players["counts"])):
        size = sizes.get(n)
        if _is_count(size) and n * size >= deck:
            path: Key = ("players", "hand_size")
            if isinstance(players["hand_size"], dict):
                path = (*path, n)
            report.add(
                path,
                f"{n} players with {size} cards each need {n * size} cards plus one left "
                f"to draw, but the deck has {deck}",
            )


def score_range(suits: list[dict[str, Any]]) -> tuple[int, int]:
    """(lowest, highest) score the suits allow, by the model's rule (SuitScoring)."""
    low = high = 0
    for suit in suits:
        scoring = SuitScoring(suit.get("scoring", Suit.scoring))
        suit_low, suit_high = scoring.score_range(len(_suit_copies(suit) or ()))
        low += suit_low
        high += suit_high
    return low, high


def _check_rating(bands: list[dict[str, Any]], suits: list[dict[str, Any]], report: Report) -> None:
    low, high = score_range(suits)
    floor = min(low, 0)
    first = bands[0]["from"]
    if first > 0 or first < low == 0:
        report.add(
            ("rating", 0, "from"),
            f"the first band must start at 0, not {first} (scores below it take its label)",
        )
    elif first < floor:
        report.add(
            ("rating", 0, "from"),
            f"the first band starts at {first}, below the lowest possible score {floor}",
        )
    for i, band in enumerate(bands):
        if band["from"] > band["to"]:
            report.add(("rating", i), f"from {band['from']} is above to {band['to']}")
        if i == 0:
            continue
        previous = bands[i - 1]["to"]
        if band["from"] > previous + 1:
            missing = (
                f"score {previous + 1} has"
                if band["from"] == previous + 2
                else f"scores {previous + 1} to {band['from'] - 1} have"
            )
            report.add(("rating", i, "from"), f"gap: {missing} no band")
        elif band["from"] <= previous:
            report.add(
                ("rating", i, "from"),
                f"overlap: starts at {band['from']} but the band before ends at {previous}",
            )
    last = bands[-1]["to"]
    if last != high:
        report.add(
            ("rating", len(bands) - 1, "to"),
            f"the last band must end at the maximum score {high}, not {last}",
        )


def validate(
    data: Any,
    values: Mapping[Key, SourcePosition],
    keys: Mapping[Key, SourcePosition],
    schema: bool = True,
) -> list[str]:
    """Every problem of a merged theme document, as ``path:line:col: message`` lines;
    ``schema=False`` leaves out the JSON Schema's check (a bundled theme checked before
    it shipped: :mod:`deckforge.theme.shipped_checks`)."""
    report = Report(values, keys)
    broken = schema_problems(data, report) if schema else set()
    if isinstance(data, dict):
        semantic_problems(data, report, broken)
        check_fonts(data, report)
    return report.lines()
