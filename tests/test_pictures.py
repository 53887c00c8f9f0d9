"""Card faces, trick diagrams, melds, the picture store, and the pictures of the built site.

Faces: sizes, colours (French and four-colour), pips clear of the indices and
in the classic layouts, courts with a double-ended figure of their own. The
diagram: the table turned to the player whose hand it shows, the winner's
mark distinct from the allowed cards' marks, seat names clear of the cards.
Melds: each declaration's cards side by side under one bracket. Positions
come from each module's `layout`, which the drawing follows; the tests look
at the pixels there.
"""

from __future__ import annotations

import io
import itertools
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ROOT, card
from helpers.project import shared_build
from PIL import Image, ImageChops, ImageDraw, ImageStat

from generator.content.catalogs import discover_languages
from generator.content.files import InputFiles
from generator.engine import DECK, Card, Rank, Suit
from generator.site.pictures import drawing
from generator.site.pictures.cards import draw_card, draw_face
from generator.site.pictures.drawing import SCALE, reduce
from generator.site.pictures.store import PictureStore, encode
from generator.site.pipeline.cache import Cache
from generator.site.rendering.i18n import Gettext, load_language
from generator.site.rendering.illustrate import Illustrator
from generator.site.rendering.vocabulary import load_vocabulary
from generator.site.rendering.words import Words

CARD_1X = (64, 90)
CARD_2X = (128, 180)
DIAGRAM_1X = (360, 380)
SUFFIXES = {".png", "@2x.png", ".webp", "@2x.webp"}
BUDGET = 150_000  # bytes of 1x pictures on one page

RGBA = tuple[int, int, int, int]
Box = tuple[float, float, float, float]
COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)
DASH = "\N{EN DASH}"  # in the sides' names: "North\N{EN DASH}South"


def letter_of(c: Card) -> str:
    return c.rank.value


def face(c: Card | str, letter: str | None = None, four_colour: bool = False) -> Image.Image:
    c = card(c) if isinstance(c, str) else c
    return draw_card(c, letter if letter is not None else letter_of(c), four_colour)


def redness(image: Image.Image) -> int:
    """The largest min(R - G, R - B) over the picture's pixels (0 when nothing is red)."""
    r, g, b, _ = image.convert("RGBA").split()
    return ImageChops.darker(ImageChops.subtract(r, g), ImageChops.subtract(r, b)).getextrema()[1]


def blueness(image: Image.Image) -> int:
    r, g, b, _ = image.convert("RGBA").split()
    return ImageChops.darker(ImageChops.subtract(b, r), ImageChops.subtract(b, g)).getextrema()[1]


def greenness(image: Image.Image) -> int:
    r, g, b, _ = image.convert("RGBA").split()
    return ImageChops.darker(ImageChops.subtract(g, r), ImageChops.subtract(g, b)).getextrema()[1]


def saturation(image: Image.Image) -> int:
    """The largest |R - G| or |G - B| over the picture's opaque pixels."""
    r, g, b, a = image.convert("RGBA").split()
    spread = ImageChops.lighter(ImageChops.difference(r, g), ImageChops.difference(g, b))
    # Transparent pixels do not count.
    spread = ImageChops.multiply(spread, a.point(lambda v: 255 if v else 0))
    return spread.getextrema()[1]


def near(pixel: RGBA, colour: RGBA, tolerance: int) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], colour[:3], strict=True))


def colour_distance(a: RGBA, b: RGBA) -> int:
    return sum(abs(x - y) for x, y in zip(a[:3], b[:3], strict=True))


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def at(image: Image.Image, x: float, y: float) -> RGBA:
    """The pixel at 1x coordinates (x, y) of a drawing-size picture."""
    pixel = image.getpixel((int(x * SCALE), int(y * SCALE)))
    assert isinstance(pixel, tuple)
    return pixel  # type: ignore[return-value]


def box(image: Image.Image, x0: float, y0: float, x1: float, y1: float) -> Image.Image:
    return image.crop((int(x0 * SCALE), int(y0 * SCALE), int(x1 * SCALE), int(y1 * SCALE)))


def crop(image: Image.Image, area: Box) -> Image.Image:
    return box(image, *area)


