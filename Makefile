# Two commands on a fresh machine: `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test check lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev,browser]'
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/belote-site build --out site

check: $(STAMP)
	$(BIN)/belote-site check

test: $(STAMP)
	scripts/ensure-tools
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/pictures.py
	scripts/ensure-tools
	$(BIN)/python bench/lighthouse.py

clean:
	rm -rf site $(VENV) .cache screenshots node_modules
