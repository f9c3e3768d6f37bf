# Results (included by the top-level Makefile after mk/config.mk): sweep, plots, bench.

# Results (docs/RESULTS.md): sweep of SPEC section 10 on the model (all sizes) and in lockstep
# (small sizes), plots and tables; simulation speed.
.PHONY: sweep plots results bench
sweep: verilate sim
	$(PYTHON) sim/sweep.py --sim $(SIM_RUN) --tb $(TB_RUN) --jobs $(JOBS) --out sim/results $(SWEEP_OPTS)

plots: venv
	$(VENV)/bin/python sim/plot.py --csv sim/results/model.csv --plots docs/plots --md docs/RESULTS.md

results: sweep
	$(MAKE) plots

bench: verilate sim
	$(PYTHON) sim/bench.py --sim $(SIM_RUN) --tb $(TB_RUN) --md docs/RESULTS.md
