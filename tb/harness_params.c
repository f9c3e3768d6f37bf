/* Run-time parameters of the C model (harness_params.h, docs/DSE.md). */
#include "harness_params.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse_num.h"
#include "toml_kv.h"

void harness_params_reset(harness_params_t *hp) { memset(hp, 0, sizeof *hp); }

static int key_index(const char *key) {
  for (unsigned i = 0; i < RINV_CFG_NKEYS; i++) {
    if (strcmp(rinv_cfg_keys[i], key) == 0) return (int)i;
  }
  return -1;
}

static void print_keys(FILE *errs) {
  fputs("parameters:", errs);
  for (unsigned i = 0; i < RINV_CFG_NKEYS; i++) {
    if (strcmp(rinv_cfg_keys[i], "id") != 0) fprintf(errs, " %s", rinv_cfg_keys[i]);
  }
}

/* A settable key (every configuration key but id) or -1 with a message naming what/where. */
static int settable(const char *key, const char *what, FILE *errs) {
  int k = key_index(key);
  if (k < 0 || strcmp(key, "id") == 0) {
    fprintf(errs, "error: %s: %s '%s'%s (", what, k < 0 ? "unknown parameter" : "parameter",
            key, k < 0 ? "" : " is not settable: it names the configuration");
    print_keys(errs);
    fputs(")\n", errs);
    return -1;
  }
  return k;
}

int harness_params_plusarg(harness_params_t *hp, const char *arg, FILE *errs) {
  if (strncmp(arg, "+params", 7) == 0 && (arg[7] == '=' || arg[7] == '\0')) {
    if (arg[7] == '\0' || arg[8] == '\0') {
      fprintf(errs, "error: plusarg '+params' needs a file (+params=FILE.toml)\n");
      return -1;
    }
    if (hp->file[0]) {
      fprintf(errs, "error: +params given twice ('%s' and '%s'): one file per run\n", hp->file,
              arg + 8);
      return -1;
    }
    if (strlen(arg + 8) >= sizeof hp->file) {
      fprintf(errs, "error: +params: file name too long\n");
      return -1;
    }
    strcpy(hp->file, arg + 8);
    return 1;
  }
  if (strncmp(arg, "+p.", 3) != 0) return 0;
  const char *eq = strchr(arg, '=');
  char key[64];
  size_t n = eq ? (size_t)(eq - arg - 3) : strlen(arg + 3);
  if (n == 0 || n >= sizeof key) {
    fprintf(errs, "error: %s: expected +p.NAME=VALUE (", arg);
    print_keys(errs);
    fputs(")\n", errs);
    return -1;
  }
  memcpy(key, arg + 3, n);
  key[n] = '\0';
  int k = settable(key, arg, errs);
  if (k < 0) return -1;
  if (!eq) {
    fprintf(errs, "error: plusarg '+p.%s' needs a value (+p.%s=VALUE)\n", key, key);
    return -1;
  }
  if (hp->have_p[k]) {
    fprintf(errs, "error: %s: +p.%s given twice\n", arg, key);
    return -1;
  }
  uint64_t v;
  int rc = rinv_parse_u64(eq + 1, UINT32_MAX, &v);
  if (rc != RINV_PN_OK) {
    fprintf(errs, "error: %s: the value must be an integer 0..%u (decimal, 0x hex, 0o, 0b; "
                  "_ between digits): %s\n", arg, (unsigned)UINT32_MAX, rinv_parse_why(rc));
    return -1;
  }
  hp->p_val[k] = (uint32_t)v;
  hp->have_p[k] = 1;
  return 1;
}

/* toml_kv callback context: the state being filled and where errors go. */
struct file_ctx {
  harness_params_t *hp;
  FILE *errs;
};

/* toml_kv callback: a key of the file, at the top level or in [config.<base name>]. */
static int file_key(void *ctx, const char *table, const char *key, uint64_t v, unsigned line) {
  harness_params_t *hp = ((struct file_ctx *)ctx)->hp;
  FILE *errs = ((struct file_ctx *)ctx)->errs;
  char what[HP_WHERE_MAX];
  snprintf(what, sizeof what, "%s:%u", hp->file, line);
  char want[80];
  snprintf(want, sizeof want, "config.%s", hp->name);
  if (table[0] && strcmp(table, want) != 0) {
    fprintf(errs, "error: %s: key %s in table [%s]: a parameter file is a flat list of keys or "
                  "a [%s] table (the +config= that runs)\n", what, key, table, want);
    return -1;
  }
  int k = settable(key, what, errs);
  if (k < 0) return -1;
  if (hp->where[k][0]) {
    fprintf(errs, "error: %s: %s set twice (first at %s)\n", what, key, hp->where[k]);
    return -1;
  }
  if (v > UINT32_MAX) {
    fprintf(errs, "error: %s: %s = %llu: must be 0..%u\n", what, key, (unsigned long long)v,
            (unsigned)UINT32_MAX);
    return -1;
  }
  *rinv_cfg_field(&hp->cfg, key) = (uint32_t)v;
  snprintf(hp->where[k], sizeof hp->where[k], "%s", what);
  return 0;
}

