"""The trust boundary of docs/security.md, tried as a pull request's author would.

- Templates reach values only: the context of every page kind holds no
  `Path`, store or loader a template could reach, and a template that tries
  to read the environment, plant a git hook or delete a file outside the
  project ends the check in one line with nothing touched.
- Build state is never read from the tree: a committed swap record naming a
  folder outside the project is refused, and that folder stays as it was.
- No script runs that the site did not ship: a handler injected into a built
  page is blocked by the page's Content-Security-Policy, in Chromium.
- The caches are used only where this machine signed them.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.project import ROOT, copy_project, run_captured, shared_build, tree_hash
from jinja2 import Undefined

from generator.content.files import InputFiles
from generator.site.page import page_kinds
from generator.site.pictures.store import Collector, PictureStore
from generator.site.pipeline.build import Renderer, load_inputs
from generator.site.pipeline.output import MARKER
from generator.site.pipeline.plan import Job
from generator.site.pipeline.project import Project
from generator.site.rendering.audit import POLICY, _scheme, audit, page_policy, shipped_scripts
from generator.site.rendering.i18n import Gettext
from generator.site.rendering.render import Sandbox
from generator.site.rendering.trust import template_value

# -- templates reach values only -----------------------------------------------------------


@pytest.fixture(scope="module")
def contexts() -> dict[str, dict[str, Any]]:
    """The context of one page of every kind, in English and in a translated language."""
    inputs = load_inputs(Project(ROOT))
    renderer = Renderer(inputs)
    found: dict[str, dict[str, Any]] = {}
    for page in inputs.pages:
        for language in (inputs.languages[0], inputs.languages[-1]):
            name = f"{page.kind.name}/{language.code}"
            if name not in found:
                job = Job(page, language, inputs.languages)
                found[name] = renderer.page_context(job, Gettext(language), Collector())
    return found


def test_every_page_kind_is_tried(contexts: dict[str, dict[str, Any]]) -> None:
    kinds = {name.split("/")[0] for name in contexts}
    assert kinds == set(page_kinds())


def _children(obj: Any) -> Iterator[tuple[str, Any]]:
    """Everything one step from `obj`, by any route: fields, items, members."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield f"[{key!r}]", value
    elif isinstance(obj, (list, tuple, frozenset, set)):
        for index, value in enumerate(obj):
            yield f"[{index}]", value
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for field in dataclasses.fields(obj):
            yield f".{field.name}", getattr(obj, field.name)
    elif hasattr(obj, "__dict__"):
        yield from ((f".{name}", value) for name, value in vars(obj).items())


# The pages that run the engine in the reader's browser, and only they: the analysis board
# and the deal to play.
RUNTIME_PAGES = ("board", "play")
_DANGEROUS = (os.PathLike, InputFiles, PictureStore, Collector, Renderer)


def test_the_context_holds_values_only(contexts: dict[str, dict[str, Any]]) -> None:
    """What a template is handed directly is a value or a declared helper, nothing else."""
    for name, context in contexts.items():
        for key, value in context.items():
            assert template_value(value), f"{name}: {key} is a {type(value).__name__}"
            assert not isinstance(value, _DANGEROUS), f"{name}: {key}"


def test_nothing_a_template_can_reach_does_io(contexts: dict[str, dict[str, Any]]) -> None:
    """Walking every route in the context graph, each object that holds a path, a file
    reader or a store is refused by the sandbox at the step that would reach it."""
    sandbox = Sandbox()
    checked = 0
    for name, context in contexts.items():
        seen: set[int] = set()
        stack: list[tuple[str, Any, bool]] = [(key, value, True) for key, value in context.items()]
        while stack:
            where, obj, open_to_templates = stack.pop()
            if id(obj) in seen or isinstance(obj, (str, int, float, bool, type(None))):
                continue
            seen.add(id(obj))
            for step, child in _children(obj):
                if not open_to_templates:
                    break
                if step.startswith("."):
                    reached = sandbox.getattr(obj, step[1:])
                    opened = not isinstance(reached, Undefined)
                else:
                    opened = template_value(child)
                if isinstance(child, _DANGEROUS):
                    checked += 1
                    assert not opened, f"{name}: {where}{step} reaches a {type(child).__name__}"
                stack.append((where + step, child, opened))
    assert checked > 50  # every page holds paths somewhere below: each one was tried


def _check_with(project: Path, expression: str) -> tuple[int, str]:
    template = project / "templates" / "base.html"
    good = template.read_text(encoding="utf-8")
    template.write_text(
        good.replace('<main id="main">', '<main id="main">{{ ' + expression + " }}")
    )
    try:
        status, _, err = run_captured(project, "check")
    finally:
        template.write_text(good, encoding="utf-8")
    return status, err


