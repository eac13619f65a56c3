"""Downloading the card data from a local HTTP server (127.0.0.1 only): resume, checksum,
cancel, server errors, then the import."""

from __future__ import annotations

import json
import lzma
import os
from pathlib import Path

import pytest
from local_http import Served, serve

from analyzer import services
from analyzer.cards.db.engine import Database
from analyzer.cards.download import (
    DEFAULT_CARDS_URL,
    ENV_VAR,
    DownloadError,
    cards_url,
    download_job,
)
from analyzer.errors import Cancelled
from analyzer.progress import CancelToken, run_job

BLOB = os.urandom(50_000)
ATOMIC = {"meta": {"date": "2026-03-01"}, "data": {
    "Grizzly Bears": [{"name": "Grizzly Bears", "manaCost": "{1}{G}", "manaValue": 2.0,
                       "type": "Creature — Bear", "types": ["Creature"],
                       "subtypes": ["Bear"], "power": "2", "toughness": "2",
                       "layout": "normal", "colors": ["G"], "colorIdentity": ["G"]}],
    "Llanowar Elves": [{"name": "Llanowar Elves", "manaCost": "{G}", "manaValue": 1.0,
                        "type": "Creature — Elf Druid", "types": ["Creature"],
                        "subtypes": ["Elf", "Druid"], "power": "1", "toughness": "1",
                        "text": "{T}: Add {G}.", "layout": "normal", "colors": ["G"],
                        "colorIdentity": ["G"]}]}}


@pytest.fixture
def served() -> Served:  # type: ignore[misc]
    with serve(Served(files={"/blob.bin": BLOB,
                             "/AtomicCards.json.xz": lzma.compress(
                                 json.dumps(ATOMIC).encode())})) as s:
        yield s


def test_the_default_url_and_its_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert cards_url() == DEFAULT_CARDS_URL == "https://mtgjson.com/api/v5/AtomicCards.json.xz"
    monkeypatch.setenv(ENV_VAR, "http://127.0.0.1:1/x.json")
    assert cards_url() == "http://127.0.0.1:1/x.json"


class TestDownload:
    def test_whole_file_with_progress(self, served: Served, tmp_path: Path) -> None:
        reports = []
        path = run_job(download_job(served.url("/blob.bin"), tmp_path / "blob.bin",
                                    chunk=8192), reports.append)
        assert path.read_bytes() == BLOB
        assert not (tmp_path / "blob.bin.part").exists()
        sizes = [r.done for r in reports if r.message.startswith("Downloading")]
        assert sizes == sorted(sizes) and sizes[-1] == len(BLOB)
        assert all(r.total == len(BLOB) for r in reports if r.message.startswith("Download"))

    def test_resume_after_a_broken_connection(self, served: Served, tmp_path: Path) -> None:
        target = tmp_path / "blob.bin"
        served.cut_after = len(BLOB) // 2
        with pytest.raises(DownloadError, match=r"interrupted after 25,000 .*resume"):
            run_job(download_job(served.url("/blob.bin"), target, chunk=5000))
        part = tmp_path / "blob.bin.part"
        assert part.read_bytes() == BLOB[:len(BLOB) // 2]
        assert run_job(download_job(served.url("/blob.bin"), target)).read_bytes() == BLOB
        assert served.ranges == ["", f"bytes={len(BLOB) // 2}-"]

    def test_a_part_file_already_whole(self, served: Served, tmp_path: Path) -> None:
        (tmp_path / "blob.bin.part").write_bytes(BLOB)
        assert run_job(download_job(served.url("/blob.bin"), tmp_path / "blob.bin")
                       ).read_bytes() == BLOB

    def test_checksum_mismatch_deletes_the_part_file(self, served: Served,
                                                     tmp_path: Path) -> None:
        served.sha_override = "0" * 64
        with pytest.raises(DownloadError, match="checksum does not match"):
            run_job(download_job(served.url("/blob.bin"), tmp_path / "blob.bin"))
        assert not (tmp_path / "blob.bin.part").exists()
        assert not (tmp_path / "blob.bin").exists()

    def test_cancel_keeps_the_part_file(self, served: Served, tmp_path: Path) -> None:
        token = CancelToken()
        job = download_job(served.url("/blob.bin"), tmp_path / "blob.bin", cancel=token,
                           chunk=10_000)
        with pytest.raises(Cancelled):
            for report in job:
                if report.done >= 20_000:
                    token.cancel()
        assert (tmp_path / "blob.bin.part").stat().st_size == 20_000
        assert run_job(download_job(served.url("/blob.bin"), tmp_path / "blob.bin")
                       ).read_bytes() == BLOB

    @pytest.mark.parametrize("status", [500, 404])
    def test_server_error(self, served: Served, tmp_path: Path, status: int) -> None:
        served.status = status
        with pytest.raises(DownloadError, match=f"the server answered {status}"):
            run_job(download_job(served.url("/blob.bin"), tmp_path / "blob.bin"))
        assert not (tmp_path / "blob.bin").exists()

    def test_no_checksum_published(self, served: Served, tmp_path: Path) -> None:
        with pytest.raises(DownloadError, match="answered 404"):
            run_job(download_job(served.url("/missing.bin"), tmp_path / "m.bin"))

    def test_no_server(self, tmp_path: Path) -> None:
        with serve(Served()) as gone:
            url = gone.url("/blob.bin")
        with pytest.raises(DownloadError, match="cannot download"):
            run_job(download_job(url, tmp_path / "blob.bin", timeout=5))


class TestDownloadAndImport:
    def test_replaces_the_starter_set(self, served: Served, tmp_path: Path) -> None:
        db: Database = services.open_database(f"sqlite:///{tmp_path / 'cards.sqlite'}")
        assert services.has_only_starter_cards(db)
        summary = run_job(services.download_cards_job(
            db, url=served.url("/AtomicCards.json.xz"), folder=tmp_path / "dl"))
        assert summary.path == str(tmp_path / "dl" / "AtomicCards.json.xz")
        info = services.database_info(db)
        assert (info.cards, info.source, info.data_date) == (2, "AtomicCards.json.xz",
                                                             "2026-03-01")
        assert not services.has_only_starter_cards(db)

    def test_the_url_from_the_environment(self, served: Served, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv(ENV_VAR, served.url("/AtomicCards.json.xz"))
        db = services.open_database("sqlite://", seed=False)
        assert services.has_only_starter_cards(db)
        run_job(services.download_cards_job(db, folder=tmp_path))
        assert services.database_info(db).cards == 2
