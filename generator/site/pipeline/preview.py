"""The pages open in a browser, rendered first: what `serve --watch` shows before the build.

After an edit, the author looks at one page, not at the whole site. As Hugo's
server renders first the pages a browser shows, `serve --watch` renders the
open pages from the inputs as they are now (in the resident process, only
what the edit changed is read and checked again), with the language menu and
the messages the last build recorded, and serves them from memory while the
whole site is built again; the build then replaces them, and the pages reload
once more. The pages are audited as every page is; nothing is written but the
pictures they show, into the machine's picture cache, where the build would
draw them too.
"""

from __future__ import annotations

from collections.abc import Collection

from ..pictures.store import PictureStore
from .cache import Cache
from .inputs import load_inputs
from .manifest import Manifest
from .plan import Job, advertise
from .project import Project
from .renderer import Renderer


def preview(project: Project, paths: Collection[str], records: Cache) -> dict[str, bytes]:
    """The files of the pages at `paths` (below the site's root: `fr/rules/index.html`)
    and of the pictures they show (`img/...`), by path; none for a page the last build
    did not make. Bad input raises, as a build does."""
    last = Manifest.load(project)
    inputs = load_inputs(project, records)
    used = {page.key: last.used(page.key) for page in inputs.pages}
    known = {key: found for key, found in used.items() if found is not None}
    if len(known) < len(used):
        return {}  # a new page: the menu follows every page's messages, known after a build
    menu = advertise(inputs.languages, known, inputs.settings.advertise_from).menu
    wanted = set(paths)
    every = (
        Job(page, language, menu, None if language.is_source else known[page.key])
        for page in inputs.pages
        for language in inputs.languages
    )
    jobs = [job for job in every if job.path in wanted]
    if not jobs:
        return {}
    renderer = Renderer(inputs)
    store = PictureStore(Cache(project.pictures))
    files: dict[str, bytes] = {}
    for job in jobs:
        rendered = renderer.render(job, store)
        files[rendered.path] = rendered.html.encode("utf-8")
        files.update((f"img/{name}", data) for name, data in store.files(rendered.pictures))
    return files
