#include "CProcessControl.h"

#if defined(__linux__)
#include <sys/prctl.h>

int twofold_set_dumpable(int dumpable) { return prctl(PR_SET_DUMPABLE, (unsigned long)dumpable, 0, 0, 0); }

int twofold_get_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
#else
int twofold_set_dumpable(int dumpable) {
  (void)dumpable;
  return -1;
}

int twofold_get_dumpable(void) { return -1; }
#endif

#if defined(__GLIBC__)
#include <malloc.h>
int twofold_single_malloc_arena(void) { return mallopt(M_ARENA_MAX, 1); }
#else
int twofold_single_malloc_arena(void) { return 0; }
#endif
