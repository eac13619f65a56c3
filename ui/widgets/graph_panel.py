"""The Graph tab: a row of view controls (fit, zoom, cards without synergies) above the
:class:`~ui.widgets.graph_view.GraphView`."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ui.widgets.graph_view import GraphView

__all__ = ["GraphPanel"]


class GraphPanel(QWidget):
    """The Graph tab: a row of view controls above the :class:`GraphView`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = GraphView()
        self.fit_button = self._button("Fit", "Fit the whole graph in view (Ctrl+0)",
                                       self.view.fit)
        self.zoom_in_button = self._button("+", "Zoom in (Ctrl++)",
                                           lambda: self.view.zoom(1.25))
        self.zoom_out_button = self._button("−", "Zoom out (Ctrl+-)",
                                            lambda: self.view.zoom(0.8))
        self.isolated_box = QCheckBox("Show cards without synergies")
        self.isolated_box.setAccessibleName("Show cards without synergies")
        self.isolated_box.setToolTip("Also draw the cards that have no synergy edge "
                                     "(lands, most often)")
        self.isolated_box.toggled.connect(self._on_isolated_toggled)
        self.hint = QLabel("Wheel: zoom · drag: pan · click a card or an arrow to select it")
        self.hint.setStyleSheet("color: #777;")
        row = QHBoxLayout()
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(self.fit_button)
        row.addWidget(self.zoom_in_button)
        row.addWidget(self.zoom_out_button)
        row.addSpacing(12)
        row.addWidget(self.isolated_box)
        row.addStretch(1)
        row.addWidget(self.hint)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)

    def _button(self, text: str, tip: str, slot: object) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split(" (")[0])
        button.setAutoRaise(True)
        button.setMinimumWidth(28)
        button.clicked.connect(slot)
        return button

    def _on_isolated_toggled(self, on: bool) -> None:
        self.view.set_show_isolated(on)
