"""Effects as registry values (STYLE.md habits 5 and 6): ``EFFECTS[name]`` and :class:`Effect`.

An effect is data: a registry name taken from the rules' words (``draw``, ``deal_damage``,
``change_zone``, ``exchange_control``, ``modify_pt``, ``add_mana``...) and keyword-only
arguments whose keys the registry declares. The rules core dispatches on the name; the GUI
prints :meth:`Effect.describe`. Hand-written card definitions (:mod:`.definitions`) build the
same values and are checked against the same registry.

Examples
--------
>>> e = Effect.make("draw", amount=Amount(2), player=None)
>>> e.describe(), EFFECTS["draw"].rule
('draw 2 cards', '121.1')
>>> Effect.make("fly", amount=Amount(1))
Traceback (most recent call last):
...
analyzer.oracle.errors.OracleError: unknown effect 'fly'
"""

from __future__ import annotations

import dataclasses
import enum
import re
from dataclasses import dataclass
from typing import Any, TypeAlias

from analyzer.oracle.errors import OracleError
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef, Quantity, Zone
from analyzer.oracle.text import SELF

__all__ = ["EFFECTS", "Amount", "Duration", "Effect", "EffectSpec", "Outcome"]


class Outcome(enum.Enum):
    """Who an effect usually helps, for search heuristics (STYLE.md habit 5)."""

    BENEFIT = enum.auto()
    """Good for its controller (draw, gain life, pump)."""
    HARM = enum.auto()
    """Bad for what it affects (destroy, damage, discard)."""
    NEUTRAL = enum.auto()
    """Depends on the target or the choice."""


class Duration(enum.Enum):
    """How long a continuous effect from a resolving ability lasts (CR 611.2)."""

    PERMANENT = enum.auto()
    """No duration given: it lasts indefinitely (CR 611.2a)."""
    END_OF_TURN = enum.auto()
    """"until end of turn" (CR 514.2)."""
    NEXT_TURN = enum.auto()
    """"until your next turn"."""
    THIS_TURN = enum.auto()
    """"this turn"."""
    WHILE_CONTROLLED = enum.auto()
    """"for as long as you control ..."."""
    END_OF_COMBAT = enum.auto()
    """"until end of combat" (CR 511.3)."""
    UNTIL_LEAVES = enum.auto()
    """"until CARDNAME leaves the battlefield", "for as long as CARDNAME remains on the
    battlefield" (CR 610.3)."""
    WHILE_TAPPED = enum.auto()
    """"for as long as CARDNAME remains tapped" (CR 611.2b)."""
    END_OF_NEXT_TURN = enum.auto()
    """"until the end of your next turn"."""
    UNTIL_OPPONENT_MONARCH = enum.auto()
    """"until an opponent becomes the monarch" (Palace Jailer, CR 724.1, 610.3)."""
    WHILE_CONTROLLED_AND_TAPPED = enum.auto()
    """"for as long as you control CARDNAME and CARDNAME remains tapped" (CR 611.2b)."""
    WHILE_EXILED = enum.auto()
    """"for as long as it remains exiled", "for as long as they remain exiled" (CR 611.2b,
    400.7: the card in exile is the object the effect knows)."""

    @property
    def phrase(self) -> str:
        """The Oracle words (``""`` for no duration)."""
        return {Duration.END_OF_TURN: "until end of turn", Duration.NEXT_TURN:
                "until your next turn", Duration.THIS_TURN: "this turn",
                Duration.WHILE_CONTROLLED: "for as long as you control it",
                Duration.END_OF_COMBAT: "until end of combat",
                Duration.UNTIL_LEAVES: "until this leaves the battlefield",
                Duration.WHILE_TAPPED: "for as long as this remains tapped",
                Duration.END_OF_NEXT_TURN: "until the end of your next turn",
                Duration.UNTIL_OPPONENT_MONARCH: "until an opponent becomes the monarch",
                Duration.WHILE_CONTROLLED_AND_TAPPED:
                    "for as long as you control this and this remains tapped",
                Duration.WHILE_EXILED: "for as long as it remains exiled"}.get(self, "")


@dataclass(frozen=True, slots=True)
class Amount:
    """A number in an effect: fixed (``Amount(3)``) or counted (``Amount(None, "X")``)."""

    value: int | None = 1
    """The number, ``None`` when it is counted on resolution."""
    variable: str = ""
    """How it is counted: ``"X"``, ``"for each creature you control"``, ``"equal to its
    power"``."""
    where: str = ""
    """What X is, for an X defined by a "where X is ..." clause (``"the damage dealt to
    your opponents this turn"``); :meth:`Effect.describe` prints it."""
    quantity: Quantity | None = None
    """The typed reading of a counted amount (:attr:`variable` and :attr:`where` are its
    words): what is counted, for "for each ...", "equal to ...", "X, where X is ..."."""

    def describe(self) -> str:
        """``"3"``, ``"X"``, ``"a number equal to its power"``."""
        if self.value is not None:
            return str(self.value)
        if self.variable == "X":
            return "X"
        if self.variable.startswith("up to "):
            return self.variable
        return f"a number {self.variable}" if self.variable.startswith("equal") \
            else f"N ({self.variable})"

    def to_json(self) -> dict[str, Any]:
        """``{"value": 3, "variable": "", "where": ""}`` (and ``"quantity"``, its typed
        reading in words, when the amount is counted)."""
        found: dict[str, Any] = {"value": self.value, "variable": self.variable,
                                 "where": self.where}
        if self.quantity is not None:
            found["quantity"] = self.quantity.describe()
        return found


ArgValue: TypeAlias = (int | str | bool | Amount | ObjectRef | Zone | Duration | ManaCost
                       | tuple[KeywordAbility, ...] | tuple[ObjectRef, ...]
                       | tuple["Effect", ...] | None)