def apart(a: Box, b: Box, margin: float) -> bool:
    """Whether two boxes are at least `margin` apart (on one axis at least)."""
    return (
        a[2] + margin <= b[0]
        or b[2] + margin <= a[0]
        or a[3] + margin <= b[1]
        or b[3] + margin <= a[1]
    )


def count_near(image: Image.Image, colour: RGBA, tolerance: int) -> int:
    """How many opaque pixels are within `tolerance` of `colour` on every channel."""
    r, g, b, a = image.convert("RGBA").split()
    masks = [
        channel.point(lambda v, c=c: 255 if abs(v - c) <= tolerance else 0)
        for channel, c in zip((r, g, b), colour[:3], strict=True)
    ]
    mask = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
    mask = ImageChops.multiply(mask, a.point(lambda v: 255 if v == 255 else 0))
    return mask.point(lambda v: 255 if v else 0).histogram()[255]


def changed_area(first: Image.Image, second: Image.Image) -> Box:
    found = ImageChops.difference(first, second).getbbox(alpha_only=False)
    assert found is not None
    return tuple(v / SCALE for v in found)  # type: ignore[return-value]


# ---------------------------------------------------------------------------
# Card faces


@pytest.mark.parametrize("code", ["7S", "10H", "JD", "QC", "KS", "AH"])
def test_card_face_sizes(code: str) -> None:
    drawn = face(code)
    assert drawn.size == (CARD_1X[0] * SCALE, CARD_1X[1] * SCALE)
    assert reduce(drawn, SCALE).size == CARD_1X
    assert reduce(drawn, SCALE // 2).size == CARD_2X


@pytest.mark.parametrize("c", DECK, ids=lambda c: c.code)
def test_suit_colours(c: Card) -> None:
    drawn = face(c)
    if c.suit in (Suit.HEARTS, Suit.DIAMONDS):
        # Red: R well above G and B somewhere on the face.
        assert redness(drawn) >= 120
    elif c.rank not in COURTS:
        # Black suits: no red at all (a court's face has its skin and gold, not red ink).
        assert redness(drawn) < 40
    else:
        # The court's ink is black: its robe, its frame.
        index = draw_face(c, letter_of(c))[1].indices[0]
        assert redness(crop(drawn, index)) < 40


@pytest.mark.parametrize("c", DECK, ids=lambda c: c.code)
def test_four_colour_deck(c: Card) -> None:
    """Blue diamonds, green clubs; hearts and spades as in the French deck."""
    drawn, where = draw_face(c, letter_of(c), four_colour=True)
    index = crop(drawn, where.indices[0])
    if c.suit is Suit.DIAMONDS:
        assert blueness(index) >= 100 and redness(index) < 20
        # The pips, or a court's frame, are blue too: nothing on the face is red ink.
        assert count_near(drawn, drawing.BLUE, 12) > 200
        assert count_near(drawn, drawing.RED, 12) == 0
    elif c.suit is Suit.CLUBS:
        assert greenness(index) >= 60 and redness(index) < 20
        assert count_near(drawn, drawing.GREEN, 12) > 200
    elif c.suit is Suit.HEARTS:
        assert redness(index) >= 120
        assert drawn.tobytes() == face(c).tobytes()
    else:
        assert max(redness(index), blueness(index), greenness(index)) < 30
        assert drawn.tobytes() == face(c).tobytes()


def test_all_faces_differ() -> None:
    faces = {face(c).tobytes() for c in DECK}
    assert len(faces) == 32
    faces |= {face(c, four_colour=True).tobytes() for c in DECK}
    # The diamonds and clubs differ in the four-colour deck, hearts and spades do not.
    assert len(faces) == 48


def test_the_rank_letter_is_drawn() -> None:
    # French courts: R(oi), D(ame), V(alet) instead of K, Q, J.
    for code, letter in (("KS", "R"), ("QH", "D"), ("JC", "V")):
        assert face(code).tobytes() != face(code, letter).tobytes()


@pytest.mark.parametrize("code", ["KS", "QH", "JD", "10C", "7H"])
def test_the_letter_appears_only_in_the_corners(code: str) -> None:
    """A court is a figure, not a letter in a box: another letter changes the indices only."""
    c = card(code)
    first, where = draw_face(c, "K")
    second = draw_face(c, "Ж")[0]
    changed = changed_area(first, second)
    # Inside the two corners (either letter's index box), a pixel of antialiasing either side.
    other = draw_face(c, "Ж")[1]
    top = [min(a, b) for a, b in zip(where.indices[0], other.indices[0], strict=True)]
    bottom = [max(a, b) for a, b in zip(where.indices[1], other.indices[1], strict=True)]
    x0, y0, x1, y1 = changed
    assert x0 >= top[0] - 0.5 and y0 >= top[1] - 0.5
    assert x1 <= bottom[2] + 0.5 and y1 <= bottom[3] + 0.5
    # And nothing changed between the corners: the middle of the card is the same.
    assert crop(first, (18, 32, 46, 58)).tobytes() == crop(second, (18, 32, 46, 58)).tobytes()


@pytest.mark.parametrize("letter", ["7", "10", "V", "D", "R", "Ж", "Đ", "Ô", "Q"])
def test_index_fits_its_corner(letter: str) -> None:
    """One or two characters, with a diacritic or a tail: the index stays in the corner."""
    for c in (card("10H"), card("KS"), card("9C")):
        _, where = draw_face(c, letter)
        top, bottom = where.indices
        assert top[0] >= 2 and top[1] >= 3
        assert top[2] - top[0] <= 14
        assert top[3] <= 32
        # The turned index exactly opposite, corner to corner.
        assert bottom == pytest.approx(
            (CARD_1X[0] - top[2], CARD_1X[1] - top[3], CARD_1X[0] - top[0], CARD_1X[1] - top[1])
        )


def ink_outside(image: Image.Image, boxes: list[Box]) -> Box | None:
    """Where the face has ink (anything not white) outside `boxes` and its own edge, in 1x."""
    white = Image.new("RGBA", image.size, drawing.WHITE)
    white.alpha_composite(image)
    ink = ImageChops.invert(white.convert("L")).point(lambda v: 255 if v > 24 else 0)
    draw = ImageDraw.Draw(ink)
    width, height = image.size
    # The card's grey edge and its rounded corners.
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=5 * SCALE, outline=0, width=3 * SCALE
    )
    for x0, y0, x1, y1 in boxes:
        draw.rectangle(
            (int(x0 * SCALE) - 2, int(y0 * SCALE) - 2, int(x1 * SCALE) + 2, int(y1 * SCALE) + 2),
            fill=0,
        )
    found = ink.getbbox(alpha_only=False)
    return None if found is None else tuple(v / SCALE for v in found)  # type: ignore[return-value]


