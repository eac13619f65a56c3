"""Sentences linked to the one before (CR 603.12, 608.2c): exert and its "When you do",
"shuffle it" after a search, piles.

- "You may exert CARDNAME as it attacks." is a static ability: as attackers are declared,
  its controller may exert it (CR 701.43, 508.1); it is read as a ``may_exert`` effect.
  A "When you do, ..." after it is a triggered ability that triggers when it is exerted
  ("Whenever you exert CARDNAME", CR 603.2): :func:`read_exert_line` returns both.
- "If you search your library this way, shuffle it." : "it" is the library searched.

Examples
--------
>>> found = read_exert_line("You may exert CARDNAME as it attacks. When you do, it gets "
...                         "+1/+1 until end of turn.")
>>> [a.kind for a in found], found[1].trigger.detail, found[1].effects[0].describe()
(['static', 'triggered'], 'exert CARDNAME', 'this object gets +1/+1 until end of turn')
"""

from __future__ import annotations

from analyzer.oracle.abilities import StaticAbility, Trigger, TriggeredAbility, TriggerEvent
from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.grammar.clause import frame
from analyzer.oracle.lexer import Token, tokenize
from analyzer.oracle.objects import ObjectFilter, ObjectRef, Zone, parse_object
from analyzer.oracle.syntax import Clause
from analyzer.oracle.text import SELF, split_sentences

__all__ = ["read_exert_line", "read_opening_hand_line"]

Effects = tuple[Effect, ...]

_EXERT = f"You may exert {SELF} as it attacks."
_WHEN_YOU_DO = "When you do, "


def read_exert_line(line: str) -> tuple[StaticAbility | TriggeredAbility, ...] | None:
    """"You may exert CARDNAME as it attacks. [When you do, <effects>.]" (CR 701.43): the
    static ability that lets its controller exert it as it attacks, and the triggered
    ability "when you do" (it triggers when you exert CARDNAME, CR 603.2); ``None`` for
    another line or effects not read. "it" in the effects is the exerted creature."""
    from analyzer.oracle.grammar.sentence import parse_effects_tokens

    sentences = split_sentences(line.strip())
    if not sentences or sentences[0] != _EXERT or len(sentences) > 2:
        return None
    me = parse_object(SELF)
    static = StaticAbility("rules_change", (Effect.make("may_exert", target=me,
                                                        text=_EXERT.rstrip(".")),),
                           text=_EXERT)
    if len(sentences) == 1:
        return (static,)
    rest = sentences[1]
    if not rest.startswith(_WHEN_YOU_DO):
        return None
    body = rest[len(_WHEN_YOU_DO):].rstrip(".")
    tokens = tuple(Token("SELF", SELF) if t.kind == "WORD" and t.low == "it" else t
                   for t in tokenize(body))
    effects = parse_effects_tokens(tokens, 0, len(tokens))
    if effects is None:
        return None
    trigger = Trigger(TriggerEvent.OTHER, "you", f"exert {SELF}", f"When you exert {SELF}")
    return static, TriggeredAbility(trigger, effects, "", line.strip())


_REVEAL_OPENING = f"You may reveal {SELF} from your opening hand."
_FIRST = ("at the beginning of the first upkeep", "at the beginning of your first upkeep",
          "at the beginning of your first main phase")


def read_opening_hand_line(line: str) -> StaticAbility | None:
    """"You may reveal CARDNAME from your opening hand. If you do, at the beginning of the
    first upkeep, <effects>." (the Chancellors, CR 103.6: an action taken with a card in the
    opening hand; it sets up a delayed triggered ability, CR 603.7): an
    ``opening_hand_reveal`` with when the effects happen; ``None`` for another line."""
    from analyzer.oracle.grammar.sentence import parse_effects_tokens

    sentences = split_sentences(line.strip())
    if len(sentences) != 2 or sentences[0] != _REVEAL_OPENING \
            or not sentences[1].startswith("If you do, "):
        return None
    rest = sentences[1][len("If you do, "):].rstrip(".")
    low = rest.lower()
    when = next((w for w in _FIRST if low.startswith(w + ", ")), None)
    body = rest[len(when) + 2:] if when is not None else ""
    if when is None:
        when = next((w for w in _FIRST if low.endswith(" " + w)), None)
        body = rest[:len(rest) - len(when) - 1] if when is not None else ""
    if when is None:
        return None
    tokens = tokenize(body[:1].lower() + body[1:])
    effects = parse_effects_tokens(tokens, 0, len(tokens))
    if effects is None:
        return None
    effect = Effect.make("opening_hand_reveal", target=parse_object(SELF), when=when,
                         effects=effects, text=line.strip())
    return StaticAbility("rules_change", (effect,), text=line.strip())


