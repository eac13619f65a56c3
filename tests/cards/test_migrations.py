"""Schema migrations: a newer Spellweb opens a database an older one wrote."""

from __future__ import annotations

import json

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from analyzer import services
from analyzer.cards.db import migrate
from analyzer.cards.db.engine import Database
from analyzer.cards.db.schema import SCHEMA_VERSION


def test_head_is_the_schema_version() -> None:
    assert migrate.head_revision() == SCHEMA_VERSION


def _write_schema_1(url: str) -> None:
    """A database as Spellweb 0.1 (schema revision 0001) left it, with two cards."""
    engine = create_engine(url)
    with engine.begin() as connection:
        config = migrate._config(connection)
        command.upgrade(config, "0001")
        connection.execute(text(
            "INSERT INTO cards (id, name, ascii_name, layout, mana_value, color_identity, "
            "keywords, legalities, flavor_names, data_source) VALUES "
            "(:id, :name, NULL, 'normal', 2.0, :ci, :kw, :legal, '[]', 'old')"),
            [{"id": "c1", "name": "Splinter, Hamato Yoshi", "ci": json.dumps(["B"]),
              "kw": json.dumps(["Menace", "Sneak"]),
              "legal": json.dumps({"commander": "Legal", "modern": "Legal"})},
             {"id": "c2", "name": "Grizzly Bears", "ci": json.dumps(["G"]), "kw": "[]",
              "legal": "{}"}])
        connection.execute(text(
            "INSERT INTO faces (card_id, position, name, side, mana_cost, mana_value, colors, "
            "color_indicator, type, supertypes, types, subtypes, text, power, toughness) "
            "VALUES (:card, 0, :name, NULL, :cost, 2.0, :colors, '[]', :type, :sup, "
            "'[\"Creature\"]', :sub, :text, :p, :t)"),
            [{"card": "c1", "name": "Splinter, Hamato Yoshi", "cost": "{1}{B}",
              "colors": json.dumps(["B"]), "type": "Legendary Creature — Mutant Ninja Rat",
              "sup": json.dumps(["Legendary"]), "sub": json.dumps(["Mutant", "Ninja", "Rat"]),
              "text": "Menace", "p": "1", "t": "3"},
             {"card": "c2", "name": "Grizzly Bears", "cost": "{1}{G}",
              "colors": json.dumps(["G"]), "type": "Creature — Bear", "sup": "[]",
              "sub": json.dumps(["Bear"]), "text": "", "p": "2", "t": "*"}])
        connection.execute(text("INSERT INTO card_names (key, card_id, kind, face_index) "
                                "VALUES ('grizzly bears', 'c2', 1, 0)"))
    engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_schema_1_database_is_upgraded(backend: str, tmp_path, request) -> None:  # type: ignore[no-untyped-def]
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    else:
        url = request.getfixturevalue("wiped_postgres_url")
    _write_schema_1(url)
    db = Database(url)
    assert migrate.current_revision(db.engine) == SCHEMA_VERSION
    assert db.meta()["schema_version"] == SCHEMA_VERSION
    with db.engine.connect() as connection:
        rows = {r.name: r for r in connection.execute(text(
            "SELECT name, identity_mask, colors_mask, keywords_text, legal_formats, "
            "is_commander, type_line FROM cards"))}
        stats = dict(connection.execute(text(
            "SELECT name, toughness_value FROM faces")).all())
    splinter = rows["Splinter, Hamato Yoshi"]
    assert (splinter.identity_mask, splinter.colors_mask) == (4, 4)
    assert splinter.keywords_text == "|menace|sneak|"
    assert splinter.legal_formats == "|commander|modern|"
    assert bool(splinter.is_commander) is True
    assert bool(rows["Grizzly Bears"].is_commander) is False
    assert stats == {"Splinter, Hamato Yoshi": 3.0, "Grizzly Bears": 0.0}
    card = services.card_by_name(db, "grizzly bears")
    assert card is not None and card.faces[0].toughness == "*"


def test_reopening_keeps_the_revision(tmp_path) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'new.sqlite'}"
    Database(url).dispose()
    db = Database(url)
    assert migrate.current_revision(db.engine) == SCHEMA_VERSION


def test_schema_5_database_gets_restricted_formats_and_stale_profiles(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """0006: ``legal_formats`` holds restricted formats (``f:vintage`` finds a restricted
    card), ``is_game_changer`` defaults to false, stored profiles are compiled again (they
    lack ``produces``)."""
    url = f"sqlite:///{tmp_path / 'five.sqlite'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        command.upgrade(migrate._config(connection), "0005")
        connection.execute(text(
            "INSERT INTO cards (id, name, layout, mana_value, color_identity, keywords, "
            "legalities, flavor_names, data_source, legal_formats) VALUES ('c1', 'Black Lotus',"
            " 'normal', 0.0, '[]', '[]', :legal, '[]', 'old', '|legacy|')"),
            {"legal": json.dumps({"vintage": "Restricted", "legacy": "Legal"})})
        connection.execute(text(
            "INSERT INTO card_profiles (card_id, compiler_version, card_hash, profile) "
            "VALUES ('c1', 12, 'h', '{}')"))
    engine.dispose()
    db = Database(url)
    with db.engine.connect() as connection:
        row = connection.execute(text(
            "SELECT legal_formats, is_game_changer FROM cards")).one()
        version = connection.execute(text("SELECT compiler_version FROM card_profiles")).scalar()
    assert row.legal_formats == "|vintage|legacy|"
    assert not row.is_game_changer
    assert version == -1
