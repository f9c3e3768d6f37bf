/* ucontext coroutines (see coro.h). */
#define _XOPEN_SOURCE 700
#include "coro.h"

#include <stdint.h>
#include <stdlib.h>
#include <ucontext.h>

struct coro {
  ucontext_t ctx;    /* the coroutine */
  ucontext_t caller; /* where coro_resume() was called */
  coro_fn fn;
  void *arg;
  void *stack;
  int finished;
};

/* makecontext passes int arguments only: the pointer travels as two halves. */
static void coro_entry(unsigned hi, unsigned lo) {
  coro_t *co = (coro_t *)(((uintptr_t)hi << 16 << 16) | (uintptr_t)lo);
  co->fn(co, co->arg);
  co->finished = 1;
  /* returning switches to uc_link = caller */
}

/* getcontext() "returns twice" for GCC's -Wclobbered, but here it returns once: the
 * context is only entered through makecontext's entry point. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wclobbered"
coro_t *coro_new(coro_fn fn, void *arg, size_t stack_size) {
  coro_t *co = calloc(1, sizeof *co);
  if (!co) return NULL;
  if (stack_size == 0) stack_size = 256u * 1024u;
  co->stack = malloc(stack_size);
  if (!co->stack || getcontext(&co->ctx) != 0) {
    free(co->stack);
    free(co);
    return NULL;
  }
  co->fn = fn;
  co->arg = arg;
  co->ctx.uc_stack.ss_sp = co->stack;
  co->ctx.uc_stack.ss_size = stack_size;
  co->ctx.uc_link = &co->caller;
  uintptr_t p = (uintptr_t)co;
  makecontext(&co->ctx, (void (*)(void))coro_entry, 2, (unsigned)(p >> 16 >> 16),
              (unsigned)(p & 0xffffffffu));
  return co;
}
#pragma GCC diagnostic pop

int coro_resume(coro_t *co) {
  if (co->finished) return 0;
  swapcontext(&co->caller, &co->ctx);
  return !co->finished;
}

void coro_yield(coro_t *co) { swapcontext(&co->ctx, &co->caller); }

int coro_finished(const coro_t *co) { return co->finished; }

void coro_free(coro_t *co) {
  if (!co) return;
  free(co->stack);
  free(co);
}
