"""One exception hierarchy for the whole library (STYLE.md habit 9).

Every error Spellweb raises on purpose derives from :class:`AnalyzerError`. Errors caused by
the user's input (a deck file, a card file, a database URL) also derive from ``ValueError``
through :class:`InputError`, and carry enough context (file, line, suggestion) to be shown to
the user as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

__all__ = [
    "AnalyzerError",
    "Cancelled",
    "CardImportError",
    "DatabaseError",
    "DeckParseError",
    "InputError",
    "SearchSyntaxError",
    "UnknownCardError",
]


class AnalyzerError(Exception):
    """Root of every error raised on purpose by :mod:`analyzer`."""


class InputError(AnalyzerError, ValueError):
    """The user's input (a file, a name, a URL) cannot be used as it is."""


class DatabaseError(AnalyzerError):
    """The card database cannot be opened, created or written."""


class CardImportError(InputError):
    """A card data file (MTGJSON AtomicCards) cannot be read.

    The previous database content is left as it was whenever this is raised.
    """


class Cancelled(AnalyzerError):
    """A long job was cancelled through its :class:`analyzer.progress.CancelToken`."""


class DeckParseError(InputError):
    """A deck file cannot be read, with the file and the 1-based line that failed.

    Parameters
    ----------
    path : Path or str or None
        The deck file, or ``None`` for text that came from no file.
    line_no : int or None
        1-based line number of the offending line, ``None`` for the whole file.
    reason : str
        What is wrong, in one sentence.
    line : str, optional
        The offending line as it stands in the file.
    suggestions : sequence of str, optional
        Closest card names or a hint on how to fix the line.
    """

    def __init__(
        self,
        path: Path | str | None,
        line_no: int | None,
        reason: str,
        *,
        line: str = "",
        suggestions: Sequence[str] = (),
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.line_no = line_no
        self.reason = reason
        self.line = line
        self.suggestions = tuple(suggestions)
        super().__init__(self._format())

    def _format(self) -> str:
        where = str(self.path) if self.path is not None else "<deck>"
        if self.line_no is not None:
            where += f", line {self.line_no}"
        text = f"{where}: {self.reason}"
        if self.line.strip() and self.line.strip() not in self.reason:
            text += f" ({self.line.strip()!r})"
        if self.suggestions:
            text += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        return text


class UnknownCardError(DeckParseError):
    """A deck names a card the database does not hold (``suggestions`` holds the closest names)."""


class SearchSyntaxError(InputError):
    """A card search query cannot be read (or asks for data the database lacks).

    Parameters
    ----------
    query : str
        The whole query as the user typed it.
    offset : int
        0-based offset of the bad token in ``query``.
    length : int
        Length of the bad token (at least 1 for pointing; 0 at the end of the query).
    reason : str
        What is wrong, e.g. ``"unknown field 'tx'"``.
    hint : str, optional
        How to fix it, e.g. ``"did you mean 't'?"``.
    """

    def __init__(self, query: str, offset: int, length: int, reason: str, hint: str = "") -> None:
        self.query = query
        self.offset = offset
        self.length = length
        self.reason = reason
        self.hint = hint
        self.message = f"{reason} at {offset}" + (f": {hint}" if hint else "")
        super().__init__(f"{self.message} in query {query!r}")

    def pointer(self) -> str:
        """The query and a line of carets under the bad token (two lines, for display)."""
        return f"{self.query}\n{' ' * self.offset}{'^' * max(self.length, 1)}"
