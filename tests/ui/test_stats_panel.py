"""The Stats tab with a real deck and the real card database: charts show the analyzer's
figures, which match numbers counted here from the deck file; draw odds match math.comb;
the picker follows and drives the shared selection; QtCharts is imported only when needed.
"""

from __future__ import annotations

import itertools
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QPointF, Qt
from PySide6.QtGui import QColor, QPalette

from analyzer.cards.model import Card
from analyzer.progress import CancelToken, run_job
from tests.ui.conftest import save_copies

pytestmark = pytest.mark.gui

PAUPER = Path("data/decks/mtgo_txt/pauper-challenge-32-2026-04-0112838859__pauper_ninjas.txt")
DECK_TIMEOUT = 120_000
GROUP_ORDER = ("Creature", "Planeswalker", "Instant", "Sorcery", "Artifact", "Enchantment",
               "Battle", "Land")


def _main_deck(path: Path) -> list[tuple[str, int]]:
    """``N Name`` lines of an MTGO .txt list up to the blank line before the sideboard."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            break
        count, name = line.split(" ", 1)
        rows.append((name, int(count)))
    return rows


@pytest.fixture(scope="module")
def pauper_path(shared: Path) -> Path:
    return shared / PAUPER


@pytest.fixture(scope="module")
def pauper_loaded(card_db_url: str, pauper_path: Path):  # type: ignore[no-untyped-def]
    """The deck as the window gets it: the deck-load worker's job, run to its end."""
    from analyzer import services
    from ui.controllers import load_deck_job

    db = services.open_database(card_db_url, seed=False)
    return run_job(load_deck_job(db, pauper_path, CancelToken()))


@pytest.fixture(scope="module")
def expected(pauper_path: Path, shared_cards: dict[str, Card]) -> dict[str, object]:
    """Figures counted here from the deck file and the real card file."""
    cards = [(shared_cards[name], n) for name, n in _main_deck(pauper_path)]
    lands = [(c, n) for c, n in cards if "Land" in c.faces[0].types]
    spells = [(c, n) for c, n in cards if "Land" not in c.faces[0].types]
    by_type: dict[str, list[int]] = {}
    for c, n in spells:
        group = next(g for g in GROUP_ORDER if g in c.faces[0].types)
        by_type.setdefault(group, [0] * 8)[min(7, int(c.mana_value))] += n
    groups: dict[str, int] = {}
    for c, n in cards:
        group = next(g for g in GROUP_ORDER if g in c.faces[0].types)
        groups[group] = groups.get(group, 0) + n
    pips = {"U": 0, "B": 0}
    for c, n in cards:
        for symbol in re.findall(r"\{([^}]*)\}", c.faces[0].mana_cost or ""):
            for letter in pips:
                pips[letter] += n * (letter in symbol.split("/"))
    return {"lands": sum(n for _, n in lands), "total": sum(n for _, n in cards),
            "by_type": by_type, "curve": [sum(v[i] for v in by_type.values()) for i in range(8)],
            "groups": groups, "pips": pips,
            "average": sum(c.mana_value * n for c, n in spells) / sum(n for _, n in spells)}


@pytest.fixture
def panel(qtbot, pauper_loaded):  # type: ignore[no-untyped-def]
    from ui.controllers import Controller
    from ui.widgets.stats_panel import StatsPanel

    widget = StatsPanel(Controller.draw_odds)
    qtbot.addWidget(widget)
    widget.resize(1040, 820)
    widget.set_stats(pauper_loaded.stats, Controller.card_groups(pauper_loaded))
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: widget.odds_chart is not None)   # built one a turn once shown
    return widget


def _at_least(N: int, K: int, n: int, k: int) -> float:
    return 1 - sum(math.comb(K, i) * math.comb(N - K, n - i) for i in range(k)) / math.comb(N, n)


