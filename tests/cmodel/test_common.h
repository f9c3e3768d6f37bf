/* Shared by the v1 and v2 model unit tests (tests/cmodel/model_tb.h, tests/cmodel/v2/
 * test_util.h): AXI response codes, the register addresses (from the generated register map
 * common/rinv_regs.h through sw/rinv_drv.h, regs/rinv.rdl), the test context and CHECK. */
#ifndef TEST_COMMON_H
#define TEST_COMMON_H

#include <stdint.h>
#include <stdio.h>

#include "rinv_drv.h"

#define SLVERR 2u /* AXI4-Lite response codes */
#define OKAY 0u

/* MMIO addresses */
#define A_LOCK RINV_REG_LOCK
#define A_MODE RINV_REG_MODE
#define A_STATUS RINV_REG_STATUS
#define A_ERR RINV_REG_ERR_COUNT
#define A_CNT(k) RINV_REG_CNT(k)
#define A_INV_START RINV_REG_INV_START
#define A_HIST_RX RINV_REG_HIST_RX
#define A_CC(s) RINV_CC_BASE(s)
#define A_HIST_EN(s) RINV_REG_HIST_EN(s)
#define A_REC_COUNT(s) RINV_REG_REC_COUNT(s)
#define A_TAG_LOOKUPS(s) RINV_REG_TAG_LOOKUPS(s)

#define MODE_VAL(mode, walk) RINV_MODE_VALUE(mode, walk)

/* A test returns 1 on success; on failure 0, with the reason in tc->msg. */
typedef struct test_ctx {
  char msg[512];
} test_ctx_t;

#define CHECK(cond, ...)                              \
  do {                                                \
    if (!(cond)) {                                    \
      snprintf(tc->msg, sizeof tc->msg, __VA_ARGS__); \
      return 0;                                       \
    }                                                 \
  } while (0)

#endif
