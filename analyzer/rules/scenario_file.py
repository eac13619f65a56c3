"""Reading scenario files: YAML with the line of every key (SCENARIO_FORMAT.md).

The YAML is read with a subclass of PyYAML's ``SafeLoader`` (no Python objects, only plain
data) whose mappings and lists remember their line, so every error names the file, the key
and the line.

Examples
--------
>>> doc = load_documents("id: X\\nturn: {active: A}\\n", "x.yaml")[0]
>>> doc["turn"]["active"], doc.line_of("turn")
('A', 2)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from analyzer.rules.errors import LineError, ScenarioError

__all__ = ["Node", "NodeList", "fail", "flag", "load_documents", "stop"]


class Node(dict[str, Any]):
    """A YAML mapping that knows its file and the line of each key."""

    path: str = ""
    line: int = 0
    lines: dict[str, int]

    def line_of(self, key: str) -> int:
        """1-based line of ``key`` (the mapping's own line when absent)."""
        lines: dict[str, int] = getattr(self, "lines", {})
        return lines.get(key, self.line)


class NodeList(list[Any]):
    """A YAML sequence that knows its line."""

    line: int = 0


def fail(where: Node | NodeList | None, key: str, message: str, path: str = "") -> ScenarioError:
    """A :class:`ScenarioError` naming the file, the key and its line."""
    line = where.line_of(key) if isinstance(where, Node) else getattr(where, "line", 0)
    file = path or getattr(where, "path", "") or "<scenario>"
    return ScenarioError(f"{file}:{line}: {key}: {message}")


def stop(where: Node | NodeList | None, key: str, message: str) -> LineError:
    """A :class:`LineError` (the line of play fails, the run goes on) naming the file, the
    key and its line, like :func:`fail`."""
    return LineError(str(fail(where, key, message)))


def flag(node: Node, key: str, default: bool = False) -> bool:
    """The YAML boolean under ``key`` (``true``/``false``), ``default`` when absent.

    A quoted ``"false"`` is text, not a boolean, and would read as true in Python: it is
    refused (YAML 1.1 booleans, SCENARIO_FORMAT.md "tapped: false").

    Raises
    ------
    ScenarioError
        The value is not a YAML boolean (file, line and key named).
    """
    value = node.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise fail(node, key, f"true or false (a YAML boolean, unquoted), not {value!r}")
    return value


class _Loader(yaml.SafeLoader):
    """SafeLoader whose mappings and sequences carry line numbers."""

    path = ""


def _mapping(loader: _Loader, node: yaml.MappingNode) -> Node:
    result = Node()
    result.path, result.line, result.lines = loader.path, node.start_mark.line + 1, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str | int | float | bool):
            raise ScenarioError(f"{loader.path}:{key_node.start_mark.line + 1}: a key must be "
                                f"text, not {key!r}")
        name = str(key)
        if name in result.lines:
            raise ScenarioError(f"{loader.path}:{key_node.start_mark.line + 1}: {name}: "
                                f"duplicate key (already given on line {result.lines[name]}); "
                                "a map takes each key once")
        result[name] = loader.construct_object(value_node, deep=True)
        result.lines[name] = key_node.start_mark.line + 1
    return result


def _sequence(loader: _Loader, node: yaml.SequenceNode) -> NodeList:
    result = NodeList(loader.construct_object(n, deep=True) for n in node.value)
    result.line = node.start_mark.line + 1
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_documents(text: str, path: str | Path) -> list[Node]:
    """Every YAML document of a scenario file, as :class:`Node` mappings.

    Raises
    ------
    ScenarioError
        The YAML does not parse, or a document is not a mapping.
    """
    name = str(path)

    class Loader(_Loader):
        pass

    Loader.path = name
    try:
        documents = list(yaml.load_all(text, Loader=Loader))  # a SafeLoader subclass
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err)
        raise ScenarioError(f"{name}{line}: not valid YAML: {problem}") from err
    found: list[Node] = []
    for document in documents:
        if document is None:
            continue
        if not isinstance(document, Node):
            raise ScenarioError(f"{name}: a scenario must be a mapping (id, turn, players, "
                                f"actions, expect), not {type(document).__name__}")
        found.append(document)
    if not found:
        raise ScenarioError(f"{name}: no scenario in the file")
    return found
