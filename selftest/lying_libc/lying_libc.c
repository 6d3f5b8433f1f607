/* A C library that lies, loaded with LD_PRELOAD under the fipsmod command:
 * memcmp and bcmp call any two buffers of 16 bytes or more equal (every
 * known answer and the integrity value are that long). Shorter calls go to
 * the real functions, so the program around the module still parses its
 * arguments and runs. A self-test that decided with libc's memcmp would
 * pass on a broken module under it: selftest/lying_libc/check says the
 * module's self-tests do not. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

enum { kLies = 16 };

int memcmp(const void* a, const void* b, size_t n) {
  static int (*real)(const void*, const void*, size_t);
  if (n >= kLies) return 0;
  if (!real) real = (int (*)(const void*, const void*, size_t))dlsym(RTLD_NEXT, "memcmp");
  return real(a, b, n);
}

int bcmp(const void* a, const void* b, size_t n) { return memcmp(a, b, n); }
