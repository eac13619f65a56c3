"""Boards set up by hand (analyzer.simulate.board) and stepping through lines on them
(analyzer.simulate.play), with the starter set, real scenario files and a real deck."""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzer import services
from analyzer.decks.model import Section
from analyzer.errors import Cancelled
from analyzer.progress import CancelToken, run_job
from analyzer.rules import CardLibrary, PassPriority, Step, Zone
from analyzer.simulate.board import (
    BoardCard,
    BoardError,
    BoardSpec,
    PlayerBoard,
    build_game,
    playable_problem,
)
from analyzer.simulate.lines import Goal, search_lines_job
from analyzer.simulate.play import LinePlayer, board_place, board_snapshot
from tests.conftest import SHARED

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SPLINTER = Path("data") / "decks" / "text" / "splinter_radical_rat_ninjas_commander.txt"


@pytest.fixture(scope="module")
def starter() -> CardLibrary:
    return CardLibrary.starter()


class TestBoardSpec:
    def test_round_trip_with_states(self) -> None:
        spec = (BoardSpec()
                .with_card("A", Zone.BATTLEFIELD, BoardCard("Island", tapped=True, id="I1"))
                .with_card("A", Zone.BATTLEFIELD, BoardCard(
                    "Grizzly Bears", summoning_sick=True, counters=(("+1/+1", 2),)))
                .with_card("A", Zone.LIBRARY, "Island")
                .with_card("B", Zone.GRAVEYARD, "Lightning Bolt")
                .with_life("B", 7).with_turn(active="B", step=Step.DECLARE_ATTACKERS, turn=4))
        mapping = spec.to_mapping()
        assert mapping["turn"] == {"active": "B", "step": "declare_attackers", "number": 4}
        assert mapping["players"]["A"]["battlefield"] == [
            {"card": "Island", "id": "I1", "tapped": True},
            {"card": "Grizzly Bears", "summoning_sick": True, "counters": {"+1/+1": 2}}]
        # the given library card above the default filler of Wastes
        assert mapping["players"]["A"]["library"] == ["Island", "Wastes x30"]
        assert "library" not in mapping["players"]["B"]   # the runner's own filler
        assert BoardSpec.from_mapping(mapping) == spec

    def test_count_entries_and_ids(self) -> None:
        board = PlayerBoard.from_mapping({"battlefield": ["Swamp x2", {
            "card": "Island", "count": 2, "id": "Isle"}]})
        assert [c.card for c in board.battlefield] == ["Swamp", "Swamp", "Island", "Island"]
        # the scenario runner names the copies of an id "<id> 1", "<id> 2"
        assert [c.id for c in board.battlefield[2:]] == ["Isle 1", "Isle 2"]

    def test_edits_return_new_boards(self) -> None:
        spec = BoardSpec().with_card("A", Zone.BATTLEFIELD, "Island")
        edited = spec.with_card_state("A", Zone.BATTLEFIELD, 0, tapped=True)
        assert spec.player("A").battlefield == (BoardCard("Island"),)
        assert edited.player("A").battlefield == (BoardCard("Island", tapped=True),)
        assert edited.without_card("A", Zone.BATTLEFIELD, 0).player("A").battlefield == ()
        top = spec.with_card("A", Zone.LIBRARY, "Swamp").with_card("A", Zone.LIBRARY,
                                                                   "Forest", 0)
        assert [c.card for c in top.player("A").library] == ["Forest", "Swamp"]

    @pytest.mark.parametrize(("call", "message"), [
        (lambda s: s.player("C"), "no player 'C' on the board; players are A, B"),
        (lambda s: s.without_card("A", Zone.HAND, 0), "A's hand has no card 1"),
        (lambda s: s.with_card("A", Zone.STACK, "Island"), "a board sets up hand"),
        (lambda s: s.with_turn(turn=0), "a turn number is 1 or more, not 0"),
        (lambda s: s.with_turn(active="Z"), "no player 'Z'"),
    ])
    def test_bad_edits(self, call, message: str) -> None:  # type: ignore[no-untyped-def]
        with pytest.raises(BoardError, match=message):
            call(BoardSpec())

    @pytest.mark.parametrize(("players", "message"), [
        ({"A": {}}, "at least two players"),
        ({"A": {"hand": [{"name": "X"}]}, "B": {}}, r"players\.A: hand: each entry is a card"),
        ({"A": {"hands": []}, "B": {}}, r"players\.A: hands: unknown key"),
        ({"A": {"battlefield": [{"card": "X", "tapped": "yes"}]}, "B": {}},
         "tapped: true or false, not 'yes'"),
        ({"A": {"battlefield": [{"card": "X", "count": 0}]}, "B": {}}, "count: a number"),
        ({"A": {"life": "20"}, "B": {}}, "life: a whole number, not '20'"),
    ])
    def test_bad_mappings(self, players: dict[str, object], message: str) -> None:
        with pytest.raises(BoardError, match=message):
            BoardSpec.from_mapping({"players": players})

    def test_unknown_step(self) -> None:
        with pytest.raises(BoardError, match="unknown step 'lunch'"):
            BoardSpec.from_mapping({"turn": {"step": "lunch"}, "players": {"A": {}, "B": {}}})


