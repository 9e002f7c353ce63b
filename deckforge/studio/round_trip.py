"""Change values in a theme's YAML text and keep everything else: comments, order, quoting.

The studio's form sends edits as (key path, value) against the *merged* theme
(what the form shows, a parent's values included); :func:`apply_edits` writes
each into the file's own text with ruamel.yaml's round-trip mode. A key path
into a list the file does not write (a parent's suits, say) first copies that
list in, since lists replace their parent's; ``add_suits`` entries are
addressed where the merged deck shows them, after the parent's suits.

The text must already have passed :func:`deckforge.theme.yaml_source.read_yaml`
(size, nesting and alias limits): ruamel never sees a text the theme loader
would refuse.
"""

from __future__ import annotations

import io
import json
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
    SingleQuotedScalarString,
)

PathKey = tuple[str | int, ...]
# indentation styles tried in turn: the first that writes the text back unchanged is kept
_STYLES = ((2, 4, 2), (2, 2, 0), (4, 6, 4), (4, 4, 0), (4, 4, 2))
_FOLD_WIDTH = 78
_MAX_EDITS = 200


class EditError(ValueError):
    """An edit that cannot be written (a path through a text, a wrong type...)."""


@dataclass(frozen=True)
class Edit:
    """Set ``path`` to ``value``, or remove the key when ``remove``."""

    path: PathKey
    value: Any = None
    remove: bool = False


def _yaml(style: tuple[int, int, int]) -> YAML:
    yaml = YAML(typ="rt", pure=True)
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a line the author wrote
    yaml.indent(mapping=style[0], sequence=style[1], offset=style[2])
    return yaml


def _dump(yaml: YAML, data: Any) -> str:
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _load(text: str) -> tuple[YAML, Any]:
    """The document, and a writer set to the indentation the text uses."""
    reader = _yaml(_STYLES[0])
    try:
        data = reader.load(text)
    except YAMLError as error:
        raise EditError(f"the YAML cannot be read: {error}") from None
    for style in _STYLES:
        writer = _yaml(style)
        if _dump(writer, data) == text:
            return writer, data
    return reader, data


def _key_in(mapping: CommentedMap, key: str | int) -> str | int | None:
    """The key as the mapping holds it: ``1:`` is read as the number 1, paths may say "1"."""
    if key in mapping:
        return key
    if isinstance(key, str) and key.isdigit() and int(key) in mapping:
        return int(key)
    if isinstance(key, int) and str(key) in mapping:
        return str(key)
    return None


def _new_key(key: str | int) -> str | int:
    """A key to write: ranks and player counts as numbers (``1:``), not texts (``'1':``)."""
    return int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else key


def _styled(old: Any, new: Any, indent: int) -> Any:
    """``new`` written the way ``old`` was: quotes, folded (>) or literal (|) blocks."""
    if isinstance(new, list) and isinstance(old, CommentedSeq):
        # changed in place: [4, 5] stays on its line, comments stay with their items
        for index, item in enumerate(new):
            if index < len(old):
                old[index] = _styled(old[index], item, indent)
            else:
                old.append(_plain_copy(item))
        del old[len(new) :]
        return old
    if not isinstance(new, str):
        return new
    if isinstance(old, FoldedScalarString):
        folded = FoldedScalarString(new)
        if "\n" not in new:
            lines = textwrap.wrap(new, max(_FOLD_WIDTH - indent, 30), break_long_words=False)
            positions, at = [], 0
            for line in lines[:-1]:
                at += len(line)
                positions.append(at)  # the space after this line becomes a fold
                at += 1
            folded.fold_pos = positions
        return folded
    if isinstance(old, LiteralScalarString):
        return LiteralScalarString(new)
    if isinstance(old, DoubleQuotedScalarString):
        return DoubleQuotedScalarString(new)
    if isinstance(old, SingleQuotedScalarString):
        return SingleQuotedScalarString(new)
    return new


def _plain_copy(value: Any) -> Any:
    """A merged value copied into the file: plain mappings and lists, keys as written."""
    if isinstance(value, dict):
        mapping = CommentedMap()
        for key, child in value.items():
            mapping[_new_key(key)] = _plain_copy(child)
        return mapping
    if isinstance(value, list):
        return CommentedSeq(_plain_copy(child) for child in value)
    return value


def _merged_at(merged: Any, path: Sequence[str | int]) -> Any:
    node = merged
    for key in path:
        if isinstance(node, dict):
            node = node.get(str(key), node.get(key))  # type: ignore[call-overload]
        elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            node = node[key]
        else:
            return None
    return node


