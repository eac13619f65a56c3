"""Schema 2: search columns on cards and faces, filled from the stored card data.

Adds ``cards.leadership_skills``, ``name_key``, ``type_line``, ``oracle_text``,
``colors_mask``, ``identity_mask``, ``keywords_text``, ``legal_formats``, ``is_commander`` and
``faces.power_value`` / ``toughness_value``, then computes them for every stored card (the
same code the importer uses), so an old database answers searches without a re-import.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_CARD_COLUMNS = [
    sa.Column("leadership_skills", sa.JSON, nullable=False, server_default="{}"),
    sa.Column("name_key", sa.String(300), nullable=False, server_default=""),
    sa.Column("type_line", sa.Text, nullable=False, server_default=""),
    sa.Column("oracle_text", sa.Text, nullable=False, server_default=""),
    sa.Column("colors_mask", sa.Integer, nullable=False, server_default="0"),
    sa.Column("identity_mask", sa.Integer, nullable=False, server_default="0"),
    sa.Column("keywords_text", sa.Text, nullable=False, server_default=""),
    sa.Column("legal_formats", sa.Text, nullable=False, server_default=""),
    sa.Column("is_commander", sa.Boolean, nullable=False, server_default=sa.false()),
]


def upgrade() -> None:
    # Plain ADD COLUMN (SQLite supports it), never a batch table copy: re-creating ``cards``
    # on SQLite would drop it, and its ON DELETE CASCADE would empty ``faces``.
    for column in _CARD_COLUMNS:
        op.add_column("cards", column._copy())
    op.create_index("ix_cards_name_key", "cards", ["name_key"])
    op.create_index("ix_cards_identity_mask", "cards", ["identity_mask"])
    op.add_column("faces", sa.Column("power_value", sa.Float))
    op.add_column("faces", sa.Column("toughness_value", sa.Float))
    _fill_search_columns()


def _fill_search_columns() -> None:
    """Compute the new columns from the schema-1 columns (Core only: the ORM classes describe
    the newest schema, not this one)."""
    import json

    from analyzer.cards.db import repository as repo
    from analyzer.cards.model import Card, Face

    bind = op.get_bind()
    meta = sa.MetaData()
    cards = sa.Table("cards", meta, autoload_with=bind)
    faces = sa.Table("faces", meta, autoload_with=bind)

    def listed(value: object) -> tuple[str, ...]:
        if isinstance(value, str):
            value = json.loads(value)
        return tuple(value) if isinstance(value, list) else ()

    by_card: dict[str, list[sa.Row[object]]] = {}
    for face in bind.execute(sa.select(faces).order_by(faces.c.card_id, faces.c.position)).all():
        by_card.setdefault(face.card_id, []).append(face)
        bind.execute(sa.update(faces).where(faces.c.id == face.id).values(
            power_value=repo.stat_value(face.power),
            toughness_value=repo.stat_value(face.toughness)))
    for row in bind.execute(sa.select(cards)).all():
        legalities = row.legalities
        if isinstance(legalities, str):
            legalities = json.loads(legalities)
        card = Card(
            id=row.id, name=row.name, layout=row.layout, mana_value=row.mana_value,
            color_identity=listed(row.color_identity), keywords=listed(row.keywords),
            legalities=dict(legalities or {}), flavor_names=listed(row.flavor_names),
            faces=tuple(Face(name=f.name, colors=listed(f.colors), type=f.type,
                             supertypes=listed(f.supertypes), types=listed(f.types),
                             text=f.text) for f in by_card.get(row.id, [])))
        # Only the columns this schema has (later schemas add more search columns: 0006).
        values = {k: v for k, v in repo.card_search_values(card).items() if k in cards.c}
        bind.execute(sa.update(cards).where(cards.c.id == row.id).values(**values))


def downgrade() -> None:
    op.drop_column("faces", "toughness_value")
    op.drop_column("faces", "power_value")
    op.drop_index("ix_cards_identity_mask", "cards")
    op.drop_index("ix_cards_name_key", "cards")
    for column in reversed(_CARD_COLUMNS):
        op.drop_column("cards", column.name)
