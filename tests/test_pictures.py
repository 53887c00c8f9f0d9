"""Card faces, trick diagrams, the picture store, and the pictures of the built site.

Sizes, the colour at a highlighted and at a greyed card, determinism, and
alt text in every language. Coordinates in the diagram tests follow the
layout the diagram module describes: the table (8, 8)-(328, 208), each
seat's card at a fixed place, the hand centred below with cards
`min(48 + 6, (336 - 16 - 48) // (n - 1))` apart, allowed cards at y = 244
with a gold frame 3 px wide, greyed ones at y = 252.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import ROOT, E, N, S, W, card, cards
from helpers.project import shared_build
from PIL import Image, ImageChops, ImageStat

from generator.content.catalogs import discover_languages
from generator.content.files import InputFiles
from generator.engine import DECK, Card, Rank, Seat, Suit
from generator.site.i18n import Gettext, load_language
from generator.site.pictures import drawing
from generator.site.pictures.cards import draw_card
from generator.site.pictures.diagram import TrickDiagram, draw_diagram
from generator.site.pictures.drawing import SCALE, reduce
from generator.site.pictures.store import PictureStore, encode

CARD_1X = (48, 68)
CARD_2X = (96, 136)
DIAGRAM_1X = (336, 336)
SUFFIXES = {".png", "@2x.png", ".webp", "@2x.webp"}
BUDGET = 150_000  # bytes of 1x pictures on one page

RGBA = tuple[int, int, int, int]


def letter_of(c: Card) -> str:
    return c.rank.value


def face(c: Card | str, letter: str | None = None) -> Image.Image:
    c = card(c) if isinstance(c, str) else c
    return draw_card(c, letter if letter is not None else letter_of(c))


def redness(image: Image.Image) -> int:
    """The largest min(R - G, R - B) over the picture's pixels (0 when nothing is red)."""
    r, g, b, _ = image.convert("RGBA").split()
    return ImageChops.darker(ImageChops.subtract(r, g), ImageChops.subtract(r, b)).getextrema()[1]


def saturation(image: Image.Image) -> int:
    """The largest |R - G| or |G - B| over the picture's opaque pixels."""
    r, g, b, a = image.convert("RGBA").split()
    spread = ImageChops.lighter(ImageChops.difference(r, g), ImageChops.difference(g, b))
    # Transparent pixels do not count.
    spread = ImageChops.multiply(spread, a.point(lambda v: 255 if v else 0))
    return spread.getextrema()[1]


def near(pixel: RGBA, colour: RGBA, tolerance: int) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel[:3], colour[:3], strict=True))


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


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
    else:
        assert redness(drawn) < 40


def test_all_faces_differ() -> None:
    faces = {face(c).tobytes() for c in DECK}
    assert len(faces) == 32


def test_the_rank_letter_is_drawn() -> None:
    # French courts: R(oi), D(ame), V(alet) instead of K, Q, J.
    for code, letter in (("KS", "R"), ("QH", "D"), ("JC", "V")):
        assert face(code).tobytes() != face(code, letter).tobytes()


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


def test_encoded_red_card_stays_red() -> None:
    files = encode(face("AH"))
    assert redness(decode(files[".png"])) >= 120
    assert redness(decode(files[".webp"])) >= 120
    assert redness(decode(encode(face("AS"))[".png"])) < 40


# ---------------------------------------------------------------------------
# Trick diagrams

NAMES = {N: "North", E: "East", S: "South", W: "West"}
# West led the ace of spades, North played the 7, East trumped with the jack of
# hearts, South followed with the 10 of spades: East takes the trick.
TRICK = ((W, card("AS")), (N, card("7S")), (E, card("JH")), (S, card("10S")))
# The hand shown: allowed, greyed, allowed, greyed.
HAND = ((card("KD"), True), (card("9H"), False), (card("9D"), True), (card("KC"), False))
# Four cards: 54 apart, the first at x = (336 - (3 * 54 + 48)) // 2 = 63.
HAND_X = (63, 117, 171, 225)
ALLOWED_Y, GREYED_Y = 244, 252
CARD_AT = {N: (144, 32), S: (144, 122), W: (88, 77), E: (200, 77)}


