"""Copying an activated ability (CR 707.10, 602.2i, 603.4): Rings of Brighthearth, "Whenever
you activate an ability, if it isn't a mana ability, you may pay {2}. If you do, copy that
ability. You may choose new targets for the copy."

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz.
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    ActivateManaAbility,
    CardLibrary,
    Choose,
    Game,
    GameObject,
    IllegalActionError,
    PassPriority,
    Step,
    UnsupportedCardError,
    Zone,
)
from analyzer.rules.abilities import find_ability
from analyzer.rules.cards import inline_card

RINGS = inline_card("Rings of Brighthearth", "{3}", "Artifact",
                    "Whenever you activate an ability, if it isn't a mana ability, you may "
                    "pay {2}. If you do, copy that ability. You may choose new targets for "
                    "the copy.")
BASALT = inline_card("Basalt Monolith", "{3}", "Artifact",
                     "Basalt Monolith doesn't untap during your untap step.\n{T}: Add "
                     "{C}{C}{C}.\n{3}: Untap Basalt Monolith.")
PYROMANCER = inline_card("Prodigal Pyromancer", "{2}{R}", "Creature — Human Wizard",
                         "{T}: This creature deals 1 damage to any target.", "1", "1")
ELVES = inline_card("Llanowar Elves", "{G}", "Creature — Elf Druid", "{T}: Add {G}.", "1", "1")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([RINGS, BASALT, PYROMANCER, ELVES])


def _game(cards: CardLibrary, mine: tuple[str, ...], pool: int = 0,
          theirs: tuple[str, ...] = ()) -> Game:
    game = Game(cards)
    for name in mine:
        game.add(name, Zone.BATTLEFIELD, "A")
    for name in theirs:
        game.add(name, Zone.BATTLEFIELD, "B")
    game.player("A").pool.update({"C": pool})
    game.start(Step.MAIN1, "A", 2)
    return game


def _activate(game: Game, card: str, text: str, targets: tuple[str, ...] = ()) -> None:
    obj = game.find(card)
    assert obj is not None
    index, _ = find_ability(game.data(obj), text)
    game.apply(ActivateAbility("A", obj.oid, index, targets=targets))


def _monolith(game: Game) -> GameObject:
    found = game.find("Basalt Monolith")
    assert found is not None
    return found


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


class TestRings:
    def test_the_copy_resolves_first_and_untaps(self, cards: CardLibrary) -> None:
        # Untap {3}, Rings {2}: the copy untaps Basalt Monolith (CR 707.10), it is tapped
        # again for {C}{C}{C}, then the original untaps it: 2 + 3 - 3 - 2 + 3 = 3.
        game = _game(cards, ("Basalt Monolith", "Rings of Brighthearth"), pool=2)
        game.apply(ActivateManaAbility("A", _monolith(game).oid, 0))
        _activate(game, "Basalt Monolith", "Untap")
        assert [i.name for i in game.stack()] == ["Rings of Brighthearth", "Basalt Monolith"]
        _resolve(game)
        game.apply(Choose("A", "yes"))
        assert game.player("A").pool.total() == 0
        assert [i.name for i in game.stack()] == ["Basalt Monolith", "Basalt Monolith"]
        _resolve(game)                                   # the copy
        assert not _monolith(game).tapped
        game.apply(ActivateManaAbility("A", _monolith(game).oid, 0))
        _resolve(game)                                   # the original
        assert not _monolith(game).tapped and game.stack() == []
        assert game.player("A").pool["C"] == 3

    def test_the_copy_is_not_activated(self, cards: CardLibrary) -> None:
        # CR 707.10: a copy of an activated ability isn't activated: Rings triggers once.
        game = _game(cards, ("Basalt Monolith", "Rings of Brighthearth"), pool=5)
        _activate(game, "Basalt Monolith", "Untap")
        _resolve(game)
        game.apply(Choose("A", "yes"))
        assert game.state.triggered["Rings of Brighthearth"] == 1
        assert all(i.name == "Basalt Monolith" for i in game.stack())

    def test_declining_to_pay_makes_no_copy(self, cards: CardLibrary) -> None:
        # "If you do" (CR 608.2c): not paid, no copy.
        game = _game(cards, ("Basalt Monolith", "Rings of Brighthearth"), pool=5)
        _activate(game, "Basalt Monolith", "Untap")
        _resolve(game)
        game.apply(Choose("A", "no"))
        assert game.player("A").pool["C"] == 2
        assert [i.name for i in game.stack()] == ["Basalt Monolith"]

    def test_without_the_mana_yes_is_refused(self, cards: CardLibrary) -> None:
        # CR 118.3: {2} can't be paid with no mana (and Basalt Monolith tapped).
        game = _game(cards, ("Basalt Monolith", "Rings of Brighthearth"), pool=3)
        _monolith(game).tapped = True
        _activate(game, "Basalt Monolith", "Untap")
        _resolve(game)
        with pytest.raises(IllegalActionError, match=r"can't pay \{2\}"):
            game.apply(Choose("A", "yes"))

    def test_a_mana_ability_does_not_trigger_it(self, cards: CardLibrary) -> None:
        # The intervening "if it isn't a mana ability" (CR 603.4, 605.1a).
        game = _game(cards, ("Llanowar Elves", "Basalt Monolith", "Rings of Brighthearth"))
        elves = game.find("Llanowar Elves")
        assert elves is not None
        game.apply(ActivateManaAbility("A", elves.oid, 0))
        _activate(game, "Basalt Monolith", "Add")
        assert game.stack() == [] and game.state.triggered["Rings of Brighthearth"] == 0

    def test_an_opponents_activation_does_not_trigger_it(self, cards: CardLibrary) -> None:
        # "Whenever you activate": B's Rings does not see A's activation.
        game = _game(cards, ("Prodigal Pyromancer",), theirs=("Rings of Brighthearth",))
        _activate(game, "Prodigal Pyromancer", "damage", targets=("B",))
        assert [i.name for i in game.stack()] == ["Prodigal Pyromancer"]

    def test_the_copy_keeps_its_targets(self, cards: CardLibrary) -> None:
        # CR 707.10: the copy copies the targets; declining new ones (707.10c) keeps B.
        game = _game(cards, ("Prodigal Pyromancer", "Rings of Brighthearth"), pool=2)
        _activate(game, "Prodigal Pyromancer", "damage", targets=("B",))
        _resolve(game)
        game.apply(Choose("A", "yes"))                   # pay {2}
        game.apply(Choose("A", "no"))                    # keep the copy's target
        _resolve(game)
        _resolve(game)
        assert game.player("B").life == 18

    def test_new_targets_are_refused_not_ignored(self, cards: CardLibrary) -> None:
        game = _game(cards, ("Prodigal Pyromancer", "Rings of Brighthearth"), pool=2)
        _activate(game, "Prodigal Pyromancer", "damage", targets=("B",))
        _resolve(game)
        game.apply(Choose("A", "yes"))
        with pytest.raises(UnsupportedCardError, match="new targets for a copy"):
            game.apply(Choose("A", "yes"))
