"""The Combos tab end to end: real decks against the real card database.

Expected combos come from the deck files and the catalog's own words, not from the view:
"Rogues on the Prowl.dck" lists Reflecting Pool (line 25) and Vivid Creek (line 35), whose
catalog combo (Reflecting Pool makes any colour Vivid Creek could produce, CR 106.7) plays
in the rules core; a deck with Reflecting Pool and no partner is one card away from it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QLabel

from analyzer.cards.model import Card
from analyzer.combos.report import ComboFinding
from analyzer.errors import Cancelled
from tests.ui.conftest import save_copies
from ui.models.combo_model import (
    FINDING_ROLE,
    HIGHLIGHT_ROLE,
    VERDICT,
    VERDICT_ROLE,
    ComboModel,
    ComboSortProxy,
)

pytestmark = [pytest.mark.gui, pytest.mark.shared]

ROGUES = Path("data") / "decks" / "forge_dck" / "Rogues on the Prowl.dck"
POOL_COMBO = "Reflecting Pool copying Vivid Creek's colours"
TIMEOUT = 120_000


@pytest.fixture(scope="session")
def rogues_deck(shared: Path) -> Path:
    path = shared / ROGUES
    if not path.is_file():
        pytest.fail(f"{path} is missing from the shared data")
    return path


@pytest.fixture(scope="session")
def rogues_report(card_db_url: str, rogues_deck: Path):  # type: ignore[no-untyped-def]
    """The deck's ComboReport computed by the service, without Qt."""
    from analyzer import services

    db = services.open_database(card_db_url, seed=False)
    return services.deck_combos(db, rogues_deck, strict=False)


def _finding(report, name: str) -> ComboFinding:  # type: ignore[no-untyped-def]
    return next(f for f in report.findings if f.combo.name == name)


def _open(qtbot, window, path: Path):  # type: ignore[no-untyped-def]
    """Open ``path`` and wait for its analysis and then its combo search."""
    with qtbot.waitSignal(window.controller.combos_found, timeout=TIMEOUT) as blocker, \
            qtbot.waitSignal(window.controller.deck_finished, timeout=TIMEOUT):
        assert window.open_deck(path) is not None
    return blocker.args[1]


