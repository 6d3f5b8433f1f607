/* fipsmod: the DRBG package's C headers, which <fipsmod/fipsmod.h> includes
 * through this one: the deterministic CTR_DRBG (ctr_drbg.h). */
#ifndef FIPSMOD_DRBG_H
#define FIPSMOD_DRBG_H

#include <fipsmod/ctr_drbg.h>

#endif
