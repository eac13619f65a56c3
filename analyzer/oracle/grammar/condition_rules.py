"""The lexicon of conditions: the state frames of :mod:`.conditions`, by kind (CR 603.4,
608.2c, 611.3b).

Each rule is ``(kind, value, negated, patterns)``: the patterns are frames of the pattern
language (:mod:`.frames`) over the clause after "if", "as long as", "unless"; ``value`` is a
template of what the condition tests, filled from the slots (``{n}``, ``{c}``, ``{state}``,
``{zone}``, ``{what}``, ``{other}``...); a comparison is written ``">=3"``, ``"<=1"``,
``"==0"``, ``">"`` + the other side. ``negated`` is True for the forms that deny ("you don't
control", "it wasn't kicked"). The rules are tried in order, the first that reads wins, so
the specific forms of a kind come before its general one.

Examples
--------
>>> kinds = {kind for kind, *_ in RULES}
>>> {"control", "life", "cast_how", "this_turn"} <= kinds
True
"""

from __future__ import annotations

__all__ = ["RULES", "STATES"]

Rule = tuple[str, str, bool, tuple[str, ...]]
RULES: list[Rule] = []


def _rule(kind: str, value: str, *patterns: str, neg: bool = False) -> None:
    RULES.append((kind, value, neg, patterns))


_P = "{who:player}"
_O = "{subject:np}"

# -- the result of what came before (CR 608.2c) ---------------------------------------------
_rule("did", "", "you do", "they do", "a player does", "that player does",
      "its controller does", "their controller does", "the player does", "you did",
      "he or she does", "an opponent does", "you cast it", "you cast a spell this way",
      "you search|searched your library this way", "they pay", "you pay",
      "a player pays", "that player pays",
      "that player searched their|a library this way")
_rule("did", "damage prevented", "damage is prevented this way")

_rule("didnt", "", "you don't", "you can't", "they don't", "they can't",
      "that player doesn't", "that player can't", "a player doesn't", "its controller doesn't",
      "no one does", "you didn't", "you don't or can't", "no player does", "he or she doesn't",
      "its controller can't", "the player doesn't", "you don't or can't make an exchange",
      "they don't pay", "the player can't", "it doesn't", "they don't or can't",
      "that player doesn't pay", "you don't pay", "no player pays")

# -- control (CR 108.4) -----------------------------------------------------------------------
_rule("control", ">={n} with different names",
      f"{_P} control|controls {{n:number}} or more {{what:np}} with different names")
_rule("control", "as you cast", f"{_P} control|controls {{what:np}} as you cast SELF")
_rule("control", ">={n}", f"{_P} control|controls {{n:number}} or more {{what:np}}",
      f"{_P} control|controls at least {{n:number}} {{what:np}}")
_rule("control", "<={n}", f"{_P} control|controls {{n:number}} or fewer {{what:np}}")
_rule("control", "=={n}", f"{_P} control|controls exactly {{n:number}} {{what:np}}")
_rule("control", "==0", f"{_P} control|controls no {{what:np}}")
_rule("control", "more than {other}",
      f"{_P} control|controls more {{what:np}} than {{other:player}}")
_rule("control", "fewer than {other}",
      f"{_P} control|controls fewer {{what:np}} than {{other:player}}")
_rule("control", "at least {n} more than {other}",
      f"{_P} control|controls at least {{n:number}} more {{what:np}} than {{other:player}}")
_rule("control", "own and control", f"{_P} both own and control {{what:np}}")
_rule("control", "the most or tied",
      f"{_P} control|controls the most {{what:np}} or is|are tied for the most")
_rule("control", "=={n}", f"{_P} control|controls exactly {{n:number}} {{what:counted}}")
_rule("control", ">={n}", f"{_P} control|controls {{n:number}} or more {{what:counted}}")
_rule("control", "your commander", f"{_P} control|controls your|their commander",
      f"{_P} control|controls a commander")
_rule("control", "a {name} planeswalker", f"{_P} control|controls a|an {{name:words}} "
      "planeswalker")
_rule("control", "the {kind} with the greatest {attr} or tied",
      f"{_P} control|controls the {{kind:words}} with the greatest {{attr:words}} or tied for "
      "the greatest {same:words}",
      f"{_P} control|controls the {{kind:words}} with the highest {{attr:words}} or tied for "
      "the highest {same:words}")
_rule("control", "controlled", f"{_P} controlled {{what:np}}")
_rule("control", "", f"{_P} control|controls {{what:np}}",
      f"{_P} control|controls another {{what:np}}")
_rule("control", "", "no opponent controls {what:np}", "no other player controls {what:np}",
      neg=True)
_rule("control", "", f"{_P} don't|doesn't control {{what:np}}", neg=True)

# -- life, hand, library (CR 119, 402, 401) ----------------------------------------------------
_rule("life", ">={n}", f"{_P} have|has {{n:number}} or more life",
      f"{_P} have|has at least {{n:number}} life",
      f"{_P} life total is {{n:number}} or greater")
