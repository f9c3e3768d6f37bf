/* Memory traffic of the HIP runtime around a kernel launch (docs/TRACE.md section 4,
 * "Upstream programs"): the CPU writes an AQL kernel-dispatch packet into the queue's ring
 * buffer, the kernel arguments into a kernarg segment and the completion signal's initial
 * value, then rings the doorbell; the GPU's command processor reads packet and kernargs and
 * at the kernel's end writes the completion signal, which the CPU reads. */
#ifndef TB_WORKLOADS_HIP_H
#define TB_WORKLOADS_HIP_H

#include <stdint.h>

#include "trace.h"

#define WL_HIP_LAUNCHES 3u     /* Algorithm 2: GPU_ACQUIRE, GPU_KERNEL, GPU_RELEASE */
#define WL_HIP_PKT_BYTES 64u   /* sizeof(hsa_kernel_dispatch_packet_t) */
#define WL_HIP_RING_SLOTS 64u  /* packets in the queue's ring buffer (one 4 KiB page) */
#define WL_HIP_KA_BYTES 64u    /* kernarg segment per launch slot */
#define WL_HIP_SIG_BYTES 64u   /* sizeof(amd_signal_t); the 64-bit value is at offset 8 */
#define WL_HIP_CP_PORT 0u      /* GPU port of the command processor: gpu.0 */

/* Where the runtime's structures are, and what one launch carries. */
typedef struct wl_hip_rt {
  uint32_t queue;   /* ring buffer, WL_HIP_RING_SLOTS packets */
  uint32_t kernarg; /* WL_HIP_LAUNCHES segments of WL_HIP_KA_BYTES */
  uint32_t signal;  /* WL_HIP_LAUNCHES completion signals of WL_HIP_SIG_BYTES */
} wl_hip_rt_t;

typedef struct wl_hip_launch {
  unsigned slot;           /* launch number in the program: ring slot slot % RING_SLOTS */
  unsigned which;          /* 0..WL_HIP_LAUNCHES-1: kernarg segment and signal used */
  uint32_t grid[3], wg[3]; /* grid size in threads and workgroup size (packet fields) */
  unsigned n_kernarg;      /* kernel-argument words (explicit arguments only) */
  uint32_t kernarg[8];
} wl_hip_launch_t;

/* Bytes of each allocation (queue, kernarg, signal). */
uint32_t wl_hip_bytes(unsigned which_alloc);
/* CPU (port cpu.0): kernargs, signal value = 1, packet body, packet header last. */
int wl_hip_cpu_launch(tr_prog_t *p, const wl_hip_rt_t *rt, const wl_hip_launch_t *l);
/* Command processor (gpu.0): reads the packet, then the kernargs. */
int wl_hip_cp_read(tr_prog_t *p, const wl_hip_rt_t *rt, const wl_hip_launch_t *l);
/* Command processor (gpu.0): completion signal value = 0 (one 8-byte store instruction). */
int wl_hip_cp_signal(tr_prog_t *p, const wl_hip_rt_t *rt, unsigned which);
/* CPU (cpu.0): reads the completion signal's value (hipDeviceSynchronize's wait). */
int wl_hip_cpu_wait(tr_prog_t *p, const wl_hip_rt_t *rt, unsigned which);
/* GPU barrier: a register read of LOCK (= 2, the GPU holds it) waits for every earlier GPU
 * memory operation, so that what follows starts after it (the kernel after the packet is
 * read, the signal after the kernel). */
int wl_hip_gpu_barrier(tr_prog_t *p);

#endif
