"""Hand-written card definitions: ability data for lines the templates cannot read.

Where the grammar cannot reach a card, a TOML file in ``data/card_definitions/`` gives the
same ability values the compiler would have built (STYLE.md habit 6): effects through
:meth:`Effect.make` and the :data:`~.effects.EFFECTS` registry, costs through the
:data:`~.costs.COSTS` registry, and the ability dataclasses of :mod:`.abilities`. Every file
is validated when it is loaded: an unknown key, ability kind, effect, cost, argument or a
phrase the object grammar cannot read raises :class:`DefinitionError` naming the file, the
card and the key.

A file holds one or more ``[[card]]`` tables::

    [[card]]
    name = "Mana Reflection"
    lines = ["If you tap a permanent for mana"]    # the printed lines it replaces

    [[card.abilities]]
    kind = "replacement"                            # spell, activated, triggered, static,
    event = "mana"                                  # replacement
    [[card.abilities.effects]]
    name = "double"                                 # an EFFECTS key; other keys are its
    what = "mana produced"                          # arguments

``lines`` names the ability lines the definition covers, each by the start of the line as
:func:`~.text.normalize_line` gives it (reminder text removed, the card's own name written
``CARDNAME``, 2026 wording): :func:`~.compile.compile_card` skips those lines and puts the
definition's abilities where the first of them was. A covered line the card does not have
is reported on the profile as unsupported, so a stale definition is seen.

Argument values by key: ``target``, ``source``, ``filter``, ``player`` are object phrases
(``"target creature an opponent controls"``); ``targets`` a list of them; ``amount`` a number,
``"X"``, a counting phrase (``"for each Ninja you control"``) or ``{value, variable}``;
``origin``, ``destination``, ``zone`` zone names; ``duration`` a :class:`~.effects.Duration`
name; ``keywords`` a keyword list (``"flying and haste"``); ``effects`` and ``modes`` nested
effect tables; anything else a string, number or boolean.

Examples
--------
>>> text = '''
... [[card]]
... name = "Test Card"
... lines = ["Dance"]
... [[card.abilities]]
... kind = "spell"
... effects = [{name = "draw", amount = 2}]
... '''
>>> d = parse_definitions(text, "test.toml")["Test Card"]
>>> d.lines, [a.describe() for a in d.abilities]
(('Dance',), ['draw 2 cards'])
>>> parse_definitions(text.replace('"draw"', '"dance"'), "test.toml")
Traceback (most recent call last):
...
analyzer.oracle.definitions.DefinitionError: test.toml: card 'Test Card': \
abilities[0].effects[0].name: unknown effect 'dance'
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analyzer.data_files import data_dir
from analyzer.oracle.abilities import (
    Ability,
    ActivatedAbility,
    ReplacementEffect,
    SpellAbility,
    StaticAbility,
    Timing,
    Trigger,
    TriggeredAbility,
    TriggerEvent,
)
from analyzer.oracle.costs import COSTS, Cost
from analyzer.oracle.effects import EFFECTS, Amount, ArgValue, Duration, Effect
from analyzer.oracle.errors import OracleError
from analyzer.oracle.keywords import parse_keyword_list
from analyzer.oracle.objects import ObjectRef, Zone, parse_object

__all__ = [
    "CardDefinition",
    "DefinitionError",
    "card_definitions",
    "definitions_dir",
    "load_definitions",
    "parse_definitions",
]


class DefinitionError(OracleError):
    """A card definition file is invalid; the message names the file, card and key."""

    def __init__(self, file: str, card: str | None, key: str, problem: str) -> None:
        where = f"{file}: card {card!r}: {key}" if card is not None else f"{file}: {key}"
        super().__init__(f"{where}: {problem}")
        self.file = file
        """The definition file."""
        self.card = card
        """The card's name, ``None`` when the file itself is unreadable."""
        self.key = key
        """The key path inside the card table (``"abilities[0].effects[1].name"``)."""


@dataclass(frozen=True, slots=True)
class CardDefinition:
    """One card's hand-written abilities and the printed lines they replace."""

    name: str
    """The card's full name, as the card file spells it."""
    lines: tuple[str, ...]
    """The starts of the normalized ability lines it covers (see the module notes)."""
    abilities: tuple[Ability, ...]
    """The abilities that replace those lines, in order."""
    source: str = ""
    """The file it was read from."""

    def covers(self, line: str) -> str | None:
        """The entry of :attr:`lines` that ``line`` (normalized) starts with, or ``None``."""
        return next((start for start in self.lines if line.startswith(start)), None)


