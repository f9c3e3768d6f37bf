# Results (included by the top-level Makefile after mk/config.mk): sweep, plots, sens, bench.

# Results (docs/RESULTS.md): sweep of SPEC section 10 on the model (all sizes) and in lockstep
# (small sizes), plots and tables; simulation speed.
.PHONY: sweep plots results sens bench
# The lockstep rows run the fast build (TB_BIN_FAST: no assertions, no tracing; the model still
# checks every cycle); a mismatch re-runs the checked build (TB_BIN) for its waveform.
# make sweep always runs sim/sweep.py, then records its SWEEP_OPTS in $(SWEEP_STAMP). make results
# (sweep + plots) sweeps only when that record is missing, names other SWEEP_OPTS, or is older
# than a binary, a script or a CSV of the sweep: `make sweep && make results` sweeps once.
SWEEP_STAMP := $(BUILD)/sweep.stamp
SWEEP_INPUTS = $(TB_BIN_FAST) $(TB_BIN) $(BUILD)/rinv_sim sim/sweep.py sim/simbin.py \
               sim/results/model.csv sim/results/lockstep.csv
sweep: $(TB_BIN_FAST) $(TB_BIN) sim
	@rm -f $(SWEEP_STAMP)
	$(PYTHON) sim/sweep.py --sim $(SIM_RUN) --tb $(abspath $(TB_BIN_FAST)) --jobs $(JOBS) \
	  --out sim/results $(SWEEP_OPTS)
	@echo '$(SWEEP_OPTS)' > $(SWEEP_STAMP)

plots: venv
	$(VENV)/bin/python sim/plot.py --csv sim/results/model.csv --plots docs/plots --md docs/RESULTS.md

results: $(TB_BIN_FAST) $(TB_BIN) sim
	@fresh=1; [ -f $(SWEEP_STAMP) ] && [ "$$(cat $(SWEEP_STAMP))" = '$(SWEEP_OPTS)' ] || fresh=0; \
	for f in $(SWEEP_INPUTS); do [ $$fresh = 1 ] && [ -e $$f ] && \
	  [ ! $$f -nt $(SWEEP_STAMP) ] || fresh=0; done; \
	if [ $$fresh = 1 ]; then echo "make results: the sweep of make sweep is up to date" \
	  "($(SWEEP_STAMP)); make sweep runs it again"; else $(MAKE) --no-print-directory sweep; fi
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
