/* Symbol visibility for the fipsmod library.
 *
 * The library is built with hidden visibility; only declarations marked
 * FIPSMOD_API are exported from the shared library. */
#ifndef FIPSMOD_EXPORT_H
#define FIPSMOD_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define FIPSMOD_API __attribute__((visibility("default")))
/* For the private members of an exported class. */
#define FIPSMOD_LOCAL __attribute__((visibility("hidden")))
#else
#define FIPSMOD_API
#define FIPSMOD_LOCAL
#endif

#endif
