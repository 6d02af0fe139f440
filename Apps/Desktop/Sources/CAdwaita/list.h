// The account list's C helpers: what Swift cannot call directly (construct properties, macros).
#include <adwaita.h>

/// An AdwActionRow for a GtkListView item: a group to assistive technologies (the list view's
/// own item is the list item; a second one inside it would count each account twice), neither
/// focusable nor activatable itself (the list view's item is: one focus stop and one activation
/// per account).
static inline GtkWidget *twofold_list_action_row_new(void) {
  return g_object_new(ADW_TYPE_ACTION_ROW, "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, "focusable", FALSE,
                      "activatable", FALSE, "use-markup", FALSE, NULL);
}
