"""Where the Graph tab puts each card: groups of cards on a grid, so labels never overlap.

A force-directed layout of a 100-card deck collapses into a hairball around its hubs (a lord
that pumps 20 creatures, an evasive creature that enables 10 ninjutsu cards). The grouped
layout instead:

1. puts every card in a group (:func:`role_groups`, or the packages the analyzer names);
2. gives each group a block of equal cells, one card per cell, wide enough for its label,
   ordered by the force-directed positions so cards stay near their partners;
3. packs the blocks in shelves towards a landscape picture (:data:`ASPECT`).

Pure Python and Qt-free (it runs in the deck worker and in tests without a QApplication);
units are scene units, one per screen pixel at zoom 1.

Examples
--------
>>> edges = [("lord", "ninja", "anthem", 0.6), ("bird", "ninja", "ninjutsu_enabler", 0.8)]
>>> groups = role_groups(["lord", "ninja", "bird", "land"], edges)
>>> groups["lord"], groups["ninja"], groups["bird"], groups["land"]
('Anthem sources', 'Ninjutsu enabler targets', 'Ninjutsu enabler sources', 'No synergy')
>>> layout = grouped_layout(["lord", "ninja", "bird"], groups)
>>> sorted(box.name for box in layout.boxes)
['Anthem sources', 'Ninjutsu enabler sources', 'Ninjutsu enabler targets']
>>> len(set(layout.positions.values()))  # one cell each
3
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "ASPECT",
    "CELL_HEIGHT",
    "CELL_WIDTH",
    "NO_SYNERGY",
    "QUIET_CELL_HEIGHT",
    "GroupBox",
    "GroupedLayout",
    "fit_positions",
    "grouped_layout",
    "nearest_in_direction",
    "role_groups",
]

CELL_WIDTH = 138.0
"""Width of one card's cell: the node and a label of about 20 characters at 11 px."""
CELL_HEIGHT = 54.0
"""Height of one card's cell: the node, its label and room for arrows between rows."""
ASPECT = 1.45
"""Width / height the packed groups aim for (the Graph tab's usual shape)."""
GROUP_GAP = 44.0
"""Space between two groups."""
TITLE_HEIGHT = 22.0
"""Room above a group for its name."""
NO_SYNERGY = "No synergy"
"""The group of cards with no synergy edge (drawn only on request)."""
QUIET_CELL_HEIGHT = 46.0
"""Cell height in the :data:`NO_SYNERGY` block: no arrow runs between its rows."""

EdgeTuple = tuple[Hashable, Hashable, str, float]
"""``(source, target, kind, strength)`` of one synergy edge (an ``EdgeRow``'s fields)."""


@dataclass(frozen=True, slots=True)
class GroupBox:
    """One group's block in the layout (scene units, top-left origin)."""

    name: str
    """The group's name, drawn above the block."""
    x: float
    """Left edge."""
    y: float
    """Top edge (the name is drawn above it)."""
    width: float
    """Width of the block of cells."""
    height: float
    """Height of the block of cells."""
    members: tuple[Hashable, ...]
    """The cards in the block, row by row."""


@dataclass(frozen=True, slots=True)
class GroupedLayout:
    """The result of :func:`grouped_layout`."""

    positions: dict[Hashable, tuple[float, float]]
    """Centre of each card's node, scene units."""
    boxes: tuple[GroupBox, ...]
    """The groups, in packing order."""


def _kind_title(kind: str) -> str:
    text = kind.replace("_", " ")
    return text[:1].upper() + text[1:]


def role_groups(nodes: Iterable[Hashable], edges: Iterable[EdgeTuple]) -> dict[Hashable, str]:
    """Group each card by the role it plays most: the source or the target of one edge kind.

    A card's weight in each ``(kind, side)`` is the summed ``strength`` of its edges of that
    kind on that side (self-loops ignored); its group is the heaviest, ties broken by kind
    name with the source side first. The group of a card that gives anthems to many others
    is "Anthem sources"; of a card that ninjutsu enablers point at, "Ninjutsu enabler
    targets"; a card with no edge is in :data:`NO_SYNERGY`.

    Parameters
    ----------
    nodes : iterable of card ids
        Every card to place.
    edges : iterable of (source, target, kind, strength)
        The synergy edges (``EdgeRow.source``, ``.target``, ``.kind``, ``.strength``).

    Returns
    -------
    dict
        card id -> group name.
    """
    weight: dict[Hashable, dict[tuple[str, int], float]] = defaultdict(lambda: defaultdict(float))
    for source, target, kind, strength in edges:
        if source == target:
            continue
        w = max(float(strength), 0.01)
        weight[source][(kind, 0)] += w
        weight[target][(kind, 1)] += w
    groups = {}
    for node in nodes:
        roles = weight.get(node)
        if not roles:
            groups[node] = NO_SYNERGY
            continue
        (kind, side), _ = min(roles.items(), key=lambda item: (-item[1], item[0]))
        groups[node] = f"{_kind_title(kind)} {'targets' if side else 'sources'}"
    return groups


@dataclass(frozen=True, slots=True)
class _Block:
    cols: int
    rows: int
    cell_height: float
    width: float

    @property
    def height(self) -> float:
        return self.rows * self.cell_height


def _block(name: str, n: int, aspect: float, min_width: float) -> _Block:
    """The shape of a group's block: about as wide as high times ``aspect``."""
    cell_height = QUIET_CELL_HEIGHT if name == NO_SYNERGY else CELL_HEIGHT
    cols = max(1, math.ceil(math.sqrt(n * cell_height / CELL_WIDTH * aspect)))
    cols = min(cols, n)
    rows = math.ceil(n / cols)
    return _Block(cols, rows, cell_height, max(cols * CELL_WIDTH, min_width))


def _rows(members: Sequence[Hashable], hint: Mapping[Hashable, tuple[float, float]],
          cols: int) -> list[list[Hashable]]:
    by_y = sorted(members, key=lambda m: (hint.get(m, (0.0, 0.0))[1], str(m)))
    return [sorted(by_y[r:r + cols], key=lambda m: (hint.get(m, (0.0, 0.0))[0], str(m)))
            for r in range(0, len(by_y), cols)]


def _group_order(members: Mapping[str, list[Hashable]], groups: Mapping[Hashable, str],
                 pairs: Sequence[tuple[Hashable, Hashable]]) -> list[str]:
    """Groups in packing order: the largest first, then each time the group most linked to
    those already placed (so linked groups end up side by side)."""
    links: dict[tuple[str, str], int] = defaultdict(int)
    for u, v in pairs:
        gu, gv = groups.get(u, NO_SYNERGY), groups.get(v, NO_SYNERGY)
        if gu != gv:
            links[(gu, gv)] += 1
            links[(gv, gu)] += 1
    left = sorted((g for g in members if g != NO_SYNERGY), key=lambda g: (-len(members[g]), g))
    order: list[str] = []
    while left:
        if order:
            best = max(left, key=lambda g: (sum(links[(g, p)] for p in order[-2:]),
                                            sum(links[(g, p)] for p in order),
                                            len(members[g])))
        else:
            best = left[0]
        order.append(best)
        left.remove(best)
    if NO_SYNERGY in members:
        order.append(NO_SYNERGY)
    return order


def _pack(sizes: Sequence[tuple[float, float]], shelf_width: float
          ) -> tuple[list[tuple[float, float]], float, float]:
    """Top-left corners of blocks packed left to right in shelves no wider than
    ``shelf_width``, with the total width and height."""
    corners = []
    x = y = shelf_height = width = 0.0
    for w, h in sizes:
        if x > 0 and x + w > shelf_width + 1e-6:
            x, y, shelf_height = 0.0, y + shelf_height + GROUP_GAP, 0.0
        corners.append((x, y))
        width = max(width, x + w)
        x += w + GROUP_GAP
        shelf_height = max(shelf_height, h)
    return corners, width, y + shelf_height


_BLOCK_SHAPES = (1.0, 0.7, 1.4, 0.5, 2.0, 0.35, 2.8, 4.0)
"""Multipliers of the view's aspect tried for the blocks' own shape, squarest first."""


