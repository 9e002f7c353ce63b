"""Read one YAML file into plain values that remember where they were written.

The reader is built on the YAML *event* stream (libyaml when available) rather
than on PyYAML's constructors, so that it can:

- record the line and column of every value and every key;
- accept plain data only (text, numbers, true/false, lists, mappings): any
  other tag, such as ``!!python/object``, is refused;
- refuse duplicate keys;
- bound the work done: a size cap on the file, a depth cap, and a cap on the
  number of values once aliases are expanded (a "billion laughs" file fails in
  milliseconds instead of exhausting memory).

No recursion is used while parsing, so deeply nested input cannot overflow the
stack either.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from deckforge.theme.model import SourcePosition

if TYPE_CHECKING:
    import yaml

MAX_FILE_BYTES = 1024 * 1024  # a theme with long texts is a few tens of KiB
MAX_VALUES = 20_000  # values after alias expansion; a rich theme holds about 2 000
MAX_DEPTH = 64  # nested lists and mappings


@cache
def _pyyaml() -> Any:
    """PyYAML (``.module``), its fastest safe loader, a resolver, a constructor and its
    scalar node class: imported on the first file read, not with this module (8 ms of a
    referee's start, whose first page reads no YAML)."""
    import yaml
    from yaml.constructor import SafeConstructor
    from yaml.nodes import ScalarNode
    from yaml.resolver import Resolver

    return SimpleNamespace(
        module=yaml,
        loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader),
        resolver=Resolver(),
        constructor=SafeConstructor(),
        scalar_node=ScalarNode,
    )


_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_MERGE, _TIMESTAMP, _VALUE = _TAG + "merge", _TAG + "timestamp", _TAG + "value"
_MAP, _SEQ = _TAG + "map", _TAG + "seq"