"""What an effect argument can hold."""


_OBJECT_SUBJECTS = frozenset({"it", "this", "that", "target", "enchanted", "equipped"})
"""First words of an effect whose subject is an object ("it deals 4 damage"): "you may" is
then "you may have it ..." (CR 609.3: the controller chooses)."""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One row of :data:`EFFECTS`: an effect kind, its rule and its arguments."""

    name: str
    """Registry key, named with the rules' words: ``"change_zone"``."""
    rule: str
    """The rule that defines it: ``"701.7"`` for destroy."""
    params: frozenset[str]
    """The argument keys it accepts (others are an error)."""
    template: str
    """``describe()`` text with ``{key}`` placeholders."""
    outcome: Outcome = Outcome.NEUTRAL
    """Who it usually helps."""
    keyword: str = ""
    """The keyword action it is (``"Scry"``), if any, for keyword coverage."""


def _spec_rows() -> list[EffectSpec]:
    B, H, N = Outcome.BENEFIT, Outcome.HARM, Outcome.NEUTRAL
    rows: list[tuple[str, str, str, str, Outcome]] = [
        ("add_mana", "106.1", "mana amount choice player",
         "{player}add {amount}{mana}{choice}", B),
        ("draw", "121.1", "amount player", "{player}draw {amount} cards", B),
        ("discard", "701.9", "amount player random filter", "{player}discard {amount} cards",
         H),
        ("gain_life", "119.1", "amount player", "{player}gain {amount} life", B),
        ("lose_life", "119.3", "amount player", "{player}lose {amount} life", H),
        ("deal_damage", "120.1", "source amount target divided",
         "{source} deals {amount} damage to {target}", H),
        ("destroy", "701.8", "target no_regenerate", "destroy {target}", H),
        ("change_zone", "400.7", "target origin destination tapped controller position "
         "attacking amount player face_down duration order transformed attached_to enters_with "
         "random",
         "move {target} from {origin} to {destination}", N),
        ("counter", "701.6", "target unless", "counter {target}{unless}", H),
        ("tap", "701.26a", "target player", "{player}tap {target}", N),
        ("untap", "701.26b", "target player", "{player}untap {target}", B),
        ("create_token", "111.1", "amount token tapped attacking controller copy_of "
         "attached_to x exceptions",
         "create {amount} {token}", B),
        ("modify_pt", "613.4c", "target power toughness per duration x",
         "{target} gets {power}/{toughness} {per} {duration}", N),
        ("grant_abilities", "613.1f", "target keywords ability duration",
         "{target} gains {keywords}{ability} {duration}", B),
        ("gain_control", "613.1b", "target duration player",
         "{player}gain control of {target} {duration}", H),
        ("exchange_control", "701.12", "targets", "exchange control of {targets}", N),
        ("search_library", "701.23", "filter amount destination tapped reveal player "
         "position shuffle zones", "search a library for {filter}, put it into {destination}", B),
        ("sacrifice", "701.21", "player filter amount", "{player}sacrifice {amount} {filter}",
         H),
        ("put_counters", "122.1", "counter amount target", "put {amount} {counter} counters "
         "on {target}", N),
        ("search_exile_named", "701.23", "whose amount named",
         "search {whose}'s graveyard, hand, and library for {amount} cards with {named} "
         "and exile them", H),
        ("wish", "400.11", "filter reveal",
         "choose {filter} you own from outside the game{reveal} put it into your hand", B),
        ("remove_counters", "122.1", "counter amount target", "remove {amount} {counter} "
         "counters from {target}", N),
        ("prevent_damage", "615.1", "amount target scope by once duration",
         "prevent {amount} {scope} damage that would be dealt to {target} by {by} {duration}",
         B),
        ("regenerate", "701.19", "target", "regenerate {target}", B),
        ("restrict", "508.1", "target restriction duration by amount", "{target} "
         "{restriction} {by} {amount} {duration}", N),
        ("look_at", "608.2", "amount target zone choose destination", "look at {amount} "
         "cards of {target}", B),
        ("reveal", "701.20", "target origin amount player", "{player}reveal {target}", N),
        ("shuffle", "701.24", "player", "{player}shuffle", N),
        ("copy", "707.10", "target amount player", "{player}copy {target} {amount}", B),
        ("become_copy", "707.2", "target copy_of exceptions duration",
         "{target} becomes a copy of {copy_of} {duration}", N),
        ("no_combat_damage", "510.1a", "target duration",
         "{target} assigns no combat damage {duration}", N),
        ("separate_piles", "700.3", "target amount player faces",
         "{player}separate {target} into {amount} piles {faces}", N),
        ("choose_pile", "700.3", "player", "{player}choose one of the piles", N),
        ("opening_hand_reveal", "103.6", "target when effects",
         "you may reveal {target} from your opening hand; if you do, {when}: {effects}", B),
        ("for_each_object", "608.2c", "each effects", "for each of {each}: {effects}", N),
        ("repeat", "608.2c", "amount", "repeat this process (more times: {amount})", N),
        ("may_exert", "701.43", "target", "you may exert {target} as it attacks", N),
        ("gains_this_ability", "707.9a", "target", "{target} has this ability", N),
        ("set_name", "707.9b", "target called", "{target} is named {called}", N),
        ("choose_new_targets", "707.10c", "", "choose new targets for the copy", N),
        ("extra_turn", "500.7", "player", "{player}take an extra turn", B),
        ("end_turn", "724.1", "", "end the turn", N),
        ("extra_combat", "500.8", "", "take an additional combat phase", B),
        ("choose_mode", "700.2", "count modes", "choose {count}: {modes}", N),
        ("may_play", "601.3", "target duration free cast", "play {target} {duration}", B),
        ("cast_copy_free", "601.2", "target", "cast {target} without paying its mana cost",
         B),
        ("attach", "701.3", "what target", "attach {what} to {target}", N),
        ("transform", "701.28", "target", "transform {target}", N),
        ("win_game", "104.2", "player", "{player}win the game", B),
        ("lose_game", "104.3", "player", "{player}lose the game", H),
        ("phase_out", "702.26", "target", "{target} phases out", N),
        ("choose", "700.1", "what target player", "{player}choose {what}", N),
        ("switch_pt", "613.4d", "target duration", "switch {target}'s power and toughness", N),
        ("become", "613.1d", "target what duration", "{target} becomes {what} {duration}", N),
        ("set_pt", "613.4b", "target power toughness duration", "{target} has base power and "
         "toughness {power}/{toughness} {duration}", N),
        ("double", "107.1", "what target", "double {what} of {target}", B),
        ("skip", "500.11", "what player", "{player}skip {what}", N),
        ("fight", "701.14", "source target", "{source} fights {target}", H),
        ("tap_or_untap", "701.26", "target", "tap or untap {target}", N),
        ("cant_be_countered", "101.2", "target", "{target} can't be countered", B),
        ("deal_damage_each", "120.1", "amount target", "deals {amount} damage to {target}", H),
        ("goad", "701.15", "target", "goad {target}", H),
        ("pay_or", "118.12", "cost effect", "unless {cost} is paid, {effect}", N),
        ("sequence", "608.2c", "effects", "{effects}", N),
        ("spree_mode", "702.172", "cost effects", "(+{cost}) {effects}", N),
        ("tiered_mode", "702.183", "cost effects", "(+{cost}) {effects}", N),
        ("delayed", "603.7", "when effects", "{when}, {effects}", N),
        ("note", "608.2", "what", "{what}", N),
        ("pay", "118.1", "cost player", "{player}pay {cost}", N),
        ("gain_level", "716.2", "amount", "gain level {amount}", B),
        ("solve", "719.3", "target", "{target} becomes solved", B),
        ("enters_as", "614.1c", "target what", "{target} enters {what}", N),
        ("create_emblem", "114.1", "ability player",
         "{player}get an emblem with \"{ability}\"", B),
        ("cast_from", "601.3", "target zone control",
         "you may cast {target} from {zone} (as long as there is {control})", B),
        ("cant_get_counters", "122.1", "target counter",
         "{target} can't get counters ({counter})", N),
        ("lose_abilities", "613.1f", "target keywords duration",
         "{target} loses {keywords} {duration}", N),
        ("reduce_cost", "601.2f", "target amount minimum",
         "activated abilities of {target} cost {amount} less to activate, to no less than "
         "{minimum} mana", B),
        ("reduce_keyword_cost", "601.2f", "keyword amount",
         "{keyword} abilities you activate cost {amount} less to activate", B),
        ("modify_cost", "601.2f", "target amount more per minimum ordinal",
         "{target} cost {amount} {more} to cast {per} {ordinal}", N),
        ("modify_activation_cost", "602.2b", "amount more per minimum",
         "this ability costs {amount} {more} to activate {per}", N),
        ("rules_change", "101.1", "rule player amount what duration",
         "{player}{rule} {what} {amount} {duration}",
         N),
        ("define_pt", "604.3", "target power toughness",
         "{target}'s power is {power} and its toughness is {toughness}", N),
        ("add_types", "205.1b", "target what duration",
         "{target} is {what} in addition to its other types {duration}", N),
        ("vanguard", "902.2", "hand life", "hand size {hand}, starting life {life}", N),
        ("hinder", "101.2", "what target", "{target}: {what}", H),
        ("double_triggers", "603.2d", "target what", "{target}: {what}", B),
        ("additional_cost", "601.2b", "cost", "as an additional cost, {cost}", N),
        ("station", "702.184", "amount", "station (charge counters) {amount}", N),
        ("assign_as_though_unblocked", "510.1c", "target",
         "{target} assigns its combat damage as though it weren't blocked", B),
        ("assign_by_toughness", "510.1a", "target duration",
         "{target} assigns combat damage equal to its toughness rather than its power "
         "{duration}", B),
        ("protection_keeps", "702.16d", "target",
         "{target} isn't removed by the protection it gives", N),
        ("untap_during", "502.3", "target what", "untap {target} during {what}", B),
        ("redirect_damage", "614.9", "target instead_of",
         "damage that would be dealt to {instead_of} is dealt to {target} instead", N),
        ("life_floor", "614.1a", "amount",
         "damage can't reduce your life total below {amount}", B),
        ("cant_gain_abilities", "613.1f", "target keywords duration",
         "{target} can't have or gain {keywords} {duration}", N),
        ("lose_all_abilities", "613.1f", "target duration",
         "{target} loses all abilities {duration}", N),
        ("gain_abilities_of", "613.1f", "target of kinds duration",
         "{target} has all {kinds} abilities of {of} {duration}", B),
        ("remove_types", "205.1a", "target what duration",
         "{target} isn't a {what} {duration}", N),
        ("change_amount", "614.1a", "what amount", "{what} changed by {amount}", N),
        ("x_minimum", "107.3", "amount", "X must be at least {amount}", N),
        ("set_types", "205.1a", "target types subtypes keep duration",
         "{target} becomes a {types} ({subtypes}) {keep} {duration}", N),
        ("set_color", "105.3", "target color keep duration",
         "{target} becomes {color} {keep} {duration}", N),
        ("retains_type", "205.1b", "target what", "{target} is still a {what}", N),
        ("alternative_cost", "118.9", "target cost",
         "alternative cost of {target} (rather than its mana cost): {cost}", B),
        ("cast_restriction", "601.3", "target timing",
         "{target} can be cast only {timing}", N),
        ("cast_as_though_flash", "702.8a", "target extra",
         "{target} may be cast as though it had flash by paying {extra} more", B),
        ("begin_on_battlefield", "103.6", "target",
         "if {target} is in the opening hand, the game may begin with it on the battlefield",
         B),
        ("can_be_commander", "903.3d", "target", "{target} can be a commander", N),
        ("deck_copies", "100.2a", "target amount",
         "a deck can have {amount} cards named {target}", N),
        ("ante_only", "407.1", "target",
         "{target} is removed from the deck before playing unless playing for ante", N),
        ("flip_coin", "705.1", "amount player", "{player}flip {amount} coins", N),
        ("remove_from_combat", "506.4", "target", "remove {target} from combat", N),
        ("set_life", "119.5", "amount player", "{player}life total becomes {amount}", N),
        ("reveal_until", "701.20a", "filter player",
         "{player}reveal cards from the top of the library until revealing {filter}", N),
        ("exile_until", "701.13", "filter player",
         "{player}exile cards from the top of the library until exiling {filter}", N),
        ("redirect_next_damage", "614.9", "amount target to duration",
         "the next {amount} damage that would be dealt to {target} {duration} is dealt to "
         "{to} instead", N),
        ("flip", "709.2", "target", "flip {target}", N),
        ("amass", "701.47", "amount kind", "amass {kind} {amount}", B),
        ("spend_as_any", "609.4b", "target what",
         "spend mana as though it were mana of any {what} to cast {target}", B),
        ("change_targets", "115.7", "target how", "change the targets of {target} ({how})",
         N),
        ("create_replacement", "614.1a", "event watch effects duration",
         "{watch}, {effects} instead", N),
        ("target_requirement", "601.2c", "target player",
         "{player}must choose at least {target} as a target of each spell and ability "
         "if able", H),
        ("become_blocked", "509.1h", "target", "{target} becomes blocked", B),
        ("distribute_counters", "601.2d", "counter amount target player",
         "{player}distribute {amount} {counter} counters among {target}", B),
        ("put_counters_of", "122.1", "source target",
         "put the counters of {source} on {target}", B),
        ("crew_power", "702.122a", "target amount what",
         "{target} counts as having {amount} more power to {what}", B),
        ("turn_face", "708.2", "target face", "turn {target} face {face}", N),
        ("attach_object", "701.3", "object target", "attach {object} to {target}", N),
        ("move_counters", "122.5", "counter amount origin target",
         "move {amount} {counter} counters from {origin} onto {target}", N),
        ("grant_ability_choice", "613.1f", "target keywords duration",
         "{target} gains your choice of {keywords} {duration}", B),
        ("lose_ability_choice", "613.1f", "target keywords duration",
         "{target} loses your choice of {keywords} {duration}", N),
        ("set_base_power", "613.4b", "target amount duration",
         "{target} has base power {amount} {duration}", N),
        ("set_base_toughness", "613.4b", "target amount duration",
         "{target} has base toughness {amount} {duration}", N),
        ("spend_restriction", "106.6", "what uses spells sources",
         "spend this mana only {what}", N),
        ("keep_mana", "500.4", "player duration",
         "{player}don't lose this mana as steps and phases end {duration}", B),
        ("lock_or_unlock_door", "709.5", "target action", "{action} of {target}", N),
        ("become_prepared", "700.1", "target state", "{target} becomes {state}", N),
        ("become_aura", "303.4", "target enchant loses",
         "{target} loses {loses} and becomes an Aura enchantment with enchant {enchant}", N),
        ("end_by_paying", "116.2c", "cost", "pay {cost} to end this effect", N),
        ("reveal_at_random", "701.20a", "player amount",
         "{player}reveal {amount} cards at random from their hand", N),
        ("replace_next_draw", "614.11", "effects duration",
         "the next time you would draw a card {duration}, instead: {effects}", N),
        ("define_x", "107.3", "amount", "{amount}", N),
        ("exchange_life_totals", "701.12a", "player other",
         "{player}exchange life totals with {other}", N),
    ]
    specs = [EffectSpec(n, r, frozenset(p.split()), t, o) for n, r, p, t, o in rows]
    named = {s.name: i for i, s in enumerate(specs)}
    for action, rule in _KEYWORD_ACTIONS:
        key = action.lower().replace(" ", "_")
        if key in named:  # "sacrifice": the effect row above is the keyword action too
            specs[named[key]] = dataclasses.replace(specs[named[key]], keyword=action)
            continue
        template = _ACTION_TEMPLATES.get(key, f"{{player}}{action.lower()} {{amount}}")
        specs.append(EffectSpec(key, rule, frozenset({"amount", "target", "player"}),
                                template, Outcome.BENEFIT, action))
    return specs


