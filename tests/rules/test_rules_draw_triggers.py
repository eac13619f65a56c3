"""Drawing cards and the triggers it feeds (CR 121, 603.2, 120.3): "Whenever you draw a card",
"Whenever an opponent draws a card", "Whenever enchanted creature deals damage to an
opponent", and the empty library (CR 121.4, 704.5b).

Cards are defined inline with their Oracle text as printed in AtomicCards.json.gz (Test
Alliance carries the wording of a draw trigger the rules core does not play).
"""

from __future__ import annotations

import pytest

from analyzer.rules import (
    ActivateAbility,
    CardLibrary,
    CastSpell,
    Choose,
    Game,
    PassPriority,
    Pending,
    Step,
    UnsupportedCardError,
    Zone,
)
from analyzer.rules.cards import inline_card

NIV = inline_card("Niv-Mizzet, the Firemind", "{2}{U}{U}{R}{R}",
                  "Legendary Creature — Dragon Wizard",
                  "Flying\nWhenever you draw a card, Niv-Mizzet, the Firemind deals 1 damage "
                  "to any target.\n{T}: Draw a card.", "4", "4")
CURIOSITY = inline_card("Curiosity", "{U}", "Enchantment — Aura",
                        "Enchant creature\nWhenever enchanted creature deals damage to an "
                        "opponent, you may draw a card.")
SPHINX = inline_card("Consecrated Sphinx", "{4}{U}{U}", "Creature — Sphinx",
                     "Flying\nWhenever an opponent draws a card, you may draw two cards.",
                     "4", "6")
DIVINATION = inline_card("Divination", "{2}{U}", "Sorcery", "Draw two cards.")
PYROMANCER = inline_card("Prodigal Pyromancer", "{2}{R}", "Creature — Human Wizard",
                         "{T}: This creature deals 1 damage to any target.", "1", "1")
ALLIANCE = inline_card("Test Alliance", "{U}{R}", "Enchantment",
                       "Whenever you draw your second card each turn, create a 1/1 blue "
                       "Faerie creature token with flying.")
ISLAND = inline_card("Island", "", "Basic Land — Island")


@pytest.fixture
def cards() -> CardLibrary:
    return CardLibrary.of([NIV, CURIOSITY, SPHINX, DIVINATION, PYROMANCER, ALLIANCE, ISLAND])


def _game(cards: CardLibrary, battlefield: tuple[str, ...], library: int = 5,
          hand: tuple[str, ...] = (), b_battlefield: tuple[str, ...] = ()) -> Game:
    game = Game(cards)
    for i in range(library):
        game.add("Island", Zone.LIBRARY, "A", alias=f"A library {i + 1}")
        game.add("Island", Zone.LIBRARY, "B", alias=f"B library {i + 1}")
    for name in battlefield:
        game.add(name, Zone.BATTLEFIELD, "A")
    for name in b_battlefield:
        game.add(name, Zone.BATTLEFIELD, "B")
    for name in hand:
        game.add(name, Zone.HAND, "A")
    if "Curiosity" in battlefield:
        host = next(o for o in game.battlefield() if o.card != "Curiosity"
                    and o.card != "Island")
        game.attach(game.find("Curiosity"), host)        # type: ignore[arg-type]
    game.start(Step.MAIN1, "A", 2)
    return game


def _resolve(game: Game) -> None:
    game.apply(PassPriority("A"))
    game.apply(PassPriority("B"))


def _tap_niv(game: Game) -> None:
    niv = game.find("Niv-Mizzet, the Firemind")
    assert niv is not None
    game.apply(ActivateAbility("A", niv.oid, 0))


class TestDrawing:
    def test_a_draw_takes_the_top_card_and_counts(self, cards: CardLibrary) -> None:
        # CR 121.1: the top card of the library goes to the hand.
        game = _game(cards, ("Niv-Mizzet, the Firemind",))
        top = game.obj(game.player("A").library[0])
        _tap_niv(game)
        _resolve(game)
        assert top.zone is Zone.HAND and top.oid in game.player("A").hand
        assert game.player("A").drawn == 1 and top.drawn == 1
        assert len(game.player("A").library) == 4

    def test_a_card_drawn_forgets_it_once_it_moves(self, cards: CardLibrary) -> None:
        # CR 400.7: the card in a new zone is a new object; "drawn" belongs to the hand.
        game = _game(cards, ())
        game.draw("A")
        card = game.obj(game.player("A").hand[0])
        game.move(card, Zone.GRAVEYARD)
        assert card.drawn == 0 and game.player("A").drawn == 1


