"""The `belote-site` command: check, explain, build (and manage locales)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .content.errors import ContentError
from .content.rulesets import RuleSets
from .content.scenarios import load_scenarios
from .verify import compute, mismatches

EXIT_MISMATCH = 1
EXIT_INVALID = 2


def _default_content() -> Path:
    return Path("content")


def _load(paths: Sequence[Path], content: Path, need_expect: bool):  # type: ignore[no-untyped-def]
    return load_scenarios(paths, RuleSets(content / "rulesets"), need_expect=need_expect)


def run_check(paths: Sequence[Path], content: Path) -> int:
    """Print one line per mismatch; the exit status says how it went."""
    scenarios = _load(paths or [content], content, need_expect=True)
    found = [m for s in scenarios for m in mismatches(compute(s))]
    for mismatch in found:
        print(mismatch)
    if found:
        print(f"{len(found)} mismatch(es) in {len(scenarios)} scenarios", file=sys.stderr)
        return EXIT_MISMATCH
    print(f"{len(scenarios)} scenarios checked, all as expected", file=sys.stderr)
    return 0


def run_explain(paths: Sequence[Path], content: Path) -> int:
    scenarios = _load(paths, content, need_expect=False)
    json.dump([compute(s).as_json() for s in scenarios], sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def run_build(out: Path, content: Path) -> int:
    status = run_check([content], content)
    if status:
        print("build stopped: the check failed, nothing was written", file=sys.stderr)
        return status
    from .site.build import build_site

    written = build_site(Path("."), out)
    print(f"built {written} pages into {out}", file=sys.stderr)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="belote-site",
        description="Check Belote rule examples with the engine and build the rules site.",
    )
    top.add_argument(
        "--content", type=Path, default=_default_content(),
        help="the content folder (default: content/)",
    )
    commands = top.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="compare every scenario with the engine")
    check.add_argument("paths", nargs="*", type=Path, help="files or folders (default: content/)")
    explain = commands.add_parser("explain", help="print the engine's answers as JSON")
    explain.add_argument("paths", nargs="+", type=Path, help="scenario files or folders")
    build = commands.add_parser("build", help="check, then build the site")
    build.add_argument("--out", type=Path, default=Path("site"), help="output folder (default: site/)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.command == "check":
            return run_check(args.paths, args.content)
        if args.command == "explain":
            return run_explain(args.paths, args.content)
        return run_build(args.out, args.content)
    except ContentError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_INVALID
    except BrokenPipeError:
        # The reader (say `| head`) went away; that is not our failure.
        sys.stderr.close()
        return 0
