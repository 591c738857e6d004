# Two commands do everything on a fresh Debian machine with Python 3.11:
#   make run   - virtualenv, install, database, serve on http://127.0.0.1:5000
#   make test  - the same plus test tools and Chromium, then lint, types and the suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
RUN_DEBS  :=
TEST_DEBS := chromium poppler-utils

.PHONY: run test lint bench clean

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

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(call debs,$(RUN_DEBS) $(TEST_DEBS))
	$(BIN)/pip install -qq -e ".[test]" 2>&1 | grep -v "is ignored" || true
	$(BIN)/python -c "import scorekeeper, pytest, playwright"
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/scorekeeper --help

lint: $(VENV)/.test-installed
	$(BIN)/ruff check scorekeeper tests benchmarks
	$(BIN)/ruff format --check scorekeeper tests benchmarks
	$(BIN)/mypy scorekeeper/rules

test: lint
	test -x /usr/bin/chromium
	$(BIN)/pytest -q

bench: $(VENV)/.run-installed
	$(BIN)/python benchmarks/replay.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
