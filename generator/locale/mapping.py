"""babel.cfg, read as untrusted input before pybabel reads it.

babel.cfg comes in pull requests like the content, yet Babel imports and
calls whatever `module:function` its `[extractors]` section (or a section's
method) names, and Jinja2's extractor imports every class its `extensions`
option names. So only the project's own extractors are accepted, and
patterns must stay inside the project. A malformed file (a section given
twice, say) is one line naming babel.cfg and its line, not configparser's
traceback.
"""

from __future__ import annotations

import configparser
import re
from dataclasses import dataclass, field
from pathlib import Path

import babel.messages.extract

from ..content.errors import EXCERPT, ContentError, excerpt
from ..content.files import InputFiles

MAPPING = "babel.cfg"
# The only extractors babel.cfg may name: the templates' and the content's.
EXTRACTORS = {
    "jinja2": "jinja2.ext:babel_extract",
    "belote_content": "generator.locale.extract:extract_content",
}
# Babel's own methods, looked up by name, never imported from babel.cfg's text.
BUILTIN_METHODS = tuple(
    name
    for name, function in (("python", "extract_python"), ("ignore", "extract_nothing"))
    if hasattr(babel.messages.extract, function)
)
# Jinja2's extractor imports and instantiates each of these: only Jinja2's own.
JINJA2_EXTENSIONS = frozenset({"jinja2.ext.i18n", "jinja2.ext.do", "jinja2.ext.loopcontrols"})
_EXTENSIONS_OF = {"jinja2"}
_DRIVE = re.compile(r"[A-Za-z]:")


@dataclass
class _Lines:
    """Where each section and option of the file is, found as configparser finds them."""

    sections: dict[str, int] = field(default_factory=dict)
    options: dict[tuple[str, str], int] = field(default_factory=dict)

    def of(self, section: str, option: str | None = None) -> int | None:
        if option is not None and (section, option) in self.options:
            return self.options[section, option]
        return self.sections.get(section)


def _lines(parser: configparser.RawConfigParser, text: str) -> _Lines:
    # configparser keeps no line numbers: this follows its reading (comments,
    # indented continuations, headers, options) only to say where things are.
    found = _Lines()
    section: str | None = None
    option_open = False
    indent = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ";")):
            if not stripped:
                option_open = False
            continue
        level = len(line) - len(line.lstrip())
        if section is not None and option_open and level > indent:
            continue
        indent = level
        header = parser.SECTCRE.match(stripped)
        if header:
            section = header.group("header")
            found.sections.setdefault(section, number)
            option_open = False
            continue
        option = parser.OPTCRE.match(stripped)
        if section is not None and option:
            name = parser.optionxform(option.group("option").rstrip())
            found.options.setdefault((section, name), number)
            option_open = True
    return found


def _parsed(path: Path, text: str) -> configparser.RawConfigParser:
    """The file as Babel's parser reads it, its errors one line each."""
    # The same parser as Babel's parse_mapping_cfg (strict: a section or option twice is an error).
    parser = configparser.RawConfigParser()
    try:
        parser.read_string(text, str(path))
    except configparser.DuplicateSectionError as error:
        raise ContentError(
            path, error.lineno, f"the section [{_short(error.section)}] is given twice"
        ) from None
    except configparser.DuplicateOptionError as error:
        raise ContentError(
            path,
            error.lineno,
            f"the option {_short(error.option)} is given twice in [{_short(error.section)}]",
        ) from None
    except configparser.MissingSectionHeaderError as error:
        raise ContentError(path, error.lineno, "a line before the first [section]") from None
    except configparser.ParsingError as error:
        line = error.errors[0][0]
        quoted = excerpt(text.splitlines()[line - 1].strip())
        raise ContentError(path, line, f"not a section, option or comment: {quoted}") from None
    except configparser.Error as error:
        reason = excerpt(str(error).splitlines()[0], 120)
        raise ContentError(path, getattr(error, "lineno", None), reason) from None
    return parser


def _short(text: str) -> str:
    return text if len(text) <= EXCERPT else text[:EXCERPT] + "…"


def _check_pattern(path: Path, line: int | None, pattern: str) -> None:
    parts = re.split(r"[/\\]", pattern)
    if not pattern:
        raise ContentError(path, line, "a section names no file pattern: [method: pattern]")
    if pattern.startswith(("/", "\\", "~")) or _DRIVE.match(pattern) or ".." in parts:
        raise ContentError(
            path,
            line,
            f"the pattern {excerpt(pattern)} reaches outside the project: "
            "patterns are relative to it, without ..",
        )


def _check_extensions(path: Path, line: int | None, value: str) -> None:
    for name in (part.strip() for part in value.split(",")):
        if name and name not in JINJA2_EXTENSIONS:
            allowed = ", ".join(sorted(JINJA2_EXTENSIONS))
            raise ContentError(
                path, line, f"extension {excerpt(name)} is not one of Jinja2's own ({allowed})"
            )


def check_mapping(path: Path, text: str) -> None:
    """Refuse, in one line, a babel.cfg that would run anything but the project's extractors."""
    parser = _parsed(path, text)
    lines = _lines(parser, text)
    if parser.default_section in lines.sections:
        raise ContentError(
            path,
            lines.of(parser.default_section),
            f"a [{parser.default_section}] section would add its options to every method",
        )
    named: set[str] = set()
    if parser.has_section("extractors"):
        for name, target in parser.items("extractors"):
            if EXTRACTORS.get(name) != target.strip():
                own = ", ".join(f"{key} = {value}" for key, value in EXTRACTORS.items())
                raise ContentError(
                    path,
                    lines.of("extractors", name),
                    f"extractor {excerpt(name)} = {excerpt(target)} is not the project's own "
                    f"(babel.cfg may name only {own})",
                )
            named.add(name)
    methods = (*BUILTIN_METHODS, *sorted(named))
    for section in parser.sections():
        if section == "extractors":
            continue
        line = lines.of(section)
        if ":" not in section:
            raise ContentError(path, line, f"[{_short(section)}] is not [method: pattern]")
        method, pattern = (part.strip() for part in section.split(":", 1))
        if method not in methods:
            raise ContentError(
                path,
                line,
                f"the extraction method {excerpt(method)} is not one of the project's "
                f"({', '.join(methods)})",
            )
        _check_pattern(path, line, pattern)
        if method in _EXTENSIONS_OF and parser.has_option(section, "extensions"):
            _check_extensions(
                path, lines.of(section, "extensions"), parser.get(section, "extensions")
            )


def read_mapping(project: Path) -> str:
    """The project's babel.cfg, checked: the text pybabel may be given."""
    path = project / MAPPING
    text = InputFiles.project(project).read_text(path)
    check_mapping(path, text)
    return text
