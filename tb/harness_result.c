/* End of a simulation: the mismatch waveform rerun, the demo table and the RESULT line. */
#include "harness_int.h"
#include "pagetable.h"

/* ------------------------------------------------------------------------------------ */
/* finish                                                                                */

/* Where the mismatch waveform window goes: $RINV_MISMATCH_DIR (created if missing; the test
 * runner gives every test its own), else the current directory. */
static void mismatch_dir(char *dir, size_t len) {
  const char *d = getenv("RINV_MISMATCH_DIR");
  if (d && d[0]) {
    if (mkdir(d, 0755) != 0 && errno != EEXIST) {
      printf("warning: RINV_MISMATCH_DIR=%s: cannot create it (%s); using the current "
             "directory\n", d, strerror(errno));
    } else {
      snprintf(dir, len, "%s", d);
      return;
    }
  }
  if (!getcwd(dir, len)) snprintf(dir, len, ".");
}

static int rerun_for_wave(harness_t *h) {
  long long from = (long long)h->first_mismatch_gcyc - 200;
  if (from < 0) from = 0;
  long long to = (long long)h->first_mismatch_gcyc + MISMATCH_TAIL;
  char dir[HARNESS_PATH_MAX], fst[HARNESS_PATH_MAX + 16], log[HARNESS_PATH_MAX + 16];
  mismatch_dir(dir, sizeof dir);
  snprintf(fst, sizeof fst, "%s/mismatch.fst", dir);
  snprintf(log, sizeof log, "%s/mismatch.log", dir);
  char a_wave[HARNESS_PATH_MAX + 32];
  snprintf(a_wave, sizeof a_wave, "+wave=%s", fst);
  char a_from[64], a_to[64];
  snprintf(a_from, sizeof a_from, "+wave_from=%lld", from);
  snprintf(a_to, sizeof a_to, "+wave_to=%lld", to);
  char **nargv = calloc((size_t)h->argc + 4, sizeof(char *));
  if (!nargv) return -1;
  int k = 0;
  for (int i = 0; i < h->argc; i++) nargv[k++] = h->argv[i];
  nargv[k++] = a_wave;
  nargv[k++] = a_from;
  nargv[k++] = a_to;
  nargv[k] = NULL;
  printf("re-running deterministically to dump the waveform window (cycles %lld..%lld) ...\n",
         from, to);
  const char *exe = h->o.wave_exe[0] ? h->o.wave_exe : "/proc/self/exe";
  if (access(exe, X_OK) != 0) {
    printf("no waveform of the mismatch: the traced binary %s is missing (make verilate)\n", exe);
    free(nargv);
    return -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    execv(exe, nargv);
    _exit(127);
  }
  free(nargv);
  if (pid < 0) return -1;
  int st = 0;
  if (waitpid(pid, &st, 0) < 0) return -1;
  if (access(fst, R_OK) == 0) {
    printf("waveform of the mismatch: %s (cycles %lld..%lld; rerun log %s)\n", fst, from, to,
           log);
  } else {
    printf("rerun did not produce %s (see %s)\n", fst, log);
  }
  return 0;
}