def _own_path(root: CommentedMap, path: PathKey, merged: Any) -> PathKey:
    """Where a merged key path is written in this file (``add_suits`` entries, see above)."""
    if len(path) >= 2 and path[0] == "suits" and isinstance(path[1], int):
        added = root.get("add_suits")
        merged_suits = _merged_at(merged, ("suits",))
        if isinstance(added, list) and isinstance(merged_suits, list):
            inherited = len(merged_suits) - len(added)
            if path[1] >= inherited:
                return ("add_suits", path[1] - inherited, *path[2:])
            if "suits" not in root:  # the parent's suits, copied in before add_suits
                where = list(root).index("add_suits")
                root.insert(where, "suits", _plain_copy(merged_suits[:inherited]))
    return path


def _apply(root: CommentedMap, edit: Edit, merged: Any) -> None:
    path = _own_path(root, edit.path, merged)
    if not path:
        raise EditError("an edit needs a key")
    node: Any = root
    for depth, key in enumerate(path[:-1]):
        following = path[depth + 1]
        if isinstance(node, CommentedMap):
            held = _key_in(node, key)
            if held is None:
                if edit.remove:
                    return  # nothing written there: nothing to remove
                inherited = _merged_at(merged, path[: depth + 1])
                if isinstance(inherited, list):  # lists replace the parent's: copy it in
                    node[_new_key(key)] = _plain_copy(inherited)
                else:
                    node[_new_key(key)] = CommentedMap()
                held = _new_key(key)
            elif node[held] is None:
                node[held] = CommentedSeq() if isinstance(following, int) else CommentedMap()
            node = node[held]
        elif isinstance(node, CommentedSeq) and isinstance(key, int) and 0 <= key < len(node):
            node = node[key]
        else:
            raise EditError(f"{_shown(path)}: there is no {_shown(path[: depth + 1])} to change")
    last = path[-1]
    indent = 2 * len(path)
    if isinstance(node, CommentedMap):
        held = _key_in(node, last)
        if edit.remove:
            if held is not None:
                del node[held]
            return
        if held is None:
            node[_new_key(last)] = _styled(None, edit.value, indent)
        else:
            node[held] = _styled(node[held], edit.value, indent)
    elif isinstance(node, CommentedSeq) and isinstance(last, int) and 0 <= last <= len(node):
        if edit.remove:
            if last < len(node):
                del node[last]
        elif last == len(node):
            node.append(_plain_copy(edit.value))
        else:
            node[last] = _styled(node[last], edit.value, indent)
    else:
        raise EditError(f"{_shown(path)}: cannot be written here")


def _shown(path: Sequence[str | int]) -> str:
    return ".".join(str(key) for key in path)


_EVENTS: Any = getattr(pyyaml, "CSafeLoader", pyyaml.SafeLoader)


def _scalar_spans(text: str, paths: set[tuple[str, ...]]) -> dict[tuple[str, ...], Any]:
    """Where the scalar values at ``paths`` (keys as text) are written: their events,
    and whether each stands inside a flow collection (``{...}`` or ``[...]``)."""
    found: dict[tuple[str, ...], Any] = {}
    # each frame: [path, is_mapping, pending key (mapping) or next index (list), is_flow]
    stack: list[list[Any]] = []

    def place() -> tuple[str, ...] | None:
        """The path of the value that starts now, or None for a mapping key."""
        if not stack:
            return ()
        frame = stack[-1]
        if frame[1]:
            return None if frame[2] is None else (*frame[0], frame[2])
        index = frame[2]
        frame[2] += 1
        return (*frame[0], str(index))

    def done() -> None:
        if stack and stack[-1][1]:
            stack[-1][2] = None

    for event in pyyaml.parse(text, Loader=_EVENTS):
        if isinstance(event, pyyaml.ScalarEvent):
            where = place()
            if where is None:
                stack[-1][2] = event.value
                continue
            if where in paths:
                found[where] = (event, any(frame[3] for frame in stack))
            done()
        elif isinstance(event, pyyaml.AliasEvent):
            if place() is None:
                stack[-1][2] = ""  # an alias as a key: nothing the studio edits
                continue
            done()
        elif isinstance(event, (pyyaml.MappingStartEvent, pyyaml.SequenceStartEvent)):
            where = place()
            if where is None:  # a list or mapping as a key
                return {}
            mapping = isinstance(event, pyyaml.MappingStartEvent)
            stack.append([where, mapping, None, bool(event.flow_style)])
            if not stack[-1][1]:
                stack[-1][2] = 0
        elif isinstance(event, (pyyaml.MappingEndEvent, pyyaml.SequenceEndEvent)):
            stack.pop()
            done()
    return found


def _reads_back(written: str, value: Any, flow: bool) -> bool:
    """Whether ``written`` reads as ``value`` where it goes (a block or a flow mapping)."""
    try:
        read = pyyaml.load(f"{{k: {written}}}\n" if flow else f"k: {written}\n", Loader=_EVENTS)
    except pyyaml.YAMLError:
        return False
    return bool(read == {"k": value})


# characters YAML does not take as they are in a quoted text (line breaks, controls)
_ESCAPES = {"\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P"}


