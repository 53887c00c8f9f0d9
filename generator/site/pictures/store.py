"""Picture files: named by a hash of what was drawn, cached between builds.

Each picture is written four times: PNG and WebP, at 1x and 2x. A picture
whose inputs are unchanged is copied from the cache, not drawn again.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import PIL
from PIL import Image

from .drawing import SCALE, font_digest, reduce

# Bump when the drawing code changes what it draws.
DRAWING_VERSION = "4"
SUFFIXES = (".png", "@2x.png", ".webp", "@2x.webp")


@dataclass(frozen=True)
class Picture:
    name: str  # file name without suffix, under img/
    width: int  # 1x size in CSS pixels
    height: int


def encode(image: Image.Image) -> dict[str, bytes]:
    """The four files of a picture drawn at SCALE times 1x."""
    files: dict[str, bytes] = {}
    for factor, density in ((SCALE, ""), (SCALE // 2, "@2x")):
        # A palette keeps flat card colours exact and the files small; both
        # formats store the same quantized pixels.
        quantized = reduce(image, factor).quantize(
            colors=96, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        png = io.BytesIO()
        quantized.save(png, "PNG", compress_level=9)
        files[f"{density}.png"] = png.getvalue()
        webp = io.BytesIO()
        quantized.convert("RGBA").save(webp, "WEBP", lossless=True, method=4)
        files[f"{density}.webp"] = webp.getvalue()
    return files


@dataclass
class PictureStore:
    cache: Path
    # A dry store names pictures without drawing them (to render pages for statistics).
    dry: bool = False
    used: dict[str, Picture] = field(default_factory=dict)
    drawn: int = 0  # pictures actually drawn (not found in the cache) by this store
    drawn_names: set[str] = field(default_factory=set)
    # The names asked for since `collecting` was set: the pictures one page shows.
    collecting: set[str] | None = None

    def __post_init__(self) -> None:
        self._salt = f"{DRAWING_VERSION}|{PIL.__version__}|{font_digest()}"

    def get(self, inputs: str, size: tuple[int, int], draw: Callable[[], Image.Image]) -> Picture:
        """The picture of these inputs (a canonical description of everything drawn)."""
        name = hashlib.sha256(f"{self._salt}|{inputs}".encode()).hexdigest()[:20]
        picture = Picture(name, *size)
        if (
            not self.dry
            and name not in self.used
            # A link in the cache could lead anywhere: only regular files count as drawn.
            and not all(_is_regular(self.cache / f"{name}{suffix}") for suffix in SUFFIXES)
        ):
            self.cache.mkdir(parents=True, exist_ok=True)
            for suffix, data in encode(draw()).items():
                temporary = self.cache / f".{name}{suffix}.{os.getpid()}"
                temporary.write_bytes(data)
                temporary.replace(self.cache / f"{name}{suffix}")
            self.drawn += 1
            self.drawn_names.add(name)
        self.used[name] = picture
        if self.collecting is not None:
            self.collecting.add(name)
        return picture

    def keep(self, names: Iterable[str]) -> bool:
        """Publish these pictures again without asking for them (a page not rendered again).

        False, and nothing kept, if any of them is no longer in the cache.
        """
        names = [name for name in names if name not in self.used]
        if not all(_is_regular(self.cache / f"{n}{suffix}") for n in names for suffix in SUFFIXES):
            return False
        for name in names:
            self.used.setdefault(name, Picture(name, 0, 0))
        return True

    def copy_into(self, folder: Path) -> int:
        """Put every picture used so far into `folder`; return the bytes of the 1x PNG files.

        A hard link where the file system allows it (the cache's files are never
        rewritten in place), else a copy; a cache entry that is not a regular
        file is never published.
        """
        folder.mkdir(parents=True, exist_ok=True)
        total = 0
        for name in self.used:
            for suffix in SUFFIXES:
                source, target = self.cache / f"{name}{suffix}", folder / f"{name}{suffix}"
                if not _is_regular(source):
                    raise OSError(f"{source} is not a regular file")
                try:
                    os.link(source, target)
                except OSError:
                    shutil.copyfile(source, target, follow_symlinks=False)
            total += (folder / f"{name}.png").stat().st_size
        return total


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