static size_t result_fields(char *b, size_t len, const run_result_t *r) {
  size_t n = (size_t)snprintf(
      b, len,
      "\"cycles\":%llu,\"releases\":%u,\"probes\":%u,\"probe_lines\":%u,\"inv_hits\":%u,"
      "\"over_inv_lines\":%u,\"tag_lookups\":%u,\"inv_cycles\":%u,\"hist_entries\":%u,"
      "\"hist_overflows\":%u,\"loads_checked\":%llu,\"stale_reads\":%llu,\"mismatches\":%llu,"
      "\"errors\":%llu,\"slverr\":%llu,\"reg_errors\":%u,\"coherence_checked\":%llu,"
      "\"wb_checked\":%llu,\"lost_bytes\":%llu,"
      "\"truncated\":%s,\"eager_probes\":%llu,\"eager_rdblkm\":%llu,\"eager_wt\":%llu,"
      "\"eager_rdblk\":%llu,\"eager_rdblk_cpu\":%llu,\"eager_to_cpu\":%llu,"
      "\"eager_to_gpu\":%llu,\"owner_probes\":%llu,\"owner_transfers\":%llu",
      (unsigned long long)r->cycles, r->releases, r->probes, r->probe_lines, r->inv_hits,
      r->over_inv, r->tag_lookups, r->inv_cycles, r->hist_entries, r->hist_overflows,
      (unsigned long long)r->loads_checked, (unsigned long long)r->stale_reads,
      (unsigned long long)r->mismatches, (unsigned long long)r->errors,
      (unsigned long long)r->slverr, r->reg_errors, (unsigned long long)r->coh_checked,
      (unsigned long long)r->wb_checked, (unsigned long long)r->lost_bytes,
      r->truncated ? "true" : "false", (unsigned long long)r->eager.total,
      (unsigned long long)r->eager.rdblkm, (unsigned long long)r->eager.wt,
      (unsigned long long)r->eager.rdblk, (unsigned long long)r->eager.rdblk_cpu,
      (unsigned long long)r->eager.to_cpu, (unsigned long long)r->eager.to_gpu,
      (unsigned long long)r->owner_probes,
      (unsigned long long)r->owner_transfers);
  if (n < len) n += (size_t)snprintf(b + n, len - n, ",\"loads_xcu\":%llu",
                                     (unsigned long long)r->loads_xcu);
  /* v3 §15: inv_ticks is the sequential sum under +walk=seq, else the design's own walk's */
  if (n < len) {
    n += (size_t)snprintf(
        b + n, len - n,
        ",\"inv_ticks\":%llu,\"inv_ticks_seq\":%llu,\"inv_ticks_pipe\":%llu,"
        "\"eager_inv_ticks\":%llu",
        (unsigned long long)(r->walk == WALK_SEQ ? r->inv_ticks_seq : r->inv_ticks_pipe),
        (unsigned long long)r->inv_ticks_seq, (unsigned long long)r->inv_ticks_pipe,
        (unsigned long long)r->eager_inv_ticks);
  }
  for (unsigned k = 0; k < FE_NSTATS && n < len; k++) {
    n += (size_t)snprintf(b + n, len - n, ",\"%s\":%u", k_fe_names[k], r->fe[k]);
  }
  if (r->has_reset && n < len) {
    n += (size_t)snprintf(b + n, len - n,
                          ",\"resets\":%u,\"reset_lost_lines\":%llu,\"reset_dropped_ops\":%llu",
                          r->resets, (unsigned long long)r->reset_discarded,
                          (unsigned long long)r->reset_dropped_ops);
  }
  return n;
}