_rule("life", "<={n}", f"{_P} have|has {{n:number}} or less life",
      f"{_P} life total is {{n:number}} or less")
_rule("life", "<{n}", f"{_P} life total is less than {{n:number}}",
      f"{_P} have|has less than {{n:number}} life")
_rule("life", "=={n}", f"{_P} have|has exactly {{n:number}} life")
_rule("life", "more than {other}", f"{_P} have|has more life than {{other:player}}")
_rule("life", "less than {other}", f"{_P} have|has less life than {{other:player}}")
_rule("life", "<= 0", f"{_P} have|has no life")
_rule("life", "less than starting", f"{_P} life total is less than your starting life total",
      f"{_P} have|has less life than your starting life total",
      "your life total is less than your starting life total")
_rule("life", "greater than starting", "your life total is greater than your starting life "
      "total")
_rule("life", "at least starting", "your life total is greater than or equal to your "
      "starting life total")
_rule("life", "at least {n} more than starting", "your life total is at least {n:number} "
      "greater than your starting life total")
_rule("life", "<{n}", "your life total is less than {n:number}")
_rule("life", "<={n}", "your life total is {n:number} or less")
_rule("life", ">={n}", "your life total is {n:number} or greater")
_rule("life", "less than half starting", "an opponent's life total is less than half their "
      "starting life total", "your life total is less than half your starting life total")
_rule("life", "<= half starting", "a player's life total is less than or equal to half their "
      "starting life total", "an opponent's life total is less than or equal to half their "
      "starting life total")
_rule("life", "less than half starting",
      f"{_P} life total is less than half their|your starting life total")
_rule("life", "at least {n} more than starting",
      f"{_P} have|has at least {{n:number}} life more than your starting life total")
_rule("hand", ">={n}", f"{_P} have|has {{n:number}} or more cards in hand",
      f"{_P} have|has at least {{n:number}} cards in hand")
_rule("hand", "<={n}", f"{_P} have|has {{n:number}} or fewer cards in hand")
_rule("hand", ">{n}", f"{_P} have|has more than {{n:number}} cards in hand")
_rule("hand", "<{n}", f"{_P} have|has fewer than {{n:number}} cards in hand")
_rule("hand", "=={n}", f"{_P} have|has exactly {{n:number}} cards in hand")
_rule("hand", "==0", f"{_P} have|has no cards in hand",
      f"{_P} have|has no cards in their|his|her hand")
_rule("hand", ">=1", f"{_P} have|has a card in hand", f"{_P} have|has one or more cards in hand")
_rule("hand", "more than {other}", f"{_P} have|has more cards in hand than {{other:player}}")
_rule("hand", "fewer than {other}", f"{_P} have|has fewer cards in hand than {{other:player}}")
_rule("library", "==0", f"{_P} 's library has no cards in it",
      "your library has no cards in it", "there are no cards in your library",
      f"{_P} have|has no cards in their|your library")
_rule("library", "<={n}", "your library has {n:number} or fewer cards in it",
      "there are {n:number} or fewer cards in your library")

# -- whose turn, which phase (CR 500) -----------------------------------------------------------
_rule("turn", "yours", "it's your turn")
_rule("turn", "yours", "it's not your turn", "it isn't your turn", neg=True)
_rule("turn", "an opponent's", "it's an opponent's turn")
_rule("turn", "theirs", "it's their turn", "it's that player's turn")
_rule("turn", "theirs", "it's not their turn", "it's not that player's turn",
      "it isn't their turn", "it isn't that player's turn", neg=True)
_rule("phase", "your main phase", "it's your main phase", "it's your precombat main phase")
_rule("phase", "your main phase", "it's not your main phase", neg=True)
_rule("phase", "first combat phase", "it's the first combat phase of the turn")
_rule("phase", "first turn", "it's not the first turn of the game", neg=True)
_rule("phase", "first turn", "it's the first turn of the game")
_rule("phase", "your first, second, or third turn",
      "it's your first , second , or third turn of the game")
_rule("combat", "defending player", f"{_P} 're|are|is the defending player",
      "you're the defending player")
_rule("combat", "attacked or blocked this combat",
      f"{_O} attacked or blocked this combat")
_rule("combat", "attacked this combat", f"{_O} attacked this combat")
_rule("combat", "blocked this combat", f"{_O} blocked this combat")
_rule("combat", "attacking {other}", f"{_O} is attacking {{other:player}}",
      "it's attacking {other:player}")

# -- this turn, last turn (CR 500.1) ------------------------------------------------------------
_rule("this_turn", "attacked", f"{_P} attacked this turn", f"{_P} have|has attacked this turn",
      "you've attacked this turn")
_rule("this_turn", "attacked", f"{_P} didn't attack this turn",
      f"{_P} haven't|hasn't attacked this turn", neg=True)
