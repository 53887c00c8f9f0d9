"""Anchors: Hugo, MkDocs and Pelican timed on generated sites of a given size, in one run.

A build time of belote-site means little on its own: these established generators, timed on
the same machine in the same run, on sites of the same shape and size, give it a scale.
Run `python bench/anchors.py --pages 300 --pages 1000`; `bench/build.py` imports
`ensure_anchors` and `time_anchor`.

Where the tools come from, so that nothing here touches the project's own install:
- Hugo: Debian's package `hugo` (installed with apt-get when missing, as root or with sudo -n).
- MkDocs and Pelican (with Markdown): PyPI, pinned with every dependency in
  `bench/anchors-requirements.txt`, in a virtualenv of their own under
  `.cache/bench-anchors/venv` (git-ignored), never in the project's `.venv`.

What each tool builds: the same generated pages (seeded, so identical on every run and for every
tool): a title, 3-6 sections with headings, 600-1500 words of lorem-style prose in one of the
project's six languages (with their diacritics), a list and a small table; a navigation of five
pages. Hugo renders them through a minimal theme-less layout; MkDocs through its built-in `mkdocs`
theme with its defaults: the search plugin stays on and writes its index on every build, as on
a real MkDocs site (it is about a fifth of a cold build here); Pelican as pages through its
default theme (`notmyidea`). Every HTML file a tool writes is counted, its own list and index
pages and 404 page included, and fewer content pages are generated to make up for them, so that
the total is close to the size asked.

What is timed, best of `repeats` runs, each a subprocess between two `time.perf_counter()` calls:
- cold: output folder and every cache removed first;
- no-op: nothing changed since the previous build: Hugo's plain second `hugo`, `mkdocs build
  --dirty`, and Pelican's ordinary rebuild with its content cache on (its fastest honest no-op:
  Pelican has no incremental mode, it still writes every page).
Hugo builds on both cores of the machine; MkDocs and Pelican on one, as they always do.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = Path(__file__).resolve().parent / "anchors-requirements.txt"
TOOLS = ("hugo", "mkdocs", "pelican")
SEED = 20240611  # one seed for every tool and size: the same page i is the same text everywhere
NAV_PAGES = 5

# Lorem-style vocabulary for the project's languages: card-game words, diacritics included,
# so that every tool handles the same UTF-8 text the real site has.
_VOCABULARY = {
    "en": (
        "trick trump card dealer hand partner belote rebelote declaration score points team "
        "round jack nine ace ten king queen suit follow lead play must overtrump contract bid "
        "pass double game player table seat clockwise first last highest lower winning the a "
        "of to and in when each any no after before"
    ),
    "fr": (
        "pli atout carte donneur main partenaire belote rebelote annonce marque points équipe "
        "manche valet neuf as dix roi dame couleur fournir entame jouer doit surcouper contrat "
        "enchère passer contrer partie joueur table place sens premier dernier plus fort "
        "inférieur gagnant après être déjà très où le la les un une de et à quand chaque"
    ),
    "cs": (
        "štych trumf karta rozdávající ruka spoluhráč hláška body tým kolo spodek devítka eso "
        "desítka král svršek barva přiznat vynést hrát musí přebít závazek dražba pas kontra "
        "hra hráč stůl místo první poslední nejvyšší nižší vítězný a v na když každý žádný po "
        "před že se"
    ),
    "hr": (
        "štih adut karta djelitelj ruka partner zvanje bodovi ekipa runda dečko devetka as "
        "desetka kralj dama boja pratiti otvoriti igrati mora ubiti ugovor licitacija dalje "
        "kontra igra igrač stol mjesto prvi zadnji najjači slabiji pobjednički često čak već "
        "i u na kad svaki nijedan nakon prije"
    ),
    "sk": (
        "štych tromf karta rozdávajúci ruka spoluhráč hlásenie body tím kolo dolník deviatka "
        "eso desiatka kráľ horník farba priznať vyniesť hrať musí prebiť záväzok dražba pas "
        "kontra hra hráč stôl miesto prvý posledný najvyšší nižší víťazný a v na keď každý "
        "žiadny po pred že sa"
    ),
    "vi": (
        "lượt bài chủ lá người chia tay đồng đội tuyên bố điểm ván bồi chín át mười già đầm "
        "chất theo đánh trước phải chặn hợp gọi bỏ qua gấp đôi trò chơi bàn chỗ ngồi đầu tiên "
        "cuối cùng cao nhất thấp hơn thắng và của khi mỗi không sau"
    ),
}
WORDS: dict[str, list[str]] = {lang: text.split() for lang, text in _VOCABULARY.items()}
LANGS = tuple(WORDS)


# --------------------------------------------------------------------------- the pages


@dataclass(frozen=True)
class Page:
    """One generated page: where it lives, its title, and its body as Markdown without the H1."""

    lang: str
    slug: str
    title: str
    body: str

    @property
    def url(self) -> str:
        """The page's address from the site's root, the same for every tool (directory URLs)."""
        return f"/{self.lang}/{self.slug}/"


def _sentence(rng: random.Random, words: list[str], count: int) -> str:
    """`count` words as a sentence, now and then one word in bold or italics."""
    chosen = [rng.choice(words) for _ in range(count)]
    if rng.random() < 0.3:
        i = rng.randrange(count)
        chosen[i] = f"**{chosen[i]}**" if rng.random() < 0.5 else f"*{chosen[i]}*"
    text = " ".join(chosen)
    return text[0].upper() + text[1:] + "."


def _paragraph(rng: random.Random, words: list[str], count: int) -> str:
    """About `count` words of prose, in sentences of 8 to 20 words."""
    sentences: list[str] = []
    while count > 0:
        length = min(count, rng.randint(8, 20))
        sentences.append(_sentence(rng, words, max(length, 3)))
        count -= length
    return " ".join(sentences)


def _title(rng: random.Random, words: list[str], count: int) -> str:
    text = " ".join(rng.choice(words) for _ in range(count))
    return text[0].upper() + text[1:]


def _list(rng: random.Random, words: list[str]) -> str:
    items = rng.randint(4, 7)
    return "\n".join(f"- {_sentence(rng, words, rng.randint(4, 10))}" for _ in range(items))


def _table(rng: random.Random, words: list[str]) -> str:
    head = [_title(rng, words, 1) for _ in range(3)]
    rows = [
        [_title(rng, words, 2), str(rng.randint(0, 162)), rng.choice(words)]
        for _ in range(rng.randint(3, 5))
    ]
    lines = ["| " + " | ".join(head) + " |", "| --- | ---: | --- |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def make_page(index: int) -> Page:
    """Page number `index`: the same text for every tool and every site size (seeded by index)."""
    rng = random.Random(SEED * 100_003 + index)
    lang = LANGS[index % len(LANGS)]
    words = WORDS[lang]
    total = rng.randint(600, 1500)
    sections = rng.randint(3, 6)
    with_list, with_table = rng.randrange(sections), rng.randrange(sections)
    blocks: list[str] = []
    for s in range(sections):
        blocks.append(f"## {_title(rng, words, rng.randint(2, 4))}")
        share = total // sections
        paragraphs = rng.randint(1, 3)
        for p in range(paragraphs):
            blocks.append(_paragraph(rng, words, share // paragraphs))
            if p == 0 and s == with_list:
                blocks.append(_list(rng, words))
        if s == with_table:
            blocks.append(_table(rng, words))
    title = _title(rng, words, rng.randint(2, 4))
    return Page(lang, f"rules-{index:05d}", title, "\n\n".join(blocks) + "\n")


def make_pages(count: int) -> list[Page]:
    """`count` pages, spread round-robin over the six languages."""
    return [make_page(i) for i in range(max(count, 1))]


def nav_pages(pages: list[Page]) -> list[Page]:
    """The five pages of the navigation: the first English ones."""
    return [p for p in pages if p.lang == "en"][:NAV_PAGES] or pages[:NAV_PAGES]


# --------------------------------------------------------------------------- the sites


@dataclass
class Site:
    """A generated site for one tool: how to build it, where it writes, what it caches."""

    cwd: Path
    build: list[str]  # arguments after the tool's command prefix, for a cold build
    noop: list[str]  # arguments for the no-op rebuild
    output: Path
    caches: list[Path] = field(default_factory=list)


def _q(text: str) -> str:
    """A string quoted for YAML or TOML front matter and configuration (JSON is valid in both)."""
    return json.dumps(text, ensure_ascii=False)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


HUGO_BASEOF = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} · {{ site.Title }}</title>
</head>
<body>
<nav><a href="{{ "/" | relURL }}">{{ site.Title }}</a>
{{- range site.Menus.main }} <a href="{{ .URL | relURL }}">{{ .Name }}</a>{{ end }}</nav>
<main>{{ block "main" . }}{{ end }}</main>
</body>
</html>
"""
HUGO_SINGLE = '{{ define "main" }}<h1>{{ .Title }}</h1>\n{{ .Content }}{{ end }}\n'
HUGO_LIST = """{{ define "main" }}<h1>{{ .Title }}</h1>
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
{{ end }}
"""


