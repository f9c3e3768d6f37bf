/* Named corner events of the mechanism, counted from the design's outputs each cycle
 * (docs/VERIFICATION.md §5, "Corner events"). An observer: it needs neither the model nor
 * internal signals, so the same counts come from lockstep, RTL-alone and model-alone runs.
 * The RESULT line carries them as "corners":{NAME:COUNT,...}; `make regress` sums them over
 * the seeds and lists the events no seed reached. */
#ifndef TB_CORNERS_H
#define TB_CORNERS_H

#include <stddef.h>
#include <stdint.h>

#include "rinv_io.h"
#include "rinv_params.h"

typedef struct corners corners_t;

corners_t *corners_new(const rinv_cfg_t *cfg);
void corners_free(corners_t *c);
/* Run start and mid-run reset (the design's arbiters restart: "first tie after reset"). */
void corners_reset(corners_t *c, unsigned mode, unsigned walk);
/* A register write that was answered (okay = OKAY): tracks MODE. */
void corners_reg_write(corners_t *c, uint32_t addr, uint32_t data, int okay);
/* One cycle: the inputs driven and the outputs seen. */
void corners_step(corners_t *c, const rinv_in_t *in, const rinv_out_t *out);
/* Writes "NAME":COUNT,... (no braces) into buf; returns the length. */
size_t corners_json(const corners_t *c, char *buf, size_t len);

#endif
