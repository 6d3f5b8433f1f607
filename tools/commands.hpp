// The subcommands of the fipsmod command line. Each takes its own argv and
// returns the exit status. argv[0] is the name the checksum commands use in
// their messages: "fipsmod md5sum", or the name a link to fipsmod was run
// as ("md5sum", "/usr/local/bin/md5sum"); the others name themselves.
#pragma once

namespace fipsmod::cli {

int md5sum_main(int argc, char** argv);
int sha256sum_main(int argc, char** argv);
int sha224sum_main(int argc, char** argv);
int sha384sum_main(int argc, char** argv);
int sha512sum_main(int argc, char** argv);
int hmac_main(int argc, char** argv);
int info_main(int argc, char** argv);
int xor_main(int argc, char** argv);
int entropy_samples_main(int argc, char** argv);
int selftest_main(int argc, char** argv);
int rand_main(int argc, char** argv);

}  // namespace fipsmod::cli