_rule("this_turn", "attacked with", f"{_P} attacked with {{what:np}} this turn")
_rule("this_turn", "attacked with", f"{_P} didn't attack with {{what:np}} this turn", neg=True)
_rule("this_turn", "attacked", f"{_O} attacked this turn", f"{_O} attacked or blocked this turn")
_rule("this_turn", "attacked", f"{_O} didn't attack this turn", neg=True)
_rule("this_turn", "attacked", "no creatures attacked this turn", neg=True)
_rule("this_turn", "attacked you last turn", f"{_P} attacked you during their last turn")
_rule("this_turn", "attacked during your last turn", f"{_O} attacked during your last turn")
_rule("this_turn", "gained life", f"{_P} gained life this turn",
      f"{_P} have|has gained life this turn", "you've gained life this turn")
_rule("this_turn", "lost life", f"{_P} lost life this turn", f"{_P} have|has lost life this turn",
      "you've lost life this turn")
_rule("this_turn", "gained or lost life", f"{_P} gained or lost life this turn")
_rule("this_turn", "gained and lost life", f"{_P} gained and lost life this turn")
_rule("this_turn", "lost life", f"{_P} didn't lose life this turn",
      f"{_P} haven't lost life this turn", neg=True)
_rule("this_turn", "gained life", f"{_P} didn't gain life this turn", neg=True)
_rule("this_turn", "gained >={n} life", f"{_P} gained {{n:number}} or more life this turn",
      f"{_P} have|has gained {{n:number}} or more life this turn",
      "you've gained {n:number} or more life this turn")
_rule("this_turn", "lost >={n} life", f"{_P} lost {{n:number}} or more life this turn",
      "you've lost {n:number} or more life this turn")
_rule("this_turn", "lost life last turn", f"{_P} lost life last turn")
_rule("this_turn", "dealt damage", f"{_P} was|were dealt damage this turn",
      f"{_P} have|has been dealt damage this turn")
_rule("this_turn", "dealt >={n} damage", f"{_P} was|were dealt {{n:number}} or more damage this "
      "turn", f"{_P} have|has been dealt {{n:number}} or more damage this turn",
      "you've been dealt {n:number} or more damage this turn")
_rule("this_turn", "dealt damage by {what}", f"{{what:np}} dealt damage to {_P} this turn")
_rule("this_turn", "dealt damage", "one of their opponents was dealt damage this turn")
_rule("this_turn", "cast from hand", f"{_P} haven't|hasn't cast {{what:np}} from your|their "
      "hand this turn", neg=True)
_rule("this_turn", "cast from hand", f"{_P} cast {{what:np}} from your|their hand this turn")
_rule("this_turn", "cast", f"{_P} cast {{what:np}} this turn",
      f"{_P} have|has cast {{what:np}} this turn", "you've cast {what:np} this turn",
      f"{_P} cast another {{what:np}} this turn")
_rule("this_turn", "cast", f"{_P} didn't cast {{what:np}} this turn",
      f"{_P} haven't|hasn't cast {{what:np}} this turn", neg=True)
_rule("this_turn", "cast >={n} spells last turn", f"{_P} cast {{n:number}} or more spells last "
      "turn", f"{_P} casts {{n:number}} or more spells last turn")
_rule("this_turn", "cast >=1 spells last turn", "no spells were cast last turn", neg=True)
_rule("this_turn", "cast >={n} spells", f"{_P} cast {{n:number}} or more spells this turn",
      f"{_P} have|has cast {{n:number}} or more spells this turn")
_rule("this_turn", "cast >={n}", f"{_P} cast {{n:number}} or more {{what:np}} this turn",
      f"{_P} have|has cast {{n:number}} or more {{what:np}} this turn",
      "you've cast {n:number} or more {what:np} this turn")
_rule("this_turn", "put into graveyards from anywhere", "{what:np} were|was put into "
      "graveyards|a_graveyard from anywhere this turn")
_rule("this_turn", "put into your graveyard from anywhere", "{what:np} were|was put into "
      "your graveyard from anywhere this turn", "{what:np} were|was put into your graveyard "
      "this turn from anywhere")
_rule("this_turn", "cast since your last turn ended",
      "no opponent cast a spell since your last turn ended", neg=True)
_rule("this_turn", "sacrificed", f"{_P} sacrificed {{what:np}} this turn",
      "you've sacrificed {what:np} this turn")
_rule("this_turn", "had enter", f"{_P} had {{what:np}} enter under your|their control this turn",
      f"{_P} had another {{what:np}} enter under your|their control this turn")
_rule("this_turn", "had enter last turn",
      f"{_P} had {{what:np}} enter under your|their control last turn",
      f"{_P} had another {{what:np}} enter under your|their control last turn")
_rule("this_turn", "died", "{what:np} died this turn", "{what:np} died under your control this "
      "turn", "{what:np} died under an opponent's control this turn")
_rule("this_turn", "entered", "{what:np} entered this turn", "{what:np} entered the "
      "battlefield under your control this turn", "{what:np} entered under your control "
      "this turn", "{what:np} entered the battlefield this turn")
_rule("this_turn", "left the battlefield", "{what:np} left the battlefield under your "
      "control this turn", "{what:np} left the battlefield this turn",
      "a permanent you controlled left the battlefield this turn",
      "a nonland permanent you controlled left the battlefield this turn")