def _double_quoted(value: str) -> str:
    """``value`` as a YAML double-quoted scalar: JSON's escapes plus YAML's own."""
    written = json.dumps(value, ensure_ascii=False)
    out = []
    for char in written:
        code = ord(char)
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif 0x7F <= code <= 0x9F or code in (0xFFFE, 0xFFFF) or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def _scalar_text(value: Any, style: str | None, flow: bool) -> str | None:
    """``value`` written as a YAML scalar in ``style`` (None: plain), if it can be."""
    if isinstance(value, bool):
        written = "true" if value else "false"
    elif isinstance(value, int):
        written = str(value)
    elif not isinstance(value, str):
        return None
    elif style == "'" and "\n" not in value and value.isprintable():
        written = "'" + value.replace("'", "''") + "'"
    elif not style and value and value == value.strip() and value.isprintable():
        written = value
        if not _reads_back(written, value, flow):
            written = _double_quoted(value)
    else:
        written = _double_quoted(value)
    return written if _reads_back(written, value, flow) else None


def _own_scalar_path(root: Any, path: PathKey, merged: Any) -> tuple[str, ...] | None:
    """``path`` as written in the file (see :func:`_own_path`), or None if only ruamel can."""
    if len(path) >= 2 and path[0] == "suits" and isinstance(path[1], int):
        added = root.get("add_suits") if isinstance(root, dict) else None
        if added is not None:
            merged_suits = _merged_at(merged, ("suits",))
            if not isinstance(added, list) or not isinstance(merged_suits, list):
                return None
            inherited = len(merged_suits) - len(added)
            if path[1] >= inherited:
                path = ("add_suits", path[1] - inherited, *path[2:])
            elif "suits" not in root:
                return None
    return tuple(str(key) for key in path)


def _patched(text: str, edits: Sequence[Edit], merged: Any) -> str | None:
    """The edits made by replacing each value's own characters, when every edit sets a
    scalar the file already writes as a one-line or quoted scalar; else None.

    Much faster than a ruamel round trip (a keystroke in the form costs a few
    milliseconds) and it touches nothing but those characters.
    """
    if any(edit.remove for edit in edits):
        return None
    try:
        root = pyyaml.load(text, Loader=_EVENTS)
    except pyyaml.YAMLError:
        return None
    wanted: dict[tuple[str, ...], Any] = {}
    for edit in edits:
        own = _own_scalar_path(root, edit.path, merged)
        if own is None:
            return None
        wanted[own] = edit.value
    spans = _scalar_spans(text, set(wanted))
    replacements = []
    for path, value in wanted.items():
        if path not in spans:
            return None
        event, flow = spans[path]
        if event.style in ("|", ">"):
            return None
        written = _scalar_text(value, event.style, flow)
        if written is None:
            return None
        replacements.append((event.start_mark.index, event.end_mark.index, written))
    for start, end, written in sorted(replacements, reverse=True):
        after = text[end:]
        padding = len(after) - len(after.lstrip(" "))
        if after[padding : padding + 1] == "#":  # keep the comment in its column
            keep = max(1, padding - (len(written) - (end - start)))
            after = " " * keep + after[padding:]
        text = text[:start] + written + after
    return text


def apply_edits(text: str, edits: Sequence[Edit], merged: Any = None) -> str:
    """``text`` with every edit made, comments and order kept.

    ``merged`` is the merged theme (plain data) the paths address; without it,
    paths address the file's own keys.
    """
    if len(edits) > _MAX_EDITS:
        raise EditError(f"at most {_MAX_EDITS} changes at once")
    patched = _patched(text, edits, merged)
    if patched is not None:
        return patched
    yaml, root = _load(text)
    if root is None:
        root = CommentedMap()
    if not isinstance(root, CommentedMap):
        raise EditError("a theme is a mapping of keys (id: ..., title: ...)")
    for edit in edits:
        _apply(root, edit, merged)
    written = _dump(yaml, root)
    _check_written(written, edits, merged)
    return written


def _check_written(text: str, edits: Sequence[Edit], merged: Any) -> None:
    """Every value set reads back as sent (ruamel writes a few rare characters wrongly)."""
    try:
        root = pyyaml.load(text, Loader=_EVENTS)
    except pyyaml.YAMLError:
        raise EditError("this change cannot be written as YAML") from None
    for edit in edits:
        if edit.remove or isinstance(edit.value, (dict, list)):
            continue
        path = _own_scalar_path(root, edit.path, merged)
        if path is None:
            continue
        node = root
        for key in path:
            if isinstance(node, dict):
                node = node.get(int(key) if key.isdigit() and int(key) in node else key)
            elif isinstance(node, list) and key.isdigit() and int(key) < len(node):
                node = node[int(key)]
            else:
                node = None
                break
        if node != edit.value:
            raise EditError(f"{_shown(edit.path)}: this text cannot be written as YAML")
