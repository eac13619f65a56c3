"""Mana abilities, "could produce", "tapped for mana" and paying mana costs (CR 106, 605).

A mana ability resolves at once (CR 605.3b). What it adds comes from the compiled
:class:`~analyzer.oracle.mana_abilities.ManaAbility`: printed options, "any color", "any color
in your commander's color identity" (CR 903.4, none without a commander, 903.4f), "any type
a land you control could produce" (CR 106.7, a least fixed point over every permanent, so
two Reflecting Pools alone produce nothing) and counted amounts (Gaea's Cradle).
Replacement effects "if you tap a permanent for mana" (Mana Reflection, CR 106.12b) and
triggered mana abilities "whenever you tap a land for mana" (Mirari's Wake, CR 106.12a,
605.1b) apply only when the ability has {T} in its cost and produced mana.
Hybrid and Phyrexian symbols (CR 107.4e-f) are paid one of their ways
(:func:`payment_options`), chosen deterministically by :func:`pay_mana`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from analyzer.oracle.abilities import ReplacementEffect, Timing, TriggeredAbility, TriggerEvent
from analyzer.oracle.mana import ManaCost, SymbolKind
from analyzer.oracle.mana_abilities import ManaAbility, ManaChoice
from analyzer.oracle.objects import ObjectRef
from analyzer.oracle.readings import spending_restriction_sentence
from analyzer.rules import layers
from analyzer.rules.actions import ActivateManaAbility
from analyzer.rules.errors import IllegalActionError, UnsupportedCardError
from analyzer.rules.model import MANA_TYPES, EventKind, GameObject, Mana, PlayerId, Zone

if TYPE_CHECKING:
    from analyzer.rules.game import Game

__all__ = [
    "MAX_PAYMENTS",
    "Payment",
    "activate_mana_ability",
    "can_activate",
    "could_produce",
    "mana_options",
    "pay_mana",
    "payment_options",
]


def _name(game: Game, obj: GameObject) -> str:
    return game.data(obj).name


def can_activate(game: Game, obj: GameObject, ability: ManaAbility, player: PlayerId,
                 *, choosing: bool = False) -> str:
    """Why ``player`` cannot activate ``ability`` of ``obj`` now (``""``: they can).

    {T}/{Q} need the permanent tapped state and, on a creature, no summoning sickness
    (CR 107.5, 107.6, 302.6). A cost sacrificing another permanent ("Sacrifice a
    creature") needs the player's choice (:mod:`analyzer.rules.costs`): it is played only
    when the player activates the ability themselves (``choosing``), never to pay a cost
    the rules core pays for them.
    """
    if obj.zone is not Zone.BATTLEFIELD:
        return f"{obj.alias} is not on the battlefield"
    if game.controller(obj) != player:
        return f"{player} does not control {obj.alias}"
    cost = ability.cost
    if cost.tap and obj.tapped:
        return f"{obj.alias} is tapped ({{T}} can't be paid, CR 107.5)"
    if cost.untap and not obj.tapped:
        return f"{obj.alias} is untapped ({{Q}} can't be paid, CR 107.6)"
    if (cost.tap or cost.untap) and obj.sick and layers.is_type(game, obj, "Creature") \
            and not layers.has_keyword(game, obj, "haste"):
        return f"{obj.alias} has not been under {player}'s control since the turn began " \
               "(CR 302.6)"
    if cost.mana is not None or cost.life or cost.costs or cost.other:
        raise UnsupportedCardError(_name(game, obj), ability.text,
                                   "a mana ability with a cost other than {T}, {Q} or "
                                   "sacrificing itself")
    if cost.sacrifice not in (None, "CARDNAME") and \
            (not choosing or _sacrificed_ref(ability) is None):
        raise UnsupportedCardError(_name(game, obj), ability.text, "sacrificing another")
    restrictions = [t for t in ability.timing if t is not Timing.RESTRICTED_MANA]
    if restrictions:
        raise UnsupportedCardError(_name(game, obj), ability.text,
                                   f"a mana ability with an activation restriction "
                                   f"({restrictions[0].name.lower()}, CR 602.5b)")
    if ability.effects:
        # Every effect of a mana ability happens as it resolves (CR 605.3b): the damage of
        # a painland, a card drawn; the rules core adds only the mana.
        raise UnsupportedCardError(_name(game, obj), ability.text,
                                   "a mana ability with an effect besides adding mana")
    restriction = spending_restriction(ability)
    if restriction:
        raise UnsupportedCardError(_name(game, obj), restriction,
                                   "mana with a spending restriction (CR 106.6): the rules "
                                   "core does not track what restricted mana may pay for, so "
                                   "it never spends it")
    return ""


def spending_restriction(ability: ManaAbility) -> str:
    """The ability's "Spend this mana only ..." sentence (CR 106.6), ``""`` when it has none.

    >>> from analyzer.oracle.mana_abilities import parse_mana_ability
    >>> ability, _ = parse_mana_ability("{T}: Add {C}{C}{C}{C}. Spend this mana only on "
    ...                                 "costs that contain {X}.")
    >>> spending_restriction(ability)
    'Spend this mana only on costs that contain {X}.'
    """
    return spending_restriction_sentence(ability.text) or ""


def _colors_among(game: Game, player: PlayerId) -> set[str]:
    """The colours among permanents ``player`` controls, as letters (CR 105.2)."""
    found: set[str] = set()
    for o in game.battlefield():
        if game.controller(o) == player:
            found |= set(layers.colors(game, o).letters)
    return found


def _base_types(game: Game, obj: GameObject, ability: ManaAbility,
                known: dict[int, set[str]]) -> set[str]:
    """Types one activation would produce now, given what others could produce."""
    produces = ability.produces
    controller = game.controller(obj)
    if isinstance(produces, ManaChoice):
        if produces in (ManaChoice.ANY_COLOR, ManaChoice.ANY_ONE_COLOR):
            return set("WUBRG")
        if produces is ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE:
            return _could_produce(game, obj, [o for o in game.battlefield()
                                              if layers.is_type(game, o, "Land")
                                              and game.controller(o) == controller], known)
        if produces is ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE:
            return _could_produce(game, obj, [o for o in game.battlefield()
                                              if layers.is_type(game, o, "Land")
                                              and game.controller(o) != controller],
                                  known) - {"C"}
        if produces in (ManaChoice.ANY_COLOR_COULD_PRODUCE, ManaChoice.ANY_TYPE_COULD_PRODUCE):
            found = _could_produce(game, obj, _among(game, obj, ability), known)
            return found - {"C"} if produces is ManaChoice.ANY_COLOR_COULD_PRODUCE else found
        if produces is ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS:
            return _colors_among(game, controller)
        if produces in (ManaChoice.ANY_COLOR_AMONG, ManaChoice.EACH_COLOR_AMONG):
            # The colours of those permanents as the ability resolves (CR 105.2, 605.3b).
            return {c for o in _among(game, obj, ability)
                    for c in layers.colors(game, o).letters}
        if produces is ManaChoice.COMMANDER_COLOR_IDENTITY:
            # The controller's commander(s), combined (CR 903.4); none: no mana (903.4f).
            return set(game.commander_identity(controller))
        raise UnsupportedCardError(_name(game, obj), ability.text, "this kind of mana choice")
    if _amount(game, obj, ability) == 0:
        return set()
    return {s.text for option in produces for s in option if s.text in MANA_TYPES}


def _among(game: Game, obj: GameObject, ability: ManaAbility) -> list[GameObject]:
    """The permanents a choice's :attr:`~analyzer.oracle.mana_abilities.ManaAbility.among`
    names (Mox Amber's "legendary creatures and planeswalkers you control")."""
    from analyzer.rules.targets import matches

    ref = ability.among
    if ref is None or ref.filter.kind != "permanent" or ref.filter.zone is not Zone.BATTLEFIELD:
        raise UnsupportedCardError(_name(game, obj), ability.text,
                                   "mana of a colour among objects that are not permanents")
    player = game.controller(obj)
    return [o for o in game.battlefield() if matches(game, ref, o, player, obj, _name(game, obj))]


def _could_produce(game: Game, obj: GameObject, lands: list[GameObject],
                   known: dict[int, set[str]]) -> set[str]:
    """The types ``lands`` could produce (CR 106.7), refused when one of them has a mana
    ability the rules core does not read (:func:`could_produce` marks it ``"?"``)."""
    found: set[str] = set()
    for land in lands:
        types = known.get(land.oid, set())
        if "?" in types:
            raise UnsupportedCardError(_name(game, obj), game.data(obj).name,
                                       f"what {land.alias} could produce (a mana ability the "
                                       "rules core does not play, CR 106.7)")
        found |= types
    return found


def _amount(game: Game, obj: GameObject, ability: ManaAbility) -> int:
    if ability.amount is not None:
        return ability.amount
    if ability.amount_note == "for each creature you control":
        who = game.controller(obj)
        return sum(1 for o in game.battlefield() if game.controller(o) == who
                   and layers.is_type(game, o, "Creature"))
    if ability.amount_note == "equal to CARDNAME's power":
        # Its power as the mana ability resolves (CR 605.3b), 0 if negative (CR 107.1b).
        return max(0, layers.power_toughness(game, obj)[0])
    raise UnsupportedCardError(_name(game, obj), ability.text,
                               f"an amount counted {ability.amount_note!r}")


def could_produce(game: Game) -> dict[int, set[str]]:
    """Every permanent's "could produce" types (CR 106.7): the least fixed point, so
    abilities that only copy each other (two Reflecting Pools) define no type."""
    known: dict[int, set[str]] = {}
    while True:
        changed = False
        for obj in game.battlefield():
            found: set[str] = set()
            for ability in game.data(obj).profile.mana_abilities:
                try:
                    found |= _base_types(game, obj, ability, known)
                except UnsupportedCardError:
                    found.add("?")    # not known: refused where it matters (_could_produce)
            if found != known.get(obj.oid, set()):
                known[obj.oid] = found
                changed = True
        if not changed:
            return known


_RELEVANT: dict[int, tuple[object, tuple[ReplacementEffect | TriggeredAbility, ...]]] = {}


def _relevant(profile: object, abilities: tuple[object, ...]
              ) -> tuple[ReplacementEffect | TriggeredAbility, ...]:
    """A card's "tapped for mana" replacements and triggers (cached per profile)."""
    cached = _RELEVANT.get(id(profile))
    if cached is None or cached[0] is not profile:
        found = tuple(a for a in abilities if (isinstance(a, ReplacementEffect)
                                               and a.event == "mana")
                      or (isinstance(a, TriggeredAbility)
                          and a.trigger.event is TriggerEvent.TAPPED_FOR_MANA))
        cached = (profile, found)
        _RELEVANT[id(profile)] = cached
    return cached[1]


def _modifiers(game: Game) -> list[tuple[GameObject, ReplacementEffect | TriggeredAbility]]:
    """Permanents with "tapped for mana" replacements or triggers, with them (CR 106.12)."""
    derived = game.state.derived
    found = cast("tuple[tuple[int, ReplacementEffect | TriggeredAbility], ...] | None",
                 derived.get("mana_modifiers"))
    if found is None:
        pairs = []
        for source in game.battlefield():
            profile = game.data(source).profile
            pairs += [(source.oid, a) for a in _relevant(profile, profile.abilities)]
        found = tuple(pairs)
        derived["mana_modifiers"] = found
    return [(game.obj(oid), ability) for oid, ability in found]


def _multiplier(game: Game, obj: GameObject, ability: ManaAbility, player: PlayerId) -> int:
    """Replacement effects doubling mana "if you tap a permanent for mana" (106.12b)."""
    if not ability.cost.tap:
        return 1
    factor = 1
    for source, rep in _modifiers(game):
        if isinstance(rep, ReplacementEffect):
            if any(e.name != "double" for e in rep.effects):
                raise UnsupportedCardError(_name(game, source), rep.text)
            if game.controller(source) == player:
                factor *= 2
    return factor


def _wake_bonus(game: Game, obj: GameObject, ability: ManaAbility, player: PlayerId,
                produced: Mana) -> list[tuple[GameObject, Mana]]:
    """Triggered mana abilities of "whenever you tap a land for mana" (CR 605.1b)."""
    from analyzer.rules.targets import matches

    if not ability.cost.tap or not produced.total():
        return []
    bonus: list[tuple[GameObject, Mana]] = []
    for source, trig in _modifiers(game):
        if not isinstance(trig, TriggeredAbility):
            continue
        if trig.trigger.subject in ("enchanted land", "enchanted permanent") \
                and len(trig.effects) == 1 and trig.effects[0].name == "add_mana" \
                and isinstance(trig.effects[0].arg("mana"), str) \
                and not trig.effects[0].arg("choice") and trig.effects[0].arg("amount") is None:
            # "Whenever enchanted land is tapped for mana, its controller adds an additional
            # {G}" (Wild Growth; CR 605.1b, 106.12a): the mana goes to who tapped it.
            if source.attached_to == obj.ref:
                bonus.append((source, Mana.parse(str(trig.effects[0].arg("mana")))))
            continue
        tapped = trig.trigger.tapped_ref
        if tapped is None or trig.trigger.subject != "you" or len(trig.effects) != 1 \
                or trig.effects[0].name != "add_mana" \
                or trig.effects[0].arg("choice") != ManaChoice.SAME_TYPE_PRODUCED.phrase:
            raise UnsupportedCardError(_name(game, source), trig.text)
        if game.controller(source) != player \
                or not matches(game, tapped, obj, player, source):
            continue
        kinds = [t for t in MANA_TYPES if produced[t] > 0]
        if len(kinds) > 1:
            # "one mana of any type that permanent produced": its controller chooses among
            # them (CR 106.12a), a choice this mana ability does not ask.
            raise UnsupportedCardError(_name(game, source), trig.text,
                                       "choosing among the types of mana produced")
        bonus.append((source, Mana({kinds[0]: 1})))
    return bonus


def mana_options(game: Game, obj: GameObject, ability: ManaAbility,
                 player: PlayerId | None = None,
                 known: dict[int, set[str]] | None = None) -> list[Mana]:
    """Each mana one activation could add now, one per choice (empty: none, CR 106.5).

    ``known`` is :func:`could_produce` of the game now, when the caller has it.
    """
    player = player or game.controller(obj)
    if known is None and isinstance(ability.produces, ManaChoice):
        known = could_produce(game)
    kinds = sorted(_base_types(game, obj, ability, known or {}), key=MANA_TYPES.index)
    factor = _multiplier(game, obj, ability, player)
    results: list[Mana] = []
    if ability.produces in (ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS,
                            ManaChoice.EACH_COLOR_AMONG):
        # One mana of each colour at once: a single outcome, not a choice (CR 106.1).
        results = [Mana({k: factor for k in kinds})] if kinds else []
    elif isinstance(ability.produces, ManaChoice):
        count = _amount(game, obj, ability)
        results = [Mana({k: count * factor}) for k in kinds] if count > 0 else []
    elif ability.combination:
        # "three mana in any combination of {R} and/or {G}": each mana's type chosen
        # separately (CR 106.1), every mix an outcome.
        letters = [s.text for option in ability.produces for s in option
                   if s.text in MANA_TYPES]
        for mix in itertools.combinations_with_replacement(letters, _amount(game, obj, ability)):
            results.append(Mana({k: n * factor for k, n in Counter(mix).items()}))
    else:
        amount = _amount(game, obj, ability)
        for option in ability.produces:
            mana = Mana()
            for symbol in option:
                if symbol.kind is SymbolKind.GENERIC:
                    mana["C"] += int(symbol.text) * amount * factor
                elif symbol.text in MANA_TYPES:
                    mana[symbol.text] += amount * factor
            if mana.total():
                results.append(mana)
    full = []
    for mana in results:
        extra = Mana(mana)
        for _, bonus in _wake_bonus(game, obj, ability, player, mana):
            extra.update(bonus)
        full.append(extra)
    return full


def _sacrificed_ref(ability: ManaAbility) -> ObjectRef | None:
    """What "Sacrifice <what>" in a mana ability's cost names (the compiler's reading,
    :attr:`~analyzer.oracle.mana_abilities.AbilityCost.sacrifice_ref`)."""
    return ability.cost.sacrifice_ref


def _produce(game: Game, obj: GameObject, index: int, player: PlayerId, choice: str,
             paid_with: tuple[int, ...] = ()) -> Mana:
    """Pay the ability's cost and add its mana (CR 605.3b); returns the mana added.
    ``paid_with``: the objects the player chose for a "Sacrifice a creature" cost."""
    ability = game.data(obj).profile.mana_abilities[index]
    why = can_activate(game, obj, ability, player, choosing=True)
    if why:
        raise IllegalActionError(why)
    victim = None
    if (ref := _sacrificed_ref(ability)) is not None:
        from analyzer.rules.costs import choose_for_cost

        victim = choose_for_cost(game, "sacrifice", ref, obj, player, paid_with, set())
    options = mana_options(game, obj, ability, player)
    name = _name(game, obj)
    if ability.cost.tap:
        game.tap(obj)
    if ability.cost.untap:
        game.tap(obj, False)
    chosen = Mana()
    if options:
        picked = [m for m in options if not choice or m[choice] > 0]
        if not picked:
            raise IllegalActionError(f"{obj.alias} can't produce {{{choice}}}")
        chosen = picked[0]
    base = Mana(chosen)
    bonuses = _wake_bonus(game, obj, ability, player, chosen) if chosen.total() else []
    for _, bonus in bonuses:
        base.subtract(bonus)
    if ability.cost.sacrifice == "CARDNAME":
        game.move(obj, Zone.GRAVEYARD, rule="701.21")
    if victim is not None:
        game.note(EventKind.ZONE, f"{player} sacrifices {victim.alias}", name, "701.21a")
        game.move(victim, Zone.GRAVEYARD, rule="701.21a")
    game.player(player).pool.update(base)
    game.note(EventKind.MANA, f"{obj.alias} adds {base.format() or 'no mana'} to {player}'s "
              "mana pool", name, "605.3b" if base.total() else "106.5")
    for source, bonus in bonuses:
        game.state.triggered[game.data(source).name] += 1
        game.player(player).pool.update(bonus)
        game.note(EventKind.MANA, f"{source.alias}'s triggered mana ability adds "
                  f"{bonus.format()}", game.data(source).name, "605.1b")
    return chosen


def activate_mana_ability(game: Game, action: ActivateManaAbility) -> None:
    """Activate a mana ability outside a payment (CR 605.3a); one the compiler reads as an
    activated ability (``action.activated``) through
    :func:`~analyzer.rules.restricted_mana.activate_activated_mana_ability`."""
    if action.activated:
        from analyzer.rules.restricted_mana import activate_activated_mana_ability

        activate_activated_mana_ability(game, action)
        return
    obj = game.obj(action.card)
    abilities = game.data(obj).profile.mana_abilities
    if not 0 <= action.ability < len(abilities):
        raise IllegalActionError(f"{obj.alias} has no mana ability {action.ability + 1}")
    _produce(game, obj, action.ability, action.player, action.choice, action.cost_choices)


@dataclass(frozen=True, slots=True)
class Payment:
    """One way to pay a mana cost: each hybrid and Phyrexian symbol replaced by one of its
    components (CR 107.4e-f), the rest as printed.

    Examples
    --------
    >>> [p.describe() for p in payment_options(ManaCost.parse("{1}{B/P}"), 0, "Card")]
    ['{1}{B}', '{1} and 2 life']
    """

    colored: Mana
    """Coloured and {C} mana needed, by type letter."""
    generic: int
    """Generic mana needed (any type, CR 107.4b)."""
    life: int = 0
    """Life paid for Phyrexian symbols, 2 each (CR 107.4f, 119.4)."""

    def mana(self) -> int:
        """How much mana the payment takes."""
        return self.colored.total() + self.generic

    def describe(self) -> str:
        """The payment as symbols and life: ``"{2}{W}{B}"``, ``"{1} and 2 life"``."""
        mana = (f"{{{self.generic}}}" if self.generic else "") + self.colored.format()
        if not self.life:
            return mana or "{0}"
        return f"{mana} and {self.life} life" if mana else f"{self.life} life"


MAX_PAYMENTS = 256
"""At most this many distinct ways to pay one cost are considered (Reaper King's
{2/W}{2/U}{2/B}{2/R}{2/G} has 32); a cost with more is refused as unsupported."""

_Component = tuple[str, int, int]
"""One component a symbol may be paid with: (mana type or ``""``, generic, life)."""


def _components(text: str, kind: SymbolKind) -> tuple[_Component, ...]:
    """The ways to pay one hybrid or Phyrexian symbol (CR 107.4e-f), mana first."""
    letters = [c for c in text if c in "WUBRG"]
    if kind is SymbolKind.HYBRID:
        return tuple((c, 0, 0) for c in letters)
    if kind is SymbolKind.MONO_HYBRID:
        return ((letters[0], 0, 0), ("", 2, 0))
    return (*((c, 0, 0) for c in letters), ("", 0, 2))       # Phyrexian, hybrid Phyrexian


def payment_options(cost: ManaCost, x: int, card: str) -> list[Payment]:
    """Every distinct way to pay ``cost`` with X = ``x`` (CR 107.4e: a hybrid symbol is paid
    with either component, {2/W} with two generic mana or {W}; CR 107.4f: a Phyrexian symbol
    with its colour or 2 life), in the order they were found: mana before life. Identical
    symbols give combinations, not orderings ({W/B}{W/B}: WW, WB, BB), so the list stays
    short. A cost without such symbols has exactly one payment.

    Raises
    ------
    UnsupportedCardError
        For snow symbols ({S}, CR 107.4h: the rules core does not track snow sources), or a
        cost with more than :data:`MAX_PAYMENTS` distinct payments.
    """
    colored, generic = Mana(), 0
    groups: dict[str, tuple[int, tuple[_Component, ...]]] = {}
    for symbol in cost:
        if symbol.kind is SymbolKind.GENERIC:
            generic += int(symbol.text)
        elif symbol.kind is SymbolKind.VARIABLE:
            generic += x
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS):
            colored[symbol.text] += 1
        elif symbol.kind in (SymbolKind.HYBRID, SymbolKind.MONO_HYBRID, SymbolKind.PHYREXIAN,
                             SymbolKind.HYBRID_PHYREXIAN):
            same = "".join(sorted(symbol.text))       # {P/B} is {B/P}
            count, parts = groups.get(same, (0, _components(symbol.text, symbol.kind)))
            groups[same] = (count + 1, parts)
        else:
            raise UnsupportedCardError(card, str(cost), f"paying {symbol.text!r}")
    per_group = [list(itertools.combinations_with_replacement(parts, count))
                 for count, parts in groups.values()]
    found: list[Payment] = []
    seen: set[tuple[tuple[tuple[str, int], ...], int, int]] = set()
    for choice in itertools.product(*per_group):
        mana, more, life = Mana(colored), generic, 0
        for kind, extra, paid in itertools.chain.from_iterable(choice):
            if kind:
                mana[kind] += 1
            more, life = more + extra, life + paid
        key = (tuple(sorted(mana.items())), more, life)
        if key in seen:
            continue
        seen.add(key)
        found.append(Payment(mana, more, life))
        if len(found) > MAX_PAYMENTS:
            raise UnsupportedCardError(card, str(cost), f"more than {MAX_PAYMENTS} ways to "
                                       "pay this cost")
    return found


def _covers(pool: Mana, colored: Mana, generic: int) -> bool:
    if any(pool[t] < n for t, n in colored.items()):
        return False
    return pool.total() - colored.total() >= generic


def _sources(game: Game, player: PlayerId, only: tuple[int, ...] | None
             ) -> list[tuple[GameObject, int, list[Mana]]]:
    found = []
    objs = [game.obj(o) for o in only] if only is not None else game.battlefield()
    known = could_produce(game)
    for obj in objs:
        for i, ability in enumerate(game.data(obj).profile.mana_abilities):
            try:
                if can_activate(game, obj, ability, player):
                    continue
            except UnsupportedCardError:
                if only is not None:
                    raise
                continue
            options = mana_options(game, obj, ability, player, known)
            found.append((obj, i, options))
            break
    if only is None:
        found.sort(key=lambda s: (game.data(s[0]).profile.mana_abilities[s[1]].cost.sacrifice
                                  is not None, layers.is_type(game, s[0], "Creature"),
                                  len(s[2])))
    return found


def pay_mana(game: Game, player: PlayerId, cost: ManaCost, x: int, card: str,
             pay_with: tuple[int, ...] | None = None, spell: GameObject | None = None
             ) -> None:
    """Activate mana abilities and pay ``cost`` from the pool (CR 601.2g-h, 605.3a).

    With ``pay_with`` those permanents' mana abilities are activated; otherwise the rules
    core picks sources (a search over their options, pool first). Paying for ``spell`` (a
    spell being cast), restricted mana that may pay for it is spent first (CR 106.6,
    :func:`~analyzer.rules.restricted_mana.spend_restricted`); no other cost spends it.

    A cost with hybrid or Phyrexian symbols (CR 107.4e-f) is paid one way, chosen
    deterministically, never a branch of the search: of :func:`payment_options`, the first
    the player can pay now in the order of :func:`_preferred` (no life if mana will do, the
    least mana, then the components the player's pool and untapped sources can best
    afford). Life paid for a Phyrexian symbol is lost (CR 119.4), only with that much life.

    Raises
    ------
    IllegalActionError
        The cost can't be paid (partial payments are not allowed, CR 601.2h).
    """
    payments = payment_options(cost, x, card)
    payment = payments[0] if len(payments) == 1 else \
        _choose_payment(game, player, payments, pay_with, spell)
    colored, generic = payment.colored, payment.generic
    if payment.life > game.player(player).life:
        raise IllegalActionError(f"{player} can't pay {cost} for {card}: paying it as "
                                 f"{payment.describe()} needs {payment.life} life and {player} "
                                 f"has {game.player(player).life} (CR 119.4)")
    if spell is not None:
        from analyzer.rules.restricted_mana import spend_restricted

        colored, generic = spend_restricted(game, player, colored, generic, spell)
    pool = game.player(player).pool
    if pay_with is not None:
        found = _sources(game, player, pay_with)
        missing = [o for o in pay_with if o not in {s[0].oid for s in found}]
        if missing:
            raise IllegalActionError(f"{game.obj(missing[0]).alias} has no mana ability "
                                     f"{player} can activate now")
        plan = _search(found, Mana(pool), colored, generic) if len(payments) > 1 else None
        planned = {obj.oid: option for obj, _, option in plan or ()}
        for obj, index, options in found:
            option = planned.get(obj.oid)
            kind = next((t for t in MANA_TYPES if option[t] > 0), "") if option is not None \
                else _pick(options, colored, pool)
            _produce(game, obj, index, player, kind)
    elif not _covers(pool, colored, generic):
        plan = _search(_sources(game, player, None), Mana(pool), colored, generic)
        if plan is None:
            raise IllegalActionError(f"{player} can't pay {cost or '{0}'} for {card} "
                                     f"(X={x})" if x else f"{player} can't pay {cost} for {card}")
        for obj, index, option in plan:
            kind = next((t for t in MANA_TYPES if option[t] > 0), "")
            _produce(game, obj, index, player, kind)
    if not _covers(pool, colored, generic):
        raise IllegalActionError(f"{pool.format() or 'no mana'} can't pay {cost} for {card}")
    pool.subtract(colored)
    for kind in "CWUBRG":
        take = min(pool[kind], generic)
        pool[kind] -= take
        generic -= take
    for kind in list(pool):
        if pool[kind] <= 0:
            del pool[kind]
    how = f" as {payment.describe()}" if len(payments) > 1 else ""
    game.note(EventKind.PAY, f"{player} pays {cost}" + (f" (X={x})" if x else "")
              + how + f" for {card}", card, "601.2h")
    if payment.life:
        from analyzer.rules.triggers import fire_life

        game.player(player).life -= payment.life        # paying life is losing it (119.4)
        game.note(EventKind.LIFE, f"{player} pays {payment.life} life (loses {payment.life} "
                  "life)", card, "119.4")
        fire_life(game, player, payment.life, gained=False)


def _preferred(payments: list[Payment], available: Mana) -> list[Payment]:
    """``payments`` best first: no life before life (CR 107.4f leaves the choice to the
    player; mana keeps the life total), the least mana ({2/W} as {W}), the least shortfall
    of coloured mana against ``available`` (how many sources could give each type), then
    the largest spare of the scarcest type needed; ties keep :func:`payment_options` order.
    """
    def key(pair: tuple[int, Payment]) -> tuple[int, int, int, int, int]:
        i, p = pair
        needed = [t for t in MANA_TYPES if p.colored[t] > 0]
        short = sum(max(0, p.colored[t] - available[t]) for t in needed)
        spare = min((available[t] - p.colored[t] for t in needed), default=1 << 20)
        return p.life, p.mana(), short, -spare, i

    return [p for _, p in sorted(enumerate(payments), key=key)]


def _choose_payment(game: Game, player: PlayerId, payments: list[Payment],
                    pay_with: tuple[int, ...] | None, spell: GameObject | None) -> Payment:
    """The first of :func:`_preferred` payments the player can pay now: enough life and
    mana from the pool (restricted mana that may pay for ``spell`` counted, CR 106.6) and
    the sources (``pay_with``, else every untapped one). None can: the most preferred one,
    whose payment then fails with the usual message."""
    from analyzer.rules.restricted_mana import spend_restricted

    state = game.player(player)
    try:
        sources = _sources(game, player, pay_with)
    except UnsupportedCardError:
        sources = []
    available = Mana(state.pool)
    for _, _, options in sources:
        for kind in {t for m in options for t in MANA_TYPES if m[t] > 0}:
            available[kind] += 1
    ordered = _preferred(payments, available)
    for payment in ordered:
        if payment.life > state.life:
            continue
        colored, generic = payment.colored, payment.generic
        if spell is not None and state.restricted:
            kept = Counter(state.restricted)
            colored, generic = spend_restricted(game, player, colored, generic, spell,
                                                note=False)
            state.restricted = kept
        if _covers(state.pool, colored, generic) \
                or _search(sources, Mana(state.pool), colored, generic) is not None:
            return payment
    return ordered[0]


def _pick(options: list[Mana], colored: Mana, pool: Mana) -> str:
    for mana in options:
        kind = next(t for t in MANA_TYPES if mana[t] > 0)
        if colored[kind] > pool[kind]:
            return kind
    return next((t for t in MANA_TYPES if options and options[0][t] > 0), "")


def _search(sources: list[tuple[GameObject, int, list[Mana]]], pool: Mana, colored: Mana,
            generic: int) -> list[tuple[GameObject, int, Mana]] | None:
    need = colored.total() + generic
    most = [max((m.total() for m in s[2]), default=0) for s in sources]
    failed: set[tuple[int, tuple[int, ...]]] = set()

    def dfs(i: int, have: Mana) -> list[tuple[GameObject, int, Mana]] | None:
        if _covers(have, colored, generic):
            return []
        if i == len(sources) or have.total() + sum(most[i:]) < need:
            return None
        key = (i, tuple(have[t] for t in MANA_TYPES))
        if key in failed:
            return None
        obj, index, options = sources[i]
        for option in options:
            rest = dfs(i + 1, Mana(have + option))
            if rest is not None:
                return [(obj, index, option), *rest]
        rest = dfs(i + 1, have)
        if rest is not None:
            return rest
        failed.add(key)
        return None

    return dfs(0, pool)