_rule("this_turn", "left your graveyard", "{what:np} left your graveyard this turn",
      "one or more cards left your graveyard this turn")
_rule("this_turn", "put into exile", "one or more cards were put into exile this turn")
_rule("this_turn", "drew >{n}", f"{_P} drew more than {{n:number}} card|cards this turn",
      "you've drawn more than {n:number} card|cards this turn")
_rule("this_turn", "surveilled", f"{_P} surveilled this turn", "you've surveilled this turn")
_rule("this_turn", "the {ord} {what} cast this turn",
      "it's the {ord:words} {what:counted} you|you've cast this turn")
_rule("this_turn", "the first land played this turn",
      "it wasn't the first land you played this turn", neg=True)
_rule("this_turn", "drew >={n}", f"{_P} drew {{n:number}} or more cards this turn",
      f"{_P} have|has drawn {{n:number}} or more cards this turn",
      "you've drawn {n:number} or more cards this turn")
_rule("this_turn", "played a land", f"{_P} played a land this turn")
_rule("this_turn", "played a land", f"{_P} didn't play a land this turn",
      f"{_P} haven't played a land this turn", neg=True)
_rule("this_turn", "committed a crime", f"{_P} committed a crime this turn",
      "you've committed a crime this turn")
_rule("this_turn", "descended", f"{_P} descended this turn", "you've descended this turn")
_rule("this_turn", "expended {n}", f"{_P} expended {{n:number}} this turn")
_rule("this_turn", "put a counter on", f"{_P} put a counter on {{what:np}} this turn",
      f"{_P} put one or more counters on {{what:np}} this turn")
_rule("this_turn", "regenerated", f"{_O} regenerated this turn")
_rule("this_turn", "warped", "a spell was warped this turn")
_rule("this_turn", "dealt >={n} damage", "{n:number} or more damage was dealt to {what:np} "
      "this turn")
_rule("this_turn", "activated >={n} times", "this ability has been activated {n:number} or "
      "more times this turn")
_rule("this_turn", "resolved the {ord} time", "this is the {ord:words} time this ability has "
      "resolved this turn", "it's the {ord:words} time")
_rule("combat", "attacked this step", "you've been attacked this step",
      "you were attacked this step")
_rule("this_turn", "searched library", f"{_P} searched their library this turn",
      "an opponent searched their library this turn")

# -- what the effect before did (CR 608.2c) ------------------------------------------------
_rule("this_way", "damage prevented", "damage is prevented this way")
_rule("this_way", "died", f"{_O} dies|died this way")

# -- how the spell was cast, its optional costs and choices (CR 601.2, 702.33...) -----------
_rule("cast_how", "{way}", "{subject:np} was {way:words}", "it's {way:words}")
_rule("cast_how", "{way}", "{subject:np} wasn't {way:words}", neg=True)
_rule("cast_how", "kicked twice", "{subject:np} was kicked twice")
_rule("cast_how", "kicked {m}", "{subject:np} was kicked with its {m:mana} kicker",
      "it was kicked with its {m:mana} kicker")
_rule("cast_how", "cast from {zone}", "{subject:np} was cast from {zone:words}",
      "you cast it from {zone:words}", "you cast {subject:np} from {zone:words}",
      "{subject:np} entered or was cast from {zone:words}",
      "they entered or were cast from {zone:words}")
_rule("cast_how", "cast from {zone}", "{subject:np} wasn't cast from {zone:words}",
      "you didn't cast it from {zone:words}", "you didn't cast {subject:np} from {zone:words}",
      neg=True)
_rule("cast_how", "{what} cost paid", "its {what:words} cost was paid",
      "SELF 's {what:words} cost was paid", "his|her {what:words} cost was paid")
_rule("cast_how", "{what} cost paid this turn", "its|his|her {what:words} cost was paid this turn",
      "SELF 's {what:words} cost was paid this turn",
      "{subject:np} 's {what:words} cost was paid this turn")
_rule("cast_how", "additional cost paid", "SELF 's additional cost was paid",
      "its additional cost was paid")
_rule("cast_how", "entered from {zone}", "{subject:np} entered from {zone:words}")
_rule("cast_how", "cast", "{subject:np} was cast", "he|she was cast", "you cast them")
_rule("cast_how", "cast this turn", "{subject:np} was cast this turn")
_rule("cast_how", "put onto the battlefield", "{subject:np} was put onto the battlefield")
_rule("cast_how", "cast during your main phase", "you cast SELF|it during your main phase",
      "SELF was cast during your main phase")
_rule("cast_how", "cast as a sorcery couldn't", "you cast it any time a sorcery couldn't have "
      "been cast", "you cast SELF any time a sorcery couldn't have been cast")
_rule("cast_how", "cast using {way}", "{subject:np} was|were cast using {way:words}",
      "they were cast using {way:words}")
