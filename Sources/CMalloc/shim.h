#ifndef STRATA_CMALLOC_SHIM_H
#define STRATA_CMALLOC_SHIM_H
/* glibc's mallopt, which the Glibc module leaves out. */
#include <malloc.h>
#endif
