"""The `belote-site` command: check, explain, build, serve, and the translators' `locale` commands.

Every failure is one line on stderr and an exit status: 2 for invalid input
(content, catalogs, templates, the command line itself), 1 for a scenario
whose `expect` the engine contradicts. Never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .content.errors import (
    EXIT_INVALID,
    EXIT_MISMATCH,
    ContentError,
    UserError,
    excerpt,
    printable,
)

if TYPE_CHECKING:
    from .content.errors import Problems
    from .site.pipeline.build import Report
    from .site.pipeline.project import Project
    from .verify import Checked

MAX_PORT = 65535


def _project(args: argparse.Namespace) -> Project:
    # Imported when needed: `--version` and argument errors stay instant.
    from .site.pipeline.project import Project

    content: Path | None = args.content
    return Project(args.project, content)


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _scenarios(args: argparse.Namespace, paths: Sequence[Path], need_expect: bool) -> list[Checked]:
    from .content.rulesets import RuleSets
    from .verify import check_all

    project = _project(args)
    files = project.files.allowing(*paths)
    rulesets = RuleSets(project.content / "rulesets", files)
    return list(check_all(paths, rulesets, files, need_expect=need_expect))


def _report(problems: Sequence[object], status: int, what: str) -> int:
    """Invalid input: `error: ...` lines on stderr; mismatches: lines on stdout and a count."""
    if status == EXIT_INVALID:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        return status
    for problem in problems:
        print(problem)
    print(f"{what}: {_plural(len(problems), 'problem', 'problems')}", file=sys.stderr)
    return status


def run_check(args: argparse.Namespace) -> int:
    """What a build reads, without writing; given paths, those scenarios and the catalogs."""
    from .content.errors import Problems
    from .site.pipeline.build import build

    if args.paths:
        # The scenarios and catalogs named (all catalogs when none is): pages need the project.
        from .site.pipeline.build import load_languages

        project = _project(args)
        catalogs = [path for path in args.paths if path.suffix == ".po"]
        scenarios = [path for path in args.paths if path.suffix != ".po"]
        try:
            if catalogs:
                _check_catalogs(project, catalogs)
            else:
                # As the build reads them: a catalog checked before, unchanged, is taken
                # from the cache.
                from .site.pipeline.cache import Cache

                load_languages(project, None, Cache(project.records))
        except Problems as found:
            return _report(found.problems, found.exit_code, "check failed")
        checked = _scenarios(args, scenarios, need_expect=True) if scenarios else []
        problems = [m for c in checked for m in c.mismatches]
        count = _plural(len(checked), "scenario", "scenarios")
        if problems:
            return _report(problems, EXIT_MISMATCH, f"{count} checked")
        named = _plural(len(catalogs), "catalog", "catalogs") if catalogs else "catalogs"
        said = f"{count} checked, all as expected; " if scenarios else ""
        print(f"{said}{named} sound", file=sys.stderr)
        return 0
    try:
        report = build(_project(args), None, dry=True)
    except Problems as found:
        return _report(found.problems, found.exit_code, "check failed")
    print(
        f"{_plural(report.scenarios, 'scenario', 'scenarios')} checked, all as expected; "
        f"{_plural(report.stated, 'stated option value', 'stated option values')}, "
        "each shown at work by an example; "
        f"{_plural(report.pages, 'page', 'pages')} rendered in "
        f"{_plural(len(report.languages), 'language', 'languages')}; catalogs sound",
        file=sys.stderr,
    )
    return 0


def _check_catalogs(project: Project, paths: Sequence[Path]) -> None:
    """Read and check these catalogs (`locales/<lang>/LC_MESSAGES/messages.po`) as a build would."""
    from .content.catalogs import check_messages, read_catalog_file
    from .content.errors import Problems
    from .content.wording import WORDING, load_wording, wording_problems

    files = project.files.allowing(*paths)
    wording_path = project.content / WORDING
    wording = load_wording(wording_path, files) if wording_path.exists() else None
    problems = []
    for path in paths:
        if path.name != "messages.po" or path.parent.name != "LC_MESSAGES":
            raise ContentError(path, None, "a catalog is locales/<lang>/LC_MESSAGES/messages.po")
        lang = path.parent.parent.name
        file = read_catalog_file(path, lang, files)
        problems += check_messages(file)
        if wording is not None:
            problems += wording_problems(file, lang, wording)
    if problems:
        raise Problems(list(problems))


def run_explain(args: argparse.Namespace) -> int:
    checked = _scenarios(args, args.paths, need_expect=False)
    # One scenario per line: readable, and json's fast encoder (indent= would disable it).
    objects = [json.dumps(c.explain(), ensure_ascii=False) for c in checked]
    sys.stdout.write("[\n" + ",\n".join(objects) + "\n]\n")
    return 0


def _summary(report: Report, out: Path) -> str:
    from .site.pipeline.progress import percent_text

    languages = ", ".join(
        f"{code} {percent_text(percent)}"
        + (" (not advertised)" if code in report.unadvertised else "")
        for code, percent in report.languages.items()
    )
    return (
        f"built {_plural(report.pages, 'page', 'pages')} ({report.pages_kept} unchanged) "
        f"into {out} in {report.seconds:.1f} s: "
        f"{_plural(report.scenarios, 'scenario', 'scenarios')} checked; "
        f"{_plural(report.pictures_drawn, 'picture', 'pictures')} drawn, "
        f"{report.pictures_reused} reused; languages: {languages}"
    )


def _progress_line() -> Callable[[int, int], None]:
    """A line on the terminal that counts the pages rendered, redrawn at most ten times a second."""
    import time

    shown = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if now - shown[0] < 0.1 and done < total:
            return
        shown[0] = now
        sys.stderr.write(f"\rrendering pages: {done}/{total}")
        sys.stderr.flush()

    return show


def run_build(args: argparse.Namespace) -> int:
    from .site.pipeline.manifest import unchanged

    project = _project(args)
    out: Path = args.out if args.out is not None else project.default_out
    # Nothing changed: stop before the build's heavy imports.
    last = unchanged(project, out)
    if last is not None:
        if not args.quiet:
            print(
                f"nothing changed since the last build: {out} holds its "
                f"{_plural(last.pages, 'page', 'pages')}",
                file=sys.stderr,
            )
        return 0
    from .content.errors import Problems
    from .site.pipeline.build import build
    from .site.pipeline.workers import cores

    progress = None
    if not args.quiet and sys.stderr.isatty():
        progress = _progress_line()
    try:
        report = build(project, out, workers=cores(), progress=progress)
        if progress is not None:
            sys.stderr.write("\r\033[K")
    except Problems as found:
        return _report(found.problems, found.exit_code, "build stopped, nothing was written")
    if not args.quiet:
        print(_summary(report, out), file=sys.stderr)
    return 0


class _WatchConsole:
    """What `serve --watch` prints: each build's lines as `belote-site build` prints them."""

    def __init__(self, out: Path) -> None:
        self.out = out

    def serving(self, url: str) -> None:
        print(f"serving {self.out} at {url}, rebuilt on changes (Ctrl-C stops)", file=sys.stderr)

    def built(self, report: Report) -> None:
        print(_summary(report, self.out), file=sys.stderr)

    def failed(self, failure: ContentError | Problems) -> list[str]:
        if isinstance(failure, ContentError):
            line = f"error: {failure}"
            print(line, file=sys.stderr)
            return [line]
        _report(failure.problems, failure.exit_code, "build stopped, nothing was written")
        sys.stdout.flush()  # mismatches go to stdout, which a pipe would hold back
        prefix = "error: " if failure.exit_code == EXIT_INVALID else ""
        return [f"{prefix}{problem}" for problem in failure.problems]


