/* Shared by the harness (reference memory, policies) and the sparse memory model.
 * Sparse map from a 32-bit key (a line address) to a fixed-size, zero-initialised payload.
 * Open addressing; payload pointers stay valid until linemap_free (never moved). */
#ifndef RINV_LINEMAP_H
#define RINV_LINEMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct linemap linemap_t;

linemap_t *linemap_new(size_t payload_size);
void linemap_free(linemap_t *m);
/* Returns the payload of key, creating it (zeroed) if create and absent; NULL if absent
 * and !create, or on allocation failure. */
void *linemap_get(linemap_t *m, uint32_t key, int create);
/* Read-only lookup: the payload of key, or NULL if absent. */
const void *linemap_find(const linemap_t *m, uint32_t key);
size_t linemap_count(const linemap_t *m);
/* Calls fn(ctx, key, payload) for every entry, in no particular order (do not insert
 * during the walk). */
void linemap_foreach(linemap_t *m, void (*fn)(void *ctx, uint32_t key, void *payload),
                     void *ctx);
/* Removes every entry. */
void linemap_clear(linemap_t *m);

#endif
