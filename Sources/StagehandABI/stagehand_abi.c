/* The ABI target is the header. This file only proves, at build time, that the header
 * compiles on its own as C with nothing else included first. */
#include "stagehand.h"

_Static_assert(sizeof(sh_point) == 2 * sizeof(double), "sh_point is two doubles");
_Static_assert(sizeof(sh_transform3d) == 16 * sizeof(double), "sh_transform3d is sixteen doubles");
