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
#endif