def diagram(
    winner: Seat | None = E,
    hand: tuple[tuple[Card, bool], ...] = HAND,
    trick: tuple[tuple[Seat, Card], ...] = TRICK,
) -> Image.Image:
    shown = [c for _, c in trick] + [c for c, _ in hand]
    return draw_diagram(
        TrickDiagram(
            seat_names=NAMES,
            trick=trick,
            to_move=S,
            hand_label="South's hand:",
            hand=hand,
            winner=winner,
            faces={c: face(c) for c in shown},
        )
    )


@pytest.fixture(scope="module")
def picture() -> Image.Image:
    return diagram()


def at(image: Image.Image, x: float, y: float) -> RGBA:
    """The pixel at 1x coordinates (x, y) of a drawing-size picture."""
    return image.getpixel((int(x * SCALE), int(y * SCALE)))


def box(image: Image.Image, x0: float, y0: float, x1: float, y1: float) -> Image.Image:
    return image.crop((int(x0 * SCALE), int(y0 * SCALE), int(x1 * SCALE), int(y1 * SCALE)))


def test_diagram_size(picture: Image.Image) -> None:
    assert picture.size == (DIAGRAM_1X[0] * SCALE, DIAGRAM_1X[1] * SCALE)
    assert reduce(picture, SCALE).size == DIAGRAM_1X
    files = encode(picture)
    assert decode(files[".png"]).size == DIAGRAM_1X
    assert decode(files["@2x.png"]).size == (2 * DIAGRAM_1X[0], 2 * DIAGRAM_1X[1])
    assert decode(files[".webp"]).size == DIAGRAM_1X
    assert decode(files["@2x.webp"]).size == (2 * DIAGRAM_1X[0], 2 * DIAGRAM_1X[1])


def test_felt_at_the_table_middle(picture: Image.Image) -> None:
    # (168, 110): between North's card (to y = 100) and South's (from y = 122).
    assert near(at(picture, 168, 110), drawing.FELT, 0)
    assert near(reduce(picture, SCALE).getpixel((168, 110)), drawing.FELT, 4)


@pytest.mark.parametrize("index", [0, 2])
def test_allowed_card_has_a_gold_frame(picture: Image.Image, index: int) -> None:
    x, y = HAND_X[index], ALLOWED_Y
    # The frame is 3 px wide round the card: sample its middle, left and right, halfway down.
    for px in (x - 1.5, x + 48 + 1.5):
        assert near(at(picture, px, y + 34), drawing.GOLD, 8), (index, px)
    # Gold-ish also in the 1x picture a reader sees.
    small = reduce(picture, SCALE)
    assert near(small.getpixel((x - 2, y + 34)), drawing.GOLD, 16)


@pytest.mark.parametrize("index", [1, 3])
def test_greyed_card_has_no_frame(picture: Image.Image, index: int) -> None:
    x, y = HAND_X[index], GREYED_Y
    pixel = at(picture, x - 1.5, y + 34)
    assert not near(pixel, drawing.GOLD, 40)


def test_allowed_cards_stand_raised(picture: Image.Image) -> None:
    # Two pixels below the top of an allowed card: the card (opaque white);
    # at the same height above a greyed card: nothing.
    top = ALLOWED_Y + 2
    for index in (0, 2):
        pixel = at(picture, HAND_X[index] + 24, top)
        assert pixel[3] == 255 and near(pixel, drawing.WHITE, 10)
    for index in (1, 3):
        assert at(picture, HAND_X[index] + 24, top)[3] == 0


def test_greyed_card_is_desaturated_even_when_red(picture: Image.Image) -> None:
    # The nine of hearts, greyed: no colour anywhere on its face (its badge below excluded).
    x, y = HAND_X[1], GREYED_Y
    greyed = box(picture, x, y, x + 48, y + 56)
    assert greyed.getchannel("A").getextrema()[1] == 255  # the card is there
    assert saturation(greyed) <= 8
    assert redness(greyed) < 20
    # The same kind of card allowed (the nine of diamonds) keeps its red pips.
    x, y = HAND_X[2], ALLOWED_Y
    assert redness(box(picture, x, y, x + 48, y + 56)) >= 120