class TestCharts:
    def test_curve_stacked_by_type_and_colour(self, panel, pauper_loaded, expected) -> None:
        stats = pauper_loaded.stats
        chart = panel.curve_chart
        assert chart.bar_values() == {g: [float(stats.curve_by_type[g][mv]) for mv in range(8)]
                                      for g in stats.curve_by_type}
        assert chart.bar_values() == {g: [float(x) for x in v]
                                      for g, v in expected["by_type"].items()}
        assert chart.totals() == [float(stats.curve[mv]) for mv in range(8)] \
            == [float(x) for x in expected["curve"]]
        assert "<b>Mana value 2: 17 card(s)</b>" in chart.tooltip_for(2)
        panel.stack_combo.setCurrentIndex(1)
        by_color = panel.curve_chart.bar_values()
        assert list(by_color) == ["Blue", "Black"]
        assert [sum(v[i] for v in by_color.values()) for i in range(8)] == \
            [float(x) for x in expected["curve"]]

    def test_restacking_leaves_nothing_behind(self, panel) -> None:
        scene = panel.curve_chart.scene()

        def settled() -> int:                    # what the event loop would have deleted
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            return len(scene.items())

        before = settled()
        for _ in range(3):
            panel.stack_combo.setCurrentIndex(1)
            panel.stack_combo.setCurrentIndex(0)
        assert settled() == before
        assert len(panel.curve_chart.chart_.axes()) == 2

    def test_colours_against_sources(self, panel, pauper_loaded, expected) -> None:
        chart = panel.color_chart
        assert chart.categories() == ["Blue", "Black"]
        balance = pauper_loaded.stats.needed_colors
        assert chart.bar_values() == {
            "Pips": [float(b.pips) for b in balance],
            "Lands": [float(b.land_sources) for b in balance],
            "Other sources": [float(b.other_sources) for b in balance]}
        # Island 10 + Contaminated Aquifer 4 + Foreboding Landscape 1 make blue; Swamp 1 +
        # Bojuka Bog 2 + Aquifer 4 + Landscape 1 make black (Oracle text read by hand)
        assert chart.bar_values()["Lands"] == [15.0, 8.0]
        assert chart.bar_values()["Pips"] == [float(expected["pips"]["U"]),
                                              float(expected["pips"]["B"])]
        assert "15 land(s) could produce it" in chart.tooltip_for(0)

    def test_types_lands_and_average(self, panel, pauper_loaded, expected) -> None:
        assert panel.type_chart.bar_values() == {
            g: float(n) for g, n in expected["groups"].items()}
        assert pauper_loaded.stats.type_groups == expected["groups"]
        assert pauper_loaded.stats.lands == expected["lands"] == 18
        assert pauper_loaded.stats.average_mana_value == pytest.approx(expected["average"])
        text = panel.summary.text()
        assert "<b>18</b> lands (30%)" in text
        assert f"average mana value <b>{expected['average']:.2f}</b>" in text
        assert "<b>60</b> cards in the library" in text


class TestDrawOdds:
    def test_lands_first(self, panel) -> None:
        assert panel.group_combo.currentText() == "Lands (18)"
        assert panel.k_spin.value() == 3
        want = [(float(t), 100 * _at_least(60, 18, 6 + t, 3)) for t in range(1, 11)]
        got = panel.odds_chart.values()
        assert [x for x, _ in got] == [x for x, _ in want]
        assert [y for _, y in got] == pytest.approx([y for _, y in want])

    def test_draw_tick_and_combo(self, panel, qtbot) -> None:
        panel.set_play(False)                 # on the draw: one more card each turn
        assert [y for _, y in panel.odds_chart.values()] == pytest.approx(
            [100 * _at_least(60, 18, 7 + t, 3) for t in range(1, 11)])
        model = panel.model
        panel.model.set_checked(set())
        row = model.row_of(next(c.id for c, _ in panel.stats.library if c.name == "Counterspell"))
        assert model.setData(model.index(row, 0), Qt.CheckState.Checked.value,
                             Qt.ItemDataRole.CheckStateRole)
        assert panel.group_combo.currentIndex() == 0 and panel.k_spin.value() == 1
        assert [y for _, y in panel.odds_chart.values()] == pytest.approx(
            [100 * (1 - math.comb(56, 7 + t) / math.comb(60, 7 + t)) for t in range(1, 11)])
        brainstorm = model.row_of(next(c.id for c, _ in panel.stats.library
                                       if c.name == "Brainstorm"))
        model.setData(model.index(brainstorm, 0), Qt.CheckState.Checked.value,
                      Qt.ItemDataRole.CheckStateRole)
        panel.set_mode(each=True)
        # one Counterspell (4) and one Brainstorm (4): 1 - 2 C(56,n)/C(60,n) + C(52,n)/C(60,n)
        assert [y for _, y in panel.odds_chart.values()] == pytest.approx(
            [100 * (1 - 2 * math.comb(56, n) / math.comb(60, n)
                    + math.comb(52, n) / math.comb(60, n)) for n in range(8, 18)])
        assert "one of each of 2 cards" in panel.odds_label.text()

    def test_tooltip_has_the_exact_number(self, panel) -> None:
        chart = panel.odds_chart
        p = _at_least(60, 18, 9, 3)
        chart._points.hovered.emit(QPointF(3.0, 100 * p), True)
        text = chart.hover_text()
        assert f"Turn 3: {p * 100:.2f} %" in text and "9 of 60 cards seen on the play" in text
        assert f"p = {p:.6f}" in text
        chart._points.hovered.emit(QPointF(3.0, 100 * p), False)
        assert chart.hover_text() is None

    def test_space_ticks_the_current_card(self, panel, qtbot) -> None:
        view = panel.card_view
        view.setFocus()
        index = panel.proxy.index(0, 0)          # Augur of Bolas, 4 copies
        view.setCurrentIndex(index)
        panel.model.set_checked(set())
        qtbot.keyClick(view, Qt.Key.Key_Space)
        assert index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        assert panel.odds.copies == (4,) and panel.odds.k == 1

    def test_model(self, panel, qtmodeltester) -> None:
        qtmodeltester.check(panel.model)
        panel.filter_edit.setText("ninja")
        names = {panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())}
        assert names == {"Ninja of the Deep Hours"}
        qtmodeltester.check(panel.proxy)


