"""QtCharts views of the Stats tab: mana curve, colour pips against sources, card types and
draw odds.

This module imports :mod:`PySide6.QtCharts` (PySide6-Addons) at the top, so import it only
when a chart is first needed (:class:`ui.widgets.stats_panel.StatsPanel` does, on first
show): the window starts without paying for QtCharts.

The views only draw what they are given: every number comes from :mod:`analyzer.stats`
through the window. Each view reads its colours from its widget palette (labels, grid,
background) and restyles itself when the palette changes, so a dark theme stays readable;
the fills are mid-tone colours that read on light and dark backgrounds alike.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PySide6.QtCharts import (
    QAbstractAxis,
    QAbstractBarSeries,
    QAbstractSeries,
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QHorizontalStackedBarSeries,
    QLegend,
    QLineSeries,
    QScatterSeries,
    QStackedBarSeries,
    QValueAxis,
)
from PySide6.QtCore import QEvent, QMargins, QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from analyzer.stats import CURVE_MAX, ColorBalance, DrawOdds, OddsMode

__all__ = [
    "COLOR_FILLS",
    "MEASURE_FILLS",
    "TYPE_FILLS",
    "ColorSourcesChart",
    "CurveChartView",
    "OddsChart",
    "StatsChartView",
    "TypeChart",
]

COLOR_FILLS: dict[str, str] = {
    "W": "#e9dfb2", "U": "#3b82c4", "B": "#6b5f5f", "R": "#d9534f", "G": "#3f9c5a",
    "M": "#d6ae3c", "C": "#a9a39a",
}
"""Bar fill of each colour group of the curve (letters of :data:`analyzer.stats.
CURVE_GROUP_NAMES`); black is a warm grey so it stays visible on a dark background."""
TYPE_FILLS: dict[str, str] = {
    "Creature": "#4f9a5e", "Planeswalker": "#b0649b", "Instant": "#3f86c6",
    "Sorcery": "#d0584f", "Artifact": "#97a3ad", "Enchantment": "#d2a53c",
    "Battle": "#c9753a", "Land": "#8c6d4f", "Other": "#8a8a8a", "Kindred": "#6f7fbf",
}
"""Fill of each card type (display groups and type names)."""
MEASURE_FILLS: dict[str, str] = {"pips": "#8e6cc0", "lands": "#3f9c8a", "other": "#d08a3c"}
"""Fills of the colour chart's three bar sets."""
_FALLBACK = "#8a8a8a"


def _fill(table: Mapping[str, str], key: str) -> QColor:
    return QColor(table.get(key, _FALLBACK))


def _bucket_label(mana_value: int) -> str:
    return f"{mana_value}+" if mana_value == CURVE_MAX else str(mana_value)


def _percent(p: float) -> str:
    """A probability as people read it: ``"63.21 %"``, ``"< 0.01 %"``, ``"100 %"``."""
    if p >= 1.0:
        return "100 %"
    if 0.0 < p < 0.0001:
        return "< 0.01 %"
    return f"{p * 100:.2f} %"


