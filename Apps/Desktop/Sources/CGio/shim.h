// GIO (GDBus) for Swift, without GTK, with small functions for what Swift cannot call: macros.
#include <gio/gio.h>

/// A GVariantType from its type string (G_VARIANT_TYPE is a macro).
static inline const GVariantType *twofold_variant_type(const char *text) { return G_VARIANT_TYPE(text); }
