"""Room to grow: a language, a page or scenario kind is a local change; work is done once.

The long test here copies the repository, adds three languages (one with a
region), a page kind, a scenario kind and a rule-set option the way a
contributor would, and runs there the checks that follow the content: they
must pass without a test being touched.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers.expected import expected_languages
from helpers.html import parse
from helpers.project import (
    LANGUAGES,
    ROOT,
    cli,
    cli_quiet,
    copy_project,
    fill,
    fixture_copy,
    po_path,
    read_catalog,
    shared_build,
    tree_hash,
    write_catalog,
)

from generator.site.pipeline import verified
from generator.site.pipeline.build import build
from generator.site.pipeline.project import Project
from generator.verify import scenario_kinds

BIN = Path(sys.executable).parent
# Languages the project has no catalog for: one plain, one more, one with a region.
NEW_LANGUAGES = [
    next(code for code in candidates if code not in LANGUAGES)
    for candidates in (("de", "nl", "it"), ("pl", "ru", "lt"), ("pt_BR", "es_MX", "fr_CA"))
]


def require(tool: Path | None, what: str) -> Path:
    """The tool, or a skip outside CI (a failure in CI, where every tool must be installed)."""
    if tool is not None and tool.exists():
        return tool
    message = f"{what} is missing (pip install -e '.[test]')"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message + "; skipped outside CI")


# ---------------------------------------------------------------------------
# work done once


def test_build_reads_and_verifies_each_scenario_exactly_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project, _ = shared_build(tmp_path_factory)
    reads: Counter[str] = Counter()
    computes: Counter[str] = Counter()
    for kind in scenario_kinds().values():
        read, compute = kind.read, kind.compute

        def counted_read(entry: Any, *, need_expect: bool, _read: Any = read) -> Any:
            reads[entry.id] += 1
            return _read(entry, need_expect=need_expect)

        def counted_compute(scenario: Any, _compute: Any = compute) -> Any:
            # The coverage check's reruns under changed rules are other scenarios, named
            # apart (verify/coverage.py); the checked ones must each be computed once.
            if not scenario.id.endswith("~changed-rules"):
                computes[scenario.id] += 1
            return _compute(scenario)

        monkeypatch.setattr(kind, "read", counted_read)
        monkeypatch.setattr(kind, "compute", counted_compute)
    # Without the records of verified scenarios (generator/site/pipeline/verified.py)...
    with monkeypatch.context() as unrecorded:
        unrecorded.setattr(verified, "_load", lambda *_: None)
        report = build(Project(project), tmp_path_factory.mktemp("once") / "site")
    assert report.scenarios == len(reads) > 100
    assert set(reads.values()) == {1}, [i for i, n in reads.items() if n != 1]
    assert set(computes.values()) == {1}, [i for i, n in computes.items() if n != 1]
    assert set(computes) == set(reads)
    # ...and with them, for files unchanged since: none is read or computed again.
    reads.clear()
    computes.clear()
    again = build(Project(project), tmp_path_factory.mktemp("again") / "site")
    assert again.scenarios == report.scenarios
    assert not reads and not computes


# ---------------------------------------------------------------------------
# the translators' workflow leaves a clean diff


def _catalog_tree(project: Path) -> dict[str, str]:
    return tree_hash(project / "locales")


def test_locale_update_changes_nothing_when_the_catalogs_are_current(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = copy_project(tmp_path / "project")
    before = _catalog_tree(project)
    status, out, err = cli(capsys, project, "locale", "update")
    assert status == 0, err
    assert _catalog_tree(project) == before, "the committed catalogs are out of date"
    assert "none changed" in out


def test_locale_add_then_update_adds_one_file_and_changes_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = copy_project(tmp_path / "project")
    before = _catalog_tree(project)
    lang = NEW_LANGUAGES[0]
    cli_quiet(project, "locale", "add", lang)
    cli_quiet(project, "locale", "update")
    after = _catalog_tree(project)
    added = {path for path in after if path not in before}
    assert added == {lang, f"{lang}/LC_MESSAGES", f"{lang}/LC_MESSAGES/messages.po"}
    assert {path: after[path] for path in before} == before
    text = po_path(project, lang).read_text(encoding="utf-8")
    header = dict(read_catalog(po_path(project, lang), lang).mime_headers)
    assert header["Project-Id-Version"].startswith("belote-site ")
    assert "PROJECT" not in text and "FULL NAME" not in text and "ORGANIZATION" not in text
    assert header["Plural-Forms"] == "nplurals=2; plural=(n != 1);"


# ---------------------------------------------------------------------------
# a language below the threshold is built, but not advertised


def test_an_untranslated_language_is_built_but_not_advertised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The small project, held to the real site's threshold, its French fully translated.
    project = fixture_copy(tmp_path / "project")
    settings = project / "content" / "site.yaml"
    text = settings.read_text(encoding="utf-8")
    assert "advertise_from: 0\n" in text
    settings.write_text(text.replace("advertise_from: 0\n", "advertise_from: 90\n"))
    cli_quiet(project, "locale", "update")
    french = read_catalog(po_path(project, "fr"), "fr")
    fill(french, "[fr]")
    write_catalog(po_path(project, "fr"), french)
    cli_quiet(project, "locale", "add", "pt_BR")
    site = tmp_path / "site"
    status, _, err = cli(capsys, project, "build", "--out", site)
    assert status == 0, err
    assert "pt_BR 0 % (not advertised)" in err
    assert (site / "pt_BR" / "legal-cards" / "index.html").is_file()
    root = (site / "index.html").read_text(encoding="utf-8")
    assert "pt_BR" not in root and "pt-BR" not in root
    assert "pt_BR" not in (site / "sitemap.xml").read_text(encoding="utf-8")
    french_page = parse(site / "fr" / "legal-cards" / "index.html")
    assert not [a for a in french_page.find_all("a") if a.attrs.get("hreflang") == "pt-BR"]
    # Its own pages still name their language, and offer only the advertised ones.
    own = parse(site / "pt_BR" / "legal-cards" / "index.html")
    assert own.find_all("html")[0].attrs["lang"] == "pt-BR"
    assert [a for a in own.find_all("a") if a.attrs.get("hreflang") == "fr"]
    # Translated, it is advertised: the root page sends a Brazilian browser to pt_BR/.
    catalog = read_catalog(po_path(project, "pt_BR"), "pt_BR")
    fill(catalog, "[pt]")
    write_catalog(po_path(project, "pt_BR"), catalog)
    cli_quiet(project, "build", "--out", site)
    root = (site / "index.html").read_text(encoding="utf-8")
    # The root page's script sends a browser to the languages its list links to.
    assert '<a href="pt_BR/index.html" hreflang="pt-BR" lang="pt-BR">' in root


# ---------------------------------------------------------------------------
# the command line's small promises


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli(capsys, ROOT, "--version")
    assert stop.value.code == 0
    assert re.fullmatch(r"belote-site \d+\.\d+\.\d+\n", capsys.readouterr().out)


def test_build_with_project_writes_into_the_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = fixture_copy(tmp_path / "project")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cwd = Path.cwd()
    os.chdir(elsewhere)
    try:
        status, _, err = cli(capsys, project, "build")
    finally:
        os.chdir(cwd)
    assert status == 0, err
    assert (project / "site" / "index.html").is_file()
    assert not list(elsewhere.iterdir())
    assert re.search(
        r"built \d+ pages \(\d+ unchanged\) into .* in \d+\.\d s: \d+ scenarios checked", err
    )


def test_build_reads_the_content_folder_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = fixture_copy(tmp_path / "project")
    other = tmp_path / "other-content"
    shutil.copytree(project / "content", other)
    page = other / "pages" / "legal-cards.yaml"
    text = page.read_text(encoding="utf-8")
    assert "title: Which card may I play?\n" in text
    page.write_text(text.replace("title: Which card may I play?\n", "title: Other\n"))
    (project / "content" / "pages" / "legal-cards.yaml").unlink()  # the default is broken
    site = tmp_path / "site"
    status, _, err = cli(capsys, project, "--content", other, "build", "--out", site)
    assert status == 0, err
    html = (site / "en" / "legal-cards" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Other</h1>" in html


def test_check_takes_a_subfolder_of_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    folder = ROOT / "content" / "scenarios" / "legal-cards"
    status, _, err = cli(capsys, ROOT, "check", folder)
    expected = sum(
        len(re.findall(r"(?m)^(?:- )?id: ", path.read_text())) for path in folder.glob("*.yaml")
    )
    assert status == 0, err
    assert f"{expected} scenarios checked, all as expected" in err


def test_links_name_files_so_the_site_opens_from_disk(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    _, site = shared_build(tmp_path_factory)
    for path in site.rglob("*.html"):
        for element in parse(path).iter():
            href = element.attrs.get("href") if element.tag == "a" else None
            if href is None or href.startswith(("http://", "https://", "#", "mailto:")):
                continue
            target = href.split("#")[0]
            assert not target.endswith("/"), f"{path}: {href} opens a folder listing from disk"
            assert (path.parent / target).is_file(), f"{path}: {href}"


def test_a_three_player_declarations_example_builds_and_an_unnameable_side_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = fixture_copy(tmp_path / "project")
    scenarios = project / "content" / "scenarios" / "three.yaml"
    scenarios.write_text(
        # Ten cards each at three; North's carré of kings is the only declaration.
        "id: three-player-carre\nkind: declarations\nrules: three-players\ntrump: hearts\n"
        "hands:\n  north: [KS, KH, KD, KC, 7S, 8S, 9D, 10D, AC, JC]\n"
        "  east: [7H, 9S, JD, AD, 8C]\n"
        "expect:\n  points: {north: 100, east: 0, west: 0}\n"
    )
    # An article of its own: the small project's one article shows play examples only.
    (project / "content" / "pages" / "three.yaml").write_text(
        "kind: article\norder: 20\nslug: three\nrules: three-players\ntitle: Alone\n"
        "intro: Each for himself.\nsections:\n  - heading: Declarations\n    blocks:\n"
        "      - example:\n          scenario: three-player-carre\n"
        "          title: Kings\n          text: Each player scores for himself.\n"
    )
    site = tmp_path / "site"
    status, _, err = cli(capsys, project, "build", "--out", site)
    assert status == 0, err
    html = (site / "en" / "three" / "index.html").read_text(encoding="utf-8")
    assert 'id="three-player-carre"' in html and "North: 100 points" in html
    # Partners side by side: no page can name "north-east".
    rules = project / "content" / "rulesets" / "side-by-side.yaml"
    rules.write_text(
        "extends: maison\nname: Side by side\nsource: A test.\n"
        "partnerships: [[north, east], [south, west]]\n"
    )
    text = scenarios.read_text().replace("rules: three-players", "rules: side-by-side")
    text = text.replace("{north: 100, east: 0, west: 0}", "{north-east: 100, south-west: 0}")
    text = text.replace("10D, AC, JC]", "10D]")  # eight cards each at four
    scenarios.write_text(text)
    status, _, err = cli(capsys, project, "check")
    assert status == 2
    assert err.count("\n") == 1 and "north-east" in err and "three.yaml" in err


LESSONS_PAGE = """kind: lessons
slug: lessons
title: Lessons
intro: One rule at a time.
lessons:
  - id: {id}
    title: Follow suit
    goal: Follow the suit led.
    examples:
      - scenario: follow-led-suit
        title: Follow the led suit
        text: West leads a spade.
{more}"""
SECOND_POSITION = """      - scenario: void-partner-winning-free
        title: Any card
        text: South may play any card.
