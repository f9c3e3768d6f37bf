/* Unit tests of the tick statistics (tb/ticks.h), run by test_tb's main. */
#ifndef TESTS_TB_TEST_TICKS_H
#define TESTS_TB_TEST_TICKS_H

/* Prints PASS/FAIL lines and adds to *pass and *fail. */
void test_ticks(unsigned *pass, unsigned *fail);

#endif
