"""Writing the user's files safely: whole or not at all, through links, never over devices.

Every file Spellweb writes for the user (reports, graphs, deck files) goes through
:func:`write_bytes_atomic`: the bytes go to a temporary file beside the target, which is then
renamed over it, so a failed or interrupted export never leaves half a file and never
destroys the previous one. A symbolic link is followed (the file it points to is replaced,
the link stays); a target that is not a regular file (``/dev/stdout``, a FIFO) is written in
place; a folder or a missing parent folder is an error.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from analyzer.errors import InputError

__all__ = ["OutputPathError", "write_bytes_atomic", "write_text_atomic"]


class OutputPathError(InputError):
    """The output path cannot be written (missing folder, a folder, no permission)."""


def _target(path: Path) -> Path:
    target = path.resolve() if path.is_symlink() else path
    if target.is_dir():
        raise OutputPathError(f"{str(path)!r} is a folder; give a file name")
    if not target.parent.is_dir():
        raise OutputPathError(f"{str(path)!r}: the folder {str(target.parent)!r} does not exist")
    return target


def write_bytes_atomic(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename.

    Parameters
    ----------
    path : Path or str
        The file to write; a symbolic link is followed.

    Returns
    -------
    Path
        The file actually written (the link's target for a link).

    Raises
    ------
    OutputPathError
        The parent folder is missing, the path is a folder, or the file cannot be written
        (the message names it; the previous file is left as it was).
    """
    path = Path(path)
    target = _target(path)
    try:
        if target.exists() and not stat.S_ISREG(target.stat().st_mode):
            with target.open("wb") as fh:  # a device or a FIFO: there is nothing to replace
                fh.write(data)
            return target
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                   dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            if target.exists():
                os.chmod(tmp, stat.S_IMODE(target.stat().st_mode))
            else:
                os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as err:
        raise OutputPathError(f"cannot write {str(path)!r}: {err.strerror or err}") from err
    return target


def write_text_atomic(path: Path | str, text: str) -> Path:
    """:func:`write_bytes_atomic` of ``text`` encoded as UTF-8."""
    return write_bytes_atomic(path, text.encode("utf-8"))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
