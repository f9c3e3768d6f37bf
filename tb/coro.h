/* Minimal deterministic coroutines on ucontext (single-threaded).
 * A coroutine runs fn(co, arg) on its own stack; inside it, coro_yield() returns control to
 * whoever called coro_resume(). */
#ifndef TB_CORO_H
#define TB_CORO_H

#include <stddef.h>

typedef struct coro coro_t;
typedef void (*coro_fn)(coro_t *co, void *arg);

/* Creates a suspended coroutine (stack_size 0 = default 256 KiB). NULL on failure. */
coro_t *coro_new(coro_fn fn, void *arg, size_t stack_size);
/* Runs the coroutine until it yields or returns. Returns 1 if it is still alive
 * (yielded), 0 if it has finished. Resuming a finished coroutine returns 0. */
int coro_resume(coro_t *co);
/* Called from inside the coroutine: suspend, return to the resumer. */
void coro_yield(coro_t *co);
int coro_finished(const coro_t *co);
void coro_free(coro_t *co);

#endif