class TestWindow:
    def test_follows_the_deck_and_the_selection(self, make_window, card_db_url, pauper_path,
                                                qtbot, screenshot_dirs) -> None:
        window = make_window(card_db_url)
        window.auto_combos = False
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.controller.deck_finished, timeout=DECK_TIMEOUT):
            window.open_deck(pauper_path)
        panel = window.stats_panel
        assert panel.stats is window.loaded.stats
        window.tabs.setCurrentIndex(window.view_index("stats"))
        qtbot.waitUntil(lambda: panel.curve_chart is not None)
        # a click in the picker selects the card everywhere
        view = panel.card_view
        index = panel.proxy.index(2, 0)
        view.setCurrentIndex(index)
        current = window.selection.current
        assert isinstance(current, Card) and current.name == index.data()
        # selecting elsewhere moves the picker's current row
        other = next(c for c, _ in window.loaded.stats.library if c.name == "Snuff Out")
        window.selection.select(other)
        assert view.currentIndex().data() == "Snuff Out"
        window.selection.clear()
        assert not view.currentIndex().isValid()
        qtbot.wait(100)                          # let the charts lay themselves out
        for path in save_copies(_grab(window, "stats_window.png", screenshot_dirs[0]),
                                screenshot_dirs):
            assert path.stat().st_size > 0


    def test_combo_pieces_after_the_combo_search(self, make_window, card_db_url, splinter_deck,
                                                 qtbot) -> None:
        window = make_window(card_db_url)
        window.show()
        qtbot.waitExposed(window)
        with qtbot.waitSignal(window.controller.combos_found, timeout=DECK_TIMEOUT):
            window.open_deck(splinter_deck)
        panel = window.stats_panel
        window.tab_actions[window.view_index("stats")].trigger()     # View ▸ Stats (Ctrl+6)
        assert window.tabs.currentWidget() is window.stats_view
        assert window.stats_view.widget() is panel
        qtbot.waitUntil(lambda: panel.odds_chart is not None)     # one chart a turn
        combos = [g for g in panel.groups if g.name.startswith("Combo: ")]
        assert combos, [g.name for g in panel.groups]
        library = {c.id: n for c, n in window.loaded.stats.library}
        finding = window.combo_report.findings[0]
        group = next(g for g in combos if g.name == f"Combo: {finding.combo.name}")
        in_library = [name for name in finding.combo.cards
                      if any(c.name == name for c, _ in window.loaded.stats.library)]
        assert len(group.card_ids) == len(in_library) >= 1
        panel.group_combo.setCurrentIndex(panel.groups.index(group) + 1)
        panel.group_combo.activated.emit(panel.groups.index(group) + 1)
        assert panel.mode_combo.currentText() == "one of each"
        copies = [library[i] for i in group.card_ids]
        N = 99                                   # the commander starts in the command zone
        assert window.loaded.stats.library_size == N

        def p_each(n: int) -> float:             # inclusion-exclusion over missed pieces
            total = 0.0
            for size in range(len(copies) + 1):
                for missed in itertools.combinations(copies, size):
                    total += (-1) ** size * math.comb(N - sum(missed), n) / math.comb(N, n)
            return 100 * total

        assert [y for _, y in panel.odds_chart.values()] == pytest.approx(
            [p_each(6 + t) for t in range(1, 11)])


