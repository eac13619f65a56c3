"""The Cards tab on the real card database: typing, errors, completion, batches, sorting,
selection, adding to the deck, dragging.

Expected cards are computed from the shared AtomicCards file (``shared_cards``), never from
the browser's own answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication

from analyzer.cards.model import Card
from analyzer.cards.search.syntax import FORMATS, IsValue
from analyzer.decks.model import Section
from tests.ui.conftest import save_copies
from ui.controllers import Controller
from ui.dnd import CARD_MIME, card_ids_from_mime
from ui.models.card_table_model import BATCH, CARD_ID_ROLE, COLUMNS, CardTableModel, Column
from ui.widgets.card_browser import DEBOUNCE_MS, CardBrowser

pytestmark = [pytest.mark.gui, pytest.mark.shared]

TIMEOUT = 30_000


@pytest.fixture
def controller(card_db_url: str, qtbot):  # type: ignore[no-untyped-def]
    made = Controller(card_db_url)
    assert made.open_database()
    yield made
    made.shutdown()


@pytest.fixture
def browser(controller: Controller, qtbot) -> CardBrowser:  # type: ignore[no-untyped-def]
    widget = CardBrowser(controller)
    qtbot.addWidget(widget)
    widget.resize(1100, 650)
    widget.show()
    qtbot.waitExposed(widget)
    widget.refresh()
    if widget._vocabulary_worker is not None:
        qtbot.waitUntil(lambda: bool(widget.vocabulary.types), timeout=TIMEOUT)
    return widget


def search(qtbot, browser: CardBrowser, query: str) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(browser.results_shown, timeout=TIMEOUT):
        browser.set_query(query, now=True)


def _folded(name: str) -> str:
    """Accents folded (NFKD, combining marks dropped), then case-folded."""
    import unicodedata

    return "".join(ch for ch in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(ch)).casefold()


def shown_names(browser: CardBrowser) -> list[str]:
    return [s.name for s in browser.model.summaries()]


def ninjas_in_black(shared_cards) -> set[str]:  # type: ignore[no-untyped-def]
    """``t:ninja c:b`` read from the file: a face's type line says Ninja, a face is black."""
    return {name for name, card in shared_cards.items()
            if any("ninja" in f.type.lower() for f in card.faces)
            and any("B" in f.colors for f in card.faces)}


def row_of_name(browser: CardBrowser, name: str) -> int:
    row = next(i for i, s in enumerate(browser.model.summaries()) if s.name == name)
    browser.model.fetch_through(row)
    return row


