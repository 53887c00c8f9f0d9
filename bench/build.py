"""Build benchmark: `belote-site build` timed on the real site and on generated larger sites.

Run it with the project's venv (`make bench` runs it with the defaults):

    .venv/bin/python bench/build.py                       # real site, ~300 and ~1,000 pages
    .venv/bin/python bench/build.py --sizes real --repeat 5
    .venv/bin/python bench/build.py --anchors             # also Hugo, MkDocs and Pelican
    .venv/bin/python bench/build.py --keep /tmp/bench     # keep the generated projects

What is built, each a project folder of its own (the real project is never written to):
- `real`: a copy of the project's inputs (content/, templates/, locales/, babel.cfg);
- `300`, `1000` (any number): about that many HTML pages, languages times pages per language:
  each language has the project's pages (20 today), so that sizes differ in languages and
  their time per page compares: 15 languages at 300, 50 at 1,000; past 60 languages pages
  are copied, and a site of fewer than 2 languages' pages leaves pages out.
  Languages: each catalog of locales/ copied under other CLDR codes Babel knows whose plural
  rule has as many forms and picks the same one as the catalog's for every n from 0 to 20,
  the language's own regions first: Czech, Slovak and Croatian under cs_CZ, hr_BA, ... and
  other Slavic codes, French under fr_CA, fr_CH, ..., Vietnamese under vi_VN and other
  one-form languages. A copy gets its new code in the Language header and its code's own
  CLDR Plural-Forms, as the build asks of every catalog (for n up to 20 it picks the
  same form as the source's, so the copied forms are used as the source uses them).
  Copies are as complete as their source, so they are advertised only if it is
  (content/site.yaml advertise_from).
  Fewer languages than the project has: its last catalogs are left out.
  Pages: the page files of content/pages/ in their order, each with every page file it needs
  (those its pages link to, and those showing the examples that witness the option values
  it states: without them the build stops), then copies of them under new slugs and orders,
  until the count per language is reached (groups that do not fit are left out); the
  scenarios a copied page shows are copied under new ids, so its examples are checked and
  drawn again. (A copy of the variant page shows the variants' own examples, which live in
  content/variants/ and are not copied.)

What is timed, each build a fresh `belote-site build --quiet` subprocess, wall-clock, best of
`--repeat` runs (`--repeat-empty` for the first line):
- cold, empty picture cache: the project's cache, the machine's picture cache and the
  output deleted;
- cold, pictures cached: the machine's picture cache kept, the output and the project's
  cache deleted;
- no-op rebuild: the same build again, nothing changed;
- edit one scenario: the hand of a play example a page shows, written in reverse order (the
  page draws it as written; the engine's answer is the same);
- edit one translation: one msgstr of one catalog, shown on one page, changed;
- edit one template: a space appended to templates/base.html.
Each edit flips the file between two versions, so every run rebuilds after a real change.
In `serve --watch` each edit is made with a page showing it open (its event stream names
it): timed to that page's first reload (rendered ahead of the site, and checked to show
the edit), and to the reload once the whole site is built.
Peak memory is the build process's own maximum resident set, read with os.wait4 by a small
launcher process (about 10 MB: figures below that are the launcher's).

With `--anchors`, Hugo, MkDocs and Pelican (bench/anchors.py installs and times them) build
generated sites of the same page counts in the same run. The goals printed at the end are
the project's; each says whether this run met it.
"""

from __future__ import annotations

import argparse
import compileall
import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from queue import Queue

import yaml
from anchors import ensure_anchors, time_anchor, tool_version
from babel import localedata
from babel.messages.plurals import get_plural
from common import ROOT

from generator.content.catalogs import (
    LOCALE_CODE,
    SOURCE_LANGUAGE,
    catalog_path,
    discover_languages,
    read_catalog_file,
    translated_keys,
)
from generator.content.files import InputFiles
from generator.site.pipeline.build import Project, load_inputs, page_messages
from generator.site.rendering.statements import statements

LANGUAGES = 60  # of a generated site, English included, where its pages allow
MIN_LANGUAGES = 2  # English and one catalog
SITE_PAGES = 2  # the HTML pages of no language: index.html and 404.html
INPUTS = ("content", "templates", "locales")
COPY = "copy"  # the mark of copied slugs and scenario ids: legal-cards-copy2
# Plural forms must agree for these counts: the numbers a page most often writes.
AGREE_UP_TO = 20
MB = 1e6
GOAL_WIDTH = 62  # the goals' column

# Measurement keys, in the order they run and print, with their labels.
MEASURES = {
    "cold-empty": "cold, empty picture cache",
    "cold": "cold, pictures cached",
    "noop": "no-op rebuild",
    "scenario": "edit one scenario",
    "translation": "edit one translation",
    "template": "edit one template",
    # In `serve --watch`: until the open page showing the edit reloads, edited...
    "watch-scenario": "serve --watch, open page: scenario",
    "watch-translation": "serve --watch, open page: translation",
    "watch-template": "serve --watch, open page: template",
    # ... and until the whole site is built (the open page reloads once more).
    "site-scenario": "serve --watch, whole site: scenario",
    "site-translation": "serve --watch, whole site: translation",
    "site-template": "serve --watch, whole site: template",
}
# The edits, each measured twice: a fresh `build` and the resident `serve --watch`.
EDITS = ("scenario", "translation", "template")


@dataclass(frozen=True)
class Goal:
    size: str  # the size it is measured at: "real" or "1000"
    measure: str  # a key of MEASURES, or "memory"
    limit: float
    unit: str  # "s", "MB", or "x": times the anchor's time per page (same run, same size)
    anchor: str | None = None  # the tool an "x" goal is measured against