int harness_params_finish(harness_params_t *hp, const rinv_cfg_t **cfg, FILE *errs) {
  int any = hp->file[0] != 0;
  for (unsigned i = 0; i < RINV_CFG_NKEYS; i++) any |= hp->have_p[i];
  if (!any) return 0;
  const rinv_cfg_t *base = *cfg;
  hp->base = base;
  hp->cfg = *base;
  /* the named configuration: a built point is called "BASE+p" (tb/tb_dpi.c) */
  snprintf(hp->name, sizeof hp->name, "%.*s", (int)strcspn(base->name, "+"), base->name);
  struct file_ctx fc = {hp, errs};
  if (hp->file[0] && toml_kv_parse_file(hp->file, file_key, &fc, errs) != 0) return -1;
  for (unsigned i = 0; i < RINV_CFG_NKEYS; i++) {
    if (!hp->have_p[i]) continue;
    *rinv_cfg_field(&hp->cfg, rinv_cfg_keys[i]) = hp->p_val[i];
    snprintf(hp->where[i], sizeof hp->where[i], "+p.%s=%u", rinv_cfg_keys[i],
             (unsigned)hp->p_val[i]);
  }
  const char *bad = NULL;
  char err[256];
  if (rinv_cfg_check(&hp->cfg, &bad, err, sizeof err) != 0) {
    int k = key_index(bad);
    if (k >= 0 && hp->where[k][0]) {
      fprintf(errs, "error: %s: %s (docs/%s)\n", hp->where[k], err,
              strncmp(bad, "tick_", 5) == 0 ? "ARCHITECTURE_v3_gpu_frontend.md §15"
                                            : "ARCHITECTURE_v2.md §3.1");
      return -1;
    }
    /* a key the user did not set breaks a rule through one that was set: name them all */
    fprintf(errs, "error: %s (configuration %s's value; docs/ARCHITECTURE_v2.md §3.1) with",
            err, base->name);
    for (unsigned i = 0; i < RINV_CFG_NKEYS; i++) {
      if (hp->where[i][0]) fprintf(errs, " %s", hp->where[i]);
    }
    fputs("\n", errs);
    return -1;
  }
  int changed = memcmp(&hp->cfg, base, sizeof hp->cfg) != 0;
  if (changed) {
    snprintf(hp->name, sizeof hp->name, "%s%s", base->name,
             strchr(base->name, '+') ? "" : "+p");
    hp->cfg.name = hp->name;
  }
  *cfg = &hp->cfg;
  return 0;
}

void harness_params_rebase(harness_params_t *dst, const harness_params_t *src,
                           const rinv_cfg_t **cfg) {
  if (dst->cfg.name == src->name) dst->cfg.name = dst->name;
  if (*cfg == &src->cfg) *cfg = &dst->cfg;
}

int harness_params_fixed(const harness_params_t *hp, const rinv_cfg_t *rtl, const char *what,
                         const char *binary, FILE *errs) {
  rinv_cfg_t r = *rtl;
  rinv_cfg_t c = hp->cfg;
  for (unsigned i = 0; i < RINV_CFG_NKEYS; i++) {
    if (!hp->where[i][0]) continue; /* not set by +params or +p. */
    /* the testbench's own keys: the harness's memory, the tick statistics (v3 §15) */
    if (!rinv_cfg_rtl[i]) continue;
    uint32_t v = *rinv_cfg_field(&c, rinv_cfg_keys[i]);
    uint32_t rv = *rinv_cfg_field(&r, rinv_cfg_keys[i]);
    if (v == rv) continue;
    fprintf(errs, "error: %s: %s runs the RTL elaborated at ", hp->where[i], binary);
    if (what) fputs(what, errs);
    else fprintf(errs, "configuration %s", rtl->name);
    fprintf(errs, " (%s = %u); run-time parameters are for build/rinv_sim (docs/DSE.md)\n",
            rinv_cfg_keys[i], (unsigned)rv);
    return -1;
  }
  return 0;
}
