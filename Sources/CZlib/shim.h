#ifndef STRATA_CZLIB_SHIM_H
#define STRATA_CZLIB_SHIM_H
#include <zlib.h>

/* inflateInit2 is a macro (it passes the library's version and the
   stream's size), so Swift cannot call it: this is it as a function.
   15 + 32: a window of 32 KB, and a gzip or zlib header found by itself. */
static inline int strata_inflate_init(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}

#endif
