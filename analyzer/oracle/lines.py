"""Line readers for abilities: triggered, activated, static and replacement (CR 113.3).

Each reader takes one normalized ability line (see :func:`~.text.normalize_line`) and
returns the typed ability, or ``None`` when the line is not of its kind or a part of it is
not understood (the compiler then keeps the line as unsupported).

Examples
--------
>>> a = read_triggered("Whenever CARDNAME deals combat damage to a player, draw a card.")
>>> a.trigger.event.name, a.effects[0].name
('COMBAT_DAMAGE_TO_PLAYER', 'draw')
>>> b = read_activated("{2}{U}, {T}: Exchange control of CARDNAME and target creature.")
>>> [c.name for c in b.costs], b.effects[0].name
(['mana', 'tap'], 'exchange_control')
"""

from __future__ import annotations

import re

from analyzer.oracle.abilities import (
    ActivatedAbility,
    ReplacementEffect,
    StaticAbility,
    Timing,
    Trigger,
    TriggeredAbility,
    TriggerEvent,
)
from analyzer.oracle.costs import parse_costs
from analyzer.oracle.effects import Amount, Effect
from analyzer.oracle.grammar import (
    infer_origins,
    lower_first,
    parse_condition,
    parse_effects,
    parse_target,
)
from analyzer.oracle.keywords import parse_keyword_list
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.mana_abilities import split_activated
from analyzer.oracle.objects import ObjectRef, Zone, parse_object
from analyzer.oracle.text import SELF, split_sentences

__all__ = ["DOESNT_UNTAP", "is_chapter", "read_activated", "read_activation_reduction", "read_cast_from",
           "read_chapter", "read_counter_rule", "read_keyword_loss", "read_replacement", "read_static", "read_triggered",
           "split_ability_word", "with_minimum_one"]

_ABILITY_WORD = re.compile(r"^(?P<word>[A-Z][\w' ,-]{1,40}?) — (?P<rest>.+)$")


_CHAPTER = re.compile(r"^(?P<ch>[IVX]+(?:, [IVX]+)*) — (?P<rest>.+)$")


def is_chapter(line: str) -> bool:
    """True for a saga chapter line ("I, II — ...", CR 714.2)."""
    return _CHAPTER.match(line.strip()) is not None


def read_chapter(line: str) -> TriggeredAbility | None:
    """A saga chapter ability as a chapter trigger (CR 714.2), or ``None``.

    >>> a = read_chapter("I, II — Create a 2/2 white Knight creature token with vigilance.")
    >>> a.trigger.event.name, a.trigger.detail, a.effects[0].name
    ('CHAPTER', 'I, II', 'create_token')
    """
    match = _CHAPTER.match(line.strip())
    if match is None:
        return None
    effects = _read_sentences(split_sentences(match["rest"]))
    if not effects:
        return None
    trigger = Trigger(TriggerEvent.CHAPTER, "", match["ch"], f"Chapter {match['ch']}")
    return TriggeredAbility(trigger, effects, "", line.strip())


def split_ability_word(line: str) -> tuple[str, str]:
    """``"Landfall — Whenever ..."`` -> ``("Landfall", "Whenever ...")`` (CR 207.2c).

    >>> split_ability_word("Landfall — Whenever a land you control enters, scry 1.")
    ('Landfall', 'Whenever a land you control enters, scry 1.')
    """
    match = _ABILITY_WORD.match(line)
    if match is None or match["word"].startswith(("Choose", "Sneak", "Ward")) \
            or is_chapter(line):
        return "", line
    return match["word"], match["rest"]


# -- triggers ---------------------------------------------------------------------------------

