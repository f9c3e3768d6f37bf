/* HIP runtime lines of a kernel launch (see workloads_hip.h, docs/TRACE.md section 4). */
#include "workloads_hip.h"

#include "rinv_regs.h"
#include "workloads.h"

uint32_t wl_hip_bytes(unsigned which_alloc) {
  if (which_alloc == 0) return WL_HIP_RING_SLOTS * WL_HIP_PKT_BYTES;
  return WL_HIP_LAUNCHES * (which_alloc == 1 ? WL_HIP_KA_BYTES : WL_HIP_SIG_BYTES);
}

static uint32_t pkt_addr(const wl_hip_rt_t *rt, unsigned slot) {
  return rt->queue + (slot % WL_HIP_RING_SLOTS) * WL_HIP_PKT_BYTES;
}

/* Launch `which`'s kernel-argument segment and completion signal (hsa_signal_t: the signal's
 * value is the 64-bit word at offset 8). */
static uint32_t ka_addr(const wl_hip_rt_t *rt, unsigned which) {
  return rt->kernarg + which * WL_HIP_KA_BYTES;
}

static uint32_t sig_addr(const wl_hip_rt_t *rt, unsigned which) {
  return rt->signal + which * WL_HIP_SIG_BYTES;
}

static uint32_t sig_value(const wl_hip_rt_t *rt, unsigned which) {
  return sig_addr(rt, which) + 8u;
}

/* hsa_kernel_dispatch_packet_t as 16 words: header | setup << 16; workgroup_size_x | _y << 16;
 * workgroup_size_z | reserved0; grid_size_x, _y, _z; private_segment_size;
 * group_segment_size; kernel_object (2 words); kernarg_address (2); reserved2 (2);
 * completion_signal (2). Header: type KERNEL_DISPATCH (2), barrier bit, system-scope
 * acquire and release fences. */
static uint32_t pkt_word(const wl_hip_rt_t *rt, const wl_hip_launch_t *l, unsigned w) {
  unsigned dims = l->grid[2] > 1u ? 3u : l->grid[1] > 1u ? 2u : 1u;
  switch (w) {
    case 0: return (2u | 1u << 8 | 2u << 9 | 2u << 11) | dims << 16;
    case 1: return l->wg[0] | l->wg[1] << 16;
    case 2: return l->wg[2];
    case 3: case 4: case 5: return l->grid[w - 3u];
    case 8: return 0x00c0ffeeu + l->which; /* code object address: not in the program */
    case 10: return ka_addr(rt, l->which);
    case 14: return sig_addr(rt, l->which);
    default: return 0;
  }
}

int wl_hip_cpu_launch(tr_prog_t *p, const wl_hip_rt_t *rt, const wl_hip_launch_t *l) {
  uint32_t ka = ka_addr(rt, l->which);
  int rc = 0;
  for (unsigned i = 0; i < l->n_kernarg && rc == 0; i++) {
    rc = tr_prog_mem(p, 0, 1, ka + 4u * i, l->kernarg[i]);
  }
  if (rc == 0) rc = tr_prog_mem(p, 0, 1, sig_value(rt, l->which), 1u);
  if (rc == 0) rc = tr_prog_mem(p, 0, 1, sig_value(rt, l->which) + 4u, 0u);
  for (unsigned w = 1; w < WL_HIP_PKT_BYTES / 4u && rc == 0; w++) {
    rc = tr_prog_mem(p, 0, 1, pkt_addr(rt, l->slot) + 4u * w, pkt_word(rt, l, w));
  }
  if (rc == 0) rc = tr_prog_mem(p, 0, 1, pkt_addr(rt, l->slot), pkt_word(rt, l, 0));
  /* The doorbell is an uncached MMIO write to the GPU: no coherent memory traffic. */
  return rc;
}

int wl_hip_cp_read(tr_prog_t *p, const wl_hip_rt_t *rt, const wl_hip_launch_t *l) {
  unsigned port = TR_N_CPU_PORTS + WL_HIP_CP_PORT;
  uint32_t ka = ka_addr(rt, l->which);
  int rc = 0;
  for (unsigned w = 0; w < WL_HIP_PKT_BYTES / 4u && rc == 0; w++) {
    rc = tr_prog_mem(p, port, 0, pkt_addr(rt, l->slot) + 4u * w, 0);
  }
  for (unsigned i = 0; i < l->n_kernarg && rc == 0; i++) {
    rc = tr_prog_mem(p, port, 0, ka + 4u * i, 0);
  }
  return rc;
}

int wl_hip_cp_signal(tr_prog_t *p, const wl_hip_rt_t *rt, unsigned which) {
  unsigned port = TR_N_CPU_PORTS + WL_HIP_CP_PORT;
  int rc = tr_prog_mem(p, port, 1, sig_value(rt, which), 0u);
  if (rc == 0) {
    p->ops[p->n - 1].flags = TR_F_MORE; /* one store instruction of two words */
    rc = tr_prog_mem(p, port, 1, sig_value(rt, which) + 4u, 0u);
  }
  return rc;
}

int wl_hip_cpu_wait(tr_prog_t *p, const wl_hip_rt_t *rt, unsigned which) {
  int rc = tr_prog_mem(p, 0, 0, sig_value(rt, which), 0);
  if (rc == 0) rc = tr_prog_mem(p, 0, 0, sig_value(rt, which) + 4u, 0);
  return rc;
}

int wl_hip_gpu_barrier(tr_prog_t *p) {
  return tr_prog_regrd(p, 1, RINV_DIR_BASE + RINV_DIR_LOCK_OFFSET, 2u, RINV_DIR_LOCK_ID_MASK,
                       TR_F_VALUE);
}
