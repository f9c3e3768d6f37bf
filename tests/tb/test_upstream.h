/* Unit tests of the upstream programs (+prog=upstream, tb/workloads.c, tb/workloads_hip.c;
 * tests/tb/test_upstream.c), run by test_tb's main. */
#ifndef TESTS_TB_TEST_UPSTREAM_H
#define TESTS_TB_TEST_UPSTREAM_H

#include <stdarg.h>

/* Prints PASS/FAIL lines and adds to *pass and *fail. */
void test_upstream(unsigned *pass, unsigned *fail);

/* One test's result: "PASS name", or "FAIL name: <fmt ...>"; counts it in *pass or *fail
 * (defined in tests/tb/test_tb.c, shared by its test files). */
void test_vresult(unsigned *pass, unsigned *fail, const char *name, int ok, const char *fmt,
                  va_list ap);

#endif
