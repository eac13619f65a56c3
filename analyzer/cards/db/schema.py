"""SQLAlchemy 2.0 typed declarative schema of the card database (STYLE.md habit 12).

Tables: ``cards`` (one row per Oracle card), ``faces`` (one row per face, in order),
``card_names`` (every normalised name a card can be found under: full name, faces,
``asciiName``, flavor names), ``printings`` (one row per face of each printing, from MTGJSON
AllPrintings or per-set files) and ``meta`` (key/value: schema version, data source, import
date) and ``card_profiles`` (each card's compiled Oracle profile with the compiler's version). Field names follow MTGJSON's *Card (Atomic)* model in snake case.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

__all__ = ["SCHEMA_VERSION", "Base", "CardNameRow", "CardNoteRow", "CardProfileRow", "CardRow",
           "FaceRow", "MetaRow", "PrintingRow"]

SCHEMA_VERSION = "0006"
"""Alembic revision of this schema (``analyzer/cards/db/migrations``), also stored in ``meta``;
opening an older database migrates it (:mod:`analyzer.cards.db.migrate`)."""


class Base(DeclarativeBase):
    """Declarative base with the JSON mapping of list and dict columns."""

    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy's documented class attribute
        list[str]: JSON,
        dict[str, Any]: JSON,
        dict[str, str]: JSON,
    }


class CardRow(Base):
    """One Oracle card (MTGJSON AtomicCards entry)."""

    __tablename__ = "cards"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(300), index=True)
    ascii_name: Mapped[str | None] = mapped_column(String(300))
    layout: Mapped[str] = mapped_column(String(32), default="normal")
    mana_value: Mapped[float] = mapped_column(Float, default=0.0)
    color_identity: Mapped[list[str]] = mapped_column(default=list)
    keywords: Mapped[list[str]] = mapped_column(default=list)
    legalities: Mapped[dict[str, str]] = mapped_column(default=dict)
    flavor_names: Mapped[list[str]] = mapped_column(default=list)
    leadership_skills: Mapped[dict[str, Any]] = mapped_column(default=dict)
    data_source: Mapped[str] = mapped_column(String(64), default="")
    # -- search columns, derived from the faces at import (see analyzer.cards.search) ------
    name_key: Mapped[str] = mapped_column(String(300), default="", index=True)
    """:func:`analyzer.cards.names.normalize_name` of the full name."""
    type_line: Mapped[str] = mapped_column(Text, default="")
    """Every face's type line, joined by ``" // "``."""
    oracle_text: Mapped[str] = mapped_column(Text, default="")
    """Every face's Oracle text, joined by newlines."""
    colors_mask: Mapped[int] = mapped_column(Integer, default=0)
    """Union of the faces' colours as bits W=1, U=2, B=4, R=8, G=16."""
    identity_mask: Mapped[int] = mapped_column(Integer, default=0, index=True)
    """``colorIdentity`` as the same bits."""
    keywords_text: Mapped[str] = mapped_column(Text, default="")
    """Lower-case keywords between bars: ``"|flying|ninjutsu|"``."""
    legal_formats: Mapped[str] = mapped_column(Text, default="")
    """Formats where the card may be played (``legalities`` value ``"Legal"`` or
    ``"Restricted"``), between bars."""
    is_commander: Mapped[bool] = mapped_column(default=False)
    """``leadershipSkills.commander``, or a legendary creature / "can be your commander"."""
    is_game_changer: Mapped[bool] = mapped_column(default=False)
    """MTGJSON ``isGameChanger`` (Scryfall ``game_changer``): on the Commander brackets'
    Game Changers list."""
    faces: Mapped[list[FaceRow]] = relationship(
        back_populates="card", order_by="FaceRow.position", cascade="all, delete-orphan",
        lazy="selectin")


class FaceRow(Base):
    """One face of a card, in order (``position`` 0 is the front)."""

    __tablename__ = "faces"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    card_id: Mapped[str] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer, default=0)
    name: Mapped[str] = mapped_column(String(300))
    side: Mapped[str | None] = mapped_column(String(4))
    mana_cost: Mapped[str] = mapped_column(String(100), default="")
    mana_value: Mapped[float] = mapped_column(Float, default=0.0)
    colors: Mapped[list[str]] = mapped_column(default=list)
    color_indicator: Mapped[list[str]] = mapped_column(default=list)
    type: Mapped[str] = mapped_column(String(300), default="")
    supertypes: Mapped[list[str]] = mapped_column(default=list)
    types: Mapped[list[str]] = mapped_column(default=list)
    subtypes: Mapped[list[str]] = mapped_column(default=list)
    text: Mapped[str] = mapped_column(Text, default="")
    power: Mapped[str | None] = mapped_column(String(16))
    toughness: Mapped[str | None] = mapped_column(String(16))
    loyalty: Mapped[str | None] = mapped_column(String(16))
    defense: Mapped[str | None] = mapped_column(String(16))
    power_value: Mapped[float | None] = mapped_column(Float)
    """``power`` as a number for comparisons (``"*"`` -> 0, ``"1+*"`` -> 1); None if absent."""
    toughness_value: Mapped[float | None] = mapped_column(Float)
    """``toughness`` as a number, likewise."""
    keywords: Mapped[list[str]] = mapped_column(default=list)
    """This face's own ``keywords`` (schema 5; empty in rows written before it)."""
    card: Mapped[CardRow] = relationship(back_populates="faces")


