"""Picture files: named by a hash of what was drawn, cached between builds.

Each picture is written four times: PNG and WebP, at 1x and 2x. A picture
whose inputs are unchanged is copied from the cache, not drawn again.
"""

from __future__ import annotations

import hashlib
import io
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import PIL
from PIL import Image

from ..pipeline.cache import Cache
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
class Collector:
    """The pictures a page asks for while its templates render, drawn only afterwards.

    Templates may do no I/O: they name pictures, and the build has the store
    draw and write them once the page is rendered (`PictureStore.take`).
    """

    wanted: dict[str, Callable[[], Image.Image]] = field(default_factory=dict)  # by inputs

    def get(self, inputs: str, size: tuple[int, int], draw: Callable[[], Image.Image]) -> Picture:
        self.wanted.setdefault(inputs, draw)
        return Picture(picture_name(inputs), *size)


def picture_name(inputs: str) -> str:
    """A picture's file name: its inputs, the drawing code's version, Pillow's and the font's."""
    salt = f"{DRAWING_VERSION}|{PIL.__version__}|{font_digest()}"
    return hashlib.sha256(f"{salt}|{inputs}".encode()).hexdigest()[:20]


@dataclass
class PictureStore:
    """The machine's picture cache: it draws what is missing and hands out what is there.

    It remembers nothing about pages: what a page shows comes back from `take` as
    a value, and the build publishes the union (`copy_into`).
    """

    cache: Cache
    # A dry store names pictures without drawing them (to render pages for statistics).
    dry: bool = False
    drawn: int = 0  # pictures this store drew (not found in the cache), in this process
    # Names whose files this process has found (or written): not looked for again.
    _checked: set[str] = field(default_factory=set, repr=False)

    def get(self, inputs: str, size: tuple[int, int], draw: Callable[[], Image.Image]) -> Picture:
        """The picture of these inputs (a canonical description of everything drawn),
        drawn into the cache unless it is there already."""
        name = picture_name(inputs)
        self._draw(name, draw)
        return Picture(name, *size)

    def _draw(self, name: str, draw: Callable[[], Image.Image]) -> bool:
        """Whether the picture was drawn into the cache now (not there already)."""
        if self.dry or self._cached(name):
            return False
        for suffix, data in encode(draw()).items():
            self.cache.put(f"{name}{suffix}", data)
        self._checked.add(name)
        self.drawn += 1
        return True

    def take(self, collector: Collector) -> tuple[frozenset[str], frozenset[str]]:
        """Draw what a rendered page asked for; its pictures' names, and those drawn now."""
        names = {picture_name(inputs): draw for inputs, draw in collector.wanted.items()}
        drawn = frozenset(name for name, draw in names.items() if self._draw(name, draw))
        return frozenset(names), drawn

    def has(self, names: Iterable[str]) -> bool:
        """Whether every one of these pictures is in the cache (a page taken over shows them)."""
        return all(self._cached(name) for name in names)

    def _cached(self, name: str) -> bool:
        if name not in self._checked:
            folder = self.cache.folder
            if folder is None or not all(
                _is_own_file(folder / f"{name}{suffix}") for suffix in SUFFIXES
            ):
                return False
            self._checked.add(name)
        return True

    def files(self, names: Iterable[str]) -> Iterator[tuple[str, bytes]]:
        """The files of these pictures (four each), by file name, to publish.

        Read from the cache, never linked to it, so that a cached file keeps its
        one link and a file with more than one (linked from elsewhere) is never
        taken for a picture.
        """
        for name in sorted(set(names)):
            for suffix in SUFFIXES:
                data = self.cache.get(f"{name}{suffix}")
                if data is None:
                    raise OSError(f"the picture {name}{suffix} is not a regular file of its own")
                yield f"{name}{suffix}", data


def _is_own_file(path: Path) -> bool:
    """A regular file itself (not a link to one), with no other name (no hard link)."""
    try:
        status = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_nlink == 1