_E = TriggerEvent
_SUBJECT_EVENTS: tuple[tuple[str, TriggerEvent], ...] = (
    (r"enters or attacks", _E.ENTERS), (r"enters or dies", _E.ENTERS),
    (r"enters(?: under your control| from your hand)?(?: or is turned face up)?", _E.ENTERS),
    (r"dies", _E.DIES), (r"is put into (?:a|your) graveyard from the battlefield", _E.DIES),
    (r"is put into (?:a|your) graveyard from anywhere", _E.DIES),
    (r"leaves the battlefield", _E.LEAVES), (r"attacks or blocks", _E.ATTACKS_OR_BLOCKS),
    (r"attacks and isn't blocked", _E.ATTACKS_UNBLOCKED),
    (r"attacks(?: alone| you or a planeswalker you control| a player)?(?: each combat)?",
     _E.ATTACKS),
    (r"blocks(?: a creature)?|blocks or becomes blocked", _E.BLOCKS),
    (r"becomes blocked(?: by a creature)?", _E.BECOMES_BLOCKED),
    (r"deals? combat damage to (?:a player|an opponent|a player or planeswalker|a player or "
     r"battle|one or more players|that player)", _E.COMBAT_DAMAGE_TO_PLAYER),
    (r"deals? (?:combat )?damage(?: to (?:a creature|an opponent|a player|another creature|"
     r"a creature or planeswalker|you|an opponent or a permanent an opponent controls))?",
     _E.DEALS_DAMAGE),
    (r"(?:is|are) dealt damage", _E.DEALT_DAMAGE),
    (r"is tapped for mana", _E.TAPPED_FOR_MANA),
    (r"(?:is|becomes) tapped", _E.BECOMES_TAPPED),
    (r"is turned face up", _E.TURNED_FACE_UP),
    (r"becomes the target of (?:a|an) .+", _E.BECOMES_TARGET),
    (r"gains? life", _E.GAIN_LIFE), (r"loses? life", _E.LOSE_LIFE),
    (r"draws? (?:a card|your second card each turn|two or more cards)", _E.DRAW),
    (r"discards? (?:a card|one or more cards|a creature card)", _E.DISCARD),
    (r"sacrifices? .+", _E.SACRIFICE),
    (r"cycles? (?:or discards? )?(?:a card|another card|CARDNAME)", _E.CYCLE),
    (r"casts? .+", _E.CAST), (r"attack(?: with one or more creatures)?", _E.ATTACK_WITH),
    (r"(?:becomes|is) (?:monstrous|renowned|the target of a spell|untapped|"
     r"a copy)", _E.OTHER),
    (r"transforms?(?: into CARDNAME)?", _E.OTHER), (r"explores", _E.OTHER),
    (r"expends \d+", _E.OTHER), (r"crews? .+|becomes crewed.*", _E.OTHER),
    (r"(?:tap|taps) (?:a|an|another) .+ for mana", _E.TAPPED_FOR_MANA),
    (r"mutates", _E.OTHER), (r"scry|surveil|scries", _E.OTHER),
    (r"commits? a crime", _E.OTHER), (r"(?:play|plays) a land", _E.OTHER),
    (r"(?:put|puts) one or more \S+ counters on .+", _E.COUNTERS_PUT),
    (r"(?:create|creates) (?:a|one or more) .*tokens?", _E.OTHER),
    (r"(?:gain|gains) control of .+", _E.OTHER), (r"(?:is|are) exiled", _E.OTHER),
    (r"(?:activate|activates) an? .*ability.*", _E.OTHER),
    (r"(?:is|are) spent to cast .+", _E.OTHER),
)
_SUBJECT_TRIGGER = tuple(
    (re.compile(rf"^(?:when|whenever) (?P<subj>.+?) (?P<ev>{p})$"), ev)
    for p, ev in _SUBJECT_EVENTS)
_STEP = re.compile(
    r"^at the beginning of (?P<detail>(?:your|each|each opponent's|each player's|the|that "
    r"player's|the next|enchanted player's|target opponent's)(?: next)? (?:upkeep|draw step|"
    r"precombat main phase|first main phase|combat(?: on your turn)?|end step|end of combat|"
    r"second main phase|postcombat main phase|main phase|turn|cleanup step))"
    r"(?: on your turn| of each turn)?$|^at (?P<eoc>end of combat)$")
_COND_SPLIT = re.compile(r"^(?P<cond>if [^,]+), (?P<rest>.+)$")


def _trigger(phrase: str) -> Trigger | None:
    low = phrase[:1].lower() + phrase[1:]
    if step := _STEP.match(low):
        return Trigger(_E.BEGINNING_OF_STEP, "", step["detail"] or step["eoc"], phrase)
    for pattern, event in _SUBJECT_TRIGGER:
        match = pattern.match(low)
        if match is None:
            continue
        subject = match["subj"]
        for lead in ("one or more ", f"{SELF} or "):
            if subject.startswith(lead):
                subject = subject[len(lead):]
        if subject not in (SELF, "you", "a player", "an opponent", "each player",
                           "an opponent or planeswalker", "that mana") \
                and parse_target(subject) is None:
            continue
        return Trigger(event, match["subj"], match["ev"], phrase)
    return None


