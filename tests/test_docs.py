"""Every YAML example of the documentation is checked, as Sphinx's doctest checks examples.

A scenario example (it has an `id:`) runs through `belote-site check`; a
page example (it has a `kind:` of a page) replaces its page in a copy of the
project, which must then check clean. An example that is wrong fails here,
so the documentation cannot drift from what the generator accepts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers.project import ROOT, cli, copy_project

from generator.site.page import page_kinds

DOCS = ROOT / "docs"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)


def examples() -> list[tuple[str, int, str]]:
    found = []
    for path in sorted(DOCS.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in BLOCK.finditer(text):
            line = text[: match.start()].count("\n") + 2
            found.append((path.name, line, match.group(1)))
    return found


EXAMPLES = examples()


def test_the_documentation_has_examples() -> None:
    kinds = {name for name, _, _ in EXAMPLES}
    assert {"scenarios.md", "pages.md"} <= kinds


@pytest.mark.parametrize(
    ("doc", "line", "text"), EXAMPLES, ids=[f"{d}:{line}" for d, line, _ in EXAMPLES]
)
def test_documented_example_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], doc: str, line: int, text: str
) -> None:
    kind = re.search(r"(?m)^kind: ([\w-]+)", text)
    if re.search(r"(?m)^id: ", text):
        example = tmp_path / "example.yaml"
        example.write_text(text, encoding="utf-8")
        status, out, err = cli(capsys, ROOT, "check", example)
        assert status == 0, f"{doc}:{line}\n{out}{err}"
        assert "1 scenario checked, all as expected" in err
    elif kind and kind.group(1) in page_kinds():
        project = copy_project(tmp_path / "project")
        slug = re.search(r"(?m)^slug: ([\w/-]+)", text)
        assert slug, f"{doc}:{line}: a page example names its slug"
        pages = project / "content" / "pages"
        replaced = [
            path
            for path in pages.glob("*.yaml")
            if f"\nslug: {slug.group(1)}\n" in path.read_text()
        ]
        # A page of that slug is replaced; another is added beside the site's own pages.
        assert len(replaced) <= 1, f"{doc}:{line}: two pages of slug {slug.group(1)}"
        target = replaced[0] if replaced else pages / f"{slug.group(1)}.yaml"
        target.write_text(text, encoding="utf-8")
        status, out, err = cli(capsys, project, "check")
        assert status == 0, f"{doc}:{line}\n{out}{err}"
    else:
        pytest.fail(f"{doc}:{line}: a yaml example is a scenario (id:) or a page (kind:)")
