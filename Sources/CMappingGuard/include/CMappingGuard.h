// Turns SIGBUS from a truncated, memory-mapped file into zero-filled pages and a count the reader checks, so that a
// file shrinking under a reader fails that read instead of killing the process. Only CoreMedia's MappedFile uses it.
#ifndef CMAPPINGGUARD_H
#define CMAPPINGGUARD_H

#include <stddef.h>

/// Installs the SIGBUS handler once (later calls do nothing). Faults outside registered mappings go to the handler
/// that was installed before, or end the process as SIGBUS does by default. Returns 0, or -1 if sigaction failed.
int cmg_install(void);

/// Registers the mapping [base, base + length); returns its slot, or -1 when every slot is taken (the mapping is
/// then unguarded).
int cmg_register(void *base, size_t length);

/// Forgets the mapping in `slot` (before it is unmapped).
void cmg_unregister(int slot);

/// How many pages of the mapping in `slot` faulted (and now read as zeros) since it was registered.
long cmg_fault_count(int slot);

#endif
