#define _GNU_SOURCE
#include "COSUnfairLock.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

// Linux thread ids are below 2^22 (PID_MAX_LIMIT), so the top bit is free to mark that threads may be waiting.
#define COS_WAITERS 0x80000000u

static _Thread_local uint32_t cached_tid;

static uint32_t current_tid(void) {
    if (cached_tid == 0) cached_tid = (uint32_t)syscall(SYS_gettid);
    return cached_tid;
}

static void futex_wait(uint32_t *word, uint32_t expected) {
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
}

static void futex_wake_one(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

bool cos_unfair_lock_trylock(uint32_t *word) {
    uint32_t expected = 0;
    return __atomic_compare_exchange_n(word, &expected, current_tid(), false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

void cos_unfair_lock_lock(uint32_t *word) {
    uint32_t tid = current_tid();
    uint32_t expected = 0;
    if (__atomic_compare_exchange_n(word, &expected, tid, false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return;
    for (;;) {
        // Contended: once this thread has waited it cannot know whether others still wait, so it takes the lock
        // with the waiters bit set and its unlock wakes one thread (at worst a spurious wake-up).
        expected = 0;
        if (__atomic_compare_exchange_n(word, &expected, tid | COS_WAITERS, false, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            return;
        }
        uint32_t marked = expected | COS_WAITERS;
        if ((expected & COS_WAITERS) == 0 &&
            !__atomic_compare_exchange_n(word, &expected, marked, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            continue;
        }
        futex_wait(word, marked);
    }
}

bool cos_unfair_lock_unlock(uint32_t *word) {
    uint32_t value = __atomic_load_n(word, __ATOMIC_RELAXED);
    if ((value & ~COS_WAITERS) != current_tid()) return false;
    uint32_t previous = __atomic_exchange_n(word, 0, __ATOMIC_RELEASE);
    if (previous & COS_WAITERS) futex_wake_one(word);
    return true;
}

bool cos_unfair_lock_is_owner(const uint32_t *word) {
    return (__atomic_load_n(word, __ATOMIC_RELAXED) & ~COS_WAITERS) == current_tid();
}