class CardNameRow(Base):
    """A normalised name (:func:`analyzer.cards.names.normalize_name`) a card is found under."""

    __tablename__ = "card_names"
    __table_args__ = (Index("ix_card_names_key", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(300))
    card_id: Mapped[str] = mapped_column(ForeignKey("cards.id", ondelete="CASCADE"), index=True)
    kind: Mapped[int] = mapped_column(Integer)
    """:class:`analyzer.cards.lookup.NameKind` value."""
    face_index: Mapped[int] = mapped_column(Integer, default=0)


class MetaRow(Base):
    """Key/value facts about the database: ``schema_version``, ``source``, ``imported_at``..."""

    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text, default="")


class CardNoteRow(Base):
    """The user's own tags and note on a card; survives every re-import of the card data.

    Keyed by the card's normalised name (not by a foreign key to ``cards``): an import
    replaces every card row, and a card's id may come from a different source next time.
    """

    __tablename__ = "user_card_notes"

    name_key: Mapped[str] = mapped_column(String(300), primary_key=True)
    """:func:`analyzer.cards.names.normalize_name` of the card's full name."""
    name: Mapped[str] = mapped_column(String(300))
    """The card's name as it was when the note was written."""
    tags: Mapped[list[str]] = mapped_column(default=list)
    """The user's tags ("combo piece", "cut next"), in the order given."""
    note: Mapped[str] = mapped_column(Text, default="")
    """Free text."""
    updated_at: Mapped[str] = mapped_column(String(32), default="")
    """ISO 8601 UTC time of the last change."""


class PrintingRow(Base):
    """One face of one printing of a card (MTGJSON *Card (Set)*), from AllPrintings or a
    per-set file.

    ``card_id`` is not a foreign key: an import of the card data replaces every ``cards`` row
    and must not take the printings with it; card ids are stable (Oracle id or full name), so
    the printings still belong to the re-imported cards.
    """

    __tablename__ = "printings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    card_id: Mapped[str] = mapped_column(String(64), index=True)
    """The card's id (:func:`analyzer.cards.printings.link_printings`)."""
    name: Mapped[str] = mapped_column(String(300))
    """The card's full name as the set file spells it."""
    face_name: Mapped[str | None] = mapped_column(String(300))
    """``faceName`` of a multi-face card's face."""
    side: Mapped[str | None] = mapped_column(String(4))
    """``side``: ``"a"``, ``"b"``... on multi-face cards."""
    set_code: Mapped[str] = mapped_column(String(16), index=True)
    """``setCode``, upper case as MTGJSON writes it (``"LEA"``)."""
    set_name: Mapped[str] = mapped_column(String(300), default="")
    """The set's ``name``."""
    set_type: Mapped[str] = mapped_column(String(32), default="")
    """The set's ``type`` (``"expansion"``, ``"core"``, ``"funny"``, ``"alchemy"``...)."""
    release_date: Mapped[str] = mapped_column(String(10), default="")
    """The set's ``releaseDate`` (ISO 8601 date)."""
    collector_number: Mapped[str] = mapped_column(String(16), default="")
    """``number``: the collector number as printed (``"12a"``, ``"★3"``)."""
    rarity: Mapped[str] = mapped_column(String(16), default="", index=True)
    """``rarity``: common, uncommon, rare, mythic, special, bonus."""
    arena_id: Mapped[int | None] = mapped_column(Integer)
    """``identifiers.mtgArenaId``."""
    mtgo_id: Mapped[int | None] = mapped_column(Integer)
    """``identifiers.mtgoId``."""
    scryfall_id: Mapped[str | None] = mapped_column(String(64))
    """``identifiers.scryfallId`` (the printing's own Scryfall id)."""
    oracle_id: Mapped[str | None] = mapped_column(String(64))
    """``identifiers.scryfallOracleId``, kept to link the printing again after the cards are
    re-imported (:func:`analyzer.cards.printings.relink_printings`)."""


class CardProfileRow(Base):
    """A card's compiled :class:`~analyzer.oracle.profile.CardProfile`, stored so a deck opens
    without reading Oracle text again (:mod:`analyzer.cards.profiles`).

    ``card_id`` is not a foreign key (like ``printings``): an import replaces every card row,
    and a profile stays valid across it as long as the card is the same (``card_hash``).
    """

    __tablename__ = "card_profiles"

    card_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """The card's id (``cards.id``)."""
    compiler_version: Mapped[int] = mapped_column(Integer)
    """:data:`analyzer.oracle.compile.COMPILER_VERSION` of the compiler that wrote it; a
    profile of another version is compiled again on use."""
    card_hash: Mapped[str] = mapped_column(String(64))
    """:func:`analyzer.cards.profiles.card_fingerprint` of the card it was compiled from; a
    card whose data changed (a newer card file) is compiled again."""
    profile: Mapped[str] = mapped_column(Text)
    """The profile as JSON (:func:`analyzer.oracle.serialize.profile_to_json`)."""
    produces: Mapped[str] = mapped_column(Text, default="")
    """The colours its mana abilities can add, lower-case letters of ``wubrgc`` between
    bars (``"|g|"``; :func:`analyzer.cards.profiles.produced_colors`), for ``produces:``."""
