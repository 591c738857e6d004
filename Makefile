# Two commands do everything on a fresh Debian machine with Python 3.11:
#   make run   - virtualenv, install, database, serve on http://127.0.0.1:5000
#                (make run HOST=0.0.0.0: serve the local network, for the phones;
#                 make run HOST=0.0.0.0 HTTPS=1: the same over HTTPS, see /trust)
#   make test  - the same plus test tools and Chromium, then lint, types and the suite
#   make fuzz  - a deep run of every Hypothesis test: new random examples, the fuzz's
#                ten times as many as in the suite (docs/architecture.md, "The suite")
PYTHON ?= python3
HOST   ?= 127.0.0.1
PORT   ?= 5000
HTTPS  ?=
VENV   := .venv
# Least % of the package's expressions typed (not Any, mypy's any-exprs report): a ratchet,
# raised as modules get typed (issue 34 wants 97).
TYPED  ?= 97
BIN    := $(VENV)/bin
# The suite's processes: one more than the cores, so that while a test waits for its server,
# its browser or a subprocess the cores stay busy; an idle worker takes tests from a busy
# one's queue (worksteal). Figures, dated: docs/performance.md, "The suite".
# Python may keep its compiled files (a machine whose environment sets
# PYTHONDONTWRITEBYTECODE compiled every module again in every worker and every server
# the tests start).
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
RUN_DEBS  := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core fonts-droid-fallback libicu-dev pkg-config g++
TEST_DEBS := chromium poppler-utils systemd

.PHONY: run setup test fuzz lint bench load translations clean

# Install the Debian packages of $(1) that are missing (one apt-get update when needed).
define debs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "apt-get install$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(call debs,$(RUN_DEBS))
	$(BIN)/pip install -qq -e . 2>&1 | grep -v "is ignored" || true
	$(BIN)/python -c "import scorekeeper"
	touch $@

# French is the default language: the compiled catalogs are built, not committed
# (here for the checkout's editable install; setup.py compiles them into a wheel).
$(VENV)/.catalogs: $(VENV)/.run-installed $(wildcard scorekeeper/translations/*/LC_MESSAGES/messages.po)
	$(BIN)/pybabel -q compile -d scorekeeper/translations
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(call debs,$(RUN_DEBS) $(TEST_DEBS))
	$(BIN)/pip install -qq -e ".[test]" 2>&1 | grep -v "is ignored" || true
	$(BIN)/python -c "import scorekeeper, pytest, playwright"
	touch $@ $(VENV)/.run-installed

# Everything but serving: what a server's administrator runs before starting the service.
setup: $(VENV)/.run-installed $(VENV)/.catalogs

# waitress, one process per core (see scorekeeper/serving/serve.py); the database is
# created or migrated before the processes start.
run: setup
	$(BIN)/scorekeeper serve --host $(HOST) --port $(PORT)$(if $(HTTPS), --https)

lint: $(VENV)/.test-installed
	$(BIN)/ruff check scorekeeper tests benchmarks tools
	$(BIN)/ruff format --check scorekeeper tests benchmarks tools
	$(BIN)/mypy scorekeeper --any-exprs-report $(VENV)/any-exprs
	$(BIN)/python tools/typed_share.py $(VENV)/any-exprs --least $(TYPED)
	$(BIN)/mypy tests/toygame/src/toygame  # a game from outside, typed as its author would
	$(BIN)/lint-imports

test: lint $(VENV)/.catalogs
	$(BIN)/python tools/translate.py --check
	test -x /usr/bin/chromium
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n $(WORKERS) --dist worksteal

# The suite's Hypothesis tests draw the same examples every run (a steady time, no
# failure by luck); this draws new ones, ten times as many for the fuzz (tests/web/test_fuzz.py).
fuzz: $(VENV)/.test-installed $(VENV)/.catalogs
	$(BIN)/pytest -q -n auto -m hypothesis --hypothesis-profile=fuzz

bench: $(VENV)/.run-installed
	$(BIN)/python benchmarks/replay.py
	$(BIN)/python benchmarks/replay_json.py
	$(BIN)/python benchmarks/request_cpu.py
	$(BIN)/python benchmarks/pages.py
	$(BIN)/python benchmarks/https.py
	$(BIN)/python benchmarks/first_pdf.py
	$(BIN)/python benchmarks/start.py
	$(BIN)/python benchmarks/large_pdfs.py
	$(BIN)/python benchmarks/notice.py
	$(BIN)/python benchmarks/draw.py
	$(BIN)/python benchmarks/ratings.py
	$(BIN)/python benchmarks/cashbox.py
	$(BIN)/python benchmarks/lost_fee.py
	$(BIN)/python benchmarks/director_first_view.py

# 50 tables entering coups and 200 phones following them for 60 s (Locust); then a
# championship: 136 manillen tables of an event, 500 phones and a wall following it.
load: $(VENV)/.run-installed $(VENV)/.catalogs
	$(BIN)/pip install -qq -e ".[bench]" 2>&1 | grep -v "is ignored" || true
	$(BIN)/python benchmarks/load.py
	$(BIN)/python benchmarks/event_load.py

# After changing a user-facing string: extract, merge into the .po files, compile.
translations: $(VENV)/.run-installed
	$(BIN)/python tools/translate.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
