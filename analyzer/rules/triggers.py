"""Triggered abilities: matching events, waiting, going on the stack (CR 603).

Abilities trigger when their event happens (:func:`fire_enters`, :func:`fire_attacks`,
:func:`fire_combat_damage`, :func:`fire_cast`) and wait until a player would receive
priority; then they are put on the stack, the active player's first (APNAP, CR 603.3b).
"Whenever ... attacks" triggers only for declared attackers (CR 508.3a): a creature put
onto the battlefield attacking never "attacked".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.oracle.abilities import (
    ActivatedAbility,
    ReplacementEffect,
    StaticAbility,
    Timing,
    TriggeredAbility,
    TriggerEvent,
)
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.readings import is_loyalty_ability
from analyzer.rules.errors import UnsupportedCardError
from analyzer.rules.model import (
    CardData,
    EventKind,
    GameObject,
    PlayerId,
    StackItem,
    TriggerContext,
    Zone,
)
from analyzer.rules.targets import matches

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = [
    "SUPPORTED_KEYWORDS",
    "Unplayed",
    "check_supported",
    "doesnt_untap",
    "fire_activate",
    "fire_attacks",
    "fire_cast",
    "fire_combat_damage",
    "fire_damage_to_player",
    "fire_dies",
    "fire_draw",
    "fire_enters",
    "fire_life",
    "fire_unblocked",
    "kept_tapped",
    "need",
    "put_triggers_on_stack",
    "unplayed_parts",
    "untap_restrictions",
]

_EVENTS = frozenset({TriggerEvent.ENTERS, TriggerEvent.ATTACKS, TriggerEvent.ATTACKS_UNBLOCKED,
                     TriggerEvent.COMBAT_DAMAGE_TO_PLAYER, TriggerEvent.CAST,
                     TriggerEvent.TAPPED_FOR_MANA, TriggerEvent.DIES,
                     TriggerEvent.GAIN_LIFE, TriggerEvent.LOSE_LIFE})
SUPPORTED_KEYWORDS = frozenset({
    "flying", "reach", "menace", "haste", "first strike", "double strike", "vigilance",
    "changeling", "defender", "lifelink", "sneak", "ninjutsu", "commander ninjutsu", "prowl",
    "ravenous", "indestructible", "flash", "deathtouch", "trample", "hexproof", "shroud", "fear",
    "intimidate", "horsemanship", "skulk", "persist", "undying"})
"""Keywords the rules core plays (others raise :class:`UnsupportedCardError`)."""


_LATER_KEYWORDS = {"cumulative upkeep": "step:upkeep", "echo": "step:upkeep",
                   "vanishing": "step:upkeep", "fading": "step:upkeep"}
"""Triggered keywords the rules core does not play, with the event that needs them
(CR 702.24 cumulative upkeep, 702.30 echo, 702.63 vanishing, 702.32 fading: the upkeep)."""
_LATER_EVENTS = {TriggerEvent.BEGINNING_OF_STEP: "step", TriggerEvent.DIES: "leaves",
                 TriggerEvent.LEAVES: "leaves", TriggerEvent.DRAW: "draw"}
_WHEN = {"step": "a step begins", "step:upkeep": "the upkeep begins",
         "step:draw": "the draw step begins", "step:end": "the end step begins",
         "step:beginning_of_combat": "combat begins", "step:main1": "a main phase begins",
         "step:main2": "a main phase begins", "step:cleanup": "the cleanup step begins",
         "leaves": "a permanent leaves the battlefield",
         "enters": "a permanent enters", "draw": "a player draws", "activate": "it is activated",
         "block": "a creature blocks it"}


@dataclass(frozen=True, slots=True)
class Unplayed:
    """A part of a card the rules core cannot play, and when the game would need it."""

    text: str
    """The text (the card's name in place of CARDNAME)."""
    why: str
    """What kind of text it is ("this trigger event", "this keyword", ...)."""
    when: str
    """``"now"`` (static abilities, replacement effects and text whose event is unknown:
    they could apply at any time, so the permanent is refused when put on the battlefield),
    or the event that needs it: ``"activate"``, ``"step:<step key>"`` (that step begins),
    ``"step"`` (any step begins), ``"leaves"``, ``"enters"``, ``"draw"``, ``"block"``."""


_PARTS: dict[int, tuple[object, tuple[Unplayed, ...]]] = {}


def unplayed_parts(data: CardData) -> tuple[Unplayed, ...]:
    """Every part of the card the rules core cannot play, with when it is needed (issue 6:
    a card whose unplayed part is never needed plays; the part raises the moment it is).

    Activated abilities (unread ``COST: EFFECT`` and loyalty lines, activated keywords) are
    needed when activated; triggered abilities whose event the core can see (the beginning
    of a step, a permanent leaving the battlefield or entering, a draw) when that event
    happens; evasion keywords when a creature blocks. Static abilities, replacement effects
    and anything else are needed at once (``"now"``): they apply whenever characteristics
    or events are computed.
    """
    cached = _PARTS.get(id(data.profile))
    if cached is not None and cached[0] is data.profile:
        return cached[1]
    from analyzer.oracle.keywords import keyword_spec
    from analyzer.oracle.mana_abilities import split_activated
    from analyzer.rules.abilities import activated_keyword
    from analyzer.rules.counters import counter_rules

    name = data.name.split(" // ")[0]
    profile = data.profile
    found: list[Unplayed] = []
    for span in profile.unsupported:
        if span.reason.startswith("data:"):
            continue          # the card file gives no text to play (a data problem)
        text = span.text
        if split_activated(text) is not None or is_loyalty_ability(text):
            found.append(Unplayed(text, "this activated ability", "activate"))
        else:
            found.append(Unplayed(text, "", _trigger_event(text)))
    for keyword in profile.keywords:
        low = keyword.name.lower()
        if low in SUPPORTED_KEYWORDS and not keyword.parameter:
            continue
        if low == "enchant" and keyword.parameter:
            continue                  # checked where it is attached (sba.attachment_problem)
        spec = keyword_spec(low)
        if activated_keyword(low):
            when = "activate"
        elif low in _LATER_KEYWORDS:
            when = _LATER_KEYWORDS[low]
        elif spec is not None and spec.evasion is not None and low != "shadow" \
                and not keyword.parameter:
            when = "block"
        else:
            when = "now"
        found.append(Unplayed(str(keyword), "this keyword", when))
    for anthem in profile.anthems:
        if anthem.condition:
            found.append(Unplayed(anthem.text, f"an anthem that applies only "
                                               f"{anthem.condition}", "now"))
        for keyword in anthem.keywords:
            if keyword.name.lower() not in SUPPORTED_KEYWORDS or keyword.parameter:
                found.append(Unplayed(anthem.text, "this keyword", "now"))
    for ability in profile.abilities:
        if isinstance(ability, TriggeredAbility) and ability.trigger.alternatives:
            found.append(Unplayed(ability.text, "a trigger with more than one event", "now"))
        elif isinstance(ability, TriggeredAbility) and ability.trigger.qualifier:
            found.append(Unplayed(ability.text, f"a trigger that counts only "
                                                f"{ability.trigger.qualifier}", "now"))
        elif isinstance(ability, TriggeredAbility) and ability.trigger.event not in _EVENTS \
                and not _played_damage_trigger(ability) and not _played_draw_trigger(ability) \
                and not played_activate_trigger(ability):
            when = _LATER_EVENTS.get(ability.trigger.event, "now")
            if when == "step":
                when = step_of(ability.text.lower())
            found.append(Unplayed(ability.text, "this trigger event", when))
        if isinstance(ability, StaticAbility) and not _played_static(ability):
            # A hand-written definition's ability may carry no printed text: describe it.
            found.append(Unplayed(ability.text or ability.describe(), "this static ability",
                                  "now"))
        if isinstance(ability, ReplacementEffect) and ability.event not in ("enters", "mana") \
                and not counter_rules(ability):
            found.append(Unplayed(ability.text, "this replacement effect", "now"))
        if isinstance(ability, ActivatedAbility) and ability.condition:
            found.append(Unplayed(ability.text, f"an ability that exists only "
                                                f"{ability.condition}", "activate"))
        elif isinstance(ability, ActivatedAbility) and any(
                c.what is not None and c.what.filter.kind == "self"
                and c.what.filter.zone is not Zone.BATTLEFIELD for c in ability.costs):
            found.append(Unplayed(ability.text, "an ability activated from another zone "
                                                "(CR 113.6)", "activate"))
    for mana in profile.mana_abilities:
        if set(mana.timing) - {Timing.RESTRICTED_MANA}:
            found.append(Unplayed(mana.text, "a mana ability with an activation "
                                             "restriction", "activate"))
        if mana.condition:
            found.append(Unplayed(mana.text, f"a mana ability that exists only "
                                             f"{mana.condition}", "activate"))
    parts = tuple(Unplayed(p.text.replace("CARDNAME", name), p.why, p.when) for p in found)
    _PARTS[id(profile)] = (profile, parts)
    return parts


def _trigger_event(text: str) -> str:
    """When unread text that reads as a triggered ability would be needed (CR 603.1:
    "when", "whenever", "at"); ``"now"`` for anything else."""
    low = text.lower()
    if not low.startswith(("when ", "whenever ", "at ")):
        return "now"
    head = low.split(",")[0]
    if head.startswith("at the beginning of"):
        return step_of(head)
    if " dies" in head or "leaves the battlefield" in head \
            or "graveyard from the battlefield" in head:
        return "leaves"
    if " enters" in head:
        return "enters"
    if " draw" in head:
        return "draw"
    return "now"


_STEP_WORDS = (("upkeep", "upkeep"), ("draw step", "draw"), ("end step", "end"),
               ("combat", "beginning_of_combat"), ("precombat main", "main1"),
               ("postcombat main", "main2"), ("cleanup", "cleanup"))


def step_of(text: str) -> str:
    """``"step:<key>"`` for "at the beginning of <step>" text naming one step, ``"step"``
    (any step) otherwise.

    >>> step_of("at the beginning of your upkeep"), step_of("at the beginning of each phase")
    ('step:upkeep', 'step')
    """
    for words, key in _STEP_WORDS:
        if words in text:
            return f"step:{key}"
    return "step"


def _played_static(ability: StaticAbility) -> bool:
    """Static abilities the rules core plays outside the layers' own readers: "doesn't
    untap" (CR 502.3) and an Aura's or Equipment's granted abilities (CR 613.1f,
    :mod:`analyzer.rules.granted`) when the compiler reads every granted ability whole."""
    if doesnt_untap(ability) or untap_restrictions(ability):
        return True
    from analyzer.rules.counters import counter_rules
    from analyzer.rules.layers import group_effects, keyword_losses

    if counter_rules(ability) or keyword_losses(ability):
        return True
    if group_effects(ability):
        # Layers 6 and 7c (layers.py); a granted keyword must be one the core plays.
        granted: list[KeywordAbility] = []
        for effect in ability.effects:
            value = effect.arg("keywords")
            if effect.name == "grant_abilities" and isinstance(value, tuple):
                granted += [k for k in value if isinstance(k, KeywordAbility)]
        return all(k.name.lower() in SUPPORTED_KEYWORDS and not k.parameter for k in granted)
    from analyzer.rules.casting import cast_permissions

    if cast_permissions(ability):
        return True                       # checked as the card is cast (casting.py)
    from analyzer.rules.granted import activation_reductions, grants

    if activation_reductions(ability):
        return True                       # applied as costs are paid (granted.activation_cost)
    from analyzer.rules.casting import keyword_cost_reductions

    if keyword_cost_reductions(ability, "ninjutsu"):
        return True                       # applied as ninjutsu is paid (casting.ninjutsu_cost)
    texts = grants(ability)
    return bool(texts) and _reads_whole(texts)


def _reads_whole(texts: tuple[str, ...]) -> bool:
    """True if the Oracle compiler reads every one of ``texts`` as an ability, leaving
    nothing unsupported, and none of them is a part the rules core would need at all times
    and cannot play (a static ability, a replacement effect: the permanent gaining it is
    never checked again). Compiled on a blank object."""
    from analyzer.cards.model import Card, Face
    from analyzer.oracle.compile import compile_with_granted

    blank = Card(id="granted", name="granted", faces=(Face(name="granted"),))
    profile = compile_with_granted(blank, texts)
    if profile.unsupported or len(profile.printed_order) < len(texts):
        return False
    return not any(p.when == "now" for p in unplayed_parts(CardData(blank, profile)))


def doesnt_untap(ability: object) -> bool:
    """"CARDNAME doesn't untap during your untap step." (CR 502.3: the untap step untaps
    permanents except those an effect says don't untap)."""
    return isinstance(ability, StaticAbility) \
        and ability.text.rstrip(".") == "CARDNAME doesn't untap during your untap step"


def untap_restrictions(ability: object) -> tuple[ObjectRef, ...]:
    """The groups a static ability keeps from untapping during their controllers' untap
    steps ("Creatures don't untap during their controllers' untap steps.", CR 502.3);
    ``()`` for any other ability."""
    from analyzer.oracle.lines import DOESNT_UNTAP

    if not isinstance(ability, StaticAbility) or ability.mode != "restriction" \
            or ability.condition or not ability.effects:
        return ()
    found: list[ObjectRef] = []
    for effect in ability.effects:
        target = effect.arg("target")
        if effect.name != "restrict" or effect.arg("restriction") != DOESNT_UNTAP \
                or not isinstance(target, ObjectRef) or effect.arg("duration") is not None:
            return ()
        found.append(target)
    return tuple(found)


def kept_tapped(game: Game, obj: GameObject) -> bool:
    """True if an effect says ``obj`` doesn't untap during its controller's untap step: its
    own "CARDNAME doesn't untap ..." or a permanent's "Creatures don't untap ..." whose
    group it is in (CR 502.3)."""
    if any(doesnt_untap(a) for a in game.data(obj).profile.abilities):
        return True
    for source in game.battlefield():
        for ability in game.data(source).profile.abilities:
            for group in untap_restrictions(ability):
                if matches(game, group, obj, game.controller(source), source,
                           game.data(source).name):
                    return True
    return False


def check_supported(game: Game, obj: GameObject) -> None:
    """Refuse a permanent with a part the rules core cannot play that applies at all times
    (static abilities, replacement effects, text whose event is unknown): never a silent
    no-op. Parts needed only at an event raise then (:func:`need`).

    Raises
    ------
    UnsupportedCardError
        Naming the card and the first such text.
    """
    data = game.data(obj)
    for part in unplayed_parts(data):
        if part.when == "now":
            raise UnsupportedCardError(data.name, part.text, part.why)


def need(game: Game, when: str, objs: list[GameObject] | None = None) -> None:
    """The event ``when`` happens: a permanent with an unplayed part waiting for it raises
    (``objs``: the permanents to look at, default the battlefield).

    Raises
    ------
    UnsupportedCardError
        Naming the card, the text and the event.
    """
    for obj in objs if objs is not None else game.battlefield():
        data = game.data(obj)
        for part in unplayed_parts(data):
            if part.when == when or (part.when == "step" and when.startswith("step:")):
                event = _WHEN.get(when, "a step begins")
                why = f"{part.why}, needed as {event}" if part.why else f"needed as {event}"
                raise UnsupportedCardError(data.name, part.text, why)


def _subject_matches(game: Game, ability: TriggeredAbility, source: GameObject,
                     subject: GameObject, card: str) -> bool:
    if ability.trigger.subject.startswith("one or more "):
        # "Whenever one or more creatures you control attack" triggers once for all of
        # them (CR 603.2c), not once per object: not played.
        raise UnsupportedCardError(card, ability.text, "a trigger on one or more objects")
    if ability.trigger.subject == "CARDNAME":
        return subject.oid == source.oid
    if ability.trigger.subject in ("enchanted creature", "equipped creature"):
        # The permanent the Aura or Equipment is attached to (CR 303.4, 301.5).
        return source.zone is Zone.BATTLEFIELD and source.attached_to == subject.ref
    group = ability.trigger.self_or_another
    if group is not None:                 # "CARDNAME or another Zombie"
        return subject.oid == source.oid or matches(game, group, subject,
                                                    game.controller(source), source, card)
    ref = ability.trigger.subject_ref
    if ref is None:
        raise UnsupportedCardError(card, ability.text, "this trigger's subject")
    return matches(game, ref, subject, game.controller(source), source, card)


def _add(game: Game, source: GameObject, index: int, context: TriggerContext,
         x: int = 0) -> None:
    data = game.data(source)
    ability = data.profile.abilities[index]
    assert isinstance(ability, TriggeredAbility)
    if ability.condition:
        from analyzer.rules.effects import condition_holds

        holds = condition_holds(source, ability.condition)
        if holds is False:
            return                                # CR 603.4: it does not trigger
        if holds is None and ability.functions_in is not source.zone:
            raise UnsupportedCardError(data.name, ability.text,
                                       f"the condition {ability.condition!r}")
    controller = game.controller(source)
    game.state.pending_triggers.append(StackItem(
        "triggered", controller, source.ref, data.name, index, x=x, context=context,
        source_lki_controller=controller))
    game.state.triggered[data.name] += 1


def _each(game: Game, event: TriggerEvent) -> list[tuple[GameObject, int, TriggeredAbility]]:
    """Triggered abilities waiting for ``event``: those of permanents, and those of cards in
    graveyards that say they work there (CR 113.6k)."""
    found = []
    graveyards = [game.obj(o) for p in game.players for o in game.player(p).graveyard]
    for obj in game.battlefield() + graveyards:
        for i, ability in enumerate(game.data(obj).profile.abilities):
            if isinstance(ability, TriggeredAbility) and ability.trigger.event is event \
                    and ability.functions_in is obj.zone:
                found.append((obj, i, ability))
    return found


def _plain(game: Game, source: GameObject, ability: TriggeredAbility,
           details: tuple[str, ...]) -> None:
    """Refuse a trigger of an event the core plays whose words say more than the plain
    event ("enters under an opponent's control", "attacks you", "deals combat damage to an
    opponent"): the core would trigger it on every such event (CR 603.2). A hand-written
    definition's trigger names no words."""
    if ability.trigger.detail and ability.trigger.detail not in details:
        raise UnsupportedCardError(game.data(source).name, ability.text,
                                   f"the trigger event {ability.trigger.detail!r}")


def fire_enters(game: Game, entered: GameObject) -> None:
    """"When ... enters" (CR 603.6a)."""
    need(game, "enters")
    for source, i, ability in _each(game, TriggerEvent.ENTERS):
        _plain(game, source, ability, ("enters", "enter"))
        if _subject_matches(game, ability, source, entered, game.data(source).name):
            # CR 107.3m: an enters ability of the permanent uses the X of the spell it was.
            _add(game, source, i, TriggerContext(subject=entered.ref),
                 entered.x if source.oid == entered.oid else 0)


def fire_dies(game: Game, dying: GameObject) -> None:
    """"Whenever ... dies" as ``dying`` is put into a graveyard from the battlefield
    (CR 700.4): abilities of permanents on the battlefield then, ``dying`` included, judged
    with the game as it was just before the event (leaves-the-battlefield abilities look
    back in time, CR 603.10a). Called before the object moves."""
    for source, i, ability in _each(game, TriggerEvent.DIES):
        if ability.trigger.detail != "dies":
            raise UnsupportedCardError(game.data(source).name, ability.text,
                                       "this dies trigger")
        if _subject_matches(game, ability, source, dying, game.data(source).name):
            _add(game, source, i, TriggerContext(subject=dying.ref))


_LIFE_DETAILS = {TriggerEvent.GAIN_LIFE: ("gain life", "gains life"),
                 TriggerEvent.LOSE_LIFE: ("lose life", "loses life")}


def fire_life(game: Game, player: PlayerId, amount: int, *, gained: bool) -> None:
    """"Whenever you gain life" / "Whenever an opponent loses life" (CR 119.10, 603.2): once
    per life gain or loss event, remembering how much ("that much"). Only those plain
    events are played; a trigger with any other condition ("for the first time each turn")
    is refused naming its text."""
    event = TriggerEvent.GAIN_LIFE if gained else TriggerEvent.LOSE_LIFE
    for source, i, ability in _each(game, event):
        data = game.data(source)
        ref = ability.trigger.subject_ref
        if ability.trigger.detail not in _LIFE_DETAILS[event] or ref is None \
                or ref.filter.kind not in ("player", "opponent"):
            raise UnsupportedCardError(data.name, ability.text, "this life trigger")
        if matches(game, ref, player, game.controller(source), source, data.name):
            _add(game, source, i, TriggerContext(player=player, amount=amount))


_DAMAGE_TO_YOU = "deals damage to you"
_DAMAGE_TO_OPPONENT = "deals damage to an opponent"


def _played_damage_trigger(ability: TriggeredAbility) -> bool:
    """The "deals damage" triggers the rules core plays (:func:`fire_damage_to_player`,
    CR 603.2, 120.3): "Whenever a Human deals damage to you" and "Whenever enchanted
    creature deals damage to an opponent" - damage to a player, judged from who controls
    the trigger's source."""
    return ability.trigger.event is TriggerEvent.DEALS_DAMAGE \
        and ability.trigger.detail in (_DAMAGE_TO_YOU, _DAMAGE_TO_OPPONENT)


def fire_damage_to_player(game: Game, source: GameObject | None, player: PlayerId) -> None:
    """``source`` dealt damage to ``player`` (combat damage or not, CR 120.3): "Whenever a
    Human deals damage to you" triggers for the permanents ``player`` controls, "Whenever
    enchanted creature deals damage to an opponent" for those of ``player``'s opponents,
    when the source fits the subject (CR 603.2; "enchanted creature" is the permanent the
    Aura is attached to, CR 303.4); "it" is the source."""
    if source is None:
        return
    for perm, i, ability in _each(game, TriggerEvent.DEALS_DAMAGE):
        if not _played_damage_trigger(ability):
            continue
        you = game.controller(perm)
        if ability.trigger.detail == _DAMAGE_TO_YOU:
            if you != player:
                continue
        elif player == you or player not in game.opponents(you):
            continue
        if _subject_matches(game, ability, perm, source, game.data(perm).name):
            _add(game, perm, i, TriggerContext(subject=source.ref, player=player))


def played_activate_trigger(ability: object) -> bool:
    """"Whenever you activate an ability, if it isn't a mana ability, ..." (Rings of
    Brighthearth): the activation trigger the rules core plays (:func:`fire_activate`,
    CR 602.2i, 603.2, 603.4)."""
    from analyzer.oracle.readings import is_not_mana_ability

    return isinstance(ability, TriggeredAbility) \
        and ability.trigger.event is TriggerEvent.OTHER \
        and ability.trigger.subject == "you" \
        and ability.trigger.detail == "activate an ability" \
        and is_not_mana_ability(ability.condition)


def fire_activate(game: Game, item: StackItem) -> None:
    """``item``, an activated ability that is not a mana ability, was just activated
    (CR 602.2i: it becomes activated once its costs are paid): "Whenever you activate an
    ability, if it isn't a mana ability" triggers for the permanents its controller
    controls (CR 603.2; the intervening "if" holds, CR 603.4). The trigger remembers the
    ability as it is now, for "copy that ability" (CR 707.10). A copy put on the stack is
    not activated (CR 707.10) and never comes here."""
    import copy

    for source, i, ability in _each(game, TriggerEvent.OTHER):
        if played_activate_trigger(ability) and game.controller(source) == item.controller:
            _add(game, source, i, TriggerContext(player=item.controller,
                                                 ability=copy.copy(item)))


_DRAW_DETAILS = ("draw a card", "draws a card")


def _played_draw_trigger(ability: TriggeredAbility) -> bool:
    """"Whenever you draw a card" / "Whenever an opponent draws a card" (CR 121.2, 603.2):
    the draw triggers the rules core plays (:func:`fire_draw`); any other wording ("your
    second card each turn") waits for a draw and is refused then."""
    ref = ability.trigger.subject_ref if ability.trigger.event is TriggerEvent.DRAW else None
    return ref is not None and ability.trigger.detail in _DRAW_DETAILS \
        and ref.filter.kind in ("player", "opponent") and not ref.count.each


def fire_draw(game: Game, player: PlayerId) -> None:
    """``player`` drew one card (CR 121.1): "Whenever you draw a card" triggers once per
    card drawn (CR 121.2, 603.2) for the permanents whose subject ``player`` fits, judged
    from each source's controller ("you", "an opponent")."""
    for source, i, ability in _each(game, TriggerEvent.DRAW):
        data = game.data(source)
        if not _played_draw_trigger(ability):
            raise UnsupportedCardError(data.name, ability.text, "this draw trigger")
        ref = ability.trigger.subject_ref
        assert ref is not None
        if matches(game, ref, player, game.controller(source), source, data.name):
            _add(game, source, i, TriggerContext(player=player))


def fire_attacks(game: Game, attacker: GameObject) -> None:
    """"Whenever ... attacks" for a declared attacker (CR 508.3a)."""
    for source, i, ability in _each(game, TriggerEvent.ATTACKS):
        _plain(game, source, ability, ("attacks", "attack"))
        if _subject_matches(game, ability, source, attacker, game.data(source).name):
            _add(game, source, i, TriggerContext(subject=attacker.ref,
                                                 attacked=attacker.attacking))


def fire_unblocked(game: Game, attacker: GameObject) -> None:
    """"Whenever ... attacks and isn't blocked" for an attacking creature left unblocked as
    blockers are declared (CR 509.1h, 509.2: triggers then go on the stack)."""
    for source, i, ability in _each(game, TriggerEvent.ATTACKS_UNBLOCKED):
        _plain(game, source, ability, ("attacks and isn't blocked",))
        if _subject_matches(game, ability, source, attacker, game.data(source).name):
            _add(game, source, i, TriggerContext(subject=attacker.ref,
                                                 attacked=attacker.attacking))


def fire_combat_damage(game: Game, source_obj: GameObject, player: PlayerId) -> None:
    """"Whenever ... deals combat damage to a player" (CR 510.3a); cards in graveyards
    with such abilities are refused rather than ignored."""
    for source, i, ability in _each(game, TriggerEvent.COMBAT_DAMAGE_TO_PLAYER):
        _plain(game, source, ability, ("deals combat damage to a player",
                                       "deal combat damage to a player"))
        if _subject_matches(game, ability, source, source_obj, game.data(source).name):
            _add(game, source, i, TriggerContext(subject=source_obj.ref, player=player))


def fire_cast(game: Game, spell: GameObject, caster: PlayerId) -> None:
    """"Whenever a player casts ..." (CR 601.2i, 603.2)."""
    for source, i, ability in _each(game, TriggerEvent.CAST):
        data = game.data(source)
        who, what = ability.trigger.subject_ref, ability.trigger.spell_ref
        if who is None or what is None or (what.filter.kind == "spell"
                                           and what.filter.zone is not Zone.STACK):
            # "a spell from your hand": where the spell was cast from is not checked here.
            raise UnsupportedCardError(data.name, ability.text, "this cast trigger")
        controller = game.controller(source)
        if matches(game, who, caster, controller, source, data.name) \
                and matches(game, what, spell, controller, source, data.name):
            _add(game, source, i, TriggerContext(subject=spell.ref, player=caster))


def put_triggers_on_stack(game: Game) -> bool:
    """Put waiting triggered abilities on the stack, APNAP order (CR 603.3b); True if any."""
    s = game.state
    if not s.pending_triggers:
        return False
    order = list(game.players)
    start = order.index(s.active)
    apnap = order[start:] + order[:start]
    waiting = sorted(s.pending_triggers, key=lambda t: apnap.index(t.controller))
    s.pending_triggers = []
    from analyzer.rules.trigger_stack import choose_mode_and_targets

    for item in waiting:
        if not choose_mode_and_targets(game, item):
            continue
        s.stack.append(item)
        game.note(EventKind.TRIGGER, f"{item.name}'s ability triggers and is put on the stack",
                  item.name, "603.3")
    return True