@pytest.mark.parametrize("c", [c for c in DECK if c.rank not in COURTS], ids=lambda c: c.code)
def test_pips_clear_of_the_indices(c: Card) -> None:
    """No pip within 1.5 px of an index; and the boxes are honest: no ink outside them."""
    drawn, where = draw_face(c, letter_of(c))
    for pip in where.pips:
        for index in where.indices:
            assert apart(pip, index, 1.5), (pip, index)
    assert ink_outside(drawn, [*where.pips, *where.indices]) is None


PIPS = {Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10, Rank.ACE: 1}


def centre(area: Box) -> tuple[float, float]:
    return ((area[0] + area[2]) / 2, (area[1] + area[3]) / 2)


@pytest.mark.parametrize("c", [c for c in DECK if c.rank not in COURTS], ids=lambda c: c.code)
def test_classic_pip_layouts(c: Card) -> None:
    drawn, where = draw_face(c, letter_of(c))
    assert len(where.pips) == PIPS[c.rank]
    centres = sorted(centre(pip) for pip in where.pips)
    if c.rank is Rank.ACE:
        # One large pip in the middle.
        (x, y), pip = centres[0], where.pips[0]
        assert (x, y) == pytest.approx((32, 45), abs=0.5)
        assert pip[3] - pip[1] >= 28
        return
    # Symmetric: each pip has a partner turned round the card's centre (the seven's
    # extra pip, above the middle, excepted).
    turned = sorted((CARD_1X[0] - x, CARD_1X[1] - y) for x, y in centres)
    unmatched = [
        p
        for p in centres
        if not any(abs(p[0] - q[0]) < 0.6 and abs(p[1] - q[1]) < 0.6 for q in turned)
    ]
    if c.rank is Rank.SEVEN:
        assert len(unmatched) == 1
        assert unmatched[0][0] == pytest.approx(32, abs=0.5) and unmatched[0][1] < 45
    else:
        assert unmatched == []
    # Two side columns, evenly spaced rows.
    left = sorted(y for x, y in centres if x < 28)
    right = sorted(y for x, y in centres if x > 36)
    assert left == pytest.approx(right, abs=0.5)
    steps = [b - a for a, b in itertools.pairwise(left)]
    assert max(steps) - min(steps) < 0.6
    # The lower half turned round: a bottom pip is the top pip upside down.
    top = min(where.pips, key=lambda p: (p[1], p[0]))
    bottom = max(where.pips, key=lambda p: (p[1], p[0]))
    upper, lower = crop(drawn, top), crop(drawn, bottom)
    assert upper.size == lower.size
    assert upper.transpose(Image.Transpose.ROTATE_180).tobytes() == lower.tobytes()
    if c.suit is not Suit.DIAMONDS:  # a diamond looks the same either way up
        assert upper.tobytes() != lower.tobytes()


