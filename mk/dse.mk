# Design-space exploration (docs/DSE.md; included by the top-level Makefile after mk/config.mk).
#   make dse SPEC=sim/dse/NAME.toml   run a sweep of the C model (local process pool, resumes)
#                                     into build/dse/NAME/results.csv and its plots
#   make dse-test                     the Slurm backend against the local one on a private
#                                     single-node cluster started and stopped by the test
#   make dse-deps                     Debian packages of dse-test (root: apt-get)
SPEC        ?= sim/dse/smoke.toml
DSE_OUT     ?= $(BUILD)/dse/$(basename $(notdir $(SPEC)))
DSE_OPTS    ?=
DSE_DEB     := slurmctld slurmd slurm-client munge

.PHONY: dse dse-test dse-deps help-dse
dse: sim $(VENV)/stamp
	$(VENV)/bin/python sim/dse.py run $(SPEC) --sim $(SIM_RUN) --out $(DSE_OUT) --jobs $(JOBS) \
	  --plots $(DSE_OPTS)

dse-test: sim $(VENV)/stamp dse-deps
	SIM=$(SIM_RUN) PY=$(abspath $(VENV)/bin/python) bash tests/dse_slurm_test.sh $(BUILD)/dse-test

# the only DSE target that installs anything: Debian's Slurm 22.05 and MUNGE, no systemd units
# started (dse-test runs the daemons itself, in the foreground, under a private SLURM_CONF).
# `make deps` (and so `make test`) runs it too.
deps: dse-deps
dse-deps:
	@if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && \
	  command -v sbatch >/dev/null && command -v munged >/dev/null; then \
	  echo "make dse-deps: Debian packages present: $(DSE_DEB)"; else \
	  echo "make dse-deps: installing the Debian packages $(DSE_DEB) with apt-get (root)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends $(DSE_DEB) >/dev/null || \
	  { echo "make dse-deps: apt-get install $(DSE_DEB) failed (root needed)" >&2; exit 1; }; fi

# `make help` prints these lines first (help-dse is a prerequisite of help; internal)
help: help-dse
help-dse:
	@printf '%s\n' 'Design-space exploration (docs/DSE.md)' \
	 '  make dse SPEC=sim/dse/NAME.toml   sweep the C model over parameters, plots; resumes' \
	 '  make dse-test     Slurm job array vs local pool on a private cluster (runs dse-deps)' \
	 '  make dse-deps     Debian packages slurmctld slurmd slurm-client munge (apt-get, root)' \
	 '  (internal: help-dse)'
