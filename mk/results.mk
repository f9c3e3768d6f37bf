# Results (included by the top-level Makefile after mk/config.mk): sweep, plots, sens, bench.

# Results (docs/RESULTS.md): sweep of SPEC section 10 on the model (all sizes) and in lockstep
# (small sizes), plots and tables; simulation speed.
.PHONY: sweep plots results sens bench
# The lockstep rows run the fast build (TB_BIN_FAST: no assertions, no tracing; the model still
# checks every cycle); a mismatch re-runs the checked build (TB_BIN) for its waveform.
sweep: $(TB_BIN_FAST) $(TB_BIN) sim
	$(PYTHON) sim/sweep.py --sim $(SIM_RUN) --tb $(abspath $(TB_BIN_FAST)) --jobs $(JOBS) \
	  --out sim/results $(SWEEP_OPTS)

plots: venv
	$(VENV)/bin/python sim/plot.py --csv sim/results/model.csv --plots docs/plots --md docs/RESULTS.md

results: sweep
	$(MAKE) plots

# Sensitivity of the run count to the front end (docs/RESULTS.md "Sensitivity"): sim/sens.py
# runs the model over +p.tcp_mshrs x +waves_per_cu (-> sim/results/sens.csv; it fails, writing
# nothing, if a run fails), then sim/plot.py draws docs/plots/sensitivity.svg and the GENERATED
# SENSITIVITY table (the one SVG writer: it rewrites the other plots and tables unchanged).
sens: sim venv
	$(PYTHON) sim/sens.py --sim $(SIM_RUN) --jobs $(JOBS) --out sim/results
	$(VENV)/bin/python sim/plot.py --csv sim/results/model.csv --sens-csv sim/results/sens.csv \
	  --plots docs/plots --md docs/RESULTS.md

bench: $(TB_BIN) $(TB_BIN_FAST) sim
	$(PYTHON) sim/bench.py --sim $(SIM_RUN) --tb $(TB_RUN) --tb-fast $(abspath $(TB_BIN_FAST)) \
	  --md docs/RESULTS.md
