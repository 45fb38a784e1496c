# The two commands that do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The browser tests (tests/pages) drive this Chromium; Playwright's own download of a browser
# cannot be reached from our machines.
CHROMIUM ?= /usr/bin/chromium

.PHONY: run test lint format bench soak sweep keys clean chromium screenshots

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	exec $(BIN)/python -m app.run.serve

test: $(STAMP) lint chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m pytest $(PYTEST_ARGS)

# Debian's chromium, installed when it is missing and this is root on Debian (our machines and
# CI are); anywhere else the run stops here and says what to do. Never a skipped browser test.
chromium:
	@test -x $(CHROMIUM) || ! { [ $(CHROMIUM) = /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && \
	  command -v apt-get >/dev/null; } || { \
	  echo "make: installing Debian's chromium for the browser tests (tests/pages)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
	@test -x $(CHROMIUM) || { \
	  echo "*** Chromium is missing: the browser tests (tests/pages) need it at $(CHROMIUM)." >&2; \
	  echo "*** Install it (apt-get install chromium), or name it: make test CHROMIUM=/path" >&2; \
	  exit 1; }

# The pictures of the pages in the README (docs/screenshots/), taken again.
screenshots: $(STAMP) chromium
	CHROMIUM=$(CHROMIUM) $(BIN)/python -m tests.pages.screenshots

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks

# The service under load and kill -9 for SOAK_SECONDS (README, "Reliability"); the SOAK_*
# variables reach it through the environment. Not part of `make test`, which runs it briefly.
soak: $(STAMP)
	$(BIN)/python -m tests.soak $(SOAK_ARGS)

# The keys every host of one service reads (SECRET_KEY_FILE, RECEIPT_KEY_DIR), made once to copy
# to each: a start on a store other hosts share will not make them itself.
keys: $(STAMP)
	$(BIN)/python -m app.run.keys

sweep: $(STAMP)
	$(BIN)/flask --app app sweep

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
