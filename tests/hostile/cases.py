"""The hostile-input corpus: each case changes a copy of the project the way an attacker or a
careless contributor would, and says how the build must refuse it.

Every case must stop `belote-site build` with its exit status (2: invalid
input, 1: a wrong expectation), in one line naming a file (and its line),
with no traceback, within a bounded time and memory, and leave the previous
site byte for byte as it was. `tests/test_hostile.py` runs them; the older
scenario corpus of `tests/bad_input/` joins them there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

SK = "locales/sk/LC_MESSAGES/messages.po"
SCENARIO = "content/scenarios/hostile.yaml"
RULESET = "content/rulesets/hostile.yaml"
GOOD_PLAY = (
    "id: {id}\nrules: maison\ntrump: hearts\ntrick:\n  - {{seat: west, card: AS}}\n"
    "hand: {{seat: north, cards: [KS, 7S, JH]}}\nexpect:\n  allowed: [KS, 7S]\n"
)

# West leads spades, North holds spades: JH is not allowed, so this expectation is wrong.
WRONG_PLAY = GOOD_PLAY.replace("allowed: [KS, 7S]", "allowed: [JH]")


@dataclass(frozen=True)
class Case:
    name: str
    exit: int
    # Text the refusal line contains (any case), and the file it names.
    mentions: tuple[str, ...] = ()
    names: str | None = None
    writes: tuple[tuple[str, str | bytes], ...] = ()
    edits: tuple[tuple[str, str, str], ...] = ()  # (file, old, new): old must be in the file
    links: tuple[tuple[str, str], ...] = ()  # (link, target)
    fifos: tuple[str, ...] = ()
    sparse: tuple[tuple[str, int], ...] = ()  # (file, size): a file that claims gigabytes
    removes: tuple[str, ...] = ()
    # The command, {site} being the output folder and {project} the project.
    command: tuple[str, ...] = ("build", "--out", "{site}")
    # What else to do to the copy (a chain of 1500 files); gets the project folder.
    prepare: Callable[[Path], None] | None = field(default=None, compare=False)
    # Process limits the case runs under (bytes of file size), when it needs one.
    file_size_limit: int | None = None


# An `expect` each kind accepts, so that a case fails on its own mistake, not on a missing key.
EXPECT = {
    "play": "expect: {allowed: [KS]}\n",
    "deal": "expect: {outcome: made}\n",
    "game": "expect: {deals_played: 1}\n",
    "auction": "expect: {next: none}\n",
    "declarations": "expect: {belote: none}\n",
}


def scenario(
    name: str, text: str | bytes, *mentions: str, exit: int = 2, file: str = SCENARIO
) -> Case:
    if isinstance(text, str) and "\nexpect:" not in text and text.startswith("id: "):
        kind = next((k for k in EXPECT if f"\nkind: {k}\n" in text), "play")
        text = text.rstrip("\n") + "\n" + EXPECT[kind]
    return Case(name, exit, mentions, file, writes=((file, text),))


def ruleset(name: str, text: str, *mentions: str) -> Case:
    return Case(name, 2, mentions, RULESET, writes=((RULESET, text),))


def catalog(name: str, old: str, new: str, *mentions: str) -> Case:
    return Case(name, 2, mentions, SK, edits=((SK, old, new),))


def template(name: str, file: str, old: str, new: str, *mentions: str) -> Case:
    return Case(name, 2, mentions, file, edits=((file, old, new),))


def _alias_bomb(use: str) -> str:
    """Nine levels of nine-fold aliases: 387 million strings once expanded."""
    lines = ['l0: &l0 ["boom", "boom", "boom", "boom", "boom", "boom", "boom", "boom", "boom"]']
    for level in range(1, 9):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n" + use


def _extends_chain(project: Path) -> None:
    """1500 rule sets, each extending the next."""
    folder = project / "content" / "rulesets"
    for n in range(1500):
        (folder / f"chain-{n}.yaml").write_text(f"extends: chain-{n + 1}\nname: Chain {n}\n")
    (folder / "chain-1500.yaml").write_text("extends: maison\nname: End\n")


def _fifo_output(project: Path) -> None:
    (project.parent / "not-a-folder").write_text("a file\n")


def _read_only_parent(project: Path) -> None:
    # A file where a folder must be: nothing can be written below it, whoever runs the build
    # (a read-only folder stops everyone but root).
    (project.parent / "locked").write_text("not a folder\n")


def _nested(depth: int) -> str:
    return "id: nested\nrules: maison\ntitle: " + "[" * depth + "x" + "]" * depth + "\n"


PLAY_TAIL = "rules: maison\ntrump: hearts\ntrick: []\nhand: {seat: north, cards: [KS]}\n"

# -- issue 17: templates reach values only --------------------------------------------------
# Each template tries to reach a file, the environment or the picture store through an
# object of the page's context; the sandbox refuses the step, in one line at its line.
ARTICLE = "templates/article.html"
BASE = "templates/base.html"
MAIN = '<main id="main">'


def reach(name: str, expression: str, *mentions: str, file: str = BASE) -> Case:
    return template(name, file, MAIN, MAIN + "{{ " + expression + " }}", *mentions)


TEMPLATE_REACH = (
    reach(
        "template-reads-the-environment", "page.source.joinpath('/proc/self/environ').read_bytes()"
    ),
    reach(
        "template-writes-a-git-hook",
        "page.source.parent.parent.joinpath('.git/hooks/post-checkout').write_text('id')",
    ),
    reach("template-chmods-a-file", "page.source.chmod(511)"),
    reach("template-unlinks-a-file", "page.source.unlink()"),
    reach("template-lists-the-home-folder", "page.source.home().iterdir() | list"),
    reach("template-reads-a-page-input", "page.inputs[0].read_text()"),
    reach("template-reads-the-next-page-source", "next.page.source.read_text()"),
    reach("template-reads-a-nav-page-source", "page_links[0].page.source.read_text()"),
    reach("template-copies-the-picture-store", "pictures.store.copy_into('/tmp')"),
    reach("template-reaches-the-picture-cache", "pictures.store.cache"),
    reach("template-reaches-gettext", "words.gettext.language.messages.plural.__globals__"),
    reach("template-reaches-the-vocabulary", "words.vocabulary"),
    template(
        "template-reaches-a-scenario-file",
        ARTICLE,
        "{% block main %}",
        "{% block main %}{{ page.examples[0].scenario.path.read_text() }}",
    ),
    template(
        "template-reaches-a-scenario-kind",
        ARTICLE,
        "{% block main %}",
        "{% block main %}{{ page.examples[0].checked.kind.read }}",
    ),
    reach("template-reaches-a-link-source", "page.links[0].source.path"),
    reach("template-reaches-the-page-kind", "page.kind.load"),
    reach("template-reaches-the-language-catalog", "language.locale"),
    reach("template-calls-a-class", "page.__class__"),
    reach("template-reaches-globals-of-a-lambda", "example_href.__globals__"),
    reach("template-attr-filter-to-a-path", "page|attr('source')|attr('read_text')"),
    reach("template-map-to-paths", "page_links|map(attribute='page.source')|map('string')|join"),
    reach("template-item-lookup-of-a-path", "page['source'].read_text()"),
    reach("template-rule-set-loader", "rules.__module__"),
    reach("template-divides-by-zero", "(1, 0)|sum / 0", "ZeroDivisionError"),
    template(
        "template-includes-itself",
        BASE,
        MAIN,
        MAIN + '{% include "base.html" %}',
        "includes itself",
    ),
)

# -- issue 17: content is text --------------------------------------------------------------
CONTENT_MARKUP = (
    Case(
        "markup-in-a-rule-set-name",
        2,
        ("markup",),
        "content/rulesets/maison.yaml",
        edits=(
            (
                "content/rulesets/maison.yaml",
                "name: Maison",
                "name: <script>alert(1)</script> Maison",
            ),
        ),
    ),
    Case(
        "an-entity-in-a-rule-set-description",
        2,
        ("markup",),
        "content/rulesets/maison.yaml",
        edits=(
            (
                "content/rulesets/maison.yaml",
                "description: >-\n",
                "description: >-\n  &lt;img src=x onerror=alert(1)&gt;\n",
            ),
        ),
    ),
    Case(
        "a-javascript-link-in-a-rule-set-source",
        2,
        ("markup",),
        "content/rulesets/maison.yaml",
        edits=(
            (
                "content/rulesets/maison.yaml",
                "source: >-\n",
                'source: >-\n  <a href="javascript:alert(1)">the book</a>\n',
            ),
        ),
    ),
    Case(
        "markup-in-a-page-title",
        2,
        ("markup",),
        "content/pages/rules.yaml",
        edits=(
            (
                "content/pages/rules.yaml",
                "title: Belote rules",
                "title: Belote rules<img src=x onerror=alert(1)>",
            ),
        ),
    ),
    Case(
        "markup-in-a-page-heading",
        2,
        ("markup",),
        "content/pages/rules.yaml",
        edits=(
            (
                "content/pages/rules.yaml",
                "  - heading: Players and cards",
                '  - heading: "<svg onload=alert(1)>"',
            ),
        ),
    ),
    Case(
        "markup-in-a-variant-card",
        2,
        ("markup",),
        "content/variants/coinche.yaml",
        edits=(
            (
                "content/variants/coinche.yaml",
                "name: Coinche, official rules",
                "name: Coinche<iframe srcdoc=x>",
            ),
        ),
    ),
    Case(
        "markup-in-an-option-sentence",
        2,
        ("markup",),
        "content/options.yaml",
        edits=(
            (
                "content/options.yaml",
                "bidding: No auction of bids.",
                "bidding: No auction <b onmouseover=alert(1)>of bids</b>.",
            ),
        ),
    ),
    Case(
        "markup-in-the-vocabulary",
        2,
        ("markup",),
        "content/vocabulary.yaml",
        edits=(
            ("content/vocabulary.yaml", "  north: North\n", "  north: <script>North</script>\n"),
        ),
    ),
    Case(
        "a-numeric-entity-in-the-vocabulary",
        2,
        ("markup",),
        "content/vocabulary.yaml",
        edits=(("content/vocabulary.yaml", "  east: East\n", '  east: "&#60;script&#62;East"\n'),),
    ),
    scenario(
        "markup-in-a-scenario-title",
        GOOD_PLAY.format(id="t") + "title: <img src=x onerror=alert(1)>\n",
        "markup",
    ),
    scenario(
        "markup-in-a-scenario-text",
        GOOD_PLAY.format(id="u") + "text: see <a href=javascript:alert(1)>this</a>\n",
        "markup",
    ),
    Case(
        "markup-in-the-site-settings",
        2,
        ("markup",),
        "content/site.yaml",
        edits=(("content/site.yaml", "  be: 2\n", '  "<b>": 2\n'),),
    ),
)


# -- issue 17: what the audit refuses in a built page ---------------------------------------
def emits(name: str, markup: str, *mentions: str) -> Case:
    # The refusal names the page and its kind's template: which template of those it
    # includes wrote the markup, the built page cannot say.
    case = template(name, BASE, MAIN, MAIN + markup, *mentions)
    return dataclasses.replace(case, names="templates/")


PAGE_AUDIT = (
    emits("an-inline-script", "<script>window.__owned = 1</script>", "script"),
    emits("a-script-from-elsewhere", '<script src="//evil.example/x.js"></script>', "script"),
    emits("a-script-from-the-project", '<script src="static/site.css"></script>', "script"),
    emits("an-event-handler", '<img src="x.png" onerror="alert(1)">', "event handler"),
    emits("an-upper-case-event-handler", '<p OnMouseOver="alert(1)">x</p>', "event handler"),
    emits("a-javascript-link", '<a href="javascript:alert(1)">x</a>', "javascript"),
    emits("a-javascript-link-with-a-tab", '<a href="java&#9;script:alert(1)">x</a>', "javascript"),
    emits("a-javascript-link-with-spaces", '<a href="  javascript:alert(1)">x</a>', "javascript"),
    emits("a-data-image", '<img src="data:image/svg+xml,<svg onload=alert(1)>">', "data"),
    emits("a-data-link", '<a href="data:text/html,hi">x</a>', "data"),
    emits("an-image-from-elsewhere", '<img src="https://evil.example/t.png" alt="">', "https"),
    emits(
        "a-srcset-from-elsewhere",
        '<img src="a.png" srcset="a.png 1x, //evil.example/b.png 2x" alt="">',
        "//",
    ),
    emits("a-base-element", '<base href="https://evil.example/">', "base"),
    emits(
        "a-meta-refresh",
        '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
        "meta",
    ),
    emits(
        "a-second-policy",
        '<meta http-equiv="Content-Security-Policy" content="script-src *">',
        "meta",
    ),
    emits("an-iframe-srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>', "iframe"),
    emits("an-object", '<object data="x.swf"></object>', "object"),
    emits("an-embed", '<embed src="x.swf">', "embed"),
    emits("an-svg-use", '<svg><use href="data:image/svg+xml,x#a"/></svg>', "svg"),
    emits("a-math-element", "<math><mi>x</mi></math>", "math"),
    emits("a-template-element", "<template><img src=x onerror=alert(1)></template>", "template"),
    emits("a-style-element", "<style>body { background: url(//evil.example/t) }</style>", "style"),
    emits("a-style-attribute", '<p style="background:url(//evil.example/t)">x</p>', "style"),
    emits(
        "a-form-action", '<form action="https://evil.example/"><input name="q"></form>', "action"
    ),
    emits("a-formaction", '<button formaction="javascript:alert(1)">x</button>', "formaction"),
    emits("a-link-import", '<link rel="import" href="x.html">', "link"),
    emits("a-meta-referrer", '<meta name="referrer" content="unsafe-url">', "meta"),
    emits("a-noscript-element", "<noscript><p>x</p></noscript>", "noscript"),
    dataclasses.replace(
        template(
            "a-head-without-the-policy-first",
            BASE,
            "<!doctype html>",
            "<!doctype html><!-- <head> -->",
            "content-security-policy",
        ),
        names="templates/",
    ),
    Case(
        "a-sitemap-template-with-a-script",
        2,
        ("not a template",),
        "templates/sitemap.xml",
        writes=(
            (
                "templates/sitemap.xml",
                '<urlset><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script></urlset>',
            ),
        ),
    ),
)

# -- issue 17: static files, build state --------------------------------------------------
STATE_AND_STATIC = (
    Case(
        "a-static-script",
        2,
        ("static file",),
        "templates/static/evil.js",
        writes=(("templates/static/evil.js", "alert(1)\n"),),
    ),
    Case(
        "a-static-svg",
        2,
        ("static file",),
        "templates/static/logo.svg",
        writes=(("templates/static/logo.svg", "<svg onload='alert(1)'/>"),),
    ),
    Case(
        "a-static-page",
        2,
        ("static file",),
        "templates/static/page.html",
        writes=(("templates/static/page.html", "<script>alert(1)</script>"),),
    ),
    Case(
        "a-static-file-named-like-a-shipped-script",
        2,
        ("static file",),
        "templates/static/try.js",
        writes=(("templates/static/try.js", "alert(1)\n"),),
    ),
    Case(
        "a-static-module",
        2,
        ("static file",),
        "templates/static/x.mjs",
        writes=(("templates/static/x.mjs", "alert(1)\n"),),
    ),
    Case(
        "a-committed-swap-record-naming-a-neighbour",
        2,
        ("state file",),
        ".site.swap",
        writes=((".site.swap", "../neighbour\n"),),
        command=("build",),
    ),
    Case(
        "a-committed-swap-record-naming-an-absolute-path",
        2,
        ("state file",),
        ".site.swap",
        writes=((".site.swap", "/tmp\n"),),
        command=("build",),
    ),
    Case(
        "a-swap-record-not-utf8",
        2,
        ("state file",),
        ".site.swap",
        writes=((".site.swap", b"\xff\xfe\n"),),
        command=("build",),
    ),
    Case(
        "a-committed-lock",
        2,
        ("state file",),
        ".site.lock",
        writes=((".site.lock", ""),),
        command=("build",),
    ),
    Case(
        "a-lock-linked-outside",
        2,
        ("state file",),
        ".site.lock",
        links=((".site.lock", "/etc/passwd"),),
        command=("build",),
    ),
)


# -- issue 20: a rule book is cited as a reader finds it, never as a repository path --------
SOURCES = tuple(
    Case(
        f"a-{name}-as-a-rule-set-source",
        2,
        ("the source names", "url"),
        "content/rulesets/maison.yaml",
        edits=(("content/rulesets/maison.yaml", "source: >-\n", f"source: >-\n  {path}\n"),),
    )
    for name, path in (
        ("repository", "as transcribed in vareversat/carg,"),
        ("file-path", "quoted in docs/rules-survey/matrices/bareme.md,"),
        ("bare-file", "see rules/coinche.md,"),
    )
)


# -- issue 20: no sentence that can be wrong: a text's sums end where the engine's do ----------
BOOKS = "content/pages/coinche-books.yaml"
TYPED_TOTALS = tuple(
    Case(
        f"a-typed-total-{name}",
        2,
        ("the engine scores",),
        BOOKS,
        edits=((BOOKS, old, new),),
    )
    for name, old, new in (
        # The Cannes surcoinche as the pages once said it: the engine scores 410 and 50.
        (
            "the-engine-does-not-reach",
            "The surcoinche triples the bid alone, and each side keeps the cards it took.",
            "(160 + 100) \u00d7 3 = 780.",
        ),
        ("before-rounding", "252 + 250 = 502, rounded to 500.", "252 + 250 = 502."),
        ("rounded-wrong", "rounded down to 250.", "rounded down to 240."),
    )
)


CASES: tuple[Case, ...] = (
    *TEMPLATE_REACH,
    *SOURCES,
    *TYPED_TOTALS,
    *CONTENT_MARKUP,
    *PAGE_AUDIT,
    *STATE_AND_STATIC,
    # -- reading YAML: memory, hangs and tracebacks ---------------------------------------
    scenario("alias-bomb-in-an-id", _alias_bomb("id: *l8\n" + PLAY_TAIL), "alias"),
    scenario(
        "alias-bomb-in-a-card",
        _alias_bomb("id: bomb\nrules: maison\ntrump: hearts\ntrick: []\n")
        + "hand: {seat: north, cards: *l8}\n",
        "alias",
    ),
    scenario("a-single-alias", "id: &x plain\nrules: maison\ntitle: *x\n", "alias"),
    scenario("nested-300-levels", _nested(300), "nested"),
    scenario("nested-999-levels", _nested(999), "nested"),
    scenario(
        "nested-mappings", "id: x\nrules: maison\nt: " + "{a: " * 200 + "1" + "}" * 200, "nested"
    ),
    scenario(
        "python-object-tag",
        "id: !!python/object/apply:os.system [echo owned]\nrules: maison\n",
        "tags",
    ),
    scenario("python-name-tag", "id: x\nrules: !!python/name:os.system\n", "tags"),
    scenario("binary-tag", "id: x\nrules: maison\ntitle: !!binary aGVsbG8=\n", "tags"),
    scenario("local-tag", "id: x\nrules: !custom maison\n", "tags"),
    scenario("set-tag", "id: x\nrules: maison\ntitle: !!set {a, b}\n", "tags"),
    scenario("merge-key", "id: merged\n<<: {rules: maison}\n" + PLAY_TAIL[14:], "merge"),
    scenario(
        "a-5000-digit-integer", "id: big\nrules: maison\nlast_trick: " + "9" * 5000 + "\n", "digits"
    ),
    scenario("a-huge-float", "id: big\nrules: maison\ntitle: 1" + "0" * 400 + ".5\n", "digits"),
    scenario("duplicate-top-key", "id: a\nid: b\n" + PLAY_TAIL, "twice"),
    scenario(
        "duplicate-seat-in-hands",
        "id: dup-seat\nkind: declarations\nrules: maison\ntrump: hearts\nhands:\n"
        "  north: [KS, QS, JS]\n  north: [7H, 8H, 9H]\nexpect: {points: {north-south: 20, east-west: 0}}\n",
        "north",
        "twice",
    ),
    scenario(
        "nul-by-escape", 'id: nul\nrules: maison\ntitle: "a\\0b"\n' + PLAY_TAIL[14:], "control"
    ),
    scenario("terminal-escape-in-text", 'id: esc\nrules: maison\ntext: "\\e[31mred"\n', "control"),
    scenario("newline-in-an-id", 'id: "a\\nb"\nrules: maison\n', "\\n", "lower-case"),
    scenario("bell-in-an-id", 'id: "a\\ab"\nrules: maison\n', "control"),
    scenario(
        "two-documents",
        GOOD_PLAY.format(id="first") + "---\n" + GOOD_PLAY.format(id="second"),
        "one yaml document",
    ),
    scenario("raw-control-character", b"id: x\x07y\nrules: maison\n", "not allowed"),
    scenario("a-bare-number", "42\n", "a scenario"),
    scenario("only-a-comment", "# nothing here\n", "empty"),
    scenario("invalid-utf8", b"id: caf\xe9\nrules: maison\n", "utf-8"),
    scenario("utf16-file", "id: x\nrules: maison\n".encode("utf-16"), "utf-8"),
    Case(
        "a-yml-file-is-checked",
        1,
        ("allowed",),
        "content/scenarios/extra.yml",
        writes=(("content/scenarios/extra.yml", WRONG_PLAY.format(id="yml")),),
    ),
    Case(
        "an-upper-case-YAML-file-is-checked",
        1,
        ("allowed",),
        "content/scenarios/EXTRA.YAML",
        writes=(("content/scenarios/EXTRA.YAML", WRONG_PLAY.format(id="upper")),),
    ),
    Case(
        "a-stray-text-file-in-scenarios",
        2,
        ("not a scenario file",),
        "content/scenarios/notes.txt",
        writes=(("content/scenarios/notes.txt", "expect: allowed: [KS]\n"),),
    ),
    Case(
        "a-fifo-named-yaml",
        2,
        ("regular file",),
        "content/scenarios/pipe.yaml",
        fifos=("content/scenarios/pipe.yaml",),
    ),
    Case(
        "a-scenario-linked-to-etc-passwd",
        2,
        ("symbolic link",),
        "content/scenarios/passwd.yaml",
        links=(("content/scenarios/passwd.yaml", "/etc/passwd"),),
    ),
    Case(
        "a-scenario-linked-to-the-environment",
        2,
        ("symbolic link",),
        "content/scenarios/env.yaml",
        links=(("content/scenarios/env.yaml", "/proc/self/environ"),),
    ),
    Case(
        "a-scenario-linked-to-dev-zero",
        2,
        ("symbolic link",),
        "content/scenarios/zero.yaml",
        links=(("content/scenarios/zero.yaml", "/dev/zero"),),
    ),
    Case(
        "a-folder-linked-to-the-root",
        2,
        ("symbolic link",),
        "content/scenarios/root",
        links=(("content/scenarios/root", "/"),),
    ),
    Case(
        "a-folder-linked-to-itself",
        2,
        ("symbolic link",),
        "content/scenarios/loop",
        links=(("content/scenarios/loop", "."),),
    ),
    Case(
        "a-five-gigabyte-scenario",
        2,
        ("limit",),
        "content/scenarios/big.yaml",
        sparse=(("content/scenarios/big.yaml", 5 << 30),),
    ),
    # -- impossible content ----------------------------------------------------------------
    scenario(
        "eleven-cards-declared-by-one-seat",
        "id: eleven\nkind: deal\nrules: maison\ntrump: spades\ntaker: north\n"
        "points: {north-south: 100, east-west: 62}\ndeclarations:\n"
        "  north: [[7H, 8H, 9H, 10H, JH, QH], [7C, 8C, 9C, 10C, JC]]\n",
        "11 cards",
    ),
    scenario(
        "a-card-in-a-declaration-and-another-seats-belote",
        "id: shared-king\nkind: deal\nrules: maison\ntrump: spades\ntaker: north\n"
        "points: {north-south: 100, east-west: 62}\ndeclarations:\n  east: [[JS, QS, KS]]\nbelote: north\n",
        "belote",
    ),
    scenario(
        "a-card-twice-across-declarations",
        "id: twice\nkind: deal\nrules: maison\ntrump: spades\ntaker: north\n"
        "points: {north-south: 100, east-west: 62}\ndeclarations:\n"
        "  north: [[7H, 8H, 9H]]\n  east: [[9H, 10H, JH]]\n",
        "9H",
    ),
    scenario(
        "negative-card-points",
        "id: negative\nkind: deal\nrules: maison\ntrump: spades\ntaker: north\n"
        "points: {north-south: -10, east-west: 172}\n",
        "at least 0",
    ),
    scenario(
        "points-not-adding-up",
        "id: sum\nkind: deal\nrules: maison\ntrump: spades\ntaker: north\n"
        "points: {north-south: 100, east-west: 100}\n",
        "162",
    ),
    scenario(
        "a-capot-with-points",
        "id: capot-points\nkind: deal\nrules: maison\ntrump: spades\ntaker: north\n"
        "capot: north-south\npoints: {north-south: 162, east-west: 0}\n",
        "capot",
    ),
    scenario(
        "belote-in-a-no-trump-deal",
        "id: no-trump-belote\nkind: deal\nrules: maison\ntrump: none\ntaker: north\n"
        "points: {north-south: 100, east-west: 62}\nbelote: north\n",
        "belote",
    ),
    scenario(
        "target-zero",
        "id: zero-target\nkind: game\nrules: maison\ntarget: 0\ndeals:\n"
        "  - {trump: hearts, taker: north, points: {north-south: 100, east-west: 62}}\n",
        "target",
    ),
    scenario(
        "a-game-of-a-thousand-deals",
        "id: endless\nkind: game\nrules: maison\ntarget: 1000000\ndeals:\n"
        + "  - {trump: hearts, taker: north, points: {north-south: 100, east-west: 62}}\n" * 1000,
        "200 deals",
    ),
    scenario(
        "a-mode-the-rule-set-does-not-offer",
        "id: no-mode\nrules: classic-team\ntrump: none\ntrick: []\nhand: {seat: north, cards: [KS]}\n",
        "none",
    ),
    scenario(
        "nine-cards-in-a-hand",
        "id: nine\nrules: maison\ntrump: hearts\ntrick: []\nhand: {seat: north, cards: [7S, 8S, 9S, 10S, JS, QS, KS, AS, 7H]}\n",
        "1 to 8",
    ),
    scenario(
        "a-deal-between-three-players",
        "id: three-deal\nkind: deal\nrules: three-players\ntrump: hearts\ntaker: north\n"
        "points: {north: 100, east: 30, west: 32}\n",
        "two",
    ),
    scenario(
        "declarations-in-contree",
        "id: contree-declares\nkind: deal\nrules: contree\ntrump: hearts\ntaker: north\ncontract: 80\n"
        "points: {north-south: 100, east-west: 62}\ndeclarations:\n  north: [[7S, 8S, 9S]]\n",
        "without declarations",
    ),
    scenario(
        "a-contract-without-bidding",
        "id: classic-contract\nkind: deal\nrules: maison\ntrump: hearts\ntaker: north\ncontract: 90\n"
        "points: {north-south: 100, east-west: 62}\n",
        "no bidding",
    ),
    scenario(
        "a-deal-without-its-contract",
        "id: no-contract\nkind: deal\nrules: coinche-official\ntrump: hearts\ntaker: north\n"
        "points: {north-south: 100, east-west: 62}\n",
        "contract",
    ),
    scenario(
        "a-bid-below-the-floor",
        "id: low-bid\nkind: deal\nrules: coinche-official\ntrump: hearts\ntaker: north\ncontract: 70\n"
        "points: {north-south: 100, east-west: 62}\n",
        "70",
    ),
    scenario(
        "a-bid-off-its-steps",
        "id: odd-bid\nkind: deal\nrules: coinche-official\ntrump: hearts\ntaker: north\ncontract: 85\n"
        "points: {north-south: 100, east-west: 62}\n",
        "85",
    ),
    scenario(
        "a-bid-above-the-ceiling",
        "id: high-bid\nkind: deal\nrules: contree\ntrump: hearts\ntaker: north\ncontract: 170\n"
        "points: {north-south: 100, east-west: 62}\n",
        "160",
    ),
    scenario(
        "a-generale-where-none-is-offered",
        "id: generale\nkind: deal\nrules: coinche-official\ntrump: hearts\ntaker: north\n"
        "contract: generale\ngenerale: north\n",
        "générale",
    ),
    scenario(
        "an-unknown-coinche-level",
        "id: triple\nkind: deal\nrules: coinche-official\ntrump: hearts\ntaker: north\ncontract: 90\n"
        "coinche: triple\npoints: {north-south: 100, east-west: 62}\n",
        "triple",
    ),
    scenario(
        "an-illegal-call",
        "id: frozen\nkind: auction\nrules: coinche-official\ndealer: west\ncalls:\n"
        "  - {seat: north, call: 80 hearts}\n  - {seat: east, call: coinche}\n"
        "  - {seat: south, call: 90 hearts}\n",
        "contract-frozen",
    ),
    scenario(
        "a-call-out-of-turn",
        "id: out-of-turn\nkind: auction\nrules: coinche-official\ndealer: west\ncalls:\n"
        "  - {seat: east, call: pass}\n",
        "north",
    ),
    scenario(
        "a-call-after-the-end",
        "id: after-end\nkind: auction\nrules: coinche-official\ndealer: west\ncalls:\n"
        "  - {seat: north, call: 80 hearts}\n  - {seat: east, call: surcoinche}\n",
        "surcoinche",
    ),
    scenario(
        "a-call-that-is-no-call",
        "id: junk-call\nkind: auction\nrules: coinche-official\ndealer: west\ncalls:\n"
        "  - {seat: north, call: double or nothing}\n",
        "a call is",
    ),
    scenario("an-unknown-kind", "id: magic\nkind: magic\nrules: maison\n", "magic"),
    scenario("a-kind-that-is-a-list", "id: listed\nkind: [play]\nrules: maison\n", "kind"),
    scenario(
        "a-wrong-expectation-in-a-deal",
        "id: wrong-deal\nkind: deal\nrules: maison\ntrump: hearts\ntaker: north\npoints: {north-south: 100, east-west: 62}\nexpect:\n  score: {north-south: 62, east-west: 100}\n",
        "score",
        exit=1,
    ),
    Case(
        "a-scenario-id-that-is-a-page-anchor",
        2,
        ("anchor",),
        SCENARIO,
        writes=((SCENARIO, GOOD_PLAY.format(id="summary")),),
        edits=(
            (
                "content/pages/legal-cards.yaml",
                "      - scenario: follow-led-suit\n",
                "      - scenario: summary\n",
            ),
        ),
    ),
    # -- rule sets ---------------------------------------------------------------------------
    ruleset(
        "a-table-with-one-side",
        "extends: maison\nname: One side\nseats: [north, south]\npartnerships: [[north, south]]\n",
        "two sides",
    ),
    ruleset(
        "negative-card-values",
        'extends: maison\nname: Negative\nvalues:\n  trump: {J: -20, "9": 14, A: 11, "10": 10, K: 4, Q: 3, "8": 0, "7": 0}\n',
        "from 0",
    ),
    ruleset(
        "a-hand-too-big-for-the-pack",
        "extends: maison\nname: Big hands\nhand_size: 9\n",
        "32 cards",
    ),
    ruleset(
        "an-unknown-rule-set-option",
        "extends: maison\nname: Unknown\nmust_overbid: true\n",
        "must_overbid",
    ),
    ruleset(
        "an-option-of-the-wrong-type",
        "extends: maison\nname: Wrong\nmust_undertrump: sometimes\n",
        "true or false",
    ),
    ruleset("a-tag-in-a-rule-set", "extends: maison\nname: !!python/object:os.system x\n", "tags"),
    ruleset("a-circle-of-extends", "extends: hostile\nname: Circle\n", "circle"),
    ruleset("extends-an-unknown-rule-set", "extends: nowhere\nname: Lost\n", "nowhere"),
    ruleset(
        "a-highest-bid-below-the-lowest",
        "extends: coinche-official\nname: Low\nbidding:\n  ceiling: 70\n",
        "highest bid",
    ),
    ruleset(
        "a-litige-with-bidding",
        "extends: coinche-official\nname: Litige\nscoring:\n  tie: litige\n",
        "litige",
    ),
    ruleset(
        "a-mode-line-without-the-trump",
        "extends: maison\nname: Lines\nmode_line:\n  suit: With trump.\n  none: No trump, %(trump)s.\n  all: All, %(trump)s.\n",
        "%(trump)s",
    ),
    ruleset("a-target-of-zero", "extends: maison\nname: Zero\nscoring:\n  target: 0\n", "target"),
    ruleset(
        "a-multiplier-of-a-thousand",
        "extends: coinche-official\nname: Huge\nbidding:\n  surcoinche: 1000\n",
        "surcoinche",
    ),
    Case(
        "an-extends-chain-1500-long",
        2,
        ("levels deep",),
        "content/rulesets/chain-",
        prepare=_extends_chain,
    ),
    Case(
        "a-rule-set-linked-to-etc-passwd",
        2,
        ("symbolic link",),
        "content/rulesets/passwd.yaml",
        links=(("content/rulesets/passwd.yaml", "/etc/passwd"),),
    ),
    # -- catalogs ----------------------------------------------------------------------------
    catalog(
        "an-unterminated-string",
        'msgstr "Karta po karte"',
        'msgstr "Karta po karte',
        "never ends",
    ),
    catalog(
        "a-msgid-given-twice",
        'msgid "Card by card"\nmsgstr "Karta po karte"\n',
        'msgid "Card by card"\nmsgstr "Karta po karte"\n\nmsgid "Card by card"\nmsgstr "Iné:"\n',
        "already at line",
    ),
    catalog("a-hundred-million-plural-forms", "nplurals=3;", "nplurals=100000000;", "nplurals"),
    catalog(
        "a-plural-expression-that-does-not-parse",
        "plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
        "plural=(n == 1 ? 0 :;",
        "does not parse",
    ),
    catalog(
        "a-plural-expression-that-divides-by-zero",
        "plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
        "plural=(1 / (n - n));",
        "division by zero",
    ),
    catalog(
        "a-plural-form-that-does-not-exist",
        "plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
        "plural=(n);",
        "form",
    ),
    catalog(
        "python-code-as-a-plural",
        "plural=(n == 1 ? 0 : n >= 2 && n <= 4 ? 1 : 2);",
        "plural=__import__('os').system('x');",
        "does not parse",
    ),
    catalog(
        "a-lone-percent-at-the-end",
        'msgstr "Súbor pravidiel: %(name)s."',
        'msgstr "Súbor pravidiel: %(name)s %"',
        "%%",
    ),
    catalog(
        "a-dropped-placeholder",
        'msgstr "Súbor pravidiel: %(name)s."',
        'msgstr "Súbor pravidiel."',
        "leaves out",
        "%(name)s",
    ),
    catalog(
        "a-figure-typed-in-a-translation",
        'msgstr "Súbor pravidiel: %(name)s."',
        'msgstr "Súbor pravidiel: %(name)s, belote za 30 bodov."',
        "writes 30",
    ),
    catalog(
        "an-invented-placeholder",
        'msgstr "Súbor pravidiel: %(name)s."',
        'msgstr "Súbor pravidiel: %(name)s %(password)s."',
        "%(password)s",
    ),
    catalog(
        "a-positional-placeholder",
        'msgstr "Súbor pravidiel: %(name)s."',
        'msgstr "Súbor pravidiel: %s."',
        "%%",
    ),
    catalog(
        "a-script-tag",
        'msgstr "Karta po karte"',
        'msgstr "<script>alert(1)</script>Karta po karte"',
        "tags",
    ),
    catalog(
        "an-unclosed-image-tag",
        'msgstr "Karta po karte"',
        'msgstr "Karta po karte <img src=x onerror=alert(1) "',
        "tags",
    ),
    catalog(
        "a-raw-control-character",
        'msgstr "Karta po karte"',
        'msgstr "Karta\x01 po karte"',
        "control",
    ),
    catalog(
        "garbage-between-entries",
        'msgid "Card by card"\n',
        'rm -rf /\nmsgid "Card by card"\n',
        "not a line",
    ),
    catalog(
        "a-fourth-plural-form",
        'msgstr[2] "%(num)s bodov"\n',
        'msgstr[2] "%(num)s bodov"\nmsgstr[3] "%(num)s bodu"\n',
        "more translations",
    ),
    Case(
        "a-locale-cldr-does-not-know",
        2,
        ("cldr",),
        "locales/xx",
        writes=(
            ("locales/xx/LC_MESSAGES/messages.po", 'msgid ""\nmsgstr ""\n"Language: xx\\n"\n'),
        ),
    ),
    Case(
        "a-locale-folder-that-is-no-code",
        2,
        ("locale code",),
        "locales/sk-SK",
        writes=(("locales/sk-SK/LC_MESSAGES/messages.po", 'msgid ""\nmsgstr ""\n'),),
    ),
    Case(
        "a-catalog-linked-outside",
        2,
        ("symbolic link",),
        "locales/fr/LC_MESSAGES/messages.po",
        removes=("locales/fr/LC_MESSAGES/messages.po",),
        links=(("locales/fr/LC_MESSAGES/messages.po", "/etc/passwd"),),
    ),
    Case(
        "a-catalog-that-is-a-fifo",
        2,
        ("regular file",),
        "locales/fr/LC_MESSAGES/messages.po",
        removes=("locales/fr/LC_MESSAGES/messages.po",),
        fifos=("locales/fr/LC_MESSAGES/messages.po",),
    ),
    Case(
        "a-five-gigabyte-catalog",
        2,
        ("limit",),
        "locales/fr/LC_MESSAGES/messages.po",
        removes=("locales/fr/LC_MESSAGES/messages.po",),
        sparse=(("locales/fr/LC_MESSAGES/messages.po", 5 << 30),),
    ),
    # -- templates -----------------------------------------------------------------------------
    template(
        "an-unclosed-block",
        "templates/base.html",
        "{% block main %}{% endblock %}",
        "{% block main %}{% if true %}{% endblock %}",
        "template",
    ),
    template(
        "an-undefined-variable",
        "templates/base.html",
        '<main id="main">',
        '<main id="main">{{ secret_variable }}',
        "secret_variable",
    ),
    template(
        "a-missing-include",
        "templates/base.html",
        '<main id="main">',
        '<main id="main">{% include "nowhere.html" %}',
        "nowhere.html",
    ),
    template(
        "reaching-python-internals",
        "templates/base.html",
        '<main id="main">',
        "<main id=\"main\">{{ ''.__class__.__mro__ }}",
        "template",
    ),
    template(
        "reaching-the-environment",
        "templates/base.html",
        '<main id="main">',
        '<main id="main">{{ cycler.__init__.__globals__.os.environ }}',
        "template",
    ),
    template(
        "a-type-error-in-a-template",
        "templates/base.html",
        '<main id="main">',
        '<main id="main">{{ 1 + "a" }}',
        "template",
    ),
    template(
        "a-broken-example-template",
        "templates/example_play.html",
        "{% set position = scenario.position %}",
        "{% set position = scenario.nothing %}",
        "nothing",
    ),
    Case(
        "a-template-linked-outside",
        2,
        ("symbolic link",),
        "templates/head.html",
        removes=("templates/head.html",),
        links=(("templates/head.html", "/etc/passwd"),),
    ),
    Case(
        "a-static-file-linked-to-the-environment",
        2,
        ("symbolic link",),
        "templates/static/leak.txt",
        links=(("templates/static/leak.txt", "/proc/self/environ"),),
    ),
    Case(
        "a-static-folder-linked-to-the-root",
        2,
        ("symbolic link",),
        "templates/static/root",
        links=(("templates/static/root", "/etc"),),
    ),
    Case(
        "a-static-fifo",
        2,
        ("regular file",),
        "templates/static/pipe.css",
        fifos=("templates/static/pipe.css",),
    ),
    # -- pages and site settings -------------------------------------------------------------
    Case(
        "a-page-of-an-unknown-kind",
        2,
        ("glossary",),
        "content/pages/extra.yaml",
        writes=(("content/pages/extra.yaml", "kind: glossary\ntitle: x\n"),),
    ),
    Case(
        "a-page-without-a-kind",
        2,
        ("kind",),
        "content/pages/extra.yaml",
        writes=(("content/pages/extra.yaml", "title: x\n"),),
    ),
    Case(
        "a-page-slug-that-climbs",
        2,
        ("slug",),
        "content/pages/legal-cards.yaml",
        edits=(
            ("content/pages/legal-cards.yaml", "\nslug: legal-cards\n", "\nslug: ../../escape\n"),
        ),
    ),
    Case(
        "two-pages-with-one-slug",
        2,
        ("rules",),
        "content/pages/copy.yaml",
        writes=(
            (
                "content/pages/copy.yaml",
                "kind: article\nslug: rules\nrules: maison\ntitle: Copy\nsections: []\n",
            ),
        ),
    ),
    Case(
        "a-link-to-no-page",
        2,
        ("nowhere",),
        "content/pages/rules.yaml",
        edits=(
            ("content/pages/rules.yaml", "      - link: legal-cards\n", "      - link: nowhere\n"),
        ),
    ),
    Case(
        "an-example-of-no-scenario",
        2,
        ("no-such-scenario",),
        "content/pages/legal-cards.yaml",
        edits=(
            (
                "content/pages/legal-cards.yaml",
                "      - scenario: follow-led-suit\n",
                "      - scenario: no-such-scenario\n",
            ),
        ),
    ),
    Case(
        "a-deal-on-the-legal-cards-page",
        2,
        ("play",),
        "content/pages/legal-cards.yaml",
        edits=(
            (
                "content/pages/legal-cards.yaml",
                "      - scenario: follow-led-suit\n",
                "      - scenario: rules-page-dedans\n",
            ),
        ),
    ),
    Case(
        "a-table-no-template-draws",
        2,
        ("secrets",),
        "content/pages/rules.yaml",
        edits=(
            ("content/pages/rules.yaml", "      - show: card-values\n", "      - show: secrets\n"),
        ),
    ),
    Case(
        "a-choose-block-missing-a-value",
        2,
        ("texts",),
        "content/pages/rules.yaml",
        edits=(
            (
                "content/pages/rules.yaml",
                "          made: >-\n            If the taker scores exactly as much as the opponents, the contract\n            counts as made.\n",
                "",
            ),
        ),
    ),
    Case(
        "a-javascript-base-url",
        2,
        ("base_url",),
        "content/site.yaml",
        edits=(
            (
                "content/site.yaml",
                "base_url: https://belote-site.github.io/belote-site/",
                "base_url: javascript:alert(1)",
            ),
        ),
    ),
    Case(
        "an-advertising-threshold-of-150",
        2,
        ("advertise_from",),
        "content/site.yaml",
        edits=(("content/site.yaml", "advertise_from: 90", "advertise_from: 150"),),
    ),
    Case(
        # It goes into every catalog's header: a quote and a newline would add a header line.
        "a-translations-contact-that-ends-a-header-line",
        2,
        ("translations_contact",),
        "content/site.yaml",
        edits=(
            (
                "content/site.yaml",
                "translations_contact: https://github.com/belote-site/belote-site/issues",
                'translations_contact: "https://example.org/\\"\\nLanguage: en"',
            ),
        ),
    ),
    Case(
        "a-card-name-missing-from-the-vocabulary",
        2,
        ("ks",),
        "content/vocabulary.yaml",
        edits=(("content/vocabulary.yaml", "  KS: King of spades\n", ""),),
    ),
    Case(
        "a-play-phrase-without-its-card",
        2,
        ("%(card)s",),
        "content/vocabulary.yaml",
        edits=(
            ("content/vocabulary.yaml", 'north: "North plays %(card)s."', 'north: "North plays."'),
        ),
    ),
    Case(
        "a-variant-with-a-bad-version",
        2,
        ("version",),
        "content/variants/coinche.yaml",
        edits=(("content/variants/coinche.yaml", "version: 1.0.0", "version: latest"),),
    ),
    Case(
        "a-text-file-among-the-pages",
        2,
        ("not a page file",),
        "content/pages/readme.txt",
        writes=(("content/pages/readme.txt", "hello\n"),),
    ),
    # -- the output folder and the command line ---------------------------------------------
    Case(
        "the-output-is-a-file",
        2,
        ("not a folder",),
        "not-a-folder",
        command=("build", "--out", "{project}/../not-a-folder"),
        prepare=_fifo_output,
    ),
    Case(
        "the-output-inside-the-content",
        2,
        ("inside the inputs",),
        "content",
        command=("build", "--out", "{project}/content/site"),
    ),
    Case(
        "the-output-inside-the-templates",
        2,
        ("inside the inputs",),
        "templates",
        command=("build", "--out", "{project}/templates/static/site"),
    ),
    Case(
        "the-output-holding-the-project",
        2,
        ("hold the project",),
        "",
        command=("build", "--out", "{project}/.."),
    ),
    Case(
        "a-read-only-output-folder",
        2,
        ("cannot write",),
        "locked",
        command=("build", "--out", "{project}/../locked/site"),
        prepare=_read_only_parent,
    ),
    Case("a-full-disk", 2, ("cannot write",), "site", file_size_limit=40_000),
    Case(
        "serve-on-port-99999",
        2,
        ("99999",),
        None,
        command=("serve", "--out", "{site}", "--port", "99999"),
    ),
    Case(
        "serve-on-a-port-that-is-no-number",
        2,
        ("port",),
        None,
        command=("serve", "--out", "{site}", "--port", "eighty"),
    ),
    Case("an-unknown-option", 2, ("--frobnicate",), None, command=("build", "--frobnicate")),
)


# -- issue 30: the trust boundary, complete ---------------------------------------------------
# A checkout's git configuration, as CI's holds it: a link to it must publish nothing, and no
# error line may quote it.
GIT_SECRET = "c2VjcmV0LXRva2Vu"
GIT_CONFIG = (".git/config", f"[http]\n\textraheader = AUTHORIZATION: basic {GIT_SECRET}\n")
HEAD = "templates/head.html"
CHARSET = '<meta charset="utf-8">'


def linked(name: str, link: str, target: str, **more: object) -> Case:
    case = Case(name, 2, ("symbolic link",), link, writes=(GIT_CONFIG,), links=((link, target),))
    return dataclasses.replace(case, **more)  # type: ignore[arg-type]


def in_head(name: str, old: str, new: str, *mentions: str) -> Case:
    return dataclasses.replace(template(name, HEAD, old, new, *mentions), names="templates/")


def content_text(name: str, text: str, *mentions: str) -> Case:
    page = "content/pages/bidding.yaml"
    title = "title: The auction in Coinche"
    return Case(name, 2, mentions, page, edits=((page, title, f'title: "{text}"'),))


def translated(name: str, text: str, *mentions: str) -> Case:
    return catalog(name, 'msgstr "Východ"', f'msgstr "{text}"', *mentions)


LINKS = (
    linked(
        "a-static-file-linked-to-the-git-config", "templates/static/notes.txt", "../../.git/config"
    ),
    linked(
        "an-included-template-linked-to-the-git-config",
        "templates/notes.html",
        "../.git/config",
        edits=((BASE, MAIN, MAIN + '{% include "notes.html" %}'),),
    ),
    linked("a-scenario-linked-to-the-git-config", "content/scenarios/zz.yaml", "../../.git/config"),
    linked(
        "a-catalog-linked-to-the-git-config",
        SK,
        "../../../.git/config",
        removes=(SK,),
    ),
    linked("a-static-folder-linked-to-the-git-folder", "templates/static/git", "../../.git"),
    linked("a-scenario-folder-linked-to-the-pages", "content/scenarios/more", "../pages"),
    linked("a-scenario-linked-to-a-scenario", "content/scenarios/copy.yaml", "legal-cards"),
    linked("a-rule-set-linked-to-a-rule-set", "content/rulesets/again.yaml", "maison.yaml"),
    linked("a-language-folder-linked-to-another", "locales/pt", "fr"),
    linked("the-content-folder-linked", "content/pages/inner", ".."),
)

PROCESSING_INSTRUCTIONS = (
    Case(
        "a-sitemap-template-with-an-xsl-stylesheet",
        2,
        ("not a template",),
        "templates/sitemap.xml",
        writes=(
            (
                "templates/sitemap.xml",
                '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="static/site.css"?>'
                "<urlset/>",
            ),
        ),
    ),
    Case(
        "an-xsl-file-among-the-templates",
        2,
        ("not a template",),
        "templates/page.xsl",
        writes=(("templates/page.xsl", "<xsl:stylesheet/>"),),
    ),
    Case(
        "a-feed-among-the-templates",
        2,
        ("not a template",),
        "templates/feed.atom",
        writes=(("templates/feed.atom", "<feed/>"),),
    ),
)

ENCODINGS = (
    in_head("a-page-in-iso-2022-jp", CHARSET, '<meta charset="iso-2022-jp">', "charset"),
    in_head("a-page-in-utf-16", CHARSET, '<meta charset="utf-16">', "charset"),
    in_head("a-page-in-windows-1252", CHARSET, '<meta charset="windows-1252">', "charset"),
    in_head("a-second-charset", CHARSET, CHARSET + CHARSET, "utf-8 once"),
    in_head("no-charset", CHARSET, "", "utf-8 once"),
    in_head(
        "a-charset-by-http-equiv",
        CHARSET,
        '<meta http-equiv="content-type" content="text/html; charset=iso-8859-1">',
        "meta",
    ),
    emits("an-escape-byte-from-a-template-string", '{{ "\\x1b$B" }}', "control character"),
    emits("a-nul-from-a-template-string", '{{ "a\\x00b" }}', "control character"),
    emits("a-c1-control-from-a-template-string", '{{ "\\x85" }}', "control character"),
    template("an-escape-byte-in-a-template", BASE, MAIN, MAIN + "\x1b$B", "invisible"),
)

OTHER_HOSTS = (
    emits(
        "a-stylesheet-from-another-host",
        '<link rel="stylesheet" href="https://evil.example/x.css">',
        "https",
    ),
    emits(
        "an-icon-from-another-host", '<link rel="icon" href="https://evil.example/x.ico">', "https"
    ),
    emits(
        "an-alternate-stylesheet-from-another-host",
        '<link rel="alternate stylesheet" href="https://evil.example/x.css">',
        "https",
    ),
    emits("a-prev-link-to-another-host", '<link rel="prev" href="//evil.example/">', "//"),
    emits(
        "a-preload-from-another-host", '<link rel="preload" href="https://evil.example/x">', "link"
    ),
    emits("a-dns-prefetch", '<link rel="dns-prefetch" href="//evil.example">', "link"),
    emits(
        "a-ping-on-a-link",
        '<a href="https://example.org/" ping="https://evil.example/t">x</a>',
        "ping",
    ),
    emits(
        "a-picture-source-from-another-host",
        '<picture><source srcset="https://evil.example/x.webp"><img src="x.png" alt=""></picture>',
        "https",
    ),
)

INVISIBLE = (
    translated("a-right-to-left-override-in-a-translation", "Vý\u202echod", "U+202E"),
    translated("an-isolate-in-a-translation", "\u2066Východ\u2069", "U+2066"),
    translated("a-zero-width-space-in-a-translation", "Vý\u200bchod", "U+200B"),
    translated("a-zero-width-joiner-in-a-slovak-translation", "Vý\u200dchod", "U+200D"),
    translated("a-soft-hyphen-in-a-translation", "Vý\u00adchod", "U+00AD"),
    translated("a-tag-character-in-a-translation", "Východ\U000e0041", "U+E0041"),
    content_text("a-right-to-left-override-in-a-title", "The auction \u202ein Coinche", "U+202E"),
    content_text("a-zero-width-space-in-a-title", "The auc\u200btion", "U+200B"),
    content_text("a-byte-order-mark-in-a-title", "The auc\ufefftion", "U+FEFF"),
    content_text("a-hangul-filler-in-a-title", "The auction \u3164", "U+3164"),
    content_text("a-line-separator-in-a-title", "The auction\u2028in Coinche", "U+2028"),
    content_text("a-private-use-character-in-a-title", "The auction \ue000", "U+E000"),
    content_text("a-mongolian-vowel-separator-in-a-title", "The auction\u180e", "U+180E"),
    template("a-right-to-left-override-in-a-template", BASE, MAIN, MAIN + "\u202e", "U+202E"),
    emits("a-right-to-left-override-from-a-template-string", '{{ "\\u202e" }}', "U+202E"),
    emits(
        "an-invisible-character-in-an-attribute",
        '<p title="a\\u2066b">x</p>'.replace("\\u2066", "\u2066"),
        "U+2066",
    ),
)

FORMATS = (
    content_text("a-repr-format-in-content", "The auction %(deck)r", "no placeholder"),
    content_text(
        "a-billion-wide-field-in-content", "The auction %(deck)999999999s", "no placeholder"
    ),
    content_text("a-positional-format-in-content", "The auction %s", "no placeholder"),
    content_text("a-number-format-in-content", "The auction %(deck)d", "no placeholder"),
    content_text("a-padded-format-in-content", "The auction %(deck)-10s", "no placeholder"),
    content_text("a-bare-percent-in-content", "The auction at 100 %", "no placeholder"),
    # Nine hundred thousand terms in a title (3.6 MB): read in one pass, quoted in part (a
    # split that looked ahead for a bracket at every `+` took hours).
    content_text("a-sum-of-nine-hundred-thousand-terms", "1 + " * 900_000 + "1", "the sum 1 + 1"),
    # A rule option in words is looked for within a clause's next hundred characters: a
    # megabyte of openings of a claim, then the claim, is read once (2 s), not once per opening.
    content_text(
        "a-megabyte-of-ties-then-a-litige",
        "a tie " * 170_000 + "is a litige",
        "scoring.tie: litige",
    ),
    # Python reads no run of more than 4,300 digits as a number: a traceback, before.
    content_text(
        "a-number-of-five-thousand-digits-in-content",
        "The auction at " + "9" * 5000,
        "9999999999…9999 is a figure typed",
    ),
)

BOUNDS = (
    template(
        "a-loop-of-ten-billion-steps",
        BASE,
        MAIN,
        MAIN + "{% for a in range(100000) %}{% for b in range(100000) %}.{% endfor %}{% endfor %}",
        "processor time",
    ),
    template("a-string-of-three-gigabytes", BASE, MAIN, MAIN + '{{ "x" * 3000000000 }}', "MiB"),
    # Each piece fits; joining them does not, in the page's outermost template.
    dataclasses.replace(
        template(
            "a-format-a-gigabyte-wide",
            BASE,
            MAIN,
            MAIN + '{{ "%900000000s"|format("x") }}{{ "%900000000s"|format("x") }}',
            "MiB",
        ),
        names="templates/",
    ),
)

TRUST_BOUNDARY = (
    *LINKS,
    *PROCESSING_INSTRUCTIONS,
    *ENCODINGS,
    *OTHER_HOSTS,
    *INVISIBLE,
    *FORMATS,
    *BOUNDS,
)
CASES = (*CASES, *TRUST_BOUNDARY)
