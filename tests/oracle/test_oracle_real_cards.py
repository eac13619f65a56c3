"""The compiler on the real card file (../shared/data/AtomicCards.json.gz)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from analyzer.oracle import (
    CardProfile,
    Color,
    Controller,
    Evasion,
    ManaChoice,
    ManaCost,
    compile_card,
)
from analyzer.oracle.abilities import TriggerEvent

pytestmark = [pytest.mark.shared]


def _compile(shared_cards: dict[str, Any], name: str) -> CardProfile:
    return compile_card(shared_cards[name])


def test_splinter_hamato_yoshi(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Splinter, Hamato Yoshi")
    sneak = p.keyword("Sneak")
    assert sneak is not None and sneak.cost == ManaCost.parse("{B}")
    assert p.has_keyword("Menace") and Evasion.MENACE in p.evasion
    (anthem,) = p.anthems
    assert anthem.affected.subtypes == {"Ninja"} and anthem.affected.other
    assert (anthem.power, anthem.toughness) == (1, 1)
    assert p.creature_types == {"Mutant", "Ninja", "Rat"}
    assert p.fully_understood


def test_ninja_of_the_deep_hours(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Ninja of the Deep Hours")
    ninjutsu = p.keyword("Ninjutsu")
    assert ninjutsu is not None and ninjutsu.cost == ManaCost.parse("{1}{U}")
    (trigger,) = p.abilities
    assert trigger.trigger.event is TriggerEvent.COMBAT_DAMAGE_TO_PLAYER  # type: ignore[union-attr]
    assert [(e.name, e.optional) for e in trigger.effects] == [("draw", True)]
    assert p.fully_understood


def test_notorious_throng(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Notorious Throng")
    prowl = p.keyword("Prowl")
    assert prowl is not None and prowl.cost == ManaCost.parse("{5}{U}")
    assert "Kindred" in p.types and p.creature_types == {"Rogue"}


def test_changeling_outcast(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Changeling Outcast")
    assert p.is_changeling and not p.can_block
    assert Evasion.UNBLOCKABLE in p.evasion and p.fully_understood


def test_reflecting_pool_and_exotic_orchard(shared_cards: dict[str, Any]) -> None:
    pool = _compile(shared_cards, "Reflecting Pool").mana_abilities
    assert [m.produces for m in pool] == [ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE]
    orchard = _compile(shared_cards, "Exotic Orchard").mana_abilities
    assert [m.produces for m in orchard] == [ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE]


def test_gaeas_cradle(shared_cards: dict[str, Any]) -> None:
    (ability,) = _compile(shared_cards, "Gaea's Cradle").mana_abilities
    assert ability.produces == (ManaCost.parse("{G}"),)
    assert ability.amount_note == "for each creature you control"


def test_glorious_anthem(shared_cards: dict[str, Any]) -> None:
    (anthem,) = _compile(shared_cards, "Glorious Anthem").anthems
    assert anthem.affected.controller is Controller.YOU and not anthem.affected.subtypes
    assert (anthem.power, anthem.toughness) == (1, 1)


def test_goblin_warchief(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Goblin Warchief")
    (anthem,) = p.anthems
    assert anthem.affected.subtypes == {"Goblin"} and not anthem.affected.other
    assert [k.name for k in anthem.keywords] == ["Haste"]
    (reduction,) = p.cost_reductions
    assert reduction.spells.subtypes == {"Goblin"}
    assert p.fully_understood


def test_frogtosser_banneret(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Frogtosser Banneret")
    assert p.has_keyword("Haste")
    (reduction,) = p.cost_reductions
    assert reduction.spells.subtypes == {"Goblin", "Rogue"}
    assert reduction.amount == ManaCost.parse("{1}")


def test_moon_circuit_hacker(shared_cards: dict[str, Any]) -> None:
    p = _compile(shared_cards, "Moon-Circuit Hacker")
    ninjutsu = p.keyword("Ninjutsu")
    assert ninjutsu is not None and ninjutsu.cost == ManaCost.parse("{U}")
    assert p.types == {"Enchantment", "Creature"} and p.colors == Color.U


def test_basic_lands(shared_cards: dict[str, Any]) -> None:
    for name, letter in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"),
                         ("Mountain", "R"), ("Forest", "G")):
        p = _compile(shared_cards, name)
        assert [str(o) for m in p.mana_abilities for o in m.produces] == ["{" + letter + "}"]
        assert p.fully_understood


@pytest.mark.slow
def test_every_card_compiles(shared_cards: dict[str, Any]) -> None:
    """Every card compiles and prints as JSON; the figures are printed (run with -s)."""
    start = time.perf_counter()
    profiles = [compile_card(c) for c in shared_cards.values()]  # type: ignore[arg-type]
    elapsed = time.perf_counter() - start
    full = sum(p.fully_understood for p in profiles)
    print(f"\ncompiled {len(profiles)} cards in {elapsed:.2f} s; "
          f"{full} fully understood ({full / len(profiles):.1%})")
    assert len(profiles) > 20_000
    assert full > 2_000  # a floor: fewer means a reader broke
    for p in profiles[::50]:
        data = json.loads(json.dumps(p.to_json()))
        assert isinstance(data["unsupported"], list)
