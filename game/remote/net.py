"""Which address to invite devices to."""

from __future__ import annotations

import socket

#: an address in TEST-NET-1 (RFC 5737): connecting a UDP socket to it sends nothing; it
#: only asks the system which local address its route would leave from
_PROBE = ("192.0.2.1", 9)


def lan_address() -> str:
    """This machine's address on the local network (the route's source address), or
    127.0.0.1 when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(_PROBE)
            address = sock.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    return address if isinstance(address, str) and address != "0.0.0.0" else "127.0.0.1"
