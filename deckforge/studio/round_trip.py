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
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


def apply_edits(text: str, edits: Sequence[Edit], merged: Any = None) -> str:
    """``text`` with every edit made, comments and order kept.

    ``merged`` is the merged theme (plain data) the paths address; without it,
    paths address the file's own keys.
    """
    if len(edits) > _MAX_EDITS:
        raise EditError(f"at most {_MAX_EDITS} changes at once")
    yaml, root = _load(text)
    if root is None:
        root = CommentedMap()
    if not isinstance(root, CommentedMap):
        raise EditError("a theme is a mapping of keys (id: ..., title: ...)")
    for edit in edits:
        _apply(root, edit, merged)
    return _dump(yaml, root)
