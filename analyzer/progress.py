"""Progress reports and cancellation for long jobs (STYLE.md habit 17).

A long job (card import, graph building, report export) is a generator that yields
:class:`Progress` values, checks a :class:`CancelToken` between steps and ``return``\\ s its
result. The GUI runs such a generator in a worker thread; the command line and the tests drive
it with :func:`run_job`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TypeVar

from analyzer.errors import Cancelled

__all__ = ["CancelToken", "Job", "Progress", "run_job"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Progress:
    """One progress report of a long job."""

    done: int
    """Units of work finished so far (cards, edges, pages...)."""
    total: int
    """Units of work in all; 0 when unknown."""
    message: str = ""
    """What the job is doing now, for a status bar."""

    @property
    def fraction(self) -> float:
        """``done / total`` clamped to [0, 1]; 0.0 when the total is unknown."""
        if self.total <= 0:
            return 0.0
        return max(0.0, min(1.0, self.done / self.total))


Job = Generator[Progress, None, T]
"""A long job: yields :class:`Progress`, returns its result."""


class CancelToken:
    """A thread-safe flag a job checks between steps; :meth:`cancel` asks it to stop.

    Examples
    --------
    >>> token = CancelToken()
    >>> token.cancelled
    False
    >>> token.cancel(); token.cancelled
    True
    """

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the job to stop at its next check."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise :class:`~analyzer.errors.Cancelled` if cancellation was asked for."""
        if self._event.is_set():
            raise Cancelled("the job was cancelled")


def run_job(job: Job[T], on_progress: Callable[[Progress], None] | None = None) -> T:
    """Drive a job generator to its end and return its result.

    Parameters
    ----------
    job : generator
        A generator yielding :class:`Progress` and returning the result.
    on_progress : callable, optional
        Called with each :class:`Progress` the job yields.

    Returns
    -------
    object
        The value the generator returned.

    Examples
    --------
    >>> def count(n):
    ...     for i in range(n):
    ...         yield Progress(i + 1, n)
    ...     return n
    >>> run_job(count(3))
    3
    """
    while True:
        try:
            report = next(job)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
        if on_progress is not None:
            on_progress(report)
