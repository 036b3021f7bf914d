// See CMappingGuard.h. The handler runs in signal context: it reads the slot table with atomic loads, calls only
// mmap(2) (a system call, safe there in practice on Linux) and atomic increments, and never allocates or locks.
#define _GNU_SOURCE
#include "CMappingGuard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { cmg_slot_count = 4096 };

struct cmg_slot {
    _Atomic uintptr_t base;    // 0: free
    _Atomic size_t length;
    _Atomic long faults;
    _Atomic int claimed;
};

static struct cmg_slot cmg_slots[cmg_slot_count];
static struct sigaction cmg_previous;
static uintptr_t cmg_page_size = 4096;
static pthread_once_t cmg_once = PTHREAD_ONCE_INIT;
static int cmg_install_result = 0;

static void cmg_handler(int signal_number, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int index = 0; index < cmg_slot_count; index++) {
        uintptr_t base = atomic_load_explicit(&cmg_slots[index].base, memory_order_acquire);
        if (base == 0) continue;
        size_t length = atomic_load_explicit(&cmg_slots[index].length, memory_order_relaxed);
        if (address < base || address - base >= length) continue;
        // A page of our mapping past the file's new end: put a zero page in its place and let the access retry.
        uintptr_t page = address & ~(cmg_page_size - 1);
        void *replaced = mmap((void *)page, cmg_page_size, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (replaced == MAP_FAILED) break;
        atomic_fetch_add_explicit(&cmg_slots[index].faults, 1, memory_order_release);
        return;
    }
    // Not ours: whoever handled SIGBUS before us, else the default action (the fault repeats and ends the process).
    if ((cmg_previous.sa_flags & SA_SIGINFO) && cmg_previous.sa_sigaction != NULL) {
        cmg_previous.sa_sigaction(signal_number, info, context);
        return;
    }
    if (cmg_previous.sa_handler != SIG_DFL && cmg_previous.sa_handler != SIG_IGN && cmg_previous.sa_handler != NULL) {
        cmg_previous.sa_handler(signal_number);
        return;
    }
    signal(SIGBUS, SIG_DFL);
}

static void cmg_install_once(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) cmg_page_size = (uintptr_t)size;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = cmg_handler;
    action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    cmg_install_result = sigaction(SIGBUS, &action, &cmg_previous) == 0 ? 0 : -1;
}

int cmg_install(void) {
    pthread_once(&cmg_once, cmg_install_once);
    return cmg_install_result;
}

int cmg_register(void *base, size_t length) {
    for (int index = 0; index < cmg_slot_count; index++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&cmg_slots[index].claimed, &expected, 1)) continue;
        atomic_store_explicit(&cmg_slots[index].faults, 0, memory_order_relaxed);
        atomic_store_explicit(&cmg_slots[index].length, length, memory_order_relaxed);
        atomic_store_explicit(&cmg_slots[index].base, (uintptr_t)base, memory_order_release);
        return index;
    }
    return -1;
}

void cmg_unregister(int slot) {
    if (slot < 0 || slot >= cmg_slot_count) return;
    atomic_store_explicit(&cmg_slots[slot].base, 0, memory_order_release);
    atomic_store_explicit(&cmg_slots[slot].claimed, 0, memory_order_release);
}

long cmg_fault_count(int slot) {
    if (slot < 0 || slot >= cmg_slot_count) return 0;
    return atomic_load_explicit(&cmg_slots[slot].faults, memory_order_acquire);
}