_ACTION_TEMPLATES = {
    "detain": "detain {target}", "suspect": "suspect {target}",
    "manifest": "{player}manifest {target}", "cloak": "{player}cloak {target}",
    "endure": "{target} endures {amount}", "connive": "{target} connives {amount}",
    "abandon": "abandon {target}", "airbend": "{player}airbend {target}{amount}",
    "recruit": "{player}recruit",
}
"""``describe()`` of the keyword actions done to an object."""

_KEYWORD_ACTIONS: tuple[tuple[str, str], ...] = (
    ("Scry", "701.22"), ("Surveil", "701.25"), ("Mill", "701.17"),
    ("Investigate", "701.16"), ("Proliferate", "701.34"), ("Explore", "701.44"),
    ("Connive", "701.50"), ("Amass", "701.47"), ("Manifest", "701.40"),
    ("Manifest dread", "701.62"), ("Populate", "701.36"), ("Bolster", "701.39"),
    ("Adapt", "701.46"), ("Monstrosity", "701.37"), ("Detain", "701.35"),
    ("Venture into the dungeon", "701.49"), ("Incubate", "701.53"), ("Discover", "701.57"),
    ("Collect evidence", "701.59"), ("Suspect", "701.60"), ("Clash", "701.30"),
    ("Support", "701.41"), ("Endure", "701.63"), ("Earthbend", "701.65"),
    ("Waterbend", "701.66"), ("Airbend", "701.67"), ("Blight", "701.68"),
    ("Forage", "701.61"), ("Cloak", "701.58"), ("Time travel", "701.56"),
    ("Learn", "701.48"), ("Open an Attraction", "701.51"), ("Roll to visit your "
                                                            "Attractions", "701.52"),
    ("Exert", "701.43"), ("Planeswalk", "701.31"), ("Set in motion", "701.32"),
    ("Abandon", "701.33"), ("Vote", "701.38"), ("Fateseal", "701.29"),
    ("Meld", "701.42"), ("Assemble", "701.45"), ("Become the monarch", "724.1"),
    ("Take the initiative", "725.1"), ("Renew", "702.191"), ("Convert", "701.27"),
    ("Conjure", "702.1"), ("Seek", "702.1"), ("Perpetually", "702.1"),
    ("Harness", "701.64"), ("Heist", "702.1"), ("Specialize", "702.1"),
    ("Intensify", "702.1"), ("Double team", "702.1"), ("Villainous choice", "701.55"),
    ("Role", "111.10"), ("Ring tempts you", "701.54"), ("Behold", "701.69"),
    ("Exile", "701.13"), ("Sacrifice", "701.21"), ("Create", "111.1"), ("Recruit", "701.1"),
)

