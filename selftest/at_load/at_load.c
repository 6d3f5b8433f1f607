/* Linked to libfipsmod.so: its load-time constructor has run the power-on
 * self-tests before main, so the module is operational before any call.
 *
 * Exit 0: operational. Exit 1: in error, and every one-shot service
 * refused with FIPSMOD_ERR_MODULE_ERROR and wrote nothing (what a library
 * whose self-test failed at load must do). Exit 2: anything else. */
#include <stdio.h>
#include <string.h>

#include <fipsmod/fipsmod.h>

static int problems = 0;

/* A refused call returns FIPSMOD_ERR_MODULE_ERROR and leaves out[] as it
 * was (0xaa). */
static void refused(const char *name, int status, const uint8_t *out, size_t len) {
  size_t i;
  if (status != FIPSMOD_ERR_MODULE_ERROR) {
    fprintf(stderr, "selftest_at_load: %s returned %d in the error state, want %d\n", name, status,
            FIPSMOD_ERR_MODULE_ERROR);
    ++problems;
  }
  for (i = 0; i < len; ++i) {
    if (out[i] != 0xaa) {
      fprintf(stderr, "selftest_at_load: %s wrote its output in the error state\n", name);
      ++problems;
      return;
    }
  }
}

int main(void) {
  static const uint8_t key[32] = {1};
  static const char message[] = "abc";
  const void *data[1] = {message};
  const size_t len[1] = {3};
  uint8_t out[64];
  uint8_t many[1][FIPSMOD_MD5_SIZE];
  size_t n = 7;
  const int state = fipsmod_state();
  if (state == FIPSMOD_STATE_OPERATIONAL) return 0;
  if (state != FIPSMOD_STATE_ERROR) {
    fprintf(stderr, "selftest_at_load: state %d before the first call, want %d (operational) or %d (error)\n",
            state, FIPSMOD_STATE_OPERATIONAL, FIPSMOD_STATE_ERROR);
    return 2;
  }
  memset(out, 0xaa, sizeof out);
  refused("fipsmod_md5", fipsmod_md5(message, 3, out), out, sizeof out);
  refused("fipsmod_sha256", fipsmod_sha256(message, 3, out), out, sizeof out);
  refused("fipsmod_sha224", fipsmod_sha224(message, 3, out), out, sizeof out);
  refused("fipsmod_hmac_sha256", fipsmod_hmac_sha256(key, sizeof key, message, 3, out), out, sizeof out);
  refused("fipsmod_hmac_sha224", fipsmod_hmac_sha224(key, sizeof key, message, 3, out), out, sizeof out);
  refused("fipsmod_xor_bytes", fipsmod_xor_bytes(out, 3, message, 3, message, 3, &n), out, sizeof out);
  if (n != 7) {
    fprintf(stderr, "selftest_at_load: fipsmod_xor_bytes wrote its count in the error state\n");
    ++problems;
  }
  memset(many, 0xaa, sizeof many);
  refused("fipsmod_md5_many", fipsmod_md5_many(1, data, len, many), many[0], sizeof many);
  if (problems != 0) return 2;
  fprintf(stderr, "selftest_at_load: the module is in error; every service refused\n");
  return 1;
}
