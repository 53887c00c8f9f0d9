"""The pipeline: inputs, plan, render, publish, report (`build.py`), and the cache,
manifest, output and workers they use."""
