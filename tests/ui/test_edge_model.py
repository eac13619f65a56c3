"""The synergy table model and its filter proxy, on the real Splinter deck."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt

from ui.models.edge_model import (
    COLUMNS,
    EDGE_ROLE,
    KIND_ROLE,
    SOURCE_ID_ROLE,
    TARGET_ID_ROLE,
    EdgeFilterProxy,
    EdgeModel,
)

pytestmark = [pytest.mark.gui, pytest.mark.shared]

SPLINTER = "Splinter, Hamato Yoshi"


@pytest.fixture
def model(splinter_analysis) -> EdgeModel:
    model = EdgeModel()
    model.set_edges(splinter_analysis.edges)
    return model


class TestEdgeModel:
    def test_passes_the_model_tester(self, qtmodeltester, model):
        assert model.rowCount() > 0
        qtmodeltester.check(model)

    def test_rows_show_every_field(self, model):
        first = model.edges()[0]
        row = [model.data(model.index(0, c)) for c in range(len(COLUMNS))]
        assert row == [first.source_name, first.kind.replace("_", " "), first.target_name,
                       first.explanation, ", ".join(first.rules)]
        index = model.index(0, 0)
        assert model.item_at(index) is first
        assert model.data(index, EDGE_ROLE) is first
        assert model.data(index, KIND_ROLE) == first.kind
        assert (model.data(index, SOURCE_ID_ROLE), model.data(index, TARGET_ID_ROLE)) == \
            (first.source, first.target)
        assert first.explanation in model.data(index, Qt.ItemDataRole.ToolTipRole)
        assert model.data(index, Qt.ItemDataRole.UserRole + 77) is None
        assert model.data(QModelIndex()) is None and model.item_at(QModelIndex()) is None

    def test_splinter_gives_anthems_and_none_to_itself(self, model):
        edges = model.edges()
        assert any(e.kind == "anthem" and e.source_name == SPLINTER for e in edges)
        assert not any(e.source == e.target for e in edges)


class TestEdgeFilterProxy:
    def test_passes_the_model_tester_while_filtering(self, qtmodeltester, model):
        proxy = EdgeFilterProxy()
        proxy.setSourceModel(model)
        proxy.set_kind("anthem")
        proxy.set_text("splinter")
        qtmodeltester.check(proxy)

    def test_filters_combine(self, model):
        proxy = EdgeFilterProxy()
        proxy.setSourceModel(model)
        total = proxy.rowCount()
        proxy.set_kind("anthem")
        anthems = [proxy.data(proxy.index(r, 0), EDGE_ROLE) for r in range(proxy.rowCount())]
        assert 0 < len(anthems) < total and {e.kind for e in anthems} == {"anthem"}
        splinter = next(e.source for e in anthems if e.source_name == SPLINTER)
        proxy.set_card(splinter)
        rows = [proxy.data(proxy.index(r, 0), EDGE_ROLE) for r in range(proxy.rowCount())]
        assert rows and all(splinter in (e.source, e.target) for e in rows)
        proxy.set_text("NO SUCH TEXT ANYWHERE")
        assert proxy.rowCount() == 0
        proxy.set_text("")
        proxy.set_kind(None)
        proxy.set_card(None)
        assert proxy.rowCount() == total

    def test_sorts_by_a_column(self, model):
        proxy = EdgeFilterProxy()
        proxy.setSourceModel(model)
        proxy.sort(2, Qt.SortOrder.AscendingOrder)
        targets = [proxy.data(proxy.index(r, 2)) for r in range(proxy.rowCount())]
        assert targets == sorted(targets, key=str.casefold)
