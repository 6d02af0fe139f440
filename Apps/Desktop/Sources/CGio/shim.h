// GIO (GDBus) for Swift, without GTK, with small functions for what Swift cannot call: macros,
// variadic functions.
#include <gio/gio.h>

/// A GVariantType from its type string (G_VARIANT_TYPE is a macro).
static inline const GVariantType *twofold_variant_type(const char *text) { return G_VARIANT_TYPE(text); }

#include <sys/prctl.h>

/// Makes this process the parent of the orphans among its descendants, as a clipboard tool's
/// server left behind (prctl is variadic, which Swift cannot call); 0 when it did.
static inline int twofold_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }
