"""The edge families, one module each; importing this package registers them all.

- :mod:`.anthem` — ``anthem``: a lord or anthem pumps another creature of the deck.
- :mod:`.prowl` — ``shares_creature_type``: a creature's combat damage turns on a prowl card.
- :mod:`.sneak` — ``sneak_enabler``: an evasive creature to return for a sneak cost.
- :mod:`.ninjutsu` — ``ninjutsu_enabler``: an evasive creature to return for ninjutsu.
- :mod:`.cost_reduction` — ``cost_reduction``: a card makes another cheaper to cast.
"""

from analyzer.graph.families import anthem, cost_reduction, ninjutsu, prowl, sneak

__all__ = ["anthem", "cost_reduction", "ninjutsu", "prowl", "sneak"]
