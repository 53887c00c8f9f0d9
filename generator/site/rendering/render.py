"""The Jinja2 environment, and template errors reported as one line.

Templates arrive in pull requests too, so they run in Jinja's sandbox (no
reaching Python's internals, the process's environment or files) and are
read through the same checks as every input. Undefined names are errors.
A template error becomes a `ContentError` naming the template and its line.
"""

from __future__ import annotations

import os
import resource
import signal
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import MethodType
from typing import Any

from jinja2 import (
    BaseLoader,
    BytecodeCache,
    Environment,
    StrictUndefined,
    TemplateError,
    TemplateNotFound,
    TemplateSyntaxError,
    select_autoescape,
)
from jinja2.exceptions import SecurityError
from jinja2.loaders import split_template_path
from jinja2.runtime import Macro, Undefined
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup, escape

from ...content.errors import ContentError, excerpt
from ...content.files import InputFiles
from ...content.text import INVISIBLE, hidden, line_of
from .i18n import Gettext
from .tables import auction_table, contract_table, rulings, score_sheet
from .trust import decided_by_kind, reachable, template_value


class ProjectLoader(BaseLoader):
    """Templates from the project's folder, read as any input: regular files inside it."""

    def __init__(self, folder: Path, files: InputFiles) -> None:
        self.folder = folder
        self.files = files

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if not (path.is_file() or path.is_symlink()):
            raise TemplateNotFound(template)
        text = self.files.read_text(path)
        if (invisible := hidden(text)) is not None:
            raise ContentError(path, line_of(text, invisible[0]), INVISIBLE.format(invisible[1]))
        mtime = os.stat(path).st_mtime_ns
        return text, str(path), lambda: os.stat(path).st_mtime_ns == mtime


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox, shut on everything but values (`rendering/trust.py`).

    Jinja refuses internals (a leading underscore, a function's or frame's
    attributes, a mutating method); on top of that every attribute and item
    a template looks up, everything it calls and everything a call returns
    must be a template value, so a `Path` or the picture store is out of
    reach however a template gets near one. Whether an attribute is open
    depends only on the types involved, so each is decided once.
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._safe: dict[tuple[type, str, type], bool] = {}
        self._callable: dict[object, bool] = {}

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        # A value, or a method of the object's own class (whose owner is the object): the
        # answer is the same for every object of its type. Any other callable (a function
        # held in a field) is asked about itself.
        kind = type(value)
        if callable(value) and not (
            kind is MethodType and value.__self__ is obj and decided_by_kind(obj)
        ):
            return super().is_safe_attribute(obj, attr, value) and reachable(obj, attr, value)
        key = (type(obj), attr, kind)
        safe = self._safe.get(key)
        if safe is None:
            safe = super().is_safe_attribute(obj, attr, value) and reachable(obj, attr, value)
            self._safe[key] = safe
        return safe

    def getattr(self, obj: Any, attribute: str) -> Any:
        # Jinja's, with its check for `str.format` made only where the name is one of those,
        # and a mapping's item (`{{ row.cell }}`) held to the same rule as `row["cell"]`.
        if attribute in ("format", "format_map"):
            return super().getattr(obj, attribute)
        try:
            value = getattr(obj, attribute)
        except AttributeError:
            return self.getitem(obj, attribute)
        if self.is_safe_attribute(obj, attribute, value):
            return value
        return self.unsafe_undefined(obj, attribute)

    def is_safe_callable(self, obj: Any) -> bool:
        # A macro, or a method of a value's class: decided once per function and owner's type.
        key: object
        if type(obj) is MethodType and decided_by_kind(obj.__self__):
            key = (obj.__func__, type(obj.__self__))
        elif type(obj) is Macro:
            key = Macro
        else:
            return super().is_safe_callable(obj) and template_value(obj)
        safe = self._callable.get(key)
        if safe is None:
            safe = super().is_safe_callable(obj) and template_value(obj)
            self._callable[key] = safe
        return safe

    def getitem(self, obj: Any, argument: Any) -> Any:
        value = super().getitem(obj, argument)
        if isinstance(value, Undefined) or template_value(value):
            return value
        return self.unsafe_undefined(obj, str(argument))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        result = super().call(__context, __obj, *args, **kwargs)
        if not template_value(result):
            raise SecurityError(f"a template may not hold a {type(result).__name__}")
        return result


