"""The suggestion index file is data only: gzip-compressed JSON that can't run code."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from analyzer.cards.model import Card, Face
from analyzer.graph import suggest as module
from analyzer.graph.suggest import build_index, load_index, save_index
from analyzer.oracle.compile import compile_card


def _creature(name: str, subtypes: tuple[str, ...], text: str = "") -> Card:
    return Card(id=name, name=name, faces=(Face(name=name, type="Creature",
                types=("Creature",), subtypes=subtypes, text=text),))


POOL = [_creature("Lord", ("Ninja",), "Other Ninjas you control get +1/+1."),
        _creature("Flier", ("Bird",), "Flying"), _creature("Bear", ("Bear",))]


def _document(path: Path) -> dict[str, Any]:
    data = path.read_bytes()
    head = module._MAGIC
    assert data.startswith(head)
    loaded: dict[str, Any] = json.loads(gzip.decompress(data[len(head):]))
    return loaded


def _write(path: Path, document: dict[str, Any]) -> None:
    path.write_bytes(module._MAGIC + gzip.compress(json.dumps(document).encode()))


def test_the_file_is_json_and_round_trips(tmp_path: Path) -> None:
    index = build_index(POOL, key=("k", 1))
    path = save_index(index, tmp_path / "i.json.gz")
    document = _document(path)
    assert set(document) >= {"key", "rows", "table", "sources", "targets"}
    back = load_index(path, ("k", 1))
    assert back is not None
    assert back.rows == index.rows and back.identity == index.identity
    assert back.sources == index.sources and back.targets == index.targets
    assert back.source_keys == index.source_keys and back.target_keys == index.target_keys
    assert back.profile("Lord") == index.profile("Lord")


@pytest.mark.parametrize("name", ["os:system", "builtins:eval", "subprocess:Popen",
                                  "analyzer.graph.suggest:save_index",
                                  "analyzer.oracle.compile:compile_card"])
def test_a_file_naming_other_code_is_refused(tmp_path: Path, name: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    index = build_index(POOL, key=("k",))
    path = save_index(index, tmp_path / "i.json.gz")
    document = _document(path)
    called: list[Any] = []
    monkeypatch.setattr("os.system", lambda *a: called.append(a))
    # replace the first class entry with one naming the function, as a planted file would
    first = next(i for i, e in enumerate(document["table"]) if isinstance(e, dict) and "c" in e)
    document["table"][first] = {"c": name, "a": []}
    _write(path, document)
    assert load_index(path, ("k",)) is None
    enum_at = next((i for i, e in enumerate(document["table"])
                    if isinstance(e, dict) and "e" in e), None)
    if enum_at is not None:
        document["table"][first] = {"e": name, "v": 0}
        _write(path, document)
        assert load_index(path, ("k",)) is None
    assert called == []


def test_a_pickle_file_is_not_read(tmp_path: Path) -> None:
    import pickle

    path = tmp_path / "i.json.gz"
    path.write_bytes(module._MAGIC + pickle.dumps(build_index(POOL, key=("k",))))
    assert load_index(path, ("k",)) is None


def test_stored_profiles_are_used(tmp_path: Path) -> None:
    # The profile source's answer wins over compiling: Bear indexed with the Lord's
    # profile files Bear as a Ninja lord (a source of the anthem family).
    lord = compile_card(POOL[0])
    asked: list[list[str]] = []

    def stored(batch: Any) -> dict[str, Any]:
        asked.append([c.id for c in batch])
        return {"Bear": lord}

    index = build_index(POOL, profiles=stored)
    assert asked == [["Lord", "Flier", "Bear"]]
    plain = build_index(POOL)
    assert index.profile("Bear") == plain.profile("Lord")
    assert "Bear" not in plain.rows or plain.profile("Bear") != index.profile("Bear")
