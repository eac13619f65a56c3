"""The HTML report: content, escaping of every name, self-containment."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from analyzer import services
from analyzer.cards.db.engine import Database

EVIL = "<script>alert('x')</script>"

STARTER_DECK = Path(__file__).resolve().parents[2] / "data" / "decks" / "splinter_ninjas.txt"


class _Collector(HTMLParser):
    """Collects tags, external references and text of an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.external: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith("#"):
                self.external.append(value)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(html: str) -> _Collector:
    collector = _Collector()
    collector.feed(html)
    return collector


@pytest.fixture
def evil_db(tmp_path: Path) -> Database:
    """A database whose cards have markup in their names and text."""
    face = {"name": EVIL, "manaCost": "{1}{B}", "manaValue": 2.0,
            "type": "Creature — Ninja", "types": ["Creature"], "subtypes": ["Ninja"],
            "power": "1", "toughness": "1", "text": "Other Ninjas you control get +1/+1.",
            "layout": "normal"}
    ninja = {**face, "name": "Plain Ninja <b>", "text": "Flying"}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"data": {EVIL: [face], ninja["name"]: [ninja]}}),
                    encoding="utf-8")
    db = services.open_database(f"sqlite:///{tmp_path / 'evil.sqlite'}", seed=False)
    services.import_cards(db, path)
    return db


class TestEscaping:
    def test_card_and_deck_names_are_text(self, evil_db: Database, tmp_path: Path) -> None:
        deck = tmp_path / "<script>deck<i>.txt"  # a file name cannot hold "/"
        deck.write_text(f"4 {EVIL}\n4 Plain Ninja <b>\n", encoding="utf-8")
        analysis = services.analyze_deck(evil_db, deck)
        assert analysis.edges, "the evil anthem must still make an edge"
        out = services.export_report(analysis, tmp_path / "r.html",
                                     title=f"Title {EVIL}", notes=f"notes {EVIL}")
        html = out.read_text(encoding="utf-8")
        parsed = _parse(html)
        assert "script" not in parsed.tags and "b" not in parsed.tags
        assert "&lt;script&gt;" in html
        assert any(EVIL in t for t in parsed.text)
        assert any("Plain Ninja <b>" in t for t in parsed.text)
        assert any("<script>deck<i>" in t for t in parsed.text)


class TestContent:
    def test_starter_deck_report(self, tmp_path: Path) -> None:
        db = services.open_database(f"sqlite:///{tmp_path / 'c.sqlite'}")
        analysis = services.analyze_deck(db, STARTER_DECK)
        html = services.export_report(analysis, tmp_path / "r.html").read_text(encoding="utf-8")
        parsed = _parse(html)
        assert parsed.external == []  # self-contained: no link, script or image to fetch
        assert "svg" in parsed.tags
        text = " ".join(parsed.text)
        for edge in analysis.edges:
            assert edge.explanation in text
        assert "Mana curve" in text and "Creatures" in text
        assert not list(tmp_path.glob("*.part"))

    @pytest.mark.slow
    def test_real_deck_report(self, real_db: Database, shared: Path, tmp_path: Path) -> None:
        deck = shared / "data" / "decks" / "text" / "splinter_radical_rat_ninjas_commander.txt"
        analysis = services.analyze_deck(real_db, deck)
        html = services.export_report(analysis, tmp_path / "r.html").read_text(encoding="utf-8")
        text = " ".join(_parse(html).text)
        assert "Other Ninjas you control get +1/+1" in text or "anthem" in text
        assert text.count("Splinter, Hamato Yoshi") >= 10
