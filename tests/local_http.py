"""A small HTTP server on 127.0.0.1 serving files with Range support, for download tests."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Served:
    """What the server serves and how it misbehaves; tests change it between requests."""

    files: dict[str, bytes] = field(default_factory=dict)
    """Path (``/AtomicCards.json.xz``) -> content; ``<path>.sha256`` is served automatically."""
    sha_override: str | None = None
    """Serve this as the checksum instead of the real one."""
    cut_after: int | None = None
    """Send only this many bytes of the next file body, then drop the connection."""
    status: int | None = None
    """Answer every file request with this error status."""
    ranges: list[str] = field(default_factory=list)
    """The ``Range`` header of each file request ("" when absent)."""
    base: str = ""
    """``http://127.0.0.1:PORT``."""

    def url(self, path: str) -> str:
        return self.base + path


def _handler(served: Served) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            if self.path.endswith(".sha256"):
                content = served.files.get(self.path[:-7])
                if content is None:
                    self.send_error(404)
                    return
                digest = served.sha_override or hashlib.sha256(content).hexdigest()
                body = f"{digest}  {self.path.rsplit('/', 1)[-1][:-7]}\n".encode()
                self._send(200, body, {}, cut=False)
                return
            served.ranges.append(self.headers.get("Range", ""))
            if served.status is not None:
                self.send_error(served.status)
                return
            content = served.files.get(self.path)
            if content is None:
                self.send_error(404)
                return
            start = 0
            header = self.headers.get("Range", "")
            if header.startswith("bytes=") and header.endswith("-"):
                start = int(header[6:-1])
            if start >= len(content) and start:
                self._send(416, b"", {"Content-Range": f"bytes */{len(content)}"})
                return
            body = content[start:]
            extra = {"Content-Range": f"bytes {start}-{len(content) - 1}/{len(content)}"} \
                if start else {}
            self._send(206 if start else 200, body, extra)

        def _send(self, status: int, body: bytes, headers: dict[str, str],
                  cut: bool = True) -> None:
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            if cut and served.cut_after is not None and status in (200, 206):
                self.wfile.write(body[:served.cut_after])
                self.wfile.flush()
                served.cut_after = None
                self.close_connection = True
                return
            self.wfile.write(body)

    return Handler


@contextmanager
def serve(served: Served) -> Iterator[Served]:
    """Run the server in a thread for the ``with`` block."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(served))
    served.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