_TRIGGER_LEAD = re.compile(r"^(?:When|Whenever|At) ")
_TRIGGER_LIMIT = re.compile(r"^This ability triggers only (?:once|twice) each turn\.$")


def read_triggered(line: str) -> TriggeredAbility | None:
    """Read a triggered ability line, or ``None``.

    >>> read_triggered("At the beginning of your upkeep, you lose 1 life.").trigger.detail
    'your upkeep'
    """
    word, body = split_ability_word(line.strip())
    if not _TRIGGER_LEAD.match(body):
        return None
    sentences = split_sentences(body)
    head = sentences[0]
    for cut in [m.start() for m in re.finditer(", ", head)]:
        trigger = _trigger(head[:cut])
        if trigger is None:
            continue
        rest = head[cut + 2:]
        condition = ""
        if split := _COND_SPLIT.match(rest):
            found = parse_condition(split["cond"])
            if found is not None:
                condition, rest = found, split["rest"]
        limit = [s for s in sentences[1:] if _TRIGGER_LIMIT.match(s)]
        effects = _read_sentences([rest, *(s for s in sentences[1:] if s not in limit)])
        if limit:
            condition = " ".join([condition, *(s.rstrip(".").lower() for s in limit)]).strip()
        if effects is None:
            continue
        if condition == _IN_GRAVEYARD:
            # "..., if CARDNAME is in your graveyard, you may return CARDNAME to your hand":
            # the card moves from the graveyard it triggers in (Auntie's Snitch).
            effects = tuple(_from_graveyard(e) for e in effects)
        return TriggeredAbility(trigger, effects, condition, line.strip(), word)
    return None


_IN_GRAVEYARD = f"if {SELF} is in your graveyard"
"""The intervening "if" of a triggered ability that works from its owner's graveyard."""


def _from_graveyard(effect: Effect) -> Effect:
    target = effect.arg("target")
    if effect.name != "change_zone" or effect.arg("origin") is not Zone.BATTLEFIELD \
            or getattr(getattr(target, "filter", None), "kind", "") != "self":
        return effect
    return Effect(effect.name, tuple((k, Zone.GRAVEYARD if k == "origin" else v)
                                     for k, v in effect.args),
                  effect.optional, effect.condition, effect.text)


def _read_sentences(sentences: list[str]) -> tuple[Effect, ...] | None:
    found: list[Effect] = []
    for sentence in sentences:
        effects = parse_effects(sentence)
        if effects is None:
            return None
        found.extend(effects)
    return infer_origins(tuple(found))


# -- activated --------------------------------------------------------------------------------

_TIMINGS = tuple((re.compile(p), t) for p, t in (
    (r"^Activate only as a sorcery\.$", Timing.SORCERY),
    (r"^Activate only once each turn\.$", Timing.ONCE_EACH_TURN),
    (r"^Activate only as a sorcery and only once each turn\.$", Timing.SORCERY),
    (r"^Activate only during your turn\.$", Timing.YOUR_TURN),
    (r"^Activate only during combat\.$|^Activate only before blockers are declared\.$|"
     r"^Activate only during the declare blockers step\.$", Timing.COMBAT),
    (r"^Activate only during your upkeep\.$", Timing.UPKEEP),
    (r"^Activate only during an opponent's turn\.$", Timing.OPPONENT_TURN),
    (r"^Activate only if .+\.$", Timing.CONDITION),
    (r"^Spend this mana only .+\.$", Timing.RESTRICTED_MANA),
    (r"^Activate only once\.$", Timing.ONCE_EACH_TURN),
    (r"^Any player may activate this ability\.$", Timing.ANY_PLAYER),
    (r"^Activate only during your turn and only once each turn\.$", Timing.ONCE_EACH_TURN),
))


def read_activated(line: str) -> ActivatedAbility | None:
    """Read ``COST: EFFECT.`` with its activation restrictions, or ``None``.

    >>> read_activated("{1}: CARDNAME gets +1/+0 until end of turn. "
    ...                "Activate only once each turn.").timing
    (<Timing.ONCE_EACH_TURN: 2>,)
    """
    word, body = split_ability_word(line.strip())
    halves = split_activated(body)
    if halves is None:
        return None
    costs, unread = parse_costs(halves[0])
    if unread or not costs:
        return None
    timing: list[Timing] = []
    sentences: list[str] = []
    for sentence in split_sentences(halves[1]):
        found = next((t for p, t in _TIMINGS if p.match(sentence)), None)
        if found is not None:
            timing.append(found)
        else:
            sentences.append(sentence)
    effects = _read_sentences(sentences)
    if effects is None or not effects:
        return None
    return ActivatedAbility(costs, effects, tuple(timing), line.strip(), word)