def _grab(widget, name: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    assert widget.grab().save(str(path))
    return path


def test_dark_palette(panel, screenshot_dirs) -> None:
    save_copies(_grab(panel, "stats_light.png", screenshot_dirs[0]), screenshot_dirs)
    dark = QPalette(panel.palette())
    for role, color in ((QPalette.ColorRole.Window, "#2b2b2b"),
                        (QPalette.ColorRole.Base, "#1e1e1e"),
                        (QPalette.ColorRole.AlternateBase, "#262626"),
                        (QPalette.ColorRole.Button, "#353535"),
                        (QPalette.ColorRole.ButtonText, "#e6e6e6"),
                        (QPalette.ColorRole.Text, "#e6e6e6"),
                        (QPalette.ColorRole.WindowText, "#e6e6e6"),
                        (QPalette.ColorRole.Mid, "#5a5a5a")):
        dark.setColor(role, QColor(color))
    panel.setPalette(dark)
    for chart in (panel.curve_chart, panel.color_chart, panel.type_chart, panel.odds_chart):
        assert chart.chart_.backgroundBrush().color() == QColor("#1e1e1e")
        assert chart.chart_.titleBrush().color() == QColor("#e6e6e6")
        assert all(axis.labelsColor() == QColor("#e6e6e6") for axis in chart.chart_.axes())
    assert panel.curve_chart.totals_series.pointLabelsColor() == QColor("#e6e6e6")
    save_copies(_grab(panel, "stats_dark.png", screenshot_dirs[0]), screenshot_dirs)


def test_no_deck(qtbot) -> None:
    from ui.controllers import Controller
    from ui.widgets.stats_panel import StatsPanel

    widget = StatsPanel(Controller.draw_odds)
    qtbot.addWidget(widget)
    widget.ensure_charts()
    assert "Open a deck" in widget.summary.text()
    assert widget.odds is None and widget.odds_chart.values() == []
    assert widget.curve_chart.totals() == [0.0] * 8
    assert widget.model.rowCount(QModelIndex()) == 0


def test_qtcharts_is_imported_only_for_the_stats_view(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from ui.app import create_application\n"
        "app = create_application()\n"
        "from ui.main_window import MainWindow\n"
        f"w = MainWindow('sqlite:///{tmp_path / 'db.sqlite'}', interactive=False)\n"
        "w.show(); app.processEvents()\n"
        "before = 'PySide6.QtCharts' in sys.modules\n"
        "w.tabs.setCurrentIndex(w.view_index('stats'))\n"
        "import time\n"
        "for _ in range(500):\n"
        "    app.processEvents()\n"
        "    if w.stats_panel.odds_chart is not None: break\n"
        "    time.sleep(0.01)\n"
        "print(before, 'PySide6.QtCharts' in sys.modules, w.stats_panel.curve_chart is not None)\n"
        "w.controller.shutdown()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**__import__("os").environ,
                                            "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "True"]


def test_unknown_names_are_said(card_db_url: str, tmp_path: Path, qtbot) -> None:
    """4 Lightning Bolt, 4 unknown, 12 Mountain: 12 of the 16 known cards are lands (75 %),
    the library holds 20 cards, and the summary says 4 were not counted."""
    from analyzer import services
    from ui.controllers import Controller, load_deck_job
    from ui.widgets.stats_panel import StatsPanel

    path = tmp_path / "unknown.txt"
    path.write_text("4 Lightning Bolt\n4 Notarealcard Foo\n12 Mountain\n", encoding="utf-8")
    loaded = run_job(load_deck_job(services.open_database(card_db_url, seed=False), path,
                                   CancelToken()))
    widget = StatsPanel(Controller.draw_odds)
    qtbot.addWidget(widget)
    widget.set_stats(loaded.stats, Controller.card_groups(loaded))
    text = widget.summary.text()
    assert "<b>12</b> lands (75% of 16 known cards)" in text
    assert "<b>20</b> cards in the library" in text
    assert "4 cards not counted (unknown names)" in text


def test_one_of_each_of_one_card_reads_well(panel) -> None:
    island = next(c.id for c, _ in panel.stats.library if c.name == "Island")
    panel.model.set_checked({island})
    panel.set_mode(each=True)
    text = panel.odds_label.text()
    assert "1 cards" not in text and "one copy of 1 card" in text


def test_curve_tooltip_explains_split_cards(panel) -> None:
    panel.ensure_charts()
    tip = panel.curve_chart.toolTip()
    assert "709.4" in tip and "split" in tip.casefold()


def _contrast(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two colours."""
    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _dark(widget) -> None:  # type: ignore[no-untyped-def]
    dark = QPalette(widget.palette())
    for role, color in ((QPalette.ColorRole.Window, "#2b2b2b"),
                        (QPalette.ColorRole.Base, "#1e1e1e"),
                        (QPalette.ColorRole.AlternateBase, "#262626"),
                        (QPalette.ColorRole.Button, "#353535"),
                        (QPalette.ColorRole.Text, "#e6e6e6"),
                        (QPalette.ColorRole.WindowText, "#e6e6e6")):
        dark.setColor(role, QColor(color))
    widget.setPalette(dark)


def test_unticked_boxes_show_on_dark_rows(panel, qtbot) -> None:
    """Every unticked box, on plain and alternate rows, has an edge of 3:1 contrast
    (WCAG 1.4.11 non-text contrast) against its row."""
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    _dark(panel)
    panel.model.set_checked(set())
    view = panel.card_view
    image = view.viewport().grab().toImage()
    for row in (0, 1, 2, 3):
        index = panel.proxy.index(row, 0)
        option = QStyleOptionViewItem()
        view.initViewItemOption(option) if hasattr(view, "initViewItemOption") else None
        option.rect = view.visualRect(index)
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator,
                                          option, view)
        row_color = QColor(image.pixel(option.rect.right() - 2, option.rect.center().y()))
        best = max(_contrast(QColor(image.pixel(x, y)), row_color)
                   for x in range(box.left(), box.right() + 1)
                   for y in range(box.top(), box.bottom() + 1))
        assert best >= 3.0, (row, box, row_color.name())


def test_black_mana_symbol_shows_on_a_dark_background() -> None:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from ui.widgets.mana_delegate import draw_symbol

    background = QColor("#1e1e1e")
    image = QImage(40, 40, QImage.Format.Format_ARGB32)
    image.fill(background)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw_symbol(painter, QRectF(4, 4, 32, 32), "B", background=background)
    painter.end()
    best = max(_contrast(QColor(image.pixel(x, 20)), background) for x in range(0, 40))
    assert best >= 3.0


def test_picker_columns_do_not_measure_every_row(panel) -> None:
    """ResizeToContents asked every row's data on the first show (6,488 data calls, the GUI
    thread blocked 200 ms): widths come from the font, wide enough for the longest group."""
    from PySide6.QtWidgets import QHeaderView

    header = panel.card_view.horizontalHeader()
    assert all(header.sectionResizeMode(c) != QHeaderView.ResizeMode.ResizeToContents
               for c in range(3))
    metrics = panel.card_view.fontMetrics()
    assert header.sectionSize(2) > metrics.horizontalAdvance("Planeswalker")
    assert header.sectionSize(1) > metrics.horizontalAdvance("Copies")


def test_showing_builds_the_charts_a_piece_at_a_time(qtbot, pauper_loaded) -> None:
    from ui.controllers import Controller
    from ui.widgets.stats_panel import StatsPanel

    widget = StatsPanel(Controller.draw_odds)
    qtbot.addWidget(widget)
    widget.set_stats(pauper_loaded.stats, Controller.card_groups(pauper_loaded))
    widget.show()
    assert widget.curve_chart is None            # nothing built inside the show itself
    qtbot.waitUntil(lambda: widget.odds_chart is not None)
    charts = (widget.curve_chart, widget.color_chart, widget.type_chart, widget.odds_chart)
    assert not widget.ensure_charts()            # built once
    assert charts == (widget.curve_chart, widget.color_chart, widget.type_chart,
                      widget.odds_chart)
    assert widget.curve_chart.totals() == [float(pauper_loaded.stats.curve[mv])
                                           for mv in range(8)]


def test_a_panel_deleted_before_its_charts_are_built_leaves_nothing_to_fire(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The charts are built one a turn of the event loop after the first show; a panel
    deleted in between (its window closed) must not be called back (a found bug: the
    pending build ran on the deleted layout and raised in the event loop)."""
    from ui.controllers import Controller
    from ui.widgets.stats_panel import StatsPanel

    widget = StatsPanel(Controller.draw_odds)
    widget.show()
    qtbot.waitExposed(widget)       # the first chart's build is pending now
    assert widget.odds_chart is None
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(50)                  # pytest-qt fails the test on an exception raised here