def test_greyed_card_is_lighter_than_its_face(picture: Image.Image) -> None:
    # Greyed under a white veil: its darkest pixel is lighter than the black suit's ink.
    x, y = HAND_X[3], GREYED_Y  # king of clubs
    greyed = box(picture, x, y, x + 48, y + 56)
    # Lightness of the card's pixels; the transparent corners count as white.
    light = ImageChops.lighter(greyed.convert("L"), ImageChops.invert(greyed.getchannel("A")))
    assert light.getextrema()[0] > max(drawing.BLACK[:3]) + 40
    # Not washed out to nothing either: the card's ink is still visibly darker.
    assert light.getextrema()[0] < 200


def test_winner_gets_a_gold_ring(picture: Image.Image) -> None:
    x, y = CARD_AT[E]
    # The ring runs 4 px outside the card, 3 px wide: its middle is 2.5 px out.
    for px, py in ((x - 2.5, y + 34), (x + 48 + 2.5, y + 34), (x + 24, y + 68 + 2.5)):
        assert near(at(picture, px, py), drawing.GOLD, 8), (px, py)
    # The other trick cards have none: felt there.
    for seat in (N, W, S):
        sx, sy = CARD_AT[seat]
        assert near(at(picture, sx - 2.5, sy + 34), drawing.FELT, 0), seat


def test_no_ring_without_a_winner() -> None:
    unfinished = diagram(winner=None, trick=TRICK[:3])
    x, y = CARD_AT[E]
    assert near(at(unfinished, x - 2.5, y + 34), drawing.FELT, 0)
    # South has not played: the table is bare where its card would lie.
    sx, sy = CARD_AT[S]
    assert near(at(unfinished, sx + 24, sy + 34), drawing.FELT, 0)


def test_trick_cards_are_drawn_in_place(picture: Image.Image) -> None:
    # The middle of each played card is on the card, not the felt.
    for seat, (x, y) in CARD_AT.items():
        pixel = at(picture, x + 24, y + 10)
        assert not near(pixel, drawing.FELT, 30), seat
    # East's jack of hearts is red, North's seven of spades is not.
    x, y = CARD_AT[E]
    assert redness(box(picture, x, y, x + 48, y + 68)) >= 120
    x, y = CARD_AT[N]
    assert redness(box(picture, x, y, x + 48, y + 68)) < 40


def test_diagram_is_deterministic(picture: Image.Image) -> None:
    assert diagram().tobytes() == picture.tobytes()
    assert encode(diagram()) == encode(picture)


def test_diagram_depends_on_what_is_allowed(picture: Image.Image) -> None:
    flipped = tuple((c, not allowed) for c, allowed in HAND)
    assert diagram(hand=flipped).tobytes() != picture.tobytes()


def test_eight_card_hand_fits() -> None:
    hand = tuple((c, i % 2 == 0) for i, c in enumerate(cards("7S 8S 9S 10S JS QS KS AS")))
    image = diagram(hand=hand, trick=(), winner=None)
    assert image.size == (DIAGRAM_1X[0] * SCALE, DIAGRAM_1X[1] * SCALE)
    # 38 apart from x = (336 - (7 * 38 + 48)) // 2 = 11: the last card ends at 325 < 336.
    assert at(image, 11 + 24, ALLOWED_Y + 30)[3] == 255
    last = 11 + 7 * 38
    assert at(image, last + 44, GREYED_Y + 30)[3] == 255
    assert last + 48 <= DIAGRAM_1X[0]


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
    store = PictureStore(tmp_path / "cache")
    draw = Drawer("KS")
    first = store.get("card|KS|K", CARD_1X, draw)
    assert (first.width, first.height) == CARD_1X
    assert store.drawn == 1
    second = store.get("card|KS|K", CARD_1X, draw)
    assert second.name == first.name
    assert store.drawn == 1
    assert draw.calls == 1