class StatsChartView(QChartView):
    """A chart view styled from its palette, with tooltips set by hovering a bar or point.

    Subclasses fill :attr:`chart_` and call :meth:`restyle` (also at the end of their
    ``__init__``); a hovered item calls
    :meth:`show_hover` with its text (None when the mouse leaves it).
    """

    def __init__(self, title: str, tip: str, parent: QWidget | None = None) -> None:
        self.chart_ = QChart()
        super().__init__(self.chart_, parent)
        self.chart_.setTitle(title)
        self.chart_.setBackgroundRoundness(0)
        self.chart_.setMargins(QMargins(4, 4, 4, 4))
        legend = self.chart_.legend()
        legend.setAlignment(Qt.AlignmentFlag.AlignBottom)
        legend.setShowToolTips(True)
        legend.setMarkerShape(QLegend.MarkerShape.MarkerShapeCircle)
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() - 1))
        legend.setFont(small)
        self.chart_.setAnimationOptions(QChart.AnimationOption.NoAnimation)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setAccessibleName(title)
        self.setToolTip(tip)
        self.setMinimumSize(240, 200)
        self._tip = tip
        self._hover: str | None = None

    # -- hover -----------------------------------------------------------------------------

    def hover_text(self) -> str | None:
        """The tooltip of the item under the mouse, or None."""
        return self._hover

    def show_hover(self, text: str | None) -> None:
        """Show ``text`` as the tooltip now (None: back to the chart's own tooltip)."""
        self._hover = text
        if text:
            QToolTip.showText(QCursor.pos(), text, self)
        else:
            QToolTip.hideText()

    # -- styling ---------------------------------------------------------------------------

    def restyle(self) -> None:
        """Take the chart's background, text and grid colours from the palette."""
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        grid = QColor(palette.color(QPalette.ColorRole.Mid))
        grid.setAlpha(110)
        chart = self.chart_
        chart.setBackgroundBrush(palette.color(QPalette.ColorRole.Base))
        chart.setBackgroundPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        chart.setTitleBrush(text)
        font = QFont(self.font())
        font.setBold(True)
        chart.setTitleFont(font)
        chart.legend().setLabelColor(text)
        for axis in chart.axes():
            axis.setLabelsColor(text)
            axis.setLinePenColor(grid)
            axis.setGridLineColor(grid)
            axis.setTitleBrush(text)
        self._restyle_series(text)

    def _restyle_series(self, text: QColor) -> None:
        """Colours of series labels (bar values, point labels) that follow the text."""

    # -- Qt overrides ----------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.restyle()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            QToolTip.showText(QCursor.pos(), self._hover or self._tip, self)
            return True
        return super().event(event)

    # -- helpers ---------------------------------------------------------------------------

    def _install_axes(self, x_axis: QAbstractAxis, y_axis: QAbstractAxis) -> None:
        """Add the chart's two axes, once: new data replaces the series and updates the
        axes (subclasses keep typed references to them)."""
        self._axes = (x_axis, y_axis)
        self.chart_.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        self.chart_.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)

    def _clear(self) -> None:
        self.chart_.removeAllSeries()
        self._hover = None

    def _attach(self, series: QAbstractSeries) -> None:
        self.chart_.addSeries(series)
        for axis in self._axes:
            series.attachAxis(axis)


def _count_axis() -> QValueAxis:
    axis = QValueAxis()
    axis.setLabelFormat("%d")
    axis.setMinorTickCount(0)
    return axis


def _set_count_range(axis: QValueAxis, top: float) -> None:
    """0 to just above ``top`` in steps of 1, 2, 5, 10... (at most 6 steps)."""
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 10**9)
                if math.ceil(max(top, 1.0) / s) <= 6)
    ticks = math.ceil(max(top, 1.0) / step)
    axis.setRange(0, ticks * step)
    axis.setTickCount(ticks + 1)


def _set_categories(axis: QBarCategoryAxis, names: Sequence[str]) -> None:
    axis.clear()
    axis.append(list(names))


CURVE_TIP = ("Nonland cards by mana value; hover a bar for its cards.\n"
             "A split card or a Room counts at its two halves' combined mana value "
             "(CR 709.4: off the stack its characteristics are both halves' combined), "
             "e.g. Fire // Ice at 4.\nA double-faced card counts at its front face's mana "
             "value (CR 712.8a).")
"""The mana curve's tooltip: what it counts and where split cards go."""


