# Two commands on a fresh machine: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# Building needs only the project; the tests add their tools.
SITE_STAMP := $(VENV)/.installed-site
TEST_STAMP := $(VENV)/.installed-test

.PHONY: site test test-thorough check lint bench serve clean

$(SITE_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $@

$(TEST_STAMP): $(SITE_STAMP)
	$(PIP) -e '.[test,dev,browser]'
	touch $@

# The Python runtime the analysis board ships (pyodide, pinned by package-lock.json).
RUNTIME := node_modules/pyodide/package.json
$(RUNTIME): package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch $@

site: $(SITE_STAMP) $(RUNTIME)
	$(BIN)/belote-site build
	@echo "open site/index.html, or run: $(BIN)/belote-site serve"

serve: $(SITE_STAMP) $(RUNTIME)
	$(BIN)/belote-site serve

check: $(SITE_STAMP)
	$(BIN)/belote-site check

# Lint first, once: then the suite (its budget: 15 minutes on 2 cores, CONTRIBUTING.md).
test: $(TEST_STAMP)
	scripts/ensure-tools
	$(BIN)/ruff check generator tests bench
	$(BIN)/ruff format --check generator tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest -n auto --dist loadfile

# Every property, fuzzer and kill test ten times longer (tests/helpers/effort.py).
test-thorough: $(TEST_STAMP)
	scripts/ensure-tools
	HYPOTHESIS_PROFILE=thorough $(BIN)/python -m pytest -n auto --dist loadfile

lint: $(TEST_STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy

bench: $(TEST_STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/pictures.py
	$(BIN)/python bench/build.py
	$(BIN)/python bench/practice.py
	scripts/ensure-tools --lighthouse
	$(BIN)/python bench/lighthouse.py

# The build's caches are the machine's, not the project's: $${XDG_CACHE_HOME:-~/.cache}/belote-site
# (README, "Builds are incremental"); `rm -rf` it to start from nothing.
clean:
	rm -rf site $(VENV) screenshots node_modules bench/lighthouse/node_modules
