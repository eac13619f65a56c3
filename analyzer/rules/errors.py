"""The rules core's errors (STYLE.md habit 9): refused actions and cards it cannot play.

>>> issubclass(IllegalActionError, RulesError), issubclass(ScenarioError, ValueError)
(True, True)
"""

from __future__ import annotations

from analyzer.errors import AnalyzerError, InputError

__all__ = ["AmbiguousNameError", "IllegalActionError", "LineError", "RulesError", "ScenarioError",
           "UnsupportedCardError"]


class RulesError(AnalyzerError):
    """Root of the rules core's errors."""


class IllegalActionError(RulesError):
    """An action the rules forbid now (CR 733: the game returns to the moment before it).

    The game state is left exactly as it was before the action.
    """


class UnsupportedCardError(RulesError):
    """A card's ability the rules core cannot play, naming the card and the text.

    Raised instead of silently doing nothing (issue 6). The game state is left as it was
    before the action that needed the ability.
    """

    def __init__(self, card: str, text: str, why: str = "") -> None:
        from analyzer.oracle.text import SELF

        text = text.replace(SELF, card.split(" // ")[0])     # the card's name, never CARDNAME
        self.card = card
        self.text = text
        self.why = why
        detail = f" ({why})" if why else ""
        super().__init__(f"{card!r}: the rules core cannot play {text!r}{detail}")


class ScenarioError(InputError):
    """A scenario file that cannot be read: the file, the key and the line."""


class LineError(RulesError):
    """A scenario's line of play cannot go on (a ``pass`` with a question unanswered,
    nothing on the stack to resolve, a step never reached): that scenario fails with the
    reason, naming the file, the key and the line; the run goes on with the next one."""


class AmbiguousNameError(LineError):
    """A name in a scenario refers to several objects that are not interchangeable
    (SCENARIO_FORMAT.md: an ``id`` names one object when its name is not unique)."""
