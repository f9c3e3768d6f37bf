/* Unit tests of the upstream programs (+prog=upstream, tb/workloads.c, tb/workloads_hip.c;
 * tests/tb/test_upstream.c), run by test_tb's main. */
#ifndef TESTS_TB_TEST_UPSTREAM_H
#define TESTS_TB_TEST_UPSTREAM_H

/* Prints PASS/FAIL lines and adds to *pass and *fail. */
void test_upstream(unsigned *pass, unsigned *fail);

#endif