_rule("cast_how", "gift promised", "the gift was promised")
_rule("cast_how", "gift promised", "the gift wasn't promised", neg=True)
_rule("cast_how", "evidence collected", "evidence was collected")
_rule("cast_how", "beheld {what}", "a|an {what:words} was beheld")
_rule("cast_how", "tribute paid", "tribute was paid")
_rule("cast_how", "tribute paid", "tribute wasn't paid", neg=True)
_rule("cast_how", "escaped", "it|SELF escaped")
_rule("cast_how", "escaped", "it|SELF didn't escape", neg=True)
_rule("cast_how", "revealed or controlled a {what}", "you revealed a|an {what:words} card or "
      "controlled a|an {same:words} as you cast SELF|it")

# -- mana spent to cast it (CR 601.2h) ---------------------------------------------------------
_rule("mana_spent", "{what}", "{what:words} mana was spent to cast it|SELF",
      "{what:words} mana was spent to cast this spell",
      "{what:words} mana was spent to cast that spell", "{what:words} was spent to cast it|SELF",
      "{what:words} was spent to cast this spell", "{what:words} was spent to cast that spell")
_rule("mana_spent", "{what}", "{what:words} wasn't spent to cast it|SELF",
      "{what:words} mana wasn't spent to cast it|SELF", neg=True)
_rule("mana_spent", ">={n} same color", "at least {n:number} mana of the same color was spent "
      "to cast it|SELF")
_rule("mana_spent", ">={n}", "at least {n:number} mana was spent to cast it|SELF",
      "{n:number} or more mana was spent to cast it|SELF|that_spell")
_rule("mana_spent", "==0", "no mana was spent to cast it|SELF")
_rule("mana_spent", "from a {what}", "mana from a|an {what:words} was spent to cast it|SELF")
_rule("mana_spent", "less than its mana value", "the amount of mana spent to cast it was less "
      "than its mana value")

# -- the source's zone (CR 400.1) ----------------------------------------------------------
_rule("in_zone", "{zone}", "SELF is in|on {zone:words}", "it's in {zone:words}")
_rule("in_zone", "suspended", "SELF is suspended")
_rule("entered", "entered this turn", "SELF entered this turn", "it entered this turn",
      "SELF entered the battlefield this turn")
_rule("entered", "entered this turn", "SELF didn't enter this turn", neg=True)
_rule("entered", "died", "it didn't die", "SELF didn't die", neg=True)

# -- counts: objects in zones, counters (CR 400, 122) -------------------------------------------
_rule("count", ">={n}", "there are {n:number} or more {what:np}",
      "there are at least {n:number} {what:np}", "{n:number} or more {what:np} are on the "
      "battlefield", "there are {n:number} or more {what:np} on the battlefield")
_rule("count", ">={n} in {zone}", "there are {n:number} or more cards in {zone:words}",
      "there are {n:number} or more {what:np} in {zone:words}",
      "{n:number} or more {what:np} are in {zone:words}",
      "{who:player} have|has {n:number} or more {what:np} in {zone:words}")
_rule("count", "<{n} in {zone}", "there are fewer than {n:number} {what:np} in {zone:words}",
      "there are fewer than {n:number} cards in {zone:words}")
_rule("count", ">=1 in {zone}", "there is {what:np} in {zone:words}",
      "there's {what:np} in {zone:words}",
      "{what:np} is|are in {zone:words}")
_rule("count", "==0 in {zone}", "there are no {what:np} in {zone:words}",
      "there is no {what:np} in {zone:words}")
_rule("count", "==0", "there are no {what:np}", "there is no {what:np}",
      "no {what:np} are on the battlefield")
_rule("count", ">=1", "{what:np} is on the battlefield")
_rule("count", ">={n} card types in {zone}",
      "there are {n:number} or more card types among cards in {zone:words}",
      "{who:player} have|has {n:number} or more card types among cards in {zone:words}",
      "there are {n:number} or more cards types among card in {zone:words}")
_rule("count", "=={n} colors among {what}", "there are {n:number} colors among {what:np}")
_rule("count", ">={n} basic land types among {what}",
      "there are {n:number} or more basic land types among {what:np}")
_rule("count", ">={n} exiled with {other}", "{n:number} or more cards have been exiled with "
      "{other:np}")
_rule("count", "cards exiled with {other}", "there are cards exiled with {other:np}")
_rule("count", ">={n} {c} counters", "there are {n:number} or more {c:counter} counters on "
      "{what:np}", "{what:np} has|have|had {n:number} or more {c:counter} counters on it|him|her|them",
      "{n:number} or more {c:counter} counters are on {what:np}")
_rule("count", ">={n} counters", "there are {n:number} or more counters on {what:np}",
      "{what:np} has|have|had {n:number} or more counters on it|him|her|them")
_rule("count", "<={n} {c} counters", "{what:np} has|have {n:number} or fewer {c:counter} "
      "counters on it|him|her|them")