"""


@pytest.mark.parametrize(
    ("lesson_id", "more", "refusal"),
    [
        ("follow", "", "at least 2 positions"),  # one position could be answered by luck
        ("Follow Suit", SECOND_POSITION, "lower-case"),  # its anchor and its key
    ],
)
def test_a_lesson_of_one_position_or_with_a_bad_id_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lesson_id: str, more: str, refusal: str
) -> None:
    project = fixture_copy(tmp_path / "project")
    page = project / "content" / "pages" / "lessons.yaml"
    page.write_text(LESSONS_PAGE.format(id=lesson_id, more=more), encoding="utf-8")
    status, _, err = cli(capsys, project, "check")
    assert status == 2 and err.count("\n") == 1, err
    assert err.startswith(f"error: {page}:") and refusal in err
    # Two positions and a good id: the page is built.
    page.write_text(LESSONS_PAGE.format(id="follow", more=SECOND_POSITION), encoding="utf-8")
    site = tmp_path / "site"
    status, _, err = cli(capsys, project, "build", "--out", site)
    assert status == 0, err
    assert 'data-lesson="follow"' in (site / "en" / "lessons" / "index.html").read_text()


# ---------------------------------------------------------------------------
# the published workflow


def test_the_workflow_passes_actionlint() -> None:
    actionlint = require(BIN / "actionlint", "actionlint")
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows
    done = subprocess.run(
        [str(actionlint), *map(str, workflows)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_tracked_input_triggers_the_workflow_on_pull_requests() -> None:
    """A pull request that changes any file the build or the tests read is tested: each
    tracked file of those folders matches a path of the workflow's pull_request trigger,
    and its test job runs `make test`."""
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "site.yml").read_text())
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    patterns = triggers["pull_request"]["paths"]
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    inputs = [
        name
        for name in listed
        if name.split("/")[0]
        in {"content", "templates", "locales", "generator", "tests", "scripts", "docs"}
        or name in {"pyproject.toml", "Makefile", "babel.cfg", "package.json", "package-lock.json"}
    ]
    assert len(inputs) > 100
    unwatched = [
        name
        for name in inputs
        if not any(fnmatch.fnmatch(name, pattern.replace("**", "*")) for pattern in patterns)
    ]
    assert unwatched == []
    steps = workflow["jobs"]["test"]["steps"]
    assert any(step.get("run") == "make test" for step in steps)


# ---------------------------------------------------------------------------
# the whole suite, in a copy that grew

GLOSSARY_KIND = '''"""A glossary: the game's words, each with its meaning, and one example."""