# -- validation helpers ---------------------------------------------------------------------

class _Context:
    """Where in which file and card we are, to name it in errors."""

    def __init__(self, file: str, card: str | None) -> None:
        self.file, self.card = file, card

    def fail(self, key: str, problem: str) -> DefinitionError:
        return DefinitionError(self.file, self.card, key, problem)

    def table(self, value: object, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"expected a table, got {value!r}")
        return value

    def tables(self, value: object, key: str) -> list[dict[str, Any]]:
        if not isinstance(value, list):
            raise self.fail(key, f"expected a list of tables, got {value!r}")
        return [self.table(v, f"{key}[{i}]") for i, v in enumerate(value)]

    def string(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"expected a string, got {value!r}")
        return value

    def keys(self, data: Mapping[str, Any], key: str, allowed: set[str],
             required: frozenset[str] | set[str] = frozenset()) -> None:
        for name in data:
            if name not in allowed:
                raise self.fail(f"{key}.{name}" if key else name,
                                f"unknown key {name!r} (expected one of {sorted(allowed)})")
        for name in required:
            if name not in data:
                raise self.fail(f"{key}.{name}" if key else name, "missing")

    def choice(self, value: object, key: str, options: Mapping[str, Any]) -> Any:
        text = self.string(value, key)
        if text.lower() not in options:
            raise self.fail(key, f"unknown value {text!r} (expected one of {sorted(options)})")
        return options[text.lower()]

    def object(self, value: object, key: str) -> ObjectRef:
        phrase = self.string(value, key)
        ref = parse_object(phrase)
        if ref is None:
            raise self.fail(key, f"cannot read the object phrase {phrase!r}")
        return ref


_ZONES = {z.name.lower(): z for z in Zone}
_DURATIONS = {d.name.lower(): d for d in Duration}
_EVENTS = {e.name.lower(): e for e in TriggerEvent}
_TIMINGS = {t.name.lower(): t for t in Timing}
_EFFECT_META = {"name", "optional", "condition", "text"}


def _amount(ctx: _Context, value: object, key: str) -> Amount:
    if isinstance(value, bool):
        raise ctx.fail(key, f"expected an amount, got {value!r}")
    if isinstance(value, int):
        return Amount(value)
    if isinstance(value, str):
        return Amount(None, value)
    table = ctx.table(value, key)
    ctx.keys(table, key, {"value", "variable"})
    number = table.get("value")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise ctx.fail(f"{key}.value", f"expected a whole number, got {number!r}")
    return Amount(number, ctx.string(table.get("variable", ""), f"{key}.variable"))


def _argument(ctx: _Context, name: str, value: object, key: str) -> ArgValue:
    """Convert one effect argument from TOML to its typed value (see the module notes)."""
    if name in ("target", "source", "filter", "player"):
        return ctx.object(value, key)
    if name == "targets":
        if not isinstance(value, list):
            raise ctx.fail(key, f"expected a list of object phrases, got {value!r}")
        return tuple(ctx.object(v, f"{key}[{i}]") for i, v in enumerate(value))
    if name == "amount":
        return _amount(ctx, value, key)
    if name in ("origin", "destination", "zone"):
        return ctx.choice(value, key, _ZONES)  # type: ignore[no-any-return]
    if name == "duration":
        return ctx.choice(value, key, _DURATIONS)  # type: ignore[no-any-return]
    if name == "keywords":
        keywords = parse_keyword_list(ctx.string(value, key))
        if keywords is None:
            raise ctx.fail(key, f"cannot read the keyword list {value!r}")
        return keywords
    if name in ("effects", "modes"):
        return tuple(_effect(ctx, t, f"{key}[{i}]")
                     for i, t in enumerate(ctx.tables(value, key)))
    if isinstance(value, str | int | bool):
        return value
    raise ctx.fail(key, f"expected a string, number or boolean, got {value!r}")