class TestWheneverYouDraw:
    def test_each_card_drawn_triggers_niv_mizzet(self, cards: CardLibrary) -> None:
        # "Whenever you draw a card, ... deals 1 damage to any target": the target is
        # chosen as it goes on the stack (CR 603.3d); B loses 1 life (CR 120.3a).
        game = _game(cards, ("Niv-Mizzet, the Firemind",))
        _tap_niv(game)
        _resolve(game)
        assert game.pending is Pending.CHOICE
        game.apply(Choose("A", "B"))
        assert [i.name for i in game.stack()] == ["Niv-Mizzet, the Firemind"]
        _resolve(game)
        assert game.player("B").life == 19

    def test_draw_two_cards_is_two_draws(self, cards: CardLibrary) -> None:
        # CR 121.2: "Draw two cards" is two draws, so the ability triggers twice.
        game = _game(cards, ("Niv-Mizzet, the Firemind",), hand=("Divination",))
        for _ in range(3):
            game.add("Island", Zone.BATTLEFIELD, "A")
        game.state.players["A"].pool.update({"U": 3})
        divination = game.find("Divination")
        assert divination is not None
        game.apply(CastSpell("A", divination.oid))
        _resolve(game)
        game.apply(Choose("A", "B"))
        game.apply(Choose("A", "B"))
        assert len(game.stack()) == 2
        _resolve(game)
        _resolve(game)
        assert game.player("B").life == 18 and game.player("A").drawn == 2

    def test_an_opponents_draw_triggers_only_whenever_an_opponent_draws(
            self, cards: CardLibrary) -> None:
        # Consecrated Sphinx (B's): "Whenever an opponent draws a card, you may draw two
        # cards." A draws: it triggers; B draws two: Niv-Mizzet ("you", A) does not.
        game = _game(cards, ("Niv-Mizzet, the Firemind",),
                     b_battlefield=("Consecrated Sphinx",))
        _tap_niv(game)
        _resolve(game)
        game.apply(Choose("A", "B"))            # Niv-Mizzet's target
        names = [i.name for i in game.stack()]
        assert sorted(names) == ["Consecrated Sphinx", "Niv-Mizzet, the Firemind"]
        # APNAP (CR 603.3b): A's trigger goes on the stack first, B's on top.
        assert names[0] == "Consecrated Sphinx"
        _resolve(game)
        game.apply(Choose("B", "yes"))
        assert game.player("B").drawn == 2 and game.player("A").drawn == 1
        assert [i.name for i in game.stack()] == ["Niv-Mizzet, the Firemind"]

    def test_an_empty_library_draws_nothing_and_loses(self, cards: CardLibrary) -> None:
        # CR 121.4: no card is drawn, so nothing triggers; the player loses the next time
        # state-based actions are checked (CR 704.5b).
        game = _game(cards, ("Niv-Mizzet, the Firemind",), library=0)
        _tap_niv(game)
        _resolve(game)
        assert game.player("A").drawn == 0 and game.player("A").lost
        assert game.pending is Pending.GAME_OVER and game.stack() == []
        assert game.player("B").life == 20
        assert any("attempts to draw a card from an empty library" in str(e)
                   for e in game.log)

    def test_an_unplayed_draw_wording_is_refused_when_a_card_is_drawn(
            self, cards: CardLibrary) -> None:
        game = _game(cards, ("Niv-Mizzet, the Firemind", "Test Alliance"))
        _tap_niv(game)
        with pytest.raises(UnsupportedCardError, match=r"Test Alliance.*second card"):
            _resolve(game)


class TestCuriosity:
    def test_damage_to_an_opponent_lets_you_draw(self, cards: CardLibrary) -> None:
        # Niv-Mizzet (enchanted) deals 1 damage to B: Curiosity triggers; "you may draw a
        # card" (CR 608.2d); that draw triggers Niv-Mizzet again (CR 603.2).
        game = _game(cards, ("Niv-Mizzet, the Firemind", "Curiosity"))
        _tap_niv(game)
        _resolve(game)
        game.apply(Choose("A", "B"))
        _resolve(game)                            # 1 damage to B
        assert [i.name for i in game.stack()] == ["Curiosity"]
        _resolve(game)
        game.apply(Choose("A", "yes"))
        assert game.player("A").drawn == 2
        assert game.question is not None and "Niv-Mizzet" in game.question.prompt

    def test_you_may_decline(self, cards: CardLibrary) -> None:
        game = _game(cards, ("Niv-Mizzet, the Firemind", "Curiosity"))
        _tap_niv(game)
        _resolve(game)
        game.apply(Choose("A", "B"))
        _resolve(game)
        _resolve(game)
        game.apply(Choose("A", "no"))
        assert game.player("A").drawn == 1 and game.stack() == []

    def test_damage_to_yourself_is_not_damage_to_an_opponent(
            self, cards: CardLibrary) -> None:
        game = _game(cards, ("Niv-Mizzet, the Firemind", "Curiosity"))
        _tap_niv(game)
        _resolve(game)
        game.apply(Choose("A", "A"))
        _resolve(game)
        assert game.player("A").life == 19 and game.stack() == []

    def test_damage_by_a_creature_it_does_not_enchant(self, cards: CardLibrary) -> None:
        # Curiosity on Niv-Mizzet; Prodigal Pyromancer deals the damage: no trigger.
        game = _game(cards, ("Niv-Mizzet, the Firemind", "Curiosity", "Prodigal Pyromancer"))
        curiosity = game.find("Curiosity")
        niv = game.find("Niv-Mizzet, the Firemind")
        assert curiosity is not None and niv is not None and curiosity.attached_to == niv.ref
        pyromancer = game.find("Prodigal Pyromancer")
        assert pyromancer is not None
        game.apply(ActivateAbility("A", pyromancer.oid, 0, targets=("B",)))
        _resolve(game)
        assert game.player("B").life == 19 and game.stack() == []