@pytest.mark.parametrize("suit", list(Suit), ids=lambda s: s.value)
def test_courts_have_a_figure_of_their_own(suit: Suit) -> None:
    panels = {}
    for rank in COURTS:
        c = Card(rank, suit)
        drawn, where = draw_face(c, letter_of(c))
        assert where.panel is not None and where.pips == ()
        panel = crop(drawn, where.panel)
        # Double-ended: the bottom half is the top half turned round.
        assert panel.transpose(Image.Transpose.ROTATE_180).tobytes() == panel.tobytes()
        # In the suit colour with gold, and a face.
        assert count_near(panel, drawing.suit_colour(suit), 10) > 1500
        assert count_near(panel, drawing.GOLD, 10) > 600
        assert count_near(panel, drawing.SKIN, 10) > 800
        # The indices keep clear of the frame.
        for index in where.indices:
            assert apart(index, (17.5, 5, 56, 45) if index[1] < 45 else (8, 45, 46.5, 85), 1)
        panels[rank] = panel
    # Three designs: king, queen and jack differ well beyond a detail.
    for a, b in ((Rank.KING, Rank.QUEEN), (Rank.QUEEN, Rank.JACK), (Rank.KING, Rank.JACK)):
        changed = (
            ImageChops.difference(panels[a], panels[b])
            .convert("L")
            .point(lambda v: 255 if v > 40 else 0)
        )
        assert changed.histogram()[255] > 0.08 * panels[a].width * panels[a].height


