"""Mana abilities, "could produce", "tapped for mana" and paying mana costs (CR 106, 605).

A mana ability resolves at once (CR 605.3b). What it adds comes from the compiled
:class:`~analyzer.oracle.mana_abilities.ManaAbility`: printed options, "any color", "any type
a land you control could produce" (CR 106.7, a least fixed point over every permanent, so
two Reflecting Pools alone produce nothing) and counted amounts (Gaea's Cradle).
Replacement effects "if you tap a permanent for mana" (Mana Reflection, CR 106.12b) and
triggered mana abilities "whenever you tap a land for mana" (Mirari's Wake, CR 106.12a,
605.1b) apply only when the ability has {T} in its cost and produced mana.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from analyzer.oracle.abilities import ReplacementEffect, TriggeredAbility, TriggerEvent
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
    "activate_mana_ability",
    "can_activate",
    "cost_parts",
    "could_produce",
    "mana_options",
    "pay_mana",
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
            return {t for o in game.battlefield() if layers.is_type(game, o, "Land")
                    and game.controller(o) == controller for t in known.get(o.oid, set())}
        if produces is ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE:
            return {t for o in game.battlefield() if layers.is_type(game, o, "Land")
                    and game.controller(o) != controller
                    for t in known.get(o.oid, set()) if t != "C"}
        if produces is ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS:
            return _colors_among(game, controller)
        raise UnsupportedCardError(_name(game, obj), ability.text, "this kind of mana choice")
    if _amount(game, obj, ability) == 0:
        return set()
    return {s.text for option in produces for s in option if s.text in MANA_TYPES}


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
                found |= _base_types(game, obj, ability, known)
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
    if ability.produces is ManaChoice.EACH_COLOR_AMONG_YOUR_PERMANENTS:
        # One mana of each colour at once: a single outcome, not a choice (CR 106.1).
        results = [Mana({k: factor for k in kinds})] if kinds else []
    elif isinstance(ability.produces, ManaChoice):
        count = ability.amount if ability.amount is not None else 1
        results = [Mana({k: count * factor}) for k in kinds]
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


def cost_parts(cost: ManaCost, x: int, card: str) -> tuple[Mana, int]:
    """A mana cost as (coloured and {C} mana needed, generic amount) with X = ``x``.

    Raises
    ------
    UnsupportedCardError
        For hybrid, Phyrexian and snow symbols.
    """
    colored, generic = Mana(), 0
    for symbol in cost:
        if symbol.kind is SymbolKind.GENERIC:
            generic += int(symbol.text)
        elif symbol.kind is SymbolKind.VARIABLE:
            generic += x
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS):
            colored[symbol.text] += 1
        else:
            raise UnsupportedCardError(card, str(cost), f"paying {symbol.text!r}")
    return colored, generic


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

    Raises
    ------
    IllegalActionError
        The cost can't be paid (partial payments are not allowed, CR 601.2h).
    """
    colored, generic = cost_parts(cost, x, card)
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
        for obj, index, options in found:
            _produce(game, obj, index, player, _pick(options, colored, pool))
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
    game.note(EventKind.PAY, f"{player} pays {cost}" + (f" (X={x})" if x else "")
              + f" for {card}", card, "601.2h")


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
