// prctl(2) with a fixed argument list: Swift cannot call the variadic C function itself.
#ifndef TWOFOLD_CPROCESSCONTROL_H
#define TWOFOLD_CPROCESSCONTROL_H

/// Marks the process dumpable (1) or not (0): PR_SET_DUMPABLE. Returns 0, or -1 with errno.
int twofold_set_dumpable(int dumpable);

/// Whether the process is dumpable: PR_GET_DUMPABLE (1 or 0), or -1 where there is no prctl.
int twofold_get_dumpable(void);

/// Limits the allocator to one arena for every thread (glibc's M_ARENA_MAX); returns 1 when
/// set, 0 where there is no such setting.
int twofold_single_malloc_arena(void);

#endif
