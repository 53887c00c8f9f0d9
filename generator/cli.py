"""The `belote-site` command: check, explain, build, and the translators' `locale` commands."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from .content.errors import ContentError
from .content.rulesets import RuleSets
from .content.scenarios import Scenario, load_scenarios
from .verify import compute, explain, mismatches

EXIT_MISMATCH = 1
EXIT_INVALID = 2


def _content(args: argparse.Namespace) -> Path:
    content: Path | None = args.content
    return content or args.project / "content"


def _load(paths: Sequence[Path], content: Path, need_expect: bool) -> list[Scenario]:
    return load_scenarios(paths, RuleSets(content / "rulesets"), need_expect=need_expect)


def run_check(args: argparse.Namespace) -> int:
    """One line per mismatch or broken translation; the exit status says how it went."""
    from .locale.catalogs import check_catalogs

    content = _content(args)
    scenarios = _load(args.paths or [content], content, need_expect=True)
    found = [str(m) for s in scenarios for m in mismatches(compute(s))]
    found += [str(problem) for problem in check_catalogs(args.project)]
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} problem(s); {len(scenarios)} scenarios checked", file=sys.stderr)
        return EXIT_MISMATCH
    print(f"{len(scenarios)} scenarios checked, all as expected; catalogs sound", file=sys.stderr)
    return 0


def run_explain(args: argparse.Namespace) -> int:
    content = _content(args)
    scenarios = _load(args.paths, content, need_expect=False)
    # One scenario per line: readable, and json's fast encoder (indent= would disable it).
    objects = [json.dumps(explain(compute(s)), ensure_ascii=False) for s in scenarios]
    sys.stdout.write("[\n" + ",\n".join(objects) + "\n]\n")
    return 0


def run_build(args: argparse.Namespace) -> int:
    args.paths = []
    status = run_check(args)
    if status:
        print("build stopped: the check failed, nothing was written", file=sys.stderr)
        return status
    from .site.build import build_site

    written = build_site(args.project, args.out)
    print(f"built {written} pages into {args.out}", file=sys.stderr)
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from .site.serve import local_server

    if not (args.out / "index.html").is_file():
        print(
            f"error: {args.out} holds no built site; run `belote-site build` first", file=sys.stderr
        )
        return EXIT_INVALID
    with local_server(args.out, args.port) as url:
        print(f"serving {args.out} at {url} (Ctrl-C stops)", file=sys.stderr)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


def run_locale(args: argparse.Namespace) -> int:
    from .locale import catalogs, stats

    if args.action == "add":
        path = catalogs.add_language(args.project, args.lang)
        print(f"created {path}; translate it, then `belote-site build` includes it")
        return 0
    if args.action == "update":
        languages = catalogs.update_languages(args.project)
        print(f"extracted {catalogs.POT}; merged into {', '.join(languages) or 'no catalog'}")
        return 0
    table = stats.statistics(args.project)
    print(stats.render(table))
    below = [lang for lang, row in table.items() if row["all"].percent < args.min]
    if below:
        print(f"below {args.min:g} %: {', '.join(below)}", file=sys.stderr)
        return 1
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="belote-site",
        description="Check Belote rule examples with the engine and build the rules site.",
    )
    top.add_argument(
        "--project",
        type=Path,
        default=Path("."),
        help="the project folder (default: the current folder)",
    )
    top.add_argument(
        "--content", type=Path, default=None, help="the content folder (default: PROJECT/content)"
    )
    commands = top.add_subparsers(dest="command", required=True)
    check = commands.add_parser(
        "check", help="compare every scenario with the engine, and check the catalogs"
    )
    check.add_argument("paths", nargs="*", type=Path, help="files or folders (default: content/)")
    check.set_defaults(run=run_check)
    explain = commands.add_parser("explain", help="print the engine's answers as JSON")
    explain.add_argument("paths", nargs="+", type=Path, help="scenario files or folders")
    explain.set_defaults(run=run_explain)
    build = commands.add_parser("build", help="check, then build the site")
    build.add_argument(
        "--out", type=Path, default=Path("site"), help="output folder (default: site/)"
    )
    build.set_defaults(run=run_build)
    serve = commands.add_parser("serve", help="serve the built site on 127.0.0.1")
    serve.add_argument(
        "--out", type=Path, default=Path("site"), help="the built site (default: site/)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.set_defaults(run=run_serve)
    locale = commands.add_parser("locale", help="manage translation catalogs")
    actions = locale.add_subparsers(dest="action", required=True)
    add = actions.add_parser("add", help="create the catalog of a new language")
    add.add_argument("lang", help="locale code, such as fr or pt_BR")
    actions.add_parser("update", help="re-extract messages and merge them into every catalog")
    stats_command = actions.add_parser("stats", help="translated, fuzzy and missing messages")
    stats_command.add_argument(
        "--min", type=float, default=0.0, help="exit 1 when a language is below this percentage"
    )
    locale.set_defaults(run=run_locale)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        status: int = args.run(args)
        return status
    except ContentError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except BrokenPipeError:
        # The reader (say `| head`) went away; that is not our failure.
        sys.stderr.close()
        return 0
