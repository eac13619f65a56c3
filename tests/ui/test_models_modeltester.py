"""Every item model of the main window passes pytest-qt's model tester with real data: the
real Splinter Commander deck analysed against the real card database, its combos found.

The models are found, not listed: every QAbstractItemModel below the window (the table and
tree models of the views and their proxies, the models inside item widgets, completers and
the graph's card list), so a model a view adds later is checked too. Each gets both testers:
pytest-qt's Python one (an AssertionError on the first broken rule) and Qt's C++
QAbstractItemModelTester (warnings, collected), created before the models change, so they
check again while the deck's views filter, sort and highlight.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QtMsgType
from PySide6.QtTest import QAbstractItemModelTester
from PySide6.QtWidgets import QAbstractItemView, QCompleter, QMessageBox
from pytestqt.modeltest import ModelTester

from analyzer.cards.model import Card

pytestmark = [pytest.mark.gui, pytest.mark.shared]

DECK_TIMEOUT_MS = 180_000
EXPECTED = ("DeckModel", "EdgeModel", "EdgeFilterProxy", "ComboModel", "ComboSortProxy",
            "DeckCardsModel", "OddsCardModel")
"""Model classes that must be among those found, each holding rows of the real deck."""


@pytest.fixture(autouse=True)
def no_dialogs(monkeypatch):  # type: ignore[no-untyped-def]
    calls = []
    for level in ("warning", "critical", "about", "information", "question"):
        monkeypatch.setattr(QMessageBox, level,
                            lambda *a, _level=level, **k: calls.append((_level, a[1:3])))
    return calls


@pytest.fixture
def window(qtbot, make_window, real_db_url, splinter_deck, no_dialogs):  # type: ignore[no-untyped-def]
    """The main window with the real deck open and its combo search finished."""
    window = make_window(real_db_url, interactive=False)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT_MS):
        assert window.open_deck(splinter_deck) is not None
    assert window.loaded is not None, no_dialogs
    qtbot.waitUntil(lambda: window.controller.combo_worker is None, timeout=DECK_TIMEOUT_MS)
    qtbot.waitUntil(lambda: not window.controller.busy, timeout=DECK_TIMEOUT_MS)
    for index in range(window.tabs.count()):   # views built on first show exist now
        window.tabs.setCurrentIndex(index)
    assert window.stats_view.is_built and window.lines_view.is_built
    return window


def _models(window: Any) -> Iterator[tuple[str, QAbstractItemModel]]:
    """Every item model below the window, each once, named by class and owner."""
    seen: dict[int, QAbstractItemModel] = {}
    found = list(window.findChildren(QAbstractItemModel))
    found += [view.model() for view in window.findChildren(QAbstractItemView)]
    found += [c.model() for c in window.findChildren(QCompleter)]
    for model in found:
        if model is None or id(model) in seen:
            continue
        seen[id(model)] = model
        owner = model.parent()
        where = (owner.accessibleName() if hasattr(owner, "accessibleName") else "") \
            or type(owner).__name__
        yield f"{type(model).__name__} of {where}", model


def _exercise(window: Any, qtbot: Any) -> None:
    """Change the models the way a user does: filter, sort, select, highlight, relayout."""
    edges = window.edge_panel
    edges.filter_edit.setText("ninja")
    edges.filter_edit.clear()
    for column in range(edges.proxy.columnCount()):
        edges.table.sortByColumn(column, edges.table.horizontalHeader().sortIndicatorOrder())
    edges.kind_box.setCurrentIndex(min(1, edges.kind_box.count() - 1))
    edges.kind_box.setCurrentIndex(0)
    card = next(c for c, _ in window.loaded.analysis.analysed_cards if isinstance(c, Card)
                and any(c.id in (e.source, e.target) for e in window.loaded.edges))
    window.selection.select(card)           # card filters and highlights in every view
    window.selection.select(window.loaded.edges[0])
    window.selection.clear()
    window.combo_panel.table.sortByColumn(2, window.combo_panel.table.horizontalHeader()
                                          .sortIndicatorOrder())
    panel = window.graph_panel
    panel.layout_box.setCurrentIndex(1)     # the group list is filled again
    panel.layout_box.setCurrentIndex(0)
    panel.search_edit.setText("ra")
    panel.search_edit.clear()
    qtbot.wait(50)


def test_every_item_model_passes_the_model_tester(window, qtbot, qtlog, request):  # type: ignore[no-untyped-def]
    models = list(_models(window))
    names = [name.split(" of ")[0] for name, _ in models]
    for expected in EXPECTED:
        assert expected in names, f"no {expected} found among {names}"
    for name, model in models:
        if name.split(" of ")[0] in EXPECTED:
            assert model.rowCount() > 0, f"{name} holds no row of the real deck"
    failures: list[str] = []
    testers = []
    for name, model in models:
        testers.append(QAbstractItemModelTester(
            model, QAbstractItemModelTester.FailureReportingMode.Warning))
        tester = ModelTester(request.config)
        try:
            tester.check(model, force_py=True)
        except AssertionError as err:
            failures.append(f"{name} (Python tester): {err}")
        testers.append(tester)
    _exercise(window, qtbot)
    for record in qtlog.records:
        if record.type in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg) and \
                "FAIL" in record.message:
            failures.append(f"Qt model tester: {record.message}")
    deck_model = [f for f in failures if "DeckModel" in f]
    assert not failures, (f"{len(failures)} failure(s)"
                          + (f" ({len(deck_model)} in DeckModel)" if deck_model else "")
                          + ":\n" + "\n".join(failures))
    print(f"\n{len(models)} models checked: " + ", ".join(sorted(set(names))))
