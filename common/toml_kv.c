/* A TOML subset reader for parameter files (toml_kv.h). */
#include "toml_kv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse_num.h"

#define TOML_KV_NAME_MAX 64u
#define TOML_KV_FILE_MAX (1u << 20) /* a parameter file is a few hundred bytes */

static int is_bare(int ch) {
  return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
         ch == '_' || ch == '-';
}

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\t') p++;
  return p;
}

/* The bare key at *pp into out (at most TOML_KV_NAME_MAX - 1 characters); 0 or -1. */
static int bare_key(const char **pp, char *out) {
  const char *p = *pp;
  size_t n = 0;
  while (is_bare((unsigned char)p[n])) n++;
  if (n == 0 || n >= TOML_KV_NAME_MAX) return -1;
  memcpy(out, p, n);
  out[n] = '\0';
  *pp = p + n;
  return 0;
}

/* A TOML integer in [p, end) (common/parse_num.h, whose syntax is TOML's with 0X also
 * allowed): returns 0 and *v, or -1 and *why. */
static int parse_int(const char *p, const char *end, uint64_t *v, const char **why) {
  switch (rinv_parse_u64_span(p, (size_t)(end - p), UINT64_MAX, 0u, v)) {
    case RINV_PN_OK: return 0;
    case RINV_PN_NEGATIVE: *why = "must be a non-negative integer"; break;
    case RINV_PN_LEADING_ZERO: *why = "leading zeros are not TOML"; break;
    case RINV_PN_UNDERSCORE: *why = "malformed integer: '_' only between two digits"; break;
    case RINV_PN_RANGE: *why = "integer out of range (64 bits)"; break;
    default:
      *why = "expected an integer (strings, floats, arrays and booleans are not parameter "
             "values)";
      break;
  }
  return -1;
}

int toml_kv_parse_text(const char *name, const char *text, toml_kv_fn fn, void *ctx,
                       FILE *errs) {
  char table[TOML_KV_NAME_MAX * 2] = "";
  unsigned line = 0;
  const char *p = text;
  while (*p) {
    line++;
    const char *eol = strchr(p, '\n');
    if (!eol) eol = p + strlen(p);
    /* the line without its comment and trailing blanks (no strings, so '#' always starts one) */
    const char *end = memchr(p, '#', (size_t)(eol - p));
    if (!end) end = eol;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    const char *q = skip_ws(p);
    const char *why = NULL;
    if (q >= end) {
      /* blank or comment */
    } else if (*q == '[') {
      q++;
      if (*q == '[') {
        why = "arrays of tables ([[...]]) are not parameter values";
      } else {
        size_t n = 0;
        q = skip_ws(q);
        while (q < end && (is_bare((unsigned char)*q) || *q == '.') && n + 1 < sizeof table) {
          table[n++] = *q++;
        }
        table[n] = '\0';
        q = skip_ws(q);
        if (n == 0 || q + 1 != end || *q != ']' || table[0] == '.' || table[n - 1] == '.' ||
            strstr(table, "..")) {
          why = "malformed table header (expected [name] or [a.b] with bare names)";
        }
      }
    } else {
      char key[TOML_KV_NAME_MAX];
      uint64_t v = 0;
      if (bare_key(&q, key) != 0) {
        why = "expected `key = integer` with a bare key (letters, digits, _ and -)";
      } else {
        q = skip_ws(q);
        if (*q != '=' || q >= end) {
          why = *q == '.' ? "dotted keys are not supported: use a [table] header"
                          : "expected `=` after the key";
        } else {
          q = skip_ws(q + 1);
          if (q >= end) {
            why = "missing value";
          } else if (parse_int(q, end, &v, &why) == 0) {
            if (fn(ctx, table, key, v, line) != 0) return -1;
            why = NULL;
          }
        }
      }
    }
    if (why) {
      fprintf(errs, "error: %s:%u: %s: '%.*s'\n", name, line, why, (int)(eol - p), p);
      return -1;
    }
    p = *eol ? eol + 1 : eol;
  }
  return 0;
}

int toml_kv_parse_file(const char *path, toml_kv_fn fn, void *ctx, FILE *errs) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(errs, "error: %s: cannot open: %s\n", path, strerror(errno));
    return -1;
  }
  char *buf = malloc(TOML_KV_FILE_MAX + 1);
  size_t n = buf ? fread(buf, 1, TOML_KV_FILE_MAX + 1, f) : 0;
  int rerr = ferror(f);
  fclose(f);
  if (!buf || rerr || n > TOML_KV_FILE_MAX) {
    fprintf(errs, "error: %s: %s\n", path,
            !buf ? "out of memory" : rerr ? "read error" : "larger than 1 MiB");
    free(buf);
    return -1;
  }
  buf[n] = '\0';
  if (strlen(buf) != n) {
    fprintf(errs, "error: %s: contains a NUL byte (not a text file)\n", path);
    free(buf);
    return -1;
  }
  int rc = toml_kv_parse_text(path, buf, fn, ctx, errs);
  free(buf);
  return rc;
}