class YamlProblems(Exception):
    """The file is not acceptable YAML for a theme; ``problems`` are ``path:line:col: message``."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class Located:
    """A value read from a file, with where it was written.

    ``value`` is a ``dict[str, Located]`` (a mapping), a ``list[Located]`` or a
    scalar (str, int, float, bool or None). Mapping keys are kept as the text
    written in the file (``1:`` gives the key ``"1"``); ``keys`` holds where
    each key was written. ``size`` counts the values inside, aliases expanded.
    """

    __slots__ = ("keys", "pos", "size", "value")

    def __init__(
        self,
        value: Any,
        pos: SourcePosition,
        keys: dict[str, SourcePosition] | None = None,
        size: int = 1,
    ) -> None:
        self.value = value
        self.pos = pos
        self.keys = keys if keys is not None else {}
        self.size = size

    def __repr__(self) -> str:
        return f"Located({self.value!r}, {self.pos})"


def plain(node: Located) -> Any:
    """The value without positions: dicts, lists and scalars."""
    value = node.value
    if isinstance(value, dict):
        return {key: plain(child) for key, child in value.items()}
    if isinstance(value, list):
        return [plain(child) for child in value]
    return value


def path_key(key: str | int) -> str | int:
    """A key as it appears in a key path: decimal keys (ranks, player counts) become ints."""
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 10:
        return int(key)
    return key


Positions = dict[tuple[str | int, ...], SourcePosition]


def index_positions(node: Located) -> tuple[Positions, Positions]:
    """Where each value and each key was written, by key path (see :func:`path_key`)."""
    values: Positions = {}
    keys: Positions = {}

    def walk(item: Located, path: tuple[str | int, ...]) -> None:
        values[path] = item.pos
        if isinstance(item.value, dict):
            for key, child in item.value.items():
                child_path = (*path, path_key(key))
                keys[child_path] = item.keys[key]
                walk(child, child_path)
        elif isinstance(item.value, list):
            for i, child in enumerate(item.value):
                walk(child, (*path, i))

    walk(node, ())
    return values, keys


def _position(file: str, mark: Any) -> SourcePosition:
    return SourcePosition(file, mark.line + 1, mark.column + 1)


# an unquoted value that holds a colon and a space: "text: Note: ..." or "{text: a: b}"
_COLON_IN_TEXT = re.compile(
    r"""(?:^|[{,])\s*(?:-\s+)?[^\s:#'"{\[,][^:#]*:\s+[^\s'"{\[|>#][^,}#]*?:(?:\s|$)"""
)
# an apostrophe inside single quotes: "first: 'The team's turn'"
_APOSTROPHE = re.compile(r":\s+'[^']*'\w")
_INDENTATION = (
    "did not find expected '-' indicator",
    "did not find expected key",
    "expected <block end>",
)


def _syntax_hint(problem: str, lines: list[str], where: SourcePosition) -> str:
    """A plain-words guess at the usual cause of a YAML syntax error, or ''."""
    line = lines[where.line - 1] if 0 < where.line <= len(lines) else ""
    before = lines[where.line - 2] if 1 < where.line <= len(lines) + 1 else ""
    nearby = [before, line]
    if "\t" in line[: len(line) - len(line.lstrip())] or "tab character" in problem:
        return "; this line is indented with a tab: indent with spaces only"
    if any(re.search(r"[:\-]\s+#", text) for text in nearby):
        return '; a # after a space starts a comment: write colours in quotes, "#e53e3e"'
    if any(_APOSTROPHE.search(text) for text in nearby):
        return (
            "; an apostrophe ends a text written in '...': put the text in double quotes "
            "or write the apostrophe twice ('')"
        )
    if any(re.search(r"(?:^|[:,{\[-])\s*[“‘„‚]", text) for text in nearby):
        return (
            "; “ ” and ‘ ’ are typographic quotes, part of the text for YAML: "
            'quote texts with straight quotes, "..."'
        )
    if before.replace('\\"', "").count('"') % 2 == 1 and not before.lstrip().startswith("#"):
        return f'; line {where.line - 1} opens a quote " that it does not close'
    if any(_COLON_IN_TEXT.search(text) for text in nearby):
        return "; a colon followed by a space inside a text: put the whole text in double quotes"
    deeper = len(line) - len(line.lstrip(" ")) > len(before) - len(before.lstrip(" "))
    if "mapping values are not allowed" in problem and before.strip() and deeper:
        return "; this line is indented more than the line above: line up keys of one mapping"
    if problem.startswith(_INDENTATION):
        return "; check the indentation: the keys of one mapping, and the - of one list, line up"
    return ""


def _describe_yaml_error(file: str, text: str, error: yaml.YAMLError) -> str:
    pyyaml = _pyyaml().module
    if isinstance(error, pyyaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        where = _position(file, mark) if mark is not None else SourcePosition(file, 1, 1)
        problem = error.problem or "invalid YAML"
        started = error.context_mark
        if (
            problem == "found unexpected end of stream"
            and started is not None
            and ("quoted scalar" in (error.context or ""))
        ):  # point at the opening quote, where the mistake is, not at the end of the file
            opened = _position(file, started)
            lines = text.splitlines()
            opening = lines[started.line] if started.line < len(lines) else ""
            quote = "'" if opening[started.column : started.column + 1] == "'" else '"'
            return (
                f"{opened}: YAML syntax: this text never ends: its closing quote {quote} "
                f"is missing (the file ended at line {where.line} still inside it)"
            )
        if (
            problem == "could not find expected ':'"
            and started is not None
            and "simple key" in (error.context or "")
        ):  # PyYAML notices it on the next line; the key without its colon is here
            return (
                f"{_position(file, started)}: YAML syntax: this line has no ':' after its key "
                "(write key: value)"
            )
        context = ""
        if error.context:
            if started is not None and started.line + 1 != where.line:
                context = f" ({error.context} started at line {started.line + 1})"
            else:
                context = f" ({error.context})"
        context += _syntax_hint(problem, text.splitlines(), where)
        return f"{where}: YAML syntax: {problem}{context}"
    if isinstance(error, pyyaml.reader.ReaderError):
        offset = min(error.position, len(text))
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        char = error.character
        code = char if isinstance(char, int) else ord(char[:1] or "\0")
        return f"{file}:{line}:{column}: {error.reason} (U+{code:04X})"
    return f"{file}:1:1: YAML: {error}"


class _Frame:
    """A list or mapping being read."""

    __slots__ = ("anchor", "key", "key_pos", "merges", "merging", "node")

    def __init__(self, node: Located, anchor: str | None) -> None:
        self.node = node
        self.anchor = anchor
        self.key: str | None = None  # mapping: the key waiting for its value
        self.key_pos: SourcePosition | None = None
        self.merges: list[Located] = []  # mapping: sources of "<<" merge keys
        self.merging = False  # the pending key is a "<<" merge key


class _Reader:
    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self.problems: list[str] = []
        self.anchors: dict[str, Located] = {}
        self.stack: list[_Frame] = []
        self.values = 0
        self.root: Located | None = None
        self.documents = 0
        self.lib = _pyyaml()

    def fail(self, pos: SourcePosition, message: str) -> None:
        self.problems.append(f"{pos}: {message}")

    def stop(self, pos: SourcePosition, message: str) -> YamlProblems:
        return YamlProblems([*self.problems, f"{pos}: {message}"])

    def count(self, amount: int, pos: SourcePosition) -> None:
        self.values += amount
        if self.values > MAX_VALUES:
            raise self.stop(
                pos,
                f"the file holds more than {MAX_VALUES} values once aliases are expanded: "
                "refusing to read it",
            )

    def read(self) -> Located:
        try:
            for event in self.lib.module.parse(self.text, Loader=self.lib.loader):
                self.on_event(event)
        except self.lib.module.YAMLError as error:
            # a quote left open is often the cause: named first
            runaways = [f"{pos}: {text}" for pos, text in runaway_quotes(self.file, self.text)]
            raise YamlProblems(
                [*self.problems, *runaways, _describe_yaml_error(self.file, self.text, error)]
            ) from None
        if self.problems:
            raise YamlProblems(self.problems)
        if self.root is None:
            raise YamlProblems([f"{self.file}:1:1: the file is empty: a theme needs id: and more"])
        return self.root

    def on_event(self, event: Any) -> None:
        pos = _position(self.file, event.start_mark)
        yaml = self.lib.module
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.stop(pos, "a theme file holds one YAML document, found a second one")
        elif isinstance(event, yaml.ScalarEvent):
            self.on_scalar(event, pos)
        elif isinstance(event, yaml.AliasEvent):
            target = self.anchors.get(event.anchor or "")
            if target is None:
                raise self.stop(pos, f"the alias *{event.anchor} names no anchor written before it")
            self.count(target.size, pos)
            self.add(target, pos, is_alias=True)
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            mapping = isinstance(event, yaml.MappingStartEvent)
            if event.tag not in (None, "!", _MAP if mapping else _SEQ):
                self.fail(pos, self.tag_message(event.tag))
            if len(self.stack) >= MAX_DEPTH:
                raise self.stop(pos, f"lists and mappings are nested more than {MAX_DEPTH} deep")
            self.count(1, pos)
            self.stack.append(_Frame(Located({} if mapping else [], pos), event.anchor))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = self.stack.pop()
            node = frame.node
            if frame.merges:
                self.apply_merges(frame)
            node.size = 1 + sum(
                child.size
                for child in (node.value.values() if isinstance(node.value, dict) else node.value)
            )
            if frame.anchor is not None:
                self.anchors[frame.anchor] = node
            self.add(node, node.pos)

    def on_scalar(self, event: Any, pos: SourcePosition) -> None:
        self.count(1, pos)
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.lib.resolver.resolve(self.lib.scalar_node, event.value, event.implicit)
        frame = self.stack[-1] if self.stack else None
        if frame is not None and isinstance(frame.node.value, dict) and frame.key is None:
            # a mapping key: kept as written; "<<" merges another mapping in
            if tag == _MERGE:
                frame.key, frame.key_pos, frame.merging = "<<", pos, True
                return
            frame.key, frame.key_pos = event.value, pos
            if tag not in (_STR, _INT, _FLOAT, _BOOL, _NULL, _TIMESTAMP, _VALUE):
                self.fail(pos, self.tag_message(tag))
            return
        node = Located(self.scalar(tag, event.value, pos), pos)
        if event.anchor is not None:
            self.anchors[event.anchor] = node
        self.add(node, pos)

    def scalar(self, tag: str, value: str, pos: SourcePosition) -> Any:
        node = self.lib.scalar_node(tag, value)
        constructor = self.lib.constructor
        try:
            if tag == _INT:
                return constructor.construct_yaml_int(node)
            if tag == _FLOAT:
                return constructor.construct_yaml_float(node)
            if tag == _BOOL:
                return constructor.construct_yaml_bool(node)
        except (ValueError, KeyError):
            self.fail(pos, f"{value!r} is not a valid {tag.removeprefix(_TAG)}")
            return value
        if tag == _NULL:
            return None
        if tag in (_STR, _TIMESTAMP, _VALUE, _MERGE):
            return value  # dates stay text: a theme has no use for date objects
        self.fail(pos, self.tag_message(tag))
        return None

    def tag_message(self, tag: str) -> str:
        shown = "!!" + tag.removeprefix(_TAG) if tag.startswith(_TAG) else tag
        return (
            f"the tag {shown} is not allowed: a theme holds only text, numbers, "
            "true/false, lists and mappings"
        )

    def add(self, node: Located, pos: SourcePosition, is_alias: bool = False) -> None:
        if not self.stack:
            self.root = node
            return
        frame = self.stack[-1]
        parent = frame.node
        if isinstance(parent.value, list):
            parent.value.append(node)
            return
        if frame.key is None:  # a list or mapping used as a key
            self.fail(pos, "a key must be a plain word or number, not a list or mapping")
            frame.key, frame.key_pos = "", pos
            return
        key, key_pos = frame.key, frame.key_pos
        assert key_pos is not None
        frame.key = None
        if frame.merging:
            frame.merging = False
            frame.merges.append(node)
            return
        if key in parent.value:
            first = parent.keys[key]
            self.fail(key_pos, f"duplicate key {key!r} (first written at line {first.line})")
            return
        parent.value[key] = node
        parent.keys[key] = key_pos

    def apply_merges(self, frame: _Frame) -> None:
        """YAML merge keys: entries written in the mapping win, then earlier sources."""
        mapping = frame.node
        sources: list[Located] = []
        for source in frame.merges:
            if isinstance(source.value, list):
                sources.extend(source.value)
            else:
                sources.append(source)
        for source in sources:
            if not isinstance(source.value, dict):
                self.fail(source.pos, "a merge key (<<) needs a mapping or a list of mappings")
                continue
            for key, child in source.value.items():
                if key not in mapping.value:
                    mapping.value[key] = child
                    mapping.keys[key] = source.keys[key]


_KEY_LINE = re.compile(r"\s*(?:-\s+)?([A-Za-z_][\w-]*):(?:\s|$)")


def runaway_quotes(
    file: str, text: str, keys: Collection[str] | None = None
) -> list[tuple[SourcePosition, str]]:
    """Quoted texts that run over several lines and take in what looks like a key.

    A closing quote left out on one line makes the text run on to the next
    quote, possibly lines later, and the keys in between silently become part
    of the text. The file still reads as YAML, so only the keys it "loses" are
    reported; these name the cause. With ``keys``, only lines that start with
    one of them count (fewer false alarms in a file that loads). Returns
    (where the quote opens, message).
    """
    found = []
    lines = text.splitlines()
    lib = _pyyaml()
    yaml = lib.module
    try:
        for token in yaml.scan(text, Loader=lib.loader):
            start, end = token.start_mark, token.end_mark
            if not (isinstance(token, yaml.ScalarToken) and token.style in ('"', "'")):
                continue
            for number in range(start.line + 1, min(end.line + 1, len(lines))):
                key = _KEY_LINE.match(lines[number])
                if key and (keys is None or key.group(1) in keys):
                    found.append(
                        (
                            _position(file, start),
                            f"this quoted text runs on to line {end.line + 1} and takes in "
                            f"line {number + 1} ({key.group(1)}:): is its closing quote "
                            f"{token.style} missing?",
                        )
                    )
                    break
    except yaml.YAMLError:
        pass
    return found


def read_yaml(file: str, text: str) -> Located:
    """Parse ``text`` (the content of ``file``) or raise :class:`YamlProblems`."""
    return _Reader(file, text).read()