def _effect(ctx: _Context, data: dict[str, Any], key: str) -> Effect:
    name = ctx.string(data.get("name"), f"{key}.name")
    spec = EFFECTS.get(name)
    if spec is None:
        raise ctx.fail(f"{key}.name", f"unknown effect {name!r}")
    args: dict[str, ArgValue] = {}
    for arg, value in data.items():
        if arg in _EFFECT_META:
            continue
        if arg not in spec.params:
            raise ctx.fail(f"{key}.{arg}", f"effect {name!r} has no argument {arg!r} "
                                           f"(it takes {sorted(spec.params)})")
        args[arg] = _argument(ctx, arg, value, f"{key}.{arg}")
    optional = data.get("optional", False)
    if not isinstance(optional, bool):
        raise ctx.fail(f"{key}.optional", f"expected true or false, got {optional!r}")
    return Effect.make(name, optional=optional,
                       condition=ctx.string(data.get("condition", ""), f"{key}.condition"),
                       text=ctx.string(data.get("text", ""), f"{key}.text"), **args)


def _cost(ctx: _Context, data: dict[str, Any], key: str) -> Cost:
    ctx.keys(data, key, {"name", "what", "amount", "counter", "text"}, {"name"})
    name = ctx.string(data["name"], f"{key}.name")
    if name not in COSTS:
        raise ctx.fail(f"{key}.name", f"unknown cost {name!r}")
    what = ctx.object(data["what"], f"{key}.what") if "what" in data else None
    amount = data.get("amount", "")
    return Cost(name, what, str(amount), ctx.string(data.get("counter", ""), f"{key}.counter"),
                ctx.string(data.get("text", ""), f"{key}.text"))


def _effects(ctx: _Context, data: dict[str, Any], key: str) -> tuple[Effect, ...]:
    return tuple(_effect(ctx, t, f"{key}.effects[{i}]")
                 for i, t in enumerate(ctx.tables(data.get("effects", []), f"{key}.effects")))


def _word(ctx: _Context, data: dict[str, Any], key: str) -> str:
    return ctx.string(data.get("ability_word", ""), f"{key}.ability_word")


def _spell(ctx: _Context, data: dict[str, Any], key: str) -> Ability:
    ctx.keys(data, key, {"kind", "effects", "text", "ability_word"}, {"effects"})
    return SpellAbility(_effects(ctx, data, key), ctx.string(data.get("text", ""),
                                                             f"{key}.text"),
                        _word(ctx, data, key))


def _activated(ctx: _Context, data: dict[str, Any], key: str) -> Ability:
    ctx.keys(data, key, {"kind", "costs", "effects", "timing", "text", "ability_word"},
             {"costs", "effects"})
    costs = tuple(_cost(ctx, t, f"{key}.costs[{i}]")
                  for i, t in enumerate(ctx.tables(data["costs"], f"{key}.costs")))
    timing = data.get("timing", [])
    if not isinstance(timing, list):
        raise ctx.fail(f"{key}.timing", f"expected a list, got {timing!r}")
    return ActivatedAbility(
        costs, _effects(ctx, data, key),
        tuple(ctx.choice(t, f"{key}.timing[{i}]", _TIMINGS) for i, t in enumerate(timing)),
        ctx.string(data.get("text", ""), f"{key}.text"), _word(ctx, data, key))


def _triggered(ctx: _Context, data: dict[str, Any], key: str) -> Ability:
    ctx.keys(data, key, {"kind", "trigger", "condition", "effects", "text", "ability_word"},
             {"trigger", "effects"})
    raw = ctx.table(data["trigger"], f"{key}.trigger")
    ctx.keys(raw, f"{key}.trigger", {"event", "subject", "detail", "text"}, {"event"})
    subject, detail, text = (ctx.string(raw.get(k, ""), f"{key}.trigger.{k}")
                             for k in ("subject", "detail", "text"))
    trigger = Trigger(ctx.choice(raw["event"], f"{key}.trigger.event", _EVENTS), subject,
                      detail, text)
    return TriggeredAbility(trigger, _effects(ctx, data, key),
                            ctx.string(data.get("condition", ""), f"{key}.condition"),
                            ctx.string(data.get("text", ""), f"{key}.text"),
                            _word(ctx, data, key))


def _static(ctx: _Context, data: dict[str, Any], key: str) -> Ability:
    ctx.keys(data, key, {"kind", "mode", "effects", "costs", "condition", "text",
                         "ability_word"}, {"mode"})
    costs = tuple(_cost(ctx, t, f"{key}.costs[{i}]")
                  for i, t in enumerate(ctx.tables(data.get("costs", []), f"{key}.costs")))
    return StaticAbility(ctx.string(data["mode"], f"{key}.mode"), _effects(ctx, data, key),
                         costs, ctx.string(data.get("condition", ""), f"{key}.condition"),
                         ctx.string(data.get("text", ""), f"{key}.text"),
                         _word(ctx, data, key))