def write_hugo(site: Path, pages: int) -> Site:
    """A theme-less Hugo site. Hugo adds a home page and one list page per language folder.

    Taxonomies (there are none in the content) and RSS are switched off, as belote-site writes
    neither; the sitemap stays, as belote-site writes one.
    """
    content = make_pages(pages - 1 - len(LANGS))
    menu = "".join(
        f"\n[[menu.main]]\nname = {_q(p.title)}\nurl = {_q(p.url)}\nweight = {i + 1}\n"
        for i, p in enumerate(nav_pages(content))
    )
    _write(
        site / "config.toml",
        'baseURL = "/"\ntitle = "Anchor site"\nlanguageCode = "en"\n'
        'disableKinds = ["taxonomy", "term", "RSS"]\n' + menu,
    )
    _write(site / "layouts/_default/baseof.html", HUGO_BASEOF)
    _write(site / "layouts/_default/single.html", HUGO_SINGLE)
    _write(site / "layouts/_default/list.html", HUGO_LIST)
    for p in content:
        _write(
            site / "content" / p.lang / f"{p.slug}.md",
            f"---\ntitle: {_q(p.title)}\n---\n\n{p.body}",
        )
    cache = site / ".hugo-cache"
    args = ["--cacheDir", str(cache), "--destination", str(site / "public")]
    return Site(site, args, args, site / "public", [cache, site / "resources"])


