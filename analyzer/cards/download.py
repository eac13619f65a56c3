"""Downloading the card data (MTGJSON AtomicCards): resumable, checksummed, cancellable.

A download is a job (STYLE.md habit 17): it yields :class:`~analyzer.progress.Progress`,
checks its :class:`~analyzer.progress.CancelToken` between chunks and returns the file's path.
Bytes go to ``<file>.part`` first; an interrupted or cancelled download keeps that file and
the next run asks the server for the rest only (an HTTP ``Range`` request). MTGJSON publishes
the SHA-256 of each file beside it (``<url>.sha256``); the finished file is checked against
it, and a mismatch deletes the part file and is an error. Only the standard library is used
(:mod:`urllib.request`).
"""

from __future__ import annotations

import hashlib
import os
import re
import urllib.error
import urllib.request
from http.client import HTTPException
from pathlib import Path
from typing import IO, Any

import platformdirs

from analyzer.errors import AnalyzerError
from analyzer.progress import CancelToken, Job, Progress

__all__ = ["DEFAULT_CARDS_URL", "ENV_VAR", "DownloadError", "cards_url", "download_folder",
           "download_job"]

DEFAULT_CARDS_URL = "https://mtgjson.com/api/v5/AtomicCards.json.xz"
"""Where the card data comes from unless configured otherwise."""

ENV_VAR = "SPELLWEB_CARDS_URL"
"""Environment variable holding another URL for the card data (a mirror, a local server)."""

_CHUNK = 256 * 1024
_SHA = re.compile(r"\b([0-9a-fA-F]{64})\b")
_USER_AGENT = "Spellweb card download (https://github.com/spellweb)"


class DownloadError(AnalyzerError):
    """A download failed: the server, the network, or a checksum mismatch."""


def cards_url(url: str | None = None) -> str:
    """The card data URL: ``url`` if given, else ``$SPELLWEB_CARDS_URL``, else the default.

    Examples
    --------
    >>> cards_url("http://127.0.0.1:8000/AtomicCards.json.xz")
    'http://127.0.0.1:8000/AtomicCards.json.xz'
    """
    return url or os.environ.get(ENV_VAR) or DEFAULT_CARDS_URL


def download_folder() -> Path:
    """Where downloads go: ``downloads`` in the user's cache folder (platformdirs)."""
    return Path(platformdirs.user_cache_dir("spellweb", appauthor=False)) / "downloads"


def _open(url: str, timeout: float, start: int = 0) -> Any:
    request = urllib.request.Request(url, headers={"User-Agent": _USER_AGENT})
    if start:
        request.add_header("Range", f"bytes={start}-")
    try:
        return urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as err:
        if err.code == 416 and start:
            return err  # the part file is already whole: checked below
        raise DownloadError(f"{url!r}: the server answered {err.code} {err.reason}") from err
    except (urllib.error.URLError, OSError, HTTPException, ValueError) as err:
        raise DownloadError(f"{url!r}: cannot download ({err})") from err


def _expected_sha256(url: str, timeout: float) -> str:
    response = _open(url + ".sha256", timeout)
    try:
        text = response.read(4096).decode("ascii", "replace")
    except (OSError, HTTPException) as err:
        raise DownloadError(f"{url + '.sha256'!r}: cannot read the checksum ({err})") from err
    finally:
        response.close()
    found = _SHA.search(text)
    if not found:
        raise DownloadError(f"{url + '.sha256'!r}: no SHA-256 checksum in {text[:80]!r}")
    return found.group(1).lower()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _total(response: Any, start: int) -> int:
    content_range = response.headers.get("Content-Range", "")
    if "/" in content_range and content_range.rsplit("/", 1)[1].isdigit():
        return int(content_range.rsplit("/", 1)[1])
    length = response.headers.get("Content-Length")
    return start + int(length) if length and length.isdigit() else 0


def _copy(response: Any, out: IO[bytes], done: int, total: int, name: str,
          token: CancelToken, chunk: int) -> Job[int]:
    while True:
        token.check()
        try:
            block = response.read(chunk)
        except (OSError, HTTPException) as err:
            raise DownloadError(f"the download of {name} was interrupted after {done:,} bytes "
                                f"({err}); start it again to resume") from err
        if not block:
            if total and done < total:
                raise DownloadError(f"the download of {name} was interrupted after {done:,} "
                                    f"of {total:,} bytes; start it again to resume")
            return done
        out.write(block)
        done += len(block)
        yield Progress(done, total, f"Downloading {name}: {done / 1e6:.1f} MB"
                       + (f" of {total / 1e6:.1f} MB" if total else ""))


def download_job(url: str, target: Path | str, *, cancel: CancelToken | None = None,
                 verify: bool = True, timeout: float = 30.0,
                 chunk: int = _CHUNK) -> Job[Path]:
    """Download ``url`` to ``target``, resuming a previous part file, checking the checksum.

    Parameters
    ----------
    url : str
        An ``http(s)://`` URL (:func:`cards_url` gives the configured one).
    target : Path or str
        The file to write; ``<target>.part`` holds the bytes until the download is whole.
    cancel : CancelToken, optional
        Checked between chunks; cancelling keeps the part file for a later resume.
    verify : bool
        Check the SHA-256 published at ``<url>.sha256`` (MTGJSON's convention).
    timeout : float
        Seconds to wait for the server on each request.
    chunk : int
        Bytes read between progress reports.

    Yields
    ------
    Progress
        Bytes downloaded of the total size (0 when the server does not say).

    Returns
    -------
    Path
        ``target``, whole and checked.

    Raises
    ------
    DownloadError
        The server answered an error, the connection failed or broke off (the part file is
        kept), or the checksum did not match (the part file is deleted).
    Cancelled
        ``cancel`` was set (the part file is kept).
    """
    token = cancel or CancelToken()
    target = Path(target)
    part = target.with_name(target.name + ".part")
    target.parent.mkdir(parents=True, exist_ok=True)
    yield Progress(0, 0, f"Connecting to {url}")
    expected = _expected_sha256(url, timeout) if verify else ""
    token.check()
    start = part.stat().st_size if part.is_file() else 0
    response = _open(url, timeout, start)
    try:
        status = getattr(response, "status", None) or response.getcode()
        if status == 416:
            done = start
        else:
            if status != 206:
                start = 0  # the server sent the whole file: start over
            total = _total(response, start)
            with part.open("ab" if start else "wb") as out:
                done = yield from _copy(response, out, start, total, target.name, token,
                                        chunk)
    finally:
        response.close()
    if verify:
        yield Progress(done, done, f"Checking {target.name}")
        actual = _sha256(part)
        if actual != expected:
            part.unlink(missing_ok=True)
            raise DownloadError(f"{target.name}: the checksum does not match (expected "
                                f"{expected}, got {actual}); the download was deleted, "
                                "try again")
    os.replace(part, target)
    return target