from __future__ import annotations

from collections.abc import Mapping

from ...content.nodes import Source
from ..rendering.blocks import parse_example
from ..page import LoadContext, Page, PageKind, slug


class GlossaryKind(PageKind):
    name = "glossary"
    template = "glossary.html"
    keys = frozenset({"slug", "title", "terms", "example"})
    required = frozenset({"slug", "title", "terms"})

    def load(
        self, source: Source, given: Mapping[str, Source], order: int, context: LoadContext
    ) -> list[Page]:
        keys = frozenset({"heading", "text"})
        entries = [item.fields("a term", keys, keys) for item in given["terms"].items("terms")]
        terms = tuple((e["heading"].text("heading"), e["text"].text("text")) for e in entries)
        examples = (parse_example(given["example"], context.blocks),) if "example" in given else ()
        return [
            Page(
                key=slug(given["slug"]),
                kind=self,
                title=given["title"].text("title"),
                order=order,
                source=source.path,
                content=terms,
                examples=examples,
                inputs=(source.path,),
            )
        ]


KIND = GlossaryKind()
'''
GLOSSARY_TEMPLATE = """{% extends "base.html" %}
{% block main %}
<h1>{{ _(page.title) }}</h1>
<dl>
{% for term, meaning in content %}
  <dt>{{ _(term) }}</dt><dd>{{ _(meaning) }}</dd>
{% endfor %}
</dl>
{% for example in page.examples %}
{% include example.template %}
{% endfor %}
{% endblock %}
"""
GLOSSARY_PAGE = """kind: glossary
order: 90
slug: glossary
title: Glossary
terms:
  - {heading: Dix de der, text: The ten points of the last trick.}
example:
  scenario: grown-trick-value
  title: A trick's value
  text: Ace, ten, seven of spades and the jack of trumps.
"""
TRICK_VALUE_KIND = '''"""Trick-value scenarios: four cards and a trump, and what they are worth."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...content import fields
from ...content.nodes import Source
from ...content.scenarios import Entry
from ...engine import Card, Trump
from ..compare import Comparer
from ..kind import Expectation, Scenario, ScenarioKind


@dataclass(frozen=True, kw_only=True)
class ValueExpectation(Expectation):
    points: int | None = None


@dataclass(frozen=True, kw_only=True)
class ValueScenario(Scenario):
    trump: Trump
    cards: tuple[Card, ...]
    expect: ValueExpectation | None = None


class TrickValueKind(ScenarioKind[ValueScenario, int]):
    name = "trick-value"
    keys = frozenset({"trump", "cards"})
    required = frozenset({"kind", "trump", "cards"})

    def parse(self, entry: Entry, given: Mapping[str, Source]) -> ValueScenario:
        expect = None
        if "expect" in given:
            wanted = given["expect"].fields("expect", frozenset({"points"}))
            expect = ValueExpectation(
                points=wanted["points"].integer("points", 0) if "points" in wanted else None,
                **Expectation.where(given["expect"]),
            )
        return ValueScenario(
            **Scenario.common(entry),
            trump=fields.trump(given["trump"], entry.rules),
            cards=tuple(fields.cards(given["cards"], "cards")),
            expect=expect,
        )

    def compute(self, scenario: ValueScenario) -> int:
        return sum(scenario.rules.values.points(card, scenario.trump) for card in scenario.cards)

    def compare(self, scenario: ValueScenario, answer: int, check: Comparer) -> None:
        if scenario.expect is not None:
            check.compare("points", scenario.expect.points, answer)

    def as_json(self, scenario: ValueScenario, answer: int) -> dict[str, Any]:
        return {"points": answer}


KIND = TrickValueKind()
'''
TRICK_VALUE_TEMPLATE = """<article class="example" id="{{ example.scenario.id }}">
  <h3>{{ _(example.title) }}</h3>
  <p>{{ words.points(example.answer) }}</p>
  <p class="explanation">{{ _(example.text) }}</p>
