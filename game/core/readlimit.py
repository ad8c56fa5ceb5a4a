"""Reading a file whole, but never more of it than a limit.

Why not ``handle.read(limit + 1)``: it allocates a buffer of ``limit + 1`` bytes before
reading, so every save read (16 MB allowed) or YAML file (1 MB) cost that much memory
for a file of a few kilobytes. And why not ``read()`` after a look at the file's size:
a file that grows meanwhile, or a device or pipe that never ends, would be read without
end. Pieces of a fixed size cost in proportion to what the file holds.
"""

from __future__ import annotations

from pathlib import Path

#: bytes read at a time
PIECE = 64 * 1024


def read_at_most(path: Path | str, limit: int) -> bytes | None:
    """The bytes of ``path``, or None once it holds more than ``limit`` (the rest is not
    read). OSError as ``open`` raises it."""
    pieces: list[bytes] = []
    total = 0
    with open(path, "rb") as handle:
        while True:
            piece = handle.read(min(PIECE, limit + 1 - total))
            if not piece:
                return b"".join(pieces)
            pieces.append(piece)
            total += len(piece)
            if total > limit:
                return None
