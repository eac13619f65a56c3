"""Shared fixtures: where ../shared is, and how tests on real input behave without it.

Tests that read real input (card data, deck files, rules scenarios) take the ``shared``
fixture. Outside CI they skip when ../shared is absent; under ``CI=true`` they fail instead,
so a CI run can never pass by skipping the real-input tests.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from analyzer.cards.model import Card, Face

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("SPELLWEB_SHARED", PROJECT_ROOT.parent / "shared"))


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}



@pytest.fixture(autouse=True)
def _private_recovery_dir(tmp_path_factory: pytest.TempPathFactory,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test writes deck recovery files into its own folder, never the user's, and
    never sees another test's (ui.autosave reads ``$SPELLWEB_RECOVERY_DIR``)."""
    monkeypatch.setenv("SPELLWEB_RECOVERY_DIR", str(tmp_path_factory.mktemp("recovery")))


@pytest.fixture(scope="session")
def shared() -> Path:
    """The ../shared folder (real card data, deck files, rules); skip or fail when absent."""
    if not (SHARED / "data" / "AtomicCards.json.gz").is_file():
        message = f"real input not found at {SHARED} (set SPELLWEB_SHARED)"
        if _in_ci():
            pytest.fail(message + " - CI=true requires it")
        pytest.skip(message)
    return SHARED


@pytest.fixture(scope="session")
def atomic_cards_path(shared: Path) -> Path:
    """../shared/data/AtomicCards.json.gz: about 24,000 real cards."""
    return shared / "data" / "AtomicCards.json.gz"


@pytest.fixture(scope="session")
def shared_cards(atomic_cards_path: Path) -> dict[str, object]:
    """Every real card of the shared file as ``{name: Card}``, read once per test session."""
    from analyzer.cards.importers.mtgjson import iter_atomic_cards, read_atomic_file

    doc = read_atomic_file(atomic_cards_path)
    return {c.name: c for c in iter_atomic_cards(doc) if not isinstance(c, Exception)}


@pytest.fixture(scope="session")
def real_db_url(atomic_cards_path: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A SQLite file holding the real 24,000-card import, made once per test session.

    Tests must not write to it (import into their own database to test imports).
    """
    from analyzer import services

    url = f"sqlite:///{tmp_path_factory.mktemp('realdb') / 'cards.sqlite'}"
    db = services.open_database(url, seed=False)
    services.import_cards(db, atomic_cards_path)
    db.dispose()
    return url


@pytest.fixture(scope="session")
def real_db(real_db_url: str):  # type: ignore[no-untyped-def]
    """The :class:`~analyzer.cards.db.engine.Database` of :func:`real_db_url`."""
    from analyzer import services

    return services.open_database(real_db_url, seed=False)


CardFactory = Callable[..., Card]


def make_card(name: str, text: str = "", *, types: Sequence[str] = ("Creature",),
              subtypes: Sequence[str] = (), supertypes: Sequence[str] = (),
              mana_cost: str = "", colors: Sequence[str] = (), keywords: Sequence[str] = (),
              mana_value: float = 0.0, faces: Sequence[Face] | None = None,
              layout: str = "normal", **face_fields: Any) -> Card:
    """A one-faced card (or a card with the given ``faces``), id = name."""
    type_line = " ".join([*supertypes, *types])
    if subtypes:
        type_line += " — " + " ".join(subtypes)
    built = tuple(faces) if faces is not None else (Face(
        name=name, mana_cost=mana_cost, mana_value=mana_value, colors=tuple(colors),
        type=type_line, supertypes=tuple(supertypes), types=tuple(types),
        subtypes=tuple(subtypes), text=text, **face_fields),)
    return Card(id=name, name=name, layout=layout, mana_value=mana_value,
                keywords=tuple(keywords), faces=built)


@pytest.fixture
def card() -> CardFactory:
    """The :func:`make_card` factory."""
    return make_card


POSTGRES_URL_VAR = "SPELLWEB_TEST_POSTGRES_URL"
"""Environment variable naming a PostgreSQL database the tests may wipe (.ci/run sets it)."""


def postgres_url() -> str:
    """The test PostgreSQL URL; skip without it, fail under CI=true (.ci/run starts a server)."""
    url = os.environ.get(POSTGRES_URL_VAR, "")
    if not url:
        message = f"no PostgreSQL test database (set {POSTGRES_URL_VAR}; .ci/run does)"
        if _in_ci():
            pytest.fail(message + " - CI=true requires it")
        pytest.skip(message)
    return url


def wipe_postgres(url: str) -> None:
    """Drop every table of the test PostgreSQL database (Alembic's version table included)."""
    from sqlalchemy import MetaData, create_engine

    engine = create_engine(url)
    meta = MetaData()
    meta.reflect(engine)
    meta.drop_all(engine)
    engine.dispose()


@pytest.fixture
def wiped_postgres_url() -> str:
    """The test PostgreSQL URL with every table dropped (skip/fail as :func:`postgres_url`)."""
    url = postgres_url()
    wipe_postgres(url)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """An empty card database (no starter set), on SQLite and on PostgreSQL."""
    from analyzer.cards.db.engine import Database

    if request.param == "sqlite":
        db = Database("sqlite://")
    else:
        wipe_postgres(postgres_url())
        db = Database(postgres_url())
    yield db
    db.dispose()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A SQLite database URL in the test's own folder (created on first open: the starter
    set), for command-line tests (:func:`tests.cli_run.run`)."""
    return f"sqlite:///{tmp_path / 'cards.sqlite'}"
