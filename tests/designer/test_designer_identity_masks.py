"""The identity masks the bots reason with: a card identity is a bit, a set of them an
integer; the helpers that walk a mask give what the plain definition gives, on masks
as wide as the largest deck the format allows (90 identities, past a machine word)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from deckforge.rules.bots.knowledge import Identities, members
from deckforge.theme.loader import load_theme

WIDEST = 10 * 9  # 10 suits of 9 ranks: the schema's limits


@given(st.integers(min_value=0, max_value=(1 << WIDEST) - 1))
def test_members_are_the_set_bits_lowest_first(mask: int) -> None:
    assert members(mask) == [index for index in range(WIDEST) if mask >> index & 1]


@given(st.data())
def test_following_is_every_identity_played_right_after_one_in_the_mask(
    data: st.DataObject,
) -> None:
    ids = Identities.of(load_theme("hanabi-classic"))
    mask = data.draw(st.integers(min_value=0, max_value=ids.every))
    expected = 0
    for index in range(len(ids.copies)):
        if mask >> index & 1:
            expected |= ids.successor[index]
    assert ids.following(mask) == expected
    assert ids.bits == tuple(1 << index for index in range(len(ids.copies)))
