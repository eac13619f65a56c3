"""Real deck files of ../shared/data/decks the combo tests read (paths under decks/)."""

MARALEN = "cockatrice_cod/EDH - Maralen of the Mornsong (Combo) - B.cod"
ROGUES = "forge_dck/Rogues on the Prowl.dck"
SPLINTER = "text/splinter_radical_rat_ninjas_commander.txt"
GOING_ROGUE = "forge_dck/Going Rogue.dck"
