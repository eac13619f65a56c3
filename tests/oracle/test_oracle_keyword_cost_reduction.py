""""Ninjutsu abilities you activate cost {1} less to activate." (Silver-Fur Master) as a typed
``reduce_keyword_cost`` static (CR 601.2f via 602.2b). Expected values come from the card's
Oracle text (AtomicCards.json)."""

from __future__ import annotations

from typing import Any

from analyzer.oracle.abilities import StaticAbility
from analyzer.oracle.compile import compile_card
from analyzer.oracle.lines import read_static


def test_silver_fur_master(shared_cards: dict[str, Any]) -> None:
    profile = compile_card(shared_cards["Silver-Fur Master"])
    found = [a for a in profile.abilities if isinstance(a, StaticAbility)
             and a.mode == "cost_change"]
    assert len(found) == 1
    (effect,) = found[0].effects
    assert effect.name == "reduce_keyword_cost"
    assert effect.arg("keyword") == "ninjutsu" and str(effect.arg("amount")) == "{1}"


def test_other_keywords_are_not_read_as_ninjutsu() -> None:
    # Only ninjutsu is read; another keyword's reduction stays unread, never misread.
    ability = read_static("Prowl abilities you activate cost {1} less to activate.")
    assert ability is None or all(e.name != "reduce_keyword_cost" for e in ability.effects)