</article>
"""
TRICK_VALUE_SCENARIO = """# Ace 11, ten 10, seven 0 of spades, the jack of hearts as trump 20: 41.
id: grown-trick-value
kind: trick-value
rules: maison
trump: hearts
cards: [AS, 10S, 7S, JH]
expect:
  points: 41
"""


def _tracked_files(target: Path) -> None:
    """The repository as a clone would have it (tracked files, as they are in the work tree)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, (entry.decode() for entry in listed)):
        source = ROOT / name
        if source.is_file():
            destination = target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    # A repository of its own, as a clone is (some tests ask git what is committed).
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"]
    subprocess.run([*git, "init", "-q"], cwd=target, check=True)
    subprocess.run([*git, "add", "-A"], cwd=target, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "copy"], cwd=target, check=True)


# A rule-set option, added where it belongs in the schema (RuleSet is keyword-only).
OPTION_FIELD = """    last_trick_bonus: int = option(low=0, high=1000)
    # Grown: whether the last trick counts double.
    last_trick_doubled: bool = option(default=False)
"""
OPTION_WORDING = """  last_trick_doubled:
    label: Last trick doubled
    values:
      "true": The last trick counts double.
      "false": The last trick counts once.
"""


def test_a_grown_copy_passes_the_checks_that_follow_the_content(tmp_path: Path) -> None:
    """A page kind, a scenario kind, a rule-set option and three languages, added as a
    contributor would, with no test touched: `check` passes the new scenario, and in the
    copy the tests that follow the content (every page of every language built and linked,
    every language's pages with the English page's elements, catalogs current) pass too."""
    if not (ROOT / ".git").exists():
        pytest.skip("needs the repository's git history to copy it")
    copy = tmp_path / "grown"
    _tracked_files(copy)
    # The npm tools are installed, not tracked: the copy's build takes the browser's
    # runtime from them, as a clone does once `make` has run `npm ci`.
    (copy / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)

    # The copy's own code, first on the path of every process the copy starts.
    # Not this run's pytest variables either: the copy's tests are a run of their own (not
    # an xdist worker of this one).
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env |= {"PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}

    def run(*args: str) -> str:
        done = subprocess.run(
            [str(BIN / "python"), "-m", "generator", *args],
            cwd=copy,
            capture_output=True,
            text=True,
            env=env,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout + done.stderr

    # A page kind and a scenario kind: one module and one template each, and content.
    (copy / "generator/site/pages/glossary.py").write_text(GLOSSARY_KIND)
    (copy / "templates/glossary.html").write_text(GLOSSARY_TEMPLATE)
    (copy / "content/pages/glossary.yaml").write_text(GLOSSARY_PAGE)
    (copy / "generator/verify/kinds/trick_value.py").write_text(TRICK_VALUE_KIND)
    (copy / "templates/example_trick-value.html").write_text(TRICK_VALUE_TEMPLATE)
    (copy / "content/scenarios/grown.yaml").write_text(TRICK_VALUE_SCENARIO)
    # An option: its field in the schema, its wording for the comparison page.
    rules = copy / "generator/engine/rules.py"
    schema = rules.read_text(encoding="utf-8")
    assert OPTION_FIELD.splitlines(keepends=True)[0] in schema
    rules.write_text(schema.replace(OPTION_FIELD.splitlines(keepends=True)[0], OPTION_FIELD))
    options = copy / "content/options.yaml"
    wording = options.read_text(encoding="utf-8")
    anchor = "  declarations.enabled:\n"
    assert anchor in wording
    options.write_text(wording.replace(anchor, OPTION_WORDING + anchor))
    # Compiled once, as `make test` does for the project, not by each process the copy starts.
    subprocess.run(
        [str(BIN / "python"), "-m", "compileall", "-q", "generator"], cwd=copy, check=True
    )
    # The translators translate the new words; three languages arrive, untranslated.
    run("locale", "update")
    for lang in expected_languages(copy)[1:]:
        catalog = read_catalog(po_path(copy, lang), lang)
        for message in catalog:
            if message.id and (not message.string or message.fuzzy):
                message.flags.discard("fuzzy")
                forms = (
                    [message.id[0]] + [message.id[1]] * (catalog.num_plurals - 1)
                    if isinstance(message.id, (list, tuple))
                    else None
                )
                message.string = tuple(forms) if forms else message.id
        write_catalog(po_path(copy, lang), catalog)
    # As CONTRIBUTING asks before a commit: the catalogs back in the project's layout
    # (write_catalog does not wrap), so that they are current.
    run("locale", "update")
    for lang in NEW_LANGUAGES:
        run("locale", "add", lang)
    # The new kind's scenario checked by the command line; the whole project is checked by
    # the build of the copy's own tests below (a build refuses what check refuses).
    assert "1 scenario checked, all as expected" in run("check", "content/scenarios/grown.yaml")
    done = subprocess.run(
        [
            str(BIN / "python"),
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "--basetemp",
            str(tmp_path / "copy-tests"),
            "tests/test_structure.py",
            "tests/test_site.py",
            "tests/test_growth.py::test_locale_update_changes_nothing_when_the_catalogs_are_current",
        ],
        cwd=copy,
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    # What the copy's tests followed, in the site they built (helpers.project.shared_build):
    # the new page, the new option's row.
    site = tmp_path / "copy-tests" / "shared-build" / "site"
    assert site.is_dir(), "the copy's tests built no site where shared_build puts it"
    for lang in expected_languages(copy):
        assert (site / lang / "glossary" / "index.html").is_file(), lang
    assert "Last trick doubled" in (site / "en" / "rule-sets" / "index.html").read_text()
