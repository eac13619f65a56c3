"""Trigger conditions: "When CARDNAME enters", "Whenever a creature you control dies",
"At the beginning of your upkeep" -> :class:`~analyzer.oracle.abilities.Trigger`
(CR 603.1, 603.2).

A trigger phrase is ``When|Whenever <subject> <event>`` or ``At <time>``. The subject is a
noun phrase or a player ("you", "an opponent"), optionally "one or more ..." or "CARDNAME
or another ..."; the event is one of the event frames below, each naming its
:class:`~analyzer.oracle.abilities.TriggerEvent`. The trigger keeps the subject's and the
event's words (:attr:`Trigger.subject`, :attr:`Trigger.detail`), which the rules core and
the graph type again with :attr:`Trigger.subject_ref` and :attr:`Trigger.spell_ref`.

Examples
--------
>>> t = read_trigger("Whenever a Ninja you control deals combat damage to a player")
>>> t.event.name, t.subject, t.detail
('COMBAT_DAMAGE_TO_PLAYER', 'a Ninja you control', 'deals combat damage to a player')
>>> read_trigger("At the beginning of your upkeep").detail
'your upkeep'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache

from analyzer.oracle.abilities import Trigger, TriggerEvent
from analyzer.oracle.grammar.frames import Pattern
from analyzer.oracle.lexer import Token, tokenize, untokenize
from analyzer.oracle.nouns import noun_phrase
from analyzer.oracle.text import SELF

__all__ = ["beginning_of", "delayed_trigger", "read_trigger", "trigger_tokens"]

Tokens = Sequence[Token]
_E = TriggerEvent

_EVENTS: tuple[tuple[TriggerEvent, Pattern], ...] = tuple((e, Pattern(p)) for e, p in (
    (_E.ENTERS, "enters or attacks"), (_E.ENTERS, "enters or dies"),
    (_E.ENTERS, "enter|enters"), (_E.ENTERS, "enter|enters under your control"),
    (_E.ENTERS, "enter|enters under an opponent's control"),
    (_E.ENTERS, "enter|enters from your hand"),
    (_E.ENTERS, "enters or is turned face up"), (_E.ENTERS, "enter|enters from your graveyard"),
    (_E.ENTERS, "enter|enters under your control from your hand"),
    (_E.ENTERS, "enter|enters from a graveyard"),
    (_E.ENTERS, "enter|enters or leaves the battlefield"),
    (_E.ENTERS, "enter|enters under your control from your graveyard"),
    (_E.ENTERS, "enter|enters tapped"),
    (_E.DIES, "die|dies"), (_E.DIES, "is put into a|your graveyard from the battlefield"),
    (_E.DIES, "is put into an opponent's graveyard from the battlefield"),
    (_E.DIES, "are put into a|your graveyard from the battlefield"),
    (_E.DIES, "is put into a|your graveyard from anywhere"),
    (_E.DIES, "die|dies or is put into exile from the battlefield"),
    (_E.LEAVES, "leave|leaves the battlefield"), (_E.LEAVES_GRAVEYARD, "leaves your graveyard"),
    (_E.LEAVES, "leave|leaves the battlefield without dying"),
    (_E.ATTACKS_OR_BLOCKS, "attacks or blocks"),
    (_E.ATTACKS_UNBLOCKED, "attacks and isn't blocked"),
    (_E.ATTACKS, "attack|attacks"), (_E.ATTACKS, "attacks alone"),
    (_E.ATTACKS, "attacks you or a planeswalker you control"), (_E.ATTACKS, "attacks a player"),
    (_E.ATTACKS, "attacks each combat"), (_E.ATTACKS, "attacks you"),
    (_E.ATTACKS, "attacks a planeswalker"), (_E.ATTACKS, "attacks one of your opponents"),
    (_E.ATTACKS, "attacks an opponent"), (_E.ATTACKS, "attacks the player with the most life "
                                          "or tied for most life"),
    (_E.ATTACKS, "attacks while saddled"),
    (_E.BLOCKS, "block|blocks"), (_E.BLOCKS, "blocks a creature"),
    (_E.BLOCKS, "blocks or becomes blocked"), (_E.BLOCKS, "blocks or becomes blocked by "
                                                           "{by:np}"),
    (_E.BLOCKS, "blocks {by:np}"),
    (_E.BECOMES_BLOCKED, "becomes blocked"), (_E.BECOMES_BLOCKED, "becomes blocked by {by:np}"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to a player|opponent"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to an opponent"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to a player or planeswalker"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to a player or battle"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to one or more players"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to that player"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to you"),
    (_E.DEALS_DAMAGE, "deal|deals damage"), (_E.DEALS_DAMAGE, "deal|deals combat damage"),
    (_E.DEALS_DAMAGE, "deal|deals damage to {to:np}"),
    (_E.DEALS_DAMAGE, "deal|deals combat damage to {to:np}"),
    (_E.DEALS_DAMAGE, "deal|deals noncombat damage to {to:np}"),
    (_E.DEALS_DAMAGE, "deal|deals damage to an opponent or a permanent an opponent controls"),
    (_E.DEALT_DAMAGE, "is|are dealt damage"), (_E.DEALT_DAMAGE, "is dealt damage by {by:np}"),
    (_E.DEALT_DAMAGE, "is dealt combat damage"),
    (_E.TAPPED_FOR_MANA, "is tapped for mana"),
    (_E.BECOMES_TAPPED, "becomes|is tapped"), (_E.BECOMES_TAPPED, "become tapped"),
    (_E.TURNED_FACE_UP, "is turned face up"),
    (_E.BECOMES_TARGET, "becomes the target of {by:np}"),
    (_E.BECOMES_TARGET, "becomes the target of a spell or ability an opponent controls"),
    (_E.BECOMES_TARGET, "becomes the target of a spell or ability"),
    (_E.BECOMES_TARGET, "become the target of a spell or ability an opponent controls"),
    (_E.BECOMES_TARGET, "becomes the target of a spell"),
    (_E.GAIN_LIFE, "gain|gains life"), (_E.LOSE_LIFE, "lose|loses life"),
    (_E.DRAW, "draw|draws a card"), (_E.DRAW, "draw|draws your second card each turn"),
    (_E.DRAW, "draw|draws two or more cards"), (_E.DRAW, "draws their second card each turn"),
    (_E.DRAW, "draw|draws a card except the first one you draw in each of your draw steps"),
    (_E.DRAW, "draws a card except the first one they draw in each of their draw steps"),
    (_E.DISCARD, "discard|discards a card"), (_E.DISCARD, "discard|discards one or more cards"),
    (_E.DISCARD, "discard|discards a creature card"), (_E.DISCARD, "discard|discards {what:np}"),
    (_E.SACRIFICE, "sacrifice|sacrifices {what:np}"),
    (_E.CYCLE, "cycle|cycles a card"), (_E.CYCLE, "cycle|cycles another card"),
    (_E.CYCLE, "cycle|cycles SELF"), (_E.CYCLE, "cycle|cycles or discard|discards a card"),
    (_E.CYCLE, "cycle|cycles or discard|discards another card"),
    (_E.CAST, "cast|casts {what:np}"), (_E.CAST, "cast|casts {what:np} from your hand"),
    (_E.CAST, "cast|casts {what:np} from exile"),
    (_E.CAST, "cast|casts {what:np} from a graveyard"),
    (_E.CAST, "cast|casts {what:np} from your graveyard"),
    (_E.CAST, "cast|casts your first spell each turn"),
    (_E.CAST, "cast|casts your second spell each turn"),
    (_E.CAST, "cast|casts their first spell each turn"),
    (_E.CAST, "cast|casts their second spell each turn"),
    (_E.CAST, "cast|casts {what:np} during an opponent's turn"),
    (_E.CAST, "cast|casts {what:np} during your turn"),
    (_E.CAST, "cast|casts a spell that targets {what:np}"),
    (_E.CAST, "cast|casts {what:np} that targets SELF"),
    (_E.CAST, "cast|casts {what:np} , copy|copies {copied:np}"),
    (_E.ATTACK_WITH, "attack"), (_E.ATTACK_WITH, "attack with one or more creatures"),
    (_E.ATTACK_WITH, "attack with {n:number} or more creatures"),
    (_E.ATTACK_WITH, "attack with one or more {what:np}"),
    (_E.ATTACK_WITH, "attacks with one or more creatures"),
    (_E.ATTACK_WITH, "attacks with {n:number} or more creatures"),
    (_E.ATTACK_WITH, "attack a player"), (_E.ATTACK_WITH, "attack with {what:np}"),
    (_E.COUNTERS_PUT, "put|puts one or more {c:counter} counters on {what:np}"),
    (_E.COUNTERS_PUT, "put|puts one or more counters on {what:np}"),
    (_E.COUNTERS_PUT, "put|puts a|an {c:counter} counter on {what:np}"),
    (_E.COUNTERS_PUT, "put|puts a counter on {what:np}"),
    (_E.OTHER, "get|gets one or more {e:energy}"),
    (_E.OTHER, "becomes|is monstrous"), (_E.OTHER, "becomes renowned"),
    (_E.OTHER, "becomes the target of a spell"), (_E.OTHER, "becomes|is untapped"),
    (_E.OTHER, "becomes a copy of {what:np}"), (_E.OTHER, "transforms"),
    (_E.OTHER, "transforms into SELF"), (_E.OTHER, "explores"), (_E.OTHER, "expends {n:number}"),
    (_E.OTHER, "crews {what:np}"), (_E.OTHER, "crew|crews a vehicle"),
    (_E.OTHER, "becomes crewed"), (_E.OTHER, "becomes crewed for the first time each turn"),
    (_E.TAPPED_FOR_MANA, "tap|taps {what:np} for mana"),
    (_E.OTHER, "mutates"), (_E.OTHER, "scry|scries"), (_E.OTHER, "surveil|surveils"),
    (_E.OTHER, "commit|commits a crime"), (_E.OTHER, "play|plays a land"),
    (_E.OTHER, "create|creates a token"), (_E.OTHER, "create|creates one or more tokens"),
    (_E.OTHER, "create|creates one or more {what:np}"),
    (_E.OTHER, "create|creates a {what:words} token"),
    (_E.OTHER, "gain|gains control of {what:np}"), (_E.OTHER, "is|are exiled"),
    (_E.OTHER, "activate|activates an ability"),
    (_E.OTHER, "activate|activates an ability of {what:np}"),
    (_E.OTHER, "activate|activates an ability that isn't a mana ability"),
    (_E.OTHER, "activate|activates a|an {kw:words} ability"),
    (_E.OTHER, "activate|activates a loyalty ability of {what:np}"),
    (_E.OTHER, "is|are spent to cast {what:np}"),
    (_E.OTHER, "is|are spent to cast a spell"),
    (_E.OTHER, "is spent on {what:words}"),
    (_E.OTHER, "expend {n:number}"), (_E.OTHER, "exploit|exploits {what:np}"),
    (_E.LEAVES_GRAVEYARD, "leave your graveyard"),
    (_E.PUT_INTO_GRAVEYARD, "is|are put into your|a|an_opponent's graveyard from anywhere"),
    (_E.PUT_INTO_GRAVEYARD, "is|are put into your graveyard from your library"),
    (_E.OTHER, "phase|phases in"), (_E.OTHER, "phase|phases out"),
    (_E.OTHER, "becomes attached to {what:np}"),
    (_E.OTHER, "becomes unattached from {what:np}"),
    (_E.OTHER, "becomes plotted"), (_E.OTHER, "becomes prepared"),
    (_E.OTHER, "clash|clashes"), (_E.OTHER, "win|wins a coin flip"),
    (_E.OTHER, "forage|forages"), (_E.OTHER, "collect|collects evidence"),
    (_E.OTHER, "exert|exerts {what:np}"), (_E.OTHER, "shuffle|shuffles their|your library"),
    (_E.OTHER, "search|searches their|your library"),
    (_E.OTHER, "lose|loses the game"), (_E.OTHER, "transforms into {what:np}"),
    (_E.OTHER, "becomes level {n:number}"),
    (_E.CAST, "cast|casts your|their first {what:counted} each turn"),
    (_E.CAST, "cast|casts your|their second {what:counted} each turn"),
    (_E.CAST, "cast|casts {what:np} from anywhere other than your hand"),
    (_E.ATTACKS, "attack you"), (_E.ATTACKS_OR_BLOCKS, "attack or block"),
    (_E.OTHER, "attack|attacks enchanted player"), (_E.OTHER, "is attacked"),
    (_E.ATTACK_WITH, "attack|attacks enchanted player with one or more creatures"),
    (_E.COMBAT_DAMAGE_TO_PLAYER, "deal|deals combat damage to one of your opponents"),
    (_E.OTHER, "become|becomes the monarch"), (_E.OTHER, "scry or surveil"),
    (_E.OTHER, "gain or lose life"), (_E.OTHER, "discover|discovers"),
    (_E.OTHER, "investigate|investigates"), (_E.OTHER, "lose control of {what:np}"),
    (_E.OTHER, "causes you to discard SELF"), (_E.OTHER, "play|plays a card"),
    (_E.OTHER, "play|plays another land"), (_E.OTHER, "proliferate|proliferates"),
    (_E.OTHER, "venture|ventures into the dungeon"), (_E.OTHER, "connive|connives"),
    (_E.OTHER, "become|becomes blocked by {what:np}"),
    (_E.PUT_INTO_GRAVEYARD, "is put into a graveyard"),
    (_E.OTHER, "tap|taps {what:np}"),
    (_E.SPELL_COUNTERED, "counters a spell"),
    (_E.OTHER, "doesn't pay SELF 's cumulative upkeep"),
    (_E.ENTERS, "enters untapped"), (_E.ENTERS, "enter|enters tapped and under your control"),
    (_E.ENTERS, "enters attached to {what:np}"),
    (_E.ENTERS, "enter|enters under enchanted player's control"),
    (_E.DIES, "dies or is put into the command zone"),
    (_E.DIES, "dies or is put into exile"),
    (_E.DIES, "is|are put into a_player's|an_opponent's graveyard from the battlefield"),
    (_E.PUT_INTO_GRAVEYARD, "is|are put into a_player's graveyard from anywhere"),
    (_E.PUT_INTO_GRAVEYARD, "is|are put into a_player's|an_opponent's|your graveyard"),
    (_E.PUT_INTO_GRAVEYARD, "is|are put into an_opponent's graveyard from their library"),
    (_E.LEAVES_GRAVEYARD, "leave|leaves an_opponent's|a graveyard"),
    (_E.ATTACKS_UNBLOCKED, "attacks a player and isn't blocked"),
    (_E.ATTACK_WITH, "attack|attacks you and/or a planeswalker you control with "
                     "{n:number} or more creatures"),
    (_E.DEALS_DAMAGE, "deal|deals {n:number} or more damage"),
    (_E.DEALS_DAMAGE, "deal|deals {n:number} or more damage to {to:np}"),
    (_E.DEALT_DAMAGE, "is|are dealt {n:number} or more damage"),
    (_E.DEALT_DAMAGE, "is|are dealt noncombat damage"),
    (_E.BECOMES_TARGET, "become the target of a spell"),
    (_E.DRAW, "draw|draws your|their first or second card each turn"),
    (_E.DRAW, "draw|draws your|their second|third|fourth card in a turn"),
    (_E.DRAW, "draw|draws your|their third|fourth card each turn"),
    (_E.DRAW, "draw|draws a land card|nonland_card"),
    (_E.CAST, "cast|casts your|their first spell during each opponent's turn"),
    (_E.CAST, "cast|casts your|their third|fourth|fifth {what:counted} each turn"),
    (_E.CAST, "cast|casts your|their second|third|fourth {what:counted} in a turn"),
    (_E.OTHER, "copy|copies {what:np}"),
    (_E.OTHER, "put|puts {what:np} onto the battlefield"),
    (_E.OTHER, "is|are returned to your|its_owner's|a_player's|their_owner's hand"),
    (_E.OTHER, "is|are returned to your|its_owner's|their_owner's hand from the battlefield"),
    (_E.OTHER, "is championed with SELF"), (_E.OTHER, "is put into your hand from your graveyard"),
    (_E.OTHER, "is put into the command zone from anywhere"),
    (_E.OTHER, "is|are put into exile from your graveyard"),
    (_E.OTHER, "pay|pays life"), (_E.OTHER, "fight|fights"), (_E.OTHER, "evolve|evolves"),
    (_E.OTHER, "becomes saddled"), (_E.OTHER, "turn|turns {what:np} face up"),
    (_E.OTHER, "give|gives a gift"), (_E.OTHER, "kick|kicks a spell"),
    (_E.OTHER, "lose|loses a coin flip"), (_E.OTHER, "roll|rolls the planar die"),
    (_E.OTHER, "manifest|manifests dread"), (_E.OTHER, "explores a land card|nonland_card"),
    (_E.OTHER, "gain|gains control of {what:np} from you"),
    (_E.OTHER, "play|plays {what:np}"),
    (_E.OTHER, "activate|activates SELF 's {kw:words} ability"),
))
"""Event frames in the order they are tried (the first that reads wins)."""

_STEPS = ("upkeep", "draw step", "precombat main phase", "first main phase", "combat",
          "combat on your turn", "end step", "end of combat", "second main phase",
          "postcombat main phase", "main phase", "turn", "cleanup step",
          "declare attackers step", "declare blockers step", "combat damage step",
          "untap step", "main phases", "end steps", "upkeeps", "combat phase")
_WHOSE = ("your", "each", "each opponent's", "each player's", "the", "that player's",
          "the next", "enchanted player's", "target opponent's", "your next", "each of your",
          "the chosen player's", "each other player's", "enchanted creature's controller's",
          "that turn's", "the next turn's", "each of your opponents'", "its controller's",
          "the active player's", "this turn's", "equipped creature's controller's",
          "your opponents'", "enchanted artifact's controller's",
          "enchanted enchantment's controller's", "enchanted land's controller's",
          "enchanted permanent's controller's", "enchanted planeswalker's controller's",
          "fortified land's controller's", "the chosen player's next", "your first",
          "that player's next", "each of that player's", "target player's")
_STEP_PHRASES = {f"{w} {s}": f"{w} {s}" for w in _WHOSE for s in _STEPS}
_TURN_OWNERS = ("your", "each opponent's", "each player's", "each other player's",
                "enchanted player's", "an opponent's", "that player's")
"""Whose turn "at the beginning of combat on <whose> turn" names (CR 507.1)."""
_CONTROLLERS = ("enchanted creature's controller", "enchanted artifact's controller",
                "enchanted enchantment's controller", "enchanted land's controller",
                "enchanted permanent's controller", "enchanted planeswalker's controller",
                "equipped creature's controller", "fortified land's controller")
"""Players named "the <step> of <player>" ("the upkeep of enchanted creature's controller")."""
_PLAYER_SUBJECTS = frozenset({SELF, "you", "a player", "an opponent", "each player",
                              "an opponent or planeswalker", "that mana", "another player",
                              "one of your opponents", "any player", "a player or "
                              "planeswalker", "your opponents", "an opponent and/or "
                              "a planeswalker they control", "that player", "you or a "
                              "planeswalker you control", f"the creature {SELF} haunts",
                              "your commander"})


def beginning_of(rest: str) -> str | None:
    """The step or phase of "At the beginning of <rest>" as :attr:`Trigger.detail`, or
    ``None``: "<whose> <step>" ("your upkeep", "each opponent's end step"), "combat on
    <whose> turn" (CR 507.1), "<step> of <player>" written as the player's step ("the
    upkeep of enchanted creature's controller" -> "enchanted creature's controller's
    upkeep", CR 503.1a).

    >>> beginning_of("combat on your turn"), beginning_of("the upkeep of enchanted "
    ...                                                   "creature's controller")
    ('combat on your turn', "enchanted creature's controller's upkeep")
    >>> beginning_of("the moon") is None
    True
    """
    for tail in (" on your turn", " of each turn"):
        if rest.endswith(tail) and rest[:-len(tail)] in _STEP_PHRASES:
            return rest[:-len(tail)]
    if rest in _STEP_PHRASES:
        return rest
    for owner in _TURN_OWNERS:
        if rest == f"combat on {owner} turn":
            return rest
    for step in _STEPS:
        for player in _CONTROLLERS:
            if rest == f"the {step} of {player}":
                return f"{player}'s {step}"
    return None


@lru_cache(maxsize=1 << 13)
def read_trigger(phrase: str) -> Trigger | None:
    """Read a trigger phrase (without its comma), or ``None``.

    >>> read_trigger("When CARDNAME dies").event.name
    'DIES'
    """
    tokens = tokenize(phrase.strip())
    return trigger_tokens(tokens, 0, len(tokens), phrase.strip())


def _key(tokens: Tokens) -> str:
    out: list[str] = []
    for t in tokens:
        if t.kind == "POSS" and out:
            out[-1] += "'" if t.text == "'" else "'s"
        else:
            out.append(t.text if t.kind == "SELF" else t.low)
    return " ".join(out)


_QUALIFIERS: tuple[tuple[str, ...], ...] = tuple(tuple(t.low for t in tokenize(q)) for q in (
    "for the first time each turn", "during your turn", "during an opponent's turn",
    "during each of your turns", "for the first time during each of your turns",
    "while you're the monarch", "each turn", "during combat", "during your main phase",
    "during each opponent's turn", "for the first time each turn during your turn",
    "during their turn",
))
"""Limits on the events a trigger counts ("for the first time each turn"), as the tokens'
lower-case words ("opponent", "'s")."""

_FIXED: dict[str, tuple[TriggerEvent, str, str]] = {
    "whenever you roll {CHAOS}": (_E.ROLL_CHAOS, "you", "roll {CHAOS}"),
    "whenever chaos ensues": (_E.ROLL_CHAOS, "", "chaos ensues"),
    "when you set this scheme in motion": (_E.SET_IN_MOTION, "you",
                                           "set this scheme in motion"),
    f"when you set {SELF} in motion": (_E.SET_IN_MOTION, "you", "set this scheme in motion"),
    "when you unlock this door": (_E.UNLOCK, "you", "unlock this door"),
    "whenever you fully unlock a room": (_E.UNLOCK, "you", "fully unlock a Room"),
    f"when you planeswalk to {SELF}": (_E.PLANESWALK, "you", f"planeswalk to {SELF}"),
    f"when you planeswalk away from {SELF}": (_E.PLANESWALK, "you",
                                             f"planeswalk away from {SELF}"),
    f"when you encounter {SELF}": (_E.PLANESWALK, "you", f"encounter {SELF}"),
    "whenever you're dealt damage": (_E.DEALT_DAMAGE, "you", "are dealt damage"),
    "whenever you're dealt combat damage": (_E.DEALT_DAMAGE, "you", "are dealt combat damage"),
    "whenever the ring tempts you": (_E.OTHER, "you", "the Ring tempts you"),
    "whenever you choose a creature as your ring-bearer": (
        _E.OTHER, "you", "choose a creature as your Ring-bearer"),
    "when the ring tempts you": (_E.OTHER, "you", "the Ring tempts you"),
    "when you're dealt combat damage": (_E.DEALT_DAMAGE, "you", "are dealt combat damage"),
    "whenever combat damage is dealt to you or a planeswalker you control": (
        _E.DEALT_DAMAGE, "you or a planeswalker you control", "are dealt combat damage"),
    "whenever a land's ability adds one or more mana of the chosen color": (
        _E.OTHER, "a land's ability", "adds one or more mana of the chosen color"),
}
"""Whole trigger phrases of the casual formats' cards and contractions, by their words:
(event, subject, detail)."""

_BATTALION = Pattern(f"{SELF} and at least {{n:number}} other creature|creatures attack")
""""Whenever CARDNAME and at least two other creatures attack" (battalion, CR 207.2c): an
attack trigger of the source counted only with enough other attackers."""
_COUNTERS_ON = (Pattern("one or more {c:counter} counters are put on {what:np}"),
                Pattern("one or more counters are put on {what:np}"),
                Pattern("a|an {c:counter} counter is put on {what:np}"))
_COUNTERS_OFF = (Pattern("a|an {c:counter} counter is removed from {what:np}"),
                 Pattern("the last {c:counter} counter is removed from {what:np}"),
                 Pattern("one or more {c:counter} counters are removed from {what:np}"))
"""Counters removed from an object, in the passive (CR 122.1)."""
"""Counters put on an object, written in the passive (CR 122.1)."""


def trigger_tokens(tokens: Tokens, i: int, j: int, text: str = "") -> Trigger | None:
    """A trigger in ``tokens[i:j]`` (led by "When", "Whenever" or "At"), or ``None``; a
    limit such as "for the first time each turn" or "while <state>" is kept in
    :attr:`Trigger.qualifier`.

    >>> t = read_trigger("Whenever CARDNAME attacks while you control a Dragon")
    >>> t.event.name, t.detail, t.qualifier
    ('ATTACKS', 'attacks', 'while you control a Dragon')
    >>> t = read_trigger("When you control no Islands")
    >>> t.event.name, t.detail
    ('STATE', 'you control no Islands')
    """
    if j <= i:
        return None
    text = text or untokenize(tokens[i:j])
    lows = tuple(t.low for t in tokens[i:j])
    for qualifier in _QUALIFIERS:
        size = len(qualifier)
        if j - i > size + 2 and lows[-size:] == qualifier:
            found = trigger_tokens(tokens, i, j - size, text)
            if found is None or found.qualifier:
                continue
            return dataclasses.replace(found, qualifier=untokenize(tokens[j - size:j]))
    lead = tokens[i].low
    if lead in ("when", "whenever"):
        found = _while(tokens, i, j, text)
        if found is not None:
            return found
    fixed = _FIXED.get(_key(tokens[i:j]))
    if fixed is not None:
        return Trigger(fixed[0], fixed[1], fixed[2], text)
    if lead == "at":
        rest = _key(tokens[i + 1:j])
        if rest.startswith("the beginning of "):
            detail = beginning_of(rest[len("the beginning of "):])
            if detail is not None:
                return Trigger(_E.BEGINNING_OF_STEP, "", detail, text)
        if rest in ("end of combat", "the end of combat", "the end of combat on your turn"):
            return Trigger(_E.BEGINNING_OF_STEP, "", rest.removeprefix("the "), text)
        return _compound(tokens, i, j, text)
    if lead not in ("when", "whenever"):
        return None
    found = _cast_or_copy(tokens, i, j, text)
    if found is not None:
        return found
    if _BATTALION.match(tokens, i + 1, j) is not None:
        others = untokenize(tokens[i + 3:j - 1])
        return Trigger(_E.ATTACKS, SELF, "attacks", text, f"with {others}")
    binds = _NTH_COUNTER.match(tokens, i + 1, j)
    if binds is not None and str(binds["ord"]) in _ORDINALS:
        return Trigger(_E.COUNTERS_PUT, binds["what"].text, untokenize(tokens[i + 1:j]), text)
    for event, patterns in ((_E.COUNTERS_PUT, _COUNTERS_ON), (_E.COUNTERS_REMOVED,
                                                                _COUNTERS_OFF)):
        for pattern in patterns:
            binds = pattern.match(tokens, i + 1, j)
            if binds is not None:
                return Trigger(event, binds["what"].text, untokenize(tokens[i + 1:j]), text)
    for k in range(i + 2, j):
        subject = untokenize(tokens[i + 1:k])
        if not _subject_ok(tokens, i + 1, k, subject):
            continue
        for event, pattern in _EVENTS:
            if pattern.match(tokens, k, j) is not None:
                detail = untokenize(tokens[k:j])
                return _with_discard(Trigger(event, subject, detail, text))
    return _state_trigger(tokens, i, j, text) or _compound(tokens, i, j, text)


_JOINS = (("or",), ("and",), ("or", "whenever"), ("and", "whenever"), ("or", "when"),
          ("and", "when"), ("or", "at"), ("and", "at"))
"""How a second trigger condition is joined to the first ("When CARDNAME enters or the
creature it haunts dies", "... and at the beginning of your upkeep")."""


_NTH_COUNTER = Pattern("the {ord:words} {c:counter} counter is put on {what:np}")
""""When the fourth plan counter is put on CARDNAME": the counter that makes the count
(CR 122.1), a counters-put event whose detail keeps the ordinal."""
_ORDINALS = frozenset({"second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                       "ninth", "tenth"})
_CAST_OR_COPY = Pattern("cast|casts or copy|copies {what:np}")


def _with_discard(trigger: Trigger) -> Trigger:
    """"Whenever you cycle or discard a card" (Drake Haven): two events of one trigger
    (CR 603.2), cycling (CR 702.29) and discarding (CR 701.9), the discard in
    :attr:`Trigger.alternatives` (cycling a card discards it too: the ability triggers once,
    as the cards' rulings say)."""
    words = trigger.detail.split()
    if trigger.event is not _E.CYCLE or words[1:3] not in (["or", "discard"],
                                                           ["or", "discards"]):
        return trigger
    discard = Trigger(_E.DISCARD, trigger.subject, " ".join(words[2:]), trigger.text)
    return dataclasses.replace(trigger, alternatives=(discard,))


def _cast_or_copy(tokens: Tokens, i: int, j: int, text: str) -> Trigger | None:
    """"Whenever you cast or copy an instant or sorcery spell": two events of one trigger
    (CR 603.2), casting the spell (CR 601.2i) and copying it (CR 707.10, which is not
    casting), the copy in :attr:`Trigger.alternatives`."""
    for k in range(i + 2, j - 2):
        if tokens[k].low not in ("cast", "casts") or tokens[k + 1].low != "or":
            continue
        binds = _CAST_OR_COPY.match(tokens, k, j)
        subject = untokenize(tokens[i + 1:k])
        if binds is None or not _subject_ok(tokens, i + 1, k, subject):
            continue
        what = binds["what"].text
        cast, copy = tokens[k].low, tokens[k + 2].low
        return Trigger(_E.CAST, subject, f"{cast} {what}", text,
                       alternatives=(Trigger(_E.OTHER, subject, f"{copy} {what}", text),))
    return None


def _compound(tokens: Tokens, i: int, j: int, text: str) -> Trigger | None:
    """Two trigger conditions of one ability (CR 603.2): the first as the trigger, the
    second in :attr:`Trigger.alternatives`. The second names its subject or shares the
    first's ("Whenever CARDNAME enters or transforms into CARDNAME"); a time first
    ("At the beginning of your upkeep or whenever you cast a green spell") is joined to an
    event that has its own lead word."""
    if tokens[i].low == "at":
        for k in range(i + 4, j - 2):
            if tokens[k].low in ("or", "and") and tokens[k + 1].low in ("when", "whenever"):
                first = trigger_tokens(tokens, i, k)
                second = trigger_tokens(tokens, k + 1, j)
                if first is not None and second is not None and not first.alternatives:
                    return dataclasses.replace(first, text=text,
                                               alternatives=(second, *second.alternatives))
        return None
    if tokens[i].low not in ("when", "whenever"):
        return None
    lead = tokens[i]
    for k in range(i + 3, j - 1):
        word = tokens[k].low
        if word not in ("or", "and"):
            continue
        first = trigger_tokens(tokens, i, k)
        if first is None or first.alternatives:
            continue
        after = tokens[k + 1].low
        if after in ("whenever", "when", "at"):
            rest: list[Token] = list(tokens[k + 1:j])
        else:
            rest = [lead, *tokens[k + 1:j]]
        second = trigger_tokens(rest, 0, len(rest))
        if second is None and first.subject and after not in ("whenever", "when", "at"):
            shared = [lead, *tokenize(first.subject), *tokens[k + 1:j]]
            second = trigger_tokens(shared, 0, len(shared))
        if second is None:
            continue
        return dataclasses.replace(first, text=text,
                                   alternatives=(second, *second.alternatives))
    return None


def delayed_trigger(tokens: Tokens, i: int, j: int) -> str | None:
    """The words of a delayed trigger in ``tokens[i:j]`` that an effect creates (CR
    603.7a): "When that creature dies this turn", "When you next cast an instant or sorcery
    spell this turn", "At the beginning of that turn's end step", "At this turn's next end
    of combat"; ``None`` for a trigger phrase that is not delayed (a printed triggered
    ability never says "this turn" or "next") or one not read.

    >>> t = tokenize("When that creature dies this turn")
    >>> delayed_trigger(t, 0, len(t))
    'when that creature dies this turn'
    >>> t = tokenize("When CARDNAME dies")
    >>> delayed_trigger(t, 0, len(t)) is None
    True
    """
    if j - i < 3:
        return None
    text = untokenize(tokens[i:j])
    low = text[:1].lower() + text[1:]
    words = [_key(tokens[k:k + 1]) for k in range(i, j)]
    lead = words[0]
    if lead in ("when", "whenever"):
        end = j - 2 if words[-2:] == ["this", "turn"] else j
        span: list[Token] = []
        for k in range(i, end):
            word = words[k - i]
            if word == "next" and words[k - i - 1] == "you":
                continue                               # "when you next cast ..."
            if word == "next" and words[k - i - 1] == "your":
                span[-1] = Token("WORD", "a")          # "when you cast your next ..."
                continue
            span.append(tokens[k])
        if end == j and len(span) == j - i:
            return None
        found = trigger_tokens(span, 0, len(span))
        return low if found is not None and found.event is not _E.STATE else None
    if lead != "at":
        return None
    rest = _key(tokens[i + 1:j])
    if rest == "this turn's next end of combat":
        return low
    if not rest.startswith("the beginning of "):
        return None
    rest = rest[len("the beginning of "):]
    delayed = rest.endswith(" this turn")
    rest = rest.removesuffix(" this turn")
    named = set(rest.split()) & {"next", "that", "that turn's", "this turn's"}
    if not (delayed or named or rest.startswith(("that turn's", "this turn's"))):
        return None
    return low if beginning_of(rest) is not None else None


def _while(tokens: Tokens, i: int, j: int, text: str) -> Trigger | None:
    """"Whenever <event> while <state>": the event counted only while the state holds
    (CR 603.2), the state kept in :attr:`Trigger.qualifier`."""
    from analyzer.oracle.grammar.conditions import state_clause

    for k in range(i + 2, j - 1):
        if tokens[k].low != "while":
            continue
        if state_clause(tokens, k + 1, j) is None:
            continue
        found = trigger_tokens(tokens, i, k, text)
        if found is not None and not found.qualifier and found.event is not _E.STATE:
            return dataclasses.replace(found, qualifier=untokenize(tokens[k:j]))
    return None


_STATE_KINDS = frozenset({"control", "life", "count", "hand", "compare"})
"""The condition kinds a state trigger tests (CR 603.8), besides "<object> has <ability>"
("When CARDNAME has flying")."""


def _state_trigger(tokens: Tokens, i: int, j: int, text: str) -> Trigger | None:
    """"When you control no Islands", "Whenever there are four tide counters on CARDNAME":
    a state trigger (CR 603.8), the state's words in :attr:`Trigger.detail`."""
    from analyzer.oracle.grammar.conditions import state_clause

    found = state_clause(tokens, i + 1, j)
    if found is None:
        return None
    has = found.kind == "is" and found.value.startswith("has ") and not found.negated
    if found.kind not in _STATE_KINDS and not has:
        return None
    return Trigger(_E.STATE, "", untokenize(tokens[i + 1:j]), text)


def _subject_ok(tokens: Tokens, i: int, j: int, subject: str) -> bool:
    """Whether ``tokens[i:j]`` is a trigger's subject: a player, the source, or a noun
    phrase, with "one or more" and "CARDNAME or" before it."""
    low = subject[:1].lower() + subject[1:] if not subject.startswith(SELF) else subject
    if low in _PLAYER_SUBJECTS:
        return True
    for lead in ("one or more ", f"{SELF} or ", f"{SELF} and/or "):
        if low.startswith(lead):
            size = len(tokenize(lead.strip()))
            return _subject_ok(tokens, i + size, j, subject[len(lead):])
    return noun_phrase(tuple(tokens[i:j]), 0, j - i) is not None