def write_mkdocs(site: Path, pages: int) -> Site:
    """An MkDocs site with the built-in `mkdocs` theme; MkDocs adds only its 404 page.

    The home page (docs/index.md, linking each language's first page) is one of the pages.
    Pages outside the five-page `nav` are built all the same (MkDocs only mentions them).
    """
    content = make_pages(pages - 2)
    nav = "".join(f"  - {_q(p.title)}: {_q(f'{p.lang}/{p.slug}.md')}\n" for p in nav_pages(content))
    _write(
        site / "mkdocs.yml",
        f"site_name: Anchor site\ntheme:\n  name: mkdocs\nnav:\n  - Home: index.md\n{nav}",
    )
    firsts = {p.lang: p for p in reversed(content)}
    links = "\n".join(f"- [{p.title}]({p.lang}/{p.slug}.md)" for p in firsts.values())
    _write(site / "docs/index.md", f"# Anchor site\n\n{links}\n")
    for p in content:
        _write(site / "docs" / p.lang / f"{p.slug}.md", f"# {p.title}\n\n{p.body}")
    args = ["build", "--config-file", str(site / "mkdocs.yml"), "--site-dir", str(site / "site")]
    return Site(site, args, [*args, "--dirty"], site / "site")


PELICAN_CONF = """\
AUTHOR = "Anchor"
SITENAME = "Anchor site"
SITEURL = ""
PATH = "content"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
RELATIVE_URLS = True
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
DISPLAY_PAGES_ON_MENU = False
DISPLAY_CATEGORIES_ON_MENU = False
MENUITEMS = {menu}
PATH_METADATA = r"pages/(?P<langdir>[^/]+)/.*"
PAGE_URL = "{{langdir}}/{{slug}}/"
PAGE_SAVE_AS = "{{langdir}}/{{slug}}/index.html"
CACHE_PATH = {cache}
CACHE_CONTENT = True
LOAD_CONTENT_CACHE = True
CHECK_MODIFIED_METHOD = "mtime"
"""


