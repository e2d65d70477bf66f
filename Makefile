# The two commands a newcomer needs: `make run` (Souk with the demo catalog) and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
MODEL_DIR ?= .souk/model
export SOUK_MODEL_DIR ?= $(abspath $(MODEL_DIR))
export OMP_NUM_THREADS ?= 1

.PHONY: install model run test eval eval-gate bench clean

$(BIN)/souk: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(BIN)/souk

install: $(BIN)/souk

model: install
	$(BIN)/python -m souk.embedding.model_build $(MODEL_DIR)

run: model
	$(BIN)/souk serve --demo

test: model
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

eval: model
	$(BIN)/souk eval

# Recompute the report (without overwriting it) and fail on a significant held-out regression.
eval-gate: model
	$(BIN)/souk eval --gate --no-write --quiet

bench: model
	$(BIN)/python eval/bench_search.py

clean:
	rm -rf $(VENV) .souk