@frame("no_combat_damage", "{subject:np} assigns no combat damage")
def _no_combat_damage(c: Clause) -> Effect | None:
    """"If you do, CARDNAME assigns no combat damage this turn." (CR 510.1a: a creature
    that assigns no combat damage deals none; the duration is the clause's)."""
    subject = c.subject
    if subject is None or subject.filter.kind in ("player", "opponent"):
        return None
    return Effect.make("no_combat_damage", target=subject, duration=Duration.PERMANENT,
                       text=c.text)


# -- piles (CR 700.3) ----------------------------------------------------------------------

@frame("separate_piles", "{who:player?} separate|separates {target:np} into {n:amount} piles",
       "{who:player?} separate|separates {target:np} into {n:amount} face-down piles",
       "{who:player?} separate|separates {target:np} into a face-down pile and a face-up pile")
def _separate(c: Clause) -> Effect | None:
    """"An opponent separates those cards into two piles" (Fact or Fiction), "separate them
    into a face-down pile and a face-up pile" (CR 700.3: the player who separates puts
    each object into one pile)."""
    target = c.slot("target")
    if target is None or target.filter.kind in ("player", "opponent"):
        return None
    words = c.frame_text.lower()
    faces = "one face down, one face up" if "face-up pile" in words else \
        "face down" if "face-down piles" in words else ""
    amount = c.slot("n") or Amount(2)
    who = c.subject if c.subject is not None and c.subject.text.lower() != "you" else None
    return Effect.make("separate_piles", target=target, amount=amount, player=who,
                       faces=faces, text=c.text)


@frame("choose_pile", "{who:player} choose|chooses one of those|the piles")
def _choose_pile(c: Clause) -> Effect | None:
    """"An opponent chooses one of those piles." (CR 700.3)."""
    who = c.subject
    if who is None:
        return None
    return Effect.make("choose_pile", player=None if who.text.lower() == "you" else who,
                       text=c.text)


_CHOSEN_PILE = ObjectRef(ObjectFilter(kind="it"), text="the chosen pile")
_OTHER_PILE = ObjectRef(ObjectFilter(kind="it"), text="the other pile")


@frame("put_piles", "put one|that pile into {a:zone} and the other into {b:zone}",
       "put one|that pile into {a:zone} and the other on the bottom of {b:zone} in any order",
       "put the cards in that pile into {a:zone} and the rest on the bottom of {b:zone} in "
       "any order")
def _put_piles(c: Clause) -> Effects | None:
    """"Put one pile into your hand and the other into your graveyard." (Fact or Fiction:
    you choose the pile, CR 700.3), "Put that pile into your hand and the other into your
    graveyard." (the pile chosen before): the chosen pile and the other pile moved; their
    zone is where the separated cards are (:func:`~.sentence.infer_origins`)."""
    first, second = c.slot("a"), c.slot("b")
    if first not in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE) \
            or second not in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY):
        return None
    words = c.frame_text.lower()
    bottom = " on the bottom of " in words
    if bottom != (second is Zone.LIBRARY):
        return None
    found: list[Effect] = []
    if words.startswith("put one pile"):
        found.append(Effect.make("choose_pile", player=None, text=c.text))
    found.append(Effect.make("change_zone", target=_CHOSEN_PILE, origin=None,
                             destination=first, text=c.text))
    found.append(Effect.make("change_zone", target=_OTHER_PILE, origin=None,
                             destination=second, position="on the bottom of" if bottom
                             else None, order="any" if bottom else None, text=c.text))
    return tuple(found)


@frame("repeat", "repeat this process any number of times", "repeat this process once",
       "repeat this process {n:amount} more times", "repeat this process twice")
def _repeat(c: Clause) -> Effect:
    """"You may repeat this process any number of times." (Ad Nauseam), "Then repeat this
    process X more times.": the instructions before it in the ability, done again
    (CR 608.2c); ``amount`` is how many more times (``"any number of times"`` when the
    player stops when they choose)."""
    words = c.frame_text.lower()
    amount = c.slot("n") or (Amount(1) if words.endswith("once") else Amount(2)
                             if words.endswith("twice") else
                             Amount(None, "any number of times"))
    return Effect.make("repeat", amount=amount, text=c.text)


@frame("shuffle", "shuffle it", "{who:player} shuffles it")
def _shuffle_it(c: Clause) -> Effect:
    """"If you search your library this way, shuffle it.", "Then each player who searched
    their library this way shuffles it." (CR 701.24): "it" is the library searched, the
    only thing the card pool writes "shuffle it" of."""
    who = c.subject if c.subject is not None and c.subject.text.lower() != "you" else None
    return Effect.make("shuffle", player=who, text=c.text)

