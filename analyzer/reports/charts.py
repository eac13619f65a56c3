"""Chart geometry shared by the HTML (SVG) and PDF (vector) renderers.

Coordinates are picture units with the origin at the top left; the HTML report uses them as
CSS pixels, the PDF scales them to millimetres. Both renderers draw the same bars.

Examples
--------
>>> from analyzer.reports.model import CurveBucket
>>> chart = curve_chart((CurveBucket(0, "0", 0), CurveBucket(1, "1", 4), CurveBucket(2, "2", 2)))
>>> [(b.label, b.value, b.height) for b in chart.bars]
[('0', 0, 0.0), ('1', 4, 120.0), ('2', 2, 60.0)]
>>> chart.width, chart.height
(172.0, 175.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzer.reports.model import CurveBucket, PipCount

__all__ = ["PIP_COLORS", "Bar", "Chart", "curve_chart", "pip_chart"]

PIP_COLORS = {"W": "#f4e9c1", "U": "#3b82c4", "B": "#3f3a3a", "R": "#d9534f", "G": "#3f9c5a"}
"""Fill colour of each colour's bar (MTGJSON colour letters)."""

_CURVE_COLOR = "#4f6d9a"


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of a chart, in picture units."""

    label: str
    """What the bar counts (``"3"``, ``"Blue"``)."""
    value: int
    """The count."""
    x: float
    """Left edge."""
    y: float
    """Top edge."""
    width: float
    """Width."""
    height: float
    """Height."""
    color: str
    """CSS hex fill."""


@dataclass(frozen=True, slots=True)
class Chart:
    """A bar chart: its size and its bars."""

    width: float
    """Picture width."""
    height: float
    """Picture height."""
    bars: tuple[Bar, ...]
    """The bars, in display order."""
    baseline: float = 0.0
    """The y of the axis line (vertical bar charts), 0 for horizontal ones."""


def curve_chart(curve: Sequence[CurveBucket]) -> Chart:
    """Vertical bars of the mana curve, 120 units for the tallest, 44 units apart."""
    top = max((b.count for b in curve), default=0) or 1
    bars = tuple(Bar(b.label, b.count, 30 + i * 44, 140 - 120 * b.count / top, 32,
                     120 * b.count / top, _CURVE_COLOR) for i, b in enumerate(curve))
    return Chart(float(40 + len(curve) * 44), 175.0, bars, 140.0)


def pip_chart(pips: Sequence[PipCount]) -> Chart:
    """Horizontal bars of the colour pips, 260 units for the longest, 28 units apart."""
    top = max((p.count for p in pips), default=0) or 1
    bars = tuple(Bar(p.name, p.count, 90, 10 + i * 28, 260 * p.count / top, 20,
                     PIP_COLORS.get(p.color, "#9ca3af")) for i, p in enumerate(pips))
    return Chart(380.0, float(20 + max(len(pips), 1) * 28), bars)
