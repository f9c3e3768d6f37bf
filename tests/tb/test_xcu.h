/* Unit tests of the cross-CU rule's storer sets (tb/xcu.h), run by test_tb's main. */
#ifndef TESTS_TB_TEST_XCU_H
#define TESTS_TB_TEST_XCU_H

/* Prints PASS/FAIL lines and adds to *pass and *fail. */
void test_xcu(unsigned *pass, unsigned *fail);

#endif