EFFECTS: dict[str, EffectSpec] = {s.name: s for s in _spec_rows()}
"""The effect registry: name -> :class:`EffectSpec`."""

KEYWORD_ACTIONS: dict[str, str] = {s.keyword.lower(): s.name for s in EFFECTS.values()
                                   if s.keyword}
"""Keyword action (lower case) -> effect name, for keyword coverage."""


def format_value(value: object) -> str:
    """An argument in English (objects by their words, amounts by their number)."""
    if value is None:
        return ""
    if isinstance(value, ObjectRef | Amount):
        return value.describe()
    if isinstance(value, Zone | Duration):
        return value.phrase if isinstance(value, Duration) else value.name.lower()
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, int):
        return f"+{value}" if value >= 0 else str(value)
    if isinstance(value, ManaCost):
        return str(value)
    if isinstance(value, tuple):
        if value and all(isinstance(v, ObjectRef) for v in value):
            return " and ".join(format_value(v) for v in value)
        if value and all(isinstance(v, KeywordAbility) for v in value):
            return ", ".join(str(v) for v in value)
        return "; ".join(format_value(v) if not isinstance(v, str) else v for v in value)
    if isinstance(value, Effect | KeywordAbility):
        return value.describe() if isinstance(value, Effect) else str(value)
    return str(value)


