"""QR codes for the join URL, as a matrix anyone can draw.

``segno`` (pure Python, part of the ``remote`` extra) encodes; :func:`qr_matrix` hands
back rows of booleans (True: a dark module) with the quiet zone the scanners need, so the
pygame client, the terminal and a page can each draw it their own way.
"""

from __future__ import annotations

from game.remote import RemoteError, require

#: light modules around the code; the standard asks for 4, phones read 2 fine on screens
QUIET_ZONE = 2


def qr_matrix(text: str, border: int = QUIET_ZONE) -> list[list[bool]]:
    """The QR code of ``text`` (error correction M, the smallest version that fits) as
    rows of modules, ``border`` light modules on every side."""
    require()
    import segno

    try:
        code = segno.make_qr(text, error="m", boost_error=False)
    except (ValueError, segno.DataOverflowError) as exc:
        raise RemoteError(f"cannot make a QR code of this text: {exc}") from None
    rows = [[bool(module) for module in row] for row in code.matrix]
    size = len(rows) + 2 * border
    blank = [False] * size
    return ([list(blank) for _ in range(border)]
            + [[False] * border + row + [False] * border for row in rows]
            + [list(blank) for _ in range(border)])


def qr_text(text: str) -> str:
    """The QR code for a terminal: two rows of modules per line in half blocks, dark
    modules drawn dark on a light terminal and light on a dark one (inverted blocks)."""
    matrix = qr_matrix(text)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        # light modules are drawn (blocks), dark ones left as the terminal's background:
        # scanners read the dark-on-light pattern on a dark terminal
        line = "".join({(False, False): "█", (False, True): "▀", (True, False): "▄",
                        (True, True): " "}[(a, b)] for a, b in zip(top, bottom, strict=True))
        lines.append(line)
    return "\n".join(lines)
