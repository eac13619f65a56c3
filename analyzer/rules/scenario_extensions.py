"""The keys Spellweb adds to the shared scenario format, in one place (docs/scenarios.md).

The shared format (``../shared/rules/SCENARIO_FORMAT.md``) defines the keys of a scenario
file; Spellweb's runner accepts a few more, each documented in ``docs/scenarios.md`` and
marked **extension** there. The runner (:mod:`analyzer.rules.scenario`,
:mod:`analyzer.rules.expectations`) reads its extra keys from here, and the scenario files'
meta tests (``tests/scenarios_meta``) accept exactly these on top of the shared format, and
check that ``docs/scenarios.md`` names each, so the runner, the tests and the documentation
cannot drift apart.

Examples
--------
>>> "zone_size" in EXTENSION_KEYS["expect"]
True
>>> sorted(EXTENSION_KEYS["target"])
['stack']
"""

from __future__ import annotations

__all__ = ["EXTENSION_KEYS", "EXTENSION_VALUES"]

EXTENSION_KEYS: dict[str, frozenset[str]] = {
    "top": frozenset({"rule_refs", "derived_from", "notes"}),
    "inline_card": frozenset({"loyalty"}),
    "expect": frozenset({"zone_size", "did_not_resolve", "damage_dealt"}),
    "permanent": frozenset({"owner", "token", "colors", "keywords"}),
    "zone_size": frozenset({"player", "zone", "count"}),
    "did_not_resolve": frozenset({"card", "times"}),
    "damage_dealt": frozenset({"source", "to", "amount", "combat"}),
    "target": frozenset({"stack"}),
    "rejected_expectation": frozenset({"action", "reason"}),
}
"""Where -> the keys Spellweb adds there:

- ``top``: keys of a scenario document besides the shared ones (informational, as in
  scenarios.md);
- ``inline_card``: keys of an inline card under ``cards:`` (a planeswalker's loyalty);
- ``expect``: expectation kinds, each with its own keys (``zone_size``, ``did_not_resolve``,
  ``damage_dealt`` below);
- ``permanent``: keys of the ``permanent`` and ``tokens`` expectations;
- ``target``: the key of a map in ``targets:`` (``{stack: N}``, the N-th object of the
  stack, top first);
- ``rejected_expectation``: the keys of ``rejected: {action: N, reason: text}``.
"""

EXTENSION_VALUES: dict[str, frozenset[str]] = {
    "rejected_action": frozenset({"optional"}),
}
"""Where -> values Spellweb adds there: ``rejected: optional`` on an action (the rules core
may refuse or play it)."""