def test_card_face_is_opaque_inside_and_clear_at_the_corner() -> None:
    drawn = face("9S")
    width, height = drawn.size
    assert drawn.getpixel((width // 2, height // 2))[3] == 255
    # Rounded corners: the very corner pixel is transparent.
    assert drawn.getpixel((0, 0))[3] == 0


def test_drawing_is_deterministic() -> None:
    for code in ("7S", "QH", "AD", "JC"):
        assert face(code).tobytes() == face(code).tobytes()


def test_encoding_is_deterministic() -> None:
    drawn = face("KH")
    first, second = encode(drawn), encode(face("KH"))
    assert first == second


def test_encoded_files_open_at_the_right_sizes() -> None:
    files = encode(face("QD"))
    assert set(files) == SUFFIXES
    expected = {
        ".png": ("PNG", CARD_1X),
        "@2x.png": ("PNG", CARD_2X),
        ".webp": ("WEBP", CARD_1X),
        "@2x.webp": ("WEBP", CARD_2X),
    }
    for suffix, (kind, size) in expected.items():
        image = decode(files[suffix])
        assert image.format == kind
        assert image.size == size


def test_encoded_colours_survive() -> None:
    files = encode(face("AH"))
    assert redness(decode(files[".png"])) >= 120
    assert redness(decode(files[".webp"])) >= 120
    assert redness(decode(encode(face("AS"))[".png"])) < 40
    blue = encode(face("AD", four_colour=True))
    assert blueness(decode(blue[".png"])) >= 100
    assert redness(decode(blue[".png"])) < 20


# ---------------------------------------------------------------------------
# Card keys


def test_four_colour_is_part_of_every_card_key(tmp_path: Path) -> None:
    store = PictureStore(Cache(tmp_path / "cache"), dry=True)
    words = english()
    two, four = Illustrator(store, words), Illustrator(store, words, four_colour=True)
    assert two.card(card("KD")).name != four.card(card("KD")).name
    # The same card with the same letter is the same picture, whoever asks for it.
    assert two.card(card("KD")).name == Illustrator(store, words).card(card("KD")).name


@cache
def english() -> Words:
    files = InputFiles.of(ROOT)
    vocabulary = load_vocabulary(ROOT / "content" / "vocabulary.yaml", files)
    return Words(Gettext(load_language(ROOT / "locales", "en", files)), vocabulary)


# ---------------------------------------------------------------------------
# The picture store


@dataclass
class Drawer:
    code: str
    calls: int = 0

    def __call__(self) -> Image.Image:
        self.calls += 1
        return face(self.code)


def files_in(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir()}


def test_store_same_inputs_same_name_drawn_once(tmp_path: Path) -> None:
    store = PictureStore(Cache(tmp_path / "cache"))
    draw = Drawer("KS")
    first = store.get("card|KS|K", CARD_1X, draw)
    assert (first.width, first.height) == CARD_1X
    assert store.drawn == 1
    second = store.get("card|KS|K", CARD_1X, draw)
    assert second.name == first.name
    assert store.drawn == 1
    assert draw.calls == 1


def test_store_different_inputs_different_names(tmp_path: Path) -> None:
    store = PictureStore(Cache(tmp_path / "cache"))
    names = {
        store.get("card|KS|K", CARD_1X, Drawer("KS")).name,
        store.get("card|KS|R", CARD_1X, Drawer("KS")).name,
        store.get("card|QS|Q", CARD_1X, Drawer("QS")).name,
    }
    assert len(names) == 3
    assert store.drawn == 3


def test_store_writes_four_files_to_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    store = PictureStore(Cache(cache))
    picture = store.get("card|AH|A", CARD_1X, Drawer("AH"))
    # The four pictures, named by what they show.
    assert files_in(cache) == {picture.name + suffix for suffix in SUFFIXES}
    # The files are the encoded drawing, and open at their sizes.
    encoded = encode(face("AH"))
    for suffix in SUFFIXES:
        assert (cache / f"{picture.name}{suffix}").read_bytes() == encoded[suffix]
    assert Image.open(cache / f"{picture.name}.png").size == CARD_1X
    assert Image.open(cache / f"{picture.name}@2x.webp").size == CARD_2X


def test_store_reuses_the_cache_between_builds(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = PictureStore(Cache(cache)).get("card|7C|7", CARD_1X, Drawer("7C"))
    later = PictureStore(Cache(cache))
    draw = Drawer("7C")
    again = later.get("card|7C|7", CARD_1X, draw)
    assert again.name == first.name
    assert later.drawn == 0
    assert draw.calls == 0


def test_store_redraws_an_incomplete_cache_entry(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    picture = PictureStore(Cache(cache)).get("card|7C|7", CARD_1X, Drawer("7C"))
    (cache / f"{picture.name}@2x.webp").unlink()
    later = PictureStore(Cache(cache))
    later.get("card|7C|7", CARD_1X, Drawer("7C"))
    assert later.drawn == 1
    assert (cache / f"{picture.name}@2x.webp").exists()


def test_the_files_to_publish_are_those_of_the_pictures_asked_for(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    store = PictureStore(Cache(cache))
    used = [store.get(f"card|{code}|x", CARD_1X, Drawer(code)) for code in ("JS", "9D")]
    # A picture of another store (another build) in the same cache is not published.
    PictureStore(Cache(cache)).get("card|QH|Q", CARD_1X, Drawer("QH"))
    files = dict(store.files([picture.name for picture in used]))
    assert set(files) == {p.name + suffix for p in used for suffix in SUFFIXES}
    for name, data in files.items():
        assert data == (cache / name).read_bytes()


# ---------------------------------------------------------------------------
# The built site

RANK_WORDS = {
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "10": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def english_name(c: Card) -> str:
    return f"{RANK_WORDS[c.rank.value]} of {SUIT_WORDS[c.suit.value]}"


@dataclass
class Img:
    attrs: dict[str, str]
    sources: list[dict[str, str]] | None  # the <source>s of the enclosing <picture>


class ImgParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.imgs: list[Img] = []
        self._picture: list[dict[str, str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        if tag == "picture":
            self._picture = []
        elif tag == "source" and self._picture is not None:
            self._picture.append(values)
        elif tag == "img":
            sources = list(self._picture) if self._picture is not None else None
            self.imgs.append(Img(values, sources))

    def handle_endtag(self, tag: str) -> None:
        if tag == "picture":
            self._picture = None


@dataclass(frozen=True)
class Page:
    path: Path
    lang: str | None
    imgs: tuple[Img, ...]

    def file(self, url: str) -> Path:
        return (self.path.parent / url).resolve()


@dataclass(frozen=True)
class Site:
    root: Path
    pages: tuple[Page, ...]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    out = shared_build(tmp_path_factory)[1]
    languages = set(discover_languages(ROOT / "locales"))
    pages = []
    for path in sorted(out.rglob("*.html")):
        parser = ImgParser()
        parser.feed(path.read_text(encoding="utf-8"))
        first = path.relative_to(out).parts[0]
        pages.append(Page(path, first if first in languages else None, tuple(parser.imgs)))
    return Site(out, tuple(pages))


def srcset(value: str) -> dict[str, str]:
    """`a.png 1x, b.png 2x` -> {"1x": "a.png", "2x": "b.png"}."""
    out = {}
    for entry in value.split(","):
        url, density = entry.split()
        out[density] = url
    return out


def test_site_has_pictures(site: Site) -> None:
    assert sum(len(page.imgs) for page in site.pages) > 0
    languages = discover_languages(ROOT / "locales")
    with_pictures = {page.lang for page in site.pages if page.imgs}
    assert with_pictures == set(languages)


def test_every_img_is_complete(site: Site) -> None:
    for page in site.pages:
        for img in page.imgs:
            where = f"{page.path.relative_to(site.root)}: {img.attrs.get('src')}"
            attrs = img.attrs
            assert attrs.get("alt", "").strip(), where
            width, height = int(attrs["width"]), int(attrs["height"])
            # srcset 1x and 2x, the 1x being the src.
            png = srcset(attrs["srcset"])
            assert set(png) == {"1x", "2x"}, where
            assert png["1x"] == attrs["src"], where
            assert png["1x"].endswith(".png") and png["2x"].endswith("@2x.png"), where
            # Inside <picture>, with a WebP <source> at 1x and 2x.
            assert img.sources is not None, where
            webp = [s for s in img.sources if s.get("type") == "image/webp"]
            assert len(webp) == 1, where
            sources = srcset(webp[0]["srcset"])
            assert set(sources) == {"1x", "2x"}, where
            # The files exist at the sizes the page states.
            for files in (png, sources):
                one, two = Image.open(page.file(files["1x"])), Image.open(page.file(files["2x"]))
                assert one.size == (width, height), where
                assert two.size == (2 * width, 2 * height), where
            assert Image.open(page.file(sources["1x"])).format == "WEBP", where


def test_picture_budget_per_page(site: Site) -> None:
    checked = 0
    for page in site.pages:
        files = {page.file(img.attrs["src"]) for img in page.imgs}
        total = sum(path.stat().st_size for path in files)
        assert total <= BUDGET, f"{page.path.relative_to(site.root)}: {total} bytes"
        checked += bool(files)
    assert checked > 0


@cache
def gettext_for(lang: str) -> Gettext:
    return Gettext(load_language(ROOT / "locales", lang, InputFiles.of(ROOT)))


def card_names(lang: str) -> dict[Card, str]:
    return {c: gettext_for(lang).pgettext("card", english_name(c), mark=False) for c in DECK}


def rank_letter(lang: str, rank: Rank) -> str:
    return gettext_for(lang).pgettext("rank-letter", rank.value, mark=False)


@cache
def encoded_face(code: str, letter: str) -> Image.Image:
    """The 1x PNG of a card face, decoded, as the store would write it."""
    return decode(encode(draw_card(card(code), letter))[".png"]).convert("RGBA")


def distance(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).sum)


def test_slovak_card_names() -> None:
    names = card_names("sk")
    assert names[card("KS")] == "Kráľ piky"
    assert len(set(names.values())) == 32


def test_card_alt_text_in_every_language(site: Site) -> None:
    """Each card picture's alt is the page language's name of the card it shows.

    Which card a picture shows is found by comparing it with every face drawn
    with every language's rank letters: the nearest must be the card its alt
    names, drawn with its page language's letters.
    """
    languages = discover_languages(ROOT / "locales")
    letters = {rank: {rank_letter(lang, rank) for lang in languages} for rank in Rank}
    candidates = [(c, letter) for c in DECK for letter in sorted(letters[c.rank])]
    checked: dict[str, int] = {lang: 0 for lang in languages}
    seen: dict[Path, set[tuple[Card, str]]] = {}
    for page in site.pages:
        if page.lang is None:
            continue
        names = card_names(page.lang)
        by_name = {name: c for c, name in names.items()}
        for img in page.imgs:
            if "card-face" not in img.attrs.get("class", "").split():
                continue
            alt = img.attrs["alt"]
            where = f"{page.path.relative_to(site.root)}: alt={alt!r}"
            assert alt in by_name, where
            shown = by_name[alt]
            path = page.file(img.attrs["src"])
            if path not in seen:
                pixels = Image.open(path).convert("RGBA")
                scores = {
                    cl: distance(pixels, encoded_face(cl[0].code, cl[1])) for cl in candidates
                }
                best = min(scores.values())
                # Letters drawn alike (the Cyrillic and the Latin A) make one face: either.
                seen[path] = {cl for cl, score in scores.items() if score == best}
            assert (shown, rank_letter(page.lang, shown.rank)) in seen[path], where
            checked[page.lang] += 1
    assert all(checked.values()), checked


def test_slovak_page_names_the_king_of_spades(site: Site) -> None:
    alts = {
        img.attrs.get("alt")
        for page in site.pages
        if page.lang == "sk"
        for img in page.imgs
        if "card-face" in img.attrs.get("class", "")
    }
    assert "Kráľ piky" in alts
    assert "King of spades" not in alts


def test_no_english_card_names_in_translated_alts(site: Site) -> None:
    """Diagram alt texts too: every card a language names is named in it, not in English.

    Unless the whole alt is in English and says so (`lang="en"`): a description
    the language cannot give whole falls back to English wholesale, never mixed.
    """
    for page in site.pages:
        if page.lang in (None, "en"):
            continue
        names = card_names(page.lang)
        own = set(names.values())
        english = [english_name(c) for c in DECK if names[c] != english_name(c)]
        for img in page.imgs:
            alt = img.attrs.get("alt", "")
            where = f"{page.path.relative_to(site.root)}: {alt!r}"
            if img.attrs.get("lang") == "en":
                # English through and through: none of the page language's own names.
                assert not any(name in alt for name in own - set(map(english_name, DECK))), where
                continue
            for name in english:
                assert name not in alt, where


def test_same_card_same_file_different_language_letters(site: Site) -> None:
    """A picture is shared where it is the same (a seven), not where letters differ (a king)."""
    files: dict[tuple[str, str], set[str]] = {}
    for page in site.pages:
        if page.lang is None:
            continue
        by_name = {name: c for c, name in card_names(page.lang).items()}
        for img in page.imgs:
            if "card-face" in img.attrs.get("class", ""):
                c = by_name.get(img.attrs["alt"])
                if c is not None:
                    key = (c.code, rank_letter(page.lang, c.rank))
                    files.setdefault(key, set()).add(Path(img.attrs["src"]).name)
    assert files
    for key, names in files.items():
        assert len(names) == 1, key
    # Different letters, different files.
    by_file: dict[str, tuple[str, str]] = {}
    for key, names in files.items():
        (name,) = names
        assert by_file.setdefault(name, key) == key
