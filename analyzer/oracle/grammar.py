"""The effect grammar: one normalized sentence -> a tuple of :class:`~.effects.Effect`.

Each template is a precompiled regular expression over the whole sentence and a builder that
reads its groups with the typed sub-parsers (:func:`~.objects.parse_object` for noun phrases,
:func:`parse_amount` for numbers, :mod:`.keywords` for granted keywords). A builder returns
``None`` when a group does not parse, and the next template is tried. Sentences joined by
"then" or "and" are split and read part by part.

Examples
--------
>>> [e.describe() for e in parse_effects("Draw two cards, then discard a card.")]
['draw 2 cards', 'discard a card']
>>> e, = parse_effects("Exchange control of CARDNAME and target creature.")
>>> e.name, [t.filter.kind for t in e.arg("targets")]
('exchange_control', ['self', 'permanent'])
>>> parse_effects("Dance wildly.") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

from analyzer.oracle.effects import Amount, Duration, Effect
from analyzer.oracle.keywords import parse_keyword_list
from analyzer.oracle.mana import ManaCost
from analyzer.oracle.objects import (
    EACH,
    ObjectFilter,
    ObjectRef,
    Zone,
    lower_first,
    parse_number,
    parse_object,
)

__all__ = ["infer_origins", "lower_first", "parse_amount", "parse_condition", "parse_effects", "parse_target"]

Builder = Callable[[re.Match[str], str], "tuple[Effect, ...] | Effect | None"]

_DURATIONS = {"until end of turn": Duration.END_OF_TURN, "this turn": Duration.THIS_TURN,
              "until your next turn": Duration.NEXT_TURN}
_DUR = r"(?: (?P<dur>until end of turn|until your next turn|this turn))?"
_TAIL = r"(?P<tail> for each .+| equal to .+)?"


def parse_amount(word: str, tail: str | None = None) -> Amount | None:
    """``"two"`` -> ``Amount(2)``; ``"X"`` or a "for each" tail -> a counted amount.

    >>> parse_amount("three"), parse_amount("a", " for each creature you control").variable
    (Amount(value=3, variable='', where=''), 'for each creature you control')
    """
    tail = (tail or "").strip()
    low = word.lower()
    if low in ("that much", "that many", "twice that much", "half that many"):
        return Amount(None, low)
    n = parse_number(low)
    if n is None:
        return None
    if n == -1:
        return Amount(None, tail or "X")
    return Amount(None, tail) if tail else Amount(n)


def parse_target(text: str) -> ObjectRef | None:
    """A noun phrase, also "A and B" lists ("each creature and each player").

    >>> parse_target("each creature and each player").filter.kind
    'any'
    """
    ref = parse_object(text)
    if ref is not None:
        return ref
    for joiner in (" and ", " or ", " and/or "):
        if joiner in text:
            left, _, right = text.rpartition(joiner)
            left = left.rstrip(",")
            first, second = parse_target(left), parse_object(right)
            if first is not None and second is not None:
                # "each player and each other creature" (Exocrine): every object of both
                # groups, the source excluded when either group says "other".
                each = first.count.each or second.count.each or right.startswith("each ")
                other = first.filter.other or second.filter.other \
                    or right.startswith(("each other ", "all other ", "other "))
                return ObjectRef(ObjectFilter(kind="any", other=other),
                                 EACH if each else second.count, "target" in text, text)
    return None


_CONDITIONS = tuple(re.compile(p) for p in (
    r"^if you do$", r"^if you don't$", r"^if (?:it|this spell|CARDNAME) was (?:kicked|bargained|"
    r"cast from (?:exile|your graveyard|your hand))$", r"^if it's your turn$",
    r"^if you control (?:a|an|another|two or more|three or more) .+$",
    r"^if (?:it|that card|that creature|the exiled card|the revealed card|a card revealed "
    r"this way|the milled card|that permanent) (?:is|was) an? .+$",
    r"^if you have (?:\w+|at least \w+) or more (?:life|cards in hand)$",
    r"^if (?:a|an|another) .+ (?:died|entered|left the battlefield) (?:under your control )?"
    r"this turn$", r"^if you cast it from your hand$", r"^if (?:you|an opponent) (?:attacked|"
    r"gained life|lost life|cast .+) this turn$", r"^if that creature would die this turn$",
    r"^if (?:it|that creature|that permanent) has .+$", r"^if there are .+$",
    r"^if (?:you|that player) can't$", r"^if (?:it|this spell)'s (?:night|day)$",
    r"^if you have (?:the city's blessing|max speed)$", r"^if it's not your turn$",
    r"^if (?:you control|there are) .+$", r"^if X is \d+ or more$",
    r"^if (?:it|that spell) targets .+$", r"^otherwise$", r"^if no .+$",
    r"^if a player does$", r"^if they do$", r"^if they don't$", r"^if that player does$",
    r"^if that player doesn't$", r"^if (?:its|their) controller does$",
    r"^if (?:it|this creature|CARDNAME) is (?:attacking|tapped|untapped|monstrous)$",
    r"^if (?:it|CARDNAME) (?:isn't|wasn't) .+$", r"^if (?:it|they|you) (?:won|lost)(?: the "
    r"clash| the vote)?$", r"^if you're the monarch$",
    r"^if (?:\w+ or more|a|an) .+ (?:is|are) in your graveyard$",
    r"^if you sacrificed .+$", r"^if .+ (?:is|are) (?:in|on) (?:your|a) .+$",
    r"^if .+ mana was spent to cast (?:it|this spell)$", r"^if that card is .+$",
    r"^if (?:its|CARDNAME's|her|his|their|this spell's|this creature's) [a-z]+ cost was "
    r"paid(?: this turn)?$", r"^if (?:you|they|it) (?:win|lose)$",
    r"^if (?:you|an opponent|a player) (?:gained|lost) (?:\w+ or more )?life this turn$",
    r"^if (?:it|CARDNAME) entered this turn$", r"^if (?:it|CARDNAME) didn't die$",
    r"^when you do$", r"^if (?:it's|it is|CARDNAME is) attacking$",
))


def parse_condition(text: str) -> str | None:
    """A resolution or intervening-if condition the compiler recognises, else ``None``.

    >>> parse_condition("if you do"), parse_condition("if the moon is full")
    ('if you do', None)
    """
    low = text.strip().rstrip(",")
    low = low[:1].lower() + low[1:]
    if any(p.match(low) for p in _CONDITIONS):
        return low
    return None


# -- builders --------------------------------------------------------------------------------

def _who(m: re.Match[str], key: str = "who") -> ObjectRef | bool | None:
    """The player subject of a player verb; ``None`` for "you"; ``False`` if unreadable."""
    raw = m.groupdict().get(key)
    if not raw or raw.strip() in ("you", "You"):
        return None
    ref = parse_object(raw.strip())
    return ref if ref is not None else False


def _life_equal(name: str) -> Builder:
    """"<player> gains/loses life equal to ...": the player typed, never dropped."""
    def build(m: re.Match[str], text: str) -> Effect | None:
        who = _who(m)
        if who is False:
            return None
        return Effect.make(name, amount=Amount(None, "equal to " + m["n"]), player=who or None,
                           text=text)
    return build


def _lose_half(m: re.Match[str], text: str) -> Effect | None:
    who = _who(m)
    if who is False:
        return None
    return Effect.make("lose_life", amount=Amount(None, "half " + m["eq"]), player=who or None,
                       text=text)


def _player_verb(name: str) -> Builder:
    def build(m: re.Match[str], text: str) -> Effect | None:
        who = _who(m)
        amount = parse_amount(m["n"], m.groupdict().get("tail"))
        if who is False or amount is None:
            return None
        return Effect.make(name, amount=amount, player=who or None, text=text)
    return build


def _damage(m: re.Match[str], text: str) -> Effect | None:
    source = parse_object(m["src"])
    target = parse_target(m["tgt"])
    amount = Amount(None, m["eq"]) if m.groupdict().get("eq") else \
        parse_amount(m["n"], m.groupdict().get("tail"))
    if source is None or target is None or amount is None:
        return None
    return Effect.make("deal_damage", source=source, amount=amount, target=target, text=text)


def _one_target(name: str, **fixed: object) -> Builder:
    def build(m: re.Match[str], text: str) -> Effect | None:
        target = parse_target(m["tgt"])
        if target is None:
            return None
        return Effect.make(name, target=target, text=text, **fixed)  # type: ignore[arg-type]
    return build


_ZONE_NAMES = (("library", Zone.LIBRARY), ("graveyard", Zone.GRAVEYARD), ("hand", Zone.HAND),
               ("exile", Zone.EXILE))


def _origin(target: ObjectRef) -> Zone | None:
    """Where a moved object is; ``None`` for a pronoun ("that card") whose zone an earlier
    effect gives (:func:`infer_origins`), never a guessed battlefield."""
    if target.filter.kind == "card" and target.filter.zone is Zone.BATTLEFIELD:
        return None  # a card named without its zone: not on the battlefield (CR 108.3)
    if target.filter.kind != "it":
        return target.filter.zone
    return next((z for word, z in _ZONE_NAMES if word in target.text), None)


def _where(effect: Effect) -> Zone | None:
    """The zone the object an effect talks about ends up in, if the effect says."""
    if effect.name == "change_zone":
        found = effect.arg("destination")
        return found if isinstance(found, Zone) else None
    if effect.name == "look_at":
        found = effect.arg("zone")
        return found if isinstance(found, Zone) else None
    target = effect.arg("target")
    if isinstance(target, ObjectRef):
        if target.filter.kind != "it":
            return target.filter.zone
        return next((z for word, z in _ZONE_NAMES if word in target.text), None)
    return None


def infer_origins(effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """Give a pronoun's zone change ("put that card into your hand") the zone of the object
    an earlier effect named ("reveal the top card of your library"); else leave it
    unknown.

    >>> e = parse_effects("Reveal the top card of your library and put that card into your "
    ...                   "hand.")
    >>> e[1].arg("origin").name
    'LIBRARY'
    """
    found: list[Effect] = []
    last: Zone | None = None
    for effect in effects:
        if effect.name == "change_zone" and effect.arg("origin") is None and last is not None:
            effect = Effect(effect.name, tuple((k, last if k == "origin" else v)
                                               for k, v in effect.args),
                            effect.optional, effect.condition, effect.text)
        last = _where(effect) or last
        found.append(effect)
    return tuple(found)


def _zone(name: str) -> Builder:
    destination = {"hand": Zone.HAND, "battlefield": Zone.BATTLEFIELD, "exile": Zone.EXILE,
                   "graveyard": Zone.GRAVEYARD, "library": Zone.LIBRARY}[name]

    def build(m: re.Match[str], text: str) -> Effect | None:
        target = parse_target(m["tgt"])
        if target is None:
            return None
        groups = m.groupdict()
        return Effect.make("change_zone", target=target, origin=_origin(target),
                           destination=destination, tapped=bool(groups.get("tapped")),
                           position=groups.get("pos") or None, text=text)
    return build


def _pt(m: re.Match[str], text: str) -> tuple[Effect, ...] | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    power: int | str = int(m["p"]) if "X" not in m["p"] else m["p"]
    toughness: int | str = int(m["t"]) if "X" not in m["t"] else m["t"]
    duration = _DURATIONS.get(m["dur"] or "", Duration.PERMANENT)
    per = (m.groupdict().get("per") or "").strip() or None
    effects = [Effect.make("modify_pt", target=target, power=power, toughness=toughness,
                           per=per, duration=duration, text=text)]
    if m.groupdict().get("lose"):
        effects.append(Effect.make("become", target=target, what="no creature types",
                                   duration=duration, text=text))
    if m.groupdict().get("kw"):
        keywords = parse_keyword_list(m["kw"])
        if keywords is None:
            return None
        effects.append(Effect.make("grant_abilities", target=target, keywords=keywords,
                                   duration=duration, text=text))
    return tuple(effects)


def _grant(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    keywords = parse_keyword_list(m["kw"])
    if target is None or keywords is None:
        return None
    return Effect.make("grant_abilities", target=target, keywords=keywords,
                       duration=_DURATIONS.get(m["dur"] or "", Duration.PERMANENT), text=text)


def _grant_quoted(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    return Effect.make("grant_abilities", target=target, ability=m["q"],
                       duration=_DURATIONS.get(m["dur"] or "", Duration.PERMANENT), text=text)


_COPY_TOKEN = re.compile(r"^tokens? that's a copy of (?P<tgt>.+)$")


def _tokens(m: re.Match[str], text: str) -> Effect | None:
    amount = parse_amount(m["n"], m.groupdict().get("tail"))
    who = _who(m)
    if amount is None or who is False:
        return None
    desc, tapped = m["desc"], bool(m.groupdict().get("tapped"))
    if desc.startswith("tapped "):                # "create a tapped 2/2 black Zombie ..."
        desc, tapped = desc[len("tapped "):], True
    effect = Effect.make("create_token", amount=amount, token=desc, tapped=tapped,
                         attacking=bool(m.groupdict().get("attacking")),
                         controller=who or None, text=text)
    if copy := _COPY_TOKEN.match(desc):
        # "a token that's a copy of <object>" (CR 707.2, 111.1): the object copied.
        original = parse_target(copy["tgt"])
        if original is None:
            return None
        effect = Effect(effect.name, (*effect.args, ("copy_of", original)), effect.optional,
                        effect.condition, effect.text)
    return effect


def _player_verb_fixed(name: str) -> Builder:
    def build(m: re.Match[str], text: str) -> Effect | None:
        who = _who(m)
        if who is False:
            return None
        return Effect.make(name, player=who or None, text=text)
    return build


def _counters(name: str) -> Builder:
    def build(m: re.Match[str], text: str) -> Effect | None:
        target = parse_target(m["tgt"])
        amount = parse_amount(m["n"], m.groupdict().get("tail"))
        if target is None or amount is None:
            return None
        return Effect.make(name, counter=m["c"], amount=amount, target=target, text=text)
    return build


def _exchange(m: re.Match[str], text: str) -> Effect | None:
    if m.groupdict().get("two"):
        both = parse_object(m["two"])
        return None if both is None else Effect.make("exchange_control", targets=(both,),
                                                     text=text)
    a, b = parse_object(m["a"]), parse_object(m["b"])
    if a is None or b is None:
        return None
    return Effect.make("exchange_control", targets=(a, b), text=text)


def _control(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    duration = Duration.WHILE_CONTROLLED if m["dur"] and "as long" in m["dur"] else \
        _DURATIONS.get(m["dur"] or "", Duration.PERMANENT)
    return Effect.make("gain_control", target=target, duration=duration, text=text)


def _search(m: re.Match[str], text: str) -> Effect | None:
    what = parse_object(m["what"]) or parse_object("a " + m["what"])
    if what is None:
        return None
    dest = m["dest"]
    zone = Zone.HAND if "hand" in dest else Zone.BATTLEFIELD if "battlefield" in dest \
        else Zone.GRAVEYARD if "graveyard" in dest else Zone.LIBRARY
    return Effect.make("search_library", filter=what, amount=Amount(1), destination=zone,
                       tapped="tapped" in dest, reveal=bool(m.groupdict().get("rev")),
                       text=text)


def _action(name: str) -> Builder:
    def build(m: re.Match[str], text: str) -> Effect | None:
        groups = m.groupdict()
        amount = parse_amount(groups["n"]) if groups.get("n") else Amount(1)
        target = parse_target(groups["tgt"]) if groups.get("tgt") else None
        if amount is None or (groups.get("tgt") and target is None):
            return None
        return Effect.make(name, amount=amount, target=target, text=text)
    return build


def _mana(m: re.Match[str], text: str) -> Effect | None:
    from analyzer.oracle.mana_abilities import parse_added_mana

    added = parse_added_mana(m["what"])
    if added is None:
        return None
    produces, amount, note = added
    mana = None if not isinstance(produces, tuple) else " or ".join(str(p) for p in produces)
    choice = produces.phrase if not isinstance(produces, tuple) else ""
    return Effect.make("add_mana", mana=mana or "", choice=choice,
                       amount=Amount(amount, note) if amount is None else
                       Amount(amount) if amount != 1 else None, text=text)


def _copy_that(m: re.Match[str], text: str) -> Effect | None:
    """"copy that ability": the ability the trigger event is about (CR 707.10)."""
    return Effect.make("copy", target=parse_object(m["tgt"]), text=text)


def _fixed(name: str, **args: object) -> Builder:
    def build(m: re.Match[str], text: str) -> Effect | None:
        return Effect.make(name, text=text, **args)  # type: ignore[arg-type]
    return build


def _restrict(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    verb = "can't" if "can't" in text else "doesn't"
    return Effect.make("restrict", target=target, restriction=f"{verb} {m['what']}",
                       duration=_DURATIONS.get(m["dur"] or "", Duration.PERMANENT), text=text)


def _counter_spell(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    unless = f" unless its controller pays {m['cost']}" if m["cost"] else ""
    return Effect.make("counter", target=target, unless=unless, text=text)


def _sacrifice(m: re.Match[str], text: str) -> Effect | None:
    who = _who(m)
    what = parse_object(m["what"])
    if who is False or what is None:
        return None
    return Effect.make("sacrifice", player=who or None, filter=what, text=text)


def _discard_what(m: re.Match[str], text: str) -> Effect | None:
    who = _who(m)
    if who is False:
        return None
    what = m["what"]
    if what in ("their hand", "your hand", "his or her hand"):
        return Effect.make("discard", player=who or None, amount=Amount(None, "hand"),
                           text=text)
    ref = parse_object(what)
    if ref is None:
        return None
    return Effect.make("discard", player=who or None, filter=ref,
                       amount=Amount(ref.count.high) if ref.count.high else Amount(None, "X"),
                       random=bool(m.groupdict().get("rnd")), text=text)


def _look(m: re.Match[str], text: str) -> Effect | None:
    amount = parse_amount(m["n"])
    if amount is None:
        return None
    return Effect.make("look_at", amount=amount, zone=Zone.LIBRARY, text=text)


def _prevent(m: re.Match[str], text: str) -> Effect | None:
    amount = parse_amount(m["n"]) if m["n"] else Amount(None, "all")
    target = parse_target(m["tgt"]) if m["tgt"] else None
    if amount is None or (m["tgt"] and target is None):
        return None
    return Effect.make("prevent_damage", amount=amount, target=target, text=text)


def _fight(m: re.Match[str], text: str) -> Effect | None:
    a, b = parse_target(m["a"]), parse_target(m["tgt"])
    if a is None or b is None:
        return None
    return Effect.make("fight", target=b, text=text)


def _may_play(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    return Effect.make("may_play", target=target, free=bool(m.groupdict().get("free")),
                       duration=_DURATIONS.get(m.groupdict().get("dur") or "",
                                               Duration.PERMANENT), text=text)


def _player_zone(m: re.Match[str], text: str) -> Effect | None:
    """"look at that player's hand", "look at the top card of target player's library"."""
    mine = m["who"] in ("your", "their")
    who = None if mine else parse_object(m["who"].removesuffix("'s"))
    if not mine and who is None:
        return None
    zone = Zone.HAND if m["zone"] == "hand" else Zone.LIBRARY
    amount = parse_amount(m.groupdict().get("n") or "a") if zone is Zone.LIBRARY else None
    return Effect.make("look_at", target=who, zone=zone, amount=amount, text=text)


def _reveal_from(m: re.Match[str], text: str) -> Effect | None:
    who = _who(m)
    what = parse_object(m["what"]) if m["what"] not in ("their hand", "your hand",
                                                        "his or her hand") else None
    if who is False or (what is None and not m["what"].endswith("hand")):
        return None
    return Effect.make("reveal", target=what or (who or None), text=text)


def _reveal_top(m: re.Match[str], text: str) -> Effect | None:
    """"reveal the top card of your library" (CR 701.20a): typed with ``origin`` LIBRARY
    and the ``amount`` of cards, as :func:`_exile_top` is, so the rules core knows which
    cards without reading the words; "that card" after it is those cards.

    >>> e = parse_effects("Reveal the top card of your library.")[0]
    >>> e.name, e.arg("origin").name, e.arg("amount").value
    ('reveal', 'LIBRARY', 1)
    """
    amount = parse_amount(m["n"] or "a")
    if amount is None:
        return None
    return Effect.make("reveal", target=parse_object("the top card of your library"),
                       origin=Zone.LIBRARY, amount=amount, text=text)


def _exile_top(m: re.Match[str], text: str) -> Effect | None:
    who = _who(m)
    amount = parse_amount(m["n"] or "a")
    if who is False or amount is None:
        return None
    top = "the top card of your library" if who is None \
        else "the top card of that player's library"
    # "Target opponent exiles the top card of their library": the player is kept (typed,
    # targeted) so the rules core knows whose library and the target.
    return Effect.make("change_zone", target=parse_object(top), origin=Zone.LIBRARY,
                       destination=Zone.EXILE, amount=amount, player=who or None, text=text)


def _search_other(m: re.Match[str], text: str) -> Effect | None:
    what = parse_object(m["what"]) or parse_object("a " + m["what"])
    if what is None:
        return None
    dest = Zone.EXILE if m["exile"] else Zone.LIBRARY
    return Effect.make("search_library", filter=what, destination=dest, text=text)


def _emblem(m: re.Match[str], text: str) -> Effect | None:
    """An emblem (CR 114): its quoted ability must be readable too."""
    from analyzer.oracle.lines import read_static, read_triggered

    inner = m["q"]
    if read_triggered(inner) is None and read_static(inner) is None:
        return None
    return Effect.make("create_emblem", ability=inner, text=text)


def _set_pt(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    return Effect.make("set_pt", target=target, power=int(m["p"]), toughness=int(m["t"]),
                       duration=_DURATIONS.get(m["dur"] or "", Duration.PERMANENT), text=text)


def _hand_and_rest(m: re.Match[str], text: str) -> tuple[Effect, ...] | None:
    chosen, rest = parse_object(m["tgt"]), parse_object("the rest")
    if chosen is None or rest is None:
        return None
    return (Effect.make("change_zone", target=chosen, origin=Zone.LIBRARY,
                        destination=Zone.HAND, text=text),
            Effect.make("change_zone", target=rest, origin=Zone.LIBRARY,
                        destination=Zone.LIBRARY, position="on the bottom of", text=text))


def _double(m: re.Match[str], text: str) -> Effect | None:
    target = parse_target(m["tgt"])
    if target is None:
        return None
    return Effect.make("double", what=m["what"], target=target, text=text)


def _pay(m: re.Match[str], text: str) -> Effect | None:
    who = _who(m)
    if who is False:
        return None
    return Effect.make("pay", cost=m["cost"], player=who or None, text=text)


_N = r"(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|X|\d+|that many|that much)"
_WHO = r"(?:(?P<who>.+?) )?"
_KEYWORD_VERBS = ("Scry", "Surveil", "Investigate", "Proliferate", "Populate", "Bolster",
                  "Adapt", "Monstrosity", "Amass", "Incubate", "Discover", "Explore",
                  "Connive", "Manifest dread", "Endure", "Earthbend", "Waterbend", "Airbend",
                  "Blight", "Forage", "Learn", "Support", "Renew", "Time travel",
                  "Collect evidence")

_TEMPLATES: tuple[tuple[re.Pattern[str], Builder], ...] = tuple(
    (re.compile(p), b) for p, b in (
        (rf"^{_WHO}draws? {_N} cards?{_TAIL}$", _player_verb("draw")),
        (rf"^{_WHO}draws? (?P<n>a) card$", _player_verb("draw")),
        (rf"^{_WHO}draws? up to {_N} cards?$", _player_verb("draw")),
        (rf"^{_WHO}draws? cards equal to (?P<eq>.+)$",
         lambda m, t: Effect.make("draw", amount=Amount(None, "equal to " + m["eq"]),
                                  text=t)),
        (rf"^{_WHO}loses? half (?P<eq>(?:their|his or her|your) life, rounded (?:up|down))$",
         _lose_half),
        (rf"^{_WHO}discards? {_N} cards?(?: at random)?{_TAIL}$", _player_verb("discard")),
        (rf"^{_WHO}discards? (?P<what>.+?)(?P<rnd> at random)?$", _discard_what),
        (rf"^{_WHO}gains? {_N} life{_TAIL}$", _player_verb("gain_life")),
        (rf"^{_WHO}loses? {_N} life{_TAIL}$", _player_verb("lose_life")),
        (rf"^{_WHO}gains? life equal to (?P<n>.+)$", _life_equal("gain_life")),
        (rf"^{_WHO}loses? life equal to (?P<n>.+)$", _life_equal("lose_life")),
        (rf"^{_WHO}mills? {_N} cards?{_TAIL}$", _player_verb("mill")),
        (rf"^{_WHO}mills? cards equal to (?P<n>.+)$", _life_equal("mill")),
        (r"^(?P<src>.+?) deals? (?P<n>\w+) damage to (?P<tgt>.+?)(?P<tail> for each .+)?$",
         _damage),
        (r"^(?P<src>.+?) deals? damage equal to (?P<eq>.+?) to (?P<tgt>.+)$", _damage),
        (r"^(?P<src>.+?) deals? (?P<n>\w+) damage divided as you choose among (?P<tgt>.+)$",
         _damage),
        (r"^destroy (?P<tgt>.+?)$",
         _one_target("destroy")),
        (r"^(?:it|they) can't be regenerated$", _fixed("restrict",
                                                       restriction="can't be regenerated")),
        (r"^exile (?P<tgt>.+?)(?: until .+)?$", _zone("exile")),
        (r"^return (?P<tgt>.+?) to (?:its|their|it's) (?:owner's|owners') hands?$", _zone("hand")),
        (r"^return (?P<tgt>.+?) to your hand$", _zone("hand")),
        (r"^return (?P<tgt>.+?) to the battlefield(?P<tapped> tapped)?"
         r"(?: under (?:your|its owner's|their owners'|its owners') control)?$",
         _zone("battlefield")),
        (r"^put (?P<tgt>.+?) onto the battlefield(?P<tapped> tapped)?"
         r"(?: and attacking)?(?: under your control)?$", _zone("battlefield")),
        (r"^put (?P<tgt>.+?) into (?:your|its owner's|their owner's|their owners') hands?$",
         _zone("hand")),
        (r"^put (?P<tgt>.+?) into (?:your|its owner's|their owners'|that player's) "
         r"graveyards?$", _zone("graveyard")),
        (r"^put (?P<tgt>.+?) (?P<pos>on top of|on the bottom of) (?:your|its owner's|their "
         r"owners'|that player's) librar(?:y|ies)(?: in (?:any|a random) order)?$",
         _zone("library")),
        (r"^(?:shuffle|(?P<who>.+?) shuffles) (?P<tgt>.+?) into (?:your|its owner's|their "
         r"owners'|their) librar(?:y|ies)$", _zone("library")),
        (r"^counter (?P<tgt>target .+?|that spell|it|that ability)(?: unless its controller "
         r"pays (?P<cost>.+))?$",
         _counter_spell),
        (r"^tap or untap (?P<tgt>.+)$", _one_target("tap_or_untap")),
        (r"^tap (?P<tgt>.+)$", _one_target("tap")),
        (r"^untap (?P<tgt>.+)$", _one_target("untap")),
        (rf"^{_WHO}creates? {_N} (?P<desc>(?:.+? )?tokens?(?: with .+?| that's .+?| named "
         rf".+?)?)(?P<tapped> tapped)?(?P<attacking> and attacking)?(?P<tail> for each .+)?$",
         _tokens),
        (rf"^create (?P<n>X) (?P<desc>.+? tokens?){_TAIL}$", _tokens),
        (r"^(?P<tgt>.+?) (?:gets?) (?P<p>[+-]\d+)/(?P<t>[+-]\d+)"
         r"(?: and gains? (?P<kw>[^\"]+?))?(?P<lose> and loses? all creature types)?" + _DUR
         + r"(?P<per> for each .+)?$", _pt),
        (r"^(?P<tgt>.+?) (?:gets?) (?P<p>[+-]X)/(?P<t>[+-]X)" + _DUR + r"$",
         _pt),
        (r"^(?P<tgt>.+?) gains? (?P<kw>[^\"]+?)" + _DUR + r"$", _grant),
        (r"^(?P<tgt>that token|the token|those tokens|the tokens) (?:has|have) "
         r"(?P<kw>[^\"]+?)(?P<dur>)$", _grant),
        (r"^(?P<tgt>.+?) gains? \"(?P<q>[^\"]+)\"" + _DUR + r"$", _grant_quoted),
        (r"^(?P<tgt>.+?) (?:can't|doesn't) (?P<what>block|attack|attack or block|be blocked|"
         r"untap during (?:its|their) controller's next untap step)" + _DUR + r"$",
         _restrict),
        (r"^(?P<tgt>.+?) can't (?P<what>be blocked)" + _DUR + r"$", _restrict),
        (r"^gain control of (?P<tgt>.+?)(?: (?P<dur>until end of turn|for as long as you "
         r"control CARDNAME))?$", _control),
        (r"^exchange control of (?P<a>.+?) and (?P<b>.+)$", _exchange),
        (r"^exchange control of (?P<two>two target .+)$", _exchange),
        (r"^search your library for (?P<what>.+?)(?P<rev>, reveal (?:it|them|that card|"
         r"those cards))?,? (?:and )?put (?:it|them|that card|those cards|one of them) "
         r"(?P<dest>into your hand|onto the battlefield(?: tapped)?|on top of your library|"
         r"into your graveyard)(?:, then shuffle|\. Then shuffle)?$", _search),
        (r"^search (?P<whose>your|their|target opponent's|target player's|that player's|"
         r"its controller's) library for (?P<what>.+?)(?P<rev>, reveal (?:it|them|that card))?"
         r",? (?:and )?put (?:it|them|that card|those cards) (?P<dest>onto the battlefield"
         r"(?: tapped)?|into (?:your|their) hand)(?:, then shuffle(?: (?:your|their) "
         r"library)?)?$", _search),
        (r"^search (?P<whose>target opponent's|target player's|that player's|its "
         r"controller's) library for (?P<what>.+?)(?P<exile> and exile (?:it|them))?$",
         _search_other),
        (r"^(?:then )?shuffle(?: your library)?$", _fixed("shuffle")),
        (rf"^{_WHO}shuffles (?:their|his or her) library$", _player_verb_fixed("shuffle")),
        (r"^look at (?P<who>your|their|that player's|target player's|target opponent's|"
         r"an opponent's|each opponent's) (?P<zone>hand)$", _player_zone),
        (rf"^look at the top (?:card|{_N} cards) of (?P<who>your|target player's|that "
         r"player's|target opponent's|each player's) (?P<zone>library)$", _player_zone),
        (r"^(?P<who>.+?) reveals (?P<what>their hand|his or her hand|.+? from (?:their|his or "
         r"her) hand)$", _reveal_from),
        (r"^(?P<who>.+?) exiles the top (?:card|(?P<n>\w+) cards) of (?:their|his or her) "
         r"library$", _exile_top),
        (r"^(?:you )?get an emblem with \"(?P<q>.+)\"$", _emblem),
        (r"^(?P<tgt>.+?) (?:has|have) base power and toughness (?P<p>\d+)/(?P<t>\d+)"
         + _DUR + r"$", _set_pt),
        (r"^attach (?P<tgt2>CARDNAME|it) to (?P<tgt>.+)$", _one_target("attach")),
        (r"^put (?P<tgt>.+?) into your hand and the rest on the bottom of your library in "
         r"(?:any|a random) order$", _hand_and_rest),
        (r"^(?:you )?choose (?P<what>(?:a|an|one|two|three|X) (?:of them|of those cards|"
         r"color|creature type|card type|card name|nonland card from it|card from it)|"
         r"a number|odd or even)$", lambda m, t: Effect.make("choose", what=m["what"], text=t)),
        (r"^repeat this process$", _fixed("note", what="repeat this process")),
        (r"^double the number of (?P<what>.+?) on (?P<tgt>.+)$", _double),
        (r"^level (?P<n>\d+)$", lambda m, t: Effect.make("gain_level", amount=Amount(int(m["n"])),
                                                           text=t)),
        (r"^(?P<tgt>it|they|the token|the tokens|that creature) enters? (?P<what>tapped(?: and "
         r"attacking(?: that player)?)?)$",
         lambda m, t: Effect.make("enters_as", target=parse_target(m["tgt"]), what=m["what"],
                                  text=t)),
        (r"^those tokens plus (?P<n>an?|one|two) additional (?P<desc>.+? tokens?) are created$",
         _tokens),
        (r"^choose (?P<tgt>(?:up to one )?target .+)$",
         lambda m, t: (None if parse_target(m["tgt"]) is None else
                       Effect.make("choose", what=m["tgt"], text=t))),
        (rf"^{_WHO}pays? (?P<cost>\w+ life|(?:\{{[^}}]+\}})+)$", _pay),
        (rf"^put {_N} (?P<c>\S+|[a-z]+) counters? on (?P<tgt>.+?){_TAIL}$",
         _counters("put_counters")),
        (rf"^remove {_N} (?P<c>\S+) counters? from (?P<tgt>.+)$", _counters("remove_counters")),
        (r"^regenerate (?P<tgt>.+)$", _one_target("regenerate")),
        (r"^add (?P<what>.+)$", _mana),
        (r"^(?:its controller|that player) adds (?:an additional )?(?P<what>.+)$", _mana),
        (r"^(?:take|you take) an extra turn after this one$", _fixed("extra_turn")),
        (r"^copy (?P<tgt>target .+)$", _one_target("copy")),
        # "copy that ability" (Rings of Brighthearth): the ability its trigger event names.
        (r"^copy (?P<tgt>that ability)$", _copy_that),
        # "You may choose new targets for the copy" ("you may" is read by _clause).
        (r"^choose new targets for the copy$", _fixed("choose_new_targets")),
        (r"^transform (?P<tgt>.+)$", _one_target("transform")),
        (r"^goad (?P<tgt>.+)$", _one_target("goad")),
        (r"^(?:you )?become the monarch$", _fixed("become_the_monarch")),
        (r"^(?:you )?take the initiative$", _fixed("take_the_initiative")),
        (r"^venture into the dungeon$", _fixed("venture_into_the_dungeon")),
        (r"^the Ring tempts you$", _fixed("ring_tempts_you")),
        (r"^(?P<a>.+?) fights? (?P<tgt>.+)$", _fight),
        (rf"^look at the top {_N} cards? of (?:your|target player's|that player's) library$",
         _look),
        (r"^prevent (?:the next (?P<n>\w+)|all(?: combat)?) damage (?:that would be dealt )?"
         r"(?:to (?P<tgt>.+?) )?(?:this turn|by .+ this turn)$", _prevent),
        (r"^(?:you may )?(?:play|cast) (?P<tgt>.+?)(?P<free> without paying (?:its|their|that "
         r"card's|that spell's) mana costs?)?(?: (?P<dur>this turn|until end of turn|until "
         r"your next turn))?$", _may_play),
        (r"^investigate(?: (?P<n>\w+) times)?$", _action("investigate")),
        (r"^proliferate$", _action("proliferate")),
        (r"^clash with an opponent$", _action("clash")),
        (r"^populate$", _action("populate")),
        (r"^(?P<tgt>.+?) explores$", _action("explore")),
        (r"^(?P<tgt>.+?) connives$", _action("connive")),
        (r"^(?P<kw>scry|surveil|bolster|adapt|monstrosity|incubate|discover|amass "
         r"[A-Z]\w+|endure|earthbend|waterbend|airbend|support|collect evidence) (?P<n>\w+)$",
         lambda m, t: _keyword_action(m, t)),
        (r"^(?P<kw>manifest dread|learn|forage|time travel|renew|open an Attraction)$",
         lambda m, t: _keyword_action(m, t)),
        (rf"^{_WHO}sacrifices? (?P<what>.+)$", _sacrifice),
        (r"^(?P<tgt>.+?) phases? out$", _one_target("phase_out")),
        (r"^you win the game$", _fixed("win_game")),
        (r"^(?P<who>you|target player|target opponent|that player|each opponent) loses? the "
         r"game$", _fixed("lose_game")),
        (r"^reveal the top (?:card|(?P<n>\w+) cards) of your library$", _reveal_top),
        (r"^reveal (?P<tgt>.+)$", _one_target("reveal")),
        (r"^(?P<tgt>.+?) can't be countered$", _one_target("cant_be_countered")),
        (r"^(?:you )?skip your next (?P<what>turn|untap step|draw step|combat phase)$",
         lambda m, t: Effect.make("skip", what=m["what"], text=t)),
        (r"^after this (?:main )?phase, there is an additional combat phase(?: followed by an "
         r"additional main phase)?$", _fixed("extra_combat")),
        (r"^untap all (?P<tgt>.+?) you control$", _one_target("untap")),
        (r"^choose (?P<count>one|two|three|one or both|one or more|any number|up to \w+|"
         r"one or more\. You may choose the same mode more than once)(?: that hasn't been "
         r"chosen)?(?: at random)?(?: —)?$",
         lambda m, t: Effect.make("choose_mode", count=m["count"], modes=(), text=t)),
    ))


def _keyword_action(m: re.Match[str], text: str) -> Effect | None:
    from analyzer.oracle.effects import KEYWORD_ACTIONS

    word = m["kw"].split()[0] if m["kw"].startswith("amass") else m["kw"]
    name = KEYWORD_ACTIONS.get(word.lower())
    if name is None:
        return None
    groups = m.groupdict()
    amount = parse_amount(groups["n"]) if groups.get("n") else Amount(1)
    if amount is None:
        return None
    return Effect.make(name, amount=amount, text=text)


_THEN = re.compile(r",? then |\. Then |; then ")
_AND = re.compile(r",? and (?=(?:you|target|each|it|that|put|draw|return|exile|create|"
                  r"tap|untap|destroy|gain|lose|sacrifice|discard|scry|surveil|"
                  r"shuffle|mill|CARDNAME|its|they|counter|investigate|add)\b)")
_MAY = re.compile(r"^(?P<who>you|that player|target player|each player|its controller|"
                  r"they|an opponent|each opponent) may ")
_PREFIX_DUR = re.compile(r"^(?P<dur>until end of turn|until your next turn|this turn), ")
_LEAD_COND = re.compile(r"^(?:[Tt]hen )?(?P<cond>(?:[Ii]f|[Oo]therwise|[Ww]hen you do)[^,]*), "
                        r"(?P<rest>.+)$")


_DELAYED = re.compile(r"^(?P<body>.+) at (?P<when>the beginning of (?:the next turn's upkeep|"
                      r"the next end step|your next upkeep)|end of combat)$")
_FOR_EACH = re.compile(r"^for each (?P<what>[^,]+), (?P<body>.+)$")


_WHERE_X = re.compile(r"^(?P<body>.+), where X is (?P<x>.+)$")


def _define_x(effects: tuple[Effect, ...], where: str) -> tuple[Effect, ...] | None:
    """Put "where X is ..." on every X amount; ``None`` when no amount is X (the clause
    would be lost, so the sentence stays unsupported)."""
    found: list[Effect] = []
    defined = False
    for e in effects:
        args = []
        for key, value in e.args:
            if isinstance(value, Amount) and value.variable == "X":
                value, defined = Amount(None, "X", where), True
            elif isinstance(value, str) and "X" in value.split("/")[0].lstrip("+-"):
                return None  # "+X/+X": not an Amount, X would go undefined
            args.append((key, value))
        found.append(Effect(e.name, tuple(args), e.optional, e.condition, e.text))
    return tuple(found) if defined else None


def _one(sentence: str) -> tuple[Effect, ...] | None:
    text = sentence.strip().rstrip(".").strip()
    if not text:
        return None
    if where := _WHERE_X.match(text):
        inner = _one(where["body"])
        return None if inner is None else _define_x(inner, where["x"])
    if delayed := _DELAYED.match(text):
        inner = _clause(delayed["body"])
        if inner is None:
            return None
        return (Effect.make("delayed", when=f"at {delayed['when']}", effects=inner,
                            text=sentence.strip()),)
    if each := _FOR_EACH.match(text):
        inner = _one(each["body"])
        if inner is None:
            return None
        return tuple(Effect(e.name, e.args, e.optional, f"for each {each['what']}", e.text)
                     for e in inner)
    text = lower_first(text)
    if text.startswith("then "):
        text = text[5:]
    if lead := _PREFIX_DUR.match(text):
        text = f"{text[lead.end():]} {lead['dur']}"
    for pattern, build in _TEMPLATES:
        match = pattern.match(text)
        if match is None:
            continue
        try:
            built = build(match, sentence.strip())
        except ValueError:
            built = None
        if built is None:
            continue
        return built if isinstance(built, tuple) else (built,)
    return None


def _clause(text: str) -> tuple[Effect, ...] | None:
    """One clause, with "you may" and a leading condition."""
    condition = ""
    if lead := _LEAD_COND.match(text.strip()):
        found = parse_condition(lead["cond"])
        if found is None:
            return None
        condition, text = found, lead["rest"]
    if text.endswith(" instead") and not text.startswith("if "):
        text = text[:-len(" instead")]
        condition = f"{condition} (instead)".strip()
    elif text.startswith("instead "):
        text = text[len("instead "):]
        condition = f"{condition} (instead)".strip()
    optional = False
    if may := _MAY.match(text.strip()[:1].lower() + text.strip()[1:]):
        if may["who"] != "you":
            return None  # another player's choice: "optional" would say it is yours
        optional, text = True, text.strip()[may.end():]
    effects = _one(text)
    if effects is None and " unless " in text:
        body, _, unless = text.rpartition(" unless ")
        effects = _one(body)
        condition = f"{condition} unless {unless.rstrip('.')}".strip()
    if effects is None:
        return None
    if optional or condition:  # an inner "for each ..." condition is kept, not replaced
        effects = tuple(Effect(e.name, e.args, optional or e.optional,
                               ", ".join(c for c in ((e.condition, condition)
                                                     if condition.startswith("unless")
                                                     else (condition, e.condition)) if c),
                               e.text)
                        for e in effects)
    return effects


def _split_read(text: str, splitter: re.Pattern[str]) -> tuple[Effect, ...] | None:
    parts = splitter.split(text)
    if len(parts) < 2:
        return None
    found: list[Effect] = []
    for part in parts:
        effects = _clause(part) or (_split_read(part, _AND) if splitter is _THEN else None)
        if effects is None:
            return None
        found.extend(effects)
    return tuple(found)


def parse_effects(sentence: str) -> tuple[Effect, ...] | None:
    """Read one sentence of effects (CR 608.2c: in the order written), or ``None``.

    Parameters
    ----------
    sentence : str
        A normalized sentence (:func:`analyzer.oracle.text.normalize_line`), with or
        without its final period.

    Returns
    -------
    tuple of Effect or None
        ``None`` when any part is not understood: the caller keeps the sentence as an
        unsupported span.
    """
    text = sentence.strip().rstrip(".")
    found = _clause(text) or _split_read(text, _THEN) or _split_read(text, _AND)
    return None if found is None else infer_origins(found)


def parse_mana_cost_text(text: str) -> ManaCost | None:
    """A mana cost in braces, or ``None`` (for "unless its controller pays {2}")."""
    return ManaCost.try_parse(text)
