/* Unit tests of the trace word "more" (tests/tb/test_trace_more.c), run by test_tb's main. */
#ifndef TESTS_TB_TEST_TRACE_MORE_H
#define TESTS_TB_TEST_TRACE_MORE_H

/* Prints PASS/FAIL lines and adds to *pass and *fail. */
void test_trace_more(unsigned *pass, unsigned *fail);

#endif
