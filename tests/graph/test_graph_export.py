"""Node-link JSON and GraphML export."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import pytest

from analyzer.cards.model import Card
from analyzer.errors import InputError
from analyzer.graph import GraphFormatError, build_synergy_graph, graph_to_node_link, write_graph

CardFactory = Callable[..., Card]


@pytest.fixture
def graph(card: CardFactory) -> nx.MultiDiGraph:
    return build_synergy_graph([
        (card("Splinter, Hamato Yoshi", "Sneak {B}\nMenace\nOther Ninjas you control get "
              "+1/+1.", subtypes=("Mutant", "Ninja", "Rat"), colors=("B",)), 1),
        (card("Ninja of the Deep Hours", "Ninjutsu {1}{U}", subtypes=("Human", "Ninja")), 4),
        (card("Ninjas’ Outcast", "Changeling\nThis creature can't be blocked.",
              subtypes=("Shapeshifter",)), 2),
    ])


class TestNodeLink:
    def test_shape(self, graph: nx.MultiDiGraph) -> None:
        data = graph_to_node_link(graph)
        assert data["directed"] is True and data["multigraph"] is True
        assert "links" in data and "edges" not in data
        for node in data["nodes"]:
            assert {"id", "name", "count", "mana_value", "type_line", "colors",
                    "creature_types"} <= set(node)
            assert "profile" not in node
        for link in data["links"]:
            assert {"source", "target", "key", "kind", "explanation", "rules",
                    "strength"} <= set(link)
            assert isinstance(link["rules"], list) and link["key"] == link["kind"]
        json.dumps(data)  # nothing that JSON cannot hold

    def test_graph_is_not_changed(self, graph: nx.MultiDiGraph) -> None:
        graph_to_node_link(graph)
        assert "profile" in graph.nodes["Ninja of the Deep Hours"]

    def test_round_trip(self, graph: nx.MultiDiGraph) -> None:
        back = nx.node_link_graph(graph_to_node_link(graph), edges="links")
        assert set(back.edges(keys=True)) == set(graph.edges(keys=True))


class TestWrite:
    def test_json(self, graph: nx.MultiDiGraph, tmp_path: Path) -> None:
        path = write_graph(graph, tmp_path / "deck.json")
        text = path.read_text(encoding="utf-8")
        assert "Ninjas’ Outcast" in text  # UTF-8, not \u escapes
        assert text.startswith("{\n  ")  # indent 2
        assert json.loads(text) == graph_to_node_link(graph)

    def test_graphml(self, graph: nx.MultiDiGraph, tmp_path: Path) -> None:
        path = write_graph(graph, tmp_path / "deck.GRAPHML")
        back = nx.read_graphml(path, force_multigraph=True)
        assert back.nodes["Splinter, Hamato Yoshi"]["creature_types"] == "Mutant, Ninja, Rat"
        (data,) = [d for u, v, d in back.edges(data=True) if d["kind"] == "anthem"
                   and (u, v) == ("Splinter, Hamato Yoshi", "Ninja of the Deep Hours")]
        assert data["rules"] == "613.4c, 205.3m"
        assert isinstance(data["strength"], float)

    def test_graphml_booleans_are_xs_boolean(self, graph: nx.MultiDiGraph,
                                             tmp_path: Path) -> None:
        # GraphML declares attr.type="boolean", an XML Schema xs:boolean: "true"/"false"
        # (or 1/0), never Python's "True"/"False".
        import xml.etree.ElementTree as ET

        root = ET.parse(write_graph(graph, tmp_path / "deck.graphml")).getroot()
        ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
        booleans = {k.get("id"): k.get("attr.name") for k in root.findall("g:key", ns)
                    if k.get("attr.type") == "boolean"}
        assert "changeling" in booleans.values()
        values = {(booleans[d.get("key")], d.text) for d in root.iter(f"{{{ns['g']}}}data")
                  if d.get("key") in booleans}
        assert ("changeling", "true") in values and ("changeling", "false") in values
        assert {text for _, text in values} <= {"true", "false"}

    @pytest.mark.parametrize("name", ["deck.jpg", "deck", "deck.gexf"])
    def test_unsupported_extension(self, graph: nx.MultiDiGraph, tmp_path: Path,
                                   name: str) -> None:
        with pytest.raises(GraphFormatError, match=r"supported: \.json .*\.graphml") as info:
            write_graph(graph, tmp_path / name)
        assert isinstance(info.value, InputError)
        assert not (tmp_path / name).exists()


class TestPictures:
    def test_svg_and_png_of_odd_graphs(self, tmp_path: Path) -> None:
        from PIL import Image

        from analyzer.graph.draw import graph_picture, picture_svg

        empty = nx.MultiDiGraph()
        assert "<svg" in picture_svg(graph_picture(empty))
        G = nx.MultiDiGraph()
        G.add_node("i", name="Infiltrator", colors=["B"])
        G.add_node("x", name="Loner & <Co>", colors=[])
        G.add_edge("i", "i", key="control_exchange", kind="control_exchange", strength=0.6)
        svg = write_graph(G, tmp_path / "g.svg").read_text(encoding="utf-8")
        assert "Loner &amp; &lt;Co&gt;" in svg and "control exchange" in svg
        with Image.open(write_graph(G, tmp_path / "g.png")) as image:
            assert image.format == "PNG"

    def test_too_small(self) -> None:
        from analyzer.graph.draw import graph_picture

        with pytest.raises(ValueError, match="200x200"):
            graph_picture(nx.MultiDiGraph(), width=100, height=100)

    def test_same_drawing_in_both_formats(self, graph: nx.MultiDiGraph) -> None:
        from analyzer.graph.draw import graph_picture

        first, second = graph_picture(graph), graph_picture(graph)
        assert first == second  # deterministic layout (seeded)
        assert {n.label for n in first.nodes} == {graph.nodes[n]["name"] for n in graph.nodes}
        assert len(first.edges) == graph.number_of_edges()
