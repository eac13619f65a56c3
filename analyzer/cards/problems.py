"""Problems of the card data itself: cards a card file describes wrongly.

A face whose text is empty although its MTGJSON ``keywords`` or its type line say it has
abilities (a planeswalker, an Aura, a creature with ``keywords: ["Flying"]``) would play as a
vanilla card. The Oracle compiler reports it as a data problem
(:func:`analyzer.oracle.compile.data_problems`); this module finds every such card of the
database, for the import summary (:class:`analyzer.cards.importing.ImportSummary`) and
``spellweb info --problems``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from analyzer.cards.db.repository import card_from_row
from analyzer.cards.db.schema import CardRow, FaceRow

__all__ = ["CardDataProblem", "card_data_problems"]


@dataclass(frozen=True, slots=True)
class CardDataProblem:
    """One face the card data describes wrongly."""

    card: str
    """The card's full name."""
    face: str
    """The face's name (the card's name on a one-faced card)."""
    reason: str
    """What is wrong, in one sentence (the compiler's ``"data: ..."`` reason, prefix cut)."""

    def __str__(self) -> str:
        where = self.card if self.face == self.card else f"{self.card} ({self.face})"
        return f"{where}: {self.reason}"

    def to_json(self) -> dict[str, str]:
        """``{"card", "face", "reason"}``."""
        return {"card": self.card, "face": self.face, "reason": self.reason}


def card_data_problems(session: Session) -> list[CardDataProblem]:
    """Every face of the database with no rules text though its keywords or type line say it
    has abilities, by card name.

    Only cards with a face whose ``text`` is empty are loaded (vanilla creatures, basic lands
    and the faulty ones: a few thousand at most).

    Parameters
    ----------
    session : Session
        A session on the card database.

    Returns
    -------
    list of CardDataProblem
    """
    # Imported here: the window starts without the Oracle compiler's modules.
    from analyzer.oracle.data_problems import data_problems

    empty = exists().where(FaceRow.card_id == CardRow.id, FaceRow.text == "")
    found: list[CardDataProblem] = []
    for row in session.scalars(select(CardRow).where(empty).order_by(CardRow.name)):
        card = card_from_row(row)
        for span in data_problems(card):
            found.append(CardDataProblem(card.name, span.face,
                                         span.reason.removeprefix("data: ")))
    return found
