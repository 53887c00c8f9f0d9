"""Building the site, as five stages that hand values forward (MkDocs' linear build):

1. inputs (`inputs.py`): read and verify everything, each file once;
2. plan (`plan.py`, pure): which pages to render, which to take over, their keys;
3. render (`renderer.py`): each planned page in its language, on every core;
4. publish (`publish.py`): into a fresh folder, swapped in whole;
5. report (`report.py`): what the build did.

`check` runs the same stages without publishing, so whatever would stop a
build stops the check first, with the same line.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path

from ...content.catalogs import Key
from ...content.errors import UserError, excerpt
from ..pictures.store import PictureStore
from .cache import Cache, claim, code_stamp
from .inputs import Inputs, load_inputs, load_languages
from .keys import Keys, reusable, sorted_keys
from .manifest import Manifest, environment, input_stamps, output_stamps
from .output import Output
from .plan import Advertised, Job, Plan, Rendered, advertise, plan_english, plan_outputs
from .project import Project
from .publish import Produced, check_out, publish
from .renderer import Renderer
from .report import Report, report
from .runtime import Pinned, runtime_files
from .workers import run_all

__all__ = [
    "Inputs",
    "Project",
    "Renderer",
    "Report",
    "build",
    "load_inputs",
    "load_languages",
    "page_messages",
]

Progress = Callable[[int, int], None]  # pages done, pages in all


def build(
    project: Project,
    out: Path | None,
    *,
    dry: bool = False,
    workers: int = 1,
    progress: Progress | None = None,
    records: Cache | None = None,
) -> Report:
    """Check everything and, unless `dry`, write the site into `out` (swapped in whole).

    A build takes over from the last one (its manifest, in the project's cache)
    every output whose inputs have not changed; `workers` processes render
    the rest. `records`: the project's records, as a process that builds again
    and again keeps them (`Cache(project.records, resident=True)`, `serve --watch`).
    """
    started = time.perf_counter()
    last = Manifest.load(project)
    # Stamped before anything is read: an input edited during the build is new to the next.
    stamps = None if dry or out is None else input_stamps(project, last.inputs)
    cache = records or Cache(project.records)
    inputs = load_inputs(project, cache, workers)
    renderer = Renderer(inputs)
    pictures = Cache(project.pictures)
    if stamps is None or out is None:
        store = PictureStore(pictures, dry=True)
        plan, advertised = _plan(inputs, renderer, store, workers)
        for _ in _render(renderer, plan, advertised, store, workers, progress):
            pass
        return report(inputs, plan, advertised, None, time.perf_counter() - started)
    check_out(project, out)
    output = Output(out)
    output.check_target()
    claim(project.root, project.cache)
    store = PictureStore(pictures)
    with output.locked():
        output.recover()
        pictures.sweep(daily=True)
        cache.sweep(daily=True)
        old = out if out.is_dir() and last.out == os.path.realpath(out) else None
        keys = Keys.of(project, stamps, inputs.pages, inputs.coverage)
        content_keys = {page.key: keys.content(page) for page in inputs.pages}

        def intact(path: str, page_key: str) -> bool:
            assert old is not None
            return reusable(last, old, path, page_key) and store.has(last.pictures.get(path, []))

        plan, advertised = _plan(
            inputs,
            renderer,
            store,
            workers,
            content_keys=content_keys,
            last=last if old else None,
            reusable=intact if old else None,
        )
        try:
            fresh = output.fresh()
        except OSError as error:
            raise UserError(out, None, f"cannot write the site: {error.strerror}") from None
        try:
            produced = _render(renderer, plan, advertised, store, workers, progress)
            # Closed whatever happens: a failure while publishing ends the render's
            # workers now, not whenever the traceback holding the generator is dropped.
            with contextlib.closing(produced):
                published = publish(
                    fresh, old, produced, project, inputs.static, store, _runtime(inputs)
                )
            output.swap_in(fresh)
        except OSError as error:
            shutil.rmtree(fresh, ignore_errors=True)
            reason = error.strerror or str(error)
            raise UserError(out, None, f"cannot write the site: {excerpt(reason)}") from None
        except BaseException:
            shutil.rmtree(fresh, ignore_errors=True)
            raise
        # The site is built: without a manifest the next build is merely a full one.
        with contextlib.suppress(OSError):
            Manifest(
                out=os.path.realpath(out),
                code=code_stamp(),
                environment=environment(),
                inputs=stamps,
                outputs=output_stamps(out),
                keys=dict(plan.keys),
                content_keys=content_keys,
                messages={
                    key: [list(k) for k in sorted_keys(found)] for key, found in plan.used.items()
                },
                pictures={path: list(names) for path, names in published.pictures.items()},
                pages=plan.pages + 1,
            ).save(project)
    return report(inputs, plan, advertised, published, time.perf_counter() - started)


def _runtime(inputs: Inputs) -> Iterator[tuple[str, bytes | Pinned]]:
    """The engine's files for the browser, where a page runs it (none otherwise): read
    once the pages are written, one at a time, not held through the render (14 MB)."""
    if any(page.kind.runtime for page in inputs.pages):
        yield from runtime_files(inputs.rulesets.all())


def _plan(
    inputs: Inputs,
    renderer: Renderer,
    store: PictureStore,
    workers: int,
    *,
    content_keys: Mapping[str, str] | None = None,
    last: Manifest | None = None,
    reusable: Callable[[str, str], bool] | None = None,
) -> tuple[Plan, Advertised]:
    """Plan the site; the English pages whose messages are not known yet are rendered now."""
    english_plan = plan_english(inputs.pages, content_keys or {}, last or Manifest())
    menu = inputs.languages
    jobs = [Job(page, inputs.source, menu) for page in english_plan.render]
    english = {
        job.page.key: rendered
        for job, rendered in zip(jobs, _rendered(renderer, jobs, store, workers), strict=True)
    }
    used = {**english_plan.known, **{key: r.used for key, r in english.items()}}
    used = {page.key: used[page.key] for page in inputs.pages}
    advertised = advertise(inputs.languages, used, inputs.settings.advertise_from)
    plan = plan_outputs(
        inputs.pages,
        inputs.languages,
        advertised.menu,
        used,
        english,
        content_keys=content_keys,
        last=last,
        reusable=reusable,
    )
    return plan, advertised


def _rendered(
    renderer: Renderer, jobs: list[Job], store: PictureStore, workers: int
) -> Iterator[Rendered]:
    return run_all(lambda job: renderer.render(job, store), jobs, workers)


def _render(
    renderer: Renderer,
    plan: Plan,
    advertised: Advertised,
    store: PictureStore,
    workers: int,
    progress: Progress | None,
) -> Generator[Produced, None, None]:
    """Every file of the plan, in the plan's order: kept, ready, rendered; then the root
    page and the sitemap, unless kept."""
    total = len(plan.ready) + len(plan.render)  # the pages this build writes anew
    for kept in plan.kept:
        yield Produced(kept.path, None, frozenset(kept.pictures))
    # Chained, not unpacked: each page is written before the next is rendered.
    fresh = itertools.chain(plan.ready, _rendered(renderer, list(plan.render), store, workers))
    for done, rendered in enumerate(fresh, start=1):
        if progress is not None:
            progress(done, total)
        yield Produced(rendered.path, rendered.html, rendered.pictures, rendered.drawn)
    if "index.html" in plan.site:
        yield Produced("index.html", renderer.root_page(advertised.menu))
    if "404.html" in plan.site:
        yield Produced("404.html", renderer.not_found_page(advertised.menu))
    if "sitemap.xml" in plan.site:
        yield Produced("sitemap.xml", renderer.sitemap(advertised.menu))


def page_messages(project: Project, inputs: Inputs | None = None) -> dict[str, set[Key]]:
    """For each page, every catalog message it shows (found by rendering it in English)."""
    inputs = inputs or load_inputs(project)
    renderer = Renderer(inputs)
    store = PictureStore(Cache(), dry=True)
    jobs = [Job(page, inputs.source, inputs.languages) for page in inputs.pages]
    return {job.page.key or "home": set(renderer.render(job, store).used) for job in jobs}
