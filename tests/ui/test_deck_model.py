"""The deck tree model: groups by card type, entries, unknown names in red."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from analyzer.cards.model import Card, Face
from analyzer.decks import Deck, DeckEntry, ParseIssue, ResolvedEntry, Section
from ui.models.deck_model import (
    CARD_ID_ROLE,
    CARD_ROLE,
    ENTRY_ROLE,
    IS_GROUP_ROLE,
    DeckGroup,
    DeckModel,
)

pytestmark = pytest.mark.gui


def card(name: str, types: tuple[str, ...], cost: str = "", mv: float = 0.0) -> Card:
    return Card(id=f"id-{name}", name=name, mana_value=mv,
                faces=(Face(name, mana_cost=cost, mana_value=mv, types=types,
                            type=" ".join(types)),))


BOLT = card("Lightning Bolt", ("Instant",), "{R}", 1)
GOBLIN = card("Goblin Guide", ("Creature",), "{R}", 1)
MOUNTAIN = card("Mountain", ("Land",))
KRENKO = card("Krenko, Mob Boss", ("Creature",), "{2}{R}{R}", 4)


def entry(c: Card | None, count: int, line: int, section: Section = Section.MAIN,
          name: str | None = None) -> ResolvedEntry:
    return ResolvedEntry(DeckEntry(name or (c.name if c else "?"), count, section, line), c)


@pytest.fixture
def small_deck() -> Deck:
    return Deck(
        entries=(entry(KRENKO, 1, 1, Section.COMMANDER), entry(BOLT, 4, 2),
                 entry(GOBLIN, 4, 3), entry(MOUNTAIN, 20, 4),
                 entry(None, 2, 5, name="Lightnig Bolt"), entry(BOLT, 1, 7, Section.SIDEBOARD)),
        issues=(ParseIssue(5, "Lightnig Bolt", "unknown card", ("Lightning Bolt",)),),
        name="Goblins")


class TestDeckModel:
    def test_passes_the_model_tester(self, qtmodeltester, small_deck):
        model = DeckModel()
        model.set_deck(small_deck)
        qtmodeltester.check(model)

    def test_empty_model_passes_too(self, qtmodeltester):
        model = DeckModel()
        qtmodeltester.check(model)
        model.set_deck(None)
        assert model.rowCount() == 0

    def test_groups_commander_first_then_types_then_sideboard(self, small_deck):
        model = DeckModel()
        model.set_deck(small_deck)
        labels = [model.data(model.index(r, 0)) for r in range(model.rowCount())]
        assert labels == ["Commander (1)", "Creatures (4)", "Instants (4)", "Lands (20)",
                          "Not found (2)", "Sideboard (1)"]
        assert model.data(model.index(0, 0), IS_GROUP_ROLE) is True
        assert isinstance(model.item_at(model.index(0, 0)), DeckGroup)

    def test_entry_columns_and_roles(self, small_deck):
        model = DeckModel()
        model.set_deck(small_deck)
        creatures = model.index(1, 0)
        row = [model.data(model.index(0, c, creatures)) for c in range(model.columnCount())]
        assert row == ["4", "Goblin Guide", "{R}", "1", "Creature"]
        index = model.index(0, 1, creatures)
        assert model.data(index, CARD_ROLE) is GOBLIN
        assert model.data(index, CARD_ID_ROLE) == "id-Goblin Guide"
        assert isinstance(model.data(index, ENTRY_ROLE), ResolvedEntry)
        assert model.data(index, Qt.ItemDataRole.UserRole + 99) is None

    def test_unknown_entry_is_red_with_its_issue_as_tooltip(self, small_deck):
        model = DeckModel()
        model.set_deck(small_deck)
        index = model.index(0, 1, model.index(4, 0))
        assert model.data(index) == "Lightnig Bolt"
        assert model.data(index, CARD_ROLE) is None
        assert model.data(index, Qt.ItemDataRole.ForegroundRole).color().name() == "#c62828"
        tooltip = model.data(index, Qt.ItemDataRole.ToolTipRole)
        assert "line 5" in tooltip and "Lightning Bolt" in tooltip

    def test_index_of_card_and_invalid_indexes(self, small_deck):
        model = DeckModel()
        model.set_deck(small_deck)
        index = model.index_of_card("id-Mountain")
        assert model.item_at(index).card is MOUNTAIN
        assert not model.index_of_card("nope").isValid()
        assert model.item_at(QModelIndex()) is None
        assert model.data(QModelIndex()) is None


@pytest.mark.shared
class TestRealDeck:
    def test_the_splinter_deck_passes_the_model_tester(self, qtmodeltester, splinter_analysis):
        model = DeckModel()
        model.set_deck(splinter_analysis.deck)
        qtmodeltester.check(model)
        counts = {model.item_at(model.index(r, 0)).title: model.item_at(model.index(r, 0)).count
                  for r in range(model.rowCount())}
        assert sum(counts.values()) == 100
        assert counts["Creatures"] > 20 and counts["Lands"] > 30
