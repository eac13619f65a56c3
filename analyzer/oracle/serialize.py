"""Card profiles to JSON and back, driven by the dataclasses' own type hints.

The card database stores each card's compiled :class:`~analyzer.oracle.profile.CardProfile`
(:mod:`analyzer.cards.profiles`), so a deck opens without reading Oracle text again. The
codec here knows no profile field by name: it walks the type hints of each frozen dataclass
(``typing.get_type_hints``), so a field added to any profile class later round-trips as soon
as its type is one of these:

- ``None``, ``bool``, ``int``, ``float``, ``str`` -> themselves;
- an ``enum.Flag`` (``Color``) -> its integer value; any other ``enum.Enum`` -> its member name;
- a dataclass -> an object of its ``init`` fields, fields equal to their default left out;
- ``tuple[X, ...]``, ``list[X]``, ``frozenset[X]`` (sorted, for a stable text), fixed
  ``tuple[X, Y]`` -> arrays; ``dict[str, X]`` -> an object;
- a union of several types (``Ability``, an effect's ``ArgValue``, ``tuple[ManaCost, ...] |
  ManaChoice``) -> ``{"@": "<type name>", "v": <value>}``, naming the member that holds the
  value; ``X | None`` -> ``null`` or ``X``'s form.

Decoding rebuilds the exact values: ``profile_from_json(profile_to_json(p)) == p`` for every
profile of the real card file (``tests/oracle/test_serialize.py``). A type outside this list
raises :class:`ProfileFormatError` when its codec is built, naming the class and field.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, ForwardRef, TypeVar

from analyzer.oracle.errors import OracleError
from analyzer.oracle.profile import CardProfile

__all__ = ["ProfileFormatError", "decode", "encode", "profile_from_json", "profile_to_json"]

T = TypeVar("T")

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]

_NONE = type(None)
_TAG = "@"
_VALUE = "v"


class ProfileFormatError(OracleError):
    """A stored profile (or a value to store) does not fit the profile classes' types.

    The message names the path to the bad value (``"CardProfile.abilities[2].effects[0]"``)
    and what was expected there.
    """


def _resolve(tp: Any, owner: type | None) -> Any:
    """A type hint with forward references (``"Effect"``) evaluated in ``owner``'s module."""
    if isinstance(tp, str):
        tp = ForwardRef(tp)
    if isinstance(tp, ForwardRef):
        module = sys.modules[owner.__module__] if owner is not None else None
        namespace = dict(vars(module)) if module is not None else {}
        return _resolve(eval(tp.__forward_arg__, namespace), owner)
    return tp


def _type_name(tp: Any) -> str:
    """The tag naming a union member: ``"Amount"``, ``"tuple[ObjectRef,...]"``, ``"int"``."""
    if tp is Ellipsis:
        return "..."
    origin = typing.get_origin(tp)
    if origin is None:
        return getattr(tp, "__name__", repr(tp))
    args = ",".join(_type_name(a) for a in typing.get_args(tp))
    return f"{getattr(origin, '__name__', repr(origin))}[{args}]"


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def _fits(value: Any, tp: Any) -> bool:
    """Whether ``value`` is of type ``tp`` (for choosing a union member when encoding)."""
    if tp is Any:
        return True
    if tp is _NONE:
        return value is None
    if tp is bool:
        return type(value) is bool
    if tp is int or tp is str:
        return type(value) is tp  # not a bool, not an IntEnum or StrEnum member
    if tp is float:
        return isinstance(value, float | int) and not isinstance(value, bool)
    if _is_union(tp):
        return any(_fits(value, a) for a in typing.get_args(tp))
    origin = typing.get_origin(tp)
    if origin is None:
        return isinstance(value, tp)
    if not isinstance(value, origin):
        return False
    args = typing.get_args(tp)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return len(value) == len(args) and all(_fits(v, a) for v, a in zip(value, args,
                                                                             strict=True))
    if origin is dict:
        return all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    return all(_fits(v, args[0]) for v in value) if args else True


# -- encoders ---------------------------------------------------------------------------------

_ENCODERS: dict[Any, Encoder] = {}
_DECODERS: dict[Any, Decoder] = {}


def _identity(value: Any) -> Any:
    return value


def _primitive_encoder(tp: type) -> Encoder:
    def encode_primitive(value: Any) -> Any:
        if not _fits(value, tp):
            raise ProfileFormatError(f"expected {tp.__name__}, found {value!r:.60}")
        return value
    return encode_primitive


def _encoder(tp: Any, owner: type | None = None) -> Encoder:
    """The encoder of values of type ``tp`` (built once per type, then cached)."""
    tp = _resolve(tp, owner)
    found = _ENCODERS.get(tp)
    if found is None:
        found = _ENCODERS[tp] = _make_encoder(tp)
    return found


