"""Discovery: candidate loops from the synergy graph, written as combos to verify.

Two shapes of the graph become candidates (each a :class:`~analyzer.combos.model.Combo`
with ``source`` ``"discovered"``, its start board and line generated from the cards'
profiles, then judged by :func:`~analyzer.combos.verify.verify_combo` like a catalog
entry):

- **untap + mana**: an ``untap`` edge from an untapper S to a permanent T with a {T} mana
  ability, closed by T's mana paying S's untap cost (the cycle "S untaps T, T's mana pays
  S"). The line taps T for mana, activates S's untap ability on T and lets it resolve. When
  S's untap ability taps S itself, the cycle needs T to untap S back: two untappers.
- **untap + mana trigger**: the same, with a ``mana_trigger`` edge into T from a card M
  whose "tapped for mana" trigger or replacement (CR 106.12) adds to T's mana: M joins the
  board, and the loop may gain where T alone only breaks even.
- **exchange of control in response to itself**: a ``control_exchange`` self-edge (a cycle
  of one card in :func:`analyzer.graph.analysis.loop_candidates`): the ability activated
  twice, first on your own creature, then on the opponent's (``EXC-03``).

A candidate whose cards are exactly a catalog combo's is left to the catalog.

Examples
--------
>>> from analyzer.cards.model import Card, Face
>>> def card(name, text, types=("Creature",)):
...     return Card(id=name, name=name, faces=(Face(name=name, type=" ".join(types),
...                 types=types, text=text),))
>>> from analyzer.graph import build_synergy_graph
>>> G = build_synergy_graph([(card("Sages", "{2}{U}: Untap target artifact."), 1),
...                          (card("Lotus", "{T}: Add three mana of any one color.",
...                                ("Artifact",)), 1)])
>>> [(c.cards, [a.describe() for a in c.loop]) for c in discover_loops(G)]
... # doctest: +NORMALIZE_WHITESPACE
[(('Sages', 'Lotus'), ['mana Lotus', 'activate Sages ability {2}{U}: Untap target artifact.
targeting Lotus', 'pass until resolve'])]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import networkx as nx

from analyzer.combos.model import (
    Combo,
    ComboFamily,
    ComboKind,
    ComboResult,
    ScenarioAction,
)
from analyzer.graph.analysis import loop_candidates
from analyzer.oracle.abilities import ActivatedAbility
from analyzer.oracle.mana_abilities import ManaAbility, ManaChoice
from analyzer.oracle.profile import CardProfile
from analyzer.oracle.text import SELF

__all__ = ["discover_loops", "untap_ability", "untap_mana_candidate"]

_SOURCE = "discovered"
_ANY_COLOR = "G"
"""The colour picked for "mana of any color" when the untap cost needs no colour."""
_CHOICE_KEYS = {ManaChoice.ANY_COLOR: "color", ManaChoice.ANY_ONE_COLOR: "color",
                ManaChoice.ANY_TYPE_LANDS_COULD_PRODUCE: "type",
                ManaChoice.ANY_COLOR_OPPONENT_LANDS_COULD_PRODUCE: "color"}


@dataclass(frozen=True, slots=True)
class _Untapper:
    text: str
    """The ability's text with the card's name, as the rules core matches it."""
    taps_itself: bool
    """{T} is part of its cost."""
    colors: str
    """Colour letters of its mana cost (``"U"`` for {2}{U})."""


def _named(text: str, profile: CardProfile) -> str:
    return text.replace(SELF, profile.name.split(" // ")[0])


def untap_ability(profile: CardProfile) -> _Untapper | None:
    """The activated ability of ``profile`` that untaps another permanent, or ``None``.

    >>> from analyzer.cards.model import Card, Face
    >>> from analyzer.oracle import compile_card
    >>> p = compile_card(Card(id="k", name="K", faces=(Face(name="K", type="Creature",
    ...     types=("Creature",), text="{T}: Untap another target permanent."),)))
    >>> u = untap_ability(p); u.text, u.taps_itself
    ('{T}: Untap another target permanent.', True)
    """
    for ability in profile.abilities:
        if not isinstance(ability, ActivatedAbility):
            continue
        if any(e.name == "untap" and str(e.arg("target", "")) != SELF
               and "this" not in str(e.arg("target", "")) for e in ability.effects):
            names = {c.name for c in ability.costs}
            mana = [c for c in ability.costs if c.name == "mana"]
            colors = "".join(sorted({ch for c in mana for ch in str(c.describe())
                                     if ch in "WUBRG"}))
            return _Untapper(_named(ability.text, profile), "tap" in names, colors)
    return None


def _mana_ability(profile: CardProfile) -> ManaAbility | None:
    return next((m for m in profile.mana_abilities if m.cost.tap), None)


def _mana_action(profile: CardProfile, ability: ManaAbility, color: str) -> ScenarioAction:
    args: dict[str, Any] = {"player": "A", "card": profile.name}
    if len(profile.mana_abilities) > 1:
        args["ability"] = _named(ability.text, profile)
    if isinstance(ability.produces, ManaChoice) and ability.produces in _CHOICE_KEYS:
        args["choices"] = {_CHOICE_KEYS[ability.produces]: color or _ANY_COLOR}
    return ScenarioAction.from_mapping({"mana": args})


def _start(cards: Iterable[Any], extra: Iterable[Any] = ()) -> dict[str, Any]:
    return {"turn": {"active": "A", "step": "main1"},
            "players": {"A": {"battlefield": [*cards, *extra]}, "B": {"battlefield": []}}}


def untap_mana_candidate(untapper: CardProfile, producer: CardProfile,
                         booster: CardProfile | None = None) -> Combo | None:
    """The loop "tap ``producer`` for mana, pay ``untapper``'s untap ability to untap it",
    with ``booster`` (a "tapped for mana" trigger or replacement, CR 106.12) on the board
    when given.

    ``None`` when the untapper's ability taps the untapper itself (it can't repeat alone) or
    the producer has no {T} mana ability. The colour chosen for "any color" mana is the
    untap cost's colour.
    """
    untap = untap_ability(untapper)
    mana = _mana_ability(producer)
    if untap is None or mana is None or untap.taps_itself:
        return None
    color = untap.colors[:1]
    loop = (
        _mana_action(producer, mana, color),
        ScenarioAction.from_mapping({"activate": {"player": "A", "card": untapper.name,
                                                  "ability": untap.text,
                                                  "targets": [producer.name]}}),
        ScenarioAction.from_mapping({"pass": {"until": "resolve"}}),
    )
    pieces = (untapper, producer) if booster is None else (untapper, producer, booster)
    boost = "" if booster is None else f", boosted by {booster.name}"
    return _candidate(pieces, loop, ComboResult.INFINITE_MANA,
                      f"{untapper.name} untaps {producer.name}, whose mana{boost} pays for it")


def _mutual_untap(a: CardProfile, b: CardProfile) -> Combo | None:
    ua, ub = untap_ability(a), untap_ability(b)
    if ua is None or ub is None:
        return None
    loop = tuple(ScenarioAction.from_mapping(m) for m in (
        {"activate": {"player": "A", "card": a.name, "ability": ua.text,
                      "targets": [b.name]}},
        {"pass": {"until": "resolve"}},
        {"activate": {"player": "A", "card": b.name, "ability": ub.text,
                      "targets": [a.name]}},
        {"pass": {"until": "resolve"}}))
    return _candidate((a, b), loop, ComboResult.INFINITE_MANA,
                      f"{a.name} and {b.name} untap each other")


def _exchange_candidate(card: CardProfile) -> Combo | None:
    ability = next((a for a in card.abilities if isinstance(a, ActivatedAbility)
                    and any(e.name == "exchange_control" for e in a.effects)), None)
    if ability is None:
        return None
    mana = next((c for c in ability.costs if c.name == "mana"), None)
    cost = str(mana.describe()) if mana is not None else ""
    colors = [ch for ch in cost if ch in "WUBRG"]
    generic = sum(int(n) for n in "".join(ch if ch.isdigit() else " " for ch in cost).split())
    lands = [{"card": "Island" if c == "U" else "Swamp" if c == "B" else "Plains" if c == "W"
              else "Mountain" if c == "R" else "Forest", "id": f"Land {i + 1}"}
             for i, c in enumerate((colors + ["U"] * generic) * 2)]
    start = _start([card.name, "Grizzly Bears", *lands])
    start["players"]["B"]["battlefield"] = ["Craw Wurm"]
    text = _named(ability.text, card)
    actions = tuple(ScenarioAction.from_mapping(m) for m in (
        {"activate": {"player": "A", "card": card.name, "ability": text,
                      "targets": ["Grizzly Bears"]}},
        {"activate": {"player": "A", "card": card.name, "ability": text,
                      "targets": ["Craw Wurm"]}},
        {"pass": {"until": "resolve"}}, {"pass": {"until": "resolve"}}))
    return Combo(
        id=f"discovered-{_slug(card.name)}-self-exchange", name=f"{card.name} responding to "
        "itself", cards=(card.name,), family=ComboFamily.CONTROL_EXCHANGE,
        result=ComboResult.CONTROL_SWAP, result_detail="any of your creatures for any of "
        "the opponent's, keeping the exchanger", kind=ComboKind.ONCE,
        steps=("Activate the exchange on your own creature, hold priority, activate it again "
               "on the opponent's creature; the second resolves first.",),
        rules=("701.12b", "405.5", "613.1b"), start=start, actions=actions,
        expect={"controller:Craw Wurm": "A", f"controller:{card.name}": "A",
                "controller:Grizzly Bears": "B"}, source=_SOURCE)


def _slug(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def _candidate(cards: tuple[CardProfile, ...], loop: tuple[ScenarioAction, ...],
               result: ComboResult, detail: str) -> Combo:
    names = tuple(p.name for p in cards)
    return Combo(
        id="discovered-" + "-".join(_slug(n) for n in names), name=" + ".join(names),
        cards=names, family=ComboFamily.UNTAP_MANA, result=result, result_detail=detail,
        kind=ComboKind.LOOP, steps=tuple(a.describe() for a in loop),
        rules=("701.26b", "107.5", "605.1a"), start=_start(names), loop=loop,
        source=_SOURCE)


def _profiles(G: nx.MultiDiGraph[str]) -> dict[str, CardProfile]:
    return {node: data["profile"] for node, data in G.nodes(data=True)
            if isinstance(data.get("profile"), CardProfile)}


def _from_edges(G: nx.MultiDiGraph[str], profiles: dict[str, CardProfile]) -> Iterator[Combo]:
    boosters: dict[str, list[str]] = {}
    for source, target, data in G.edges(data=True):
        if data.get("kind") == "mana_trigger" and source != target:
            boosters.setdefault(target, []).append(source)
    for source, target, data in G.edges(data=True):
        if data.get("kind") != "untap" or source == target:
            continue
        if source not in profiles or target not in profiles:
            continue
        found = untap_mana_candidate(profiles[source], profiles[target])
        if found is not None:
            yield found
        for booster in boosters.get(target, ()):
            if booster in profiles and booster != source:
                boosted = untap_mana_candidate(profiles[source], profiles[target],
                                               profiles[booster])
                if boosted is not None:
                    yield boosted


def _from_cycles(G: nx.MultiDiGraph[str], profiles: dict[str, CardProfile]) -> Iterator[Combo]:
    for cycle in loop_candidates(G, max_length=2):
        found: Combo | None = None
        if len(cycle.cards) == 1 and "control_exchange" in cycle.steps[0].kinds:
            found = _exchange_candidate(profiles[cycle.cards[0]])
        elif len(cycle.cards) == 2 and all("untap" in s.kinds for s in cycle.steps):
            found = _mutual_untap(profiles[cycle.cards[0]], profiles[cycle.cards[1]])
        if found is not None:
            yield found


def discover_loops(G: nx.MultiDiGraph[str], catalog: Iterable[Combo] = ()) -> list[Combo]:
    """Candidate loops of a synergy graph, as combos to verify (shapes in the module doc).

    Parameters
    ----------
    G : networkx.MultiDiGraph
        A synergy graph whose nodes carry their ``profile`` (as
        :func:`~analyzer.graph.build.build_synergy_graph` makes it).
    catalog : iterable of Combo
        Combos already known; a candidate with exactly their cards is dropped.

    Returns
    -------
    list of Combo
        Distinct by id, in discovery order.
    """
    profiles = _profiles(G)
    known = {c.card_set for c in catalog}
    found: dict[str, Combo] = {}
    for combo in (*_from_cycles(G, profiles), *_from_edges(G, profiles)):
        if combo.card_set not in known and combo.id not in found:
            found[combo.id] = combo
    return list(found.values())
