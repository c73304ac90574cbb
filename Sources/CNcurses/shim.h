#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// Wide-character ncurses: these must be defined before curses.h is included.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/// The C library's column width of a wide character (wcwidth), which Swift's Glibc
/// module does not export.
static inline int ce_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// Draws `n` wide characters at (y, x) with a colour pair and attributes (macros in C).
static inline int ce_put(WINDOW *w, int y, int x, const wchar_t *s, int n, short pair, int bold, int reverse, int dim, int underline) {
    attr_t a = A_NORMAL;
    if (bold) a |= A_BOLD;
    if (reverse) a |= A_REVERSE;
    if (dim) a |= A_DIM;
    if (underline) a |= A_UNDERLINE;
    wattr_set(w, a, pair, NULL);
    int r = mvwaddnwstr(w, y, x, s, n);
    wattr_set(w, A_NORMAL, 0, NULL);
    return r;
}

/// The window's size (getmaxyx is a macro).
static inline void ce_size(WINDOW *w, int *height, int *width) { getmaxyx(w, *height, *width); }

/// The standard screen of the current terminal (stdscr is a global Swift 6 rejects).
static inline WINDOW *stdscr_pointer(void) { return stdscr; }

static inline int ce_key_resize(void) { return KEY_RESIZE; }
static inline int ce_key_code_yes(void) { return KEY_CODE_YES; }
#endif
