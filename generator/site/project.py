"""Where a project keeps its inputs, its cache and its default output.

Light on purpose (the standard library and the input reader): a build that
finds nothing changed (generator/site/manifest.py) needs this before
anything heavy is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..content.files import InputFiles


@dataclass(frozen=True)
class Project:
    """Where a project keeps its inputs."""

    root: Path
    content_folder: Path | None = None

    @property
    def content(self) -> Path:
        return self.content_folder or self.root / "content"

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def locales(self) -> Path:
        return self.root / "locales"

    @property
    def cache(self) -> Path:
        """Pictures already drawn, kept between builds (not committed, safe to delete)."""
        return self.root / ".cache"

    @property
    def default_out(self) -> Path:
        return self.root / "site"

    @property
    def files(self) -> InputFiles:
        return InputFiles.of(self.root, self.content)

    def inputs(self) -> tuple[Path, ...]:
        return (self.content, self.templates, self.locales)
