/* A TOML subset reader for parameter files (tb/harness_params.c): comments, blank lines,
 * [table] / [a.b] headers with bare keys, and `key = INTEGER` lines (common/parse_num.h:
 * decimal, 0x hex, 0o, 0b, `_` between digits, an optional leading +; no leading zero).
 * Anything else (strings, arrays, floats, booleans, inline tables, dotted or quoted keys,
 * negative numbers) is an error naming the file and line: parameter files hold only
 * non-negative integers. */
#ifndef TOML_KV_H
#define TOML_KV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Called once per `key = value`: table is "" before the first header, else the header's
 * text (e.g. "config.gem5"); line is 1-based. Return 0 to go on, non-zero to stop (the
 * callback prints its own error). */
typedef int (*toml_kv_fn)(void *ctx, const char *table, const char *key, uint64_t value,
                          unsigned line);

/* Reads path and calls fn for each key. Returns 0, or -1 after printing
 * "error: PATH:LINE: WHAT" on errs (or the callback's own message when it stopped). */
int toml_kv_parse_file(const char *path, toml_kv_fn fn, void *ctx, FILE *errs);

/* The same for text already in memory (name is used in messages only). */
int toml_kv_parse_text(const char *name, const char *text, toml_kv_fn fn, void *ctx,
                       FILE *errs);

#endif
