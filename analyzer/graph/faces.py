"""The graph's view of a double-faced card: its front face's characteristics.

The Oracle compiler (:func:`~analyzer.oracle.compile.compile_card`) reads every face of a
card into one profile, which the rules core needs (it turns the card over). A synergy edge,
though, is about the card as it is played: a transforming, modal double-faced or meld card
has only its front face's characteristics everywhere except on the battlefield with its
back face up (CR 712.8a, 712.8d, 712.8e). So "Lunarch Veteran // Luminous Phantom" is a
Human Cleric without flying: not a flying Spirit that a sneak enabler would care about.

:func:`graph_profile` keeps the front face's types, subtypes, colours, keywords, evasion and
blocking rules; the back face's other abilities (anthems, triggers, mana abilities, cost
reductions) are kept only where the back face can be reached: a modal double-faced card can
be cast or played back face up (CR 712), a transforming card turns over through its own
ability or keyword (transform, daybound, disturb...); a meld card's back face belongs to the
melded permanent of two cards and is dropped. The builder names the back face in the explanation of each edge that only the back
face makes (:func:`back_face_note`).
"""

from __future__ import annotations

from dataclasses import replace

from analyzer.cards.model import Card
from analyzer.graph.conditions import conditional_anthems
from analyzer.oracle.compile import compile_card
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.readings import turns_over

__all__ = ["DOUBLE_FACED", "back_face_note", "back_reachable", "front_profile",
           "graph_profile"]

DOUBLE_FACED: frozenset[str] = frozenset({"transform", "modal_dfc", "meld"})
"""MTGJSON ``layout`` values of double-faced cards (CR 712.1)."""

def _is_double_faced(card: Card) -> bool:
    return card.layout in DOUBLE_FACED and len(card.faces) > 1


def back_reachable(card: Card) -> bool:
    """Whether the card's back face can be up on the battlefield through the card alone:
    always for a modal double-faced card (CR 712), for a transforming card when its text
    transforms it (or names a keyword that does); never for a meld card (its back face is
    the melded pair's) nor for a one-faced card.
    """
    if not _is_double_faced(card):
        return False
    if card.layout == "modal_dfc":
        return True
    if card.layout == "meld":
        return False
    return any(turns_over(face.text) for face in card.faces)


def front_profile(card: Card) -> CardProfile:
    """The profile of the card's front face alone (name and id of the whole card)."""
    return compile_card(replace(card, faces=card.faces[:1]))


def graph_profile(card: Card, profile: CardProfile) -> CardProfile:
    """The profile the synergy families read (see the module docstring).

    Parameters
    ----------
    card : Card
        The card; a card that is not double-faced keeps ``profile`` as it is.
    profile : CardProfile
        Its compiled profile (every face).

    Returns
    -------
    CardProfile
        Front-face characteristics (CR 712.8a); back-face abilities only when
        :func:`back_reachable`; anthems of a Class level, a leveler band or an "as long
        as" line marked conditional (:func:`~analyzer.graph.conditions.conditional_anthems`).
    """
    profile = conditional_anthems(card, profile)
    if not _is_double_faced(card):
        return profile
    front = conditional_anthems(card, front_profile(card))
    keep_back = back_reachable(card)
    return replace(
        profile,
        types=front.types, supertypes=front.supertypes, colors=front.colors,
        mana_cost=front.mana_cost, creature_types=front.creature_types,
        is_changeling=front.is_changeling, keywords=front.keywords, evasion=front.evasion,
        blocking=front.blocking, can_block=front.can_block,
        enters_tapped=front.enters_tapped,
        anthems=profile.anthems if keep_back else front.anthems,
        cost_reductions=profile.cost_reductions if keep_back else front.cost_reductions,
        mana_abilities=profile.mana_abilities if keep_back else front.mana_abilities,
        abilities=profile.abilities if keep_back else front.abilities,
        ability_words=profile.ability_words if keep_back else front.ability_words,
        keyword_actions=profile.keyword_actions if keep_back else front.keyword_actions,
        printed_order=(), unsupported=profile.unsupported)


def back_face_note(card: Card) -> str:
    """The words added to an edge only the back face makes: ``" (only once it transforms
    into Luminous Phantom, back face up, CR 712.8e)"``, or for a modal double-faced card
    ``" (only as its back face ..., cast or played back face up, CR 712.8e)"``."""
    back = card.faces[1].name if len(card.faces) > 1 else "its back face"
    if card.layout == "modal_dfc":
        return f" (only as its back face {back}, cast or played back face up, CR 712.8e)"
    return f" (only once it transforms into {back}, back face up, CR 712.8e)"
