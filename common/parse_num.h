/* The one integer parser of every number a user writes: plusargs (tb/harness_args.c,
 * tb/workloads.c), TOML parameter files (common/toml_kv.c), trace files (common/trace.c) and
 * the host tool's options and scripts (sw/rinv_host.c). Syntax (the union of what
 * docs/VERIFICATION.md, docs/TRACE.md, docs/DSE.md and docs/FPGA.md promise):
 *
 *   number  = [ "+" ] ( decimal | hex | octal | binary )
 *   decimal = "0" | nonzero { [ "_" ] digit }         (no leading zero, see RINV_PN_ZEROS)
 *   hex     = ( "0x" | "0X" ) hexdigit { [ "_" ] hexdigit }     (a..f, A..F)
 *   octal   = "0o" octdigit { [ "_" ] octdigit }
 *   binary  = "0b" bindigit { [ "_" ] bindigit }
 *
 * so `_` stands only between two digits. Nothing else: no whitespace, no '-' (not even "-0"),
 * no suffix (1k), no fraction, nothing after the digits. A leading zero ("010") is refused,
 * since C's strtoul reads it as octal 8 and a person as 10, unless flags has RINV_PN_ZEROS
 * (trace files, whose grammar reads it as decimal 10). The value must be <= max; values
 * above 2^64 - 1 are RINV_PN_RANGE too (no wrap-around). When the text is malformed the
 * syntax reason wins over RINV_PN_RANGE. */
#ifndef RINV_PARSE_NUM_H
#define RINV_PARSE_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Reason codes: 0 is success, each refusal has its own code (rinv_parse_why names it). */
enum {
  RINV_PN_OK = 0,
  RINV_PN_EMPTY,        /* no digits: "", "+", "0x" */
  RINV_PN_NEGATIVE,     /* a '-' sign */
  RINV_PN_LEADING_ZERO, /* "010", "00", "0_1" (without RINV_PN_ZEROS) */
  RINV_PN_UNDERSCORE,   /* '_' not between two digits: "_1", "1_", "1__0", "0x_1" */
  RINV_PN_BAD_CHAR,     /* not a digit of the base: "1k", " 1", "1.5", "0x1g", "0o8" */
  RINV_PN_RANGE         /* above max (or above 2^64 - 1) */
};

/* flags of rinv_parse_u64_span: leading zeros allowed, read as decimal ("010" is 10) */
#define RINV_PN_ZEROS 1u

/* Parses the NUL-terminated s. Returns RINV_PN_OK and *out, or a reason code (*out unchanged). */
int rinv_parse_u64(const char *s, uint64_t max, uint64_t *out);

/* The same for the n characters at s (need not be NUL-terminated), with flags. */
int rinv_parse_u64_span(const char *s, size_t n, uint64_t max, unsigned flags, uint64_t *out);

/* The reason of a code as a short phrase for messages, e.g. "a leading zero (...)". */
const char *rinv_parse_why(int rc);

/* The one word parser of every word choice a user writes (+mode=, +walk=, +paging=,
 * +eager_rules=, the workload options): the index i with strcmp(s, names[i]) == 0, i < n, in
 * *out and 0; -1 (*out unchanged) when s is NULL or none matches. */
int rinv_parse_word(const char *s, const char *const *names, unsigned n, unsigned *out);

/* names[i], or "?" when i >= n (a value no parse can give). */
const char *rinv_word_name(const char *const *names, unsigned n, unsigned i);

#endif
