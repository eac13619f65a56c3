"""Food Chain: a mana ability read as an activated ability (CR 605.1a, 605.3b) whose cost
exiles a creature (CR 406.2), whose amount is that creature's mana value plus one (last known,
CR 608.2h), and whose mana may be spent only to cast creature spells (CR 106.6). The mana
empties from the pool with the rest (CR 106.4).

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    ActivateManaAbility,
    CardLibrary,
    CastSpell,
    Game,
    IllegalActionError,
    PassPriority,
    Step,
    Zone,
)
from analyzer.rules.cards import inline_card
from analyzer.rules.model import RestrictedMana

FOOD_CHAIN = inline_card("Food Chain", "{2}{G}", "Enchantment",
                         "Exile a creature you control: Add X mana of any one color, where X "
                         "is the exiled creature's converted mana cost plus one. Spend this "
                         "mana only to cast creature spells.")
GRIFFIN = inline_card("Misthollow Griffin", "{2}{U}{U}", "Creature — Griffin",
                      "Flying\nYou may cast Misthollow Griffin from exile.", "3", "3")
BEARS = inline_card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2", "2")
DIVINATION = inline_card("Divination", "{2}{U}", "Sorcery", "Draw two cards.")
BASALT = inline_card("Basalt Monolith", "{3}", "Artifact",
                     "Basalt Monolith doesn't untap during your untap step.\n{T}: Add "
                     "{C}{C}{C}.\n{3}: Untap Basalt Monolith.")

ONLY_CREATURES = "Creature"


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([FOOD_CHAIN, GRIFFIN, BEARS, DIVINATION, BASALT])


def _game(cards: CardLibrary, mine: tuple[str, ...], hand: tuple[str, ...] = (),
          theirs: tuple[str, ...] = ()) -> Game:
    game = Game(cards)
    for name in ("Food Chain", *mine):
        game.add(name, Zone.BATTLEFIELD, "A")
    for name in theirs:
        game.add(name, Zone.BATTLEFIELD, "B")
    for name in hand:
        game.add(name, Zone.HAND, "A")
    game.start(Step.MAIN1, "A", 2)
    return game


def _food_chain(game: Game, exile: str, color: str = "U") -> None:
    chain, victim = game.find("Food Chain"), game.find(exile)
    assert chain is not None and victim is not None
    game.apply(ActivateManaAbility("A", chain.oid, 0, color, (victim.oid,), activated=True))


def _restricted(game: Game, kind: str) -> int:
    return game.player("A").restricted[RestrictedMana(kind, ONLY_CREATURES)]


def test_exiling_adds_its_mana_value_plus_one_of_one_color(cards: CardLibrary) -> None:
    # Grizzly Bears, mana value 2: X = 3 green mana, only for creature spells; no stack.
    game = _game(cards, ("Grizzly Bears",))
    _food_chain(game, "Grizzly Bears", "G")
    bears = game.find("Grizzly Bears")
    assert bears is not None and bears.zone is Zone.EXILE
    assert _restricted(game, "G") == 3 and game.player("A").pool.total() == 0
    assert game.stack() == []


def test_the_mana_casts_a_creature_spell(cards: CardLibrary) -> None:
    # Misthollow Griffin (mana value 4) -> 5 {U}; cast from exile for {2}{U}{U}: 1 left.
    game = _game(cards, ("Misthollow Griffin",))
    _food_chain(game, "Misthollow Griffin")
    griffin = game.find("Misthollow Griffin")
    assert griffin is not None and griffin.zone is Zone.EXILE
    game.apply(CastSpell("A", griffin.oid))
    assert _restricted(game, "U") == 1
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))
    back = game.find("Misthollow Griffin")
    assert back is not None and back.zone is Zone.BATTLEFIELD


def test_it_does_not_pay_for_a_noncreature_spell(cards: CardLibrary) -> None:
    game = _game(cards, ("Misthollow Griffin",), hand=("Divination",))
    _food_chain(game, "Misthollow Griffin")
    divination = game.find("Divination")
    assert divination is not None
    with pytest.raises(IllegalActionError, match=r"can't pay \{2\}\{U\}"):
        game.apply(CastSpell("A", divination.oid))
    assert _restricted(game, "U") == 5


def test_it_does_not_pay_for_an_activated_ability(cards: CardLibrary) -> None:
    # "only to cast creature spells": not an ability's cost ({3}: Untap Basalt Monolith).
    game = _game(cards, ("Misthollow Griffin", "Basalt Monolith"))
    monolith = game.find("Basalt Monolith")
    assert monolith is not None
    monolith.tapped = True
    _food_chain(game, "Misthollow Griffin")
    with pytest.raises(IllegalActionError, match=r"can't pay \{3\}"):
        game.apply(ActivateAbility("A", monolith.oid, 1))


def test_it_empties_with_the_pool(cards: CardLibrary) -> None:
    # CR 106.4: the main phase ends; unspent mana empties, restricted or not.
    game = _game(cards, ("Grizzly Bears",))
    _food_chain(game, "Grizzly Bears", "G")
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))
    assert game.step is not Step.MAIN1 and not game.player("A").restricted


def test_one_color_must_be_chosen(cards: CardLibrary) -> None:
    game = _game(cards, ("Grizzly Bears",))
    with pytest.raises(IllegalActionError, match="choose one color"):
        _food_chain(game, "Grizzly Bears", "")


def test_only_a_creature_you_control_pays(cards: CardLibrary) -> None:
    game = _game(cards, (), theirs=("Grizzly Bears",))
    with pytest.raises(IllegalActionError):
        _food_chain(game, "Grizzly Bears", "G")


def test_it_is_not_put_on_the_stack(cards: CardLibrary) -> None:
    # CR 605.3b: a mana ability is activated as one; the activation as an ordinary
    # activated ability is refused, and legal actions offer one activation per colour.
    game = _game(cards, ("Grizzly Bears",))
    chain = game.find("Food Chain")
    assert chain is not None
    with pytest.raises(IllegalActionError, match="is a mana ability"):
        game.apply(ActivateAbility("A", chain.oid, 0))
    offered = [a for a in game.legal_actions()
               if isinstance(a, ActivateManaAbility) and a.card == chain.oid]
    assert sorted(a.choice for a in offered) == sorted("WUBRG")
    assert all(a.activated for a in offered)
