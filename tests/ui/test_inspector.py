"""The Inspector: a card's every face with its mana symbols drawn, legalities, printings,
note and synergies; an edge's explanation and rules; links back to cards and edges."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QUrl

from analyzer.cards.db.repository import CardNote
from analyzer.cards.detail import CardDetail, FaceDetail
from analyzer.cards.model import Face
from analyzer.cards.printing import Printing
from analyzer.graph import EdgeRow
from analyzer.oracle.symbols import mana_symbols, text_parts
from tests.conftest import make_card
from ui.widgets.inspector import Inspector, mana_cost_html, symbols_html
from ui.widgets.mana_delegate import symbol_image

pytestmark = pytest.mark.gui

# Fire // Ice (MTGJSON: a split card, two faces, each with its own cost and text)
FIRE = Face(name="Fire", side="a", mana_cost="{1}{R}", mana_value=2.0, colors=("R",),
            type="Instant", types=("Instant",),
            text="Fire deals 2 damage divided as you choose among one or two targets.")
ICE = Face(name="Ice", side="b", mana_cost="{1}{U}", mana_value=2.0, colors=("U",),
           type="Instant", types=("Instant",), text="Tap target permanent.\nDraw a card.")
FIRE_ICE = make_card("Fire // Ice", faces=[FIRE, ICE], layout="split", mana_value=4.0)


def detail(card=FIRE_ICE, printings=(), note=None) -> CardDetail:
    faces = tuple(FaceDetail(f, mana_symbols(f.mana_cost), text_parts(f.text))
                  for f in card.faces)
    return CardDetail(card=card, faces=faces,
                      legalities=(("commander", "Legal"), ("legacy", "Legal"),
                                  ("vintage", "Restricted")),
                      printings=tuple(printings), note=note or CardNote(card.name))


@pytest.fixture
def inspector(qtbot) -> Inspector:
    widget = Inspector()
    qtbot.addWidget(widget)
    widget.resize(360, 600)
    widget.show()
    return widget


class TestCard:
    def test_every_face_with_its_symbols(self, inspector):
        inspector.show_item(FIRE_ICE, detail())
        text = inspector.text()
        for face in (FIRE, ICE):
            assert face.name in text and face.type in text
            for line in face.text.splitlines():
                assert line in text
        # {1}{R} and {1}{U}: four symbol images, no braces left in the text
        assert inspector.html().count('src="mana:') == 4
        assert "{" not in text

    def test_symbols_in_rules_text_are_images(self):
        html = symbols_html(text_parts("{T}: Add {G}.\nDraw a card."))
        assert html.count('src="mana:') == 2 and "<br>" in html and "Add" in html
        assert mana_cost_html("{2}{W/U}").count("<img") == 2

    def test_symbol_images_are_drawn_in_the_mana_colours(self):
        from ui.widgets.curve_chart import PIP_COLORS

        image = symbol_image("R", 15, 2.0)
        assert image.pixelColor(15, 6).name() == PIP_COLORS["R"]
        hybrid = symbol_image("W/U", 15, 2.0)
        assert hybrid.pixelColor(8, 8) != hybrid.pixelColor(22, 22)

    def test_legalities_printings_and_note(self, inspector):
        printings = [Printing(card_id=FIRE_ICE.id, name="Fire // Ice", set_code="APC",
                              number="128", rarity="uncommon", set_name="Apocalypse",
                              release_date="2001-06-04")] * 14
        note = CardNote("Fire // Ice", tags=("removal",), note="Split second? No.")
        inspector.show_item(FIRE_ICE, detail(printings=printings, note=note))
        text = inspector.text()
        assert "commander" in text and "vintage: Restricted" in text
        assert "Printings (14)" in text and "APC #128 Apocalypse uncommon 2001" in text
        assert "… and 2 more" in text
        assert "Tags: removal" in text and "Split second? No." in text

    def test_without_printings_data_it_says_how_to_get_them(self, inspector):
        inspector.show_item(FIRE_ICE, detail())
        assert "No printings in the card database" in inspector.text()

    def test_a_detail_of_another_card_is_not_shown(self, inspector):
        other = make_card("Island", types=("Land",))
        inspector.show_item(other, detail())
        assert "Island" in inspector.text() and "Legalities" not in inspector.text()

    def test_synergies_link_to_their_edges(self, inspector, qtbot):
        edge = EdgeRow("Fire // Ice", "Island", "Fire // Ice", "Island", "anthem",
                       "Fire pumps Island.", ("613.4c",), 0.5)
        inspector.show_item(FIRE_ICE, detail(), [edge])
        assert "Synergies in this deck (1)" in inspector.text()
        assert "→ Island anthem" in inspector.text()
        with qtbot.waitSignal(inspector.edge_link_activated, timeout=1000) as blocker:
            inspector._browser.anchorClicked.emit(QUrl("edge:0"))
        assert blocker.args == [edge]
        with qtbot.assertNotEmitted(inspector.edge_link_activated):
            inspector._browser.anchorClicked.emit(QUrl("edge:7"))


class TestEdge:
    def test_explanation_rules_and_card_links(self, inspector, qtbot):
        edge = EdgeRow("a-id", "b-id", "Lord", "Ninja", "anthem",
                       "Lord gives Ninja +1/+1.", ("613.4c", "611.3a"), 0.6)
        inspector.show_item(edge)
        text = inspector.text()
        assert "Lord → Ninja" in text and "anthem" in text
        assert "Lord gives Ninja +1/+1." in text
        assert "CR 613.4c, CR 611.3a" in text
        with qtbot.waitSignal(inspector.card_link_activated, timeout=1000) as blocker:
            inspector._browser.anchorClicked.emit(QUrl("card:b-id"))
        assert blocker.args == ["b-id"]

    def test_nothing_selected(self, inspector):
        inspector.show_item(None)
        assert "Select a card" in inspector.text()