# -- statics and replacements ----------------------------------------------------------------

_AS_LONG = re.compile(r"^(?:as long as (?P<c1>[^,]+), (?P<b1>.+)|(?P<b2>.+?) as long as "
                      r"(?P<c2>.+))$")
_STATIC_FIXED = tuple((re.compile(p), mode) for p, mode in (
    (r"^(?:you have no maximum hand size|skip your draw step|play with the top card of your "
     r"library revealed|you may look at the top card of your library any time|"
     r"your maximum hand size is (?:increased|reduced) by \w+|you can't lose the game|"
     r"your opponents can't win the game|players can't gain life|you can't gain life|"
     r"you may play lands from the top of your library|you may play an additional land on "
     r"each of your turns|spells can't be countered|creatures can't block|damage can't be "
     r"prevented|players skip their untap steps|you have hexproof|you have shroud|"
     r"lands don't untap during their controllers' untap steps)$", "rules_change"),
    (r"^(?:CARDNAME|this spell) can't be countered(?: by spells or abilities)?$",
     "cant_be_countered"),
    (r"^(?:hand [+-]\d+, life [+-]\d+)$", "vanguard"),
    (r"^(?:level|lEVEL) \d+(?:-\d+|\+)$|^\d+/\d+$", "level"),
    (r"^you may cast (?:[\w -]+ )?spells from your graveyard(?: using their \w+ abilities)?$",
     "rules_change"),
    (r"^(?P<tgt>.+?) (?:is|are) (?:a|an) (?P<what>[A-Z]\w+(?: [A-Z]\w+)*) in addition to "
     r"(?:its|their) other (?:land |creature )?types$", "type_change"),
    (r"^(?P<tgt>.+?) (?:can't attack|can't block|can't attack or block|can't attack or block "
     r"alone|can't be blocked except by .+|can block only creatures with (?:flying|shadow)|"
     r"can block an additional creature each combat|can block any number of creatures|"
     r"attacks each combat if able|blocks each combat if able|attacks each turn if able|"
     r"doesn't untap during (?:its|your) (?:controller's )?untap step|can't be the target of "
     r".+|can't be sacrificed|can't transform|can't be enchanted.*|can't be blocked by .+|"
     r"can't attack you or planeswalkers you control|can't attack or block unless .+|"
     r"can't be countered|can attack as though it didn't have defender|"
     r"can't be blocked as long as .+|can't block creatures with power .+|"
     r"can block creatures with shadow as though .+|can't attack unless .+|"
     r"can't be blocked|can't be blocked if .+)$",
     "restriction"),
    (r"^you control enchanted (?:creature|permanent|land|artifact|planeswalker)$", "control"),
    (r"^(?:CARDNAME's|its) power and toughness are each equal to .+$|^(?:CARDNAME's|its) "
     r"power is equal to .+$", "characteristic"),
    (r"^(?:.+) spells (?:your opponents|you) cast cost \{\d+\} (?:more|less) to cast$",
     "cost_change"),
    (r"^(?:this spell|CARDNAME) costs \{\d+\} less to cast for each .+$", "cost_change"),
    (r"^.+ abilities you activate cost \{\d+\} (?:less|more) to activate$", "cost_change"),
    (r"^if .+ triggers?, (?:that ability|it) triggers an additional time$",
     "trigger_doubling"),
    (r"^(?:this spell|CARDNAME) costs \{\d+\} less to cast if .+$", "cost_change"),
    (r"^(?:.+) (?:you control|your opponents control) enter tapped$", "restriction"),
    (r"^(?:creatures|permanents|lands|artifacts) your opponents control enter tapped$",
     "restriction"),
))
_ADDITIONAL = re.compile(r"^as an additional cost to cast (?:this spell|CARDNAME), "
                         r"(?P<cost>.+)$")
_SELF_PT = re.compile(r"^(?P<tgt>.+?) (?:gets?|has|have) .+$")


