// The subcommands of the fipsmod command line. Each takes its own argv,
// argv[0] being the subcommand's name, and returns the exit status.
#pragma once

namespace fipsmod::cli {

int md5sum_main(int argc, char** argv);
int sha256sum_main(int argc, char** argv);
int sha224sum_main(int argc, char** argv);
int hmac_main(int argc, char** argv);
int info_main(int argc, char** argv);
int xor_main(int argc, char** argv);
int selftest_main(int argc, char** argv);

}  // namespace fipsmod::cli
