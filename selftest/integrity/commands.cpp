// fipsmod-integrity's commands (commands.hpp): each reads the whole file,
// checks it (record.hpp), and only inject writes, 40 bytes in place.
#include "commands.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "core/byteorder.hpp"
#include "record.hpp"

namespace fipsmod::integrity_tool {

namespace {

constexpr char usage[] =
    "usage: fipsmod-integrity inject [--if-linked] FILE | verify FILE | ranges FILE | symbol FILE NAME | --help";

constexpr char help[] =
    "Records and checks the integrity value of a linked file holding the fipsmod module\n"
    "(HMAC-SHA-256 over its hashed code and read-only data; see module/integrity/integrity_format.hpp).\n"
    "\n"
    "  inject FILE        compute the value and write it, with state 1, into FILE's record\n"
    "      --if-linked    and do nothing to a FILE that does not hold the module\n"
    "  verify FILE        print 'FILE: OK' if the recorded value matches, else fail\n"
    "  ranges FILE        print the file offset and size of the text range, the rodata\n"
    "                     range and the record, one 'NAME OFFSET SIZE' a line\n"
    "  symbol FILE NAME   print the file offset and size of a defined .symtab symbol\n"
    "\n"
    "Exit status: 0 done, 1 refused or failed (nothing written), 2 bad usage.\n";

struct Failure {
  std::string reason;
};

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// An open file descriptor, closed at scope exit.
class Fd {
 public:
  Fd(const std::string& path, int flags) : fd_(::open(path.c_str(), flags | O_CLOEXEC)) {
    if (fd_ < 0) throw Failure{errno_text((flags & O_ACCMODE) == O_RDWR ? "cannot open for writing" : "cannot open")};
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { ::close(fd_); }
  int get() const noexcept { return fd_; }

 private:
  int fd_;
};

std::vector<std::uint8_t> read_all(const Fd& fd) {
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw Failure{errno_text("cannot stat")};
  if (!S_ISREG(st.st_mode)) throw Failure{"not a regular file"};
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(st.st_size));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::pread(fd.get(), bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Failure{errno_text("read failed")};
    if (n == 0) throw Failure{"the file shrank while being read"};
    done += static_cast<std::size_t>(n);
  }
  return bytes;
}

void write_all(const Fd& fd, std::span<const std::uint8_t> bytes, std::uint64_t offset) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::pwrite(fd.get(), bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Failure{errno_text("write failed")};
    if (n == 0) throw Failure{"write failed: nothing written"};
    done += static_cast<std::size_t>(n);
  }
}

void inject(const std::string& path, bool if_linked) {
  const Fd fd(path, O_RDWR);
  const ElfFile file(read_all(fd));
  if (if_linked && !file.section(integrity::section_name)) return;  // the program never used the module
  const Layout layout = locate(file);
  const integrity::Value value = compute_value(file, layout);
  std::array<std::uint8_t, integrity::written_size> written{};
  internal::store_le<std::uint64_t>(written.data(), integrity::state_recorded);
  std::copy(value.begin(), value.end(), written.begin() + integrity::state_size);
  write_all(fd, written, layout.record.offset + integrity::written_offset);
}

void verify(const std::string& path, std::ostream& out) {
  const ElfFile file(read_all(Fd(path, O_RDONLY)));
  const Layout layout = locate(file);
  const Recorded r = recorded(file, layout);
  if (r.state == integrity::state_missing) throw Failure{"integrity value missing (state 0: inject was not run)"};
  if (r.state != integrity::state_recorded) throw Failure{"unknown record state " + std::to_string(r.state)};
  const integrity::Value value = compute_value(file, layout);
  if (r.value != value)
    throw Failure{"integrity value mismatch: recorded " + hex(r.value) + ", computed " + hex(value)};
  out << path << ": OK\n";
}

void ranges(const std::string& path, std::ostream& out) {
  const ElfFile file(read_all(Fd(path, O_RDONLY)));
  const Layout layout = locate(file);
  out << "text " << layout.text.offset << ' ' << layout.text.size << '\n'
      << "rodata " << layout.rodata.offset << ' ' << layout.rodata.size << '\n'
      << "record " << layout.record.offset << ' ' << layout.record.size << '\n';
}

void symbol(const std::string& path, std::string_view name, std::ostream& out) {
  const ElfFile file(read_all(Fd(path, O_RDONLY)));
  const auto s = file.symbol(name);
  if (!s) throw Failure{"no defined symbol " + std::string(name) + " in .symtab"};
  out << s->file_offset << ' ' << s->size << '\n';
}

}  // namespace

int run(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  if (args.size() == 1 && args[0] == "--help") {
    out << usage << "\n\n" << help;
    return 0;
  }
  // A FILE that looks like an option (`inject --if-linked` with no FILE,
  // `verify --help`) is a usage error, not a file name: name such a file
  // ./-x.
  const auto is_file = [](std::string_view a) { return !a.empty() && a[0] != '-'; };
  const bool file_command = args.size() == 2 && (args[0] == "inject" || args[0] == "verify" || args[0] == "ranges") &&
                            is_file(args[1]);
  const bool symbol_command = args.size() == 3 && args[0] == "symbol" && is_file(args[1]);
  const bool if_linked = args.size() == 3 && args[0] == "inject" && args[1] == "--if-linked" && is_file(args[2]);
  if (!file_command && !symbol_command && !if_linked) {
    err << usage << '\n';
    return 2;
  }
  const std::string path(args[if_linked ? 2 : 1]);
  try {
    if (args[0] == "inject") inject(path, if_linked);
    else if (args[0] == "verify") verify(path, out);
    else if (args[0] == "ranges") ranges(path, out);
    else symbol(path, args[2], out);
    return 0;
  } catch (const Failure& f) {
    err << "fipsmod-integrity: " << path << ": " << f.reason << '\n';
  } catch (const std::exception& e) {  // ElfError, or no memory for the file
    err << "fipsmod-integrity: " << path << ": " << e.what() << '\n';
  }
  return 1;
}

}  // namespace fipsmod::integrity_tool
