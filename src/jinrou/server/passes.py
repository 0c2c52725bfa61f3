"""Spectators' passes and room makers' address keys: signed with the server's secret.

A pass proves a password room's password and carries the name its spectator chats under; it is
signed, so it needs no storage and survives restarts. A room maker's address is stored as its keyed
hash, never as itself. The secret is made once and kept in the store.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from jinrou.server.store import AsyncStore


def keyed(secret: bytes, room_id: str, name: str) -> str:
    """The keyed hash of ``name`` under ``room_id`` (see :meth:`Passes.sign`): a tool holding the
    store's secret (``jinrou admin ban --address``) keys an address as the server does."""
    return hmac.new(secret, f"{room_id}\0{name}".encode(), hashlib.sha256).hexdigest()[:32]


class Passes:
    """The server's secret (read from the store once) and what it signs."""

    def __init__(self, db: AsyncStore):
        self.db = db
        self._secret: bytes | None = None

    async def load(self) -> None:
        """Read the server's secret (made once, kept in the store) if it is not read yet."""
        if self._secret is None:
            self._secret = await self.db.secret()

    def sign(self, room_id: str, name: str) -> str:
        """A keyed hash (the server's secret, read by :meth:`load`): a spectator's pass, or (room
        "address") the key of a room maker's address, stored instead of the address itself."""
        assert self._secret is not None, "the secret is read first (load)"
        return keyed(self._secret, room_id, name)

    def issue(self, room_id: str, name: str) -> str:
        """A pass for ``room_id`` under ``name`` ("" for none)."""
        label = base64.urlsafe_b64encode(name.encode()).decode()
        return f"{label}.{self.sign(room_id, name)}"

    def spectator(self, room_id: str, pass_: object) -> str | None:
        """The name in a valid pass for the room ("" when it has none); None when it is not valid."""
        if not isinstance(pass_, str) or pass_.count(".") != 1 or len(pass_) > 200:
            return None
        label, signature = pass_.split(".")
        try:
            name = base64.urlsafe_b64decode(label.encode()).decode()
        except ValueError:
            return None
        expected = self.sign(room_id, name).encode()  # bytes: compare_digest refuses non-ASCII text
        return name if hmac.compare_digest(signature.encode(errors="replace"), expected) else None
