"""The misreads a fresh review of 100 sampled cards found (seed 17), each read right or left
unread: a target the reading lost (CR 115.1), ownership read as control (CR 108.3), "target
player or planeswalker" read as any target (CR 115.4)."""

from __future__ import annotations

import pytest

from analyzer.oracle import compile_card
from analyzer.oracle.targets_kept import named_targets
from tests.conftest import make_card


@pytest.mark.parametrize(("name", "text", "types"), [
    # Boom Box: three targets, never "a creature or land"
    ("Boom Box", "{6}, {T}, Sacrifice Boom Box: Destroy up to one target artifact, up to one "
     "target creature, and up to one target land.", ("Artifact",)),
    # Grip of Desolation: two targets
    ("Grip of Desolation", "Exile target creature and target land.", ("Instant",)),
    # Leave: permanents you own (an opponent may control them)
    ("Leave", "Return any number of target permanents you own to your hand.", ("Instant",)),
])
def test_a_lost_target_or_owner_leaves_the_line_unread(name: str, text: str,
                                                       types: tuple[str, ...]) -> None:
    assert not compile_card(make_card(name, text, types=types)).fully_understood


def test_a_target_player_named_as_an_owner_is_kept_and_refused_by_the_rules_core() -> None:
    # Dichotomancy: "target opponent controls" is the owner Owner.TARGET_PLAYER (a target of
    # the spell, CR 115.1); the rules core has no target slot for it and refuses the filter
    from analyzer.oracle.objects import Owner, parse_object

    ref = parse_object("tapped nonland permanents target opponent controls")
    assert ref is not None and ref.filter.owner is Owner.TARGET_PLAYER
    assert named_targets("For each tapped nonland permanent target opponent controls, search "
                         "that player's library.") == 1


def test_touch_of_death_targets_a_player_or_a_planeswalker_only() -> None:
    profile = compile_card(make_card(
        "Touch of Death", "Touch of Death deals 1 damage to target player or planeswalker. "
        "You gain 1 life.", types=("Sorcery",)))
    damage = profile.abilities[0].effects[0]
    kinds = [(f.kind, sorted(f.types)) for f in damage.arg("target").filter.any_of]
    assert kinds == [("player", []), ("permanent", ["Planeswalker"])]


@pytest.mark.parametrize(("text", "count"), [
    ("Destroy target artifact and target enchantment.", 2),
    ("CARDNAME deals 3 damage to any target.", 1),
    ("Whenever CARDNAME becomes the target of a spell, sacrifice it.", 0),
    ("Counter target spell with a single target.", 1),
    ("Spells your opponents cast that target a creature you control cost {2} more.", 0),
    ("Change the target of target spell with a single target.", 1),
])
def test_named_targets(text: str, count: int) -> None:
    assert named_targets(text) == count
