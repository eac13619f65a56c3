"""Metric names: the resources and facts verification measures on a game state.

A metric is written ``kind`` or ``kind:subject`` or ``kind:subject:detail``; catalog entries
use them in ``grows``, ``shrinks`` and ``expect``, and verification reports per-iteration
gains by the same names.

========================  ===========================================================
metric                    value
========================  ===========================================================
``life:P``                player P's life total (CR 119)
``mana:P``                mana in P's pool, all types (CR 106.4), restricted mana
                          included (CR 106.6)
``mana:P:X``              mana of type X (W, U, B, R, G, C) in P's pool
``hand:P`` ...            cards in P's hand, ``library``, ``graveyard``, ``exile``
``drawn:P``               cards P has drawn this game (CR 121.1; an attempted draw from
                          an empty library draws nothing, CR 121.4)
``tokens:P``              tokens P controls on the battlefield (CR 111)
``permanents:P``          permanents P controls
``extra_turns:P``         extra turns P will take (CR 500.7)
``winner``                the winning player's name, ``""`` while nobody has won
``controller:ID``         the controller of the permanent ID (CR 108.4)
``zone:ID``               the zone the object ID is in (``hand``, ``battlefield``...)
``tapped:ID``             1 if the permanent ID is tapped, else 0
``attacking:ID``          the player ID attacks, ``""`` if it is not attacking
``power:ID``              the permanent's power (CR 208), ``toughness:ID`` likewise
``counters:ID:KIND``      counters of KIND on the permanent ID (CR 122)
========================  ===========================================================

Examples
--------
>>> m = Metric.parse("mana:A:G")
>>> m.kind, m.subject, m.detail, str(m)
('mana', 'A', 'G', 'mana:A:G')
>>> Metric.parse("counters:Triskelion:+1/+1").detail
'+1/+1'
>>> Metric.parse("speed:A")
Traceback (most recent call last):
...
ValueError: unknown metric 'speed:A'; kinds: life, mana, hand, library, graveyard, exile, \
drawn, tokens, permanents, extra_turns, winner, controller, zone, tapped, attacking, power, \
toughness, counters
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MANA_TYPES", "OBJECT_METRICS", "PLAYER_METRICS", "Metric"]

PLAYER_METRICS = ("life", "mana", "hand", "library", "graveyard", "exile", "drawn",
                  "tokens", "permanents", "extra_turns")
"""Metrics about a player: ``kind:P``."""

OBJECT_METRICS = ("controller", "zone", "tapped", "attacking", "power", "toughness",
                  "counters")
"""Metrics about one object: ``kind:ID``."""

MANA_TYPES = ("W", "U", "B", "R", "G", "C")
"""The types of mana (CR 106.1)."""


@dataclass(frozen=True, slots=True)
class Metric:
    """One parsed metric name."""

    kind: str
    """A name of :data:`PLAYER_METRICS`, :data:`OBJECT_METRICS`, or ``"winner"``."""
    subject: str = ""
    """The player or the object ID."""
    detail: str = ""
    """The mana type (``mana``) or the counter kind (``counters``)."""

    @classmethod
    def parse(cls, text: str) -> Metric:
        """Read a metric name.

        Raises
        ------
        ValueError
            Unknown kind, missing subject, or a bad mana type.
        """
        kind, _, rest = text.partition(":")
        if kind == "winner":
            if rest:
                raise ValueError(f"metric 'winner' takes no subject, not {text!r}")
            return cls(kind)
        if kind not in PLAYER_METRICS and kind not in OBJECT_METRICS:
            kinds = ", ".join((*PLAYER_METRICS, "winner", *OBJECT_METRICS))
            raise ValueError(f"unknown metric {text!r}; kinds: {kinds}")
        if kind == "counters":
            subject, sep, detail = rest.rpartition(":")
            if not sep or not subject or not detail:
                raise ValueError(f"write counters as 'counters:ID:KIND', not {text!r}")
            return cls(kind, subject, detail)
        if kind == "mana":
            subject, _, detail = rest.partition(":")
            if detail and detail not in MANA_TYPES:
                raise ValueError(f"mana type {detail!r} in {text!r} is not one of "
                                 f"{', '.join(MANA_TYPES)}")
            if not subject:
                raise ValueError(f"metric {text!r} needs a player: 'mana:A'")
            return cls(kind, subject, detail)
        if not rest:
            raise ValueError(f"metric {text!r} needs a subject: '{kind}:...'")
        return cls(kind, rest)

    @property
    def about_player(self) -> bool:
        """True for ``kind:P`` metrics."""
        return self.kind in PLAYER_METRICS

    def __str__(self) -> str:
        return ":".join(p for p in (self.kind, self.subject, self.detail) if p)
