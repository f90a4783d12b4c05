# Set-up is part of every target: the first `make run` or `make test` on a fresh machine
# creates .venv and installs hulldown with all its pinned dependencies.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
PYTEST_WORKERS ?= 2

.PHONY: run play test test-compiled compiled lint jscheck bench soak browser clean lock

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c requirements.lock -e '.[all]'
	touch $(STAMP)

# The exact versions of today's environment, after a change of the ranges in pyproject.toml
# (tests/test_packaging.py checks that each lies inside its range).
lock: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[all]'
	{ sed -n '1,3p' requirements.lock; $(BIN)/python -m pip freeze --exclude-editable; } > requirements.lock.new
	mv requirements.lock.new requirements.lock

# The main job: the web app on http://127.0.0.1:8000 with its embedded SQLite database.
run: $(STAMP)
	$(BIN)/hulldown serve

play: $(STAMP)
	$(BIN)/hulldown play tank-killers --opponents heuristic

# The system Chromium drives the browser tests and the PostgreSQL server the `-m postgres` tests
# (they start a throwaway cluster of their own); installing them needs root (apt). Without them
# those tests are skipped and say why.
browser:
	@{ command -v chromium >/dev/null 2>&1 && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; } \
	  || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 \
	  && (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium postgresql >/dev/null) \
	  || echo "chromium or postgresql not installed: browser or postgres tests will be skipped"; }

# The whole test suite.
test: $(STAMP) browser
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) -p no:cacheprovider --durations=20

# The compiled build (docs/simulation.md#the-compiled-build): the engine's state and every game's
# rules compiled with mypyc into build/compiled, for balance studies. Use it with
# PYTHONPATH=build/compiled; it is rebuilt only when a file of the package has changed.
compiled: $(STAMP)
	$(BIN)/python -m hulldown.compiled

# The engine's, the games' and the conformance tests again, on the compiled build (the
# whole suite's tests/test_compiled.py compares whole games between the two builds).
test-compiled: compiled
	HULLDOWN_EXPECT_COMPILED=1 HULLDOWN_CONFORMANCE_SCALE=0.4 $(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) \
	  -p no:cacheprovider -o "pythonpath=build/compiled ." \
	  tests/engine tests/games tests/conformance

# The browser code: TypeScript's checker over the plain ES modules (JSDoc types), installed by npm.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

jscheck: node_modules/.installed
	node_modules/.bin/tsc -p tsconfig.json
	for f in src/hulldown/web/*.js src/hulldown/web/games/*.js; do node --input-type=module --check < $$f || exit 1; done

lint: $(STAMP) jscheck
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/mypy

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do [ $$b = benchmarks/bench_soak.py ] || $(BIN)/python $$b; done

# The web server under a hundred players' games with hostile clients mixed in (about 5 minutes).
soak: $(STAMP)
	PYTHONPATH=src:. $(BIN)/python benchmarks/bench_soak.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache node_modules
