// fipsmod md5sum, sha256sum and sha224sum: drop-ins for GNU coreutils'
// md5sum, sha256sum and sha224sum (same output lines, --check rules,
// messages and exit statuses), hashing through fipsmod. One implementation,
// as in coreutils: the algorithm (hash_algorithm.hpp) gives only the name,
// the digest size and the hashing.
#include <fcntl.h>
#include <getopt.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <system_error>
#include <vector>

#include <fipsmod/fipsmod.h>
#include <fipsmod/module.hpp>

#include "commands.hpp"
#include "hash_algorithm.hpp"
#include "hash_many.hpp"
#include "io.hpp"
#include "md5sum_lines.hpp"
#include "progress.hpp"
#include "quote.hpp"
#include "streams.hpp"

namespace fipsmod::cli {
namespace {

// The usage text after its first two lines, the same for every algorithm.
constexpr const char* kUsage = R"(With no FILE, or when FILE is -, read standard input.

  -b, --binary          read in binary mode (marks names with '*')
  -c, --check           read checksums from the FILEs and check them
      --tag             create a BSD-style checksum
  -t, --text            read in text mode (default)
  -z, --zero            end each output line with NUL, not newline,
                          and disable file name escaping
      --progress        show progress on standard error when it is a
                          terminal: of a long file, or of all the FILEs
                          when they are hashed at once
  -j, --jobs=N          hash the FILEs on N threads, several files at once
                          on each (N from 1 to 1024; default: the CPUs this
                          process may use), with at most N x 2 MiB of read
                          buffers (less, down to one file at a time, when
                          memory is short); the output is the same as one
                          at a time, each line as soon as its file and
                          those before are done.
                          Not for --check, standard input or a lone FILE;
                          a FILE that is not a regular file or directory
                          is read alone, in its turn

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

