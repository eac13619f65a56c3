"""Deck edits (analyzer.decks.edit): new values every time, counts and commanders checked,
undo by the deck before; and the recovery snapshot round trip (analyzer.decks.snapshot).

Expected values come from the operations' definitions and the Comprehensive Rules (a
commander is one legendary creature card, CR 903.3; two with partner, CR 702.124), never
from the code's output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer.decks import (
    MAX_COUNT,
    Deck,
    DeckEdit,
    DeckEditError,
    DeckEntry,
    ParseIssue,
    ResolvedEntry,
    Section,
    add_card,
    deck_from_snapshot,
    deck_list_of,
    deck_snapshot,
    entry_index,
    move_entry,
    new_deck,
    parse_deck_text,
    remove_entry,
    set_count,
    snapshot_card_ids,
)
from analyzer.errors import InputError


@pytest.fixture
def cards(card):  # type: ignore[no-untyped-def]
    return {
        "bolt": card("Lightning Bolt", types=("Instant",), mana_cost="{R}", mana_value=1),
        "krenko": card("Krenko, Mob Boss", types=("Creature",), supertypes=("Legendary",),
                       subtypes=("Goblin", "Warrior"), mana_value=4),
        "goblin": card("Goblin Guide", types=("Creature",), subtypes=("Goblin", "Scout")),
        "mountain": card("Mountain", types=("Land",), supertypes=("Basic",),
                         subtypes=("Mountain",)),
        "thrasios": card("Thrasios, Triton Hero", types=("Creature",),
                         supertypes=("Legendary",), text="Partner"),
        "tymna": card("Tymna the Weaver", types=("Creature",), supertypes=("Legendary",),
                      text="Partner"),
    }


@pytest.fixture
def deck(cards) -> Deck:  # type: ignore[no-untyped-def]
    """Krenko commander, 4 Bolt, 4 Goblin Guide, 20 Mountain, an unknown name, 1 Bolt side."""
    def entry(key: str | None, count: int, line: int, section: Section = Section.MAIN,
              name: str | None = None) -> ResolvedEntry:
        c = cards[key] if key else None
        return ResolvedEntry(DeckEntry(name or c.name, count, section, line), c)

    return Deck((entry("krenko", 1, 1, Section.COMMANDER), entry("bolt", 4, 2),
                 entry("goblin", 4, 3), entry("mountain", 20, 4),
                 entry(None, 2, 5, name="Lightnig Bolt"),
                 entry("bolt", 1, 7, Section.SIDEBOARD)),
                issues=(ParseIssue(5, "Lightnig Bolt", "no card is named 'Lightnig Bolt'"),),
                name="Goblins", path=Path("goblins.txt"), format="text")


def counts(deck: Deck) -> list[tuple[str, int, str]]:
    return [(e.name, e.count, e.section.label) for e in deck.entries]


class TestNewDeck:
    def test_is_empty_and_unsaved(self):
        deck = new_deck("Brew")
        assert deck.entries == () and deck.name == "Brew" and deck.path is None
        assert deck.total() == 0


class TestAddCard:
    def test_new_card_goes_last_under_its_oracle_name(self, deck, cards, card):
        shock = card("Shock", types=("Instant",))
        after = add_card(deck, shock, Section.MAIN, 2)
        assert counts(after)[-1] == ("Shock", 2, "main")
        assert after.entries[-1].card is shock
        assert len(after.entries) == len(deck.entries) + 1
        assert after.total() == deck.total() + 2

    def test_copies_join_the_entry_of_the_same_card_and_section(self, deck, cards):
        after = add_card(deck, cards["bolt"], count=3)
        assert after.entries[1].count == 7
        assert after.entries[1].entry.line_no == 2          # the file line is kept
        assert after.entries[5].count == 1                  # the sideboard Bolt untouched
        assert len(after.entries) == len(deck.entries)

    def test_the_same_card_in_another_section_is_another_entry(self, deck, cards):
        after = add_card(deck, cards["goblin"], Section.MAYBEBOARD)
        assert counts(after)[-1] == ("Goblin Guide", 1, "maybeboard")
        assert after.entries[2].count == 4

    def test_never_changes_the_deck_given(self, deck, cards):
        before = counts(deck)
        add_card(deck, cards["bolt"], count=2)
        set_count(deck, 1, 1)
        move_entry(deck, 1, Section.SIDEBOARD)
        remove_entry(deck, 1)
        assert counts(deck) == before

    @pytest.mark.parametrize("count", [0, -1, MAX_COUNT + 1])
    def test_refuses_counts_out_of_range(self, deck, cards, count):
        with pytest.raises(DeckEditError, match="Lightning Bolt"):
            add_card(deck, cards["bolt"], count=count)

    def test_refuses_a_total_above_the_maximum(self, deck, cards):
        with pytest.raises(DeckEditError, match=f"at most {MAX_COUNT}"):
            add_card(deck, cards["mountain"], count=MAX_COUNT - 10)

    def test_a_deck_error_is_an_input_error(self, deck, cards):
        with pytest.raises(InputError):
            add_card(deck, cards["bolt"], count=-2)


class TestCommander:
    def test_a_non_legendary_card_cannot_be_a_commander(self, deck, cards):
        with pytest.raises(DeckEditError, match=r"cannot be a commander.*903\.3"):
            add_card(deck, cards["goblin"], Section.COMMANDER)

    def test_one_copy_of_a_commander(self, deck, cards):
        with pytest.raises(DeckEditError, match="one copy"):
            add_card(deck, cards["krenko"], Section.COMMANDER)
        with pytest.raises(DeckEditError, match="one copy"):
            set_count(deck, 0, 2)

    def test_partners_make_two_commanders_and_no_more(self, cards):
        deck = add_card(new_deck(), cards["thrasios"], Section.COMMANDER)
        deck = add_card(deck, cards["tymna"], Section.COMMANDER)
        assert deck.total(Section.COMMANDER) == 2
        with pytest.raises(DeckEditError, match="at most 2 commanders"):
            add_card(deck, cards["krenko"], Section.COMMANDER)

    def test_moving_a_legend_to_the_command_zone_moves_one_copy(self, cards):
        deck = add_card(new_deck(), cards["krenko"], count=3)
        with pytest.raises(DeckEditError, match="one copy"):
            move_entry(deck, 0, Section.COMMANDER)
        moved = move_entry(deck, 0, Section.COMMANDER, count=1)
        assert counts(moved) == [("Krenko, Mob Boss", 2, "main"),
                                 ("Krenko, Mob Boss", 1, "commander")]

    def test_an_unknown_name_cannot_be_a_commander(self, deck):
        with pytest.raises(DeckEditError, match="Fix"):
            move_entry(deck, 4, Section.COMMANDER, count=1)

    def test_the_commander_can_leave_and_come_back(self, deck):
        out = move_entry(deck, 0, Section.MAIN)
        assert out.total(Section.COMMANDER) == 0
        back = move_entry(out, len(out.entries) - 1, Section.COMMANDER)
        assert back.total(Section.COMMANDER) == 1


class TestSetCount:
    def test_sets_the_count(self, deck):
        after = set_count(deck, 3, 17)
        assert after.entries[3].count == 17 and after.total() == deck.total() - 3

    def test_zero_removes_the_entry(self, deck):
        after = set_count(deck, 2, 0)
        assert "Goblin Guide" not in [e.name for e in after.entries]
        assert len(after.entries) == len(deck.entries) - 1

    @pytest.mark.parametrize("bad", [-1, MAX_COUNT + 1, 2.5, "3", True])
    def test_refuses_bad_counts(self, deck, bad):
        with pytest.raises(DeckEditError):
            set_count(deck, 1, bad)

    def test_unknown_index(self, deck):
        with pytest.raises(IndexError, match="no entry 99"):
            set_count(deck, 99, 1)


class TestRemove:
    def test_removing_an_unknown_name_drops_its_issue(self, deck):
        after = remove_entry(deck, 4)
        assert after.unresolved == () and after.issues == ()

    def test_removing_a_card_keeps_other_issues(self, deck):
        after = remove_entry(deck, 1)
        assert after.issues == deck.issues


class TestMove:
    def test_all_copies_to_the_sideboard_join_its_entry(self, deck):
        after = move_entry(deck, 1, Section.SIDEBOARD)
        assert next(e for e in after.entries if e.name == "Lightning Bolt").count == 5
        assert after.total(Section.SIDEBOARD) == 5
        assert after.total() == deck.total() - 4

    def test_some_copies_split_the_entry(self, deck):
        after = move_entry(deck, 3, Section.MAYBEBOARD, count=5)
        assert after.total() == deck.total() - 5
        assert counts(after)[-1] == ("Mountain", 5, "maybeboard")
        assert after.entries[3].count == 15

    def test_moving_more_copies_than_there_are(self, deck):
        with pytest.raises(DeckEditError, match="1 to 4"):
            move_entry(deck, 1, Section.SIDEBOARD, count=5)

    def test_moving_to_the_same_section_changes_nothing(self, deck):
        assert move_entry(deck, 1, Section.MAIN) is deck
        assert not DeckEdit.move(deck, 1, Section.MAIN).changed


class TestDeckEdit:
    def test_texts_name_the_card_and_the_change(self, deck, cards):
        assert DeckEdit.set_count(deck, 1, 3).text == "Set Lightning Bolt to 3"
        assert DeckEdit.set_count(deck, 1, 0).text == "Remove Lightning Bolt"
        assert DeckEdit.remove(deck, 2).text == "Remove Goblin Guide"
        assert DeckEdit.move(deck, 1, Section.SIDEBOARD).text == \
            "Move Lightning Bolt to Sideboard"
        assert DeckEdit.move(deck, 3, Section.SIDEBOARD, 2).text == \
            "Move 2 Mountain to Sideboard"
        assert DeckEdit.add(deck, cards["bolt"], Section.SIDEBOARD, 2).text == \
            "Add 2 Lightning Bolt to Sideboard"

    def test_undo_gives_back_the_very_deck(self, deck):
        edit = DeckEdit.set_count(deck, 1, 3)
        assert edit.do().entries[1].count == 3
        assert edit.undo() is deck

    def test_a_refused_edit_raises_before_anything(self, deck, cards):
        with pytest.raises(DeckEditError):
            DeckEdit.add(deck, cards["goblin"], Section.COMMANDER)

    def test_entry_index_is_by_identity(self, deck):
        assert entry_index(deck, deck.entries[3]) == 3
        copy = ResolvedEntry(deck.entries[3].entry, deck.entries[3].card)
        with pytest.raises(DeckEditError, match="no longer in the deck"):
            entry_index(deck, copy)


class TestSnapshot:
    def test_round_trip_keeps_cards_picked_by_hand(self, deck, cards):
        picked = ResolvedEntry(deck.entries[4].entry, cards["bolt"], '"Lightnig Bolt" picked')
        fixed = Deck((*deck.entries[:4], picked, *deck.entries[5:]), (), deck.name, deck.path,
                     deck.format)
        data = json.loads(json.dumps(deck_snapshot(fixed)))
        by_id = {c.id: c for c in cards.values()}
        assert snapshot_card_ids(data) == {"Krenko, Mob Boss", "Lightning Bolt",
                                           "Goblin Guide", "Mountain"}
        assert deck_from_snapshot(data, by_id) == fixed

    def test_a_missing_card_leaves_the_entry_unresolved(self, deck):
        data = deck_snapshot(deck)
        back = deck_from_snapshot(data, {})
        assert [e.card for e in back.entries] == [None] * len(deck.entries)
        assert counts(back) == counts(deck)

    def test_bad_snapshots_name_the_problem(self, deck):
        data = deck_snapshot(deck)
        with pytest.raises(InputError, match="version"):
            deck_from_snapshot({**data, "snapshot": 99}, {})
        data["entries"][2]["count"] = -3
        with pytest.raises(InputError, match=r"entry 3.*count -3"):
            deck_from_snapshot(data, {})
        with pytest.raises(InputError, match="entries"):
            snapshot_card_ids({"snapshot": 1})


@pytest.mark.shared
class TestRealDeck:
    """Edits on a real deck file against the real cards, written back and re-read."""

    def test_edit_save_and_read_back(self, shared, shared_cards, tmp_path):
        from analyzer.decks import write_deck_file

        path = shared / "data/decks/text/splinter_radical_rat_ninjas_commander.txt"
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        expected_total = sum(int(line.split(" ", 1)[0]) for line in lines)   # 100

        decklist = parse_deck_text(path.read_text(encoding="utf-8")).deck
        deck = Deck(tuple(ResolvedEntry(e, shared_cards.get(e.name)) for e in decklist.entries))
        assert deck.total() == expected_total
        bolt = shared_cards["Lightning Bolt"]
        counterspell = entry_index(deck, next(e for e in deck.entries
                                              if e.name == "Counterspell"))
        edited = move_entry(add_card(deck, bolt, Section.SIDEBOARD, 2), counterspell,
                            Section.MAYBEBOARD)
        target = tmp_path / "edited.txt"
        write_deck_file(deck_list_of(edited), target)
        again = parse_deck_text(target.read_text(encoding="utf-8")).deck
        assert again.total(Section.MAIN) == expected_total - 1
        assert again.total(Section.SIDEBOARD) == 2
        assert [(e.name, e.count) for e in again.entries if e.section is Section.MAYBEBOARD] \
            == [("Counterspell", 1)]