_rule("count", "==0 in hand", f"{_P} have|has no {{what:np}} in hand")
_rule("count", "=={n} {c} counters", "there are exactly {n:number} {c:counter} counters on "
      "{what:np}", "there are {n:number} {c:counter} counters on {what:np}",
      "there is exactly one {c:counter} counter on {what:np}",
      "{what:np} has|have exactly {n:number} {c:counter} counters on it|them")
_rule("count", "<{n} {c} counters", "{what:np} has|have fewer than {n:number} {c:counter} "
      "counters on it|them", "there are fewer than {n:number} {c:counter} counters on "
      "{what:np}")
_rule("count", "==0 {c} counters", "{what:np} has|have no {c:counter} counters on it|them",
      "there are no {c:counter} counters on {what:np}",
      "there are no more {c:counter} counters on {what:np}",
      "{what:np} had no {c:counter} counters on it")
_rule("count", "==0 counters", "{what:np} has|had no counters on it")
_rule("count", ">=1 counters", "{what:np} has|have a counter on it",
      "{what:np} had one or more counters on it", "{what:np} has one or more counters on it")
_rule("count", ">=1 {c} counters", "{what:np} has|have {c:counter} counters on it",
      "{what:np} has|have|had a|an {c:counter} counter on it|him|her")
_rule("count", "==0 {c} counters", "{what:np} doesn't have a|an {c:counter} counter on it",
      neg=False)
_rule("count", "between {n} and {m} {c} counters",
      "{what:np} has|have between {n:number} and {m:number} {c:counter} counters on it")
_rule("count", ">={n} permanents with {c} counter", "{n:number} or more {what:np} have a|an "
      "{c:counter} counter on them")
_rule("count", "total power >={n}", "creatures you control have total power {n:number} or "
      "greater")
_rule("count", "total toughness >={n}", "creatures you control have total toughness "
      "{n:number} or greater")
_rule("level", ">={n}", "SELF is level {n:number} or higher")

# -- X, numbers (CR 107.3) ---------------------------------------------------------------------
_rule("x", ">={n}", "x is {n:number} or more", "x is {n:number} or greater")
_rule("x", "=={n}", "x is {n:number}")
_rule("x", "<={n}", "x is {n:number} or less")
_rule("compare", ">={n}", "{q:quantity} is|was {n:number} or greater",
      "{q:quantity} is|was {n:number} or more")
_rule("compare", "<={n}", "{q:quantity} is|was {n:number} or less")
_rule("compare", "<{n}", "{q:quantity} was|is less than {n:number}")
_rule("compare", "=={n}", "{q:quantity} is exactly {n:number}")
_rule("compare", ">{r}", "{q:quantity} is greater than {r:quantity}",
      "{q:quantity} is greater than {r:quantity} 's")
_rule("compare", "<{r}", "{q:quantity} is less than {r:quantity}")
_rule("compare", "<={r}", "{q:quantity} is less than or equal to {r:quantity}")
_rule("compare", "=={r}", "{q:quantity} is equal to {r:quantity}")
_rule("compare", "<{n}", "{q:quantity} was less than {n:number}")
_rule("compare", "> base power", "{q:quantity} is greater than its base power")
_rule("compare", ">CARDNAME's", "{q:quantity} is greater than SELF 's")

# -- designations, day and night, games of chance ------------------------------------------
_rule("day_night", "night", "it's night", "it is night")
_rule("day_night", "day", "it's day", "it is day")
_rule("day_night", "neither", "it's neither day nor night")
_rule("designation", "monarch", "you're the monarch", "you are the monarch")
_rule("designation", "monarch", "you're not the monarch", "you aren't the monarch", neg=True)
_rule("designation", "monarch", "no one is the monarch", neg=True)
_rule("designation", "city's blessing", "you have the city's blessing")
_rule("designation", "max speed", "you have max speed")
_rule("designation", "max speed", "you don't have max speed", neg=True)
_rule("designation", "initiative", "you have the initiative")
_rule("designation", "completed a dungeon", "you've completed a dungeon",
      "you have completed a dungeon")
_rule("designation", "ring-bearer {what}", "you chose {what:np} as your Ring-bearer")
_rule("designation", "poisoned", f"{_P} is poisoned")
_rule("designation", ">={n} poison counters", f"{_P} has {{n:number}} or more poison counters")
_rule("designation", "enduring story", "you have an enduring story")
_rule("won", "won the clash", "you won the clash", "it won the clash")
_rule("won", "won", "you won", "you win", "they won", "you win the flip", "you won the flip",
      "you won the vote")
_rule("won", "lost", "you lost", "you lose", "they lost", "you lose the flip",
      "they lose the flip")
_rule("won", "{side}", "it comes up {side:words}")
_rule("won", ">={n} flips", "you win {n:number} or more flips")
_rule("chose", "{choice}", f"{_P} chooses|chose {{choice:words}}")

# -- the most common color among all permanents (Halam Djinn, Barrin's Unmaking) ------------
for _color in ("white", "blue", "black", "red", "green"):
    _rule("most_common_color", _color, f"{_color} is the most common color among all "
          "permanents or is tied for most common")