def environment(
    templates: Path, files: InputFiles, compiled: BytecodeCache | None = None
) -> Environment:
    env = Sandbox(
        loader=ProjectLoader(templates, files),
        bytecode_cache=compiled,
        extensions=["jinja2.ext.i18n"],
        autoescape=select_autoescape(["html", "xml"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.policies["ext.i18n.trimmed"] = True
    env.filters["sentence"] = sentence
    # Tables drawn from engine values (generator/site/rendering/tables.py).
    env.globals["auction_table"] = auction_table
    env.globals["score_sheet"] = score_sheet
    env.globals["contract_table"] = contract_table
    env.globals["rulings"] = rulings
    env.globals["section_anchor"] = section_anchor
    env.globals["term_anchor"] = term_anchor
    return env


def section_anchor(number: int) -> str:
    """The anchor of a page's section: `section-3` (scenario ids may not take these)."""
    return f"section-{number}"


TERM_ANCHOR = "term-"


def term_anchor(term_id: str) -> str:
    """A glossary term's anchor: `term-taker` (scenario ids may not take these)."""
    return f"{TERM_ANCHOR}{term_id}"


def install(env: Environment, gettext: Gettext) -> None:
    """Point the i18n extension, and the number filter, at this language."""
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext.gettext,
        gettext.ngettext,
        newstyle=True,
        pgettext=gettext.pgettext,
        npgettext=gettext.npgettext,
    )
    env.globals["number"] = gettext.number
    env.filters["number"] = gettext.number


def sentence(text: str) -> Markup:
    """Capitalise a sentence that begins with a lower-case phrase (tags and entities left alone).

    Plain text is escaped first: only markup the site made stays markup.
    """
    html = str(escape(text))
    index = 0
    while index < len(html):
        if html[index] == "<":
            index = html.find(">", index) + 1 or len(html)
        elif html[index] == "&":  # a character reference: not a letter to capitalise
            index = html.find(";", index) + 1 or len(html)
        elif html[index].isalpha():
            return Markup(html[:index] + html[index].upper() + html[index + 1 :])
        else:
            index += 1
    return Markup(html)


@contextmanager
def template_errors(templates: Path, what: str) -> Iterator[None]:
    """Any error a template raises while `what` renders, as one line at the template's line."""
    try:
        yield
    except ContentError:
        raise
    except TemplateSyntaxError as error:
        path = error.filename or str(templates / (error.name or "?"))
        raise ContentError(
            path, error.lineno, f"template syntax: {excerpt(error.message, 160)}"
        ) from None
    except Exception as error:
        # The template lines in the traceback (Jinja rewrites it so); the error is the last's.
        folder = str(templates.resolve())
        frames = [
            (frame.filename, frame.lineno)
            for frame in traceback.extract_tb(error.__traceback__)
            if os.path.realpath(frame.filename).startswith(folder)
        ]
        path, line = frames[-1] if frames else ("", None)
        if isinstance(error, TemplateNotFound):
            message = f"no template {excerpt(error.name)} (rendering {what})"
        elif isinstance(error, MemoryError):
            message = f"template needs more than {RENDER_BYTES >> 20} MiB to render {what}"
        elif isinstance(error, RenderBound):
            message = f"template {error} ({what})"
        elif isinstance(error, RecursionError):
            # The line that repeats most in an endless recursion: the include at fault.
            path, line = Counter(frames).most_common(1)[0][0] if frames else ("", None)
            message = f"template includes itself without end (rendering {what})"
        else:  # whatever a template's call raised, in one line
            message = excerpt(str(error) or type(error).__name__, 160)
            if not isinstance(error, TemplateError):
                message = f"{type(error).__name__}: {message}"
            message = f"template error rendering {what}: {message}"
        raise ContentError(path or templates, line, message) from None


# What one page may take to render, in processor time. A template from a pull request can
# loop 10^10 times (nested loops, each under the sandbox's range limit) or double a string:
# past either bound the build stops, naming the template's line, instead of holding CI
# until its own time limit or the machine's memory runs out.
# BELOTE_RENDER_SECONDS (the environment is the machine's, not a pull request's) lets the
# tests prove the bound without waiting it out; it is read when a render starts, so a
# process forked after the import (the tests' fork server) takes its own.
RENDER_SECONDS = 20.0


def render_seconds() -> float:
    return float(os.environ.get("BELOTE_RENDER_SECONDS", RENDER_SECONDS))


RENDER_BYTES = 1 << 30


class RenderBound(Exception):
    """A page took more than render_seconds() of processor time to render."""


def _out_of_time(signum: int, frame: object) -> None:
    raise RenderBound(
        f"took more than {render_seconds():g} s of processor time to render (a page takes less)"
    )


def _address_space() -> int:
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


@contextmanager
def bounded() -> Iterator[None]:
    """Rendering under a time and a memory bound, where the process can set them (the main
    thread of a process with /proc: the build's and its workers'); elsewhere unbounded."""
    if threading.current_thread() is not threading.main_thread() or not _address_space():
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _address_space() + RENDER_BYTES
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    # Processor time, not the clock's: a loaded machine (CI running tests side by side)
    # slows a page down without its template doing any more.
    previous = signal.signal(signal.SIGPROF, _out_of_time)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    signal.setitimer(signal.ITIMER_PROF, render_seconds())
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def render(
    env: Environment, template: str, context: dict[str, Any], templates: Path, what: str
) -> str:
    with template_errors(templates, what), bounded():
        return env.get_template(template).render(context)