def _make_encoder(tp: Any) -> Encoder:
    if tp is Any:
        return _identity
    if tp in (bool, int, float, str, _NONE):
        return _primitive_encoder(tp)
    if _is_union(tp):
        members = [a for a in typing.get_args(tp) if a is not _NONE]
        optional = len(members) < len(typing.get_args(tp))
        if len(members) == 1:
            inner = _encoder(members[0])

            def encode_optional(value: Any) -> Any:
                return None if value is None else inner(value)
            return encode_optional
        tagged = [(m, _type_name(m)) for m in members]

        def encode_union(value: Any) -> Any:
            if value is None and optional:
                return None
            for member, name in tagged:
                if _fits(value, member):
                    return {_TAG: name, _VALUE: _encoder(member)(value)}
            raise ProfileFormatError(f"{value!r:.60} is none of {_type_name(tp)}")
        return encode_union
    origin = typing.get_origin(tp)
    if origin is not None:
        args = typing.get_args(tp)
        if origin is tuple and args and args[-1] is not Ellipsis:
            parts = [_encoder(a) for a in args]
            return lambda value: [enc(v) for enc, v in zip(parts, value, strict=True)]
        if origin in (tuple, list):
            item = _encoder(args[0]) if args else _identity
            return lambda value: [item(v) for v in value]
        if origin in (frozenset, set):
            item = _encoder(args[0]) if args else _identity
            return lambda value: sorted((item(v) for v in value),
                                        key=lambda e: json.dumps(e, sort_keys=True))
        if origin is dict and args and args[0] is str:
            item = _encoder(args[1])
            return lambda value: {k: item(v) for k, v in value.items()}
        raise ProfileFormatError(f"no JSON form for the type {tp!r}")
    if isinstance(tp, type) and issubclass(tp, enum.Flag):
        return lambda value: value.value
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda value: value.name
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_encoder(tp)
    raise ProfileFormatError(f"no JSON form for the type {tp!r}")