      --help            display this help and exit
      --version         output version information and exit

Exit status: 0 when every file was read and, with --check, every checksum
matched; 1 otherwise.
)";

struct Options {
  bool check = false;
  int binary = -1;  // -1: not given
  bool tag = false;
  bool zero = false;
  bool progress = false;
  bool ignore_missing = false;
  bool quiet = false;
  bool status = false;
  bool strict = false;
  bool warn = false;
  std::size_t jobs = 0;  // -j; 0: not given, the CPUs this process may use
};

// Whether standard input was used, as a file or as a list.
bool read_stdin = false;
// The algorithm of this run, and the name messages use: argv[0], which is
// "fipsmod md5sum", or the name a link was run as ("md5sum").
const HashAlgorithm* algorithm = &kMd5;
std::string program_name;

// The buffer files are read into one at a time: kChunkSize bytes, or less
// when memory is short, down to a static 4 KiB that is always there, so
// that the last fallback of hashing many files at once (hash_many.hpp),
// one file at a time, cannot itself run out of memory.
std::span<std::uint8_t> chunk() {
  static const std::span<std::uint8_t> buffer = [] {
    static std::uint8_t least[4096];
    for (std::size_t size = kChunkSize; size > sizeof least; size /= 2) {
      if (auto* bytes = new (std::nothrow) std::uint8_t[size]) return std::span<std::uint8_t>(bytes, size);
    }
    return std::span<std::uint8_t>(least);
  }();
  return buffer;
}

std::string errno_message(const std::string& name, int error) { return quote(name) + ": " + std::strerror(error); }

// Hashes a file in chunks. On failure reports it and returns nullopt; a
// missing file under --ignore-missing sets `missing` and is not reported.
// Operand `index` of `held`, when it holds it, is read from there.
std::optional<HashSum> hash_file(const std::string& path, const Options& o, bool& missing, HeldFiles* held = nullptr,
                                 std::size_t index = 0) {
  missing = false;
  if (path == "-") read_stdin = true;
  int error = 0;
  auto file = held && held->has(index) ? held->take(index, path, error) : InputFile::open(path, error);
  if (!file) {
    if (o.ignore_missing && error == ENOENT) {
      missing = true;
      return std::nullopt;
    }
    report(program_name, errno_message(path, error));
    return std::nullopt;
  }
  Progress progress(o.progress, path, file->size());
  int read_error = 0;  // kept where the read failed, whatever runs after it
  const auto sum = algorithm->hash([&]() -> std::optional<std::span<const std::uint8_t>> {
    const long n = file->read(chunk());
    if (n < 0) {
      read_error = errno;
      return std::nullopt;
    }
    progress.advance(static_cast<std::uint64_t>(n));
    return std::span<const std::uint8_t>(chunk().first(static_cast<std::size_t>(n)));
  });
  if (!sum) report(program_name, errno_message(path, read_error));
  return sum;
}

// Whether hashing `files` at once (hash_many.hpp) may print what hashing
// them in turn prints: more than one, none of them standard input (and
// hash_many checks that each is a regular file or a directory).
bool may_hash_at_once(const std::vector<std::string>& files) {
  return files.size() > 1 && std::find(files.begin(), files.end(), "-") == files.end();
}

// -j's value: a decimal number from 1 to 1024; 0 when it is not one.
std::size_t parse_jobs(const char* text) {
  std::size_t n = 0;
  if (*text == '\0') return 0;
  for (const char* p = text; *p; ++p) {
    if (*p < '0' || *p > '9') return 0;
    n = n * 10 + static_cast<std::size_t>(*p - '0');
    if (n > 1024) return 0;
  }
  return n;
}

// Whether the module refuses this hash in its mode: asked of the module
// itself (the hash of an empty stream), before any file is opened or line
// printed, so that a refused run writes nothing on stdout.
bool refused_by_mode(const HashAlgorithm& hash) {
  try {
    (void)hash.hash([]() -> std::optional<std::span<const std::uint8_t>> { return std::span<const std::uint8_t>(); });
    return false;
  } catch (const fipsmod::error& e) {
    if (e.status() == FIPSMOD_ERR_NOT_APPROVED) return true;
    throw;
  }
}

void print_name(const std::string& name, bool escape) {
  if (escape) std::fputc('\\', stdout);
  const std::string shown = escape ? escape_name(name) : name;
  std::fwrite(shown.data(), 1, shown.size(), stdout);
}

std::string plural(std::uintmax_t n, const char* one, const char* many) {
  return "WARNING: " + std::to_string(n) + " " + (n == 1 ? one : many);
}

using FilePtr = std::unique_ptr<FILE, int (*)(FILE*)>;

bool check_list(const std::string& list, const Options& o, CheckListParser& parser) {
  const bool is_stdin = list == "-";
  if (is_stdin) read_stdin = true;
  const std::string shown_list = is_stdin ? "standard input" : list;
  FilePtr owned(nullptr, &std::fclose);
  FILE* in = stdin;
  if (!is_stdin) {
    // fopen(list, "r"), but through open_file like every open here.
    const int fd = open_file(list.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) owned.reset(fdopen(fd, "r"));
    if (!owned) {
      const int error = errno;
      if (fd >= 0) ::close(fd);
      report(program_name, errno_message(list, error));
      return false;
    }
    in = owned.get();
  }

  std::uintmax_t malformed = 0, mismatched = 0, unreadable = 0, line_number = 0;
  bool any_well_formed = false, any_matched = false;
  char* raw = nullptr;
  std::size_t capacity = 0;
  ssize_t length;
  while ((length = getline(&raw, &capacity, in)) > 0) {
    ++line_number;
    const CheckLine line = parser.parse(std::string_view(raw, static_cast<std::size_t>(length)), is_stdin);
    if (line.kind == CheckLine::Kind::skip) continue;
    if (line.kind == CheckLine::Kind::malformed) {
      ++malformed;
      if (o.warn) {
        report(program_name, quote(shown_list) + ": " + std::to_string(line_number) +
                             ": improperly formatted " + std::string(algorithm->name) + " checksum line");
      }
      continue;
    }
    any_well_formed = true;
    const bool escape = !o.status && needs_escape_in_check(line.file_name);
    bool missing = false;
    const std::optional<HashSum> sum = hash_file(line.file_name, o, missing);
    if (missing) continue;
    if (!sum) {
      ++unreadable;
      if (!o.status) {
        print_name(line.file_name, escape);
        std::fputs(": FAILED open or read\n", stdout);
      }
      continue;
    }
    const bool match = digest_matches(line.hex_digest, *sum);
    if (match) {
      any_matched = true;
    } else {
      ++mismatched;
    }
    if (!o.status && (!match || !o.quiet)) {
      print_name(line.file_name, escape);
      std::fputs(match ? ": OK\n" : ": FAILED\n", stdout);
    }
  }
  const bool read_error = std::ferror(in) != 0;
  std::free(raw);
  if (is_stdin) std::clearerr(stdin);
  if (read_error) {
    report(program_name, quote(shown_list) + ": read error");
    return false;
  }

  if (!any_well_formed) {
    report(program_name, quote(shown_list) + ": no properly formatted checksum lines found");
  } else if (!o.status) {
    if (malformed) report(program_name, plural(malformed, "line is improperly formatted", "lines are improperly formatted"));
    if (unreadable) report(program_name, plural(unreadable, "listed file could not be read", "listed files could not be read"));
    if (mismatched) {
      report(program_name, plural(mismatched, "computed checksum did NOT match", "computed checksums did NOT match"));
    }
    if (o.ignore_missing && !any_matched) report(program_name, quote(shown_list) + ": no file was verified");
  }
  return any_well_formed && any_matched && mismatched == 0 && unreadable == 0 && (!o.strict || malformed == 0);
}

// Refuses option combinations that coreutils refuses; empty when fine.
std::string conflict(const Options& o) {
  if (o.tag && o.binary == 0) return "--tag does not support --text mode";
  if (o.zero && o.check) return "the --zero option is not supported when verifying checksums";
  if (o.tag && o.check) return "the --tag option is meaningless when verifying checksums";
  if (o.binary >= 0 && o.check) return "the --binary and --text options are meaningless when verifying checksums";
  if (!o.check) {
    if (o.ignore_missing) return "the --ignore-missing option is meaningful only when verifying checksums";
    if (o.status) return "the --status option is meaningful only when verifying checksums";
    if (o.warn) return "the --warn option is meaningful only when verifying checksums";
    if (o.quiet) return "the --quiet option is meaningful only when verifying checksums";
    if (o.strict) return "the --strict option is meaningful only when verifying checksums";
  }
  return {};
}

int usage_error(const std::string& why) {
  if (!why.empty()) report(program_name, why);
  std::fprintf(stderr, "Try '%s --help' for more information.\n", program_name.c_str());
  return 1;
}

int checksum_main(const HashAlgorithm& hash, int argc, char** argv) {
  algorithm = &hash;
  program_name = argv[0];
  // Like coreutils, line-buffer stdout, from the start: each result
  // appears whole and at once, and a failed write is seen where it happens.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  read_stdin = false;
  enum { kTag = 256, kProgress, kIgnoreMissing, kQuiet, kStatus, kStrict, kHelp, kVersion };
  // In coreutils' order, which is the order getopt lists the candidates of
  // an ambiguous abbreviation in (--progress and --jobs, fipsmod's own,
  // share no prefix with the others).
  static const option kLong[] = {
      {"check", no_argument, nullptr, 'c'},
      {"ignore-missing", no_argument, nullptr, kIgnoreMissing},
      {"quiet", no_argument, nullptr, kQuiet},
      {"status", no_argument, nullptr, kStatus},
      {"warn", no_argument, nullptr, 'w'},
      {"strict", no_argument, nullptr, kStrict},
      {"tag", no_argument, nullptr, kTag},
      {"zero", no_argument, nullptr, 'z'},
      {"binary", no_argument, nullptr, 'b'},
      {"text", no_argument, nullptr, 't'},
      {"progress", no_argument, nullptr, kProgress},
      {"jobs", required_argument, nullptr, 'j'},
      {"help", no_argument, nullptr, kHelp},
      {"version", no_argument, nullptr, kVersion},
      {nullptr, 0, nullptr, 0},
  };
  // getopt itself words the errors about options, exactly as coreutils'
  // md5sum and sha256sum (the same glibc code) do; it names the program by
  // argv[0].
  std::string program(program_name);
  std::vector<char*> args(argv, argv + argc);
  args[0] = program.data();
  args.push_back(nullptr);
  Options o;
  optind = 0;  // full re-initialisation of getopt
  opterr = 1;
  for (int c; (c = getopt_long(argc, args.data(), "bctwzj:", kLong, nullptr)) != -1;) {
    switch (c) {
      case 'b': o.binary = 1; break;
      case 'c': o.check = true; break;
      case 't': o.binary = 0; break;
      case 'z': o.zero = true; break;
      case kTag: o.tag = true; o.binary = 1; break;
      case kProgress: o.progress = true; break;
      case 'j':
        o.jobs = parse_jobs(optarg);
        if (o.jobs == 0) return usage_error("invalid number of jobs: " + quote_argument(optarg));
        break;
      case kIgnoreMissing: o.ignore_missing = true; break;
      // --status, --warn and --quiet override each other, last one wins.
      case kStatus: o.status = true; o.warn = false; o.quiet = false; break;
      case 'w': o.status = false; o.warn = true; o.quiet = false; break;
      case kQuiet: o.status = false; o.warn = false; o.quiet = true; break;
      case kStrict: o.strict = true; break;
      case kHelp:
        std::printf("Usage: %s [OPTION]... [FILE]...\nPrint or check %s (%zu-bit) checksums, as GNU %s does.\n",
                    program_name.c_str(), std::string(hash.name).c_str(), 8 * hash.size, std::string(hash.command).c_str());
        std::fputs(kUsage, stdout);
        return 0;
      // As GNU's: the command, the package and its version, whatever the
      // name it was run as.
      case kVersion:
        std::printf("%s (fipsmod) %s\n", std::string(hash.command).c_str(), std::string(version()).c_str());
        return 0;
      default: return usage_error("");  // getopt has said what is wrong
    }
  }
  if (const std::string why = conflict(o); !why.empty()) return usage_error(why);
  if (refused_by_mode(hash)) {
    report(program_name, std::string(hash.name) + " is not an approved service (FIPSMOD_MODE=only)");
    return 1;
  }

  std::vector<std::string> files(args.begin() + optind, args.begin() + argc);
  if (files.empty()) files.emplace_back("-");

  bool ok = true;
  CheckListParser parser(hash);
  const OutputStyle style{o.binary == 1, o.tag, o.zero};
  std::size_t first = 0;  // the first operand to hash one at a time
  HeldFiles held;         // operands opened out of turn, to be read in turn
  // Hashes operand i alone and prints its line (or its message).
  const auto hash_one = [&](std::size_t i) {
    bool missing = false;
    if (const auto sum = hash_file(files[i], o, missing, &held, i)) {
      const std::string line = format_line(*sum, files[i], style, hash);
      std::fwrite(line.data(), 1, line.size(), stdout);
    } else {
      ok = false;
    }
  };
  if (!o.check && may_hash_at_once(files)) {
    // The buffer for one file at a time, had before the workers take their
    // memory: what they leave undone is hashed that way.
    (void)chunk();
    HashManyOptions many;
    many.jobs = o.jobs ? o.jobs : available_cpus();
    many.lanes = hash.lanes;
    FilesProgress progress(o.progress, files.size());
    // The lines of a batch go out together, up to PIPE_BUF bytes of whole
    // lines a write (atomic on a pipe, as each line is when line-buffered),
    // and before any message: the same bytes, in the same order with
    // standard error, as one line at a time.
    std::string pending;
    try {
      pending.reserve(2 * PIPE_BUF);
    } catch (const std::bad_alloc&) {
    }
    std::size_t handled = 0;  // operands whose line or message is out or pending
    const auto flush = [&] {
      std::fwrite(pending.data(), 1, pending.size(), stdout);
      pending.clear();
    };
    const auto emit = [&](std::span<const IndexedResult> batch) {
      for (const auto& [i, result] : batch) {
        if (result.sum) {
          const std::string line = format_line(*result.sum, files[i], style, hash);
          if (pending.size() + line.size() > PIPE_BUF) flush();
          pending += line;
        } else {
          flush();
          report(program_name, errno_message(files[i], result.error));
          ok = false;
        }
        handled = i + 1;
      }
      flush();
    };
    try {
      for (;;) {
        const HashManyEnd end = hash_many(hash, files, first, many, emit, &progress, held);
        first = end.next;
        if (!end.unsafe) break;
        // An operand that cannot be read out of turn (a FIFO, a device, the
        // output file): alone, in turn, and then the rest at once again.
        hash_one(first++);
        handled = first;
      }
    } catch (const std::bad_alloc&) {
      // Out of memory printing (the workers have stopped): what is
      // pending goes out, and the rest is hashed one at a time.
      flush();
      first = handled;
    } catch (const std::system_error&) {
      flush();
      first = handled;
    }
  }
  for (std::size_t i = first; i < files.size(); ++i) {
    const std::string& file = files[i];
    if (o.check) {
      ok &= check_list(file, o, parser);
      continue;
    }
    hash_one(i);
  }
  // As coreutils: standard input, once read, must close cleanly (it does
  // not when it was closed to begin with). Standard output is checked by
  // main, for every command.
  int error = 0;
  if (read_stdin && !close_stdin(error)) {
    report(program_name, std::string("standard input: ") + std::strerror(error));
    return 1;
  }
  return ok ? 0 : 1;
}

}  // namespace

int md5sum_main(int argc, char** argv) { return checksum_main(kMd5, argc, argv); }
int sha256sum_main(int argc, char** argv) { return checksum_main(kSha256, argc, argv); }
int sha224sum_main(int argc, char** argv) { return checksum_main(kSha224, argc, argv); }
int sha384sum_main(int argc, char** argv) { return checksum_main(kSha384, argc, argv); }
int sha512sum_main(int argc, char** argv) { return checksum_main(kSha512, argc, argv); }

}  // namespace fipsmod::cli
