"""Lazy public names for packages (PEP 562), so that the window starts without importing
the whole library.

A package keeps its public names in ``__all__`` and under ``if TYPE_CHECKING:`` imports (for
mypy and readers), and hands :func:`lazy_exports` a mapping from each name to the submodule
defining it; the name's submodule is imported on first attribute access.

Examples
--------
>>> getattr_, dir_ = lazy_exports("json", {"JSONDecoder": "json.decoder"})
>>> getattr_("JSONDecoder").__name__
'JSONDecoder'
>>> getattr_("nothing")
Traceback (most recent call last):
AttributeError: module 'json' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, exports: Mapping[str, str]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for the module ``package``: ``exports`` maps a public name
    to the dotted submodule that defines it.

    Raises
    ------
    AttributeError
        From ``__getattr__``, for a name not in ``exports`` (the usual module error).
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)   # later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *exports})

    return __getattr__, __dir__
