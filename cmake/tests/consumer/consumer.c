/* A C program built against an installed fipsmod: prints the MD5 of its
 * argument (one-shot and streamed must agree) and checks an XOR. */
#include <fipsmod/fipsmod.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  const char *msg = argv[1];
  uint8_t one_shot[FIPSMOD_MD5_SIZE], streamed[FIPSMOD_MD5_SIZE];
  if (fipsmod_md5(msg, strlen(msg), one_shot) != FIPSMOD_OK) return 1;
  fipsmod_md5_ctx ctx;
  fipsmod_md5_init(&ctx);
  for (const char *p = msg; *p; ++p) fipsmod_md5_update(&ctx, p, 1);
  fipsmod_md5_sum(&ctx, streamed);
  if (memcmp(one_shot, streamed, sizeof one_shot) != 0) return 1;

  const uint8_t x[3] = {1, 2, 3}, y[3] = {3, 2, 1};
  uint8_t z[3];
  size_t n = 0;
  if (fipsmod_xor_bytes(z, 3, x, 3, y, 3, &n) != FIPSMOD_OK || n != 3 || z[0] != 2 || z[1] != 0 || z[2] != 2) return 1;
  if (fipsmod_xor_bytes(z, 2, x, 3, y, 3, &n) != FIPSMOD_ERR_DST_TOO_SHORT) return 1;

  for (int i = 0; i < FIPSMOD_MD5_SIZE; ++i) printf("%02x", one_shot[i]);
  printf("\n");
  return 0;
}