def run_serve(args: argparse.Namespace) -> int:
    from .site.serving.serve import local_server

    project = _project(args)
    out: Path = args.out if args.out is not None else project.default_out
    if not args.watch and not (out / "index.html").is_file():
        raise UserError(out, None, "holds no built site; run `belote-site build` first")
    try:
        if args.watch:
            from .site.serving.watch import serve_watching

            return serve_watching(project, out, args.port, _WatchConsole(out))
        with local_server(out, args.port) as url:
            print(f"serving {out} at {url} (Ctrl-C stops)", file=sys.stderr)
            with contextlib.suppress(KeyboardInterrupt):
                threading.Event().wait()
    except BrokenPipeError:
        raise  # our own output's reader went away: `main` says nothing of it
    except OSError as error:
        raise UserError(
            Path(f"127.0.0.1:{args.port}"), None, f"cannot serve: {error.strerror}"
        ) from None
    return 0


def run_locale(args: argparse.Namespace) -> int:
    from .content.errors import Problems

    try:
        return _run_locale(args)
    except Problems as found:
        # The catalogs' problems as `check` prints them, one line each, and its status.
        return _report(found.problems, found.exit_code, f"locale {args.action} failed")


def _run_locale(args: argparse.Namespace) -> int:
    from .locale import catalogs, stats
    from .site.pipeline.build import load_inputs, page_messages

    project = _project(args)
    if args.action == "add":
        path = catalogs.add_language(args.project, args.lang)
        print(f"created {path}; translate it, then `belote-site build` includes it")
        return 0
    if args.action == "update":
        changed = catalogs.update_languages(args.project)
        print(
            f"extracted {catalogs.POT}; updated {', '.join(changed) or 'no catalog (none changed)'}"
        )
        return 0
    # The build's own reading: a broken catalog stops here with check's lines.
    inputs = load_inputs(project)
    languages = [language for language in inputs.languages if not language.is_source]
    table = stats.statistics(args.project, languages, page_messages(project, inputs))
    print(stats.render(table, per_page=args.pages))
    below = [lang for lang, row in table.rows.items() if row[stats.SITE].percent < args.min]
    if below:
        print(f"below {args.min:g} %: {', '.join(below)}", file=sys.stderr)
        return 1
    return 0


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a port number") from None
    if not 0 <= port <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"port {port} is not between 0 and {MAX_PORT}")
    return port


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line, and the exit status of every other invalid input.
        print(f"error: {self.prog}: {printable(message)}", file=sys.stderr)
        sys.exit(EXIT_INVALID)


