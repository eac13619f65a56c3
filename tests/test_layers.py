"""The layers of analyzer/ seen from a fresh interpreter: importing a package below the
use-case layer never loads ``analyzer.services`` or ``analyzer.cli`` (issue 21, STYLE.md
habit 22).

import-linter's contracts (pyproject.toml, run by .ci/run) check the import statements;
this test checks what really happens at run time, every module of each package imported
in a new Python process, so that a lazy import inside a function body that runs at import
time is caught too.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import pytest

import analyzer

BELOW_USE_CASES = ("card_model", "cards", "decks", "oracle", "graph", "rules", "combos", "simulate",
                   "stats", "reports", "deck_analysis", "errors", "fileio", "lazy",
                   "progress", "data_files")
"""The analyzer packages and modules below ``analyzer.services`` (the use-case layer)."""

_PROBE = """
import importlib, json, pkgutil, sys
name = sys.argv[1]
module = importlib.import_module(name)
if hasattr(module, "__path__"):
    for info in pkgutil.walk_packages(module.__path__, name + "."):
        if ".migrations" not in info.name:  # Alembic's scripts run only inside Alembic
            importlib.import_module(info.name)
print(json.dumps(sorted(m for m in sys.modules
                        if m in ("analyzer.services", "analyzer.cli")
                        or m.startswith(("analyzer.services.", "analyzer.cli.")))))
"""


def test_every_analyzer_package_is_listed() -> None:
    """A new top-level package or module under analyzer/ must be placed in a layer here."""
    found = {info.name for info in pkgutil.iter_modules(analyzer.__path__)}
    above = {"services", "cli", "__main__"}
    assert found - above - set(BELOW_USE_CASES) == set()


@pytest.mark.parametrize("package", BELOW_USE_CASES)
def test_lower_layer_never_loads_the_use_case_layer(package: str) -> None:
    result = subprocess.run([sys.executable, "-c", _PROBE, f"analyzer.{package}"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
