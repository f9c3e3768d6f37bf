/* The one integer parser (syntax and reason codes: parse_num.h). */
#include "parse_num.h"

#include <string.h>

/* value of ch as a digit of base, or -1 */
static int digit_of(int ch, unsigned base) {
  int d = -1;
  if (ch >= '0' && ch <= '9') d = ch - '0';
  else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
  else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
  return d >= 0 && (unsigned)d < base ? d : -1;
}

int rinv_parse_u64_span(const char *s, size_t n, uint64_t max, unsigned flags, uint64_t *out) {
  const char *p = s, *end = s + n;
  unsigned base = 10;
  if (p < end && *p == '-') return RINV_PN_NEGATIVE;
  if (p < end && *p == '+') p++;
  if (end - p >= 2 && p[0] == '0') {
    if (p[1] == 'x' || p[1] == 'X') base = 16;
    else if (p[1] == 'o') base = 8;
    else if (p[1] == 'b') base = 2;
    if (base != 10) p += 2;
  }
  if (p == end) return RINV_PN_EMPTY;
  if (base == 10 && *p == '0' && end - p > 1 && !(flags & RINV_PN_ZEROS)) {
    /* a '0' followed by a digit or '_' ("0x", "0o", "0b" are prefixes, handled above) */
    if ((p[1] >= '0' && p[1] <= '9') || p[1] == '_') return RINV_PN_LEADING_ZERO;
  }
  uint64_t v = 0;
  int over = 0;
  for (const char *q = p; q < end; q++) {
    if (*q == '_') {
      /* the neighbours of a '_' are checked as digits in their own turn */
      if (q == p || q[-1] == '_' || q + 1 == end || q[1] == '_') return RINV_PN_UNDERSCORE;
      continue;
    }
    int d = digit_of((unsigned char)*q, base);
    if (d < 0) return RINV_PN_BAD_CHAR;
    if ((uint64_t)d > max || v > (max - (uint64_t)d) / base) over = 1; /* v * base + d > max */
    if (!over) v = v * base + (uint64_t)d;
  }
  if (over) return RINV_PN_RANGE;
  *out = v;
  return RINV_PN_OK;
}

int rinv_parse_u64(const char *s, uint64_t max, uint64_t *out) {
  return rinv_parse_u64_span(s, strlen(s), max, 0u, out);
}

const char *rinv_parse_why(int rc) {
  switch (rc) {
    case RINV_PN_OK: return "ok";
    case RINV_PN_EMPTY: return "no digits";
    case RINV_PN_NEGATIVE: return "a '-' sign (values are non-negative)";
    case RINV_PN_LEADING_ZERO:
      return "a leading zero (C reads 010 as octal 8: write 10, 0o10 or 0x8)";
    case RINV_PN_UNDERSCORE: return "'_' only between two digits";
    case RINV_PN_BAD_CHAR:
      return "not an integer (decimal, 0x hex, 0o octal, 0b binary; '_' between digits; no "
             "sign, suffix or blank)";
    case RINV_PN_RANGE: return "too large";
    default: return "unknown reason";
  }
}

int rinv_parse_word(const char *s, const char *const *names, unsigned n, unsigned *out) {
  if (!s) return -1;
  for (unsigned i = 0; i < n; i++) {
    if (strcmp(s, names[i]) == 0) {
      *out = i;
      return 0;
    }
  }
  return -1;
}

const char *rinv_word_name(const char *const *names, unsigned n, unsigned i) {
  return i < n ? names[i] : "?";
}
