"""The *Fix…* dialog of an unresolved deck line: pick the card among the "did you mean"
suggestions, or search the card database by name.

The dialog holds no logic: the suggestions come from the deck's issue, the search results
from a callable the window passes (the controller's name search), and the chosen name goes
back through :meth:`FixCardDialog.chosen_name`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

__all__ = ["FixCardDialog"]


class FixCardDialog(QDialog):
    """Choose the card an unknown name stands for.

    Parameters
    ----------
    name : str
        The name as written in the deck file.
    suggestions : sequence of str
        The closest card names, best first.
    search : callable
        ``search(text) -> list of card names``, run when the user types in the search box.
    """

    def __init__(self, name: str, suggestions: Sequence[str],
                 search: Callable[[str], list[str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._search = search
        self._suggestions = list(suggestions)
        self.setWindowTitle(f"Fix “{name}”")
        self.setAccessibleName("Fix card dialog")
        self.resize(420, 360)

        intro = QLabel(f"No card is named <b>{_html(name)}</b>. Pick the card it stands for:")
        intro.setWordWrap(True)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText("Search cards by name…")
        self.search_edit.setAccessibleName("Search cards by name")
        self.search_edit.setClearButtonEnabled(True)
        self.search_edit.textChanged.connect(self._on_search)
        self.list = QListWidget()
        self.list.setAccessibleName("Candidate cards")
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.list.currentRowChanged.connect(self._update_buttons)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Use this card")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.search_edit)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.buttons)
        self._fill(self._suggestions, "Did you mean")

    # -- API -------------------------------------------------------------------------------

    def chosen_name(self) -> str | None:
        """The card name selected, ``None`` if none."""
        item = self.list.currentItem()
        name = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return str(name) if name is not None else None

    def names(self) -> list[str]:
        """The card names listed."""
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.list.count())]

    # -- helpers ---------------------------------------------------------------------------

    def _fill(self, names: Sequence[str], what: str) -> None:
        self.list.clear()
        for name in names:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, name)
            item.setToolTip(f"{what}: {name}")
            self.list.addItem(item)
        if names:
            self.list.setCurrentRow(0)
        self._update_buttons()

    def _on_search(self, text: str) -> None:
        if len(text.strip()) < 2:
            self._fill(self._suggestions, "Did you mean")
        else:
            self._fill(self._search(text.strip()), "Found")

    def _update_buttons(self, *_args: object) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.list.currentItem() is not None)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
