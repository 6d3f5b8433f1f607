// fipsmod-integrity: the post-link step of the module's integrity
// self-test. `fipsmod-integrity --help` lists the commands; commands.cpp
// runs them.
#include <iostream>
#include <string_view>
#include <vector>

#include "commands.hpp"

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  return fipsmod::integrity_tool::run(args, std::cout, std::cerr);
}
