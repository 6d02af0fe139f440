// librsvg for Swift: account icons in SVG drawn at the size of the list's rows (GNOME's own SVG
// renderer, on every GNOME desktop already). Only the handle from bytes and the document render
// are used; an icon is a file of its own with no base URI, so it can load nothing outside itself.
#include <librsvg/rsvg.h>
