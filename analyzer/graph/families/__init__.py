"""The edge families, one module each; importing this package registers them all.

- :mod:`.anthem` — ``anthem``: a lord or anthem pumps another creature of the deck.
- :mod:`.shares_type` — ``shares_creature_type``: prowl, cast triggers and type payoffs
  turn on a card's creature types.
- :mod:`.sneak` — ``sneak_enabler``: an evasive creature (or an evasion granter) to return for
  a sneak cost.
- :mod:`.ninjutsu` — ``ninjutsu_enabler``: the same for ninjutsu.
- :mod:`.etb_reuse` — ``etb_reuse``: sneak or ninjutsu returns a creature whose enters
  ability repeats.
- :mod:`.cost_reduction` — ``cost_reduction``: a card makes another cheaper to cast.
- :mod:`.control_exchange` — ``control_exchange``: exchange-of-control effects to what they
  give away.
- :mod:`.untap` — ``untap``: untappers to permanents whose {T} abilities they reset, tappers
  to {Q} abilities.
- :mod:`.could_produce` — ``could_produce``: lands defining what a "could produce" source adds.
- :mod:`.mana_trigger` — ``mana_trigger``: "tapped for mana" triggers and replacements to the
  sources they boost.
- :mod:`.x_etb` — ``x_etb``: big mana to spells with X in an enters ability.
- :mod:`.trigger_doubling` — ``trigger_doubling``: a card making triggered abilities trigger
  an additional time to the cards whose abilities it doubles.
- :mod:`.nonbo` — ``nonbo`` (anti-synergy): a card whose static ability stops another card's
  abilities (The Immortal Sun and planeswalkers) to that card.
"""

from analyzer.graph.families import (
    anthem,
    control_exchange,
    cost_reduction,
    could_produce,
    etb_reuse,
    mana_trigger,
    ninjutsu,
    nonbo,
    shares_type,
    sneak,
    trigger_doubling,
    untap,
    x_etb,
)

__all__ = ["anthem", "control_exchange", "cost_reduction", "could_produce", "etb_reuse",
           "mana_trigger", "ninjutsu", "nonbo", "shares_type", "sneak", "trigger_doubling",
           "untap", "x_etb"]