_BLOCKED_AND_HAS = re.compile(r"^(?P<tgt>.+?) can't be blocked and (?:has|have) (?P<kw>[^\"]+)$")


def _static_continuous(body: str) -> tuple[Effect, ...] | None:
    """A continuous static clause ("CARDNAME gets +2/+2", "equipped creature has flying")."""
    parsed = parse_effects(body)
    if parsed is not None and all(e.name in ("modify_pt", "grant_abilities")
                                  for e in parsed):
        return parsed
    match = re.match(r"^(?P<tgt>.+?) (?:has|have) (?P<kw>[^\"]+)$", body)
    if match is not None:
        target = parse_target(match["tgt"])
        keywords = parse_keyword_list(match["kw"])
        if target is not None and keywords is not None:
            return (Effect.make("grant_abilities", target=target, keywords=keywords,
                                text=body),)
    match = re.match(r"^(?P<tgt>.+?) (?:gets?) (?P<p>[+-]\d+)/(?P<t>[+-]\d+) and (?:has|have) "
                     r"(?P<kw>[^\"]+)$", body)
    if match is not None:
        target = parse_target(match["tgt"])
        keywords = parse_keyword_list(match["kw"])
        if target is not None and keywords is not None:
            return (Effect.make("modify_pt", target=target, power=int(match["p"]),
                                toughness=int(match["t"]), text=body),
                    Effect.make("grant_abilities", target=target, keywords=keywords,
                                text=body))
    match = _BLOCKED_AND_HAS.match(body)
    if match is not None:
        target = parse_target(match["tgt"])
        keywords = parse_keyword_list(match["kw"])
        if target is not None and keywords is not None:
            return (Effect.make("restrict", target=target, restriction="can't be blocked",
                                text=body),
                    Effect.make("grant_abilities", target=target, keywords=keywords,
                                text=body))
    match = re.match(r"^(?P<tgt>.+?) (?:has|have) \"(?P<q>.+)\"$", body)
    if match is not None and (target := parse_target(match["tgt"])) is not None:
        return (Effect.make("grant_abilities", target=target, ability=match["q"], text=body),)
    return None


DOESNT_UNTAP = "doesn't untap during its controller's untap step"
"""The ``restriction`` of a ``restrict`` effect read from "Creatures don't untap during their
controllers' untap steps." (CR 502.3)."""
_DONT_UNTAP = re.compile(r"^(?P<tgt>(?:[a-z]+ )?(?:creatures|artifacts|lands|permanents)) "
                         r"don't untap during their controllers' untap steps$")
_ACTIVATION_REDUCTION = re.compile(
    r"^(?P<tgt>enchanted (?:artifact|creature|land|permanent)|equipped creature)'s activated "
    r"abilities cost (?P<cost>\{\d+\}) less to activate$")
_KEYWORD_REDUCTION = re.compile(
    r"^(?P<kw>ninjutsu) abilities you activate cost (?P<cost>\{\d+\}) less to activate$")
_NOT_BELOW_ONE = re.compile(r"^this effect can't reduce the mana in that cost to less than "
                            r"one mana\.?$")


_CANT_GET = re.compile(r"^(?P<tgt>you|players) can't get (?:(?P<c>\S+) )?counters$")
_CANT_HAVE = re.compile(r"^(?P<tgt>.+?) can't have (?P<c>\S+) counters put on them$")
_CANT_BE_PUT = re.compile(r"^counters can't be put on (?P<tgt>.+)$")
_LOSE = re.compile(r"^(?P<tgt>.+?) loses? (?P<kw>[a-z][a-z ]*)$")


_CAST_FROM = re.compile(r"^you may cast CARDNAME from (?:your |the )?(?P<zone>graveyard|exile)"
                        r"(?: as long as you control (?P<what>an? [^,]+))?$")


