# The two commands a newcomer needs: `make run` (Souk with the demo catalog) and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
MODEL_DIR ?= .souk/model
export SOUK_MODEL_DIR ?= $(abspath $(MODEL_DIR))
export OMP_NUM_THREADS ?= 1

# An interpreter of the Lambda runtime's version (python3.13): layers/build.py compiles the layers' cold-start
# modules with it (exported to sam's sub-makes; without one the layers ship without bytecode, with a warning),
# and check_build cold-imports every handler with it after `make build`.
export LAMBDA_PYTHON ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3.13) $(shell command -v python3.13 2>/dev/null))

.PHONY: install model run test eval eval-gate bench build clean

$(BIN)/souk: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[local,dev]"
	touch $(BIN)/souk

install: $(BIN)/souk

model: install
	$(BIN)/python -m souk.embedding.model_build $(MODEL_DIR)

run: model
	$(BIN)/souk serve --demo

test: model
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

eval: model
	$(BIN)/souk eval

# Recompute the report (without overwriting it) and fail on a significant held-out regression.
eval-gate: model
	$(BIN)/souk eval --gate --no-write --quiet

bench: model
	$(BIN)/python eval/bench_search.py

# sam build (no Docker: every function and layer builds with its Makefile, wheels for the Lambda
# platform), then each function's unzipped size against Lambda's 250 MB and, given LAMBDA_PYTHON, a cold import.
build: model
	$(BIN)/python -m pip install --quiet -e ".[local,dev,deploy]"
	$(BIN)/sam build --parallel
	$(BIN)/python layers/check_build.py $(if $(LAMBDA_PYTHON),--python $(LAMBDA_PYTHON))

clean:
	rm -rf $(VENV) .souk .aws-sam