def _arrange(order: Sequence[str], members: Mapping[str, Sequence[Hashable]], aspect: float,
             min_widths: Mapping[str, float]
             ) -> tuple[dict[str, _Block], dict[str, tuple[float, float]]]:
    """Block shapes and corners drawn largest in a view of ``aspect``: blocks wider or
    narrower than the view (two big groups side by side want tall blocks, one alone a wide
    one), each packed in its best shelves."""
    best: tuple[float, dict[str, _Block], dict[str, tuple[float, float]]] | None = None
    for shape in _BLOCK_SHAPES:
        blocks = {name: _block(name, len(members[name]), aspect * shape,
                               min_widths.get(name, 0.0)) for name in order}
        sizes = [(b.width, b.height + TITLE_HEIGHT) for b in blocks.values()]
        scale, corners = _best_shelf(sizes, aspect)
        if best is None or scale > best[0] * 1.02:  # ties: the squarer blocks tried first
            best = (scale, blocks, dict(zip(order, corners, strict=True)))
    assert best is not None
    return best[1], best[2]


def _best_shelf(sizes: Sequence[tuple[float, float]], aspect: float
                ) -> tuple[float, list[tuple[float, float]]]:
    """The packing that would be drawn largest in a view of the given aspect, and its
    scale (relative)."""
    widths = sorted({sum(w for w, _ in sizes[i:j]) + GROUP_GAP * (j - i - 1)
                     for i in range(len(sizes)) for j in range(i + 1, len(sizes) + 1)})
    best: tuple[float, list[tuple[float, float]]] | None = None
    for shelf in widths:
        if shelf < max(w for w, _ in sizes):
            continue
        corners, width, height = _pack(sizes, shelf)
        scale = min(aspect / max(width, 1.0), 1.0 / max(height, 1.0))
        if best is None or scale > best[0] + 1e-12:
            best = (scale, corners)
    return best if best is not None else (0.0, [])


def grouped_layout(nodes: Sequence[Hashable], groups: Mapping[Hashable, str],
                   hint: Mapping[Hashable, tuple[float, float]] | None = None,
                   pairs: Sequence[tuple[Hashable, Hashable]] = (), *,
                   aspect: float = ASPECT,
                   min_widths: Mapping[str, float] | None = None) -> GroupedLayout:
    """Place ``nodes`` in one block of cells per group, the blocks packed in shelves.

    Parameters
    ----------
    nodes : sequence of card ids
        The cards drawn.
    groups : mapping
        card id -> group name (a card missing from it goes to :data:`NO_SYNERGY`).
    hint : mapping, optional
        card id -> (x, y) from a force-directed layout: inside a block, cards first take
        the top-to-bottom, left-to-right order of their hint, so partners stay close.
    pairs : sequence of (source, target), optional
        The edges drawn. Linked groups are packed next to each other, and each card then
        moves within its block towards the mean position of its partners (three rounds of
        barycentre ordering), which shortens and uncrosses arrows.
    aspect : float
        Width / height of the view the picture should fill best.
    min_widths : mapping, optional
        group name -> the least width of its block (room for its title), scene units.

    Returns
    -------
    GroupedLayout
        Node centres and group blocks, :data:`NO_SYNERGY` last; each cell is
        :data:`CELL_WIDTH` x :data:`CELL_HEIGHT` (:data:`QUIET_CELL_HEIGHT` high in the
        :data:`NO_SYNERGY` block), so no two nodes (and no two labels elided to the cell
        width) overlap.
    """
    members: dict[str, list[Hashable]] = defaultdict(list)
    for node in nodes:
        members[groups.get(node, NO_SYNERGY)].append(node)
    if not members:
        return GroupedLayout({}, ())
    drawn = set(nodes)
    pairs = [(u, v) for u, v in pairs if u != v and u in drawn and v in drawn]
    order = _group_order(members, groups, pairs)
    blocks, corners = _arrange(order, members, aspect, min_widths or {})
    grids = {name: _rows(members[name], hint or {}, blocks[name].cols) for name in order}
    positions = _place(order, blocks, grids, corners)
    neighbours: dict[Hashable, list[Hashable]] = defaultdict(list)
    for u, v in pairs:
        neighbours[u].append(v)
        neighbours[v].append(u)
    for _ in range(3 if neighbours else 0):
        centre = {n: _mean([positions[m] for m in neighbours[n]]) if neighbours[n]
                  else positions[n] for n in positions}
        grids = {name: _rows([n for row in grids[name] for n in row], centre, blocks[name].cols)
                 for name in order}
        positions = _place(order, blocks, grids, corners)
    boxes = tuple(GroupBox(name, corners[name][0], corners[name][1] + TITLE_HEIGHT,
                           blocks[name].width, blocks[name].height,
                           tuple(n for row in grids[name] for n in row)) for name in order)
    return GroupedLayout(positions, boxes)