def _json_value(value: object) -> Any:
    if isinstance(value, ObjectRef | Amount):
        return value.to_json()
    if isinstance(value, Zone | Duration):
        return value.name.lower()
    if isinstance(value, ManaCost):
        return str(value)
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, Effect | KeywordAbility):
        return value.to_json()
    if value is None or isinstance(value, str | int | float | bool):
        return value
    describe = getattr(value, "to_json", None)
    return describe() if callable(describe) else str(value)


_ZONE_WORDS = {Zone.BATTLEFIELD: "battlefield", Zone.GRAVEYARD: "graveyard", Zone.HAND: "hand",
               Zone.LIBRARY: "library", Zone.EXILE: "exile", Zone.STACK: "stack",
               Zone.COMMAND: "command zone"}
"""Zone names as Oracle text writes them."""

_LIFE_EQUAL = re.compile(r"\b(gain|lose) a number (equal to .+) life$")
"""``"gain a number equal to its power life"`` -> ``"gain life equal to its power"``."""

_SINGULAR = re.compile(r"(?<![\w/+-])1 ((?:first |double )?\S+ )?(card|counter|coin)s\b")
"""``"draw 1 cards"`` -> ``"draw a card"``, ``"put 1 +1/+1 counters"`` -> ``"put a +1/+1
counter"``."""


_EVERY_EFFECT = frozenset({"chooser"})
"""Arguments every effect may have: ``chooser``, the player who decides an optional
effect when it is not the controller ("its controller may draw", CR 609.3)."""


