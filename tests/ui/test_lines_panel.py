"""The Lines tab end to end: set up a board from the real Splinter deck and from real
scenario files, search a goal, step through the line, play by hand, undo.

Expected values come from the scenario files and the deck list, not from the view: NIN-01
(tests/scenarios) starts with Grizzly Bears and two Islands for A, Ninja of the Deep Hours in
hand, B at 20 life, and its own line ends with B at 18 (2 combat damage); the shared
SNK-01 example holds Raging Goblin (1/1, haste) and Splinter, Hamato Yoshi (sneak {B}).
What the view shows is compared with the rules core's own state at each step.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication

from analyzer.cards.model import Card
from analyzer.rules import Zone
from analyzer.simulate.play import ObjectView, PlayerView, ZoneView
from tests.ui.conftest import save_copies
from ui.controllers import Controller
from ui.models.lines_model import (
    CARD_ROLE,
    ActionsModel,
    BoardModel,
    DeckCardsModel,
    FoundLinesModel,
    LogModel,
    ScriptModel,
    StackModel,
)
from ui.widgets.lines_panel import LinesPanel, LinesSession

pytestmark = [pytest.mark.gui, pytest.mark.shared]

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
TIMEOUT = 120_000


@pytest.fixture
def controller(card_db_url: str, qtbot):  # type: ignore[no-untyped-def]
    controller = Controller(card_db_url)
    assert controller.open_database()
    yield controller
    controller.shutdown()


@pytest.fixture
def panel(controller: Controller, qtbot, splinter_analysis):  # type: ignore[no-untyped-def]
    session = LinesSession(controller)
    panel = LinesPanel(session)
    qtbot.addWidget(panel)
    panel.resize(1300, 800)
    panel.show()
    qtbot.waitExposed(panel)
    session.set_deck(splinter_analysis.deck, splinter_analysis.analysed_cards)
    return panel


def _zone_rows(model: BoardModel, player: str, zone: Zone) -> list[ObjectView]:
    index = model.zone_index(player, zone)
    return [model.item_at(model.index(r, 0, index)) for r in range(model.rowCount(index))]


def _check_shown(session: LinesSession) -> None:
    """The board, stack and log the models show are the rules core's state now."""
    game = session.player.game
    model = session.board_model
    for row in range(model.rowCount()):
        view = model.item_at(model.index(row, 0))
        assert isinstance(view, PlayerView)
        assert view.life == game.player(view.name).life
        assert model.index(row, 1).data() == f"{view.life} life"
        battlefield = [o.oid for o in _zone_rows(model, view.name, Zone.BATTLEFIELD)]
        assert battlefield == [o.oid for o in game.battlefield()
                               if game.controller(o) == view.name]
        for obj in _zone_rows(model, view.name, Zone.BATTLEFIELD):
            assert obj.tapped == game.obj(obj.oid).tapped
        hand = [o.oid for o in _zone_rows(model, view.name, Zone.HAND)]
        assert hand == list(game.player(view.name).hand)
    assert session.stack_model.rowCount() == len(game.stack())
    assert session.log_model.rowCount() == len(game.log)
    if game.log:
        last = session.log_model.index(len(game.log) - 1, 1).data()
        assert last == str(game.log[-1])


