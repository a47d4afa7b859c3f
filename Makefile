# Two commands: `make app` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501
STAMP := $(VENV)/.installed
# the double-dummy library's C searches, extension modules of setup.py: the install builds
# them, and this rebuilds them in place after a .c is edited (engine/doubledummy/build.py;
# never fails: on any error it prints why and the Python searches are used)
NATIVE := engine/doubledummy/_built.stamp

.PHONY: app dev test test-slow lint format bench bench-app bench-browser load install clean translations

$(STAMP): pyproject.toml setup.py
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[app,dev,analysis,openspiel,cluster,postgres]'
	@touch $(STAMP)

$(NATIVE): $(STAMP) setup.py $(wildcard engine/doubledummy/*.c)
	-$(PY) -m engine.doubledummy build
	@touch $@

install: $(STAMP) $(NATIVE)

app: $(STAMP) $(NATIVE)
	$(VENV)/bin/streamlit run dashboard/serve.py --server.port $(PORT) --server.headless true --browser.gatherUsageStats false

# the app for editing it: pages rerun when their source is saved (the file watcher is off
# in .streamlit/config.toml, for the players' sake)
dev: $(STAMP) $(NATIVE)
	$(VENV)/bin/streamlit run dashboard/serve.py --server.port $(PORT) --server.headless true --browser.gatherUsageStats false --server.fileWatcherType auto --server.runOnSave true

test: $(STAMP) $(NATIVE)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(PY) -m mypy
	$(PY) -m pytest -n 2 --dist loadgroup -q --durations=30

test-slow: $(STAMP)
	$(PY) -m pytest -m slow -q

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# pybabel extract + update of the ja and zh_TW catalogs (dashboard/locales/); then
# fill in the new msgstr entries (make test checks none is missing, empty or fuzzy).
translations: $(STAMP)
	$(PY) -m dashboard.i18n_tools update
	$(PY) -m dashboard.i18n_tools check || true

bench: $(STAMP) $(NATIVE)
	$(PY) -m engine bench

bench-app: $(STAMP) $(NATIVE)
	$(PY) -m dashboard.tools.bench --app

# the app in Debian's Chromium (a benchmark, not a test): time from a tap or key press to the
# page settled, at 1280 px and at 390 px with the CPU 4x slower; BENCH="--reps 3 --only load"
bench-browser: $(STAMP) $(NATIVE)
	$(PY) -m dashboard.tools.bench --browser $(BENCH)

# a club night on one server (a measurement, not a test): live tables of phones, score
# sheets, analysis boards and a Bots match at once in Chromium; LOAD="--minutes 1 --tables 2"
load: $(STAMP) $(NATIVE)
	$(PY) -m dashboard.tools.load $(LOAD)

clean:
	rm -rf $(VENV)
	rm -f engine/doubledummy/_*.so $(NATIVE)
