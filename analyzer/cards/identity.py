"""Stable card identities.

Source: MTGJSON ``identifiers.scryfallOracleId`` is the card's identity where a file has it.
The shared AtomicCards file (and the starter set) have none, so a stable UUID is derived from
the card's full name: the same name always gives the same id, in every database.
"""

from __future__ import annotations

import uuid

from analyzer.cards.model import CardId

__all__ = ["SPELLWEB_NAMESPACE", "card_id_for"]

SPELLWEB_NAMESPACE = uuid.UUID("5b1c0f1e-3f0e-4d7a-9a57-5e1100000000")
"""UUID namespace of ids derived from names (never change it: ids are stored in user data)."""


def card_id_for(name: str, oracle_id: str | None = None) -> CardId:
    """The id of a card: its Scryfall Oracle id, or a UUID5 of its full name.

    Examples
    --------
    >>> card_id_for("Grizzly Bears") == card_id_for("Grizzly Bears")
    True
    >>> card_id_for("x", "4b8c4e1a-0000-0000-0000-000000000000")
    '4b8c4e1a-0000-0000-0000-000000000000'
    """
    if oracle_id:
        return oracle_id
    return str(uuid.uuid5(SPELLWEB_NAMESPACE, "name:" + name))
