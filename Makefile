# Two commands on a fresh machine: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# Building needs only the project; the tests add their tools.
SITE_STAMP := $(VENV)/.installed-site
TEST_STAMP := $(VENV)/.installed-test

.PHONY: site test test-thorough check lint bench serve clean trusted-tree
# Prerequisites run in order: the tree is checked before any tool reads it.
.NOTPARALLEL:
# Each tool is given its configuration: a pytest.ini, mypy.ini or setup.cfg a pull request
# adds is never read (docs/security.md, "Who is trusted"). `-P`: the working folder is not
# put on sys.path, so nothing in the tree shadows an installed module.
PYTEST := $(BIN)/python -P -m pytest -c pyproject.toml --rootdir . -p no:doctest
MYPY := $(BIN)/mypy --config-file pyproject.toml
RUFF := $(BIN)/ruff
# The tests start the tool in hundreds of processes: each reads compiled code instead of
# compiling the package anew (where PYTHONDONTWRITEBYTECODE is set, nothing else writes it).
COMPILE := $(BIN)/python -m compileall -q generator

# No unreviewed file in the tree may decide what runs (scripts/check-tree), checked by the
# system Python in isolated mode before any virtualenv or tool is used.
trusted-tree:
	$(PYTHON) -I scripts/check-tree

$(SITE_STAMP): pyproject.toml | trusted-tree
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) -e .
	touch $@

$(TEST_STAMP): $(SITE_STAMP)
	$(PIP) -e '.[test,dev,browser]'
	touch $@

# The Python runtime the analysis board ships (pyodide, pinned by package-lock.json, whose
# entries check-tree holds to the registry and their hashes before npm reads them).
# Its standard library is then compiled to bytecode by the runtime itself (the pages start
# without compiling a source; the build holds the result to a pinned SHA-256).
RUNTIME := node_modules/pyodide/python_stdlib_bytecode.zip
$(RUNTIME): package-lock.json scripts/compile-stdlib.mjs | trusted-tree
	$(PYTHON) -I scripts/check-tree --npm .
	npm ci --no-audit --no-fund --ignore-scripts
	node scripts/compile-stdlib.mjs

site: trusted-tree $(SITE_STAMP) $(RUNTIME)
	$(BIN)/belote-site build
	@echo "open site/index.html, or run: $(BIN)/belote-site serve"

serve: trusted-tree $(SITE_STAMP) $(RUNTIME)
	$(BIN)/belote-site serve

check: $(SITE_STAMP)
	$(BIN)/belote-site check

# Lint first, once: then the suite (its budget: 10 minutes on 2 cores, CONTRIBUTING.md).
# Three workers on two cores: a clean clone took 15:02 and 15:08 at two workers, 14:38 at
# three (5 December 2026); 10:43 at three and 10:48 at four (7 December). Both cores stay
# busy throughout (vmstat): `time` shows about 1.2 cores only because it does not count
# the Chromium processes the browser tests start.
WORKERS := 3
test: trusted-tree $(TEST_STAMP)
	scripts/ensure-tools
	$(RUFF) check --config pyproject.toml generator tests bench scripts/check-tree
	$(RUFF) format --config pyproject.toml --check generator tests bench scripts/check-tree
	$(MYPY)
	$(COMPILE)
	$(PYTEST) -n $(WORKERS) --dist loadfile tests

# Every property, fuzzer and kill test ten times longer (tests/helpers/effort.py).
test-thorough: trusted-tree $(TEST_STAMP)
	scripts/ensure-tools
	$(COMPILE)
	HYPOTHESIS_PROFILE=thorough $(PYTEST) -n auto --dist loadfile tests

lint: trusted-tree $(TEST_STAMP)
	$(RUFF) check --config pyproject.toml generator tests bench scripts/check-tree
	$(MYPY)

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
