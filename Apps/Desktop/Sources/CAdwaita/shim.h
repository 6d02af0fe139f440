// libadwaita and GTK 4 for Swift, with small functions for what Swift cannot call: macros,
// and functions taking variable arguments.
#include <adwaita.h>

/// Sets a widget's accessible label (gtk_accessible_update_property takes variable arguments).
static inline void twofold_accessible_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// Sets a widget's accessible description.
static inline void twofold_accessible_description(GtkWidget *widget, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// Connects `handler` to `signal` of `instance` (g_signal_connect is a macro).
static inline gulong twofold_connect(gpointer instance, const char *signal, GCallback handler, gpointer data,
                                     GClosureNotify destroy) {
  return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

/// The string of a GtkStringObject item.
static inline const char *twofold_string_object(gpointer item) {
  return gtk_string_object_get_string(GTK_STRING_OBJECT(item));
}

/// Hides a widget from assistive technologies (a button's own label, which GTK 4.8 would add to
/// the button's accessible name a second time).
static inline void twofold_accessible_hidden(GtkWidget *widget) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}

/// Whether a widget is a GtkButton (G_TYPE_CHECK_INSTANCE_TYPE is a macro).
static inline gboolean twofold_is_button(GtkWidget *widget) {
  return G_TYPE_CHECK_INSTANCE_TYPE(widget, GTK_TYPE_BUTTON);
}