int harness_finish(harness_t *h) {
  if (h->phase != PH_DONE) {
    /* stopped early by the backend */
    h->truncated = 1;
    h->abort_all = 1;
    if (h->run_idx < h->nruns) run_end(h);
  }
  if (h->probe_log) fflush(h->probe_log);
  run_result_t tot;
  memset(&tot, 0, sizeof tot);
  tot.walk = h->o.walk;
  for (unsigned i = 0; i < h->nruns; i++) {
    const run_result_t *r = &h->res[i];
    tot.cycles += r->cycles;
    tot.releases += r->releases;
    tot.probes += r->probes;
    tot.probe_lines += r->probe_lines;
    tot.inv_hits += r->inv_hits;
    tot.over_inv += r->over_inv;
    tot.tag_lookups += r->tag_lookups;
    tot.inv_cycles += r->inv_cycles;
    tot.hist_entries += r->hist_entries;
    tot.hist_overflows += r->hist_overflows;
    tot.reg_errors += r->reg_errors;
    tot.loads_checked += r->loads_checked;
    tot.loads_xcu += r->loads_xcu;
    for (unsigned k = 0; k < FE_NSTATS; k++) {
      tot.fe[k] = k == FE_MAX_IDX ? (r->fe[k] > tot.fe[k] ? r->fe[k] : tot.fe[k])
                                  : tot.fe[k] + r->fe[k];
    }
    tot.stale_reads += r->stale_reads;
    tot.mismatches += r->mismatches;
    tot.errors += r->errors;
    tot.slverr += r->slverr;
    tot.coh_checked += r->coh_checked;
    tot.wb_checked += r->wb_checked;
    tot.lost_bytes += r->lost_bytes;
    tot.inv_ticks_seq += r->inv_ticks_seq;
    tot.inv_ticks_pipe += r->inv_ticks_pipe;
    tot.eager_inv_ticks += r->eager_inv_ticks;
    tot.truncated |= r->truncated;
    eager_counts_add(&tot.eager, &r->eager);
    tot.owner_probes += r->owner_probes;
    tot.owner_transfers += r->owner_transfers;
    tot.has_reset |= r->has_reset;
    tot.resets += r->resets;
    tot.reset_discarded += r->reset_discarded;
    tot.reset_dropped_ops += r->reset_dropped_ops;
  }
  if (h->o.demo && !h->o.quiet) {
    printf("\nsquare n=%u, config %s, walk %s, +warm=1 (each consumer read its buffer in an "
           "earlier hand-over, so the probes find copies): range probes vs one probe per line\n",
           h->n_report, h->cfg->name, k_walk_names[h->o.walk]);
    printf("%-6s %10s %8s %12s %9s %11s %9s %11s %12s\n", "mode", "cycles", "probes",
           "probe_lines", "inv_hits", "inv_cycles", "over_inv", "mismatches", "stale_reads");
    for (unsigned i = 0; i < h->nruns; i++) {
      const run_result_t *r = &h->res[i];
      printf("%-6s %10llu %8u %12u %9u %11u %9u %11llu %12llu\n", k_mode_names[r->mode],
             (unsigned long long)r->cycles, r->probes, r->probe_lines, r->inv_hits,
             r->inv_cycles, r->over_inv, (unsigned long long)r->mismatches,
             (unsigned long long)r->stale_reads);
    }
    if (h->nruns == 3 && h->res[0].probes) {
      printf("run/line probe ratio %.3f, merge/line %.3f; inv_cycles run/line %.3f, "
             "merge/line %.3f\n",
             (double)h->res[1].probes / h->res[0].probes,
             (double)h->res[2].probes / h->res[0].probes,
             h->res[0].inv_cycles ? (double)h->res[1].inv_cycles / h->res[0].inv_cycles : 0.0,
             h->res[0].inv_cycles ? (double)h->res[2].inv_cycles / h->res[0].inv_cycles : 0.0);
    }
    if (h->nruns == 3 && h->res[0].eager_inv_ticks) {
      /* v3 §15: the eager baseline is the same program in every mode */
      double e = (double)h->res[0].eager_inv_ticks;
      printf("gem5 ticks / eager_inv_ticks (v3 §15): seq line %.3f run %.3f merge %.3f; "
             "pipe line %.3f run %.3f merge %.3f\n",
             h->res[0].inv_ticks_seq / e, h->res[1].inv_ticks_seq / e,
             h->res[2].inv_ticks_seq / e, h->res[0].inv_ticks_pipe / e,
             h->res[1].inv_ticks_pipe / e, h->res[2].inv_ticks_pipe / e);
    }
    printf("\n");
  }
  if (tot.mismatches && !h->o.wave[0] && !h->o.no_rerun) {
    if (h->o.wave_supported || h->o.wave_exe[0]) rerun_for_wave(h);
    else printf("note: no waveform rerun (this binary has no waveform support)\n");
  }
  const size_t buflen = 16384;
  char *buf = malloc(buflen);
  if (!buf) return 2;
  char wl[HARNESS_PATH_MAX * 2 + 4];
  json_str(wl, sizeof wl, h->label);
  size_t p = 0;
  const char *mode = h->o.demo ? "line,run,merge" : k_mode_names[h->o.mode];
  p += (size_t)snprintf(buf + p, buflen - p,
                        "RESULT {\"workload\":%s,\"n\":%u,\"mode\":\"%s\",\"walk\":\"%s\","
                        "\"config\":\"%s\",\"seed\":%llu,\"stall\":%u,\"paging\":\"%s\","
                        "\"eager_rules\":\"%s\",\"lockstep\":%s,",
                        wl, h->n_report, mode, k_walk_names[h->o.walk], h->cfg->name,
                        (unsigned long long)h->o.seed, h->o.stall, pt_policy_name(h->o.paging),
                        eager_rules_name(h->o.eager_rules), h->o.lockstep ? "true" : "false");
  p += result_fields(buf + p, buflen - p, &tot);
  if (h->o.demo) {
    p += (size_t)snprintf(buf + p, buflen - p, ",\"modes\":[");
    for (unsigned i = 0; i < h->nruns && p < buflen; i++) {
      p += (size_t)snprintf(buf + p, buflen - p, "%s{\"mode\":\"%s\",", i ? "," : "",
                            k_mode_names[h->res[i].mode]);
      p += result_fields(buf + p, buflen - p, &h->res[i]);
      p += (size_t)snprintf(buf + p, buflen - p, "}");
    }
    p += (size_t)snprintf(buf + p, buflen - p, "]");
  }
  if (h->corners && p + 16 < buflen) {
    p += (size_t)snprintf(buf + p, buflen - p, ",\"corners\":{");
    p += corners_json(h->corners, buf + p, buflen - p);
    if (p < buflen) p += (size_t)snprintf(buf + p, buflen - p, "}");
  }
  snprintf(buf + p, buflen - p, "}");
  printf("%s\n", buf);
  free(buf);
  fflush(stdout);
  return (tot.mismatches || tot.stale_reads || tot.errors) ? 1 : 0;
}
