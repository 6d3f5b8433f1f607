// A stand-in for libFuzzer where it does not run (the riscv64 and arm64
// builds under qemu, and any build without -fsanitize=fuzzer): replays
// every file of the corpus directories, then runs N pseudo-random inputs
// from a fixed seed, through the same LLVMFuzzerTestOneInput.
//
//   <target>_replay [-runs=N] [-seed=S] [-max_len=L] [DIR|FILE]...
//
// A difference aborts inside the target, which prints the input.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// SplitMix64 (Steele, Lea, Flood 2014): a Weyl sequence and a finaliser.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

void run(const std::vector<std::uint8_t>& input) {
  // A copy of exactly the input's size, so that ASan sees an over-read.
  std::vector<std::uint8_t> exact(input);
  LLVMFuzzerTestOneInput(exact.data(), exact.size());
}

std::size_t replay(const std::filesystem::path& p) {
  if (std::filesystem::is_directory(p)) {
    std::size_t n = 0;
    for (const auto& e : std::filesystem::directory_iterator(p)) n += replay(e.path());
    return n;
  }
  std::ifstream f(p, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "replay: cannot read %s\n", p.c_str());
    std::exit(2);
  }
  run({std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()});
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t runs = 1000, seed = 1, max_len = 4096;
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a.rfind("-runs=", 0) == 0) {
      runs = std::strtoull(argv[i] + 6, nullptr, 10);
    } else if (a.rfind("-seed=", 0) == 0) {
      seed = std::strtoull(argv[i] + 6, nullptr, 10);
    } else if (a.rfind("-max_len=", 0) == 0) {
      max_len = std::strtoull(argv[i] + 9, nullptr, 10);
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "usage: %s [-runs=N] [-seed=S] [-max_len=L] [DIR|FILE]...\n", argv[0]);
      return 2;
    } else {
      replayed += replay(argv[i]);
    }
  }
  std::uint64_t state = seed;
  std::vector<std::uint8_t> input;
  for (std::uint64_t r = 0; r < runs; ++r) {
    // Mostly short inputs, where the kernels' edge cases are, some long.
    const std::uint64_t len = next(state) % (r % 8 == 0 ? max_len + 1 : 300);
    input.resize(len);
    for (std::size_t i = 0; i < len; i += 8) {
      const std::uint64_t v = next(state);
      for (std::size_t j = 0; j < 8 && i + j < len; ++j) input[i + j] = static_cast<std::uint8_t>(v >> (8 * j));
    }
    run(input);
  }
  std::printf("%s: %zu corpus inputs and %llu random ones (seed %llu), no difference\n", argv[0], replayed,
              static_cast<unsigned long long>(runs), static_cast<unsigned long long>(seed));
  return 0;
}
