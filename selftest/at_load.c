/* Linked to libfipsmod.so: its load-time constructor has run the power-on
 * self-tests before main, so the module is operational before any call. */
#include <stdio.h>

#include <fipsmod/fipsmod.h>

int main(void) {
  const int state = fipsmod_state();
  if (state != FIPSMOD_STATE_OPERATIONAL) {
    fprintf(stderr, "selftest_at_load: state %d before the first call, want %d (operational)\n", state,
            FIPSMOD_STATE_OPERATIONAL);
    return 1;
  }
  return 0;
}
