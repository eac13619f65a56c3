"""Database URLs: malformed ones give a DatabaseError naming the bad part with the password
hidden; the read-only probe (Settings ▸ Test Connection) never creates or upgrades."""

from __future__ import annotations

import os
import sqlite3

import pytest
from sqlalchemy import create_engine, text

from analyzer import services
from analyzer.cards.db.engine import Database, hide_password, parse_database_url
from analyzer.cards.db.probe import ProbeState, probe_database
from analyzer.cards.db.schema import SCHEMA_VERSION
from analyzer.errors import DatabaseError
from tests.cards.test_migrations import _write_schema_1

BAD_PORT = "postgresql+psycopg://alice:S3cretPW@127.0.0.1:notaport/x"


def test_hide_password_parsable_and_unparsable() -> None:
    assert hide_password("postgresql+psycopg://alice:S3cretPW@db/x") == \
        "postgresql+psycopg://alice:***@db/x"
    assert hide_password(BAD_PORT) == "postgresql+psycopg://alice:***@127.0.0.1:notaport/x"
    assert hide_password("sqlite:////tmp/x.sqlite") == "sqlite:////tmp/x.sqlite"


@pytest.mark.parametrize("opener", [Database, services.open_database, probe_database,
                                    parse_database_url])
def test_bad_port_is_a_database_error_naming_the_port(opener) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DatabaseError) as caught:
        opener(BAD_PORT)
    message = str(caught.value)
    assert "'notaport'" in message and "port" in message
    assert "S3cretPW" not in message


def test_unclosed_ipv6_bracket_is_a_database_error() -> None:
    with pytest.raises(DatabaseError, match=r"IPv6.*\]"):
        Database("postgresql+psycopg://alice:pw@[::1/x")
    with pytest.raises(DatabaseError, match="not a database URL"):
        parse_database_url("[::1")   # Database("[::1") takes it as a SQLite file path


def test_unparsable_url_message_hides_the_password() -> None:
    with pytest.raises(DatabaseError) as caught:
        Database("postgresql+psycopg://alice:S3cretPW@[::1:/x")
    assert "S3cretPW" not in str(caught.value)


def test_unreachable_server_message_hides_the_password() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(DatabaseError) as caught:
        probe_database("postgresql+psycopg://alice:S3cretPW@127.0.0.1:5/x")
    assert "S3cretPW" not in str(caught.value)
    assert "alice:***@127.0.0.1:5/x" in str(caught.value)


def test_probe_of_a_missing_file_creates_nothing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "sub" / "cards.sqlite"
    with pytest.raises(DatabaseError, match="does not exist"):
        probe_database(str(target))
    assert not target.parent.exists()
    probe = probe_database(str(tmp_path / "cards.sqlite"))
    assert probe.state is ProbeState.MISSING
    assert os.listdir(tmp_path) == []


def test_probe_reads_a_current_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'cards.sqlite'}"
    services.open_database(url, create_folder=True).dispose()   # the 144 starter cards
    before = (tmp_path / "cards.sqlite").read_bytes()
    probe = probe_database(url)
    assert probe.state is ProbeState.CURRENT
    assert probe.schema_version == SCHEMA_VERSION
    assert probe.cards == 144 and probe.source == "starter"
    assert probe.faces >= 144
    assert (tmp_path / "cards.sqlite").read_bytes() == before


def test_probe_does_not_upgrade_an_older_database(tmp_path) -> None:  # type: ignore[no-untyped-def]
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    _write_schema_1(url)
    probe = probe_database(url)
    assert probe.state is ProbeState.OLDER
    assert probe.schema_version == "0001"
    assert probe.cards == 2 and probe.faces == 2
    engine = create_engine(url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() \
            == "0001"
    engine.dispose()


def test_probe_of_an_empty_and_a_foreign_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sqlite3.connect(tmp_path / "empty.sqlite").execute("CREATE TABLE other (x)").connection \
        .commit()
    assert probe_database(str(tmp_path / "empty.sqlite")).state is ProbeState.EMPTY
    (tmp_path / "notes.txt").write_text("hello world, not sqlite\n" * 100)
    with pytest.raises(DatabaseError, match=r"notes\.txt"):
        probe_database(str(tmp_path / "notes.txt"))
    assert (tmp_path / "notes.txt").read_text().startswith("hello world")
    with pytest.raises(DatabaseError, match="is a folder"):
        probe_database(str(tmp_path))


def test_probe_on_postgresql_does_not_upgrade(request) -> None:  # type: ignore[no-untyped-def]
    url = request.getfixturevalue("wiped_postgres_url")
    assert probe_database(url).state is ProbeState.EMPTY
    _write_schema_1(url)
    probe = probe_database(url)
    assert (probe.state, probe.schema_version, probe.cards) == (ProbeState.OLDER, "0001", 2)
    assert probe_database(url).schema_version == "0001"


def test_sqlite_read_only_uri_is_accepted(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    file = tmp_path / "cards.sqlite"
    services.open_database(f"sqlite:///{file}", create_folder=True).dispose()
    monkeypatch.chdir(tmp_path)
    db = Database(f"sqlite:///file:{file}?mode=ro&uri=true")
    try:
        assert services.database_info(db).cards == 144
    finally:
        db.dispose()
    assert sorted(os.listdir(tmp_path)) == ["cards.sqlite"]   # no "file:" folder


def test_without_password_for_the_settings_file() -> None:
    from analyzer.cards.db.engine import without_password

    assert without_password("postgresql+psycopg://alice:S3cretPW@db:5433/x?sslmode=require") \
        == "postgresql+psycopg://alice@db:5433/x?sslmode=require"
    assert without_password("postgresql+psycopg://alice@db/x") == \
        "postgresql+psycopg://alice@db/x"
    assert without_password("/tmp/cards.sqlite") == "/tmp/cards.sqlite"
