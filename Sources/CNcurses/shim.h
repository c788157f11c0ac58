#ifndef STRATA_CNCURSES_SHIM_H
#define STRATA_CNCURSES_SHIM_H
// SwiftPM drops the -D flags pkg-config gives, so the wide API must be enabled here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <curses.h>

// Swift 6 rejects C globals as shared mutable state; read them through functions.
static inline WINDOW *strata_stdscr(void) { return stdscr; }
static inline int strata_colors(void) { return COLORS; }
// Attribute macros have no function twin.
static inline attr_t strata_a_bold(void) { return A_BOLD; }
static inline attr_t strata_a_dim(void) { return A_DIM; }
static inline attr_t strata_a_reverse(void) { return A_REVERSE; }
static inline attr_t strata_a_normal(void) { return A_NORMAL; }

// C stdio globals are shared mutable state to Swift 6 as well.
static inline FILE *strata_stdin_file(void) { return stdin; }
static inline FILE *strata_stdout_file(void) { return stdout; }
static inline int strata_color_pairs(void) { return COLOR_PAIRS; }

// A terminal without cursor addressing (TERM=dumb) cannot show a full screen.
static inline int strata_can_address_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}

// glibc declares wcwidth only under _XOPEN_SOURCE, which the Glibc module
// is not built with; it is the measure ncurses itself uses.
extern int wcwidth(wchar_t c);
static inline int strata_wcwidth(wchar_t c) { return wcwidth(c); }

#endif
