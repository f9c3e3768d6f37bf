# Results (included by the top-level Makefile after mk/config.mk): sweep, plots, bench.

# Results (docs/RESULTS.md): sweep of SPEC section 10 on the model (all sizes) and in lockstep
# (small sizes), plots and tables; simulation speed.
.PHONY: sweep plots results bench
# The lockstep rows run the fast build (TB_BIN_FAST: no assertions, no tracing; the model still
# checks every cycle); a mismatch re-runs the checked build (TB_BIN) for its waveform.
sweep: $(TB_BIN_FAST) $(TB_BIN) sim
	$(PYTHON) sim/sweep.py --sim $(SIM_RUN) --tb $(abspath $(TB_BIN_FAST)) --jobs $(JOBS) \
	  --out sim/results $(SWEEP_OPTS)

plots: venv
	$(VENV)/bin/python sim/plot.py --csv sim/results/model.csv --plots docs/plots --md docs/RESULTS.md

results: sweep
	$(MAKE) plots

bench: $(TB_BIN) $(TB_BIN_FAST) sim
	$(PYTHON) sim/bench.py --sim $(SIM_RUN) --tb $(TB_RUN) --tb-fast $(abspath $(TB_BIN_FAST)) \
	  --md docs/RESULTS.md
