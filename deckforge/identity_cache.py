"""Values worked out once per object (a theme, its rulebook), found by the object's
identity, and bounded.

An entry keeps its object alive, so the object's ``id`` is never reused while the
entry exists (a new object at a reused address is told apart by ``is``). At most
``size`` entries are kept: past that, the oldest is dropped first, so a referee
that loads a changed deck a thousand times holds a few dozen themes, not all of
them. A hit is one dictionary look-up and one ``is`` (the engine and the bots ask
on every game or turn).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class IdentityCache(Generic[Value]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: dict[Hashable, tuple[object, Value]] = {}
        self._lock = threading.Lock()

    def get(self, key: Hashable, owner: object) -> Value | None:
        """The value kept under ``key`` for ``owner`` (the very object), or None."""
        found = self._entries.get(key)
        return found[1] if found is not None and found[0] is owner else None

    def put(self, key: Hashable, owner: object, value: Value) -> Value:
        """Keep ``value`` for ``owner`` under ``key`` (``id(owner)`` and what else it
        depends on), dropping the oldest entry when full; returns ``value``."""
        with self._lock:
            entries = self._entries
            entries.pop(key, None)
            while len(entries) >= self.size:
                del entries[next(iter(entries))]
            entries[key] = (owner, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
