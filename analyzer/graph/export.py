"""Write a synergy graph for other tools: node-link JSON and GraphML, or as a picture (SVG,
PNG; drawn by :mod:`analyzer.graph.draw`).

The JSON is networkx's node-link format with ``edges="links"``::

    {"directed": true, "multigraph": true, "graph": {},
     "nodes": [{"id": CARD_ID, "name": ..., "count": ..., "mana_value": ...,
                "type_line": ..., "colors": [...], "creature_types": [...],
                "changeling": false}, ...],
     "links": [{"source": CARD_ID, "target": CARD_ID, "key": KIND, "kind": KIND,
                "explanation": ..., "rules": ["613.4c", ...], "strength": 0.6}, ...]}

The in-memory ``profile`` node attribute is never written.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import networkx as nx
from networkx.readwrite.graphml import GraphMLWriter

from analyzer.errors import InputError
from analyzer.fileio import write_bytes_atomic, write_text_atomic

__all__ = ["EXPORT_FORMATS", "GraphFormatError", "graph_to_node_link", "write_graph"]

EXPORT_FORMATS: dict[str, str] = {".json": "node-link JSON", ".graphml": "GraphML",
                                  ".svg": "SVG picture", ".png": "PNG picture"}
"""Supported file extensions and what each writes."""

_MEMORY_ONLY = frozenset({"profile"})


class GraphFormatError(InputError):
    """The file extension asked for names no graph format Spellweb writes."""


def _plain(value: Any, *, join_lists: bool) -> Any:
    if isinstance(value, list | tuple | set | frozenset):
        items = [str(v) for v in value] if join_lists else list(value)
        return ", ".join(items) if join_lists else items
    return value


def _plain_copy(G: nx.MultiDiGraph[str], *, join_lists: bool) -> nx.MultiDiGraph[str]:
    H: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    H.graph.update({k: _plain(v, join_lists=join_lists) for k, v in G.graph.items()})
    for node, data in G.nodes(data=True):
        H.add_node(node, **{k: _plain(v, join_lists=join_lists)
                            for k, v in data.items() if k not in _MEMORY_ONLY})
    for u, v, key, data in G.edges(keys=True, data=True):
        H.add_edge(u, v, key=key, **{k: _plain(x, join_lists=join_lists)
                                     for k, x in data.items()})
    return H


class _GraphMLWriter(GraphMLWriter):
    """networkx's GraphML writer with booleans written as XML Schema ``xs:boolean`` values
    (``true``/``false``, GraphML Primer 2.4.2; networkx writes Python's ``True``/``False``,
    which XML Schema readers reject)."""

    def add_data(self, name: str, element_type: type, value: Any, scope: str = "all",
                 default: Any = None) -> Any:
        # networkx passes the value already as str(value): "True"/"False" for a bool
        if element_type is bool:
            value = "true" if value in (True, "True") else "false"
            if default is not None:
                default = "true" if default in (True, "True") else "false"
        return super().add_data(name, element_type, value, scope, default)


def graph_to_node_link(G: nx.MultiDiGraph[str]) -> dict[str, Any]:
    """The graph as a JSON-able node-link dict (``"nodes"`` and ``"links"``).

    Examples
    --------
    >>> G = nx.MultiDiGraph()
    >>> G.add_node("a", name="A", profile=object(), colors=["U"])
    >>> G.add_node("b", name="B")
    >>> _ = G.add_edge("a", "b", key="anthem", kind="anthem", explanation="A helps B.",
    ...                rules=["613.4c"], strength=0.6)
    >>> data = graph_to_node_link(G)
    >>> data["nodes"][0]
    {'name': 'A', 'colors': ['U'], 'id': 'a'}
    >>> data["links"][0]["key"], data["links"][0]["rules"]
    ('anthem', ['613.4c'])
    """
    data: dict[str, Any] = nx.node_link_data(_plain_copy(G, join_lists=False), edges="links")
    return data


def write_graph(G: nx.MultiDiGraph[str], path: Path | str) -> Path:
    """Write the graph to ``path``, the format chosen by its extension.

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph.
    path : Path or str
        ``.json`` writes node-link JSON (UTF-8, indent 2); ``.graphml`` writes GraphML, where
        list attributes become ``", "``-joined strings (GraphML has no lists); ``.svg`` and
        ``.png`` write a 1600 x 1200 picture (:func:`~analyzer.graph.draw.graph_picture`).

    Returns
    -------
    Path
        The path written.

    Raises
    ------
    GraphFormatError
        Any other extension; the message lists the supported ones.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = json.dumps(graph_to_node_link(G), ensure_ascii=False, indent=2,
                          allow_nan=False)
        write_text_atomic(path, text + "\n")
    elif suffix == ".graphml":
        buffer = io.BytesIO()
        writer = _GraphMLWriter(encoding="utf-8")
        writer.add_graph_element(_plain_copy(G, join_lists=True))
        writer.dump(buffer)
        write_bytes_atomic(path, buffer.getvalue())
    elif suffix in (".svg", ".png"):
        from analyzer.graph.draw import graph_picture, picture_png, picture_svg

        picture = graph_picture(G)
        if suffix == ".svg":
            write_text_atomic(path, picture_svg(picture))
        else:
            write_bytes_atomic(path, picture_png(picture))
    else:
        supported = ", ".join(f"{ext} ({name})" for ext, name in EXPORT_FORMATS.items())
        raise GraphFormatError(
            f"cannot write a graph to {str(path)!r}: unsupported extension "
            f"{suffix or '(none)'!r}; supported: {supported}")
    return path
