"""The QR code of the join URL: a matrix the client can draw, and the terminal's."""

from __future__ import annotations

import pytest

from game.remote import RemoteError
from game.remote.qr import QUIET_ZONE, qr_matrix, qr_text

URL = "http://192.168.1.20:8765/?room=KXQ7M"


def finder_at(matrix: list[list[bool]], top: int, left: int) -> bool:
    """The 7x7 finder pattern: a dark ring, a light ring, a dark 3x3 centre."""
    for y in range(7):
        for x in range(7):
            ring = max(abs(x - 3), abs(y - 3))
            if matrix[top + y][left + x] != (ring != 2):
                return False
    return True


def test_the_matrix_is_a_qr_code_with_its_quiet_zone():
    matrix = qr_matrix(URL)
    size = len(matrix)
    core = size - 2 * QUIET_ZONE
    assert all(len(row) == size for row in matrix)
    assert core >= 21 and (core - 21) % 4 == 0  # a QR version's size
    b = QUIET_ZONE
    assert not any(matrix[0]) and not any(matrix[-1])
    assert not any(row[0] or row[-1] for row in matrix)
    assert finder_at(matrix, b, b) and finder_at(matrix, b, b + core - 7)
    assert finder_at(matrix, b + core - 7, b)
    assert not finder_at(matrix, b + core - 7, b + core - 7)  # three corners only
    timing = [matrix[b + 6][b + x] for x in range(8, core - 8)]
    assert timing == [x % 2 == 0 for x in range(8, core - 8)]
    assert qr_matrix(URL) == matrix  # the same text, the same code
    assert qr_matrix(URL + "X") != matrix


def test_the_terminal_shows_two_rows_per_line():
    matrix = qr_matrix(URL)
    lines = qr_text(URL).splitlines()
    assert len(lines) == (len(matrix) + 1) // 2
    assert all(len(line) == len(matrix) for line in lines)
    assert set("".join(lines)) <= set("█▀▄ ")


def test_text_too_long_for_any_qr_code_is_a_clear_error():
    with pytest.raises(RemoteError, match="cannot make a QR code"):
        qr_matrix("x" * 5000)