def _default_of(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def _init_fields(cls: type) -> list[tuple[str, Any, Any]]:
    """``(name, type hint, default or MISSING)`` of a dataclass's ``init`` fields."""
    try:
        hints = typing.get_type_hints(cls)
    except (NameError, TypeError) as err:
        raise ProfileFormatError(f"cannot read the type hints of {cls.__name__}: {err}") \
            from err
    return [(f.name, hints[f.name], _default_of(f))
            for f in dataclasses.fields(cls) if f.init]


def _dataclass_encoder(cls: type) -> Encoder:
    # Filled on first use (the field types may name classes defined later); a list built
    # whole and then stored, so two threads encoding at once at worst both build it.
    built: list[list[tuple[str, Encoder, Any]]] = []

    def encode_dataclass(value: Any) -> Any:
        if not built:
            built.append([(name, _encoder(hint, cls), default)
                          for name, hint, default in _init_fields(cls)])
        fields = built[0]
        if not isinstance(value, cls):
            raise ProfileFormatError(f"expected {cls.__name__}, found {value!r:.60}")
        result: dict[str, Any] = {}
        for name, encode_field, default in fields:
            field_value = getattr(value, name)
            if default is not dataclasses.MISSING and field_value == default \
                    and type(field_value) is type(default):
                continue
            try:
                result[name] = encode_field(field_value)
            except ProfileFormatError as err:
                raise ProfileFormatError(f"{cls.__name__}.{name}: {err}") from None
        return result
    return encode_dataclass


# -- decoders ---------------------------------------------------------------------------------


def _decoder(tp: Any, owner: type | None = None) -> Decoder:
    """The decoder of JSON data into values of type ``tp`` (built once per type)."""
    tp = _resolve(tp, owner)
    found = _DECODERS.get(tp)
    if found is None:
        found = _DECODERS[tp] = _make_decoder(tp)
    return found


def _bad(expected: str, data: Any) -> ProfileFormatError:
    return ProfileFormatError(f"expected {expected}, found {data!r:.60}")


def _make_decoder(tp: Any) -> Decoder:
    if tp is Any:
        return _identity
    if tp in (bool, int, str, _NONE):
        def decode_primitive(data: Any) -> Any:
            if not _fits(data, tp):
                raise _bad(tp.__name__, data)
            return data
        return decode_primitive
    if tp is float:
        def decode_float(data: Any) -> Any:
            if not _fits(data, float):
                raise _bad("a number", data)
            return float(data)
        return decode_float
    if _is_union(tp):
        members = [a for a in typing.get_args(tp) if a is not _NONE]
        if len(members) == 1:
            inner = _decoder(members[0])
            return lambda data: None if data is None else inner(data)
        by_name = {_type_name(m): m for m in members}

        def decode_union(data: Any) -> Any:
            if data is None:
                if len(members) == len(typing.get_args(tp)):
                    raise _bad(_type_name(tp), data)
                return None
            if not isinstance(data, dict) or set(data) != {_TAG, _VALUE} \
                    or data[_TAG] not in by_name:
                raise _bad(f'{{"@": one of {sorted(by_name)}, "v": ...}}', data)
            return _decoder(by_name[data[_TAG]])(data[_VALUE])
        return decode_union
    origin = typing.get_origin(tp)
    if origin is not None:
        return _generic_decoder(tp, origin, typing.get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Flag):
        def decode_flag(data: Any) -> Any:
            if not _fits(data, int):
                raise _bad(f"{tp.__name__} as an integer", data)
            return tp(data)
        return decode_flag
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        def decode_enum(data: Any) -> Any:
            if not isinstance(data, str) or data not in tp.__members__:
                raise _bad(f"a {tp.__name__} name", data)
            return tp[data]
        return decode_enum
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    raise ProfileFormatError(f"no JSON form for the type {tp!r}")


def _generic_decoder(tp: Any, origin: Any, args: tuple[Any, ...]) -> Decoder:
    if origin is tuple and args and args[-1] is not Ellipsis:
        parts = [_decoder(a) for a in args]

        def decode_fixed(data: Any) -> Any:
            if not isinstance(data, list) or len(data) != len(parts):
                raise _bad(f"an array of {len(parts)}", data)
            return tuple(dec(d) for dec, d in zip(parts, data, strict=True))
        return decode_fixed
    if origin in (tuple, list, frozenset, set):
        item = _decoder(args[0]) if args else _identity

        def decode_sequence(data: Any) -> Any:
            if not isinstance(data, list):
                raise _bad("an array", data)
            items = []
            for index, d in enumerate(data):
                try:
                    items.append(item(d))
                except ProfileFormatError as err:
                    raise ProfileFormatError(f"[{index}]: {err}") from None
            return origin(items)
        return decode_sequence
    if origin is dict and args and args[0] is str:
        value_decoder = _decoder(args[1])

        def decode_dict(data: Any) -> Any:
            if not isinstance(data, dict):
                raise _bad("an object", data)
            return {k: value_decoder(v) for k, v in data.items()}
        return decode_dict
    raise ProfileFormatError(f"no JSON form for the type {tp!r}")


def _dataclass_decoder(cls: type) -> Decoder:
    built: list[dict[str, Decoder]] = []

    def decode_dataclass(data: Any) -> Any:
        if not built:
            built.append({name: _decoder(hint, cls) for name, hint, _ in _init_fields(cls)})
        fields = built[0]
        if not isinstance(data, dict):
            raise _bad(f"a {cls.__name__} object", data)
        unknown = set(data) - set(fields)
        if unknown:
            raise ProfileFormatError(
                f"{cls.__name__} has no field {sorted(unknown)[0]!r} (a profile written by "
                "another compiler version? compile the card again)")
        kwargs = {}
        for name, value in data.items():
            try:
                kwargs[name] = fields[name](value)
            except ProfileFormatError as err:
                raise ProfileFormatError(f"{cls.__name__}.{name}: {err}") from None
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as err:
            raise ProfileFormatError(f"{cls.__name__}: {err}") from err
    return decode_dataclass


# -- public API -------------------------------------------------------------------------------


def encode(value: Any, tp: Any) -> Any:
    """``value`` (of type ``tp``) as JSON-able data (lists, dicts, str, numbers, None).

    Raises
    ------
    ProfileFormatError
        ``value`` does not fit ``tp``, or ``tp`` has no JSON form (see the module docstring).
    """
    return _encoder(tp)(value)


def decode(data: Any, tp: type[T]) -> T:
    """The value of type ``tp`` that :func:`encode` turned into ``data``.

    Raises
    ------
    ProfileFormatError
        ``data`` does not fit ``tp``; the message names the path to the bad value.
    """
    return typing.cast(T, _decoder(tp)(data))


def profile_to_json(profile: CardProfile) -> str:
    """A profile as compact JSON text (what the card database stores).

    Examples
    --------
    >>> p = CardProfile("id-1", "Grizzly Bears", types=frozenset({"Creature"}))
    >>> profile_to_json(p)
    '{"card_id":"id-1","name":"Grizzly Bears","types":["Creature"]}'
    >>> profile_from_json(profile_to_json(p)) == p
    True
    """
    return json.dumps(encode(profile, CardProfile), ensure_ascii=False, separators=(",", ":"))


def profile_from_json(text: str) -> CardProfile:
    """The profile :func:`profile_to_json` wrote.

    Raises
    ------
    ProfileFormatError
        ``text`` is not JSON, or does not hold a profile of the current classes.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ProfileFormatError(f"a stored profile is not JSON: {err}") from err
    return decode(data, CardProfile)
