# Two commands for a newcomer: `make serve` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: serve test needs jstest lint typecheck pytest chromium nginx bench clean wheel test-compiled compiled-tests offline fuzz lock

# The venv of `make serve` and `make test`: the exact versions of requirements/dev.lock, each
# file checked against its hash (pip refuses any other), then belot itself, editable, with the
# locked setuptools (no isolated build fetching the newest). pyproject.toml keeps its ranges for
# `pip install belot`; the `wheel` test installs those (tests/test_packaging.py).
LOCK := requirements/dev.lock

$(STAMP): $(LOCK) pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# Refresh the lock (README, "Two commands"): every pin to the newest release pyproject.toml's
# ranges allow, for Python 3.11 on Linux x86_64, with every file's hash, by uv in a venv of its
# own (build/lock-tool); `make lock LOCK_FLAGS=` only adds what a change of pyproject.toml
# needs, keeping the other pins. Then `make test`, and commit the lock with what it needs.
UV_VERSION := 0.13.8
LOCK_TOOL  := build/lock-tool
LOCK_FLAGS ?= --upgrade

lock:
	test -x $(LOCK_TOOL)/bin/uv || { $(PYTHON) -m venv $(LOCK_TOOL) && \
	  $(LOCK_TOOL)/bin/pip install --quiet uv==$(UV_VERSION); }
	$(LOCK_TOOL)/bin/uv pip compile --quiet $(LOCK_FLAGS) --generate-hashes \
	  --python-version 3.11 --python-platform x86_64-unknown-linux-gnu \
	  --custom-compile-command "make lock" --extra dev \
	  pyproject.toml requirements/tools.in -o $(LOCK)

serve: $(STAMP) offline
	$(BIN)/belot serve --host 127.0.0.1 --port 8000

# Debian's Chromium drives the browser tests; never a downloaded browser.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# Debian's nginx runs the reverse-proxy test (docs/deploy.md); never started as a service.
# Where it cannot be installed (not root, no apt) the test skips: not a reason to stop here.
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { \
	  echo "installing Debian's nginx-light"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light \
	    >/dev/null; } || echo "no nginx: tests/guards/test_proxy.py will skip"; }

# The offline pack (docs/web.md, "Offline"): Pyodide and Workbox from the npm registry, at the
# versions and integrity hashes of vendor/package-lock.json (`npm ci` checks each one), into
# vendor/node_modules (not checked in). Without npm the pages work online only.
OFFLINE := vendor/node_modules/.installed

offline: $(OFFLINE)

$(OFFLINE): vendor/package.json vendor/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  npm ci --prefix vendor --no-audit --no-fund --ignore-scripts --loglevel=error && touch $@; \
	else echo "no npm: the pages work online only (no offline pack)"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# Hypothesis's `ci` profile (tests/conftest.py): every property test, schemathesis's too, is
# derandomised, so a commit passes or fails the same way on every machine (docs/testing.md).
pytest: $(STAMP) chromium nginx offline
	BELOT_HYPOTHESIS_PROFILE=ci $(BIN)/pytest -n 2 -q

# Exploration (docs/testing.md): the property and fuzz tests only (no browser), with the `fuzz`
# profile: ten times the examples (FUZZ_EXAMPLES=N: N/100 times), a fresh seed (or SEED=N to
# replay a run), failures kept in .hypothesis/examples and tried first. Not in `make test`.
# Every test file with a `@given` (tests/test_determinism.py checks none is a browser test).
PROPERTY_TESTS := $(shell grep -rlE '^[[:space:]]*@given' tests --include='test_*.py' | sort)
FUZZ_JOBS ?= 2
FUZZ_EXAMPLES ?= 1000
ifndef SEED
SEED := $(shell od -An -N4 -tu4 /dev/urandom | tr -d ' ')
endif

fuzz: $(STAMP)
	@echo "fuzz seed $(SEED): make fuzz SEED=$(SEED) runs the same examples again"
	BELOT_HYPOTHESIS_PROFILE=fuzz BELOT_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) \
	  $(BIN)/pytest -n $(FUZZ_JOBS) -q --hypothesis-seed=$(SEED) $(PROPERTY_TESTS)

# What the suite needs from outside the venv, one after another (apt takes one at a time).
needs: chromium
	$(MAKE) nginx
	$(MAKE) offline

# The compiled wheel builds beside the checks (each mostly one core's work) while apt and npm
# fetch what the suite needs, then the suite, then the compiled core's tests: CI's two cores
# are kept busy (README, "Two commands").
test: $(STAMP)
	$(MAKE) -j3 needs lint typecheck jstest wheel
	$(MAKE) pytest
	$(MAKE) compiled-tests

# The page scripts' pure parts (ES modules), with Node's own test runner.
jstest:
	@if command -v node >/dev/null 2>&1; then node --test tests/js/; \
	else echo "no node: the page scripts' unit tests are skipped"; fi

# The optional compiled core (issue 12), the way black and mypy ship: with a C compiler the
# wheel carries belot.core compiled by mypyc; without one it is the same pure-Python package.
CC_FOUND := $(shell command -v $${CC:-cc} 2>/dev/null)
COMPILED := build/compiled

wheel: $(STAMP)
	rm -rf dist build/lib.* build/temp.* build/bdist.*  # no module compiled by an earlier build
	BELOT_MYPYC=$(if $(CC_FOUND),1,0) $(BIN)/pip wheel --quiet --no-build-isolation --no-deps -w dist .
	@ls dist

# The core and command-line tests again, against the compiled wheel unpacked beside the
# sources (PYTHONPATH puts it first; the console script and subprocesses inherit it).
test-compiled: wheel
	$(MAKE) compiled-tests

compiled-tests: $(STAMP)
ifdef CC_FOUND
	rm -rf $(COMPILED) && mkdir -p $(COMPILED)
	$(BIN)/python -m zipfile -e dist/belot-*-cp3*.whl $(COMPILED)
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "import belot.core.belot as m; assert m.__file__.endswith('.so'), m.__file__"
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "import belot.core.games.bela as m; assert m.__file__.endswith('.so'), m.__file__"
	BELOT_HYPOTHESIS_PROFILE=ci BELOT_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED) $(BIN)/pytest -n 2 -q \
	  tests/core tests/test_cli_score.py \
	  tests/test_cli_errors.py tests/test_examples_cli.py tests/test_cli_match.py \
	  tests/test_toy_game.py
else
	@echo "no C compiler: the pure-Python package only, nothing compiled to test"
endif

bench: $(STAMP) offline
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/api.py
	$(BIN)/python bench/browser.py
	$(BIN)/python bench/clubs.py
	$(BIN)/python bench/live.py
	$(BIN)/python bench/offline.py

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info vendor/node_modules