def read_cast_from(sentence: str) -> StaticAbility | None:
    """"You may cast this card from your graveyard as long as you control a Zombie."
    (Gravecrawler; a permission to cast from another zone, CR 601.3) as a ``rules_change``
    static with a ``cast_from`` effect: ``zone`` where it may be cast from, ``control`` what
    its owner must control then (absent: no condition); or ``None``.

    >>> read_cast_from("You may cast CARDNAME from your graveyard as long as you control a "
    ...                "Zombie.").effects[0].describe()
    'you may cast this object from graveyard (as long as there is a Zombie you control)'
    """
    m = _CAST_FROM.match(lower_first(sentence.strip().rstrip(".")))
    if m is None:
        return None
    control: ObjectRef | None = None
    if m["what"]:
        control = parse_target(f"{m['what']} you control")
        if control is None or control.targeted or control.count.each:
            return None
    zone = Zone.GRAVEYARD if m["zone"] == "graveyard" else Zone.EXILE
    effect = Effect.make("cast_from", target=parse_object(SELF), zone=zone,
                         text=sentence.strip())
    if control is not None:
        effect = Effect(effect.name, (*effect.args, ("control", control)), effect.optional,
                        effect.condition, effect.text)
    return StaticAbility("rules_change", (effect,), text=sentence.strip())


def read_counter_rule(sentence: str) -> StaticAbility | None:
    """A static ability keeping counters off players or permanents (CR 122.1, 101.2: "can't"
    beats "can"): "You can't get poison counters.", "Players can't get counters.",
    "Creatures you control can't have -1/-1 counters put on them.", "Counters can't be put
    on artifacts, creatures, enchantments, or lands." (``counter`` empty: any kind); or
    ``None``.

    >>> read_counter_rule("Players can't get counters.").effects[0].describe()
    "each player can't get counters ()"
    """
    low = lower_first(sentence.strip().rstrip("."))
    kind, target = "", None
    if m := _CANT_GET.match(low):
        kind = m["c"] or ""
        target = parse_target("you" if m["tgt"] == "you" else "each player")
    elif m := _CANT_HAVE.match(low):
        kind, target = m["c"], parse_target(m["tgt"])
        if target is not None and not target.count.each:
            target = None
    elif m := _CANT_BE_PUT.match(low):
        target = parse_target(m["tgt"])
        if target is not None and not target.count.each:
            target = None
    if target is None:
        return None
    effect = Effect.make("cant_get_counters", target=target, counter=kind,
                         text=sentence.strip())
    return StaticAbility("rules_change", (effect,), text=sentence.strip())


def read_keyword_loss(sentence: str) -> StaticAbility | None:
    """"Creatures your opponents control lose infect." (a layer 6 ability-removing effect,
    CR 613.1f) as a ``continuous`` static with a ``lose_abilities`` effect, or ``None``.

    >>> read_keyword_loss("Creatures your opponents control lose infect.").describe()
    'continuous: creatures your opponents control loses Infect'
    """
    m = _LOSE.match(lower_first(sentence.strip().rstrip(".")))
    if m is None:
        return None
    target, keywords = parse_target(m["tgt"]), parse_keyword_list(m["kw"])
    if target is None or not target.count.each or keywords is None:
        return None
    effect = Effect.make("lose_abilities", target=target, keywords=keywords,
                         text=sentence.strip())
    return StaticAbility("continuous", (effect,), text=sentence.strip())


def read_activation_reduction(sentence: str) -> StaticAbility | None:
    """"Enchanted artifact's activated abilities cost {2} less to activate." (Power Artifact,
    CR 601.2f as applied to activation, 602.2b): a ``cost_change`` static with a
    ``reduce_cost`` effect (``minimum`` 0 until the next sentence says otherwise, see
    :func:`with_minimum_one`), or ``None``.

    >>> read_activation_reduction("Enchanted artifact's activated abilities cost {2} less to "
    ...                           "activate.").effects[0].describe()
    'activated abilities of enchanted artifact cost {2} less to activate, to no less than 0 mana'

    "Ninjutsu abilities you activate cost {1} less to activate." (Silver-Fur Master) is a
    ``reduce_keyword_cost`` effect naming the keyword (commander ninjutsu is a variant of
    ninjutsu, CR 702.49d):

    >>> read_activation_reduction("Ninjutsu abilities you activate cost {1} less to "
    ...                           "activate.").effects[0].describe()
    'ninjutsu abilities you activate cost {1} less to activate'
    """
    keyword = _KEYWORD_REDUCTION.match(lower_first(sentence.strip().rstrip(".")))
    amount = ManaCost.try_parse(keyword["cost"]) if keyword else None
    if keyword is not None and amount is not None:
        effect = Effect.make("reduce_keyword_cost", keyword=keyword["kw"], amount=amount,
                             text=sentence.strip())
        return StaticAbility("cost_change", (effect,), text=sentence.strip())
    match = _ACTIVATION_REDUCTION.match(lower_first(sentence.strip().rstrip(".")))
    target = parse_target(match["tgt"]) if match else None
    amount = ManaCost.try_parse(match["cost"]) if match else None
    if match is None or target is None or amount is None:
        return None
    effect = Effect.make("reduce_cost", target=target, amount=amount, minimum=Amount(0),
                         text=sentence.strip())
    return StaticAbility("cost_change", (effect,), text=sentence.strip())


