# The README's two commands: `make play` and `make test`. Each creates .venv if it is missing.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check --quiet

.PHONY: play test lint typecheck pytest bench fuzz lock clean

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "hexmech needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

# Installed markers: reinstall only when pyproject.toml or the pinned versions change.
# constraints.txt pins every package to the versions the tests passed with (see `make lock`).
$(VENV)/.installed: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) install -c constraints.txt -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml constraints.txt | $(BIN)/python
	$(PIP) install -c constraints.txt -e '.[dev]'
	touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/hexmech

test: $(VENV)/.installed-dev lint typecheck pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# Coverage of engine/ and saves/ is printed at the end of every run; tests run on every core.
PYTEST_ARGS ?= -n auto --cov=engine --cov=saves --cov-report=term
pytest: $(VENV)/.installed-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed-dev
	$(BIN)/python -m pytest tests/bench -o python_files='bench_*.py' -p no:randomly -q -s

# The fuzz suite (tests/fuzz) at length: FUZZ_EXAMPLES variants of each real file and x10 hypothesis
# examples a test (`make test` runs it small). One process, so the tally of files tried and
# failures per reader prints at the end.
FUZZ_EXAMPLES ?= 300
fuzz: $(VENV)/.installed-dev
	HEXMECH_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest tests/fuzz -n 0 -p no:randomly -q

# Pin the newest versions pyproject.toml allows: a throwaway venv, unconstrained, then its freeze.
# Run `make test` after it, and commit constraints.txt with the change that needed it.
lock:
	rm -rf .venv-lock
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip --disable-pip-version-check --quiet install --upgrade pip
	.venv-lock/bin/python -m pip --disable-pip-version-check --quiet install -e '.[dev]'
	{ sed -n '1,3p' constraints.txt; .venv-lock/bin/python -m pip freeze --exclude-editable; } > constraints.txt.new
	mv constraints.txt.new constraints.txt
	rm -rf .venv-lock

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage
