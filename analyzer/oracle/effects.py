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

import enum
import re
from dataclasses import dataclass
from typing import Any, TypeAlias

from analyzer.oracle.effect_registry import EFFECTS, EffectSpec, Outcome
from analyzer.oracle.errors import OracleError
from analyzer.oracle.keywords import KeywordAbility
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import ObjectRef, Quantity, Zone
from analyzer.oracle.text import SELF

__all__ = ["EFFECTS", "Amount", "Duration", "Effect", "EffectSpec", "Outcome"]


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