def parser() -> argparse.ArgumentParser:
    top = _Parser(
        prog="belote-site",
        description="Check Belote rule examples with the engine and build the rules site.",
    )
    top.add_argument("--version", action="version", version=f"belote-site {__version__}")
    top.add_argument(
        "--project",
        type=Path,
        default=Path("."),
        help="the project folder (default: the current folder)",
    )
    top.add_argument(
        "--content", type=Path, default=None, help="the content folder (default: PROJECT/content)"
    )
    commands = top.add_subparsers(dest="command", required=True, parser_class=_Parser)
    check = commands.add_parser(
        "check", help="everything a build reads, without writing (scenarios only, given paths)"
    )
    check.add_argument(
        "paths", nargs="*", type=Path, help="scenario files or folders, catalogs (.po)"
    )
    check.set_defaults(run=run_check)
    explain = commands.add_parser("explain", help="print the engine's answers as JSON")
    explain.add_argument("paths", nargs="+", type=Path, help="scenario files or folders")
    explain.set_defaults(run=run_explain)
    build = commands.add_parser("build", help="check, then build the site")
    build.add_argument(
        "--out", type=Path, default=None, help="output folder (default: PROJECT/site)"
    )
    build.add_argument("--quiet", action="store_true", help="print nothing but errors")
    build.set_defaults(run=run_build)
    serve = commands.add_parser("serve", help="serve the built site on 127.0.0.1")
    serve.add_argument(
        "--out", type=Path, default=None, help="the built site (default: PROJECT/site)"
    )
    serve.add_argument("--port", type=_port, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--watch",
        action="store_true",
        help="build first, rebuild on every change to content/, templates/ or locales/ "
        "and reload the open pages; a change to the generator's code needs a restart",
    )
    serve.set_defaults(run=run_serve)
    locale = commands.add_parser("locale", help="manage translation catalogs")
    actions = locale.add_subparsers(dest="action", required=True, parser_class=_Parser)
    add = actions.add_parser("add", help="create the catalog of a new language")
    add.add_argument("lang", help="locale code, such as fr or pt_BR")
    actions.add_parser("update", help="re-extract messages and merge them into every catalog")
    stats_command = actions.add_parser("stats", help="translated, fuzzy and missing messages")
    stats_command.add_argument(
        "--min", type=float, default=0.0, help="exit 1 when a language is below this percentage"
    )
    stats_command.add_argument(
        "--pages", action="store_true", help="a row for each page of each language as well"
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
    except RecursionError:
        print("error: the input is nested too deeply to read", file=sys.stderr)
        return EXIT_INVALID
    except MemoryError:
        print("error: the input needs more memory than this build may use", file=sys.stderr)
        return EXIT_INVALID
