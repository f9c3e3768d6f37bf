/* Unit tests of common/pagetable.h (tests/tb/test_pagetable.c), run by test_tb's main. */
#ifndef TESTS_TB_TEST_PAGETABLE_H
#define TESTS_TB_TEST_PAGETABLE_H

/* Prints PASS/FAIL lines and adds to *pass and *fail. */
void test_pagetable(unsigned *pass, unsigned *fail);

#endif
