"""The Graph tab: view controls above the :class:`~ui.widgets.graph_view.GraphView`, and a
side column with the card search, the checkable legend of synergy kinds and the groups.

- Find a card: type part of a name (completion offers the cards drawn); every match gets a
  halo, Enter selects the best match and centres the view on it (:attr:`card_chosen`).
- Synergy kinds: one check box per kind drawn, in the kind's colour with its edge count;
  unchecking hides those arrows.
- Groups: the grouped layout's blocks; choosing one zooms to it.
- Top row: fit, zoom, the layout (grouped or force-directed), cards without synergies, and
  *Export picture…* (PNG or SVG).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ui.palette import kind_icon, kind_label
from ui.theme import set_themed_sheet
from ui.widgets.graph_view import LAYOUTS, GraphView

__all__ = ["PICTURE_FILTER", "GraphPanel"]

PICTURE_FILTER = "PNG image (*.png);;SVG drawing (*.svg)"
"""File dialog filter of :meth:`GraphPanel.choose_export`."""
_GROUP_ROLE = Qt.ItemDataRole.UserRole + 1


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    set_themed_sheet(label, "color: {muted}; font-weight: 600;")
    return label


class GraphPanel(QWidget):
    """The Graph tab: controls, side column and the :class:`GraphView`."""

    card_chosen = Signal(object)
    """The id of the card the user picked in the search box (Enter or a completion)."""
    exported = Signal(object)
    """The :class:`~pathlib.Path` of a picture just saved."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = GraphView()
        self.export_stem = "synergy-graph"
        """File name offered by *Export picture…* (the window sets the deck's name)."""
        self.export_folder = ""
        """Folder offered by *Export picture…*."""
        self.interactive = True
        """Show dialogs (False: errors only reach :attr:`exported`'s absence and stderr)."""
        self._build_top_row()
        self._build_side()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.side)
        row.addWidget(self.view, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(self.top_row)
        layout.addLayout(row, 1)
        self.view.graph_changed.connect(self._graph_changed)
        self._graph_changed()

    # -- building --------------------------------------------------------------------------

    def _build_top_row(self) -> None:
        self.fit_button = self._button("Fit", "Fit the whole graph in view (Ctrl+0, or 0 in "
                                       "the graph)", self.view.fit)
        self.zoom_in_button = self._button("+", "Zoom in (Ctrl++, or + in the graph)",
                                           lambda: self.view.zoom(1.25))
        self.zoom_out_button = self._button("−", "Zoom out (Ctrl+-, or - in the graph)",
                                            lambda: self.view.zoom(0.8))
        self.layout_box = QComboBox()
        for key, label in LAYOUTS.items():
            self.layout_box.addItem(label, key)
        self.layout_box.setAccessibleName("Graph layout")
        self.layout_box.setToolTip("Grouped: each group of cards in its own block, labels "
                                   "never overlap. Force-directed: cards pulled together by "
                                   "their synergies.")
        self.layout_box.currentIndexChanged.connect(
            lambda _i: self.view.set_layout_mode(self.layout_box.currentData()))
        self.isolated_box = QCheckBox("Cards without synergies")
        self.isolated_box.setAccessibleName("Show cards without synergies")
        self.isolated_box.setToolTip("Also draw the cards that have no synergy edge "
                                     "(lands, most often)")
        self.isolated_box.toggled.connect(self.view.set_show_isolated)
        self.export_button = self._button("Export picture…", "Save the graph as drawn as a "
                                          "PNG image or an SVG drawing", self.choose_export)
        self.hint = QLabel("Wheel: zoom · drag: pan · hover an arrow for its reason · "
                           "arrow keys: next card")
        set_themed_sheet(self.hint, "color: {muted};")
        self.hint.setWordWrap(True)   # under the side panel's lists: the toolbar stays short
        self.hint.setAccessibleName("Graph controls")
        self.hint.setToolTip("How to move around the graph")
        row = QHBoxLayout()
        row.setContentsMargins(8, 4, 8, 4)
        for widget in (self.fit_button, self.zoom_in_button, self.zoom_out_button):
            row.addWidget(widget)
        row.addSpacing(10)
        row.addWidget(QLabel("Layout:"))
        row.addWidget(self.layout_box)
        row.addSpacing(10)
        row.addWidget(self.isolated_box)
        row.addSpacing(10)
        row.addWidget(self.export_button)
        row.addStretch(1)
        self.top_row = row

    def _build_side(self) -> None:
        self.side = QFrame()
        self.side.setObjectName("graphSide")
        self.side.setFixedWidth(236)
        set_themed_sheet(self.side, "#graphSide {{ border-right: 1px solid {border}; }}")
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Find a card…")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.setAccessibleName("Find a card in the graph")
        self.search_edit.setToolTip("Cards whose name contains this get a halo; Enter selects "
                                    "the best match (Ctrl+F on the Graph tab)")
        self._names = QStringListModel(self)
        self.completer = QCompleter(self._names, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer.activated.connect(self._completion_chosen)
        self.search_edit.setCompleter(self.completer)
        self.search_edit.textChanged.connect(self._search_changed)
        self.search_edit.returnPressed.connect(self.choose_best_match)
        self.match_label = QLabel("")
        self.match_label.setAccessibleName("Search matches")
        self.match_label.setToolTip("Cards of the graph matching the search")
        set_themed_sheet(self.match_label, "color: {muted};")
        self.kinds_frame = QFrame()
        self.kinds_frame.setAccessibleName("Synergy kinds legend")
        self.kinds_frame.setToolTip("Arrow colour of each synergy kind and its number of edges;"
                                    " uncheck a kind to hide its arrows")
        self._kinds_layout = QVBoxLayout(self.kinds_frame)
        self._kinds_layout.setContentsMargins(0, 0, 0, 0)
        self._kinds_layout.setSpacing(1)
        self.kind_boxes: dict[str, QCheckBox] = {}
        self._kind_counts: dict[str, int] = {}
        self.groups_caption = _caption("Groups")
        self.group_list = QListWidget()
        self.group_list.setAccessibleName("Card groups")
        self.group_list.setToolTip("The blocks of the grouped layout; choose one to zoom to it")
        self.group_list.setWordWrap(True)
        self.group_list.setSpacing(2)
        self.group_list.setAlternatingRowColors(True)  # wrapped names stay apart
        self.group_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.group_list.currentItemChanged.connect(self._group_chosen)
        self.group_list.itemActivated.connect(lambda item: self._group_chosen(item, None))
        side = QVBoxLayout(self.side)
        side.setContentsMargins(8, 8, 8, 8)
        side.setSpacing(4)
        side.addWidget(_caption("Find a card"))
        side.addWidget(self.search_edit)
        side.addWidget(self.match_label)
        side.addSpacing(6)
        side.addWidget(_caption("Synergy kinds"))
        side.addWidget(self.kinds_frame)
        side.addSpacing(6)
        side.addWidget(self.groups_caption)
        side.addWidget(self.group_list, 1)
        side.addWidget(self.hint)

    def _button(self, text: str, tip: str, slot: Callable[[], object]) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split(" (")[0])
        button.setAutoRaise(True)
        button.setMinimumWidth(28)
        button.clicked.connect(slot)
        return button

    # -- API -------------------------------------------------------------------------------

    def choose_best_match(self) -> Hashable | None:
        """Select the best match of the search text (Enter); None when nothing matches."""
        found = self.view.find_nodes(self.search_edit.text())
        if not found:
            return None
        self.view.center_on_node(found[0])
        self.card_chosen.emit(found[0])
        return found[0]

    def choose_export(self) -> Path | None:
        """Ask where to save the picture, then save it (*Export picture…*)."""
        default = str(Path(self.export_folder or ".") / f"{self.export_stem}.png")
        path, chosen = QFileDialog.getSaveFileName(self, "Export graph picture", default,
                                                   PICTURE_FILTER)
        if not path:
            return None
        if Path(path).suffix.lower() not in (".png", ".svg"):
            path += ".svg" if "SVG" in chosen else ".png"
        return self.export(path)

    def export(self, path: Path | str) -> Path | None:
        """Save the picture to ``path`` (.png or .svg); a warning on failure."""
        try:
            written = self.view.export_image(path, self.export_stem)
        except (OSError, ValueError) as err:
            if self.interactive:
                QMessageBox.warning(self, "Export graph picture", str(err))
            return None
        self.exported.emit(written)
        return written

    # -- slots -----------------------------------------------------------------------------

    def _graph_changed(self) -> None:
        self._fill_kinds()
        names = sorted(set(self.view.node_names().values()), key=str.casefold)
        self._names.setStringList(names)
        self.search_edit.setEnabled(bool(names))
        self._fill_groups()
        self._search_changed(self.search_edit.text())

    def _fill_kinds(self) -> None:
        hidden = self.view.hidden_kinds()
        counts = self.view.kind_counts()
        if counts and list(counts) == list(self.kind_boxes) and \
                counts == self._kind_counts:  # a new layout of the same graph: keep them
            for kind, box in self.kind_boxes.items():
                box.blockSignals(True)
                box.setChecked(kind not in hidden)
                box.blockSignals(False)
            return
        self._kind_counts = counts
        for box in self.kind_boxes.values():
            self._kinds_layout.removeWidget(box)
            box.deleteLater()
        self.kind_boxes.clear()
        for kind, count in counts.items():
            label = kind_label(kind)
            box = QCheckBox(f"{label} ({count})")
            box.setIcon(kind_icon(kind))
            box.setChecked(kind not in hidden)
            box.setAccessibleName(f"Show {label} synergies")
            box.setToolTip(f"Show or hide the {count} {label} arrows")
            box.toggled.connect(lambda on, k=kind: self.view.set_kind_visible(k, on))
            self._kinds_layout.addWidget(box)
            self.kind_boxes[kind] = box
        if not counts:
            box = QCheckBox("No synergies")
            box.setEnabled(False)
            box.setAccessibleName("No synergies")
            box.setToolTip("The graph has no synergy edge to filter")
            self._kinds_layout.addWidget(box)
            self.kind_boxes[""] = box

    def _fill_groups(self) -> None:
        self.group_list.blockSignals(True)
        self.group_list.clear()
        for name in self.view.group_rects():
            item = QListWidgetItem(name)
            item.setData(_GROUP_ROLE, name)
            item.setToolTip(f"Zoom to {name}")
            self.group_list.addItem(item)
        self.group_list.blockSignals(False)
        shown = self.group_list.count() > 0
        self.group_list.setVisible(shown)
        self.groups_caption.setVisible(shown)

    def _group_chosen(self, item: QListWidgetItem | None, _previous: object) -> None:
        if item is not None:
            self.view.zoom_to_group(item.data(_GROUP_ROLE))

    def _search_changed(self, text: str) -> None:
        found = self.view.find_nodes(text)
        if not text.strip():
            self.match_label.setText("")
        else:
            self.match_label.setText(f"{len(found)} card(s) match" if found
                                     else "No card matches")

    def _completion_chosen(self, name: str) -> None:
        ids = [k for k, n in self.view.node_names().items() if n == name]
        if ids:
            self.view.find_nodes(name)
            self.view.center_on_node(ids[0])
            self.card_chosen.emit(ids[0])
