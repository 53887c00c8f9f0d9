"""Every false statement of the corpus (tests/false_statements.yaml) is refused at its line.

A sentence states rule facts only through the engine (generator/verify/claims.py):
each case plants one false statement in a copy of the page file that shows it,
loads that page as the build does, and wants a ContentError (exit 2) at the
planted line. The pages are loaded in-process against the real rule sets and
checked scenarios, read once: the whole corpus costs about a page load per case.
One case goes through `belote-site check` on a copy of the project, for the one-line
`error: FILE:LINE:` and the exit status.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from helpers.project import ROOT, cli, copy_project

from generator.content.errors import EXIT_INVALID, ContentError
from generator.content.files import InputFiles
from generator.content.nodes import read_yaml
from generator.content.rulesets import RuleSets
from generator.site.page import LoadContext, page_kinds
from generator.site.pipeline.cache import Cache
from generator.site.pipeline.inputs import shows
from generator.site.pipeline.project import machine_cache
from generator.site.pipeline.verified import verified_scenarios
from generator.site.rendering.blocks import Context
from generator.verify import by_id

CORPUS = Path(__file__).parent / "false_statements.yaml"
_PREFIX = re.compile(r"^(\s*)(- )?((?:\"[^\"]*\"|[\w-]+): )?")


@dataclass(frozen=True)
class Case:
    case: str
    file: str
    at: str
    text: str
    refused: str


def _cases() -> list[Case]:
    return [Case(**item) for item in yaml.safe_load(CORPUS.read_text(encoding="utf-8"))]


def planted(original: str, case: Case) -> tuple[str, int]:
    """The file with the case's text as the value at its line, and that line (from 1)."""
    lines = original.split("\n")
    found = [i for i, line in enumerate(lines) if case.at in line]
    assert len(found) == 1, f"{case.case}: `at` must name one line, found {len(found)}"
    i = found[0]
    shape = _PREFIX.match(lines[i])
    assert shape is not None
    while not (shape.group(2) or shape.group(3)):
        # A line inside a folded text: the text is the value of the key that opened it.
        i = max(j for j in range(i) if lines[j].strip() and _indent(lines[j]) < _indent(lines[i]))
        shape = _PREFIX.match(lines[i])
        assert shape is not None
    spaces, dash, key = shape.group(1), shape.group(2) or "", shape.group(3)
    head = spaces + dash + (key or "")
    # A key's value goes on below it, deeper than the key; a list item's, deeper than its dash.
    base = len(spaces) + len(dash) if key else len(spaces)
    end = i + 1
    while end < len(lines) and lines[end].strip() and _indent(lines[end]) > base:
        end += 1
    lines[i:end] = [head + json.dumps(case.text, ensure_ascii=False)]
    return "\n".join(lines), i + 1


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, LoadContext]:
    root = tmp_path_factory.mktemp("false-statements")
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copytree(ROOT / "templates", root / "templates")
    files = InputFiles.project(root)
    rulesets = RuleSets(root / "content" / "rulesets", files)
    # The machine's cache, as a build uses it: a scenario file's record is named by its bytes.
    checked = verified_scenarios(root / "content", rulesets, files, Cache(machine_cache()))
    context = LoadContext(
        rulesets,
        Context(by_id(checked), shows(root / "templates", files)),
        files,
        root / "content",
    )
    return root, context


def _load(root: Path, context: LoadContext, file: str) -> None:
    # A variant's file is read by the one page file written for every variant.
    page = "content/pages/variant.yaml" if file.startswith("content/variants/") else file
    source = read_yaml(root / page, context.files)
    assert source is not None
    kind_source = source.get("kind")
    assert kind_source is not None
    page_kinds()[kind_source.text("kind")].read(source, context)


def test_the_real_pages_pass(project: tuple[Path, LoadContext]) -> None:
    root, context = project
    for file in sorted({case.file for case in _cases()}):
        _load(root, context, file)


def test_the_corpus_covers_every_kind_of_text() -> None:
    cases = _cases()
    assert len(cases) >= 25
    files = {case.file for case in cases}
    for page in ("rules", "glossary", "variant", "summary-belote", "legal-cards", "learn-belote"):
        assert any(page in file for file in files), page
    assert any("variants/" in file for file in files)


@pytest.mark.parametrize("case", _cases(), ids=lambda case: case.case)
def test_a_false_statement_is_refused_at_its_line(
    project: tuple[Path, LoadContext], case: Case
) -> None:
    root, context = project
    path = root / case.file
    original = path.read_text(encoding="utf-8")
    text, line = planted(original, case)
    path.write_text(text, encoding="utf-8")
    try:
        with pytest.raises(ContentError) as refused:
            _load(root, context, case.file)
    finally:
        path.write_text(original, encoding="utf-8")
    error = refused.value
    assert error.exit_code == EXIT_INVALID
    assert (Path(error.path).resolve(), error.line) == (path.resolve(), line), error.message
    assert case.refused in error.message, error.message


def test_check_stops_at_the_line_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = copy_project(tmp_path / "project")
    case = next(c for c in _cases() if "left out of the Learn count" in c.case)
    path = copy / case.file
    text, line = planted(path.read_text(encoding="utf-8"), case)
    path.write_text(text, encoding="utf-8")
    status, _out, err = cli(capsys, copy, "check")
    assert status == EXIT_INVALID
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}:{line}: "), err


def test_a_walk_with_a_trick_left_unexplained_is_refused(
    project: tuple[Path, LoadContext],
) -> None:
    """Every trick of a Learn walk says why it went as it did: trick 4's note taken out,
    the page is refused where its list of tricks begins."""
    root, context = project
    file = "content/pages/learn-belote.yaml"
    path = root / file
    original = path.read_text(encoding="utf-8")
    lines = original.split("\n")
    start = lines.index("  - trick: 4")
    end = lines.index("  - trick: 5")
    path.write_text("\n".join(lines[:start] + lines[end:]), encoding="utf-8")
    try:
        with pytest.raises(ContentError) as refused:
            _load(root, context, file)
    finally:
        path.write_text(original, encoding="utf-8")
    error = refused.value
    assert error.line == lines.index("tricks:") + 2, error.message
    assert "trick 4 has no text" in error.message, error.message
