/* Prints the MD5 of each file named on the command line, md5sum-style,
 * through the C API, reading in 64 KiB chunks. */
#include <fipsmod/fipsmod.h>

#include <stdio.h>

static int hash_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    perror(path);
    return 1;
  }
  fipsmod_md5_ctx ctx;
  fipsmod_md5_init(&ctx);
  static unsigned char chunk[1 << 16];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) fipsmod_md5_update(&ctx, chunk, n);
  const int read_error = ferror(f);
  fclose(f);
  if (read_error) {
    fprintf(stderr, "%s: read error\n", path);
    return 1;
  }
  uint8_t digest[FIPSMOD_MD5_SIZE];
  fipsmod_md5_sum(&ctx, digest);
  for (int i = 0; i < FIPSMOD_MD5_SIZE; ++i) printf("%02x", digest[i]);
  printf("  %s\n", path);
  return 0;
}

int main(int argc, char **argv) {
  printf("fipsmod %s: md5 kernel %s, xor_bytes kernel %s\n", fipsmod_version(), fipsmod_impl_name("md5"),
         fipsmod_impl_name("xor_bytes"));
  int status = 0;
  for (int i = 1; i < argc; ++i) status |= hash_file(argv[i]);
  return status;
}
