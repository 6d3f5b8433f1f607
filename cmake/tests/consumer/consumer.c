/* A C program built against an installed fipsmod: prints the MD5 of its
 * argument (one-shot and streamed must agree), checks an XOR, and SHA-256,
 * SHA-224 and HMAC-SHA-256 against published examples and themselves. */
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

  /* FIPS 180-4 examples (NIST) and RFC 4231 test case 2. */
  static const uint8_t sha256_abc[FIPSMOD_SHA256_SIZE] = {
      0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
      0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
  static const uint8_t sha224_abc_head[4] = {0x23, 0x09, 0x7d, 0x22};
  static const uint8_t hmac_jefe[FIPSMOD_SHA256_SIZE] = {
      0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e, 0x6a, 0x04, 0x24, 0x26, 0x08, 0x95, 0x75, 0xc7,
      0x5a, 0x00, 0x3f, 0x08, 0x9d, 0x27, 0x39, 0x83, 0x9d, 0xec, 0x58, 0xb9, 0x64, 0xec, 0x38, 0x43};
  uint8_t d[FIPSMOD_SHA256_SIZE], state[FIPSMOD_SHA256_MARSHALED_SIZE];
  fipsmod_sha256_ctx s256, restored;
  memset(&restored, 0, sizeof restored); /* never initialised: unmarshal sets it up */
  if (fipsmod_sha256("abc", 3, d) != FIPSMOD_OK || memcmp(d, sha256_abc, sizeof d) != 0) return 1;
  if (fipsmod_sha256_init(&s256) != FIPSMOD_OK || fipsmod_sha256_update(&s256, "a", 1) != FIPSMOD_OK ||
      fipsmod_sha256_marshal(&s256, state) != FIPSMOD_OK ||
      fipsmod_sha256_unmarshal(&restored, state, sizeof state) != FIPSMOD_OK ||
      fipsmod_sha256_update(&restored, "bc", 2) != FIPSMOD_OK || fipsmod_sha256_sum(&restored, d) != FIPSMOD_OK ||
      memcmp(d, sha256_abc, sizeof d) != 0)
    return 1;
  fipsmod_sha224_ctx s224;
  uint8_t d224[FIPSMOD_SHA224_SIZE], e224[FIPSMOD_SHA224_SIZE];
  if (fipsmod_sha224("abc", 3, d224) != FIPSMOD_OK || memcmp(d224, sha224_abc_head, 4) != 0) return 1;
  if (fipsmod_sha224_init(&s224) != FIPSMOD_OK || fipsmod_sha224_update(&s224, "abc", 3) != FIPSMOD_OK ||
      fipsmod_sha224_sum(&s224, e224) != FIPSMOD_OK || memcmp(d224, e224, sizeof d224) != 0 ||
      fipsmod_sha224_marshal(&s224, state) != FIPSMOD_OK ||
      fipsmod_sha224_unmarshal(&s224, state, sizeof state) != FIPSMOD_OK)
    return 1;
  const char *what = "what do ya want for nothing?";
  if (fipsmod_hmac_sha256("Jefe", 4, what, strlen(what), d) != FIPSMOD_OK || memcmp(d, hmac_jefe, sizeof d) != 0)
    return 1;
  fipsmod_hmac_sha256_ctx h;
  memset(d, 0, sizeof d);
  if (fipsmod_hmac_sha256_init(&h, "Jefe", 4) != FIPSMOD_OK || fipsmod_hmac_sha256_update(&h, what, 10) != FIPSMOD_OK ||
      fipsmod_hmac_sha256_update(&h, what + 10, strlen(what) - 10) != FIPSMOD_OK ||
      fipsmod_hmac_sha256_sum(&h, d) != FIPSMOD_OK || memcmp(d, hmac_jefe, sizeof d) != 0 ||
      fipsmod_hmac_sha256_cleanse(&h) != FIPSMOD_OK)
    return 1;
  fipsmod_hmac_sha224_ctx h224;
  if (fipsmod_hmac_sha224("Jefe", 4, what, strlen(what), d224) != FIPSMOD_OK ||
      fipsmod_hmac_sha224_init(&h224, "Jefe", 4) != FIPSMOD_OK ||
      fipsmod_hmac_sha224_update(&h224, what, strlen(what)) != FIPSMOD_OK ||
      fipsmod_hmac_sha224_sum(&h224, e224) != FIPSMOD_OK || memcmp(d224, e224, sizeof d224) != 0 ||
      fipsmod_hmac_sha224_cleanse(&h224) != FIPSMOD_OK)
    return 1;
  if (fipsmod_impl_name("sha256") == NULL) return 1;

  for (int i = 0; i < FIPSMOD_MD5_SIZE; ++i) printf("%02x", one_shot[i]);
  printf("\n");
  return 0;
}