# -- targets, what was sacrificed -------------------------------------------------------------
_rule("targets", "", "{subject:np} targets {what:np}")
_rule("targets", "only", "{subject:np} targets only {what:np}")
_rule("targets", "single", "{subject:np} has a single target")
_rule("sacrificed", "", f"{_P} sacrificed {{what:np}}")
_rule("sacrificed", "{state}", "the sacrificed creature was {state:words}")
_rule("sacrificed", "{other}", "the sacrificed {what:words} was a|an {other:words}")
_rule("sacrificed", "sacrificed", "it wasn't sacrificed", neg=True)


# -- the kind of object, its state (CR 109.3, 110.5) -------------------------------------------
_rule("is", "{what}", f"{_O} is|was|are|were {{what:np}}", "it's|that's {what:np}")
_rule("is", "{what}", f"{_O} isn't|wasn't|aren't|weren't {{what:np}}",
      f"{_O} is|was|are|were not {{what:np}}", "it isn't|wasn't {what:np}",
      "it's|that's not {what:np}", "they're not {what:np}", neg=True)
_rule("is", "{state}", f"{_O} is|was|are|were {{state:words}}", "it's|that's {state:words}",
      "they're {state:words}", "he's|she's {state:words}")
_rule("is", "{state}", f"{_O} isn't|wasn't|aren't|weren't {{state:words}}",
      f"{_O} is|was|are|were not {{state:words}}", "it's|that's not {state:words}",
      "it isn't|wasn't {state:words}", "they're not {state:words}",
      "they aren't {state:words}", neg=True)
_rule("is", "{what}", "{subject:np} 's {what:np}")
_rule("is", "has {what}", f"{_O} has|had {{what:words}}")
_rule("is", "has {what}", f"{_O} doesn't|didn't have {{what:words}}", neg=True)
_rule("is", "shares a creature type with {other}",
      f"{_O} shares|share a creature type with {{other:np}}",
      "it shares a creature type with {other:np}")
_rule("is", "shares a color with {other}", f"{_O} shares a color with {{other:np}}")
_rule("is", "same name as {other}", f"{_O} has the same name as {{other:np}}")
_rule("is", "same name as {other}", f"{_O} doesn't have the same name as {{other:np}}",
      neg=True)
_rule("is", "attached to {other}", f"{_O} is|are attached to {{other:np}}")
_rule("is", "power greater than {other}", f"{_O} has greater power than {{other:np}}")
_rule("is", "enchanted by >={n} Auras", f"{_O} is enchanted by {{n:number}} or more Auras")
_rule("is", "the only {what}", f"{_O} is the only {{what:np}}")
_rule("is", "exiled with {c} counter", f"{_O} is exiled with a|an {{c:counter}} counter on it")
_rule("is", "paired", f"{_O} is paired with another creature",
      f"{_O} is paired with a creature", "it's paired with a creature")
_rule("is", "a {name} planeswalker", f"{_O} is|was a|an {{name:words}} planeswalker",
      f"{_O} is|was a|an {{name:words}} planeswalker spell")
_rule("is", "{p}", f"{_O} is {{p:pt}}")
_rule("is", "entered under your control", f"{_O} entered under your control")

# -- what the instructions before did "this way" (CR 608.2c) --------------------------------
_THIS_WAY_VERBS = (  # base, past participle, the forms an active clause writes
    ("exile", "exiled", "exiled|exile|exiles"), ("sacrifice", "sacrificed",
                                                 "sacrificed|sacrifice|sacrifices"),
    ("discard", "discarded", "discarded|discard|discards"),
    ("reveal", "revealed", "revealed|reveal|reveals"), ("return", "returned",
                                                         "returned|return|returns"),
    ("mill", "milled", "milled|mill|mills"), ("destroy", "destroyed", ""),
    ("cast", "cast", "cast|casts"), ("draw", "drawn", "drew|draw|draws"),
    ("counter", "countered", ""), ("choose", "chosen", "chose|choose|chooses"),
    ("tap", "tapped", "tapped|tap|taps"), ("untap", "untapped", "untapped|untap|untaps"),
    ("exchange", "exchanged", ""))
for _base, _done, _forms in _THIS_WAY_VERBS:
    if _forms:
        _rule("this_way", f"{_base} {{what}}", f"{_P} {_forms} {{what:np}} this way")
        _rule("this_way", f"{_base} {{what}}", f"{_P} didn't|don't|doesn't {_base} "
              "{what:np} this way", neg=True)
    _rule("this_way", f"{_base} {{subject}}", f"{_O} was|is|were|are {_done} this way")
for _where in ("onto the battlefield", "into your hand", "into your graveyard",
               "into a graveyard", "into that graveyard", "into their graveyard"):
    _place = _where.replace(" ", "_")
    _rule("this_way", f"put {{what}} {_where}", f"{_P} put|puts {{what:np}} {_place} this way")
    _rule("this_way", f"put {{what}} {_where}", f"{_P} didn't|don't|doesn't put {{what:np}} "
          f"{_place} this way", neg=True)
    _rule("this_way", f"put {{subject}} {_where}", f"{_O} was|is|were|are put {_place} "
          "this way")
    _rule("didnt", f"put {{what}} {_where}", f"{_P} don't|doesn't|didn't put {{what:np}} "
          f"{_place}")