class CurveChartView(StatsChartView):
    """The mana curve: a stacked bar per mana value 0 to 7+, split by card type or colour,
    the bar's total above it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Mana curve", CURVE_TIP, parent)
        self._groups: dict[str, dict[int, int]] = {}
        self._names: dict[str, str] = {}
        self._totals: list[int] = []
        self.totals_series: QScatterSeries | None = None
        self.chart_.legend().setAlignment(Qt.AlignmentFlag.AlignRight)
        x_axis = QBarCategoryAxis()
        x_axis.append([_bucket_label(mv) for mv in range(CURVE_MAX + 1)])
        x_axis.setTitleText("Mana value")
        self._counts = _count_axis()
        self._install_axes(x_axis, self._counts)
        self.restyle()

    def set_curve(self, groups: Mapping[str, Mapping[int, int]], names: Mapping[str, str],
                  fills: Mapping[str, str]) -> None:
        """Show ``{group: {mana value: copies}}`` stacked, one bar set per group in the
        given order; ``names`` labels the groups, ``fills`` colours them."""
        self._clear()
        buckets = list(range(CURVE_MAX + 1))
        self._groups = {g: {mv: int(c.get(mv, 0)) for mv in buckets} for g, c in groups.items()}
        self._names = {g: names.get(g, g) for g in groups}
        self._totals = [sum(c[mv] for c in self._groups.values()) for mv in buckets]
        series = QStackedBarSeries()
        series.setBarWidth(0.7)
        for group, counts in self._groups.items():
            bar_set = QBarSet(self._names[group])
            bar_set.append([float(counts[mv]) for mv in buckets])
            fill = _fill(fills, group)
            bar_set.setColor(fill)
            bar_set.setBorderColor(fill.darker(140))
            series.append(bar_set)
        series.hovered.connect(self._hovered)
        _set_count_range(self._counts, max(self._totals, default=0) * 1.12)
        self._attach(series)
        totals = QScatterSeries()
        totals.setName("Total")
        totals.setMarkerSize(1.0)
        totals.setColor(QColor(0, 0, 0, 0))
        totals.setBorderColor(QColor(0, 0, 0, 0))
        for i, total in enumerate(self._totals):
            if total:
                totals.append(QPointF(i, total))
        totals.setPointLabelsFormat("@yPoint")
        totals.setPointLabelsVisible(True)
        totals.setPointLabelsClipping(False)
        self.totals_series = totals
        self._attach(totals)
        self.chart_.legend().markers(totals)[0].setVisible(False)
        summary = ", ".join(f"{_bucket_label(mv)}: {n}"
                            for mv, n in zip(buckets, self._totals, strict=True))
        self.setAccessibleDescription(f"Nonland cards by mana value: {summary}")
        self.restyle()

    def bar_values(self) -> dict[str, list[float]]:
        """``{group name: [copies at 0, 1, ... 7+]}`` as the chart holds them."""
        return {s.label(): [s.at(i) for i in range(s.count())] for s in self._bar_sets()}

    def totals(self) -> list[float]:
        """The numbers shown above the bars, 0 to 7+ (empty buckets show none: 0 here)."""
        shown = {int(p.x()): p.y() for p in self.totals_series.points()} \
            if self.totals_series is not None else {}
        return [shown.get(i, 0.0) for i in range(CURVE_MAX + 1)]

    def tooltip_for(self, index: int, group_name: str | None = None) -> str:
        """The text of the bar ``index`` (mana value, 7 for 7+), naming ``group_name``'s
        part first."""
        mv = _bucket_label(index)
        lines = [f"<b>Mana value {mv}: {self._totals[index]} card(s)</b>"]
        for group, counts in self._groups.items():
            if counts[index]:
                name = self._names[group]
                line = f"{name}: {counts[index]}"
                lines.append(f"<b>{line}</b>" if name == group_name else line)
        return "<br>".join(lines)

    def _bar_sets(self) -> list[QBarSet]:
        return [b for s in self.chart_.series() if isinstance(s, QAbstractBarSeries)
                for b in s.barSets()]

    def _hovered(self, status: bool, index: int, bar_set: QBarSet) -> None:
        self.show_hover(self.tooltip_for(index, bar_set.label()) if status else None)

    def _restyle_series(self, text: QColor) -> None:
        if self.totals_series is not None:
            self.totals_series.setPointLabelsColor(text)
            font = QFont(self.font())
            font.setBold(True)
            self.totals_series.setPointLabelsFont(font)


class ColorSourcesChart(StatsChartView):
    """For each colour: coloured pips in the mana costs beside the lands and other
    permanents that could produce it."""

    MEASURES = (("pips", "Pips"), ("lands", "Lands"), ("other", "Other sources"))
    """The bar sets: key and legend label."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Colours: pips against sources",
                         "Coloured mana symbols in the costs against the lands and other "
                         "permanents that could produce each colour", parent)
        self._balance: tuple[ColorBalance, ...] = ()
        self._unknown: tuple[str, ...] = ()
        self._series: QBarSeries | None = None
        self._colors, self._counts = QBarCategoryAxis(), _count_axis()
        self._install_axes(self._colors, self._counts)
        self.restyle()

    def set_balance(self, balance: Sequence[ColorBalance], unknown: Sequence[str] = ()) -> None:
        """Show one category per colour of ``balance``; ``unknown`` names the sources whose
        colours depend on the opponent (said in the tooltip)."""
        self._clear()
        self._balance = tuple(balance)
        self._unknown = tuple(unknown)
        series = QBarSeries()
        series.setBarWidth(0.8)
        values = {"pips": [b.pips for b in balance], "lands": [b.land_sources for b in balance],
                  "other": [b.other_sources for b in balance]}
        for key, label in self.MEASURES:
            bar_set = QBarSet(label)
            bar_set.append([float(v) for v in values[key]])
            fill = _fill(MEASURE_FILLS, key)
            bar_set.setColor(fill)
            bar_set.setBorderColor(fill.darker(140))
            series.append(bar_set)
        series.setLabelsVisible(True)
        series.setLabelsPosition(QAbstractBarSeries.LabelsPosition.LabelsOutsideEnd)
        series.setLabelsFormat("@value")
        series.hovered.connect(self._hovered)
        self._series = series
        _set_categories(self._colors, [b.name for b in balance] or ["No colour"])
        top = max((max(v, default=0) for v in values.values()), default=0)
        _set_count_range(self._counts, top * 1.12)
        self._attach(series)
        self.setAccessibleDescription("; ".join(
            f"{b.name}: {b.pips} pips, {b.land_sources} lands, {b.other_sources} other"
            for b in balance) or "no coloured pips or sources")
        self.restyle()

    def bar_values(self) -> dict[str, list[float]]:
        """``{bar set label: [value per colour category]}``."""
        if self._series is None:
            return {}
        return {s.label(): [s.at(i) for i in range(s.count())] for s in self._series.barSets()}

    def categories(self) -> list[str]:
        """The colour names along the axis."""
        return list(self._colors.categories()) if self._balance else []

    def tooltip_for(self, index: int) -> str:
        """The text of colour ``index``: pips, the cards needing it, sources and shares."""
        b = self._balance[index]
        total_pips = sum(x.pips for x in self._balance) or 1
        total_lands = sum(x.land_sources for x in self._balance) or 1
        lines = [f"<b>{b.name}</b>",
                 f"{b.pips} pip(s) in the costs of {b.cards} card(s) "
                 f"({b.pips / total_pips:.0%} of all pips)",
                 f"{b.land_sources} land(s) could produce it "
                 f"({b.land_sources / total_lands:.0%} of land sources)",
                 f"{b.other_sources} other permanent(s) could produce it"]
        if self._unknown:
            lines.append("<i>Not counted (they copy an opponent's lands): "
                         + ", ".join(self._unknown) + "</i>")
        return "<br>".join(lines)

    def _hovered(self, status: bool, index: int, bar_set: QBarSet) -> None:
        self.show_hover(self.tooltip_for(index) if status else None)

    def _restyle_series(self, text: QColor) -> None:
        if self._series is not None:
            for bar_set in self._series.barSets():
                bar_set.setLabelColor(text)


