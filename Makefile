# Fusebox: every entry point. Each target creates .venv (pinned, from pyproject.toml) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint typecheck pytest bench-core clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check -q -e '.[dev]'
	touch $(STAMP)

## test: every check and every test (what CI runs)
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## typecheck: mypy on core/ and firmware/ against MicroPython's stubs (see tools/dev/typecheck.py)
typecheck: $(STAMP)
	$(BIN)/python -m tools.dev.typecheck

## pytest: three workers on two cores: a quarter of a two-worker run's time goes to waits (a
## board or sim in real time, a browser, a deploy), which a third worker fills
pytest: $(STAMP)
	$(BIN)/pytest -n 3 --dist loadscope --no-loadscope-reorder -q -m 'not soak'

## bench-32: live heap on 32-bit MicroPython (wasm32 under Node.js) against the unix port
.PHONY: bench-32
bench-32: $(STAMP)
	$(BIN)/python -m tools.bench.wasm32 --heap

## bench-core: engine playouts/s on both runtimes, smallest heap per game, RNG allocation
bench-core: $(STAMP)
	$(BIN)/python -m tools.bench.engine

## run: start the device: deploy to the attached board and open its console, else the simulator
.PHONY: run sim
BOARD ?= pico-ssd1306
run: $(STAMP)
	$(BIN)/python -m tools run --board $(BOARD)

## bench: one table of the product's figures (memory, size, deploy, responsiveness, prop,
## engine); not part of `make test`. BENCH=memory,prop runs some sections.
.PHONY: bench
BENCH ?= memory,size,deploy,respond,prop,engine
bench: $(STAMP)
	$(BIN)/python -m tools.bench --only $(BENCH)

## sim: the real firmware on a simulated board in this terminal (make sim BOARD=thumby)
sim: $(STAMP)
	$(BIN)/python -m tools sim --board $(BOARD)

## web: the firmware in a web page (MicroPython WebAssembly), served on 127.0.0.1; the URL is
## printed. make web OUT=DIR only builds the static page into DIR (for publishing).
.PHONY: web
web: $(STAMP)
	$(BIN)/python -m tools web $(if $(OUT),--out $(OUT))

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache

## firmware: Fusebox's own firmware for every MicroPython profile (tools/firmware/build.py);
## the UF2s are in the build cache (~/.cache/fusebox/builds/), their paths printed
.PHONY: firmware release
firmware: $(STAMP)
	$(BIN)/python -m tools firmware build --board all

## release: every profile's UF2 or CIRCUITPY zip and SHA256SUMS in release/ (OUT=DIR elsewhere)
release: $(STAMP)
	$(BIN)/python -m tools release --out $(or $(OUT),release)