def with_minimum_one(previous: object, sentence: str) -> StaticAbility | None:
    """``previous`` (an ability :func:`read_activation_reduction` read) with "This effect
    can't reduce the mana in that cost to less than one mana." applied (CR 601.2f), or
    ``None`` when the sentence is another or ``previous`` is not such an ability."""
    if not _NOT_BELOW_ONE.match(lower_first(sentence.strip())) \
            or not isinstance(previous, StaticAbility) or previous.mode != "cost_change" \
            or len(previous.effects) != 1 or previous.effects[0].name != "reduce_cost":
        return None
    effect = previous.effects[0]
    args = tuple((k, Amount(1) if k == "minimum" else v) for k, v in effect.args)
    text = f"{previous.text} {sentence.strip()}"
    return StaticAbility("cost_change", (Effect(effect.name, args, effect.optional,
                                                effect.condition, text),), text=text)


def read_static(sentence: str) -> StaticAbility | None:
    """Read a static ability sentence, or ``None``.

    >>> read_static("As long as you control a Ninja, CARDNAME gets +1/+1.").condition
    'you control a Ninja'
    >>> read_static("You control enchanted creature.").mode
    'control'
    """
    if (reduction := read_activation_reduction(sentence)) is not None:
        return reduction
    if (cast_from := read_cast_from(sentence)) is not None:
        return cast_from
    if (counters := read_counter_rule(sentence)) is not None:
        return counters
    if (loss := read_keyword_loss(sentence)) is not None:
        return loss
    if (untap := _DONT_UNTAP.match(lower_first(sentence.strip().rstrip(".")))) \
            and (group := parse_target(untap["tgt"])) is not None and group.count.each:
        # CR 502.3: the untap step untaps permanents except those an effect says don't.
        return StaticAbility("restriction", (Effect.make(
            "restrict", target=group, restriction=DOESNT_UNTAP,
            text=sentence.strip()),), text=sentence.strip())
    from analyzer.oracle.hindrance import read_hindrances  # it reads StaticAbility too

    if read_hindrances(sentence):   # "players can't activate loyalty abilities"... (nonbos)
        return StaticAbility("hinders", text=sentence.strip())
    body = sentence.strip().rstrip(".")
    low = lower_first(body)
    if add := _ADDITIONAL.match(low):
        costs, unread = parse_costs(add["cost"].replace(" or ", ", "))
        if costs and not unread:
            return StaticAbility("additional_cost", costs=costs, text=sentence.strip())
        return None
    for pattern, mode in _STATIC_FIXED:
        match = pattern.match(low)
        if match is None:
            continue
        if "tgt" in match.groupdict() and parse_target(match["tgt"]) is None:
            continue
        return StaticAbility(mode, text=sentence.strip())
    condition = ""
    if cond := _AS_LONG.match(low):
        condition = cond["c1"] or cond["c2"]
        low = cond["b1"] or cond["b2"]
    effects = _static_continuous(low)
    if effects is None:
        if condition and (fixed := read_static(low)) is not None:
            return StaticAbility(fixed.mode, fixed.effects, fixed.costs, condition,
                                 sentence.strip())
        return None
    return StaticAbility("continuous", effects, (), condition, sentence.strip())


_FEWER_COUNTERS = re.compile(
    r"^if one or more (?P<c>\S+) counters would be put on (?P<tgt>.+?), that many (?P=c) "
    r"counters minus one are put on it instead$")
_ENTERS_WITH = re.compile(
    r"^(?P<tgt>CARDNAME|each other .+? you control|creatures you control|other "
    r".+ you control) enters?(?P<tapped> tapped)? with (?P<n>\w+) (?:additional )?"
    r"(?P<c>\S+) counters? on (?:it|them)(?P<tail> for each .+)?$")
_IF_NOT_TAPPED = re.compile(r"^(?P<cond>if you don't|if you can't|otherwise), (?:CARDNAME|it) "
                            r"enters tapped$")