def test_store_different_inputs_different_names(tmp_path: Path) -> None:
    store = PictureStore(tmp_path / "cache")
    names = {
        store.get("card|KS|K", CARD_1X, Drawer("KS")).name,
        store.get("card|KS|R", CARD_1X, Drawer("KS")).name,
        store.get("card|QS|Q", CARD_1X, Drawer("QS")).name,
    }
    assert len(names) == 3
    assert store.drawn == 3


def test_store_writes_four_files_to_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    store = PictureStore(cache)
    picture = store.get("card|AH|A", CARD_1X, Drawer("AH"))
    assert files_in(cache) == {picture.name + suffix for suffix in SUFFIXES}
    # The files are the encoded drawing, and open at their sizes.
    encoded = encode(face("AH"))
    for suffix in SUFFIXES:
        assert (cache / f"{picture.name}{suffix}").read_bytes() == encoded[suffix]
    assert Image.open(cache / f"{picture.name}.png").size == CARD_1X
    assert Image.open(cache / f"{picture.name}@2x.webp").size == CARD_2X


def test_store_reuses_the_cache_between_builds(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = PictureStore(cache).get("card|7C|7", CARD_1X, Drawer("7C"))
    later = PictureStore(cache)
    draw = Drawer("7C")
    again = later.get("card|7C|7", CARD_1X, draw)
    assert again.name == first.name
    assert later.drawn == 0
    assert draw.calls == 0


def test_store_redraws_an_incomplete_cache_entry(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    picture = PictureStore(cache).get("card|7C|7", CARD_1X, Drawer("7C"))
    (cache / f"{picture.name}@2x.webp").unlink()
    later = PictureStore(cache)
    later.get("card|7C|7", CARD_1X, Drawer("7C"))
    assert later.drawn == 1
    assert (cache / f"{picture.name}@2x.webp").exists()


def test_copy_into(tmp_path: Path) -> None:
    cache, out = tmp_path / "cache", tmp_path / "site" / "img"
    store = PictureStore(cache)
    used = [store.get(f"card|{code}|x", CARD_1X, Drawer(code)) for code in ("JS", "9D")]
    # A picture of another store (another build) in the same cache is not copied.
    PictureStore(cache).get("card|QH|Q", CARD_1X, Drawer("QH"))
    store.copy_into(out)
    assert files_in(out) == {p.name + suffix for p in used for suffix in SUFFIXES}
    for name in files_in(out):
        assert (out / name).read_bytes() == (cache / name).read_bytes()


def test_copy_into_returns_the_bytes_of_the_1x_files(tmp_path: Path) -> None:
    """store.py documents copy_into as returning "the bytes of the 1x files".

    It returns the number of pictures instead; whichever is meant, the two
    disagree (the build ignores the value).
    """
    cache, out = tmp_path / "cache", tmp_path / "img"
    store = PictureStore(cache)
    used = [store.get(f"card|{code}|x", CARD_1X, Drawer(code)) for code in ("JS", "9D")]
    returned = store.copy_into(out)
    png = sum((out / f"{p.name}.png").stat().st_size for p in used)
    webp = sum((out / f"{p.name}.webp").stat().st_size for p in used)
    assert returned in (png, png + webp)


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
    seen: dict[Path, tuple[Card, str]] = {}
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
                seen[path] = min(
                    candidates,
                    key=lambda cl: distance(pixels, encoded_face(cl[0].code, cl[1])),
                )
            assert seen[path] == (shown, rank_letter(page.lang, shown.rank)), where
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
    """Diagram alt texts too: every card a language names is named in it, not in English."""
    for page in site.pages:
        if page.lang in (None, "en"):
            continue
        names = card_names(page.lang)
        english = [english_name(c) for c in DECK if names[c] != english_name(c)]
        for img in page.imgs:
            alt = img.attrs.get("alt", "")
            for name in english:
                assert name not in alt, f"{page.path.relative_to(site.root)}: {name!r} in {alt!r}"


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
