"""The analysis board's budget, in Chromium: what it downloads, how soon it judges.

Goals (issue 34): the runtime and the engine at most 4 MB compressed (brotli, as a
host serves them; gzip printed beside); the first verdict at most 3 s on a desktop
and at most 10 s with the CPU throttled four times (CDP
Emulation.setCPUThrottlingRate), each in a fresh browser context (cold, nothing
cached); a verdict after a tap under 50 ms at x4 (median of several taps).
Run with `python bench/board.py` (`make bench`).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from common import build_site
from playwright.sync_api import sync_playwright

from generator.site.serving.serve import local_server

CHROMIUM = "/usr/bin/chromium"
POSITION = "#rules=maison&trump=H&leader=west&trick=10S,9H&hand=AS,7S,JH,8H,KC"
# Each card taken into the hand, then out again: the hand stays a hand.
TAPS = ("QC", "QC", "9D", "9D", "7C", "7C")
GOALS = {"download": 4.0, "desktop": 3.0, "throttled": 10.0, "tap": 50.0}
FIRST_VERDICT = """async () => {
  const wanted = () => document.querySelector('.board-hand [data-verdict]');
  while (!wanted()) await new Promise(r => setTimeout(r, 10));
  return performance.now();
}"""
TAP = """async (code) => {
  const board = document.getElementById('board');
  const before = Number(board.dataset.judged || 0);
  const start = performance.now();
  const judged = new Promise(resolve => {
    const watch = new MutationObserver(() => {
      if (Number(board.dataset.judged) > before) { watch.disconnect(); resolve(); }
    });
    watch.observe(board, { attributes: true });
  });
  document.querySelector(`.board-card[data-card="${code}"]`).click();
  await judged;
  return performance.now() - start;
}"""


def brotli_sizes(paths: list[Path]) -> int:
    """Bytes once brotli-compressed at its highest quality, by Node's zlib."""
    script = (
        "const zlib=require('zlib'),fs=require('fs');let n=0;"
        "for(const p of JSON.parse(process.argv[1]))n+=zlib.brotliCompressSync("
        "fs.readFileSync(p),{params:{[zlib.constants.BROTLI_PARAM_QUALITY]:11}}).length;"
        "console.log(n)"
    )
    node = shutil.which("node")
    assert node is not None, "node is needed to measure brotli"
    done = subprocess.run(
        [node, "-e", script, json.dumps([str(p) for p in paths])],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout)


def open_board(browser: Any, url: str, rate: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context()
    page = context.new_page()
    fetched: list[str] = []
    page.on("requestfinished", lambda request: fetched.append(request.url))
    if rate > 1:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url + POSITION)
    return context, page, fetched


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        build_site(site)
        with local_server(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            board = url + "en/board/index.html"
            context, page, fetched = open_board(browser, board, 1)
            desktop = page.evaluate(FIRST_VERDICT) / 1000
            context.close()
            context, page, _ = open_board(browser, board, 4)
            throttled = page.evaluate(FIRST_VERDICT) / 1000
            taps = [page.evaluate(TAP, code) for code in TAPS]
            context.close()
            browser.close()
        served = sorted(
            {
                site / address.removeprefix(url)
                for address in fetched
                if "/static/runtime/" in address or "board" in address.rsplit("/", 1)[-1]
            }
        )
        served = [path for path in served if path.is_file()]
        raw = sum(path.stat().st_size for path in served)
        gzipped = sum(len(gzip.compress(path.read_bytes(), 9)) for path in served)
        brotli = brotli_sizes(served)
        sizes = [(path.relative_to(site).as_posix(), path.stat().st_size) for path in served]
    tap = statistics.median(taps)
    print(f"machine load (1, 5, 15 min): {', '.join(f'{n:.1f}' for n in os.getloadavg())}")
    megabyte = 1024 * 1024
    print(f"board: files of the runtime, the engine and the board's scripts: {len(sizes)}")
    for name, size in sizes:
        print(f"  {name}: {size / 1024:.0f} KB")
    print(
        f"download: {brotli / megabyte:.2f} MB brotli (goal <= {GOALS['download']} MB), "
        f"{gzipped / megabyte:.2f} MB gzip, {raw / megabyte:.2f} MB raw"
    )
    print(f"first verdict, desktop, cold: {desktop:.2f} s (goal <= {GOALS['desktop']} s)")
    print(f"first verdict, CPU x4, cold: {throttled:.2f} s (goal <= {GOALS['throttled']} s)")
    print(
        f"verdict after a tap, CPU x4: {tap:.1f} ms median of {len(taps)} "
        f"(goal < {GOALS['tap']} ms; each: {', '.join(f'{t:.0f}' for t in taps)})"
    )


if __name__ == "__main__":
    main()
