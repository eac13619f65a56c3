"""Run ``spellweb`` commands in-process for tests: :func:`run` calls :func:`analyzer.cli.main`
with its own stdout and returns the exit status, stdout and stderr."""

from __future__ import annotations

import io

import pytest

from analyzer import cli

__all__ = ["run"]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``(exit status, stdout, stderr)`` of ``spellweb ARGV`` (stderr read through ``capsys``)."""
    out = io.StringIO()
    code = cli.main(argv, out=out)
    return code, out.getvalue(), capsys.readouterr().err