class TypeChart(StatsChartView):
    """Card types as horizontal bars, one colour a type, its copies at the end of the bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Card types", "Copies by card type group (one group a card, as in "
                         "the deck list); hover a bar for its share", parent)
        self._series: QHorizontalStackedBarSeries | None = None
        self._types: dict[str, int] = {}
        self.chart_.legend().hide()
        self._counts, self._names = _count_axis(), QBarCategoryAxis()
        self._install_axes(self._counts, self._names)
        self.restyle()

    def set_types(self, types: Mapping[str, int]) -> None:
        """Show ``{type: copies}``, the first at the top."""
        self._clear()
        self._types = dict(types)
        names = list(reversed(self._types))          # a bar chart draws upwards
        series = QHorizontalStackedBarSeries()
        series.setBarWidth(0.75)
        for i, name in enumerate(names):
            bar_set = QBarSet(name)
            bar_set.append([float(self._types[name]) if j == i else 0.0
                            for j in range(len(names))])
            fill = _fill(TYPE_FILLS, name)
            bar_set.setColor(fill)
            bar_set.setBorderColor(fill.darker(140))
            series.append(bar_set)
        series.hovered.connect(self._hovered)
        self._series = series
        # the counts sit in the labels: readable whatever the bar's width and colour
        _set_categories(self._names, [f"{name} ({self._types[name]})" for name in names]
                        or ["No cards"])
        _set_count_range(self._counts, max(self._types.values(), default=0))
        self._attach(series)
        self.setAccessibleDescription(", ".join(f"{n}: {c}" for n, c in self._types.items()))
        self.restyle()

    def bar_values(self) -> dict[str, float]:
        """``{type: copies}`` as the bars hold them."""
        if self._series is None:
            return {}
        return {b.label(): sum(b.at(i) for i in range(b.count()))
                for b in self._series.barSets()}

    def tooltip_for(self, name: str) -> str:
        """The text of type ``name``: its copies and share."""
        total = sum(self._types.values()) or 1
        count = self._types.get(name, 0)
        return f"<b>{name}</b>: {count} card(s), {count / total:.0%} of the deck"

    def _hovered(self, status: bool, _index: int, bar_set: QBarSet) -> None:
        self.show_hover(self.tooltip_for(bar_set.label()) if status else None)

class OddsChart(StatsChartView):
    """The chance, in per cent, of the chosen draw by each turn; exact numbers in the
    tooltips of the points."""

    LINE = "#3b82c4"
    """The line's colour."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Draw odds by turn", "The probability of the chosen draw by each "
                         "turn; hover a point for the exact number", parent)
        self._odds: DrawOdds | None = None
        self._line: QLineSeries | None = None
        self._points: QScatterSeries | None = None
        self.chart_.legend().hide()
        x_axis = QValueAxis()
        x_axis.setRange(0.5, 10.5)
        x_axis.setTickType(QValueAxis.TickType.TicksDynamic)
        x_axis.setTickAnchor(1)
        x_axis.setTickInterval(1)
        x_axis.setLabelFormat("%d")
        x_axis.setTitleText("Turn")
        y_axis = QValueAxis()
        y_axis.setRange(0, 100)
        y_axis.setTickCount(6)
        y_axis.setLabelFormat("%d %%")
        self._turns = x_axis
        self._install_axes(x_axis, y_axis)
        self.restyle()

    def set_odds(self, odds: DrawOdds | None, label: str = "") -> None:
        """Plot ``odds`` (None: an empty chart saying what to do); ``label`` is the series'
        name (what is being drawn)."""
        self._clear()
        self._odds = odds
        line = QLineSeries()
        points = QScatterSeries()
        line.setName(label or "Draw odds")
        points.setName(label or "Draw odds")
        color = QColor(self.LINE)
        line.setPen(QPen(color, 2.5))
        points.setColor(color)
        points.setBorderColor(color.darker(130))
        points.setMarkerSize(9.0)
        if odds is not None:
            if odds.turns:
                self._turns.setRange(0.5, odds.turns[-1].turn + 0.5)
            for row in odds.turns:
                line.append(float(row.turn), row.probability * 100.0)
                points.append(float(row.turn), row.probability * 100.0)
            self.chart_.setTitle(f"Draw odds by turn: {label}" if label else
                                 "Draw odds by turn")
            self.setAccessibleDescription("; ".join(
                f"turn {r.turn}: {_percent(r.probability)}" for r in odds.turns))
        else:
            self.chart_.setTitle("Draw odds by turn: choose cards on the left")
            self.setAccessibleDescription("no cards chosen")
        points.hovered.connect(self._hovered)
        line.hovered.connect(self._hovered)
        self._line, self._points = line, points
        self._attach(line)
        self._attach(points)
        self.restyle()

    def values(self) -> list[tuple[float, float]]:
        """``[(turn, per cent)]`` as plotted."""
        if self._points is None:
            return []
        return [(p.x(), p.y()) for p in self._points.points()]

    def tooltip_for(self, turn: int) -> str:
        """The exact numbers of ``turn``: cards seen, the probability, the draw asked."""
        odds = self._odds
        if odds is None:
            return ""
        row = next(r for r in odds.turns if r.turn == turn)
        play = "on the play" if odds.on_the_play else "on the draw"
        want = (f"one copy of each of {len(odds.copies)} card(s)"
                if odds.mode is OddsMode.EACH else
                f"at least {odds.k} of {odds.successes} cop{'y' if odds.successes == 1 else 'ies'}")
        return (f"<b>Turn {row.turn}: {_percent(row.probability)}</b><br>"
                f"{want}<br>{row.seen} of {odds.library_size} cards seen {play}<br>"
                f"p = {row.probability:.6f}")

    def _hovered(self, point: QPointF, state: bool) -> None:
        turn = round(point.x())
        known = self._odds is not None and any(r.turn == turn for r in self._odds.turns)
        self.show_hover(self.tooltip_for(turn) if state and known else None)
