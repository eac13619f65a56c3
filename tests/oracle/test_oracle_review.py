"""Defects a reviewer found in the Oracle compiler, each pinned by a test on real cards."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from analyzer.cards.model import Card, Face
from analyzer.oracle import CardProfile, compile_card
from analyzer.oracle.abilities import ActivatedAbility, StaticAbility
from analyzer.oracle.effects import Effect
from analyzer.oracle.objects import ObjectRef, Owner, Zone
from analyzer.oracle.text import remove_reminder_text

pytestmark = [pytest.mark.shared]


def _effects(p: CardProfile, name: str) -> list[Effect]:
    return [e for e in p.effects() if e.name == name]


def _text(card: Any) -> str:
    """The card's rules text without reminder text."""
    return "\n".join(remove_reminder_text(line) for f in card.faces
                     for line in f.text.split("\n"))


# -- 1. every argument type serialises and describes itself ------------------------------

def test_phyrexian_infiltrator_json_and_english(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Phyrexian Infiltrator"])
    data = json.loads(json.dumps(p.to_json()))
    (ability,) = data["abilities"]
    (effect,) = ability["effects"]
    assert [t["text"] for t in effect["args"]["targets"]] == ["this object", "target creature"]
    assert "exchange control of this object and target creature" in p.describe()


def test_every_real_card_serialises_and_reads_as_english(
        shared_profiles: dict[str, CardProfile]) -> None:
    reprs = re.compile(r"ObjectRef\(|ObjectFilter\(|Amount\(|Count\(|KeywordAbility\(")
    for name, p in shared_profiles.items():
        json.dumps(p.to_json())
        assert not reprs.search(p.describe()), name


# -- 2. loyalty abilities, old and current wording (CR 606) ------------------------------

def _walker(text: str) -> Card:
    return Card(id="w", name="Test Walker", faces=(Face(
        name="Test Walker", type="Legendary Planeswalker — Test", types=("Planeswalker",),
        supertypes=("Legendary",), subtypes=("Test",), mana_cost="{2}{U}", colors=("U",),
        text=text),))


@pytest.mark.parametrize(("old", "new"), [
    ("+1: Draw a card.", "[+1]: Draw a card."),
    ("−2: Draw a card.", "[−2]: Draw a card."),
    ("-2: Draw a card.", "[-2]: Draw a card."),
    ("0: Draw a card.", "[0]: Draw a card."),
])
def test_loyalty_bracket_wording_compiles_like_the_old(old: str, new: str) -> None:
    a, b = compile_card(_walker(old)), compile_card(_walker(new))
    assert a.fully_understood and b.fully_understood
    assert a.describe() == b.describe()
    (ability,) = b.abilities
    assert isinstance(ability, ActivatedAbility)
    assert [c.name for c in ability.costs] == ["loyalty"]


def test_real_planeswalkers_read_their_loyalty_abilities(
        shared_cards: dict[str, Any]) -> None:
    garruk = compile_card(shared_cards["Garruk Wildspeaker"])
    assert [e.name for e in garruk.effects()][:2] == ["untap", "create_token"]
    jace = compile_card(shared_cards["Jace, the Mind Sculptor"])
    assert any(e.name == "change_zone" and e.arg("destination") is Zone.HAND
               for e in jace.effects())  # [-1]: Return target creature to its owner's hand.
    teferi = compile_card(shared_cards["Teferi, Time Raveler"])
    assert any(e.name == "draw" for e in teferi.effects())  # [−3]: ... Draw a card.
    liliana = compile_card(shared_cards["Liliana, the Last Hope"])
    assert any(e.name == "modify_pt" for e in liliana.effects())  # [+1]


# -- 3. wrong readings ------------------------------------------------------------------

def test_yuriko_reads_library_to_hand_and_each_opponent(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Yuriko, the Tiger's Shadow"])
    moves = _effects(p, "change_zone")
    assert moves and all(e.arg("origin") is Zone.LIBRARY for e in moves)
    (lose,) = _effects(p, "lose_life")
    player = lose.arg("player")
    assert isinstance(player, ObjectRef) and player.filter.owner is Owner.OPPONENT
    assert "each opponent" in lose.describe()


def test_swords_to_plowshares_life_goes_to_its_controller(
        shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Swords to Plowshares"])
    gains = _effects(p, "gain_life")
    if not p.fully_understood and not gains:
        return  # unsupported is acceptable, a wrong reading is not
    (gain,) = gains
    player = gain.arg("player")
    assert isinstance(player, ObjectRef) and player.filter.owner is Owner.THAT_PLAYER
    assert gain.describe().startswith("its controller")


def test_notorious_throng_keeps_flying_and_x(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Notorious Throng"])
    text = p.describe()
    if p.fully_understood:
        assert "flying" in text and "where X is the damage dealt" in text
    else:
        assert any("where X is" in u.text for u in p.unsupported)


def test_history_of_benalia_chapters_are_never_statics(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["History of Benalia"])
    assert not any(isinstance(a, StaticAbility) for a in p.abilities)
    assert not p.fully_understood or all("chapter" in a.describe().lower()
                                         for a in p.abilities)


def test_sagas_never_read_chapters_as_statics(shared_cards: dict[str, Any]) -> None:
    for card in shared_cards.values():
        for face in card.faces:
            if "Saga" not in face.subtypes:
                continue
            p = compile_card(Card(id=card.id, name=card.name, faces=(face,)))
            assert not any(isinstance(a, StaticAbility) for a in p.abilities), card.name


_KEPT = {
    "where X is": "where X is",
    "for each": "for each",
    "each opponent": "each opponent",
    "its controller gains": "its controller",
    "its controller loses": "its controller",
    "that player loses": "that player",
    "that player gains": "that player",
    "tokens with flying": "flying",
    "token with flying": "flying",
}


def test_fully_understood_cards_drop_no_clause(shared_cards: dict[str, Any],
                                               shared_profiles: dict[str, CardProfile]) -> None:
    """A fully understood card whose text holds one of these phrases says it again."""
    wrong: list[str] = []
    for name, p in shared_profiles.items():
        if not p.fully_understood:
            continue
        text = _text(shared_cards[name])
        described = p.describe()
        for phrase, kept in _KEPT.items():
            if phrase in text and kept not in described:
                wrong.append(f"{name}: {phrase!r}")
    assert not wrong, wrong[:20]


# -- 4. English ---------------------------------------------------------------------------

def _line(p: CardProfile, start: str) -> str:
    return next(line for line in p.descriptions() if start in line)


def test_mana_reflection_reads_right(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Mana Reflection"])
    line = p.descriptions()[0]
    assert "as it mana" not in line
    assert "tap a permanent for mana" in line and "twice as much" in line


def test_rhystic_study_reads_right(shared_cards: dict[str, Any]) -> None:
    p = compile_card(shared_cards["Rhystic Study"])
    assert "you may draw a card unless that player pays {1}" in p.describe()


@pytest.mark.parametrize("name", ["Leonardo's Technique", "Kolaghan's Command",
                                  "Brainstorm"])
def test_zone_moves_name_the_zone_once(shared_cards: dict[str, Any], name: str) -> None:
    text = compile_card(shared_cards[name]).describe()
    assert "graveyard from graveyard" not in text and "hand from hand" not in text
    assert " from graveyard to" not in text and " from hand to" not in text


def test_brainstorm_reads_right(shared_cards: dict[str, Any]) -> None:
    text = compile_card(shared_cards["Brainstorm"]).describe()
    assert "move two cards from your hand to the top of your library" in text


def test_no_this_possessive_in_text(shared_profiles: dict[str, CardProfile]) -> None:
    p = shared_profiles["Notorious Throng"]
    assert "this's" not in json.dumps(p.to_json())


def test_sneak_on_an_instant_does_not_enter(shared_cards: dict[str, Any]) -> None:
    text = compile_card(shared_cards["Leonardo's Technique"]).describe()
    assert "it enters tapped and attacking" not in text
