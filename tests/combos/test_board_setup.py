"""A combo's start board set up as the scenario runner sets one up: card states that name
another permanent (``attached_to``, ``attacking``, ``blocked``, ``blocking``;
../shared/rules/SCENARIO_FORMAT.md "Cards in zones")."""

from __future__ import annotations

from typing import Any

import pytest

from analyzer.combos.engine import ComboBoard, Unplayable
from analyzer.combos.metrics import Metric
from analyzer.combos.model import ScenarioAction

pytestmark = pytest.mark.shared


def _board(cards: Any, a: dict[str, Any], b: dict[str, Any] | None = None,
           step: str = "main1") -> ComboBoard:
    start = {"turn": {"active": "A", "step": step}, "players": {"A": a, "B": b or {}}}
    return ComboBoard(start, cards, "test entry")


def _tap_pool_for_white(board: ComboBoard) -> None:
    board.play(ScenarioAction.from_mapping(
        {"mana": {"player": "A", "card": "Reflecting Pool", "choices": {"type": "W"}}}))


class TestAttachedTo:
    # Wild Growth: "Enchant land / Whenever enchanted land is tapped for mana, its controller
    # adds an additional {G}." Reflecting Pool: "{T}: Add one mana of any type that a land
    # you control could produce." With a Plains it makes {W}.

    def test_the_aura_is_attached_to_the_named_permanent(self, real_cards: Any) -> None:
        board = _board(real_cards, {"battlefield": [
            "Reflecting Pool", "Plains",
            {"card": "Wild Growth", "attached_to": "Reflecting Pool"}]})
        game = board.game
        aura, pool = game.find("Wild Growth"), game.find("Reflecting Pool")
        assert aura is not None and pool is not None
        assert aura.attached_to == pool.ref
        _tap_pool_for_white(board)
        assert board.measure(Metric.parse("mana:A:W")) == 1
        assert board.measure(Metric.parse("mana:A:G")) == 1

    def test_an_aura_on_another_land_adds_nothing_to_the_pool(self, real_cards: Any) -> None:
        # Only the enchanted land's tapping triggers Wild Growth.
        board = _board(real_cards, {"battlefield": [
            "Reflecting Pool", "Plains", {"card": "Wild Growth", "attached_to": "Plains"}]})
        _tap_pool_for_white(board)
        assert board.measure(Metric.parse("mana:A:W")) == 1
        assert board.measure(Metric.parse("mana:A:G")) == 0

    def test_a_host_not_on_the_battlefield_names_the_card_and_key(self, real_cards: Any
                                                                  ) -> None:
        with pytest.raises(Unplayable) as caught:
            _board(real_cards, {"battlefield": [
                "Plains", {"card": "Wild Growth", "attached_to": "Island"}]})
        text = str(caught.value)
        assert text.startswith("start board: 'Wild Growth': attached_to: ")
        assert "no permanent 'Island' on the battlefield" in text
        assert ":0:" not in text

    def test_an_aura_on_what_it_cannot_enchant_is_refused(self, real_cards: Any) -> None:
        # "Enchant land" (CR 303.4a, 702.5a): Grizzly Bears is a creature.
        with pytest.raises(Unplayable) as caught:
            _board(real_cards, {"battlefield": [
                "Grizzly Bears", {"card": "Wild Growth", "attached_to": "Grizzly Bears"}]})
        text = str(caught.value)
        assert text.startswith("start board: 'Wild Growth': ")
        assert "can't be attached to Grizzly Bears" in text


class TestCombatStates:
    # Grizzly Bears is a 2/2 (CR 510.1: combat damage equal to its power).

    def test_an_unblocked_attacker_deals_its_damage(self, real_cards: Any) -> None:
        board = _board(real_cards, {"battlefield": [
            {"card": "Grizzly Bears", "attacking": "B", "blocked": False}]},
            step="declare_blockers")
        assert board.measure(Metric.parse("attacking:Grizzly Bears")) == "B"
        board.play(ScenarioAction.from_mapping({"pass": {"until": "main2"}}))
        assert board.measure(Metric.parse("life:B")) == 18

    def test_a_blocked_attacker_deals_none_to_the_player(self, real_cards: Any) -> None:
        board = _board(
            real_cards,
            {"battlefield": [{"card": "Grizzly Bears", "id": "Attacker", "attacking": "B",
                              "blocked": True}]},
            {"battlefield": [{"card": "Grizzly Bears", "id": "Blocker",
                              "blocking": "Attacker"}]},
            step="declare_blockers")
        board.play(ScenarioAction.from_mapping({"pass": {"until": "main2"}}))
        assert board.measure(Metric.parse("life:B")) == 20
        # Each 2/2 dealt 2 damage to the other: both died (CR 704.5g).
        assert board.measure(Metric.parse("zone:Attacker")) == "graveyard"
        assert board.measure(Metric.parse("zone:Blocker")) == "graveyard"

    def test_attacking_a_player_who_is_not_there(self, real_cards: Any) -> None:
        with pytest.raises(Unplayable, match="'C' is not a player"):
            _board(real_cards, {"battlefield": [{"card": "Grizzly Bears", "attacking": "C"}]},
                   step="declare_attackers")