def _replacement(ctx: _Context, data: dict[str, Any], key: str) -> Ability:
    ctx.keys(data, key, {"kind", "event", "effects", "condition", "text"}, {"event"})
    return ReplacementEffect(ctx.string(data["event"], f"{key}.event"),
                             _effects(ctx, data, key),
                             ctx.string(data.get("condition", ""), f"{key}.condition"),
                             ctx.string(data.get("text", ""), f"{key}.text"))


_KINDS: dict[str, Callable[[_Context, dict[str, Any], str], Ability]] = {
    "spell": _spell, "activated": _activated, "triggered": _triggered, "static": _static,
    "replacement": _replacement}


def _ability(ctx: _Context, data: dict[str, Any], key: str) -> Ability:
    kind = ctx.choice(data.get("kind"), f"{key}.kind", _KINDS)
    try:
        return kind(ctx, data, key)  # type: ignore[no-any-return]
    except DefinitionError:
        raise
    except OracleError as err:  # Effect.make or Cost refused a value
        raise ctx.fail(key, str(err)) from err


def _card(file: str, data: dict[str, Any], index: int) -> CardDefinition:
    name = data.get("name")
    ctx = _Context(file, name if isinstance(name, str) else None)
    if not isinstance(name, str) or not name:
        raise DefinitionError(file, None, f"card[{index}].name", "missing or not a string")
    ctx.keys(data, "", {"name", "lines", "abilities"}, {"lines", "abilities"})
    lines = data["lines"]
    if not isinstance(lines, list) or not lines:
        raise ctx.fail("lines", f"expected a non-empty list of line starts, got {lines!r}")
    starts = tuple(ctx.string(v, f"lines[{i}]") for i, v in enumerate(lines))
    abilities = tuple(_ability(ctx, t, f"abilities[{i}]")
                      for i, t in enumerate(ctx.tables(data["abilities"], "abilities")))
    return CardDefinition(name, starts, abilities, file)


# -- loading -------------------------------------------------------------------------------

def parse_definitions(text: str, file: str = "<string>") -> dict[str, CardDefinition]:
    """Read and validate one definition file's TOML text: ``{card name: definition}``.

    Raises
    ------
    DefinitionError
        For TOML that does not parse, an unknown key, kind, effect, cost, argument, zone,
        duration, trigger event or timing, an unreadable object phrase or keyword list, or a
        card defined twice.
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DefinitionError(file, None, "(file)", f"not valid TOML: {err}") from err
    ctx = _Context(file, None)
    ctx.keys(document, "", {"card"})
    found: dict[str, CardDefinition] = {}
    for i, data in enumerate(ctx.tables(document.get("card", []), "card")):
        definition = _card(file, data, i)
        if definition.name in found:
            raise DefinitionError(file, definition.name, "name", "defined twice")
        found[definition.name] = definition
    return found


def load_definitions(folder: Path) -> dict[str, CardDefinition]:
    """Read and validate every ``*.toml`` file of ``folder`` (not cached).

    Raises
    ------
    DefinitionError
        For an invalid file (see :func:`parse_definitions`) or a card defined in two files.
    """
    found: dict[str, CardDefinition] = {}
    for path in sorted(folder.glob("*.toml")):
        for name, definition in parse_definitions(path.read_text(encoding="utf-8"),
                                                  path.name).items():
            if name in found:
                raise DefinitionError(path.name, name, "name",
                                      f"already defined in {found[name].source}")
            found[name] = definition
    return found


def definitions_dir() -> Path:
    """The shipped definitions: ``data/card_definitions`` (``analyzer/_data/...`` installed)."""
    return data_dir() / "card_definitions"


@functools.cache
def card_definitions() -> Mapping[str, CardDefinition]:
    """The shipped definitions, loaded and validated once per process: ``{name: definition}``.

    Raises
    ------
    DefinitionError
        If a shipped file is invalid (a packaging bug: the test suite loads them all).
    """
    folder = definitions_dir()
    return load_definitions(folder) if folder.is_dir() else {}