_rule("this_way", "dealt damage", f"{_O} is|was|were dealt damage this way")
_rule("this_way", "excess damage dealt", "excess damage was dealt this way",
      "excess damage was dealt to {what:np} this way")
_rule("this_way", "lose life", f"{_P} lost life this way")
_rule("this_way", "deal damage to {other}", f"{_O} deals|dealt damage to {{other:player}} "
      "this way")

# -- round 4 of the statics: battlefield, libraries, exile, blockers (CR 400, 509.1) ----------
_rule("count", ">=1", "there is {what:np} on the battlefield",
      "there's {what:np} on the battlefield")
_rule("library", "a library <={n}", "a library has {n:number} or fewer cards in it")
_rule("count", ">=1 owned in exile", f"{_P} own|owns {{what:np}} in exile")
_rule("combat", "blocked by >={n}", f"{{n:number}} or more creatures are blocking {_O}")
_rule("is", "has dealt damage", f"{_O} hasn't dealt damage yet", neg=True)
_rule("control", ">={n} with different powers",
      f"{_P} control|controls {{n:number}} or more {{what:np}} with different powers")
_rule("control", ">={n} with the same name",
      f"{_P} control|controls {{n:number}} or more {{what:np}} with the same name")
_rule("count", ">={n} permanent types in {zone}",
      "there are {n:number} or more permanent types among cards in {zone:words}")
_rule("this_turn", "blocked or was blocked by {what}",
      f"{_O} blocked or was blocked by {{what:np}} this turn")
_rule("combat", "blocked by >={n}",
      f"at least {{n:number}} creature|creatures is|are blocking {_O}")
_rule("library", ">={n}", "your library has {n:number} or more cards in it")
_rule("count", "a graveyard >={n}", "a graveyard has {n:number} or more cards in it")
_rule("count", ">={n} card types in {zone}", "there are {n:number} or more card types in "
      "{zone:words}")
_rule("count", ">={n} card types among {what}",
      "there are {n:number} or more card types among {what:np}")
_rule("count", ">={n} kinds of counters among {what}",
      "there are {n:number} or more different kinds of counters among {what:np}")
_rule("combat", "attacking >={n}", "{n:number} or more creatures are attacking")
_rule("combat", "attacking =={n}", "exactly {n:number} creature|creatures is|are attacking")
_rule("life", "<= half starting", "your life total is less than or equal to half your "
      "starting life total")
_rule("this_turn", "played a land", "you've played a land this turn",
      f"{_P} have|has played a land this turn")
_rule("this_turn", "dealt >={n} damage", f"{_O} has dealt {{n:number}} or more damage this turn")
_rule("this_turn", "exerted", f"{_O} hasn't been exerted this turn", neg=True)
_rule("this_turn", "put counters on {what}",
      "you've put one or more {c:counter} counters on {what:np} this turn")


STATES = frozenset({
    "attacking", "blocking", "tapped", "untapped", "attacking or blocking", "blocked",
    "unblocked", "a creature", "legendary", "monstrous", "renowned", "your turn",
    "enchanted", "equipped", "modified", "suspected", "on the battlefield", "in exile",
    "in your graveyard", "in your hand", "still on the battlefield", "still tapped",
    "red", "blue", "black", "white", "green", "colorless", "multicolored", "nonbasic",
    "basic", "snow", "a token", "face down", "face up", "paired", "saddled", "your commander",
    "dealt damage this turn", "dealt combat damage this turn", "destroyed this way",
    "put into a graveyard this way", "put into your graveyard this way",
    "exiled this way", "returned to the battlefield this way", "the chosen color",
    "the chosen type", "of the chosen type", "still in exile", "still in your graveyard",
    "transformed", "goaded", "a permanent card", "a nonland card", "a land card",
    "a creature card", "an instant or sorcery card", "untapped this way",
    "tapped this way", "an artifact creature", "nontoken", "countered this way",
    "milled this way", "discarded this way", "revealed this way", "sacrificed this way",
    "blocked this turn", "historic", "enlisted", "a Mount", "a Vehicle", "an enchantment", "an artifact", "a land",
    "a planeswalker", "the chosen creature type", "on the stack",
    "a nonland permanent card", "an Aura", "exiled", "the chosen name",
    "enchanted or equipped", "attacking alone", "blocking alone", "your Ring-bearer",
    "solved",
})
"""Words that name a state or a kind of object ("if it's tapped", "if that card is a land
card"), read after "is" when the noun-phrase grammar does not read them."""

WAYS = frozenset({"kicked", "bargained", "foretold", "evoked", "unearthed", "cast", "blitzed",
                  "dashed", "prototyped", "disturbed", "emerged", "warped", "plotted",
                  "cast using teamwork", "cast using web-slinging"})
"""How a spell was cast or what optional cost it had paid, after "was"."""
