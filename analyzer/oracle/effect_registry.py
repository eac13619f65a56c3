"""The effect registry (STYLE.md habits 5 and 6): every effect kind the Oracle compiler
writes, with the rule that defines it, the argument keys it accepts and its ``describe()``
template; and the keyword actions (CR 701) among them.

:class:`~analyzer.oracle.effects.Effect` checks each value it makes against :data:`EFFECTS`;
:mod:`analyzer.oracle.effects` re-exports the registry.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

__all__ = ["EFFECTS", "KEYWORD_ACTIONS", "EffectSpec", "Outcome"]


class Outcome(enum.Enum):
    """Who an effect usually helps, for search heuristics (STYLE.md habit 5)."""

    BENEFIT = enum.auto()
    """Good for its controller (draw, gain life, pump)."""
    HARM = enum.auto()
    """Bad for what it affects (destroy, damage, discard)."""
    NEUTRAL = enum.auto()
    """Depends on the target or the choice."""


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
