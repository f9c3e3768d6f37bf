/* The point a lockstep binary of make verilate PARAMS=FILE is elaborated at (docs/DSE.md,
 * "Lockstep at a sweep point"): tools/gen_params.py --point writes the table (rinv_point.c in
 * the point's build directory, linked into that binary only) and the SystemVerilog package
 * rinv_point_pkg with the same values. tb/tb_dpi.c refers to the table weakly: in the binaries
 * of the named configurations it is absent (NULL address). */
#ifndef TB_POINT_H
#define TB_POINT_H

#include "rinv_params.h"

typedef struct tb_point {
  const char *key;    /* BASE-HASH (gen_params.py point_id), also rinv_point_pkg::PointKey */
  const char *base;   /* the named configuration the point is written over */
  const char *values; /* "KEY = VALUE, ..." of every key that differs from base */
  rinv_cfg_t cfg;     /* the point (name "BASE+p" when it differs from BASE) */
} tb_point_t;

extern const tb_point_t tb_point __attribute__((weak));

#endif
