"""The server's one error: a request that is not allowed, with its HTTP status."""

from __future__ import annotations

from jinrou.errors import JinrouError


class RoomError(JinrouError):
    """A request about a room is not allowed (the message says why); ``status`` is the HTTP code
    (400 not now or malformed, 403 token or password, 404 no such room, 413 too large, 429 too fast)."""

    def __init__(self, message: str, status: int = 400, *, ja: str | None = None):
        super().__init__(message, ja=ja)
        self.status = status

    def to_json(self) -> dict[str, str]:
        """``{"error": English, "ja": Japanese}`` (``ja`` where written): the page shows the one in its
        language."""
        return {"error": str(self), **({"ja": self.ja} if self.ja else {})}