class TestModels:
    def test_each_model_passes_the_model_tester(self, qtmodeltester, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
        # a ninjutsu line puts an ability on the stack: declare attackers, no blocks,
        # activate ninjutsu (NIN-01's actions 1-3)
        ninjutsu = None
        for _ in range(20):
            choices = session.actions_model.items()
            ninjutsu = next((c for c in choices if "Ninja of the Deep Hours" in c.words
                             and "activates" in c.words), None)
            if ninjutsu is not None:
                break
            attack = next((c for c in choices if c.words == "A attacks B with Grizzly Bears"),
                          None)
            no_blocks = next((c for c in choices if c.words == "B declares blockers: none"),
                             None)
            passing = next(c for c in choices if "passes priority" in c.words) \
                if attack is None and no_blocks is None else None
            assert session.play(attack or no_blocks or passing)
        assert ninjutsu is not None and session.play(ninjutsu)
        assert session.stack_model.rowCount() == 1
        assert "Ninja of the Deep Hours" in session.stack_model.index(0, 0).data()
        for model in (session.board_model, session.stack_model, session.log_model,
                      session.actions_model, session.script_model, session.deck_model):
            assert model.rowCount() > 0
            qtmodeltester.check(model)
        _search(qtbot, session, "damage")
        assert session.found_model.rowCount() >= 1
        qtmodeltester.check(session.found_model)

    def test_empty_models(self, qtmodeltester) -> None:  # type: ignore[no-untyped-def]
        for model in (BoardModel(), StackModel(), LogModel(), ActionsModel(), ScriptModel(),
                      FoundLinesModel(), DeckCardsModel()):
            qtmodeltester.check(model)
            assert model.data(QModelIndex()) is None


def _search(qtbot, session: LinesSession, goal: str) -> None:  # type: ignore[no-untyped-def]
    worker = session.search(goal)
    assert worker is not None
    with qtbot.waitSignal(worker.finished, timeout=TIMEOUT):
        pass
    qtbot.waitUntil(lambda: session.search_worker is None, timeout=5000)


class TestBoardSetup:
    def test_dropping_deck_cards_sets_up_the_board(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        deck = session.deck_model
        rows = {name: deck.row_of(name) for name in ("Island", "Mistblade Shinobi",
                                                    "Slither Blade")}
        assert all(row >= 0 for row in rows.values()), rows   # all three are in the list
        board = session.board_model
        # what a drag from the deck list carries, dropped on a zone as the view does
        for name, zone in (("Island", Zone.BATTLEFIELD), ("Slither Blade", Zone.BATTLEFIELD),
                           ("Mistblade Shinobi", Zone.HAND)):
            mime = deck.mimeData([deck.index(rows[name], 0)])
            target = board.zone_index("A", zone)
            assert board.canDropMimeData(mime, Qt.DropAction.CopyAction, -1, 0, target)
            assert board.dropMimeData(mime, Qt.DropAction.CopyAction, -1, 0, target)
        game = session.player.game
        assert [o.card for o in game.battlefield()] == ["Island", "Slither Blade"]
        assert [game.obj(o).card for o in game.player("A").hand] == ["Mistblade Shinobi"]
        _check_shown(session)
        # Slither Blade is a 1/2 creature (its printed power and toughness)
        blade = _zone_rows(board, "A", Zone.BATTLEFIELD)[1]
        assert (blade.card, blade.pt) == ("Slither Blade", "1/2")
        # tap the Island from the keyboard (T), then take the Blade off (Delete)
        panel.board_view.setFocus()
        panel.board_view.setCurrentIndex(board.object_index(
            _zone_rows(board, "A", Zone.BATTLEFIELD)[0].oid))
        qtbot.keyClick(panel.board_view, Qt.Key.Key_T)
        assert session.spec.player("A").battlefield[0].tapped
        assert session.player.game.battlefield()[0].tapped
        panel.board_view.setCurrentIndex(board.object_index(
            _zone_rows(board, "A", Zone.BATTLEFIELD)[1].oid))
        qtbot.keyClick(panel.board_view, Qt.Key.Key_Delete)
        assert [o.card for o in session.player.game.battlefield()] == ["Island"]
        panel.life_spins["B"].setValue(7)
        assert session.player.game.player("B").life == 7
        _check_shown(session)
        # dropped on the library itself, a card goes on top (above the filler Wastes)
        library = board.zone_index("A", Zone.LIBRARY)
        for name in ("Island", "Slither Blade"):
            mime = deck.mimeData([deck.index(rows[name], 0)])
            assert board.dropMimeData(mime, Qt.DropAction.CopyAction, -1, 0, library)
        game = session.player.game
        top = [game.obj(o).card for o in game.player("A").library]
        assert top[:3] == ["Slither Blade", "Island", "Wastes"] and len(top) == 32
        # a drag of cards the database does not know changes nothing
        from ui.dnd import card_mime
        unknown = card_mime([("no-such-id", "Nothing")])
        before = session.player.game.fingerprint()
        board.dropMimeData(unknown, Qt.DropAction.CopyAction, -1, 0, library)
        assert "not in the card database" in panel.message_label.text()
        assert session.player.game.fingerprint() == before

    def test_a_card_the_rules_core_cannot_play_is_refused(self, panel) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        deck, board = session.deck_model, session.board_model
        # Chromatic Lantern: 'Lands you control have "{T}: Add one mana of any color."', a
        # static ability the rules core refuses when the permanent is put on the board
        signet = deck.mimeData([deck.index(deck.row_of("Chromatic Lantern"), 0)])
        assert board.dropMimeData(signet, Qt.DropAction.CopyAction, -1, 0,
                                  board.zone_index("A", Zone.BATTLEFIELD))
        assert session.player.game.battlefield() == []
        assert "Chromatic Lantern" in panel.message_label.text()
        assert panel.message_label.text().startswith("Not set up:")

    def test_sample_hand(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        panel.seed_spin.setValue(4)
        with qtbot.waitSignal(session.changed, timeout=TIMEOUT):
            qtbot.mouseClick(panel.sample_button, Qt.MouseButton.LeftButton)
        a = session.spec.player("A")
        # on the play at turn 3, 7 + 2 cards were seen (CR 103.8a) from the deck
        assert len(a.hand) + len(a.battlefield) >= 9
        assert session.spec.step.key == "main1" and session.spec.turn == 3
        _check_shown(session)


class TestLines:
    def test_search_step_forward_and_back(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
        _check_shown(session)
        assert panel.goal_combo.currentData() == "damage"
        qtbot.mouseClick(panel.search_button, Qt.MouseButton.LeftButton)
        worker = session.search_worker
        assert worker is not None and panel.cancel_button.isEnabled()
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT):
            pass
        qtbot.waitUntil(lambda: session.search_worker is None, timeout=5000)
        assert session.found_model.rowCount() >= 1
        # NIN-01: 2 combat damage, B from 20 to 18
        assert "2 damage to B (B: 20 → 18)" in session.found_model.index(0, 0).data()
        assert panel.found_view.currentIndex().row() == 0
        line = session.report.lines[0]
        assert session.script_model.rowCount() == len(line.moves)
        # step through with ] and Alt+Right, checking the view against the rules core
        panel.setFocus()
        steps = 0
        while session.player.can_forward:
            key = (Qt.Key.Key_BracketRight, Qt.KeyboardModifier.NoModifier) if steps % 2 \
                else (Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
            qtbot.keyClick(panel, key[0], key[1])
            steps += 1
            assert session.player.position == steps
            _check_shown(session)
            assert panel.position_label.text() == f"Action {steps} of {len(line.moves)}"
        assert steps == len(line.moves)
        assert session.player.game.player("B").life == 18
        assert session.board_model.index(1, 1).data() == "18 life"
        # the last action's events are bold in the log
        font = session.log_model.index(session.log_model.rowCount() - 1, 1).data(
            Qt.ItemDataRole.FontRole)
        assert font is not None and font.bold()
        # back with [ and Alt+Left: the rules core's undo
        qtbot.keyClick(panel, Qt.Key.Key_BracketLeft)
        qtbot.keyClick(panel, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
        assert session.player.position == steps - 2
        _check_shown(session)
        while session.player.game.player("B").life != 20:
            assert session.back()
        _check_shown(session)
        qtbot.keyClick(panel, Qt.Key.Key_Home, Qt.KeyboardModifier.AltModifier)
        assert session.player.position == 0 and session.player.game.log == []
        _check_shown(session)

    def test_cast_goal_from_a_shared_scenario(self, panel, qtbot, shared: Path) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        assert session.load_scenario(shared / "rules" / "examples" / "SNK-01.yaml")
        panel.goal_combo.setCurrentIndex(panel.goal_combo.findData("cast"))
        # the hand's cards are offered: SNK-01's hand is Splinter, Hamato Yoshi
        assert panel.subject_combo.itemText(0) == "Splinter, Hamato Yoshi"
        assert panel.goal_text() == "cast:Splinter, Hamato Yoshi"
        with qtbot.waitSignal(session.search_running, timeout=TIMEOUT,
                              check_params_cb=lambda running: not running):
            panel.start_search()
        line = session.report.lines[0]
        assert line.summary == "Splinter, Hamato Yoshi cast for its sneak cost"
        while session.forward():
            _check_shown(session)
        # Splinter is on the stack, cast for its sneak cost, Raging Goblin back in hand
        stack = [session.stack_model.index(r, 0).data()
                 for r in range(session.stack_model.rowCount())]
        assert any("Splinter, Hamato Yoshi" in text for text in stack)
        hand = [o.card for o in _zone_rows(session.board_model, "A", Zone.HAND)]
        assert "Raging Goblin" in hand

    def test_manual_play_and_undo(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
        panel.tabs.setCurrentWidget(panel.actions_view)
        words = [session.actions_model.index(r, 0).data()
                 for r in range(session.actions_model.rowCount())]
        # A has priority in the main phase with two untapped Islands (NIN-01's board)
        assert "A passes priority" in words
        assert "A activates mana ability 1 of A's Island 1" in words
        row = words.index("A activates mana ability 1 of A's Island 1")
        view = panel.actions_view
        qtbot.waitExposed(view)
        rect = view.visualRect(session.actions_model.index(row, 0))
        assert rect.isValid() and view.viewport().rect().contains(rect.center())
        # a double-click as a person makes it: press and release, then the second press
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        game = session.player.game
        island = game.find("A's Island 1")
        assert island is not None and island.tapped
        assert game.player("A").pool["U"] == 1
        shown = session.board_model.index(0, 2).data()
        assert shown == "Mana pool: {U}"
        _check_shown(session)
        assert session.script_model.rowCount() == 1
        assert panel.back_action.isEnabled()
        qtbot.keyClick(panel, Qt.Key.Key_BracketLeft)
        assert not game.find("A's Island 1").tapped and game.player("A").pool["U"] == 0
        assert session.board_model.index(0, 2).data() == "Mana pool: empty"
        _check_shown(session)
        # forward plays the undone action again (the script is kept)
        qtbot.keyClick(panel, Qt.Key.Key_BracketRight)
        assert game.find("A's Island 1").tapped

    def test_cancel(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
        worker = session.search("damage", nodes=100_000)
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT):
            qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
        assert worker.was_cancelled
        qtbot.waitUntil(lambda: "cancelled" in panel.message_label.text(), timeout=5000)
        assert session.player.position == 0 and session.player.game.log == []


    def test_a_board_changed_during_the_search_drops_its_lines(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
        worker = session.search("damage")
        assert session.set_life("B", 5)   # the board changes while the search runs
        with qtbot.waitSignal(worker.finished, timeout=TIMEOUT):
            pass
        assert session.report is None and session.found_model.rowCount() == 0
        assert session.player.game.player("B").life == 5 and session.player.script == []


class TestWindow:
    def test_lines_tab_selection_and_screenshot(self, make_window, card_db_url, splinter_deck,  # type: ignore[no-untyped-def]
                                                qtbot, screenshot_dirs) -> None:
        window = make_window(card_db_url, interactive=False)
        window.auto_combos = False
        window.resize(1500, 900)
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.controller.deck_finished, timeout=TIMEOUT):
            window.open_deck(splinter_deck)
        assert window.tabs.tabText(window.view_index("lines")) == "Lines"
        window.tabs.setCurrentIndex(window.view_index("lines"))
        panel = window.lines_panel
        assert panel.session.deck_model.rowCount() == len(
            window.loaded.analysis.analysed_cards)
        panel.prepare_screenshot()
        session = panel.session
        assert session.report is not None and session.report.lines
        assert 0 < session.player.position < len(session.player.script)
        _check_shown(session)
        # the attacker prepare_screenshot selected is the Inspector's card
        current = session.board_model.item_at(panel.board_view.currentIndex())
        assert isinstance(current, ObjectView) and current.attacking == "B"
        selected = window.selection.current
        assert isinstance(selected, Card) and selected.name == current.card
        QApplication.processEvents()
        path = screenshot_dirs[0] / "lines.png"
        assert window.grab().save(str(path))
        save_copies(path, screenshot_dirs)
        # selecting a card elsewhere highlights it in the deck list
        island = next(c for c, _ in window.loaded.analysis.analysed_cards if c.name == "Island")
        window.selection.select(island)
        assert panel.deck_view.currentIndex().data(CARD_ROLE) == "Island"
        # Analyze ▸ Search Lines is in the menu with its shortcut
        assert window.lines_action.shortcut().toString() == "Ctrl+Shift+L"
        menus = {a.text(): a.menu() for a in window.menuBar().actions()}
        stepping = {a.text(): a for a in menus["&Analyze"].actions()}
        steps = stepping["Step Through the &Line"].menu().actions()
        assert panel.forward_action in steps and panel.back_action in steps
        position = session.player.position
        panel.back_action.trigger()
        assert session.player.position == position - 1


def test_zone_and_object_rows_round_trip(panel) -> None:  # type: ignore[no-untyped-def]
    session = panel.session
    assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
    model = session.board_model
    for obj in session.player.game.battlefield():
        index = model.object_index(obj.oid)
        assert index.isValid() and model.item_at(index).oid == obj.oid
        zone = model.item_at(model.parent(index))
        assert isinstance(zone, ZoneView) and zone.zone is Zone.BATTLEFIELD
    assert isinstance(model.item_at(model.zone_index("B", Zone.HAND)), ZoneView)
    assert not model.zone_index("C", Zone.HAND).isValid()


def test_without_a_deck_cards_from_anywhere_can_be_dropped(make_window, card_db_url,  # type: ignore[no-untyped-def]
                                                           qtbot) -> None:
    from ui.dnd import card_mime

    window = make_window(card_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentIndex(window.view_index("lines"))
    session = window.lines_panel.session
    qtbot.waitUntil(lambda: session.player is not None, timeout=5000)
    assert not window.lines_panel.sample_button.isEnabled()   # no deck: no sample hand
    bears = window.controller.card_named("Grizzly Bears")   # as the card browser drags it
    board = session.board_model
    assert board.dropMimeData(card_mime([(bears.id, bears.name)]), Qt.DropAction.CopyAction,
                              -1, 0, board.zone_index("B", Zone.BATTLEFIELD))
    (permanent,) = session.player.game.battlefield()
    assert (permanent.card, session.player.game.controller(permanent)) == ("Grizzly Bears", "B")
    _check_shown(session)


def _search_and_wait(panel, qtbot) -> None:  # type: ignore[no-untyped-def]
    session = panel.session
    with qtbot.waitSignal(session.search_running, timeout=TIMEOUT,
                          check_params_cb=lambda running: not running):
        panel.start_search()


class TestReviewFixes:
    def test_a_line_stopped_by_the_rules_core_is_shown_with_the_card(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        # The Splinter deck's sample hand, seed 0, turn 5: Triton Shorestalker 1/1, Slither
        # Blade 1/2, Moon-Circuit Hacker 2/1, Mistblade Shinobi 1/1 can attack an empty
        # board: 5 damage. Moon-Circuit Hacker's trigger ("... discard a card ...") is beyond
        # the rules core: the line ends there and says so; it is not "No line".
        from analyzer.simulate.board import BoardSpec

        session = panel.session
        spec = BoardSpec(source="board")
        for name in ("Plains", "Swamp", "Triton Shorestalker", "Slither Blade",
                     "Moon-Circuit Hacker", "Mistblade Shinobi"):
            spec = spec.with_card("A", Zone.BATTLEFIELD, name)
        assert session.set_board(spec)
        _search_and_wait(panel, qtbot)
        label = session.found_model.index(0, 0).data()
        assert "5 damage to B (B: 20 → 15)" in label
        assert "stopped at Moon-Circuit Hacker" in label
        assert "Moon-Circuit Hacker" in panel.message_label.text()

    def test_the_depth_counts_own_actions_and_a_miss_names_the_limit(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        # PRW-01: attack with Bloodmark Mentor (first strike), then Auntie's Snitch for its
        # prowl cost {1}{B} in the second main phase (CR 702.76a); 17 actions with passes
        session = panel.session
        assert session.load_scenario(SCENARIOS / "PRW-01.yaml")
        panel.goal_combo.setCurrentIndex(panel.goal_combo.findData("cast"))
        assert panel.goal_text() == "cast:Auntie's Snitch"
        assert panel.depth_spin.value() == 16
        _search_and_wait(panel, qtbot)
        assert session.found_model.rowCount() >= 1
        assert session.report.lines[0].summary == "Auntie's Snitch cast for its prowl cost"
        panel.depth_spin.setValue(1)   # the attack alone: the prowl cast can't follow
        _search_and_wait(panel, qtbot)
        assert session.found_model.rowCount() == 0
        text = panel.message_label.text()
        assert text.startswith("No line") and "depth limit (1 action of your own)" in text

    def test_the_board_refuses_what_it_cannot_hold(self, panel) -> None:  # type: ignore[no-untyped-def]
        session = panel.session
        ids = {n: session.controller.card_named(n).id
               for n in ("Lightning Bolt", "Brisela, Voice of Nightmares", "Grizzly Bears")}
        # CR 304.4: an instant can't be on the battlefield
        assert not session.drop_cards([ids["Lightning Bolt"]], "A", Zone.BATTLEFIELD, -1)
        assert session.player.game.battlefield() == []
        text = panel.message_label.text()
        assert text.startswith("Not set up:") and "CR 304.4" in text
        # a card whose casting the rules core can't play is refused in a hand too
        assert not session.drop_cards([ids["Brisela, Voice of Nightmares"]], "A", Zone.HAND,
                                      -1)
        assert session.spec.player("A").hand == ()
        assert "Brisela, Voice of Nightmares" in panel.message_label.text()
        assert not session.actions_problem
        # CR 110.5: a card in hand is not tapped
        assert session.drop_cards([ids["Grizzly Bears"]], "A", Zone.HAND, -1)
        (bears,) = session.player.game.player("A").hand
        assert not session.edit_card(bears, "tap")
        assert not session.edit_card(bears, "sick")
        assert "CR 110.5" in panel.message_label.text() or \
            "CR 302.6" in panel.message_label.text()
        assert not session.spec.player("A").hand[0].tapped

    def test_no_start_in_steps_without_priority(self, panel) -> None:  # type: ignore[no-untyped-def]
        # CR 117.3a: no player receives priority in the untap step; CR 514.3: normally none
        # in the cleanup step - the step picker doesn't offer them
        from analyzer.rules import Step

        session = panel.session
        assert session.load_scenario(SCENARIOS / "NIN-01.yaml")
        combo = panel.board.step_combo
        for step in (Step.UNTAP, Step.CLEANUP):
            item = combo.model().item(combo.findData(step))
            assert not item.isEnabled()
            assert not session.set_turn(step=step)
            assert "CR 117.3a" in panel.message_label.text() or \
                "CR 514.3" in panel.message_label.text()
            assert session.spec.step is Step.MAIN1
        assert session.set_turn(step=Step.UPKEEP)
        assert "upkeep" in session.player.snapshot().heading

    def test_goal_subject_goldfish_and_line_labels(self, panel, qtbot) -> None:  # type: ignore[no-untyped-def]
        assert panel.goal_combo.currentData() == "damage"
        assert not panel.subject_combo.isEnabled()
        assert "goldfish" in panel.goldfish_label.text()
        assert "never blocks" in panel.goldfish_label.text()
        # SNK-10: several creatures can attack unblocked and be returned to cast Splinter,
        # Hamato Yoshi for its sneak cost: each line found says which one it uses
        session = panel.session
        assert session.load_scenario(SCENARIOS / "SNK-10.yaml")
        panel.goal_combo.setCurrentIndex(panel.goal_combo.findData("cast"))
        assert panel.subject_combo.isEnabled()
        assert panel.goal_text() == "cast:Splinter, Hamato Yoshi"
        _search_and_wait(panel, qtbot)
        lines = session.report.lines
        assert len(lines) >= 2
        labels = [session.found_model.index(r, 0).data() for r in range(len(lines))]
        assert len(set(labels)) == len(labels)
        for line, label in zip(lines, labels, strict=True):
            sneak = next(a for a in line.actions if "(sneak, returning" in a)
            returned = sneak.split("returning ")[1].rstrip(")")
            assert returned in label
        panel.goal_combo.setCurrentIndex(panel.goal_combo.findData("damage"))
        assert not panel.subject_combo.isEnabled()
