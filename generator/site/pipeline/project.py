"""Where a project keeps its inputs, its cache and its default output.

Light on purpose (the standard library and the input reader): a build that
finds nothing changed (generator/site/pipeline/manifest.py) needs this before
anything heavy is imported.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ...content.files import InputFiles


def machine_cache() -> Path:
    """The machine's own folder for belote-site, outside every project (no pull request's).

    `$XDG_CACHE_HOME/belote-site`, else `~/.cache/belote-site`: the pictures and
    records every checkout shares, each project's manifest (`projects/`), and the
    builds' locks. Safe to delete.
    """
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return home / "belote-site"


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
        """The last build's manifest: this project's, in the machine's cache (outside the
        tree, so no pull request can plant one; safe to delete)."""
        name = hashlib.sha256(os.fsencode(os.path.realpath(self.root))).hexdigest()[:32]
        return machine_cache() / "projects" / name

    @property
    def records(self) -> Path:
        """What was checked and drawn (catalogs, verified scenarios, practice draws, the
        witness search), named by the bytes it came from: shared by every checkout."""
        return machine_cache() / "records"

    @property
    def pictures(self) -> Path:
        """Pictures already drawn: named by what they show, shared by every checkout."""
        return machine_cache() / "pictures"

    @property
    def default_out(self) -> Path:
        return self.root / "site"

    @property
    def files(self) -> InputFiles:
        # Its inputs only: the content folder (wherever --content puts it), templates, catalogs.
        return InputFiles.of(*self.inputs())

    def inputs(self) -> tuple[Path, ...]:
        return (self.content, self.templates, self.locales)
