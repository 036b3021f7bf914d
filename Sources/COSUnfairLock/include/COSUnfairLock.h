// The lock word of os_unfair_lock: a futex-based mutex whose word holds the owner's thread id (so that ownership
// can be asserted, as Apple's lock does) and a waiters bit. The word may live in any 4-byte-aligned memory that
// stays put, as Apple's lock requires of its callers.
#ifndef COS_UNFAIR_LOCK_H
#define COS_UNFAIR_LOCK_H

#include <stdbool.h>
#include <stdint.h>

void cos_unfair_lock_lock(uint32_t *word);
bool cos_unfair_lock_trylock(uint32_t *word);
/// Returns false (and leaves the lock alone) when the calling thread is not the owner.
bool cos_unfair_lock_unlock(uint32_t *word);
bool cos_unfair_lock_is_owner(const uint32_t *word);

#endif