@pytest.fixture
def rogues_window(make_window, card_db_url, rogues_deck, qtbot):  # type: ignore[no-untyped-def]
    window = make_window(card_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    _open(qtbot, window, rogues_deck)
    return window


class TestComboModel:
    def test_passes_the_model_tester(self, qtmodeltester, rogues_report):
        model = ComboModel()
        model.set_findings(rogues_report.findings)
        qtmodeltester.check(model)
        model.set_highlight("Vivid Creek")
        qtmodeltester.check(model)
        model.set_findings(())
        qtmodeltester.check(model)

    def test_the_pool_combo_is_verified_and_highlighting_finds_it(self, rogues_report):
        model = ComboModel()
        model.set_findings(rogues_report.findings)
        row = model.row_of(_finding(rogues_report, POOL_COMBO))
        assert row >= 0
        assert model.index(row, VERDICT).data() == "Verified"
        assert model.index(row, VERDICT).data(VERDICT_ROLE) == "verified"
        assert "Vivid Creek" in model.index(row, 1).data()
        model.set_highlight("vivid creek")
        assert [f.combo.name for f in model.highlighted()] == [POOL_COMBO]
        assert model.index(row, 0).data(HIGHLIGHT_ROLE) is True
        model.set_highlight(None)
        assert model.highlighted() == []

    def test_sorting_by_verdict_puts_verified_first(self, rogues_report):
        model = ComboModel()
        model.set_findings(rogues_report.findings)
        proxy = ComboSortProxy()
        proxy.setSourceModel(model)
        proxy.sort(VERDICT, Qt.SortOrder.AscendingOrder)
        labels = [proxy.index(r, VERDICT).data(VERDICT_ROLE) for r in range(proxy.rowCount())]
        rank = {"verified": 0, "not_verifiable": 1, "not_working": 2}
        assert labels == sorted(labels, key=rank.__getitem__)
        assert labels[0] == "verified" and "not_working" in labels

    def test_invalid_index_and_unknown_role(self, rogues_report):
        model = ComboModel()
        model.set_findings(rogues_report.findings)
        assert model.data(QModelIndex()) is None
        assert model.data(model.index(0, 0), Qt.ItemDataRole.UserRole + 99) is None
        assert model.item_at(model.index(999, 0)) is None


class TestComboTab:
    def test_the_combo_appears_with_its_verdict_and_fills_the_inspector(
            self, rogues_window, qtbot, screenshot_dirs, tmp_path):
        window = rogues_window
        panel = window.combo_panel
        names = [f.combo.name for f in panel.visible_findings()]
        assert POOL_COMBO in names
        assert panel.summary.text().startswith(f"{len(names)} combos in this deck")
        # data/combos pairs Reflecting Pool with Exotic Orchard; the deck has no Orchard
        assert "Exotic Orchard" in panel.near_miss_cards()
        # select the row as a user does: the table's current row
        window.tabs.setCurrentWidget(panel)
        row = names.index(POOL_COMBO)
        panel.table.setCurrentIndex(panel.proxy.index(row, 0))
        current = window.selection.current
        assert isinstance(current, ComboFinding) and current.combo.name == POOL_COMBO
        text = window.inspector.text()
        assert POOL_COMBO in text and "Verified" in text
        assert "Reflecting Pool" in text and "Vivid Creek" in text
        assert "CR " in text                       # the rules it relies on
        assert "Line played in the rules core" in text
        # the line's events are numbered (an ordered list) and the cards are links
        html = window.inspector.html()
        assert "<ol" in html and 'href="card:' in html
        written = tmp_path / "combos.png"
        assert window.grab().save(str(written))
        save_copies(written, screenshot_dirs)

    def test_a_card_link_selects_the_card_and_marks_its_combos(self, rogues_window):
        window = rogues_window
        panel = window.combo_panel
        finding = next(f for f in panel.visible_findings() if f.combo.name == POOL_COMBO)
        window.selection.select(finding)
        creek = next(c for c in window._cards_by_id.values() if c.name == "Vivid Creek")
        window.inspector.card_link_activated.emit(creek.id)
        assert window.selection.current == creek
        marked = [panel.proxy.index(r, 0).data(FINDING_ROLE).combo.name
                  for r in range(panel.proxy.rowCount())
                  if panel.proxy.index(r, 0).data(HIGHLIGHT_ROLE)]
        assert marked == [POOL_COMBO]
        # the card's Inspector lists its combo, and that link selects the combo again
        assert POOL_COMBO in window.inspector.text()
        window.inspector.combo_link_activated.emit(finding)
        assert window.selection.current == finding
        assert panel.table.currentIndex().data(FINDING_ROLE) == finding

    def test_selecting_a_card_in_the_deck_marks_its_combos(self, rogues_window):
        window = rogues_window
        boggart = next(c for c in window._cards_by_id.values() if c.name == "Prickly Boggart")
        window.selection.select(boggart)
        marked = {f.combo.name for f in window.combo_model.highlighted()}
        expected = {f.combo.name for f in window.combo_model.findings()
                    if "Prickly Boggart" in f.combo.cards}
        assert marked == expected and len(marked) >= 4
        window.selection.clear()
        assert window.combo_model.highlighted() == []

    def test_keyboard_moves_the_selection(self, rogues_window, qtbot):
        window = rogues_window
        panel = window.combo_panel
        window.tabs.setCurrentWidget(panel)
        panel.table.setFocus()
        qtbot.keyClick(panel.table, Qt.Key.Key_Down)
        qtbot.keyClick(panel.table, Qt.Key.Key_Down)
        assert isinstance(window.selection.current, ComboFinding)

    def test_cancel_from_the_status_bar(self, rogues_window, qtbot):
        window = rogues_window
        with qtbot.waitSignal(window.controller.combos_stopped, timeout=TIMEOUT) as blocker:
            worker = window.find_combos()
            assert worker is not None and window.job_status.isVisible()
            window.job_status.cancel_button.click()
        assert isinstance(blocker.args[1], Cancelled)
        assert "cancelled" in window.combo_panel.summary.text()
        assert window.combo_panel.visible_findings() == []
        assert window.combo_panel.run_button.isEnabled()
        qtbot.waitUntil(lambda: window.controller.combo_worker is None, timeout=TIMEOUT)
        # and it runs again from the menu action
        with qtbot.waitSignal(window.controller.combos_found, timeout=TIMEOUT):
            window.combos_action.trigger()
        assert POOL_COMBO in [f.combo.name for f in window.combo_panel.visible_findings()]

    def test_empty_state_says_why(self, make_window, card_db_url, qtbot, tmp_path):
        deck = tmp_path / "pool.txt"
        deck.write_text("1 Reflecting Pool\n20 Island\n", encoding="utf-8")
        window = make_window(card_db_url, interactive=False)
        report = _open(qtbot, window, deck)
        assert report.findings == ()
        text = window.combo_panel.summary.text()
        n = len(window.combo_panel.near_miss_cards())
        assert n >= 1 and "Vivid Creek" in window.combo_panel.near_miss_cards()
        assert text == (f"No combo from the catalog is complete in this deck; {n} near "
                        + ("miss" if n == 1 else "misses") + " below.")

    def test_splinter_sneak_is_found(self, make_window, card_db_url, splinter_deck, qtbot):
        window = make_window(card_db_url, interactive=False)
        report = _open(qtbot, window, splinter_deck)
        sneak = [f for f in report.findings if "Splinter, Hamato Yoshi" in f.combo.cards]
        assert sneak and sneak[0].verdict.label == "verified"
        assert sneak[0] in window.combo_panel.visible_findings()


class TestAccessibility:
    def test_combo_controls_have_names_and_tooltips(self, make_window, tmp_path):
        window = make_window(f"sqlite:///{tmp_path / 'starter.sqlite'}", interactive=False)
        panel = window.combo_panel
        controls = [w for kind in (QAbstractButton, QAbstractItemView, QLabel)
                    for w in panel.findChildren(kind)
                    if not w.objectName().startswith("qt_") and w.parentWidget() is not None
                    and not w.parentWidget().objectName().startswith("qt_")]
        named = [w for w in controls if isinstance(w, (QAbstractItemView, QAbstractButton))
                 or w.accessibleName()]
        missing = [w for w in named if not w.accessibleName() or not w.toolTip()]
        missing = [w for w in missing if type(w).__name__ not in ("QHeaderView",)
                   and w.parentWidget() is not None
                   and not isinstance(w.parentWidget(), QAbstractItemView)]
        assert not missing, [(type(w).__name__, w.accessibleName()) for w in missing]
        assert not window.combos_action.shortcut().isEmpty()
        assert not window.combos_action.isEnabled()        # no deck open yet
        assert "Open a deck" in panel.summary.text()

    def test_no_deck_find_combos_says_so(self, make_window, tmp_path):
        window = make_window(f"sqlite:///{tmp_path / 'starter.sqlite'}", interactive=False)
        assert window.find_combos() is None
        assert "Open a deck" in window.statusBar().currentMessage()

    def test_card_selection_outside_a_deck_clears_marks(self, rogues_window):
        window = rogues_window
        card = next(iter(window._cards_by_id.values()))
        assert isinstance(card, Card)
        window.selection.select(card)
        window.selection.select(None)
        assert window.combo_model.highlighted() == []