class TestTyping:
    def test_typing_a_query_shows_its_cards(self, browser, qtbot, shared_cards):
        expected = ninjas_in_black(shared_cards)
        with qtbot.waitSignal(browser.results_shown, timeout=TIMEOUT) as blocker:
            qtbot.keyClicks(browser.query_edit, "t:ninja c:b")
            assert browser.model.query == ""          # nothing searched while typing
            assert browser.searching
        assert blocker.args[0].query == "t:ninja c:b"
        assert set(shown_names(browser)) == expected and len(expected) > 20
        assert browser.model.rowCount() == len(expected)
        assert browser.count_label.text() == f"{len(expected):,} cards"
        assert shown_names(browser) == sorted(expected, key=str.casefold)

    def test_one_search_after_the_pause_not_one_per_key(self, browser, controller, qtbot,
                                                        monkeypatch):
        started: list[str] = []
        original = controller.start_card_search

        def counting(query, **kwargs):  # type: ignore[no-untyped-def]
            started.append(query)
            return original(query, **kwargs)

        monkeypatch.setattr(controller, "start_card_search", counting)
        with qtbot.waitSignal(browser.results_shown, timeout=TIMEOUT):
            qtbot.keyClicks(browser.query_edit, "t:goblin", delay=DEBOUNCE_MS // 10)
        assert set(started) == {"t:goblin"}   # the first page and the whole answer

    def test_a_newer_query_supersedes_an_older_one(self, browser, qtbot, shared_cards):
        browser.set_query("mv>=0", now=True)
        older = browser._worker
        with qtbot.waitSignal(browser.results_shown, timeout=TIMEOUT):
            browser.set_query("t:ninja c:b", now=True)
        assert older is not None and older.cancelled
        qtbot.waitUntil(lambda: not older.running, timeout=TIMEOUT)
        qtbot.wait(200)
        assert set(shown_names(browser)) == ninjas_in_black(shared_cards)

    def test_an_empty_box_empties_the_table(self, browser, qtbot):
        search(qtbot, browser, "t:ninja")
        browser.set_query("   ", now=True)
        assert browser.model.rowCount() == 0 and browser.count_label.text() == "Type a query"


class TestErrors:
    @pytest.mark.parametrize(("query", "bad", "reason"), [
        ("tx:goblin", "tx", "unknown field"),
        ("t:ninja c:purple", "purple", "unknown colour"),
        ("t:elf pow>=big", "big", "needs a number"),
        ("f:moden t:elf", "moden", "unknown format"),
        ("t:elf is:flying", "flying", "unknown is: value"),
        ("t:elf mv>>3", None, ""),
    ])
    def test_the_bad_token_is_marked(self, browser, qtbot, query, bad, reason):
        search(qtbot, browser, "t:ninja")
        before = shown_names(browser)
        with qtbot.waitSignal(browser.query_failed, timeout=TIMEOUT) as blocker:
            qtbot.keyClicks(browser.query_edit, "")
            browser.query_edit.setText(query)
        err = blocker.args[0]
        if bad is not None:
            expected = (query.index(bad), len(bad))
            assert (err.offset, err.length) == expected
            assert browser.query_edit.error_range == expected
            assert browser.query_edit.marked_range() == (expected[0], sum(expected))
            assert reason in browser.error_label.text().lower()
        assert browser.query_edit.error_range == (err.offset, max(err.length, 1))
        assert browser.error_label.isVisible()
        assert browser.query_edit.toolTip() == browser.error_label.text()
        assert shown_names(browser) == before            # the last good results stay
        assert "(before)" in browser.count_label.text()

    def test_unclosed_quote_and_parenthesis(self, browser, qtbot):
        for query, expected in (('t:"ninja', (2, 6)), ("(t:elf c:g", (0, 1)),
                                ("  tx:elf", (2, 2))):
            with qtbot.waitSignal(browser.query_failed, timeout=TIMEOUT):
                browser.set_query(query, now=True)
            assert browser.query_edit.error_range == expected, query

    def test_missing_term_at_the_end_marks_the_last_character(self, browser, qtbot):
        with qtbot.waitSignal(browser.query_failed, timeout=TIMEOUT):
            browser.set_query("t:elf or", now=True)
        assert browser.query_edit.error_range is not None

    def test_fixing_the_query_clears_the_mark(self, browser, qtbot):
        with qtbot.waitSignal(browser.query_failed, timeout=TIMEOUT):
            browser.set_query("tx:elf", now=True)
        with qtbot.waitSignal(browser.results_shown, timeout=TIMEOUT):
            browser.query_edit.setText("t:elf")
        assert browser.query_edit.error_range is None
        assert browser.query_edit.marked_range() is None
        assert not browser.error_label.isVisible()

    def test_rarity_without_printings_is_marked_from_the_worker(self, browser, qtbot):
        with qtbot.waitSignal(browser.query_failed, timeout=TIMEOUT):
            browser.set_query("t:elf r:rare", now=True)
        assert browser.query_edit.error_range == (6, 6)
        assert "printings" in browser.error_label.text()


class TestCompletion:
    def texts(self, browser, query: str) -> list[str]:
        return [text for _label, text in browser.completions_at(query, len(query)).items]

    def test_field_keys(self, browser):
        assert {"t:", "type:", "tou="} <= set(self.texts(browser, "t"))
        assert {"kw:", "keyword:"} <= set(self.texts(browser, "k"))
        assert {"id:", "is:"} <= set(self.texts(browser, "i"))

    def test_values_from_the_database(self, browser, shared_cards):
        keywords = {k for c in shared_cards.values() for k in c.keywords
                    if k.casefold().startswith("fl")}
        offered = {t.strip('"') for t in self.texts(browser, "kw:fl")}
        assert keywords <= offered and "Flying" in offered
        assert "Ninja" in self.texts(browser, "c:b t:ninj")
        assert self.texts(browser, "is:") == [v.value for v in IsValue]
        assert set(self.texts(browser, "f:")) == set(FORMATS)
        assert "dimir" in self.texts(browser, "id<=dim")

    def test_card_names_for_a_bare_word(self, browser, shared_cards):
        expected = {n for n in shared_cards if n.casefold().startswith("lightning bo")}
        offered = self.texts(browser, '"lightning bo')
        assert expected and expected <= {t.strip('"') for t in offered}
        assert '"Lightning Bolt"' in self.texts(browser, 't:instant !"lightning b')
        assert "Lightning Bolt" in [label for label, _t in
                                    browser.completions_at("lightn", 6).items]

    def test_the_popup_inserts_by_keyboard(self, browser, qtbot):
        edit = browser.query_edit
        edit.setFocus()
        qtbot.keyClicks(edit, "c:w kw:first")
        popup = edit.completer.popup()
        qtbot.waitUntil(popup.isVisible, timeout=5000)
        assert ("\"First strike\"", "\"First strike\"") in edit.completions()
        row = next(i for i, (_l, t) in enumerate(edit.completions()) if t == '"First strike"')
        popup.setCurrentIndex(edit.completer.completionModel().index(row, 0))
        with qtbot.waitSignal(browser.results_shown, timeout=TIMEOUT):
            qtbot.keyClick(popup, Qt.Key.Key_Return)
        assert edit.text() == 'c:w kw:"First strike" '
        assert browser.model.total() > 0 and browser.query_edit.error_range is None

    def test_a_field_key_opens_its_values(self, browser, qtbot):
        edit = browser.query_edit
        edit.setFocus()
        qtbot.keyClicks(edit, "i")
        edit.insert_completion("is:")
        assert edit.text() == "is:"
        assert [t for _l, t in edit.completions()][:2] == ["split", "flip"]


class TestResults:
    def test_rows_come_in_batches(self, browser, qtbot, shared_cards):
        with qtbot.waitSignal(browser.first_rows_shown, timeout=TIMEOUT) as first:
            browser.set_query("mv>=0", now=True)
        assert len(first.args[0].cards) == BATCH and not first.args[0].complete
        every = len(shared_cards) - sum(    # meld results are left out (CR 712.4)
            c.layout == "meld" and all(f.side == "b" for f in c.faces)
            for c in shared_cards.values())
        qtbot.waitUntil(lambda: browser.model.total() == every, timeout=TIMEOUT)
        model = browser.model
        assert model.rowCount() == BATCH and model.canFetchMore(QModelIndex())
        model.fetchMore(QModelIndex())
        assert model.rowCount() == 2 * BATCH
        browser.table.scrollToBottom()
        qtbot.waitUntil(lambda: model.rowCount() > 2 * BATCH, timeout=5000)
        assert model.rowCount() < model.total()
        assert browser.count_label.text() == f"{every:,} cards"

    def test_sorting_sorts_every_result(self, browser, qtbot, shared_cards):
        search(qtbot, browser, "mv>=0")
        browser.table.sortByColumn(Column.MV, Qt.SortOrder.DescendingOrder)
        top = max(c.mana_value for c in shared_cards.values())
        assert browser.model.item_at(browser.model.index(0, 0)).mana_value == top
        browser.table.sortByColumn(Column.NAME, Qt.SortOrder.AscendingOrder)
        names = shown_names(browser)
        assert names == sorted(names, key=_folded)       # "Araña" before "Arashi"
        browser.table.sortByColumn(Column.STATS, Qt.SortOrder.DescendingOrder)
        first = browser.model.item_at(browser.model.index(0, 0))
        assert first.power_value == max(s.power_value for s in browser.model.summaries()
                                        if s.power_value is not None)

    def test_selection_survives_a_sort(self, browser, qtbot):
        search(qtbot, browser, "t:creature")
        row = row_of_name(browser, "Splinter, Hamato Yoshi")
        browser.table.selectRow(row)
        browser.table.sortByColumn(Column.MV, Qt.SortOrder.DescendingOrder)
        qtbot.waitUntil(lambda: browser.current_summary() is not None, timeout=5000)
        assert browser.current_summary().name == "Splinter, Hamato Yoshi"
        assert browser.table.currentIndex().row() >= BATCH   # fetched down to it

    def test_columns_show_the_card(self, browser, qtbot, shared_cards):
        search(qtbot, browser, '"fire // ice"')
        model = browser.model
        cells = [model.index(0, c).data() for c in range(len(COLUMNS))]
        card = shared_cards["Fire // Ice"]
        assert cells[Column.NAME] == card.name
        assert cells[Column.COST] == " // ".join(f.mana_cost for f in card.faces)
        assert cells[Column.MV] == f"{card.mana_value:g}"
        assert cells[Column.TYPE] == "Instant // Instant"
        assert cells[Column.IDENTITY] == "{U}{R}"
        assert browser.table.isColumnHidden(Column.RARITY)   # no printings data

    def test_model_tester_with_real_results(self, qtmodeltester, controller, qtbot):
        model = CardTableModel()
        worker = controller.start_card_search("t:creature c:g")
        with qtbot.waitSignal(worker.result, timeout=TIMEOUT) as blocker:
            pass
        model.set_results(blocker.args[0])
        qtmodeltester.check(model)
        model.sort(Column.STATS, Qt.SortOrder.DescendingOrder)
        qtmodeltester.check(model)
        model.set_results(None)
        qtmodeltester.check(model)


class TestDeck:
    def test_double_click_asks_to_add_the_card(self, browser, qtbot, shared_cards):
        search(qtbot, browser, "t:ninja c:b")
        row = row_of_name(browser, "Splinter, Hamato Yoshi")
        index = browser.model.index(row, Column.NAME)
        browser.table.scrollTo(index)
        rect = browser.table.visualRect(index)
        # a real double click: press, release, then the double-click event
        qtbot.mouseClick(browser.table.viewport(), Qt.MouseButton.LeftButton,
                         pos=rect.center())
        with qtbot.waitSignal(browser.add_requested, timeout=5000) as blocker:
            qtbot.mouseDClick(browser.table.viewport(), Qt.MouseButton.LeftButton,
                              pos=rect.center())
        card, section, count = blocker.args
        assert isinstance(card, Card) and card == shared_cards["Splinter, Hamato Yoshi"]
        assert (section, count) == (Section.MAIN, 1)

    def test_enter_ctrl_enter_and_the_context_menu(self, browser, qtbot):
        search(qtbot, browser, "t:ninja c:b")
        browser.table.setFocus()
        browser.table.selectRow(0)
        first = browser.current_summary().name
        with qtbot.waitSignal(browser.add_requested, timeout=5000) as enter:
            qtbot.keyClick(browser.table, Qt.Key.Key_Return)
        assert enter.args[0].name == first
        with qtbot.waitSignal(browser.add_requested, timeout=5000) as ctrl:
            qtbot.keyClick(browser.query_edit, Qt.Key.Key_Return,
                           Qt.KeyboardModifier.ControlModifier)
        assert ctrl.args[0].name == first and ctrl.args[1] is Section.MAIN
        sections = []
        for action in browser.context_menu().actions():
            with qtbot.waitSignal(browser.add_requested, timeout=5000) as menu:
                action.trigger()
            sections.append(menu.args[1])
        assert sections == [Section.MAIN, Section.SIDEBOARD, Section.MAYBEBOARD,
                            Section.COMMANDER]

    def test_nothing_to_add_without_a_row(self, browser, qtbot):
        assert not browser.add_current()
        assert not any(a.isEnabled() for a in browser.context_menu().actions())

    def test_a_drag_carries_the_card_id(self, browser, qtbot, shared_cards):
        search(qtbot, browser, "t:ninja c:b")
        row = row_of_name(browser, "Splinter, Hamato Yoshi")
        indexes = [browser.model.index(row, c) for c in range(len(COLUMNS))]
        mime = browser.model.mimeData(indexes)
        assert mime.hasFormat(CARD_MIME)
        assert card_ids_from_mime(mime) == [shared_cards["Splinter, Hamato Yoshi"].id]
        assert mime.text() == "1 Splinter, Hamato Yoshi"
        assert browser.model.index(row, 0).data(CARD_ID_ROLE) == card_ids_from_mime(mime)[0]
        assert browser.model.flags(indexes[0]) & Qt.ItemFlag.ItemIsDragEnabled
        assert browser.table.dragEnabled()

    def test_arrows_move_between_the_box_and_the_results(self, browser, qtbot):
        search(qtbot, browser, "t:ninja c:b")
        browser.query_edit.setFocus()
        qtbot.keyClick(browser.query_edit, Qt.Key.Key_Down)
        assert browser.current_summary() is not None
        first = browser.current_summary().name
        qtbot.keyClick(browser.table, Qt.Key.Key_Down)
        assert browser.current_summary().name != first
        qtbot.keyClick(browser.table, Qt.Key.Key_Up)
        qtbot.keyClick(browser.table, Qt.Key.Key_Up)     # from the first row: the box
        qtbot.waitUntil(browser.query_edit.hasFocus, timeout=5000)


class TestInWindow:
    @pytest.fixture
    def window(self, make_window, card_db_url, qtbot):  # type: ignore[no-untyped-def]
        window = make_window(card_db_url, interactive=False)
        window.show()
        qtbot.waitExposed(window)
        return window

    def test_selecting_a_row_shows_the_card_in_the_inspector(self, window, qtbot,
                                                              shared_cards):
        browser = window.card_browser
        window.tabs.setCurrentIndex(window.view_index("cards"))
        search(qtbot, browser, "t:ninja c:b")
        browser.table.selectRow(row_of_name(browser, "Splinter, Hamato Yoshi"))
        current = window.selection.current
        assert isinstance(current, Card) and current.name == "Splinter, Hamato Yoshi"
        text = window.inspector.text()
        assert "Splinter, Hamato Yoshi" in text
        assert shared_cards["Splinter, Hamato Yoshi"].faces[0].type in text

    def test_the_shared_selection_selects_the_row(self, window, qtbot, shared_cards):
        browser = window.card_browser
        search(qtbot, browser, "t:creature")
        window.selection.select(shared_cards["Ninja of the Deep Hours"])
        assert browser.current_summary().name == "Ninja of the Deep Hours"
        window.selection.clear()
        assert not browser.table.selectionModel().hasSelection()

    def test_ctrl_k_focuses_the_search_box(self, window, qtbot):
        window.activateWindow()
        assert window.card_search_action.shortcut().toString() == "Ctrl+K"
        assert window.card_search_action in window.menuBar().actions()[1].menu().actions()
        window.card_search_action.trigger()
        assert window.tabs.currentWidget() is window.card_browser
        qtbot.waitUntil(window.card_browser.query_edit.hasFocus, timeout=5000)

    def test_adding_goes_to_the_deck_editor(self, window, qtbot):
        browser = window.card_browser
        search(qtbot, browser, "t:ninja c:b")
        browser.table.selectRow(row_of_name(browser, "Splinter, Hamato Yoshi"))
        assert browser.add_current(Section.MAIN)
        deck = window.editor.document.deck
        assert deck is not None
        assert any(e.card is not None and e.card.name == "Splinter, Hamato Yoshi"
                   for e in deck.entries)

    def test_screenshot(self, window, qtbot, screenshot_dirs):
        window.tabs.setCurrentIndex(window.view_index("cards"))
        window.card_browser.prepare_screenshot()
        QApplication.processEvents()
        assert window.card_browser.model.total() > 0
        path = Path(screenshot_dirs[0]) / "cards_view.png"
        assert window.grab().save(str(path))
        save_copies(path, screenshot_dirs)
        window.card_browser.set_query("t:ninja tx:goblin", now=True)
        QApplication.processEvents()
        error_path = Path(screenshot_dirs[0]) / "cards_view_error.png"
        assert window.card_browser.grab().save(str(error_path))
        save_copies(error_path, screenshot_dirs)


class TestReviewFixes:
    def test_ctrl_enter_adds_the_top_result_when_none_is_selected(self, browser, qtbot):
        search(qtbot, browser, "t:ninja c:b")
        browser.table.clearSelection()
        browser.table.setCurrentIndex(QModelIndex())
        top = browser.model.index(0, Column.NAME).data()
        with qtbot.waitSignal(browser.add_requested, timeout=5000) as ctrl:
            qtbot.keyClick(browser.query_edit, Qt.Key.Key_Return,
                           Qt.KeyboardModifier.ControlModifier)
        assert ctrl.args[0].name == top and ctrl.args[1] is Section.MAIN

    def test_ctrl_enter_without_results_says_so(self, browser, qtbot):
        search(qtbot, browser, "t:ninja t:dragon c:w mv>15")
        assert browser.model.total() == 0
        with qtbot.assertNotEmitted(browser.add_requested):
            qtbot.keyClick(browser.query_edit, Qt.Key.Key_Return,
                           Qt.KeyboardModifier.ControlModifier)
        assert "no card to add" in browser.status_text().casefold()

    def test_meld_results_only_when_asked_and_never_added(self, browser, qtbot):
        search(qtbot, browser, "brisela")
        assert "Brisela, Voice of Nightmares" not in shown_names(browser)
        search(qtbot, browser, "is:meld")
        row = row_of_name(browser, "Brisela, Voice of Nightmares")
        browser.table.selectRow(row)
        assert not any(a.isEnabled() for a in browser.context_menu().actions())
        with qtbot.assertNotEmitted(browser.add_requested):
            assert not browser.add_current(Section.MAIN)
        assert "melded" in browser.status_text()

    def test_add_as_commander_only_for_a_commander(self, browser, qtbot):
        search(qtbot, browser, '"fire // ice"')
        browser.table.selectRow(0)
        enabled = {a.text().split("\t")[0]: a.isEnabled()
                   for a in browser.context_menu().actions()}
        assert enabled == {"Add to &Main Deck": True, "Add to &Sideboard": True,
                           "Add to Ma&ybeboard": True, "Add as &Commander": False}
        with qtbot.assertNotEmitted(browser.add_requested):
            assert not browser.add_current(Section.COMMANDER)
        search(qtbot, browser, '!"Splinter, Hamato Yoshi"')
        browser.table.selectRow(0)
        assert all(a.isEnabled() for a in browser.context_menu().actions())

    def test_accented_names_sort_with_their_letter(self, browser, qtbot, shared_cards):
        search(qtbot, browser, "eowyn or oin")
        names = shown_names(browser)
        assert names == sorted(names, key=_folded)
        assert {"Éowyn, Lady of Rohan", "Óin the Brave"} <= set(names)
        search(qtbot, browser, "mv>=0")
        browser.table.sortByColumn(Column.NAME, Qt.SortOrder.AscendingOrder)
        names = shown_names(browser)
        assert not names[-1].startswith(("Ó", "É")), names[-3:]
        assert names.index("Éowyn, Lady of Rohan") < names.index("Fire // Ice")

    def test_sorting_by_cost_matches_an_independent_sort(self, browser, qtbot):
        search(qtbot, browser, "t:goblin")
        browser.table.sortByColumn(Column.COST, Qt.SortOrder.DescendingOrder)
        got = [(s.mana_value, s.mana_cost) for s in browser.model.summaries()]
        assert got == sorted(got, reverse=True)
        browser.table.sortByColumn(Column.COST, Qt.SortOrder.AscendingOrder)
        got = [(s.mana_value, s.mana_cost) for s in browser.model.summaries()]
        assert got == sorted(got)
