"""A spell's delayed triggered abilities (CR 603.7a): a "next ..." trigger on an instant or
sorcery is an effect of the spell, never a printed triggered ability, and the sentences that
continue it ("If you do", "You may choose new targets for the copy", "it") are inside it."""

from __future__ import annotations

import pytest

from analyzer.oracle import compile_card
from analyzer.oracle.abilities import SpellAbility, TriggeredAbility
from analyzer.oracle.effects import Effect
from tests.conftest import make_card


def _delayed(name: str, text: str, types: tuple[str, ...] = ("Instant",)) -> Effect:
    profile = compile_card(make_card(name, text, types=types))
    assert profile.fully_understood, profile.unsupported
    assert not any(isinstance(a, TriggeredAbility) for a in profile.abilities)
    found = [e for a in profile.abilities if isinstance(a, SpellAbility) for e in a.effects
             if e.name == "delayed"]
    assert len(found) == 1
    return found[0]


def test_pact_pays_at_the_next_upkeep_or_loses() -> None:
    e = _delayed("Pact of Negation", "Counter target spell.\nAt the beginning of your next "
                 "upkeep, pay {3}{U}{U}. If you don't, you lose the game.")
    assert e.arg("when") == "at the beginning of your next upkeep"
    pay, lose = e.arg("effects")
    assert (pay.name, pay.arg("cost")) == ("pay", "{3}{U}{U}")
    assert (lose.name, lose.condition) == ("lose_game", "if you don't")


def test_if_you_do_after_the_delayed_trigger_is_inside_it() -> None:
    e = _delayed("Spinal Embrace", "Cast this spell only during combat.\nUntap target "
                 "creature you don't control and gain control of it. It gains haste until end "
                 "of turn. At the beginning of the next end step, sacrifice it. If you do, you "
                 "gain life equal to its toughness.")
    assert [x.name for x in e.arg("effects")] == ["sacrifice", "gain_life"]
    assert e.arg("effects")[1].condition == "if you do"


@pytest.mark.parametrize("name", ["Doublecast", "Galvanic Iteration"])
def test_new_targets_for_the_copy_are_chosen_when_the_copy_is_made(name: str) -> None:
    next_spell = ("When you cast your next instant or sorcery spell this turn" if name ==
                  "Doublecast" else "When you next cast an instant or sorcery spell this turn")
    e = _delayed(name, f"{next_spell}, copy that spell. You may choose new targets for the "
                 "copy.", types=("Sorcery",) if name == "Doublecast" else ("Instant",))
    assert [x.name for x in e.arg("effects")] == ["copy", "choose_new_targets"]


def test_it_after_the_delayed_trigger_is_the_card_it_moved() -> None:
    e = _delayed("Waltz of Rage", "Target creature you control deals damage equal to its "
                 "power to each other creature. Until end of turn, whenever a creature you "
                 "control dies, exile the top card of your library. You may play it until the "
                 "end of your next turn.", types=("Sorcery",))
    assert [x.name for x in e.arg("effects")][-1] == "may_play"


def test_a_sentence_about_the_spell_itself_stays_outside() -> None:
    # Elemental Appeal: "that creature" is the token, pumped as the spell resolves
    profile = compile_card(make_card(
        "Elemental Appeal", "Kicker {5}\nCreate a 7/1 red Elemental creature token with "
        "trample and haste. Exile it at the beginning of the next end step.\nIf this spell "
        "was kicked, that creature gets +7/+0 until end of turn.", types=("Sorcery",)))
    last = profile.abilities[-1]
    assert isinstance(last, SpellAbility) and last.effects[0].name == "modify_pt"