def write_pelican(site: Path, pages: int) -> Site:
    """A Pelican site of pages (no articles) with the default theme and the content cache on.

    Pelican adds its five direct templates (index, tags, categories, authors, archives).
    Feeds are off, as in the development settings `pelican-quickstart` writes; the menu shows
    the five navigation pages instead of every page (which would make each page list them all).
    """
    content = make_pages(pages - 5)
    menu = tuple((p.title, p.url) for p in nav_pages(content))
    cache = site / "cache"
    conf = PELICAN_CONF.format(menu=repr(menu), cache=repr(str(cache)))
    _write(site / "pelicanconf.py", conf)
    for p in content:
        meta = f"Title: {p.title}\nSlug: {p.slug}\n\n"
        _write(site / "content/pages" / p.lang / f"{p.slug}.md", meta + p.body)
    args = [
        str(site / "content"),
        "--settings",
        str(site / "pelicanconf.py"),
        "--output",
        str(site / "output"),
    ]
    return Site(site, args, args, site / "output", [cache])


WRITERS: dict[str, Callable[[Path, int], Site]] = {
    "hugo": write_hugo,
    "mkdocs": write_mkdocs,
    "pelican": write_pelican,
}


# --------------------------------------------------------------------------- installing


def _root_prefix() -> list[str] | None:
    """How to run a command as root here: directly, through `sudo -n`, or not at all."""
    if os.geteuid() == 0:
        return []
    if (
        shutil.which("sudo")
        and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0
    ):
        return ["sudo", "-n"]
    return None