def test_a_template_cannot_touch_a_file_outside(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_text("keep me")
    hooks = project / ".git" / "hooks"
    hooks.mkdir(parents=True)
    before = tree_hash(tmp_path / "outside")
    attempts = {
        "page.source.parent.parent.joinpath('.git/hooks/post-checkout').write_text('id')": "source",
        "page.source.parent.parent.parent.joinpath('outside/victim.txt').unlink()": "source",
        "page.source.parent.parent.parent.joinpath('outside/victim.txt').chmod(511)": "source",
        "page.source.joinpath('/proc/self/environ').read_bytes()": "source",
        "pictures.store.copy_into('" + str(outside) + "')": "store",
    }
    for expression, attribute in attempts.items():
        status, err = _check_with(project, expression)
        assert status == 2, err
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "templates/base.html:" in lines[0], err
        assert attribute in lines[0], err
    assert tree_hash(tmp_path / "outside") == before
    assert list(hooks.iterdir()) == []


# -- build state ---------------------------------------------------------------------------


def test_a_committed_swap_record_touches_nothing_outside(tmp_path: Path) -> None:
    """The fresh clone's case: no site/ yet, and a `.site.swap` naming a neighbour's folder."""
    project = copy_project(tmp_path / "project")
    neighbour = tmp_path / "neighbour"
    (neighbour / "site").mkdir(parents=True)
    (neighbour / "site" / MARKER).write_text("built\n")
    (neighbour / "site" / "theirs.txt").write_text("the neighbour's")
    before = tree_hash(neighbour)
    for record in ("../neighbour", str(neighbour), "../neighbour\n"):
        (project / ".site.swap").write_text(record, encoding="utf-8")
        status, _, err = run_captured(project, "build")
        assert status == 2 and "state file" in err and len(err.strip().splitlines()) == 1, err
        assert tree_hash(neighbour) == before
        assert not (project / "site").exists()


# -- the policy, in a browser --------------------------------------------------------------


def test_an_injected_handler_is_blocked(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from generator.site.serving.serve import local_server

    _, site = shared_build(tmp_path_factory)
    copy = tmp_path_factory.mktemp("injected") / "site"
    shutil.copytree(site, copy)
    page = copy / "en" / "index.html"
    html = page.read_text(encoding="utf-8")
    assert POLICY in html
    injected = (
        '<img src="x.png" onerror="window.__owned = 1">'
        "<script>window.__owned_inline = 1</script>"
        '<a id="go" href="javascript:window.__owned_link = 1">go</a>'
    )
    page.write_text(html.replace("</main>", injected + "</main>"), encoding="utf-8")
    with local_server(copy) as url:
        tab = browser.new_page()
        violations: list[str] = []
        tab.on("console", lambda message: violations.append(message.text))
        tab.goto(url + "en/index.html", wait_until="load")
        tab.click("#go")
        tab.wait_for_timeout(200)
        owned = tab.evaluate("() => [window.__owned, window.__owned_inline, window.__owned_link]")
        tab.close()
    assert owned == [None, None, None]
    assert sum("Content Security Policy" in text for text in violations) >= 3, violations


@pytest.mark.parametrize(("locale", "lands"), [("sk-SK", "sk/index.html"), ("fr", "fr/index.html")])
def test_the_root_page_sends_a_browser_to_its_language_from_a_shipped_script(
    browser: Any, tmp_path_factory: pytest.TempPathFactory, locale: str, lands: str
) -> None:
    """The redirect moved out of the page into static/root.js, under the policy."""
    from generator.site.serving.serve import local_server

    _, site = shared_build(tmp_path_factory)
    assert "<script>" not in (site / "index.html").read_text(encoding="utf-8")
    with local_server(site) as url:
        context = browser.new_context(locale=locale)
        tab = context.new_page()
        tab.goto(url, wait_until="load")
        tab.wait_for_url(url + lands)
        context.close()


def test_the_root_page_sends_a_reader_back_to_the_language_they_picked(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Issue 22: a Slovak browser whose reader chose French in the menu comes back to French."""
    from generator.site.serving.serve import local_server

    _, site = shared_build(tmp_path_factory)
    with local_server(site) as url:
        context = browser.new_context(locale="sk-SK")
        tab = context.new_page()
        tab.goto(url, wait_until="load")
        tab.wait_for_url(url + "sk/index.html")
        tab.click("nav.languages summary")
        tab.click('nav.languages a[hreflang="fr"]')
        tab.wait_for_url(url + "fr/index.html")
        tab.goto(url, wait_until="load")
        tab.wait_for_url(url + "fr/index.html")
        context.close()


# -- the audit -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "scheme"),
    [
        ("javascript:alert(1)", "javascript"),
        ("JavaScript:alert(1)", "javascript"),
        ("  javascript:alert(1)", "javascript"),
        ("\x01javascript:alert(1)", "javascript"),
        ("java\tscript:alert(1)", "javascript"),
        ("java\nscript:alert(1)", "javascript"),
        ("data:text/html,x", "data"),
        ("vbscript:x", "vbscript"),
        ("//evil.example/x", "//"),
        ("/\\evil.example/x", "//"),
        ("\\\\evil.example/x", "//"),
        ("https://example.org/", "https"),
        ("../static/site.css", None),
        ("#section-2", None),
        ("img/abc.png", None),
    ],
)
def test_a_url_scheme_is_read_as_a_browser_reads_it(url: str, scheme: str | None) -> None:
    assert _scheme(url) == scheme


def test_a_page_the_templates_make_passes_the_audit(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    _, site = shared_build(tmp_path_factory)
    pages = sorted(site.rglob("*.html"))
    assert pages
    for path in pages:
        # The board and the deal to play run the engine in the browser: their policy allows
        # the runtime's WebAssembly.
        policy = page_policy(path.parent.name in RUNTIME_PAGES)
        assert audit(path.read_text(encoding="utf-8"), shipped_scripts(), policy) is None, path


def test_only_the_engine_pages_may_compile_webassembly(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    _, site = shared_build(tmp_path_factory)
    allowing = {
        path.relative_to(site).parent.as_posix()
        for path in site.rglob("*.html")
        if "wasm-unsafe-eval" in path.read_text(encoding="utf-8")
    }
    languages = {path.name for path in site.iterdir() if (path / "board").is_dir()}
    assert languages
    assert allowing == {f"{lang}/{page}" for lang in languages for page in RUNTIME_PAGES}
    # Nothing else names the runtime or its Worker: no other page loads a byte of it.
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if path.parent.name not in RUNTIME_PAGES:
            assert "runtime/" not in text and "board-worker.js" not in text, path


def test_the_helpers_that_make_markup_escape_plain_text(
    contexts: dict[str, dict[str, Any]],
) -> None:
    """A template may hand a helper plain text: it comes back escaped, markup stays markup."""
    from markupsafe import Markup

    from generator.site.rendering.render import sentence

    assert sentence("north & south <x>") == "North &amp; south &lt;x&gt;"
    assert sentence(Markup("<b>north</b> plays")) == "<b>North</b> plays"
    assert sentence(Markup("&amp; north")) == "&amp; North"  # an entity is no letter
    words = contexts["legal-cards/en"]["words"]
    listed = words.listed(["<i>a</i>", Markup("<b>b</b>")])
    assert "<i>" not in listed and "&lt;i&gt;a&lt;/i&gt;" in listed and "<b>b</b>" in listed


def test_a_helper_prints_as_its_kind_never_its_fields() -> None:
    """`{{ words|pprint }}`, `|string` and `~` print what str() and repr() give: a helper's
    dataclass repr would publish its gettext's catalog path and its collector's pictures."""
    from generator.site.rendering import i18n, illustrate, terms, words
    from generator.site.rendering.trust import _HELPERS

    assert {i18n.Gettext, illustrate.Illustrator, terms.TermLinks, words.Words} <= _HELPERS
    assert _HELPERS, "the site declares its helpers"
    for kind in _HELPERS:
        instance = object.__new__(kind)
        assert repr(instance) == str(instance) == f"<{kind.__name__}>"


def test_an_item_is_held_to_the_same_rule_by_either_spelling() -> None:
    """`{{ row.cell }}` reaches a mapping's item as `{{ row["cell"] }}` does: a `Path` held
    in a mapping is out of reach both ways, while a value is there both ways."""
    from jinja2 import StrictUndefined
    from jinja2.exceptions import SecurityError

    sandbox = Sandbox(autoescape=True, undefined=StrictUndefined)
    row = {"cell": Path("/etc/passwd"), "name": "north"}
    for spelling in ("{{ row.cell }}", "{{ row['cell'] }}", "{{ row.cell.read_text() }}"):
        with pytest.raises(SecurityError):
            sandbox.from_string(spelling).render(row=row)
    for spelling in ("{{ row.name }}", "{{ row['name'] }}"):
        assert sandbox.from_string(spelling).render(row=row) == "north"


@dataclasses.dataclass(frozen=True)
class _Row:
    act: Any


def test_what_the_sandbox_decides_per_kind_never_lets_a_refused_instance_through() -> None:
    """The sandbox decides a value's kind and a class's methods once; a function held in a
    field is no method of its object: each is asked about itself, whatever came before."""
    from jinja2 import StrictUndefined
    from jinja2.exceptions import SecurityError

    from generator.site.rendering.render import sentence

    sandbox = Sandbox(autoescape=True, undefined=StrictUndefined)
    called = sandbox.from_string("{{ row.act('north') }}")
    held = sandbox.from_string("{% set act = row.act %}{{ act is defined }}")
    for _ in range(2):
        assert called.render(row=_Row(sentence)) == "North"
        assert held.render(row=_Row(sentence)) == "True"
        with pytest.raises(SecurityError):
            called.render(row=_Row(os.getenv))
        assert held.render(row=_Row(os.getenv)) == "False"  # refused: an undefined value
