"""The card browser's analyzer side: result summaries, their first page, completion.

Real-input tests compare with the shared AtomicCards file (``shared_cards``) or with
:func:`run_search`, whose answers tests/cards/test_search_real.py checks against the JSON.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.db.repository import insert_cards
from analyzer.cards.db.schema import PrintingRow
from analyzer.cards.model import Face
from analyzer.cards.search import run_search
from analyzer.cards.search.complete import (
    CompletionKind,
    Vocabulary,
    card_name_suggestions,
    complete_at,
    database_vocabulary,
    vocabulary_job,
)
from analyzer.cards.search.results import (
    CardSummary,
    search_summaries,
    search_summaries_job,
)
from analyzer.cards.search.syntax import FORMATS, RARITY_ORDER, Field, IsValue
from analyzer.errors import Cancelled, SearchSyntaxError
from analyzer.progress import CancelToken, run_job
from tests.conftest import make_card

QUERIES = [
    "t:ninja c:b", 'o:"draw a card" t:instant mv<=1', "bolt", '"fire // ice" or !Ice',
    "id<=esper is:commander", "pow>tou t:dragon", "pow=0 tou>=6", "is:split or is:mdfc",
    "(t:goblin or t:elf) c:r -c:g pow>=3", "is:dfc t:werewolf", "c<=ug t:merfolk",
    "is:phyrexian -(t:artifact or t:creature)", "t:battle", "t:planeswalker c:u",
]


@pytest.fixture(scope="module")
def real(real_db_url: str) -> Iterator[Database]:
    db = services.open_database(real_db_url, seed=False)
    yield db
    db.dispose()


@pytest.fixture
def session(real: Database) -> Iterator[Session]:
    with real.session() as s:
        yield s


# -- summaries ---------------------------------------------------------------------------

@pytest.mark.shared
class TestSearchSummaries:
    @pytest.mark.parametrize("query", QUERIES)
    def test_the_same_cards_in_the_same_order_as_run_search(self, session, query):
        expected = [c.id for c in run_search(session, query)]
        found = search_summaries(session, query)
        assert [s.id for s in found.cards] == expected
        assert found.complete and found.query == query

    @pytest.mark.parametrize("query", ["mv>=0", "t:creature", "o:draw", "t:ninja c:b"])
    def test_a_limit_gives_the_first_cards_by_name(self, session, query):
        whole = search_summaries(session, query)
        first = search_summaries(session, query, limit=200)
        assert [s.id for s in first.cards] == [s.id for s in whole.cards[:200]]
        assert first.complete is (len(whole.cards) <= 200)

    def test_every_card_when_every_card_matches(self, session, shared_cards):
        # every card but the melded permanents' back faces (CR 712.4, see TestMeldResults)
        assert len(search_summaries(session, "mv>=0").cards) == \
            len(shared_cards) - len(_meld_results(shared_cards))

    def test_fields_come_from_the_card_data(self, session, shared_cards):
        by_name = {s.name: s for s in search_summaries(session, "t:ninja or is:split or "
                                                                "t:planeswalker or t:battle").cards}
        for name in ("Fire // Ice", "Splinter, Hamato Yoshi", "Jace Beleren",
                     "Invasion of Innistrad // Deluge of the Dead"):
            card, summary = shared_cards[name], by_name[name]
            costs = [f.mana_cost for f in card.faces if f.mana_cost]
            assert summary.mana_cost == " // ".join(costs)
            assert summary.mana_value == card.mana_value
            assert summary.type_line == " // ".join(f.type for f in card.faces)
            assert summary.identity == "".join(c for c in "WUBRG" if c in card.color_identity)
            front = card.faces[0]
            assert (summary.power, summary.toughness, summary.loyalty, summary.defense) == (
                front.power, front.toughness, front.loyalty, front.defense)
        assert by_name["Fire // Ice"].mana_cost == "{1}{R} // {1}{U}"
        assert by_name["Jace Beleren"].stats == "Loyalty 3"
        assert by_name["Splinter, Hamato Yoshi"].stats == (
            f"{shared_cards['Splinter, Hamato Yoshi'].power}/"
            f"{shared_cards['Splinter, Hamato Yoshi'].toughness}")

    def test_malformed_query_raises_with_the_token(self, session):
        with pytest.raises(SearchSyntaxError) as info:
            search_summaries(session, "t:elf tx:goblin")
        assert (info.value.offset, info.value.length) == (6, 2)

    def test_rarity_needs_printings(self, session):
        with pytest.raises(SearchSyntaxError, match="printings"):
            search_summaries(session, "t:elf r:rare")

    def test_a_cancelled_search_stops(self, session):
        token = CancelToken()
        token.cancel()
        with pytest.raises(Cancelled):
            search_summaries(session, "mv>=0", cancel=token)

    def test_the_job_reports_and_returns(self, real):
        found = run_job(search_summaries_job(real, "t:ninja c:b", limit=5))
        assert len(found.cards) == 5 and not found.complete

    def test_the_job_refuses_a_malformed_query_before_the_database(self, real):
        with pytest.raises(SearchSyntaxError, match="unclosed"):
            run_job(search_summaries_job(real, 't:"ninja'))


class TestRarities:
    def test_rarities_of_the_printings_lowest_first(self, tmp_path):
        db = Database(f"sqlite:///{tmp_path / 'r.sqlite'}")
        cards = [make_card("Alpha Elf", types=("Creature",), subtypes=("Elf",)),
                 make_card("Beta Elf", types=("Creature",), subtypes=("Elf",))]
        with db.session() as s:
            insert_cards(s, cards)
            s.add_all([PrintingRow(card_id="Alpha Elf", name="Alpha Elf", set_code=code,
                                   rarity=rarity)
                       for code, rarity in (("AAA", "rare"), ("BBB", "common"),
                                            ("CCC", "rare"))])
        with db.session() as s:
            found = search_summaries(s, "t:elf")
            by_name = {c.name: c for c in found.cards}
            assert found.has_rarities
            assert by_name["Alpha Elf"].rarities == ("common", "rare")
            assert by_name["Alpha Elf"].rarity == "common, rare"
            assert by_name["Beta Elf"].rarities == ()
            assert by_name["Beta Elf"].rarity_rank == len(RARITY_ORDER)
            assert [c.name for c in search_summaries(s, "r:rare").cards] == ["Alpha Elf"]
        db.dispose()

    def test_without_printings_no_rarity(self, tmp_path):
        db = Database(f"sqlite:///{tmp_path / 'n.sqlite'}")
        with db.session() as s:
            insert_cards(s, [make_card("Lone Elf", subtypes=("Elf",))])
        with db.session() as s:
            found = search_summaries(s, "t:elf")
        assert not found.has_rarities and found.cards[0].rarities == ()
        db.dispose()


class TestSummary:
    def test_stats_of_each_kind(self):
        base = dict(id="x", name="X", mana_cost="", mana_value=0.0, type_line="")
        assert CardSummary(**base, power="*", toughness="1+*").stats == "*/1+*"
        assert CardSummary(**base, loyalty="4").stats == "Loyalty 4"
        assert CardSummary(**base, defense="5").stats == "Defense 5"
        assert CardSummary(**base).stats == ""
        assert CardSummary(**base, identity="WUBRG").identity_symbols == "{W}{U}{B}{R}{G}"


# -- completion --------------------------------------------------------------------------

VOCAB = Vocabulary(types=("Creature", "Elf", "Legendary", "Ninja", "Time Lord"),
                   keywords=("First strike", "Flying", "Ninjutsu"))


def texts(query: str, cursor: int | None = None) -> list[str]:
    found = complete_at(query, len(query) if cursor is None else cursor, VOCAB)
    return [s.text for s in found.suggestions]


class TestCompleteAt:
    def test_a_bare_word_offers_field_keys(self):
        assert texts("t") == ["t:", "tou=", "type:", "toughness="]  # canonical keys first
        assert texts("o") == ["o:", "oracle:"]
        assert "kw:" in texts("k") and "keyword:" in texts("k")
        assert texts("mv") == ["mv="]  # numbers are compared

    def test_every_field_keyword_is_offered(self):
        from analyzer.cards.search.syntax import FIELD_ALIASES

        offered = {s.text.rstrip(":=") for letter in "abcdefghijklmnopqrstuvwxyz"
                   for s in complete_at(letter, 1, VOCAB).suggestions}
        assert offered == set(FIELD_ALIASES)

    def test_values_of_the_field_being_typed(self):
        assert texts("t:nin") == ["Ninja"]
        assert texts("c:b t:") == ["Creature", "Elf", "Legendary", "Ninja", '"Time Lord"']
        assert texts("is:") == [v.value for v in IsValue]
        assert texts("f:mod") == ["modern", "premodern"]
        assert texts("f:") == list(FORMATS)
        assert texts("r:") == list(RARITY_ORDER)
        assert texts("id:dim") == ["dimir"]
        assert texts("pow>") == ["pow", "tou"]
        assert texts("mv>=") == []

    def test_values_with_spaces_are_quoted(self):
        assert texts("kw:fi") == ['"First strike"']
        found = complete_at('kw:"fi', 6, VOCAB)
        assert (found.start, found.end, found.prefix) == (3, 6, "fi")
        assert texts('t:"time l') == ['"Time Lord"']

    def test_the_range_replaced_is_the_word_under_the_cursor(self):
        found = complete_at("c:b t:ni mv=2", 8, VOCAB)
        assert (found.kind, found.field, found.start, found.end) == (
            CompletionKind.VALUE, Field.TYPE, 6, 8)
        middle = complete_at("t:ninja", 4, VOCAB)   # cursor inside the word
        assert (middle.start, middle.end, middle.prefix) == (2, 7, "ni")

    def test_negation_and_groups(self):
        assert complete_at("-t:eL", 5, VOCAB).suggestions[0].text == "Elf"
        assert complete_at("(t:le", 5, VOCAB).suggestions[0].text == "Legendary"

    def test_names(self):
        found = complete_at("t:elf !lig", 10, VOCAB)
        assert (found.kind, found.start, found.prefix) == (CompletionKind.NAME, 7, "lig")
        quoted = complete_at('"lightning b', 12, VOCAB)
        assert (quoted.kind, quoted.prefix) == (CompletionKind.NAME, "lightning b")
        assert complete_at("bolt", 4, VOCAB).kind is CompletionKind.FIELD

    def test_nothing_to_complete(self):
        for query in ("", "t:elf ", "zz:x", "mv>=3"):
            assert complete_at(query, len(query), VOCAB).suggestions == ()
        assert complete_at("", 0, VOCAB).kind is CompletionKind.NOTHING
        assert complete_at("abc", 99, VOCAB).end == 3   # cursor clamped


@pytest.mark.shared
class TestDatabaseVocabulary:
    def test_types_and_keywords_of_the_real_cards(self, session, shared_cards):
        vocab = database_vocabulary(session)
        types = {t for card in shared_cards.values() for face in card.faces
                 for t in (*face.supertypes, *face.types, *face.subtypes)}
        keywords = {k for card in shared_cards.values() for k in card.keywords}
        assert set(vocab.types) == types and len(vocab.types) == len(types)
        assert set(vocab.keywords) == keywords
        assert list(vocab.types) == sorted(types, key=str.casefold)
        assert {"Ninja", "Creature", "Legendary"} <= set(vocab.types)

    def test_the_job(self, real):
        assert "Ninjutsu" in run_job(vocabulary_job(real)).keywords


@pytest.mark.shared
class TestCardNameSuggestions:
    def test_names_starting_with_the_text_come_first(self, real, shared_cards):
        found = card_name_suggestions(real, "bolt", 40)
        starting = sorted((n for n in shared_cards if n.casefold().startswith("bolt")),
                          key=str.casefold)
        assert found[:len(starting)] == starting
        assert all("bolt" in n.casefold() for n in found)
        assert "Lightning Bolt" in card_name_suggestions(real, "lightning bo")

    def test_face_and_accent_insensitive(self, real):
        assert "Fire // Ice" in card_name_suggestions(real, "ice")
        assert any(n.startswith("Lim-Dûl") for n in card_name_suggestions(real, "lim-dul"))

    def test_limit_and_empty(self, real):
        assert len(card_name_suggestions(real, "a", 7)) == 7
        assert card_name_suggestions(real, "  ") == []
        assert card_name_suggestions(real, "zzzqqq") == []
        assert card_name_suggestions(real, "50%_") == []   # LIKE characters are literal


def test_face_fields_survive_insertion(tmp_path):
    """The summary of a card written by the repository (no real data needed)."""
    db = Database(f"sqlite:///{tmp_path / 'f.sqlite'}")
    front = Face(name="Front", mana_cost="{2}{G}", mana_value=3.0, colors=("G",),
                 type="Creature — Wolf", types=("Creature",), subtypes=("Wolf",),
                 power="3", toughness="2")
    back = Face(name="Back", type="Creature — Werewolf", types=("Creature",),
                subtypes=("Werewolf",), power="5", toughness="4", side="b")
    card = make_card("Front // Back", faces=(front, back), layout="transform",
                     mana_value=3.0)
    with db.session() as s:
        insert_cards(s, [card])
    with db.session() as s:
        (summary,) = search_summaries(s, "t:werewolf").cards
    assert summary.mana_cost == "{2}{G}"          # only the front has a cost
    assert summary.stats == "3/2" and summary.power_value == 3.0
    assert summary.type_line == "Creature — Wolf // Creature — Werewolf"
    db.dispose()


# -- meld results and regular expressions -------------------------------------------------


def _meld_results(shared_cards) -> set[str]:  # type: ignore[no-untyped-def]
    """Names the card file stores as a melded permanent's back face: layout ``meld``, every
    face ``side`` "b" (the meld pair's fronts are side "a")."""
    return {c.name for c in shared_cards.values()
            if c.layout == "meld" and all(f.side == "b" for f in c.faces)}


class TestMeldResults:
    """CR 712.4: a melded permanent's back faces are not cards a deck can hold."""

    def test_the_data_has_them(self, shared_cards) -> None:
        assert {"Brisela, Voice of Nightmares", "Chittering Host",
                "Hanweir, the Writhing Township"} <= _meld_results(shared_cards)

    @pytest.mark.parametrize("query", ["brisela", "t:eldrazi", "is:commander t:eldrazi",
                                       "mv>=0"])
    def test_left_out_by_default(self, session, shared_cards, query) -> None:
        melded = _meld_results(shared_cards)
        names = {s.name for s in search_summaries(session, query).cards}
        assert not names & melded
        assert not {c.name for c in run_search(session, query)} & melded

    def test_every_other_card_is_still_found(self, session, shared_cards) -> None:
        found = len(search_summaries(session, "mv>=0").cards)
        assert found == len(shared_cards) - len(_meld_results(shared_cards))

    def test_asked_for_explicitly(self, session, shared_cards) -> None:
        melded = _meld_results(shared_cards)
        assert melded <= {s.name for s in search_summaries(session, "is:meld").cards}
        exact = search_summaries(session, '!"Brisela, Voice of Nightmares"').cards
        assert [s.name for s in exact] == ["Brisela, Voice of Nightmares"]

    def test_the_rule_on_a_card(self, shared_cards) -> None:
        from analyzer.cards.search import is_meld_result

        assert is_meld_result(shared_cards["Brisela, Voice of Nightmares"])
        assert not is_meld_result(shared_cards["Lightning Bolt"])
        fronts = [c for c in shared_cards.values() if c.layout == "meld"
                  and c.name not in _meld_results(shared_cards)]
        assert fronts and not any(is_meld_result(c) for c in fronts)


class TestDeckSections:
    def test_sections_a_card_can_go_to(self, shared_cards) -> None:
        from analyzer.decks import deck_sections
        from analyzer.decks.model import Section

        assert Section.COMMANDER not in deck_sections(shared_cards["Fire // Ice"])
        assert Section.MAIN in deck_sections(shared_cards["Fire // Ice"])
        assert Section.COMMANDER in deck_sections(shared_cards["Splinter, Hamato Yoshi"])
        assert deck_sections(shared_cards["Brisela, Voice of Nightmares"]) == frozenset()


@pytest.mark.parametrize(("query", "offset"), [("o:/draw/", 2), ("t:goblin name:/^gob/", 14),
                                               ("/bolt/", 0)])
def test_regular_expressions_are_refused_at_the_slash(query: str, offset: int) -> None:
    from analyzer.cards.search import parse_query

    with pytest.raises(SearchSyntaxError) as err:
        parse_query(query)
    assert err.value.offset == offset and err.value.length == 1
    assert "regular expressions are not supported" in err.value.reason
    assert "quote" in err.value.hint


def test_a_quoted_slash_is_plain_text() -> None:
    from analyzer.cards.search import parse_query

    parse_query('o:"/draw/"')
    parse_query("fire // ice")


def test_name_sort_key_folds_accents() -> None:
    from analyzer.cards.search.results import name_sort_key

    names = ["Zombie Cutthroat", "Éowyn, Lady of Rohan", "Eowyn, Fearless", "Aether Vial",
             "Óin the Brave", "oil"]
    assert sorted(names, key=name_sort_key) == ["Aether Vial", "Eowyn, Fearless",
                                                "Éowyn, Lady of Rohan", "oil",
                                                "Óin the Brave", "Zombie Cutthroat"]