def _singular(match: re.Match[str]) -> str:
    """"1 +1/+1 counters" -> "a +1/+1 counter", "1 energy counters" -> "an energy
    counter"."""
    word = f"{match[1] or ''}{match[2]}"
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of an ability: a registry name and its arguments (CR 609).

    Build it with :meth:`make`, which checks the name and the argument keys.
    """

    name: str
    """A key of :data:`EFFECTS`."""
    args: tuple[tuple[str, ArgValue], ...] = ()
    """Keyword arguments, in the order given."""
    optional: bool = False
    """"you may": the controller chooses whether to do it (CR 609.3)."""
    condition: str = ""
    """A condition on resolution (``"if you do"``, ``"if it's a creature"``)."""
    text: str = ""
    """The sentence it was read from, normalized."""

    @classmethod
    def make(cls, name: str, *, optional: bool = False, condition: str = "", text: str = "",
             **args: ArgValue) -> Effect:
        """Build an effect, checking ``name`` and every argument key against the registry.

        Raises
        ------
        OracleError
            For an unknown effect name or argument key.
        """
        spec = EFFECTS.get(name)
        if spec is None:
            raise OracleError(f"unknown effect {name!r}")
        unknown = set(args) - spec.params - _EVERY_EFFECT
        if unknown:
            raise OracleError(f"effect {name!r} has no argument {sorted(unknown)[0]!r}")
        return cls(name, tuple(args.items()), optional, condition, text)

    @property
    def spec(self) -> EffectSpec:
        """The registry row."""
        return EFFECTS[self.name]

    def arg(self, key: str, default: ArgValue = None) -> ArgValue:
        """The argument ``key``, or ``default``."""
        return next((v for k, v in self.args if k == key), default)

    def describe(self) -> str:
        """The effect in plain English, e.g. ``"deal 3 damage to any target"``."""
        text = self._zone_move() if self.name == "change_zone" else \
            self._look() if self.name == "look_at" else \
            self._search() if self.name == "search_library" else self._from_template()
        if self.name == "change_zone" and self.arg("random") is True:
            text = text.replace(" from ", " chosen at random from ", 1)   # CR 701.20a
        defined = next((v.where for _, v in self.args if isinstance(v, Amount) and v.where), "")
        if defined:
            text = f"{text}, where X is {defined}"
        condition, unless = self.condition, ""
        instead = ""
        if condition.endswith("(instead)"):           # "..., gain 8 life instead"
            condition, instead = condition.removesuffix("(instead)").strip().rstrip(","), \
                " instead"
        if f" {condition}".find(" unless ") >= 0:  # "unless that player pays {1}" goes last
            head, _, tail = f" {condition}".partition(" unless ")
            condition, unless = head.strip().rstrip(","), f" unless {tail}"
        text += instead
        if self.optional:
            chooser = self.arg("chooser")
            who = format_value(chooser) if chooser is not None else "you"
            player = self.arg("player")
            if chooser is None and text.startswith("you may "):
                pass                                  # a permission says "you may" itself
            elif chooser is not None and isinstance(player, ObjectRef) \
                    and player.text == getattr(chooser, "text", None):
                text = f"{who} may {text.removeprefix(who + ': ')}"   # they choose and do
            elif chooser is not None and not text.startswith(f"{who}: ") \
                    and "player" in self.spec.params and self.arg("player") is None:
                text = f"{who} may have you {text}"      # they choose, you do it
            elif chooser is not None and not text.startswith(f"{who}: "):
                text = f"{who} may choose that {text}"    # "... may have it deal 4 damage"
            elif chooser is None and text.split(" ", 1)[0] in _OBJECT_SUBJECTS \
                    and ": " not in text.split(",", 1)[0]:
                text = f"you may choose that {text}"      # "you may have it deal 4 damage"
            else:
                text = f"{who} may {text.removeprefix(who + ': ')}"
        if condition:
            text = f"{condition}, {text}"        # "if you do, you may draw a card"
        return (text + unless).replace(SELF, "this object")

    def _token_state(self) -> str:
        """", tapped and attacking", " attached to target creature"."""
        tapped, attacking = self.arg("tapped") is True, self.arg("attacking") is True
        state = " and ".join(w for w, on in (("tapped", tapped), ("attacking", attacking))
                             if on)
        text = f", {state}" if state else ""     # "create 1 token that's a copy of it, tapped"
        attached = self.arg("attached_to")
        if isinstance(attached, ObjectRef):
            text += f" attached to {attached.describe()}"
        return text

    def _search(self) -> str:
        """"search your library for a basic land card, reveal it, put it onto the
        battlefield tapped, then shuffle" (CR 701.23)."""
        player = self.arg("player")
        whose = f"{format_value(player)}'s" if isinstance(player, ObjectRef) else "your"
        text = f"search {whose} library for {format_value(self.arg('filter'))}"
        zones = self.arg("zones")
        if isinstance(zones, str) and zones:      # "your library and/or graveyard"
            text = f"search your {zones} for {format_value(self.arg('filter'))}"
        if isinstance(player, ObjectRef) and player.count.each:
            # "Each player searches their library ...": each searches their own
            text = f"{format_value(player)}: search their library for " \
                   f"{format_value(self.arg('filter'))}"
        amount = self.arg("amount")
        if isinstance(amount, Amount) and amount.variable.startswith("for each"):
            text += f" ({amount.variable})"
        found = self.arg("filter")
        # "search for up to two basic land cards, put them ...": the cards found
        it = "them" if isinstance(found, ObjectRef) and found.count.high != 1 else "it"
        if self.arg("reveal") is True:
            text += f", reveal {it}"
        destination, position = self.arg("destination"), self.arg("position")
        # the shuffle only when the text says it ("then shuffle"): a search alone doesn't
        shuffle = ", then shuffle" if self.arg("shuffle") is True else ""
        if destination is Zone.LIBRARY:
            place = "the bottom" if isinstance(position, str) and "bottom" in position \
                else "top"
            first = ", shuffle" if shuffle else ""
            return f"{text}{first}, put {it} on {place} of the library"
        if destination is Zone.BATTLEFIELD:
            tapped = " tapped" if self.arg("tapped") is True else ""
            return f"{text}, put {it} onto the battlefield{tapped}{shuffle}"
        if destination is Zone.EXILE:
            return f"{text}, exile {it}{shuffle}"
        if isinstance(destination, Zone):
            return f"{text}, put {it} into your {_ZONE_WORDS[destination]}{shuffle}"
        return text

    def _look(self) -> str:
        """"look at the top 3 cards of your library", "look at target player's hand"."""
        target, zone = self.arg("target"), self.arg("zone")
        whose = f"{format_value(target)}'s" if isinstance(target, ObjectRef) else "your"
        if zone is Zone.LIBRARY:
            amount = self.arg("amount")
            n = format_value(amount) if isinstance(amount, Amount) else "1"
            cards = "card" if n == "1" else f"{n} cards"
            return f"look at the top {cards} of {whose} library"
        if zone is Zone.HAND:
            return f"look at {whose} hand"
        return self._from_template()

    def _zone_move(self) -> str:
        """A zone change: the origin only when the object's words do not name it already
        ("move target card from your graveyard to hand", "move that card to hand"), then
        where it goes and how: tapped, attacking, face down, under whose control, in what
        order, for how long."""
        target = self.arg("target")
        what = format_value(target)
        amount = self.arg("amount")
        if isinstance(amount, Amount) and amount.value != 1 and what.startswith("the top card"):
            what = what.replace("the top card", f"the top {amount.describe()} cards", 1)
        origin, destination = self.arg("origin"), self.arg("destination")
        player = self.arg("player")
        words = f"{format_value(player)}: move {what}" if isinstance(player, ObjectRef) \
            else f"move {what}"
        if isinstance(origin, Zone) and _ZONE_WORDS[origin] not in what \
                and not (origin is Zone.BATTLEFIELD and "spell" in what):
            words += f" from {'exile' if origin is Zone.EXILE else 'the ' + _ZONE_WORDS[origin]}"
        where = _ZONE_WORDS[destination] if isinstance(destination, Zone) else "?"
        duration = self.arg("duration")
        text = self._zone_move_plain(words, destination, where) + self._entering()
        if isinstance(duration, Duration) and duration.phrase:
            return f"{text} {duration.phrase}"
        return text

    def _entering(self) -> str:
        """How a permanent enters: " and attacking", " transformed", " face down", " under
        its owner's control", " attached to target creature", " with a +1/+1 counter on
        it"."""
        parts: list[str] = []
        if self.arg("attacking") is True:
            parts.append("and attacking")
        if self.arg("transformed") is True:
            parts.append("transformed")
        if self.arg("face_down") is True:
            parts.append("face down")
        controller = self.arg("controller")
        if isinstance(controller, str) and controller:
            parts.append({"you": "under your control", "owner": "under its owner's control",
                          "that player": "under that player's control"}
                         .get(controller, f"under {controller}'s control"))
        order = self.arg("order")
        if order:
            parts.append("in a random order" if order == "random" else "in any order")
        attached = self.arg("attached_to")
        if isinstance(attached, ObjectRef):
            parts.append(f"attached to {attached.describe()}")
        counters = self.arg("enters_with")
        if isinstance(counters, tuple) and counters:
            parts.append("with " + " and ".join(e.text for e in counters
                                                if isinstance(e, Effect)) + " on it")
        return "".join(f" {p}" for p in parts)

    def _zone_move_plain(self, words: str, destination: object, where: str) -> str:
        # "of your choice" names who chooses, not whose the cards are
        what = format_value(self.arg("target")).replace(" of your choice", "")
        position = self.arg("position")
        if destination is Zone.LIBRARY and isinstance(position, str) and position:
            whose = "your" if "your" in what else "its owner's"
            if " or " in position:                  # "on the top or bottom" (owner's choice)
                return f"{words} to the top or bottom of {whose} library"
            if position.startswith("on top"):
                return f"{words} to the top of {whose} library"
            if position.startswith("on the bottom"):
                return f"{words} to the bottom of {whose} library"
            return f"{words} into {whose} library {position}"
        tapped = " tapped" if self.arg("tapped") is True else ""
        if destination in (Zone.HAND, Zone.GRAVEYARD):
            whose = "your" if "your" in what else "its owner's"
            return f"{words} to {whose} {where}"
        if destination is Zone.LIBRARY:
            return f"{words} into its owner's library (shuffled in)"
        return f"{words} {'into exile' if where == 'exile' else 'to the ' + where}{tapped}"

    def _prevention(self) -> str:
        """"prevent all combat damage that would be dealt to this object this turn"."""
        value = self.arg("amount")
        amount = value.variable if isinstance(value, Amount) and value.value is None \
            and value.variable not in ("X", "") else format_value(value) or "all"
        head = "the next time damage would be dealt, prevent" if self.arg("once") \
            else "prevent"
        words = [head, amount if amount != "that damage" else "that", str(self.arg("scope")
                                                                         or ""), "damage"]
        target, by = self.arg("target"), self.arg("by")
        if target is not None or by is not None:
            words.append("that would be dealt")
        if target is not None:
            words.append(f"to {format_value(target)}")
        if by is not None:
            words.append(f"by {format_value(by)}")
        words.append(format_value(self.arg("duration")))
        return " ".join(" ".join(words).split())

    def _set_types(self) -> str:
        """"target land becomes a Creature — Elemental that's still a Land until end of
        turn"."""
        types, subtypes = str(self.arg("types") or ""), str(self.arg("subtypes") or "")
        what = " — ".join(w for w in (types, subtypes) if w)
        keep = str(self.arg("keep") or "")
        if keep:
            keep = f" in addition to {keep}" if keep.startswith("its ") \
                else f" that's still a {keep}"
        duration = format_value(self.arg("duration"))
        text = f"{format_value(self.arg('target'))} becomes {what}{keep} {duration}"
        return " ".join(text.split())

    def _from_template(self) -> str:
        if self.name == "prevent_damage":
            return self._prevention()
        if self.name == "set_types":
            return self._set_types()
        special = self._special()
        if special is not None:
            return special
        values = {key: "" for key in self.spec.params}
        for key, value in self.args:
            values[key] = format_value(value)
            if self.name == "choose_mode" and key == "modes" and isinstance(value, tuple):
                values[key] = " • ".join(format_value(v) for v in value)
            if self.name == "set_pt" and isinstance(value, int):
                values[key] = str(value)  # base power and toughness carry no sign
            if key == "per" and isinstance(value, Amount) and value.value is None:
                values[key] = value.variable  # "for each Zombie you control"
        if values.get("player"):
            values["player"] = values["player"] + ": "
        if values.get("ordinal"):
            values["ordinal"] = f"({values['ordinal']})"   # "(the first each turn)"
        if values.get("counter") == "any":
            values["counter"] = ""   # "remove all counters", of every kind
        if values.get("source", "") in ("", "this object"):
            values["source"] = "it"
        text = " ".join(self.spec.template.format_map(values).split())
        if self.name == "double" and not values.get("target"):
            text = text.removesuffix(" of")      # "double the tokens created"
        text = _LIFE_EQUAL.sub(r"\1 life \2", text)
        amount = self.arg("amount")
        if self.name == "reveal" and isinstance(amount, Amount) and amount.value != 1:
            text = text.replace("the top card", f"the top {amount.describe()} cards", 1)
        chosen = self.arg("filter")
        if self.name == "discard" and isinstance(chosen, ObjectRef):
            text = f"{values.get('player', '')}discard {chosen.describe()}"
            if self.arg("random") is True:
                text += " at random"
        if self.name == "set_life" and not values.get("player"):
            text = f"your {text}"
        if self.name == "create_token":
            text += self._token_state()
            if self.arg("copy_of") is not None and "copy" not in text:
                text = f"{text} (a copy of {format_value(self.arg('copy_of'))})"
        controller = self.arg("controller")
        if self.name == "create_token" and isinstance(controller, ObjectRef):
            text = f"{controller.describe()}: {text}"     # "each opponent creates ..."
        elif self.name == "create_token" and isinstance(controller, str) and controller:
            text = f"{text} under {controller}'s control".replace("you's", "your") \
                .replace("under owner's", "under its owner's")
        exceptions = self.arg("exceptions")
        if isinstance(exceptions, tuple) and exceptions:
            # "..., except it's a 4/4 black Zombie" (CR 707.9)
            text += ", except: " + "; ".join(e.describe() for e in exceptions
                                             if isinstance(e, Effect))
        return _SINGULAR.sub(_singular, text)

    def _special(self) -> str | None:
        """The words of the effects whose template can't say them: a P/T change with a
        zero beside a negative ("-3/-0"), a discard of a named card, a look at a library's
        top cards or a player's hand."""
        if self.name == "modify_pt":
            power, toughness = self.arg("power"), self.arg("toughness")
            if isinstance(power, int) and isinstance(toughness, int) \
                    and (power < 0 or toughness < 0) and 0 in (power, toughness):
                signed = {p: (f"-{abs(p)}" if p <= 0 else f"+{p}") for p in (power, toughness)}
                words = f"{format_value(self.arg('target'))} gets {signed[power]}/" \
                        f"{signed[toughness]}"
                rest = " ".join(format_value(self.arg(k)) for k in ("per", "duration")
                                if self.arg(k))
                return f"{words} {rest}".strip()
            return None
        if self.name == "reveal" and self.arg("origin") is Zone.HAND:
            target = self.arg("target")
            if target is None:
                return "reveal your hand"
            if isinstance(target, ObjectRef) and target.filter.kind in ("player", "opponent"):
                return f"{target.describe()}: reveal their hand"
            return None
        if self.name == "define_pt" and (self.arg("power") is None) != (
                self.arg("toughness") is None):
            # "Daxos's toughness is equal to your devotion to white" (CR 604.3): one of them
            which = "power" if self.arg("power") is not None else "toughness"
            return f"{format_value(self.arg('target'))}'s {which} is " \
                f"{format_value(self.arg(which))}"
        if self.name == "restrict" and self.arg("restriction") == "can block additional " \
                "creatures":
            return f"{format_value(self.arg('target'))} can block " \
                f"{format_value(self.arg('amount'))} additional creatures each combat"
        if self.name == "cast_as_though_flash" and self.arg("extra") is None:
            return f"{format_value(self.arg('target'))} may be cast as though it had flash"
        if self.name == "discard":
            found = self.arg("filter")
            if isinstance(found, ObjectRef) and found.filter.kind == "it":
                who = format_value(self.arg("player"))
                return f"{who + ': ' if who else ''}discard {found.describe()}"
            return None
        if self.name == "add_mana":
            amount = self.arg("amount")
            if isinstance(amount, Amount) and amount.value is None and amount.variable:
                who = format_value(self.arg("player"))
                what = self.arg("mana") or self.arg("choice") or "mana"
                how = amount.variable if amount.variable != "X" else "X times"
                return f"{who + ': ' if who else ''}add {what} {how}"
            return None
        if self.name == "may_play":
            verb = "play" if self.arg("cast") is not True else "cast"
            words = f"you may {verb} {format_value(self.arg('target'))}"
            if self.arg("free") is True:
                words += " without paying its mana cost"
            duration = self.arg("duration")
            if isinstance(duration, Duration) and duration.phrase:
                words += f" {duration.phrase}"
            return words
        if self.name == "reveal":
            target = self.arg("target")
            if isinstance(target, ObjectRef) and target.filter.kind in ("player", "opponent") \
                    and self.arg("origin") is None:
                return f"{target.describe()} reveals their hand"
            return None
        if self.name == "look_at":
            amount, zone, whose = self.arg("amount"), self.arg("zone"), self.arg("target")
            owner = format_value(whose) + "'s" if whose is not None else "your"
            if zone is Zone.HAND:
                return f"look at {owner} hand"
            if zone is Zone.LIBRARY and isinstance(amount, Amount):
                top = "card" if amount.value == 1 else f"{amount.describe()} cards"
                return f"look at the top {top} of {owner} library"
        return None

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict: name, rule, args, optional, condition, text, description."""
        return {"name": self.name, "rule": self.spec.rule,
                "args": {k: _json_value(v) for k, v in self.args},
                "optional": self.optional, "condition": self.condition, "text": self.text,
                "description": self.describe()}
