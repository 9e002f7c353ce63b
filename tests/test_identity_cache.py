"""Caches found by an object's identity are bounded: a referee that loads a changed deck
again and again keeps a few dozen themes, not every one it ever loaded."""

from __future__ import annotations

import dataclasses
import gc
import weakref

from deckforge.identity_cache import IdentityCache
from deckforge.rules import Game, rulebook
from deckforge.rules import game as game_module
from deckforge.rules.bots import conventions, knowledge
from deckforge.rules.simulation import simulate
from deckforge.theme.loader import load_theme


class Owner:
    pass


def test_the_oldest_entry_goes_first_once_full() -> None:
    cache: IdentityCache[int] = IdentityCache(3)
    owners = [Owner() for _ in range(5)]
    for number, owner in enumerate(owners):
        assert cache.put(id(owner), owner, number) == number
    assert len(cache) == 3
    assert cache.get(id(owners[0]), owners[0]) is None
    assert [cache.get(id(o), o) for o in owners[2:]] == [2, 3, 4]


def test_an_entry_answers_only_for_its_own_object() -> None:
    cache: IdentityCache[str] = IdentityCache(4)
    first, other = Owner(), Owner()
    cache.put("key", first, "value")
    assert cache.get("key", first) == "value"
    assert cache.get("key", other) is None


def test_the_engine_and_the_bots_keep_a_bounded_number_of_themes() -> None:
    theme = load_theme("hanabi-classic")
    copies = [dataclasses.replace(theme) for _ in range(150)]  # as a referee reloading a deck
    alive = [weakref.ref(copy) for copy in copies]
    for copy in copies:
        Game.deal(copy, 2, 1)
    simulate(copies[-1], 2, games=1, bot="conventions", seed=1, jobs=1)
    del copies
    gc.collect()
    assert len(rulebook._CACHE) <= rulebook._CACHE.size
    assert len(game_module._ACTION_TABLES) <= game_module._ACTION_TABLES.size
    assert len(knowledge._CACHE) <= knowledge._CACHE.size
    assert len(conventions._CLUE_KINDS) <= conventions._CLUE_KINDS.size
    assert sum(ref() is None for ref in alive) >= 150 - rulebook._CACHE.size
