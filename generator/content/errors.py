"""The one error type content readers raise, printed as one line."""

from __future__ import annotations

from pathlib import Path


class ContentError(Exception):
    """Bad input in a content file: where it is and what is wrong, in one line."""

    def __init__(
        self, path: Path | str, line: int | None, message: str, scenario: str | None = None
    ) -> None:
        super().__init__(message)
        self.path = Path(path)
        self.line = line
        self.message = message
        self.scenario = scenario

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else str(self.path)
        who = f" scenario {self.scenario}:" if self.scenario else ""
        return f"{where}:{who} {self.message}"