class TestBuildGame:
    def test_zones_states_and_turn(self, starter: CardLibrary) -> None:
        spec = (BoardSpec()
                .with_card("A", Zone.BATTLEFIELD, BoardCard("Grizzly Bears", tapped=True,
                                                            counters=(("+1/+1", 1),)))
                .with_card("A", Zone.HAND, "Lightning Bolt")
                .with_card("B", Zone.LIBRARY, "Island").with_life("B", 5)
                .with_turn(step=Step.MAIN2, turn=2))
        game = build_game(spec, starter)
        (bears,) = game.battlefield()
        assert (bears.card, bears.tapped, bears.counters["+1/+1"]) == ("Grizzly Bears", True, 1)
        assert [game.obj(o).card for o in game.player("A").hand] == ["Lightning Bolt"]
        # B's library: the given Island on top of 30 Wastes (SCENARIO_FORMAT.md)
        library = [game.obj(o).card for o in game.player("B").library]
        assert library[0] == "Island" and library[1:] == ["Wastes"] * 30
        assert (game.player("B").life, game.step, game.state.turn) == (5, Step.MAIN2, 2)
        # the Grizzly Bears 2/2 with a +1/+1 counter is 3/3 (CR 613.4c)
        view = board_snapshot(game).player("A").zone(Zone.BATTLEFIELD).objects[0]
        assert (view.pt, view.state) == ("3/3", "tapped, 1 +1/+1")

    def test_summoning_sickness_shown_as_the_rules_apply_it(self, starter: CardLibrary) -> None:
        spec = (BoardSpec()
                .with_card("A", Zone.BATTLEFIELD, BoardCard("Grizzly Bears", summoning_sick=True))
                .with_card("A", Zone.BATTLEFIELD, BoardCard("Raging Goblin", summoning_sick=True))
                .with_card("A", Zone.BATTLEFIELD, BoardCard("Island", summoning_sick=True)))
        views = board_snapshot(build_game(spec, starter)).player("A").zone(
            Zone.BATTLEFIELD).objects
        # CR 302.6 concerns creatures; Raging Goblin has haste (702.10b); an Island is no
        # creature, so it is not shown as sick
        assert [v.summoning_sick for v in views] == [True, False, False]
        assert views[0].state == "summoning sick" and views[2].pt == ""

    @pytest.mark.parametrize("name", ["Lightning Bolt", "Fire // Ice"])
    def test_instants_and_sorceries_are_never_permanents(self, starter: CardLibrary,
                                                          name: str) -> None:
        # CR 304.4 / 307.4: an instant or sorcery card can't enter the battlefield
        from analyzer.cards.model import Face
        from tests.conftest import make_card

        halves = [Face(name=n, mana_cost=c, type="Instant", types=("Instant",))
                  for n, c in (("Fire", "{1}{R}"), ("Ice", "{1}{U}"))]
        split = make_card("Fire // Ice", layout="split", faces=halves)
        cards = CardLibrary.of([starter.get(n).card for n in ("Lightning Bolt", "Wastes")]
                               + [split])
        spec = BoardSpec().with_card("A", Zone.BATTLEFIELD, name)
        with pytest.raises(BoardError, match=r"instant.*can't be on the battlefield.*CR 304\.4"):
            build_game(spec, cards)
        # in a hand it is fine, and the rules core's playability check says so
        if name == "Lightning Bolt":
            build_game(BoardSpec().with_card("A", Zone.HAND, name), cards)
            assert playable_problem(name, cards) is None

    def test_only_permanents_are_tapped_or_summoning_sick(self) -> None:
        # CR 110.5: tapped and untapped are states of permanents; CR 302.6 likewise
        spec = BoardSpec().with_card("A", Zone.HAND, "Grizzly Bears")
        with pytest.raises(BoardError, match=r"only permanents.*CR 110\.5"):
            spec.with_card_state("A", Zone.HAND, 0, tapped=True)
        with pytest.raises(BoardError, match=r"only permanents.*CR 302\.6"):
            spec.with_card_state("A", Zone.HAND, 0, summoning_sick=True)
        spec = BoardSpec().with_card("A", Zone.BATTLEFIELD, "Grizzly Bears")
        assert spec.with_card_state("A", Zone.BATTLEFIELD, 0, tapped=True).player(
            "A").battlefield[0].tapped

    @pytest.mark.parametrize(("step", "rule"), [(Step.UNTAP, "117.3a"), (Step.CLEANUP, "514.3")])
    def test_no_board_starts_where_nobody_gets_priority(self, step: Step, rule: str) -> None:
        # CR 117.3a: no player receives priority during the untap step; CR 514.3: normally
        # none during the cleanup step - a start board gives the active player priority
        with pytest.raises(BoardError, match=rf"CR {rule}"):
            BoardSpec().with_turn(step=step)
        assert BoardSpec().with_turn(step=Step.UPKEEP).step is Step.UPKEEP

    def test_unknown_card(self, starter: CardLibrary) -> None:
        spec = BoardSpec().with_card("A", Zone.HAND, "No Such Card")
        with pytest.raises(BoardError, match="no card named 'No Such Card'"):
            build_game(spec, starter)

    def test_scenario_board_is_the_runners_board(self, starter: CardLibrary) -> None:
        # NIN-01's start: A has Grizzly Bears and two Islands, Ninja of the Deep Hours in
        # hand; B two Islands and Counterspell in hand (tests/scenarios/NIN-01.yaml)
        spec = BoardSpec.from_scenario_file(SCENARIOS / "NIN-01.yaml")
        snapshot = board_snapshot(build_game(spec, starter))
        a, b = snapshot.player("A"), snapshot.player("B")
        assert [o.name for o in a.zone(Zone.BATTLEFIELD).objects] == [
            "Grizzly Bears", "A's Island 1", "A's Island 2"]
        assert [o.card for o in a.zone(Zone.HAND).objects] == ["Ninja of the Deep Hours"]
        assert [o.card for o in b.zone(Zone.HAND).objects] == ["Counterspell"]
        assert (snapshot.step, snapshot.turn, a.active, a.priority) == (Step.MAIN1, 1, True,
                                                                        True)

    def test_scenario_errors(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.yaml"
        bad.write_text("id: X\nactions: []\n", encoding="utf-8")
        with pytest.raises(BoardError, match=r"bad\.yaml: no scenario with 'players'"):
            BoardSpec.from_scenario_file(bad)
        with pytest.raises(BoardError, match="can't read the file"):
            BoardSpec.from_scenario_file(tmp_path / "missing.yaml")


class TestLinePlayer:
    def test_forward_back_reset_and_manual_play(self, starter: CardLibrary) -> None:
        spec = BoardSpec.from_scenario_file(SCENARIOS / "NIN-01.yaml")
        player = LinePlayer(build_game(spec, starter))
        start = player.game.fingerprint()
        player.load([PassPriority("A"), PassPriority("B")])
        assert player.forward() is not None and player.game.priority == "B"
        assert player.forward() is not None
        # both passed with an empty stack: the beginning of combat step (CR 117.4, 500.2)
        assert player.game.step is Step.BEGINNING_OF_COMBAT
        assert player.forward() is None and not player.can_forward
        assert player.back() and player.game.priority == "B"
        player.reset()
        assert player.position == 0 and player.game.fingerprint() == start
        assert player.log() == []
        # a manual action that differs from the script's next replaces the rest
        mana = next(c for c in player.legal_actions() if "mana ability" in c.words)
        player.play(mana.action)
        assert [w for _, w in player.script] == [mana.words]
        assert board_snapshot(player.game).player("A").pool == "{U}"
        assert player.back() and board_snapshot(player.game).player("A").pool == ""

    def test_board_place_maps_objects_to_the_spec(self, starter: CardLibrary) -> None:
        spec = BoardSpec.from_scenario_file(SCENARIOS / "NIN-01.yaml")
        game = build_game(spec, starter)
        island_2 = next(o for o in game.battlefield() if o.alias == "A's Island 2")
        assert board_place(game, island_2.oid) == ("A", Zone.BATTLEFIELD, 2)
        assert spec.player("A").battlefield[2].id == "A's Island 2"

    def test_found_line_replays_on_a_board_set_up_the_same_way(
            self, starter: CardLibrary) -> None:
        spec = BoardSpec.from_scenario_file(SCENARIOS / "NIN-01.yaml")
        report = run_job(search_lines_job(build_game(spec, starter), Goal.parse("damage")))
        best = report.lines[0]
        # Grizzly Bears (2/2) or the Ninja of the Deep Hours (2/2) it becomes: 2 damage;
        # NIN-01 expects B at 18 after its ninjutsu line
        assert best.score == 2 and best.result == "B: 20 → 18"
        player = LinePlayer(build_game(spec, starter))
        player.load(best.moves, best.actions)
        while player.can_forward:
            player.forward()
        assert player.game.player("B").life == 18
        assert len(best.moves) == len(best.actions)

    def test_search_cancel_leaves_the_game(self, starter: CardLibrary) -> None:
        game = build_game(BoardSpec.from_scenario_file(SCENARIOS / "NIN-01.yaml"), starter)
        before = game.fingerprint()
        token = CancelToken()
        job = search_lines_job(game, Goal.parse("damage"), cancel=token)
        next(job)   # the first progress report: the search is under way
        token.cancel()
        with pytest.raises(Cancelled):
            run_job(job)
        assert game.fingerprint() == before


@pytest.mark.shared
class TestRealDeck:
    def test_playable_problem(self, real_db) -> None:  # type: ignore[no-untyped-def]
        cards = services.lines_card_library(real_db)
        assert playable_problem("Island", cards) is None
        # Arcane Signet: "one mana of any color in your commander's color identity" is
        # played (CR 903.4; none without a commander, 903.4f); Turtle Lair's restricted
        # mana (CR 106.6) is not.
        assert playable_problem("Arcane Signet", cards) is None
        assert "Spend this mana only" in str(playable_problem("Turtle Lair", cards))

    def test_sample_hand_board(self, real_db, shared: Path) -> None:  # type: ignore[no-untyped-def]
        deck = services.read_deck(real_db, shared / SPLINTER)
        cards = services.lines_card_library(real_db)
        sample = run_job(services.deck_sample_board_job(real_db, deck, cards, seed=4, turn=3))
        a = sample.board.player("A")
        left = {line.partition(":")[0] for line in sample.left_out}
        assert "Turtle Lair" in left and "Arcane Signet" not in left and "Island" not in left
        playable = sum(n for card, n in deck.main_and_commander() if card.name not in left)
        assert len(a.hand) + len(a.battlefield) + len(a.library) == playable
        assert a.filler == 0   # the library is the rest of the deck
        # on the play, turn 3: 7 cards + 2 draws seen (CR 103.8a) are in hand or on the
        # battlefield; commanders start in hand
        commanders = sum(n for card, n in deck.cards(Section.COMMANDER)
                         if card.name not in left)
        assert len(a.hand) + len(a.battlefield) == 9 + commanders
        again = run_job(services.deck_sample_board_job(real_db, deck, cards, seed=4, turn=3))
        assert again.board == sample.board
        assert board_snapshot(sample.game).player("A").zone(Zone.HAND).objects


def _scenario_files() -> list[Path]:
    shared = SHARED / "rules" / "examples"   # empty when ../shared is absent
    return sorted(SCENARIOS.glob("*.yaml")) + sorted(shared.glob("*.yaml"))


@pytest.mark.parametrize("path", _scenario_files(), ids=lambda p: p.name)
def test_every_scenario_board_reads_back_to_the_runners_game(path: Path) -> None:
    """A scenario file's start board, read into a BoardSpec and set up, is the game the
    scenario runner's own setup makes of the file (the combo engine's ComboBoard uses it):
    the same state, object for object (Game.fingerprint)."""
    from analyzer.combos.engine import ComboBoard, Unplayable
    from analyzer.rules.cards import inline_card
    from analyzer.rules.scenario_file import load_documents
    from analyzer.simulate.lines import scenario_board

    document = next(d for d in load_documents(path.read_text(encoding="utf-8"), str(path))
                    if "players" in d)
    spec = BoardSpec.from_scenario_file(path)
    theirs_cards, ours_cards = CardLibrary.starter(), CardLibrary.starter()
    for entry in document.get("cards") or []:
        theirs_cards.define(inline_card(
            str(entry["name"]), str(entry.get("mana_cost", "") or ""), str(entry["type"]),
            str(entry.get("text", "") or ""),
            None if entry.get("power") is None else str(entry["power"]),
            None if entry.get("toughness") is None else str(entry["toughness"]),
            None if entry.get("loyalty") is None else str(entry["loyalty"])))
    try:
        theirs = ComboBoard(scenario_board(document), theirs_cards, str(path)).game
    except Unplayable:
        with pytest.raises(BoardError):
            build_game(spec, ours_cards)
        return
    ours = build_game(spec, ours_cards)
    assert ours.fingerprint() == theirs.fingerprint()
    assert BoardSpec.from_mapping(spec.to_mapping()) == spec