def _install_hugo() -> str | None:
    """Debian's hugo, with apt-get; the reason it cannot be had, or None when it was installed."""
    prefix = _root_prefix()
    if prefix is None or not shutil.which("apt-get"):
        return "hugo is missing and cannot be installed (needs apt-get, and root or sudo -n)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = [*prefix, "apt-get", "install", "-y", "-qq", "--no-install-recommends", "hugo"]
    print("anchors: installing Debian's hugo with apt-get", flush=True)
    if subprocess.run(install, capture_output=True, env=env).returncode != 0:
        subprocess.run([*prefix, "apt-get", "update", "-qq"], capture_output=True, env=env)
        done = subprocess.run(install, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            return f"apt-get install hugo failed: {_tail(done.stdout + done.stderr)}"
    return None


def _install_venv(venv: Path) -> str | None:
    """MkDocs and Pelican, pinned, in their own venv; the reason on failure, None on success.

    A stamp holding the requirements file's hash makes a second call free, and a changed pin
    reinstalls.
    """
    if not REQUIREMENTS.exists():
        return f"{REQUIREMENTS.name} is missing"
    digest = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    stamp = venv / ".anchors-requirements.sha256"
    if stamp.exists() and stamp.read_text().strip() == digest:
        return None
    python = venv / "bin" / "python"
    if not python.exists():
        made = subprocess.run(
            [sys.executable, "-m", "venv", str(venv)], capture_output=True, text=True
        )
        if made.returncode != 0:
            return f"python -m venv failed: {_tail(made.stdout + made.stderr)}"
    print(f"anchors: installing {REQUIREMENTS.name} into {venv}", flush=True)
    pip = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    done = subprocess.run([*pip, "-r", str(REQUIREMENTS)], capture_output=True, text=True)
    if done.returncode != 0:
        return f"pip install failed: {_tail(done.stdout + done.stderr)}"
    stamp.write_text(digest + "\n")
    return None


def ensure_anchors(root: Path) -> dict[str, list[str]]:
    """Install the anchors where missing; each tool's command prefix. A tool that cannot be
    had is left out, with the reason printed."""
    commands: dict[str, list[str]] = {}
    hugo = shutil.which("hugo")
    if hugo is None:
        reason = _install_hugo()
        hugo = shutil.which("hugo")
        if hugo is None:
            print(f"anchors: no hugo: {reason or 'not on PATH after installing'}", flush=True)
    if hugo is not None:
        commands["hugo"] = [hugo]
    venv = root / ".cache" / "bench-anchors" / "venv"
    reason = _install_venv(venv)
    for tool in ("mkdocs", "pelican"):
        program = venv / "bin" / tool
        if reason is None and program.exists():
            commands[tool] = [str(program)]
        else:
            print(f"anchors: no {tool}: {reason or f'{program} is missing'}", flush=True)
    return commands


def tool_version(tool: str, command: list[str]) -> str:
    """What the tool says of its own version, on one line."""
    args = ["version"] if tool == "hugo" else ["--version"]
    done = subprocess.run([*command, *args], capture_output=True, text=True, env=_env())
    return (done.stdout or done.stderr).strip().splitlines()[0] if done.returncode == 0 else "?"


# --------------------------------------------------------------------------- timing


def _tail(text: str, lines: int = 15) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _env() -> dict[str, str]:
    """The environment for the tools: the caller's, less what would point Python elsewhere."""
    drop = {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def _timed(command: list[str], cwd: Path) -> float:
    """Seconds that one run of `command` took; its output, shown when it fails, is captured."""
    env = _env()
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{_tail(done.stdout)}")
    return elapsed


def _html_pages(output: Path) -> list[Path]:
    return sorted(output.rglob("*.html"))


def _check_rendered(output: Path, tool: str) -> int:
    """The number of HTML pages written, after checking that a content page is real HTML."""
    pages = _html_pages(output)
    sample = output / "en" / "rules-00000" / "index.html"
    text = sample.read_text(encoding="utf-8") if sample.exists() else ""
    if not all(tag in text for tag in ("<h2", "<table", "<li")):
        raise RuntimeError(f"{tool}: {sample} is missing or lacks its headings, list or table")
    return len(pages)


def time_anchor(
    tool: str, command: list[str], pages: int, work: Path, repeats: int = 3
) -> dict[str, float]:
    """Generate a site of about `pages` HTML pages for `tool` under `work`, then time it.

    Returns the best of `repeats` cold builds (output and caches removed) and of `repeats`
    no-op rebuilds (nothing changed since), the HTML pages actually written, and the cold
    build's milliseconds per page.
    """
    folder = work / f"{tool}-{pages}"
    shutil.rmtree(folder, ignore_errors=True)
    site = WRITERS[tool](folder, pages)
    cold = float("inf")
    for _ in range(repeats):
        for path in [site.output, *site.caches]:
            shutil.rmtree(path, ignore_errors=True)
        cold = min(cold, _timed([*command, *site.build], site.cwd))
    written = _check_rendered(site.output, tool)
    noop = min(_timed([*command, *site.noop], site.cwd) for _ in range(repeats))
    if len(_html_pages(site.output)) != written:
        raise RuntimeError(f"{tool}: the no-op rebuild changed the number of pages")
    return {
        "cold_s": cold,
        "noop_s": noop,
        "pages": written,
        "ms_per_page": cold * 1000 / written,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pages", type=int, action="append", help="site size in HTML pages (repeatable; 300 1000)"
    )
    parser.add_argument("--repeats", type=int, default=3, help="runs per figure, best counts")
    parser.add_argument("--tools", nargs="+", choices=TOOLS, default=list(TOOLS))
    parser.add_argument(
        "--work", type=Path, default=ROOT / ".cache" / "bench-anchors" / "work", help="scratch"
    )
    args = parser.parse_args(argv)
    sizes: list[int] = args.pages or [300, 1000]
    commands = {t: c for t, c in ensure_anchors(ROOT).items() if t in args.tools}
    if not commands:
        print("anchors: no tool to time", file=sys.stderr)
        return 1
    for tool, command in commands.items():
        print(f"{tool}: {tool_version(tool, command)}")
    rows: list[tuple[str, dict[str, float]]] = []
    for size in sizes:
        for tool, command in commands.items():
            print(f"timing {tool} at {size} pages, best of {args.repeats}...", flush=True)
            rows.append((tool, time_anchor(tool, command, size, args.work, args.repeats)))
    print(f"\n{'tool':<8} {'pages':>6} {'cold s':>8} {'ms/page':>8} {'no-op s':>8}")
    for tool, r in rows:
        print(
            f"{tool:<8} {int(r['pages']):>6} {r['cold_s']:>8.2f} "
            f"{r['ms_per_page']:>8.2f} {r['noop_s']:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