_MANA_REPLACEMENT = re.compile(r"^if (?P<who>you|a player) taps? (?P<what>.+?) for mana, it "
                               r"produces (?P<how>twice|three times) as much of that mana "
                               r"instead$|^if (?P<what2>.+?) is tapped for mana, it produces "
                               r"(?P<how2>twice|three times) as much of that mana instead$")
_ENTERS_TAPPED_UNLESS = re.compile(r"^CARDNAME enters tapped(?P<cond> unless .+| if .+)$")
_AS_ENTERS = re.compile(r"^as CARDNAME enters, (?P<what>.+)$")
_INSTEAD = re.compile(r"^if (?P<event>.+?) would (?P<verb>.+?), (?P<rest>.+?) instead$")
_COPY = re.compile(r"^you may have CARDNAME enter as a copy of (?P<what>.+)$")


def read_replacement(sentence: str) -> ReplacementEffect | None:
    """Read a replacement effect sentence (CR 614), or ``None``.

    >>> r = read_replacement("CARDNAME enters with X +1/+1 counters on it.")
    >>> r.event, r.effects[0].name
    ('enters', 'put_counters')
    """
    body = sentence.strip().rstrip(".")
    low = body[:1].lower() + body[1:] if not body.startswith(SELF) else body
    if match := _FEWER_COUNTERS.match(low):
        # Vizier of Remedies (CR 614.1a): "that many ... minus one are put on it instead".
        target = parse_target(match["tgt"])
        if target is None or target.targeted:
            return None
        counters = Effect.make("put_counters", counter=match["c"],
                               amount=Amount(None, "that many minus one"), target=target,
                               text=body)
        return ReplacementEffect("counters", (counters,),
                                 f"if one or more {match['c']} counters would be put on "
                                 f"{match['tgt']}", sentence.strip())
    if match := _ENTERS_WITH.match(low):
        from analyzer.oracle.grammar import parse_amount

        amount = parse_amount(match["n"], match["tail"])
        target = parse_target(match["tgt"])
        if amount is None or target is None:
            return None
        counters = Effect.make("put_counters", counter=match["c"], amount=amount,
                               target=target, text=body)
        tap = (Effect.make("tap", target=target, text=body),) if match["tapped"] else ()
        return ReplacementEffect("enters", (*tap, counters), "", sentence.strip())
    if match := _IF_NOT_TAPPED.match(low):
        return ReplacementEffect("enters", (Effect.make("tap", target=parse_object(SELF),
                                                        text=body),),
                                 match["cond"], sentence.strip())
    if match := _MANA_REPLACEMENT.match(low):
        tapped = parse_target(match["what"] or match["what2"])
        if tapped is None:
            return None
        how = "three times" if "three" in (match["how"] or match["how2"]) else "twice"
        when = f"if {match['who']} tap{'s' if match['who'] != 'you' else ''} {match['what']} " \
            f"for mana" if match["what"] else f"if {match['what2']} is tapped for mana"
        return ReplacementEffect("mana", (Effect.make(
            "double", what=f"the mana produced ({how} as much)", target=tapped, text=body),),
            when, sentence.strip())
    if match := _ENTERS_TAPPED_UNLESS.match(low):
        return ReplacementEffect("enters", (Effect.make("tap", target=parse_object(SELF),
                                                        text=body),),
                                 match["cond"].strip(), sentence.strip())
    if match := _AS_ENTERS.match(low):
        what = match["what"]
        if what.startswith(("choose ", "you may choose ", "an opponent chooses ")):
            return ReplacementEffect("choose_on_entry", (Effect.make("choose", what=what,
                                                                     text=body),),
                                     "", sentence.strip())
        effects = parse_effects(what)
        if effects is None:
            return None
        return ReplacementEffect("enters", effects, "", sentence.strip())
    if match := _COPY.match(low):
        return ReplacementEffect("enters", (Effect.make("become", what="a copy of "
                                                        + match["what"], text=body),),
                                 "", sentence.strip())
    if match := _INSTEAD.match(low):
        effects = parse_effects(match["rest"])
        if effects is None:
            return None
        verb = match["verb"]
        event = "dies" if verb.startswith(("die", "be put into")) else \
            "damage" if "damage" in verb else "draw" if verb.startswith("draw") else "other"
        return ReplacementEffect(event, effects, f"if {match['event']} would {verb}",
                                 sentence.strip())
    return None