# The goals of issue 19, each measured in one run with its anchors.
GOALS = (
    # CI's case: a fresh clone, every cache empty.
    Goal("real", "cold-empty", 2.0, "x", "mkdocs"),
    Goal("1000", "cold", 1.0, "x", "mkdocs"),
    Goal("1000", "cold", 1.0, "x", "pelican"),
    Goal("1000", "cold", 4.0, "x", "hugo"),
    # Edit to reload, where authors wait: in the resident preview.
    *(Goal(size, f"watch-{edit}", 0.3, "s") for size in ("real", "1000") for edit in EDITS),
    *(Goal(size, "noop", 0.1, "s") for size in ("real", "300", "1000")),
    Goal("1000", "memory", 150, "MB"),
)


def progress(text: str) -> None:
    """Progress goes to stderr, so that stdout holds only the figures."""
    print(text, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- running a build


@dataclass(frozen=True)
class Run:
    seconds: float
    peak_mb: float


class BuildFailed(RuntimeError):
    pass


def belote_site() -> list[str]:
    """The venv's console script, as a user runs it; `python -m generator` where it is missing."""
    script = Path(sys.executable).parent / "belote-site"
    return [str(script)] if script.exists() else [sys.executable, "-m", "generator"]


# Runs the build as its child, then writes the child's wall-clock time, peak memory (KiB) and
# exit status to the file argv[1]. Linux carries a parent's peak resident set into a child
# across fork and exec, so a build forked by this script, which holds the generator and the
# generated project, would report this script's memory; this launcher holds ~10 MB.
LAUNCHER = """
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
seconds = time.perf_counter() - start
with open(sys.argv[1], "w") as report:
    report.write(f"{seconds} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
"""


def build_env(project: Path) -> dict[str, str]:
    """The caller's environment, with XDG_CACHE_HOME beside the generated project.

    The build keeps its pictures and each project's manifest under XDG_CACHE_HOME: those of
    these scratch projects then go with them instead of piling up in ~/.cache.
    """
    return {**os.environ, "XDG_CACHE_HOME": str(project.parent / "xdg-cache")}


def run_build(project: Path, out: Path) -> Run:
    """One build in a fresh process: its wall-clock time and its own peak memory."""
    command = [*belote_site(), "--project", str(project), "build", "--out", str(out), "--quiet"]
    with tempfile.TemporaryDirectory(prefix="bench-run-") as folder:
        report, log = Path(folder) / "report", Path(folder) / "log"
        with log.open("wb") as sink:
            subprocess.run(
                [sys.executable, "-c", LAUNCHER, str(report), *command],
                stdout=sink,
                stderr=subprocess.STDOUT,
                check=False,
                env=build_env(project),
            )
        seconds, peak_kib, status = (report.read_text() if report.exists() else "0 0 ?").split()
        if status != "0":
            tail = "\n".join(log.read_text(errors="replace").strip().splitlines()[-15:])
            raise BuildFailed(f"belote-site build failed ({status}):\n{tail}")
    return Run(float(seconds), int(peak_kib) * 1024 / MB)  # ru_maxrss is in KiB on Linux


def html_pages(out: Path) -> int:
    return sum(1 for _ in out.rglob("*.html"))


def pictures(out: Path) -> int:
    folder = out / "img"
    return sum(1 for path in folder.rglob("*") if path.is_file()) if folder.is_dir() else 0


def advertised(out: Path) -> int:
    """The languages the sitemap offers: those translated past content/site.yaml's threshold."""
    sitemap = out / "sitemap.xml"
    text = sitemap.read_text(encoding="utf-8") if sitemap.exists() else ""
    return len(set(re.findall(r'hreflang="([^"]+)"', text)) - {"x-default"})


# --------------------------------------------------------------------------- YAML, by position

# Generated files are the project's own files with a few values replaced where they stand,
# so that their comments, quoting and folded texts stay exactly as the authors wrote them.


def compose(text: str) -> yaml.Node | None:
    node: yaml.Node | None = yaml.compose(text, Loader=yaml.SafeLoader)
    return node


def value_of(node: yaml.Node, key: str) -> yaml.Node | None:
    """The value of `key` in a mapping node (None if absent or not a mapping)."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == key and isinstance(v, yaml.Node):
                return v
    return None


def walk(node: yaml.Node) -> Iterator[tuple[yaml.Node, yaml.Node]]:
    """Every (key, value) pair of every mapping below `node`, in document order."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            yield k, v
            yield from walk(v)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from walk(item)


Replacement = tuple[int, int, str]  # start, end (character indices), new text


def replaced(text: str, replacements: list[Replacement]) -> str:
    for start, end, new in sorted(replacements, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def span(node: yaml.Node, new: str) -> Replacement:
    return node.start_mark.index, node.end_mark.index, new


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    path: Path
    text: str  # the whole file's
    node: yaml.MappingNode


def scenario_index(content: Path) -> dict[str, Scenario]:
    """Every scenario of content/scenarios/ by id, with the file and node it stands in."""
    found: dict[str, Scenario] = {}
    for path in sorted((content / "scenarios").rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".yaml", ".yml"):
            continue
        text = path.read_text(encoding="utf-8")
        root = compose(text)
        items: list[yaml.Node] = []
        if isinstance(root, yaml.SequenceNode):
            items = root.value
        elif root is not None:
            items = [root]
        for item in items:
            ident = value_of(item, "id")
            if isinstance(item, yaml.MappingNode) and isinstance(ident, yaml.ScalarNode):
                found[ident.value] = Scenario(path, text, item)
    return found


def copied_id(scenario_id: str, copy: int) -> str:
    return f"{scenario_id}-{COPY}{copy}"


def scenario_copy(scenario: Scenario, new_id: str) -> str:
    """The scenario's text as one item of a list, under `new_id`."""
    node, text = scenario.node, scenario.text
    ident = value_of(node, "id")
    assert ident is not None
    start, end = node.start_mark.index, node.end_mark.index
    piece = text[start : ident.start_mark.index] + new_id + text[ident.end_mark.index : end]
    # The mapping's lines keep their indentation relative to its first key, now after "- ".
    lines = piece.rstrip().split("\n")
    body = [lines[0]] + [reindent(line, node.start_mark.column) for line in lines[1:]]
    return "- " + "\n".join(body) + "\n"


def reindent(line: str, column: int) -> str:
    """A line of a mapping that started at `column`, for a mapping that starts at column 2."""
    if not line.strip():
        return ""
    indent = len(line) - len(line.lstrip(" "))
    return "  " + line[min(indent, column) :]


# --------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class PageFile:
    """A file of content/pages/: the pages it makes per language and the files they need."""

    path: Path
    slug: str | None  # None for the home page, which cannot be copied
    keys: frozenset[str]  # its pages' keys: "rules", or "variants/coinche", ...
    # The other page files its pages cannot do without: those they link to, and those that
    # show the examples witnessing the option values they state (a statement no shown
    # example witnesses stops the build).
    needs: frozenset[Path]


def page_files(project: Path) -> list[PageFile]:
    """The project's page files in reading order, their pages and needs found by the
    generator itself: its pages, its links, and the witness its stated-value check chose."""
    inputs = load_inputs(Project(project))
    pages = inputs.pages
    keys: dict[Path, frozenset[str]] = {}
    slugs: dict[Path, str | None] = {}
    for path in sorted((project / "content" / "pages").glob("*.y*ml")):
        slug = slugs[path] = yaml.safe_load(path.read_text(encoding="utf-8")).get("slug")
        # A file makes the page `slug`, or the pages below it (variants/coinche); home is "".
        below = f"{slug}/" if slug else None
        keys[path] = frozenset(
            p.key for p in pages if p.key == (slug or "") or (below and p.key.startswith(below))
        )
    file_of = {key: path for path, mine in keys.items() for key in mine}
    shown_on: dict[str, Path] = {}  # example id -> the first page file showing it
    for page in pages:
        for example in page.examples:
            shown_on.setdefault(example.id, file_of[page.key])
    needs: dict[Path, set[Path]] = {path: set() for path in keys}
    for page in pages:
        needs[file_of[page.key]] |= {file_of[link.page] for link in page.links}
    for each in statements(pages):
        witness = inputs.coverage.example(each.stated.path, each.stated.rules)
        if witness is not None and witness.id in shown_on:
            needs[file_of[each.page.key]].add(shown_on[witness.id])
    files = [
        PageFile(path, slugs[path], keys[path], frozenset(needs[path] - {path})) for path in keys
    ]
    first = {p.key: i for i, p in enumerate(pages)}
    return sorted(files, key=lambda f: min((first[k] for k in f.keys), default=len(first)))


def closure(file: PageFile, files: list[PageFile]) -> list[PageFile]:
    """The file and every file it needs, directly or through another, in reading order."""
    by_path = {f.path: f for f in files}
    found, todo = {file.path}, [file]
    while todo:
        for path in todo.pop().needs - found:
            found.add(path)
            todo.append(by_path[path])
    return [f for f in files if f.path in found]


class TooSmall(ValueError):
    pass


def smallest(files: list[PageFile]) -> int:
    """The fewest pages a language can have: the home page and every page it needs."""
    home = next(f for f in files if f.slug is None)
    return sum(len(f.keys) for f in closure(home, files))


def layout(files: list[PageFile], pages: int) -> tuple[int, int]:
    """Languages and pages per language making about `pages` HTML pages.

    Each language has the project's pages, so that sizes differ in languages and their
    time per page compares; up to LANGUAGES languages, past them pages are copied; below
    MIN_LANGUAGES languages pages are left out, down to the home page and what it needs.
    """
    full = sum(len(f.keys) for f in files)
    languages = min(LANGUAGES, max(MIN_LANGUAGES, round((pages - SITE_PAGES) / full)))
    return languages, max(smallest(files), round((pages - SITE_PAGES) / languages))


def choose_pages(files: list[PageFile], per_language: int) -> list[tuple[PageFile, int]]:
    """(file, copy) pairs making `per_language` pages: copy 1 is the file itself.

    The files are taken in reading order, each with every file it needs (a group taken
    whole or not at all); then again as copies 2, 3, ..., a copy only once all its needs
    are there. Copies link to and are witnessed by the original pages, so a small site
    keeps the first pages and every site builds.
    """
    home = next(f for f in files if f.slug is None)
    groups = {f.path: closure(f, files) for f in files}
    if smallest(files) > per_language:
        raise TooSmall(
            f"{per_language} pages per language: the home page and the pages it needs "
            f"make {smallest(files)}"
        )
    chosen: list[tuple[PageFile, int]] = []
    originals: set[Path] = set()
    count = 0
    for copy in range(1, per_language + 1):
        grew = False
        for file in files:
            if copy == 1:
                group = [f for f in groups[file.path] if f.path not in originals]
            elif file is home or not {f.path for f in groups[file.path]} <= originals:
                continue
            else:
                group = [file]
            size = sum(len(f.keys) for f in group)
            if not group or not 0 < size <= per_language - count:
                continue
            chosen += [(f, copy) for f in group]
            count += size
            grew = True
            if copy == 1:  # links name the original pages only
                originals |= {f.path for f in group}
        if count == per_language or not grew:
            break
    return chosen


def page_copy(text: str, copy: int) -> tuple[str, list[str]]:
    """A page file as copy number `copy`: new slug, order and scenario ids; the ids it shows."""
    root = compose(text)
    assert root is not None
    changes: list[Replacement] = []
    slug, order = value_of(root, "slug"), value_of(root, "order")
    if slug is not None:
        changes.append(span(slug, f"{slug.value}-{COPY}{copy}"))
    if order is not None:  # right after the original in the navigation
        changes.append(span(order, str(int(order.value) + copy - 1)))
    shown = []
    for key, value in walk(root):
        if key.value == "scenario" and isinstance(value, yaml.ScalarNode):
            shown.append(value.value)
            changes.append(span(value, copied_id(value.value, copy)))
    return replaced(text, changes), shown


@dataclass(frozen=True)
class Shape:
    """What a generated site's pages are made of, per language."""

    pages: int
    copied_pages: int  # of them, pages of copied files
    copied_scenarios: int


def shape_pages(project: Path, files: list[PageFile], per_language: int) -> Shape:
    """Leave out or copy the project's page files (and their scenarios) to `per_language`."""
    chosen = choose_pages(files, per_language)
    for file in files:
        if (file, 1) not in chosen:
            file.path.unlink()
    scenarios = scenario_index(project / "content")
    copies: dict[int, dict[str, str]] = {}  # copy -> new scenario id -> its text
    for file, copy in chosen:
        if copy == 1:
            continue
        text, shown = page_copy(file.path.read_text(encoding="utf-8"), copy)
        file.path.with_name(f"{file.path.stem}-{COPY}{copy}.yaml").write_text(text, "utf-8")
        for ident in shown:
            new = copied_id(ident, copy)
            if new in scenarios:
                raise RuntimeError(f"scenario id {new} exists already: cannot copy {ident}")
            copies.setdefault(copy, {})[new] = scenario_copy(scenarios[ident], new)
    folder = project / "content" / "scenarios" / f"bench-{COPY}"
    for copy, texts in copies.items():
        folder.mkdir(exist_ok=True)
        (folder / f"{COPY}{copy}.yaml").write_text("\n".join(texts.values()), "utf-8")
    return Shape(
        pages=sum(len(file.keys) for file, _ in chosen),
        copied_pages=sum(len(file.keys) for file, copy in chosen if copy > 1),
        copied_scenarios=sum(len(texts) for texts in copies.values()),
    )


# --------------------------------------------------------------------------- languages


PluralRule = Callable[[int], int]


def header_rule(po: Path, lang: str) -> tuple[int, PluralRule]:
    """The plural forms a catalog's own header gives (Babel's CLDR rule when it has none)."""
    catalog = read_catalog_file(po, lang, InputFiles.of(po.parent)).catalog
    return catalog.num_plurals, gettext.c2py(catalog.plural_expr)


def cldr_codes() -> list[str]:
    """Every locale Babel knows under a code a catalog folder may have (fr, pt_BR, sr_Latn)."""
    return sorted(c for c in localedata.locale_identifiers() if LOCALE_CODE.fullmatch(c))


def ranked_targets(rule: tuple[int, PluralRule], source: str, codes: list[str]) -> list[str]:
    """Codes a catalog may be copied under, best first.

    Compatible: the same number of forms, and CLDR's rule picks the same form as the
    catalog's for every n up to AGREE_UP_TO. Best: CLDR's rule the same as the source
    language's; then the source language's own regions (fr_CA for fr); then plain language
    codes before regional ones.
    """
    count, forms = rule
    own = get_plural(source).plural_expr
    ranked = []
    for code in codes:
        if code.split("_")[0] == SOURCE_LANGUAGE:
            continue  # English is the source language: no catalog of its own
        plural = get_plural(code)
        if plural.num_plurals != count:
            continue
        theirs = gettext.c2py(plural.plural_expr)
        if all(theirs(n) == forms(n) for n in range(AGREE_UP_TO + 1)):
            other = code.split("_")[0] != source
            ranked.append((plural.plural_expr != own, other, "_" in code, code))
    return [code for *_, code in sorted(ranked)]


def language_copies(locales: Path, total: int) -> dict[str, str]:
    """Target code -> source language, so that the site has `total` languages.

    The catalogs take turns, each its best remaining code, so that every one is copied
    about as often as the others.
    """
    sources = discover_languages(locales)[1:]
    wanted = total - 1 - len(sources)
    if wanted <= 0:
        return {}
    codes = [c for c in cldr_codes() if c not in sources]
    queues = {
        s: ranked_targets(header_rule(catalog_path(locales, s), s), s, codes) for s in sources
    }
    chosen: dict[str, str] = {}
    while len(chosen) < wanted:
        grew = False
        for source, queue in queues.items():
            while queue and queue[0] in chosen:
                queue.pop(0)
            if queue and len(chosen) < wanted:
                chosen[queue.pop(0)] = source
                grew = True
        if not grew:
            raise RuntimeError(f"only {len(chosen)} compatible locale codes for {wanted} copies")
    return chosen


def copy_catalog(locales: Path, source: str, target: str) -> None:
    """The source's catalog under `target`, its Language header (and team) saying so."""
    text = catalog_path(locales, source).read_text(encoding="utf-8")
    # Header lines are PO strings: the \\n in them is a backslash and an n.
    language = re.compile(r'^"Language: [^"\\]*\\n"$', re.M)
    text = language.sub(lambda _: f'"Language: {target}\\n"', text, count=1)
    team = re.compile(r'^"Language-Team: [^ "\\]*', re.M)
    text = team.sub(lambda _: f'"Language-Team: {target}', text, count=1)
    # A long rule is wrapped over several lines: up to the first line that ends the header.
    plural = re.compile(r'^"Plural-Forms: .*?\\n"$', re.M | re.S)
    forms = get_plural(target).plural_forms
    text = plural.sub(lambda _: f'"Plural-Forms: {forms}\\n"', text, count=1)
    path = catalog_path(locales, target)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")


def add_languages(project: Path, total: int) -> dict[str, str]:
    """Catalog copies so that the project has `total` languages: target code -> source.

    Fewer languages than the project has: its last catalogs are left out instead.
    """
    locales = project / "locales"
    for lang in discover_languages(locales)[total:]:
        shutil.rmtree(catalog_path(locales, lang).parents[1])
    copies = language_copies(locales, total)
    for target, source in copies.items():
        copy_catalog(project / "locales", source, target)
    return copies


# --------------------------------------------------------------------------- the sites


@dataclass
class Site:
    label: str  # "real", or the size asked for: "300"
    project: Path
    out: Path
    shape: Shape | None = None  # None for the real site
    languages: dict[str, str] = field(default_factory=dict)  # copied code -> source


def copy_inputs(target: Path) -> Path:
    """The real project's build inputs, as tests/helpers/project.py copies them (no cache)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for name in INPUTS:
        shutil.copytree(ROOT / name, target / name, ignore=ignore)
    shutil.copy2(ROOT / "babel.cfg", target / "babel.cfg")
    return target


def make_site(work: Path, label: str) -> Site:
    folder = work / label
    shutil.rmtree(folder, ignore_errors=True)
    site = Site(label, copy_inputs(folder / "project"), folder / "site")
    if label != "real":
        files = page_files(site.project)
        languages, per_language = layout(files, int(label))
        site.shape = shape_pages(site.project, files, per_language)
        site.languages = add_languages(site.project, languages)
    return site


# --------------------------------------------------------------------------- the edits


@dataclass(frozen=True)
class Edit:
    """One input file in two versions; run i writes version i % 2, so every run changes it."""

    path: Path
    versions: tuple[str, str]  # changed, original
    page: str  # a page that shows the edit, below the site's root (en/rules/index.html)

    def apply(self, run: int) -> None:
        self.path.write_text(self.versions[run % 2], encoding="utf-8")


def shown_scenarios(project: Path) -> list[str]:
    """The ids the page files name as examples, file by file, copies last.

    So every size edits the same scenario, whichever pages it copies.
    """
    shown = []
    paths = (project / "content" / "pages").glob("*.y*ml")
    for path in sorted(paths, key=lambda p: (f"-{COPY}" in p.stem, p.name)):
        root = compose(path.read_text(encoding="utf-8"))
        shown += [
            v.value
            for k, v in (walk(root) if root else ())
            if k.value == "scenario" and isinstance(v, yaml.ScalarNode)
        ]
    return shown


def scenario_edit(project: Path) -> Edit:
    """A play example a page shows, with the cards of its hand written in reverse order:
    the page draws the hand as written, so it changes; the engine's answer does not (the
    verdicts are the same cards', `allowed` is a set), so the build still passes."""
    scenarios = scenario_index(project / "content")
    inputs = load_inputs(Project(project))
    for shown in shown_scenarios(project):
        scenario = scenarios[shown]
        kind = value_of(scenario.node, "kind")
        hand = value_of(scenario.node, "hand")
        cards = value_of(hand, "cards") if hand is not None else None
        if (kind is None or kind.value == "play") and isinstance(cards, yaml.SequenceNode):
            codes = [item.value for item in cards.value if isinstance(item, yaml.ScalarNode)]
            if len(set(codes)) < 2:
                continue
            changed = replaced(scenario.text, [span(cards, f"[{', '.join(reversed(codes))}]")])
            showing = next(p for p in inputs.pages if any(e.id == shown for e in p.examples))
            return Edit(scenario.path, (changed, scenario.text), page_path(showing.key, "en"))
    raise RuntimeError("no play example with a hand of two cards or more to edit")


def page_path(key: str, lang: str) -> str:
    """Where a page (by its key; "home" or "" for the home page) is in a language."""
    key = "" if key == "home" else key
    return f"{lang}/{key}/index.html" if key else f"{lang}/index.html"


def translation_edit(project: Path) -> Edit:
    """One translated message of the first catalog that exactly one page shows, changed."""
    lang = discover_languages(project / "locales")[1]
    path = catalog_path(project / "locales", lang)
    file = read_catalog_file(path, lang, InputFiles.of(project))
    translated = translated_keys(file.catalog)
    messages = page_messages(Project(project))
    shown = Counter(key for keys in messages.values() for key in keys)
    home = messages.get("home", set())  # the home page introduces every page: not one page
    once = sorted((k for k, n in shown.items() if n == 1 and k in translated - home), key=str)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    for context, msgid in once:
        message = file.catalog.get(msgid, context=context)
        if message is None or message.pluralizable:
            continue
        # The line of its msgstr, or of its msgid (for a msgid of several lines): the msgstr
        # is the first one from there.
        start = file.line(message) - 1
        line = next(i for i in range(start, len(lines)) if lines[i].startswith('msgstr "'))
        lines[line] = lines[line].replace('msgstr "', 'msgstr "» ', 1)
        page = next(page for page, keys in messages.items() if (context, msgid) in keys)
        return Edit(path, ("".join(lines), text), page_path(page, lang))
    raise RuntimeError(f"no message of {lang} shown on one page only to edit")


def template_edit(project: Path) -> Edit:
    """A space after base.html's last line: a text node every page has, nothing else changed."""
    path = project / "templates" / "base.html"
    text = path.read_text(encoding="utf-8")
    return Edit(path, (text + " ", text), page_path("", "en"))


# --------------------------------------------------------------------------- measuring


@dataclass
class Result:
    site: Site
    runs: dict[str, list[Run]]
    pages: int
    pictures: int
    languages: int
    advertised: int
    redrawn: int  # picture files drawn again by the pictures-cached builds (0: cache used)

    def best(self, measure: str) -> float:
        return min(run.seconds for run in self.runs[measure])

    def ms_per_page(self, measure: str) -> float:
        return self.best(measure) * 1000 / self.pages

    def peak(self, measure: str | None = None) -> float:
        measures = [measure] if measure else list(self.runs)
        return max(run.peak_mb for m in measures for run in self.runs[m])


def picture_cache(site: Site) -> Path:
    """The machine-wide picture cache, as the benchmark's builds see it (`build_env`)."""
    return site.project.parent / "xdg-cache" / "belote-site" / "pictures"


def clear(site: Site, *, keep_pictures: bool) -> None:
    shutil.rmtree(site.out, ignore_errors=True)
    for cached in ("projects", "records"):
        shutil.rmtree(
            site.project.parent / "xdg-cache" / "belote-site" / cached, ignore_errors=True
        )
    if not keep_pictures:
        shutil.rmtree(picture_cache(site), ignore_errors=True)


def redrawn(site: Site, since: float) -> int:
    """Picture files the cache gained or rewrote since `since` (drawn, not reused); the
    cache's own hidden files (when it was last swept) are no pictures."""
    folder = picture_cache(site)
    files = folder.iterdir() if folder.is_dir() else iter(())
    return sum(
        1 for path in files if not path.name.startswith(".") and path.stat().st_mtime > since
    )


def measure(site: Site, repeat: int, repeat_empty: int) -> Result:
    edits = {
        "scenario": scenario_edit(site.project),
        "translation": translation_edit(site.project),
        "template": template_edit(site.project),
    }
    runs: dict[str, list[Run]] = {key: [] for key in MEASURES}
    expected: list[int] = []

    def timed(key: str) -> None:
        progress(f"  {site.label}: {MEASURES[key]}, run {len(runs[key]) + 1}")
        runs[key].append(run_build(site.project, site.out))
        found = html_pages(site.out)
        if expected and found != expected[0]:
            raise RuntimeError(f"{MEASURES[key]} wrote {found} pages, not {expected[0]}")
        expected[:] = [found]

    for _ in range(repeat_empty):
        clear(site, keep_pictures=False)
        timed("cold-empty")
    written = {"pages": html_pages(site.out), "pictures": pictures(site.out)}
    written["advertised"] = advertised(site.out)
    drawn = 0
    for _ in range(repeat):
        clear(site, keep_pictures=True)
        since = time.time()
        timed("cold")
        drawn = max(drawn, redrawn(site, since))
    for _ in range(repeat):
        timed("noop")
    # The edits stay: putting a file back would slip a second change into the next figure.
    for key, edit in edits.items():
        for run in range(repeat):
            edit.apply(run)
            timed(key)
    runs.update(watched_edits(site, edits, repeat))
    languages = len(discover_languages(site.project / "locales"))
    return Result(site, runs, languages=languages, redrawn=drawn, **written)


def watched_edits(site: Site, edits: dict[str, Edit], repeat: int) -> dict[str, list[Run]]:
    """Each edit made while `serve --watch` runs, with a page showing it open (its event
    stream names it): from writing the file to that page's first `reload` event (the server
    renders the open pages ahead of the site), whose page must then be served edited; and
    on to the `reload` after the whole site is built (`site-...`). The page's own reload
    adds one fetch. The peak memory is the server's, at the end (it only grows)."""
    command = [*belote_site(), "--project", str(site.project), "serve", "--watch"]
    command += ["--port", "0", "--out", str(site.out)]
    server = subprocess.Popen(
        command, stderr=subprocess.PIPE, text=True, env=build_env(site.project)
    )
    assert server.stderr is not None
    runs: dict[str, list[Run]] = {f"{what}-{key}": [] for key in edits for what in WATCHED}
    try:
        url = ""
        while not url:
            line = server.stderr.readline()
            if not line:
                raise BuildFailed(f"serve --watch stopped: {server.wait()}")
            found = re.search(r" at (http://\S+), rebuilt on changes", line)
            url = found.group(1) if found else ""
        for key, edit in edits.items():
            events: Queue[tuple[str, str]] = Queue()
            threading.Thread(target=_listen, args=(url, edit.page, events), daemon=True).start()
            assert events.get(timeout=60)[0] == "hello"
            for run in range(repeat):
                progress(f"  {site.label}: serve --watch, {MEASURES[key]}, run {run + 1}")
                before = _served(url, edit.page)
                start = time.perf_counter()
                edit.apply(repeat + run)  # on from the versions the fresh builds left
                event = events.get(timeout=600)
                shown = time.perf_counter() - start
                if event[0] != "reload":
                    raise BuildFailed(f"serve --watch answered {key} with {event!r}")
                if _served(url, edit.page) == before:
                    raise BuildFailed(f"{edit.page} reloaded without the {key} edit")
                while event[1] == "preview":
                    event = events.get(timeout=600)
                built = time.perf_counter() - start
                peak = _peak_mb(server.pid)
                runs[f"watch-{key}"].append(Run(shown, peak))
                runs[f"site-{key}"].append(Run(built, peak))
    finally:
        server.terminate()
        server.wait(timeout=60)
    return runs


WATCHED = ("watch", "site")


def _listen(url: str, page: str, events: Queue[tuple[str, str]]) -> None:
    """Put each (event, data) of the stream of an open page at `page` into `events`."""
    with urllib.request.urlopen(f"{url}__watch/events?page=/{page}") as stream:
        name = ""
        for raw in stream:
            if raw.startswith(b"event: "):
                name = raw[7:].decode().strip()
            elif raw.startswith(b"data: "):
                events.put((name, raw[6:].decode().strip()))


def _served(url: str, page: str) -> bytes:
    """The page as served, but the build it names (each build has its own)."""
    with urllib.request.urlopen(url + page) as answer:
        return re.sub(rb'data-build="[0-9a-f]+"', b"", answer.read())


def _peak_mb(pid: int) -> float:
    """A running process's peak resident set so far (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024 / MB
    return 0.0


# --------------------------------------------------------------------------- anchors


@dataclass
class Anchors:
    versions: dict[str, str] = field(default_factory=dict)  # tool -> what it says it is
    # size label -> tool -> time_anchor's figures (cold_s, noop_s, pages, ms_per_page)
    figures: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)

    def of(self, label: str, tool: str) -> dict[str, float] | None:
        return self.figures.get(label, {}).get(tool)


def time_anchors(results: list[Result], work: Path, repeat: int) -> Anchors:
    """Hugo, MkDocs and Pelican on generated sites of each size's page count."""
    anchors = Anchors()
    commands = ensure_anchors(ROOT)
    for tool, command in commands.items():
        anchors.versions[tool] = tool_version(tool, command)
    for result in results:
        for tool, command in commands.items():
            progress(f"  anchors: {tool} at {result.pages} pages, best of {repeat}")
            try:
                figures = time_anchor(tool, command, result.pages, work / "anchors", repeat)
            except (RuntimeError, OSError) as error:  # one anchor's failure is not the run's
                print(f"anchors: {tool} at {result.pages} pages failed, left out: {error}")
                continue
            anchors.figures.setdefault(result.site.label, {})[tool] = figures
    return anchors


# --------------------------------------------------------------------------- reporting


def describe(result: Result) -> str:
    # Beside the pages of each language: the root page and the not-found page.
    site, per_language = result.site, (result.pages - SITE_PAGES) / result.languages
    text = (
        f"{site.label}: {result.pages} HTML pages ({result.languages} languages x "
        f"{per_language:g} pages + the root and not-found pages), {result.pictures} picture "
        "files, "
        f"{result.advertised} of {result.languages} languages advertised"
    )
    if site.shape is not None:
        text += (
            f"\n  {site.shape.copied_pages} of the {site.shape.pages} pages per language are "
            f"copies; {site.shape.copied_scenarios} scenarios copied for their examples; "
            f"{len(site.languages)} catalogs copied"
        )
    return text


def print_result(result: Result) -> None:
    print(f"\n{describe(result)}")
    print(f"  {'':<38} {'runs':>4} {'best s':>8} {'ms/page':>8} {'peak MB':>8}")
    for key, label in MEASURES.items():
        print(
            f"  {label:<38} {len(result.runs[key]):>4} {result.best(key):>8.3f} "
            f"{result.ms_per_page(key):>8.2f} {result.peak(key):>8.1f}"
        )
    print(f"  {'peak memory of any run':<38} {'':>4} {'':>8} {'':>8} {result.peak():>8.1f}")
    if result.redrawn:
        print(
            f"  note: the pictures-cached build drew {result.redrawn} picture files again: "
            "it did not use the cache"
        )


def print_languages(site: Site) -> None:
    by_source: dict[str, list[str]] = {}
    for target, source in site.languages.items():
        by_source.setdefault(source, []).append(target)
    print("\ncatalogs copied for the generated sites (source: copies):")
    for source, targets in sorted(by_source.items()):
        print(f"  {source}: {' '.join(targets)}")


def print_per_page(results: list[Result]) -> None:
    """Each measure's time per page at every size, smallest site first, and its growth
    from one size to the next (x1.00 is linear): a step that is not linear shows."""
    ordered = sorted(results, key=lambda r: r.pages)
    print("\ntime per page (ms), by size; xN: per page at this size / at the size before")
    head = "".join(f"{f'{r.site.label} ({r.pages})':>20}" for r in ordered)
    print(f"  {'':<38}{head}")
    for key, label in MEASURES.items():
        cells, before = [], None
        for result in ordered:
            now = result.ms_per_page(key)
            step = f" x{now / before:.2f}" if before else ""
            cells.append(f"{f'{now:.2f}{step}':>20}")
            before = now
        print(f"  {label:<38}{''.join(cells)}")
    peaks = "".join(f"{f'{r.peak():.1f}':>20}" for r in ordered)
    print(f"  {'peak memory (MB, whole build)':<38}{peaks}")


def print_anchors(results: list[Result], anchors: Anchors) -> None:
    print("\nanchors on generated sites of the same page count, timed in this run")
    for tool, version in anchors.versions.items():
        print(f"  {tool}: {version}")
    print(
        "  ratio: belote-site's time per page / the anchor's (cold: belote-site with its "
        "pictures cached)"
    )
    print(
        f"  {'site':<6} {'tool':<11} {'pages':>5} {'cold s':>8} {'no-op s':>8} "
        f"{'cold ratio':>10} {'no-op ratio':>11}"
    )
    for result in results:
        label = result.site.label
        print(
            f"  {label:<6} {'belote-site':<11} {result.pages:>5} {result.best('cold'):>8.3f} "
            f"{result.best('noop'):>8.3f}"
        )
        for tool in anchors.versions:
            figures = anchors.of(label, tool)
            if figures is None:
                continue
            pages = figures["pages"]
            cold = result.ms_per_page("cold") / (figures["cold_s"] * 1000 / pages)
            noop = result.ms_per_page("noop") / (figures["noop_s"] * 1000 / pages)
            print(
                f"  {label:<6} {tool:<11} {int(pages):>5} {figures['cold_s']:>8.3f} "
                f"{figures['noop_s']:>8.3f} {cold:>10.2f} {noop:>11.2f}"
            )


def about(results: list[Result], label: str) -> Result | None:
    """The result for a goal's size: "real", or the generated size nearest it (within 20 %)."""
    if label == "real":
        return next((r for r in results if r.site.label == "real"), None)
    sized = [r for r in results if r.site.label != "real"]
    near = [r for r in sized if abs(r.pages - int(label)) <= int(label) * 0.2]
    return min(near, key=lambda r: abs(r.pages - int(label)), default=None)


def goal_figure(result: Result, goal: Goal, anchors: Anchors | None) -> float | None:
    """The run's figure for a goal; None where it needs an anchor this run did not time."""
    if goal.measure == "memory":
        return result.peak()
    if goal.anchor is None:
        return result.best(goal.measure)
    figures = anchors.of(result.site.label, goal.anchor) if anchors else None
    if figures is None:
        return None
    return result.ms_per_page(goal.measure) / (figures["cold_s"] * 1000 / figures["pages"])


def goal_name(goal: Goal) -> str:
    name = "peak memory" if goal.measure == "memory" else MEASURES[goal.measure]
    where = "real site" if goal.size == "real" else f"~{goal.size} pages"
    if goal.anchor is not None:
        return f"{where}: {name} <= {goal.limit:g} x {goal.anchor} (per page)"
    return f"{where}: {name} <= {goal.limit:g} {goal.unit}"


def print_goals(results: list[Result], anchors: Anchors | None) -> None:
    print("\ngoals, as measured in this run")
    for goal in GOALS:
        line = f"  {goal_name(goal):<{GOAL_WIDTH}}"
        result = about(results, goal.size)
        figure = goal_figure(result, goal, anchors) if result is not None else None
        if figure is None:
            reason = "run with --anchors" if goal.anchor and anchors is None else "no such size"
            print(f"{line} not measured ({reason})")
            continue
        met = "met" if figure <= goal.limit else "NOT met"
        print(f"{line} {figure:>8.3f} {goal.unit:<3} {met}")


# --------------------------------------------------------------------------- main


@contextmanager
def work_folder(keep: Path | None) -> Iterator[Path]:
    """Where the generated projects go: `keep`, left in place, or a temporary folder."""
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        yield keep.resolve()
        return
    with tempfile.TemporaryDirectory(prefix="bench-build-") as folder:
        yield Path(folder)


def sizes(text: str) -> list[str]:
    labels = [part.strip() for part in text.split(",") if part.strip()]
    for label in labels:
        if label != "real" and not (label.isdigit() and int(label) > 1):
            raise argparse.ArgumentTypeError(f"{label!r}: a size is `real` or a page count")
    return labels


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=sizes, default=sizes("real,300,1000"))
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, the best counts")
    parser.add_argument(
        "--repeat-empty", type=int, default=1, help="runs of the empty-picture-cache build"
    )
    parser.add_argument("--anchors", action="store_true", help="also time Hugo, MkDocs, Pelican")
    parser.add_argument("--keep", type=Path, help="generate the projects here and keep them")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.repeat_empty < 1:
        parser.error("--repeat and --repeat-empty are at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    started, load = time.perf_counter(), os.getloadavg()[0]
    results: list[Result] = []
    anchors: Anchors | None = None
    # Every build is timed as an installed tool runs, from compiled modules: where
    # PYTHONDONTWRITEBYTECODE is set (CI, this machine) none is ever written, and each build
    # compiled the generator anew (0.1 s of a real-site build).
    compileall.compile_dir(ROOT / "generator", quiet=1)
    with work_folder(args.keep) as work:
        for label in args.sizes:
            progress(f"{label}: generating the project in {work / label}")
            site = make_site(work, label)
            if site.languages and not any(r.site.languages for r in results):
                print_languages(site)
            results.append(measure(site, args.repeat, args.repeat_empty))
            print_result(results[-1])
        if args.anchors:
            anchors = time_anchors(results, work, args.repeat)
    if len(results) > 1:
        print_per_page(results)
    if anchors is not None:
        print_anchors(results, anchors)
    print_goals(results, anchors)
    # Other work on the machine slows every figure down: the load says how busy it was.
    print(
        f"\nwhole run: {time.perf_counter() - started:.0f} s; load average {load:.2f} at the "
        f"start, {os.getloadavg()[0]:.2f} at the end, on {os.cpu_count()} CPUs"
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BuildFailed as error:
        print(error, file=sys.stderr)
        sys.exit(1)
