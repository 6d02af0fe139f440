#ifndef TWOFOLD_CNCURSES_SHIM_H
#define TWOFOLD_CNCURSES_SHIM_H

/* Wide-character curses: cchar_t, wget_wch, waddnwstr and wcwidth need these before any header. */
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncurses.h>

/* Swift cannot call curses' function-like macros or read its mutable globals safely; these
   small functions stand in for them. */

/* A terminal on standard input and output, or NULL when TERM names none (newterm, unlike
   initscr, does not exit the process). */
static inline SCREEN *twofold_newterm(void) { return newterm(NULL, stdout, stdin); }

/* The standard screen. */
static inline WINDOW *twofold_stdscr(void) { return stdscr; }

/* Rows of the terminal. */
static inline int twofold_lines(void) { return LINES; }

/* Columns of the terminal. */
static inline int twofold_columns(void) { return COLS; }

/* Colour pairs the terminal supports. */
static inline int twofold_color_pairs(void) { return COLOR_PAIRS; }

/* Colours the terminal supports. */
static inline int twofold_colors(void) { return COLORS; }

/* The attribute values (NCURSES_BITS macros). */
static inline attr_t twofold_attr_normal(void) { return A_NORMAL; }
static inline attr_t twofold_attr_bold(void) { return A_BOLD; }
static inline attr_t twofold_attr_dim(void) { return A_DIM; }
static inline attr_t twofold_attr_reverse(void) { return A_REVERSE; }
static inline attr_t twofold_attr_underline(void) { return A_UNDERLINE; }

/* Sets the attributes and colour pair of later output to `window`. */
static inline int twofold_set_style(WINDOW *window, attr_t attributes, short pair) {
  return wattr_set(window, attributes, pair, NULL);
}

/* The background of `window`: a blank in colour pair `pair`. */
static inline void twofold_set_background(WINDOW *window, short pair) {
  wbkgdset(window, ' ' | COLOR_PAIR(pair));
}

/* Display columns of one character (-1 for a control character) in the current locale. */
static inline int twofold_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

/* Whether the current locale encodes text as UTF-8. */
static inline int twofold_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

#endif
