# Two commands for a newcomer: `make serve` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: serve test lint typecheck pytest chromium bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/belot serve --host 127.0.0.1 --port 8000

# Debian's Chromium drives the browser tests; never a downloaded browser.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) chromium
	$(BIN)/pytest -n 2 -q

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api.py
	$(BIN)/python bench/browser.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
