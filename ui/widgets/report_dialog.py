"""File ▸ Export report…: the dialog that asks for a report's title, notes and sections,
and the file-name rule that adds the ending of the format chosen in the save dialog.

The dialog holds no logic about reports: the sections and their headings come from
:class:`analyzer.reports.model.ReportSection`, and what the user chose goes back as a
:class:`ReportChoice` for the controller to run. The checked sections are remembered in
``QSettings`` under :data:`SECTIONS_KEY`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from analyzer.reports.model import ReportSection

__all__ = [
    "FILTER_KEY",
    "REPORT_FILTER",
    "SECTIONS_KEY",
    "ReportChoice",
    "ReportDialog",
    "filter_for",
    "report_path",
]

REPORT_FILTER = "HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json)"
"""The save dialog's filters, one per report format (:class:`analyzer.reports.ReportFormat`)."""
_SUFFIXES = {"HTML": ".html", "PDF": ".pdf", "Markdown": ".md", "JSON": ".json"}
"""Filter name -> the ending :func:`report_path` adds."""
_KNOWN_SUFFIXES = (".html", ".htm", ".pdf", ".md", ".markdown", ".json")
"""Endings that already name a report format (``ReportFormat.suffixes``): kept as typed."""

SECTIONS_KEY = "report/sections"
"""Settings key: the checked sections, as comma-separated :class:`ReportSection` values."""
FILTER_KEY = "report/filter"
"""Settings key: the save dialog's filter chosen last."""

_SECTION_TIPS = {
    ReportSection.DECK: "The deck list by section and card type, with the problems met "
                        "reading the file",
    ReportSection.STATS: "Mana curve, colour pips and card type counts, as charts",
    ReportSection.KEY_CARDS: "The cards most central to the synergies, and the deck's packages",
    ReportSection.GRAPH: "The picture of the synergy graph",
    ReportSection.EDGES: "Every synergy edge with its explanation and rules",
    ReportSection.COMBOS: "Combos with their verdict, steps and per-iteration gain",
    ReportSection.NEAR_MISSES: "Combos one card away, by missing card",
    ReportSection.LINES: "Sample lines of play, step by step",
    ReportSection.ODDS: "Goldfish odds: how often the deck assembles a combo by each turn",
}
"""Tooltips (the member docs of :class:`ReportSection`)."""


def report_path(path: str, chosen_filter: str) -> Path:
    """The file to write: ``path`` as typed when its ending names a report format, else
    ``path`` plus the ending of the filter chosen in the save dialog.

    Parameters
    ----------
    path : str
        What the save dialog returned.
    chosen_filter : str
        The selected filter, one of :data:`REPORT_FILTER` (``"PDF (*.pdf)"``); an unknown
        filter adds ``.html``.

    Examples
    --------
    >>> report_path("/tmp/deck", "PDF (*.pdf)").name
    'deck.pdf'
    >>> report_path("/tmp/deck.md", "HTML (*.html)").name
    'deck.md'
    >>> report_path("/tmp/deck.v2", "JSON (*.json)").name
    'deck.v2.json'
    """
    if Path(path).suffix.lower() in _KNOWN_SUFFIXES:
        return Path(path)
    word = chosen_filter.split(" (", 1)[0].strip()
    return Path(path + _SUFFIXES.get(word, ".html"))


def filter_for(suffix: str) -> str:
    """The :data:`REPORT_FILTER` entry writing ``suffix`` (``".pdf"`` -> ``"PDF (*.pdf)"``);
    the HTML one for an unknown ending."""
    filters = REPORT_FILTER.split(";;")
    return next((f for f in filters if f"*{suffix.lower()})" in f), filters[0])


@dataclass(frozen=True)
class ReportChoice:
    """What the user asked for in the :class:`ReportDialog`."""

    title: str | None
    """The report's title; ``None``: the deck's name."""
    notes: str
    """Free text printed under the title (escaped by the report writers)."""
    sections: tuple[ReportSection, ...]
    """The sections to include, in report order."""