def _mean(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def _place(order: Sequence[str], blocks: Mapping[str, _Block],
           grids: Mapping[str, list[list[Hashable]]],
           corners: Mapping[str, tuple[float, float]]) -> dict[Hashable, tuple[float, float]]:
    positions: dict[Hashable, tuple[float, float]] = {}
    for name in order:
        block = blocks[name]
        x, y = corners[name]
        top = y + TITLE_HEIGHT
        for r, row in enumerate(grids[name]):
            offset = (block.width - len(row) * CELL_WIDTH) / 2  # short rows are centred
            for c, node in enumerate(row):
                positions[node] = (x + offset + (c + 0.5) * CELL_WIDTH,
                                   top + (r + 0.5) * block.cell_height - 6.0)
    return positions


def fit_positions(ids: Sequence[Hashable],
                  positions: Mapping[Hashable, tuple[float, float]], *,
                  spacing: float = 95.0, min_half_span: float = 220.0
                  ) -> dict[Hashable, tuple[float, float]]:
    """Scene positions of a force-directed layout (any units) for the cards drawn:
    centred, and stretched to a half-width of ``spacing`` per square root of their number
    (at least ``min_half_span``), so hiding cards does not leave the rest crammed.

    >>> fit_positions(["a", "b"], {"a": (0.0, 0.0), "b": (1.0, 0.0)})
    {'a': (-220.0, 0.0), 'b': (220.0, 0.0)}
    """
    points = {i: positions.get(i, (0.0, 0.0)) for i in ids}
    if not points:
        return {}
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    span = max(max(xs) - min(xs), max(ys) - min(ys)) / 2 or 1.0
    half = max(min_half_span, spacing * math.sqrt(len(points)))
    return {i: ((x - cx) / span * half, (y - cy) / span * half) for i, (x, y) in points.items()}


def nearest_in_direction(points: Mapping[Hashable, tuple[float, float]],
                         current: Hashable | None, dx: int, dy: int) -> Hashable | None:
    """The card an arrow key moves to: the nearest in direction ``(dx, dy)`` (screen
    axes, y down) within a cone of about 68 degrees either side, sideways distance
    counting double; from no card (or an unknown one), the top-left card. None if no card
    lies that way.

    >>> grid = {"a": (0.0, 0.0), "b": (100.0, 0.0), "c": (0.0, 100.0), "d": (100.0, 90.0)}
    >>> nearest_in_direction(grid, "a", 1, 0), nearest_in_direction(grid, "a", 0, 1)
    ('b', 'c')
    >>> nearest_in_direction(grid, "a", -1, 0) is None, nearest_in_direction(grid, None, 1, 0)
    (True, 'a')
    """
    if not points:
        return None
    if current not in points:
        return min(points, key=lambda k: (points[k][1], points[k][0]))
    hx, hy = points[current]
    best, best_score = None, math.inf
    for key, (x, y) in points.items():
        if key == current:
            continue
        ox, oy = x - hx, y - hy
        along = ox * dx + oy * dy
        across = abs(ox * dy) + abs(oy * dx)
        if along <= 1e-6 or across > along * 2.5:
            continue
        score = along + 2.0 * across
        if score < best_score:
            best, best_score = key, score
    return best