class ReportDialog(QDialog):
    """Ask for a report's title, notes and sections; *Export…* then asks for the file.

    Parameters
    ----------
    deck_title : str
        The deck's name: the default title.
    settings : QSettings
        Where the checked sections are remembered (:data:`SECTIONS_KEY`).
    slow_sections : collection of ReportSection
        Sections whose tooltip warns that they run the combo analyses first.
    """

    def __init__(self, deck_title: str, settings: QSettings,
                 slow_sections: Collection[ReportSection] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._deck_title = deck_title
        self.setWindowTitle("Export report")
        self.setAccessibleName("Export report dialog")
        self.setToolTip("")
        self.setModal(True)

        self.title_edit = QLineEdit(deck_title)
        self.title_edit.setPlaceholderText(deck_title)
        self.title_edit.setAccessibleName("Report title")
        self.title_edit.setToolTip("The report's title (empty: the deck's name)")
        self.title_edit.setClearButtonEnabled(True)
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setAccessibleName("Report notes")
        self.notes_edit.setToolTip("Your notes, printed under the title "
                                   "(Tab moves to the next field)")
        self.notes_edit.setPlaceholderText("Notes for the reader (optional)")
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setFixedHeight(self.fontMetrics().lineSpacing() * 5)

        form = QFormLayout()
        title_label = QLabel("&Title:")
        title_label.setBuddy(self.title_edit)
        notes_label = QLabel("&Notes:")
        notes_label.setBuddy(self.notes_edit)
        form.addRow(title_label, self.title_edit)
        form.addRow(notes_label, self.notes_edit)

        self.section_boxes: dict[ReportSection, QCheckBox] = {}
        sections = QGroupBox("Sections")
        sections.setAccessibleName("Report sections")
        sections.setToolTip("The parts of the deck's analysis the report includes")
        grid = QGridLayout(sections)
        remembered = self._remembered_sections()
        columns = _columns(tuple(ReportSection), frozenset(slow_sections))
        for column, members in enumerate(columns):
            for row, section in enumerate(members):
                grid.addWidget(self._section_box(section, section in remembered,
                                                 section in slow_sections), row, column)
        rows = max(len(members) for members in columns)
        if 0 < len(set(slow_sections)) < len(ReportSection):   # split as _columns does
            hint = QLabel("Sections on the right run the combo analyses first: "
                          "a few seconds more.")
            hint.setWordWrap(True)
            font = hint.font()
            font.setItalic(True)
            hint.setFont(font)
            grid.addWidget(hint, rows, 0, 1, 2)
            rows += 1
        self.all_button = QPushButton("&All")
        self.all_button.setAccessibleName("Check every section")
        self.all_button.setToolTip("Include every section")
        self.all_button.clicked.connect(lambda: self._check_all(True))
        self.none_button = QPushButton("N&one")
        self.none_button.setAccessibleName("Uncheck every section")
        self.none_button.setToolTip("Include no section (then check the ones you want)")
        self.none_button.clicked.connect(lambda: self._check_all(False))
        toggles = QHBoxLayout()
        toggles.addWidget(self.all_button)
        toggles.addWidget(self.none_button)
        toggles.addStretch(1)
        grid.addLayout(toggles, rows, 0, 1, 2)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.export_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.export_button.setText("&Export…")
        self.export_button.setAccessibleName("Export")
        self.export_button.setToolTip("Choose the file and its format (HTML, PDF, Markdown "
                                      "or JSON), then write the report in the background")
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAccessibleName("Cancel")
        cancel.setToolTip("Close without exporting (Esc)")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        where = QLabel("Next, choose the file: its type (HTML, PDF, Markdown or JSON) "
                       "sets the report's format.")
        where.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(sections)
        layout.addWidget(where)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(480)
        boxes = [self.section_boxes[s] for column in columns for s in column]
        chain = [self.title_edit, self.notes_edit, *boxes,
                 self.all_button, self.none_button]
        for before, after in pairwise(chain):
            self.setTabOrder(before, after)
        self.title_edit.setFocus()
        self.title_edit.selectAll()
        self._update_buttons()

    # -- API -------------------------------------------------------------------------------

    def choice(self) -> ReportChoice:
        """What the user chose (the title stripped; empty means the deck's name)."""
        return ReportChoice(title=self.title_edit.text().strip() or None,
                            notes=self.notes_edit.toPlainText().strip(),
                            sections=self.checked_sections())

    def checked_sections(self) -> tuple[ReportSection, ...]:
        """The checked sections, in report order."""
        return tuple(s for s, box in self.section_boxes.items() if box.isChecked())

    def set_sections(self, sections: tuple[ReportSection, ...] | list[ReportSection]) -> None:
        """Check exactly ``sections``."""
        for section, box in self.section_boxes.items():
            box.setChecked(section in sections)

    # -- Qt overrides ----------------------------------------------------------------------

    def accept(self) -> None:
        if not self.checked_sections():
            return
        self._settings.setValue(SECTIONS_KEY,
                                ",".join(s.value for s in self.checked_sections()))
        super().accept()

    # -- helpers ---------------------------------------------------------------------------

    def _section_box(self, section: ReportSection, checked: bool, slow: bool) -> QCheckBox:
        box = QCheckBox(section.title)
        box.setAccessibleName(f"Include {section.title}")
        tip = _SECTION_TIPS.get(section, section.title)
        if slow:
            tip += " (runs the combo analyses first: a few seconds more)"
        box.setToolTip(tip)
        box.setChecked(checked)
        box.toggled.connect(self._update_buttons)
        self.section_boxes[section] = box
        return box

    def _remembered_sections(self) -> set[ReportSection]:
        stored = self._settings.value(SECTIONS_KEY, None)
        if stored is None:
            return set(ReportSection)
        text = ",".join(stored) if isinstance(stored, list) else str(stored)
        known = {s.value: s for s in ReportSection}
        return {known[name] for name in text.split(",") if name in known}

    def _check_all(self, checked: bool) -> None:
        for box in self.section_boxes.values():
            box.setChecked(checked)

    def _update_buttons(self) -> None:
        self.export_button.setEnabled(bool(self.checked_sections()))


def _columns(sections: tuple[ReportSection, ...], slow: frozenset[ReportSection]
             ) -> list[tuple[ReportSection, ...]]:
    """The sections in two columns: the quick ones left, those in ``slow`` right (or the
    first and second half when nothing is slow)."""
    if slow and len(slow) < len(sections):
        return [tuple(s for s in sections if s not in slow),
                tuple(s for s in sections if s in slow)]
    half = (len(sections) + 1) // 2
    return [sections[:half], sections[half:]]
