// fipsmod info: the version, the CPU features, and for each algorithm every
// registered kernel with whether it is usable and which one is selected.
#include <algorithm>
#include <cstring>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fipsmod/entropy.h>
#include <fipsmod/hmac.h>
#include <fipsmod/module.h>
#include <fipsmod/module.hpp>
#include <fipsmod/random.h>

#include "commands.hpp"
#include "io.hpp"
#include "quote.hpp"

namespace fipsmod::cli {
namespace {

constexpr std::string_view kProgram = "fipsmod info";

constexpr const char* kUsage = R"(Usage: fipsmod info [--json]
Show the fipsmod version, the module state (after the power-on self-tests,
which this runs), whether the module has its integrity test, the mode
(FIPSMOD_MODE), every service with whether it is approved, the CPU features
detected and those removed by FIPSMOD_DISABLE, and for each algorithm every
kernel: whether this CPU can use it, and which one is selected.

In the error state (a self-test failed) it also shows the failure: the
test, its kernel, the value expected and the value computed; and it exits
with status 1. So it does when FIPSMOD_MODE holds a value the module does
not know (every service then refuses): the mode line says so.

HMAC under a key shorter than 14 bytes is not an approved service: fipsmod
hmac still prints the MACs, and says so once on standard error (refused
under FIPSMOD_MODE=only).

      --json    print the same as one JSON object
      --help    display this help and exit

Exit status: 0, or 1 when the module is in the error state or the output
could not be written; 2 for a usage error.
)";

// The module's strings: the C API returns NULL only where a string cannot be
// made (out of memory), which prints as empty.
std::string_view text(const char* s) { return s ? std::string_view(s) : std::string_view{}; }

// A comma-separated list of the C API ("" for none), item by item.
std::vector<std::string_view> split(std::string_view list) {
  std::vector<std::string_view> items;
  while (!list.empty()) {
    const auto comma = list.find(',');
    items.push_back(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return items;
}

std::string_view cpu_features(int which) { return text(fipsmod_cpu_features(which)); }

// `list`, or `empty` when it holds nothing.
std::string or_else(std::string_view list, std::string_view empty) {
  return std::string(list.empty() ? empty : list);
}

std::string_view mode_name() {
  switch (fipsmod_mode()) {
    case FIPSMOD_MODE_APPROVED_ONLY: return "approved_only";
    case FIPSMOD_MODE_INVALID: return "invalid";
    default: return "all_services";
  }
}

// The entropy source's health, as the C API reports it.
std::string_view entropy_health_name(int health) {
  switch (health) {
    case FIPSMOD_ENTROPY_NOT_STARTED: return "not started";
    case FIPSMOD_ENTROPY_OPERATIONAL: return "operational";
    case FIPSMOD_ENTROPY_FAILED_STARTUP: return "failed the start-up test";
    case FIPSMOD_ENTROPY_FAILED_REPETITION: return "failed the repetition count test";
    case FIPSMOD_ENTROPY_FAILED_PROPORTION: return "failed the adaptive proportion test";
    default: return "unknown";
  }
}

fipsmod_entropy_status_t entropy_status() {
  fipsmod_entropy_status_t s{};
  fipsmod_entropy_status(&s);
  return s;
}

std::string_view approval_name(int approval) {
  switch (approval) {
    case FIPSMOD_SERVICE_APPROVED: return "approved";
    case FIPSMOD_SERVICE_NOT_APPROVED: return "not approved";
    case FIPSMOD_SERVICE_NOT_CRYPTOGRAPHIC: return "not a cryptographic service";
  }
  return "unknown";
}

// The state after the power-on self-tests, which this runs as any first use
// of the module would.
std::string_view state_name() {
  switch (fipsmod_power_on()) {
    case FIPSMOD_STATE_INIT: return "init";
    case FIPSMOD_STATE_SELFTEST: return "selftest";
    case FIPSMOD_STATE_OPERATIONAL: return "operational";
    case FIPSMOD_STATE_ERROR: return "error";
  }
  return "unknown";
}

// The first self-test failure of the process, if one has failed.
std::optional<fipsmod_selftest_failure_info> failure() {
  fipsmod_selftest_failure_info f;
  if (fipsmod_selftest_failure_record(&f) != FIPSMOD_OK) return std::nullopt;
  return f;
}

// The failure as the module words it on stderr when it happens.
std::string describe(const fipsmod_selftest_failure_info& f) {
  return std::string(text(f.test)) + " (kernel " + std::string(text(f.kernel)) + "): expected " +
         std::string(text(f.expected)) + ", computed " + std::string(text(f.computed));
}

// Every service, as the security policy lists them.
std::vector<fipsmod_service_info> services() {
  std::vector<fipsmod_service_info> out;
  fipsmod_service_info s;
  for (std::size_t i = 0; fipsmod_service_at(i, &s) == FIPSMOD_OK; ++i) out.push_back(s);
  return out;
}

// Every algorithm, in the order the self-tests run them.
std::vector<std::string_view> algorithms() {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; const char* name = fipsmod_algorithm_name(i); ++i) out.emplace_back(name);
  return out;
}

// An algorithm's kernels, best first.
std::vector<fipsmod_kernel_info> kernels(std::string_view algorithm) {
  const std::string name(algorithm);
  std::vector<fipsmod_kernel_info> out;
  fipsmod_kernel_info k;
  for (std::size_t i = 0; fipsmod_kernel_at(name.c_str(), i, &k) == FIPSMOD_OK; ++i) out.push_back(k);
  return out;
}

std::string_view selected_kernel(std::string_view algorithm) {
  return text(fipsmod_impl_name(std::string(algorithm).c_str()));
}

// Whether a kernel's slow-on traits meet the features left enabled (the
// JSON's "slow_here", said of every kernel, usable or not; the C API's
// slow_here is this only for a usable kernel).
bool slow_here(const fipsmod_kernel_info& k) {
  for (std::string_view trait : split(text(k.slow_on))) {
    for (std::string_view feature : split(cpu_features(FIPSMOD_CPU_ENABLED))) {
      if (trait == feature) return true;
    }
  }
  return false;
}

// The length of the well-formed UTF-8 sequence at the start of `s` (RFC
// 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or
// minus the length of its longest prefix that could still begin one (at
// least 1), which is what a decoder replaces with one U+FFFD.
int utf8_sequence(std::string_view s, char32_t& code_point) {
  const auto b0 = static_cast<unsigned char>(s[0]);
  if (b0 < 0x80) {
    code_point = b0;
    return 1;
  }
  int length;
  unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    length = 2;
    code_point = b0 & 0x1f;
  } else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    code_point = b0 & 0x0f;
    if (b0 == 0xe0) low = 0xa0;   // overlong
    if (b0 == 0xed) high = 0x9f;  // surrogates
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    code_point = b0 & 0x07;
    if (b0 == 0xf0) low = 0x90;   // overlong
    if (b0 == 0xf4) high = 0x8f;  // above U+10FFFF
  } else {
    return -1;
  }
  for (int i = 1; i < length; ++i) {
    if (static_cast<std::size_t>(i) >= s.size()) return -i;
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < (i == 1 ? low : 0x80) || b > (i == 1 ? high : 0xbf)) return -i;
    code_point = (code_point << 6) | (b & 0x3f);
  }
  return length;
}

// A JSON string literal. JSON text is Unicode, so bytes that are not
// UTF-8 (FIPSMOD_DISABLE can hold anything) become U+FFFD, one for each
// ill-formed part, as decoders do; control characters (C0, DEL, C1) and the
// line separators are escaped, so the output is valid and safe to print.
std::string json_string(std::string_view s) {
  std::string out = "\"";
  while (!s.empty()) {
    char32_t c = 0;
    const int n = utf8_sequence(s, c);
    if (n < 0) {
      out += "\\ufffd";
      s.remove_prefix(static_cast<std::size_t>(-n));
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out.append(s.substr(0, static_cast<std::size_t>(n)));
    }
    s.remove_prefix(static_cast<std::size_t>(n));
  }
  return out + "\"";
}

template <class Strings>
std::string json_list(const Strings& items) {
  std::string out = "[";
  for (std::string_view item : items) out += (out.size() > 1 ? ", " : "") + json_string(item);
  return out + "]";
}

// The module's DRBG's counters (seeds nothing: info draws no byte).
fipsmod_random_info random_info() {
  fipsmod_random_info r{};
  fipsmod_random_status(&r);
  return r;
}

void print_text() {
  // FIPSMOD_DISABLE is read (and an unknown name in it reported on
  // standard error) before anything is printed.
  cpu_features(FIPSMOD_CPU_UNKNOWN_IN_DISABLE);
  std::printf("fipsmod %s\n", std::string(version()).c_str());
  std::printf("architecture: %s\n", std::string(text(fipsmod_architecture())).c_str());
  std::printf("module state: %s\n", std::string(state_name()).c_str());
  if (const auto f = failure()) std::printf("self-test failed: %s\n", describe(*f).c_str());
  std::printf("integrity test: %s\n",
              fipsmod_integrity_built_in() ? "built in" : "not built (FIPSMOD_INTEGRITY=OFF)");
  switch (fipsmod_mode()) {
    case FIPSMOD_MODE_APPROVED_ONLY: std::printf("mode: approved-only (non-approved services are refused)\n"); break;
    case FIPSMOD_MODE_INVALID:
      std::printf("mode: invalid, every service refused: %s\n", fipsmod_strerror(FIPSMOD_ERR_MODE_INVALID));
      break;
    default: std::printf("mode: all services\n");
  }
  const fipsmod_entropy_status_t e = entropy_status();
  std::printf("entropy source: CPU jitter timed by %s, claimed %.3f bits a sample (SP 800-90B); health: %s%s\n",
              std::string(text(e.source)).c_str(), e.claimed_millibits / 1000.0,
              std::string(entropy_health_name(e.health)).c_str(),
              e.health == FIPSMOD_ENTROPY_NOT_STARTED ? " (its start-up test runs when randomness is first asked for)" : "");
  std::printf("services:\n");
  // The name column as wide as the longest name (at least 31), so that the
  // status column lines up whatever the rows.
  int width = 31;
  for (const fipsmod_service_info& s : services()) width = std::max(width, static_cast<int>(std::strlen(s.name)));
  for (const fipsmod_service_info& s : services()) {
    std::printf("  %-*s %-28s %s\n", width, s.name, std::string(approval_name(s.approval)).c_str(), s.calls);
  }
  std::printf("HMAC under a key shorter than %d bytes: not approved; fipsmod hmac says so on standard error "
              "(FIPSMOD_MODE=only refuses it)\n",
              FIPSMOD_HMAC_MIN_APPROVED_KEY_SIZE);
  const fipsmod_random_info r = random_info();
  std::printf("DRBG: CTR_DRBG AES-256 with the derivation function, %s; reseeds: %llu (from the entropy source, "
              "every %llu thread seeds), %llu (this thread's, from the parent, every %llu requests); fork detection: %s\n",
              r.parent_seeded ? "seeded" : "not seeded yet (at the first request)",
              static_cast<unsigned long long>(r.parent_reseeds), static_cast<unsigned long long>(r.parent_reseed_interval),
              static_cast<unsigned long long>(r.thread_reseeds), static_cast<unsigned long long>(r.thread_reseed_interval),
              !r.fork_detection_armed ? "MADV_WIPEONFORK where the kernel honours it, and pthread_atfork (set up at the first request)"
              : r.wipe_on_fork        ? "MADV_WIPEONFORK and pthread_atfork"
                                      : "pthread_atfork");
  std::printf("cpu features detected: %s\n", or_else(cpu_features(FIPSMOD_CPU_DETECTED), "none").c_str());
  std::printf("removed by FIPSMOD_DISABLE: %s\n", or_else(cpu_features(FIPSMOD_CPU_DISABLED), "none").c_str());
  const std::vector<std::string_view> unknown = split(cpu_features(FIPSMOD_CPU_UNKNOWN_IN_DISABLE));
  if (!unknown.empty()) {
    std::string quoted;  // as file names are: no raw control bytes
    for (std::string_view name : unknown) quoted += (quoted.empty() ? "" : ",") + quote(std::string(name));
    std::printf("unknown names in FIPSMOD_DISABLE (ignored): %s\n", quoted.c_str());
  }
  const char* misaligned = nullptr;
  if (const char* hwprobe = fipsmod_riscv_hwprobe(&misaligned)) {  // riscv64 only
    std::printf("riscv_hwprobe: %s; misaligned access: %s\n", hwprobe, std::string(text(misaligned)).c_str());
  }
  for (std::string_view a : algorithms()) {
    std::printf("%s:\n", std::string(a).c_str());
    for (const fipsmod_kernel_info& k : kernels(a)) {
      std::string status = k.usable ? "usable" : "unusable";
      if (k.slow_here) status += " (slow on " + std::string(text(k.slow_on)) + ")";
      std::printf("  %-16s needs %-16s %-24s%-9s %s\n", k.name, or_else(text(k.needs), "-").c_str(), status.c_str(),
                  k.selected ? "selected" : "", k.why);
    }
  }
}

void print_json() {
  cpu_features(FIPSMOD_CPU_UNKNOWN_IN_DISABLE);  // as print_text
  std::string out = "{\n";
  out += "  \"version\": " + json_string(version()) + ",\n";
  out += "  \"architecture\": " + json_string(text(fipsmod_architecture())) + ",\n";
  out += "  \"module_state\": " + json_string(state_name()) + ",\n";
  // The failure record, null while no self-test has failed.
  out += "  \"selftest_failure\": ";
  if (const auto f = failure()) {
    out += "{\"test\": " + json_string(text(f->test)) + ", \"algorithm\": " + json_string(text(f->algorithm)) +
           ", \"kernel\": " + json_string(text(f->kernel)) + ", \"expected\": " + json_string(text(f->expected)) +
           ", \"computed\": " + json_string(text(f->computed)) + "},\n";
  } else {
    out += "null,\n";
  }
  out += "  \"integrity_test\": " + std::string(fipsmod_integrity_built_in() ? "true" : "false") + ",\n";
  out += "  \"mode\": " + json_string(mode_name()) + ",\n";
  const fipsmod_entropy_status_t e = entropy_status();
  char claimed[32];
  std::snprintf(claimed, sizeof claimed, "%.3f", e.claimed_millibits / 1000.0);
  out += "  \"entropy_source\": {\"clock\": " + json_string(text(e.source)) + ", \"claimed_bits_per_sample\": " + claimed +
         ", \"health\": " + json_string(entropy_health_name(e.health)) + ", \"samples\": " + std::to_string(e.samples) +
         ", \"seeds\": " + std::to_string(e.seeds) + "},\n";
  out += "  \"services\": [";
  bool first_service = true;
  for (const fipsmod_service_info& s : services()) {
    out += first_service ? "\n" : ",\n";
    first_service = false;
    out += "    {\"name\": " + json_string(s.name) + ", \"calls\": " + json_string(s.calls) +
           ", \"approved\": " + (s.approval == FIPSMOD_SERVICE_APPROVED ? "true" : "false") +
           ", \"cryptographic\": " + (s.approval != FIPSMOD_SERVICE_NOT_CRYPTOGRAPHIC ? "true" : "false") +
           ", \"refused_in_approved_only_mode\": " + (s.approval == FIPSMOD_SERVICE_NOT_APPROVED ? "true" : "false") +
           "}";
  }
  out += "\n  ],\n";
  const fipsmod_random_info r = random_info();
  out += "  \"drbg\": {\"mechanism\": \"CTR_DRBG AES-256 with the derivation function\", \"seeded\": " +
         std::string(r.parent_seeded ? "true" : "false") + ", \"reseeds\": " + std::to_string(r.parent_reseeds) +
         ", \"reseed_interval\": " + std::to_string(r.parent_reseed_interval) +
         ", \"thread_reseeds\": " + std::to_string(r.thread_reseeds) +
         ", \"thread_reseed_interval\": " + std::to_string(r.thread_reseed_interval) +
         ", \"fork_detection_armed\": " + (r.fork_detection_armed ? "true" : "false") +
         ", \"wipe_on_fork\": " + (r.wipe_on_fork ? "true" : "false") + "},\n";
  out += "  \"cpu_features\": {\n";
  out += "    \"detected\": " + json_list(split(cpu_features(FIPSMOD_CPU_DETECTED))) + ",\n";
  out += "    \"disabled\": " + json_list(split(cpu_features(FIPSMOD_CPU_DISABLED))) + ",\n";
  out += "    \"enabled\": " + json_list(split(cpu_features(FIPSMOD_CPU_ENABLED))) + ",\n";
  out += "    \"unknown_in_fipsmod_disable\": " + json_list(split(cpu_features(FIPSMOD_CPU_UNKNOWN_IN_DISABLE))) + "\n";
  out += "  },\n";
  const char* misaligned = nullptr;
  if (const char* hwprobe = fipsmod_riscv_hwprobe(&misaligned)) {  // riscv64 only
    out += "  \"riscv_hwprobe\": {\"answered\": " + std::string(text(hwprobe) == "answered" ? "true" : "false") +
           ", \"misaligned_access\": " + json_string(text(misaligned)) + "},\n";
  }
  out += "  \"algorithms\": [";
  bool first_algorithm = true;
  for (std::string_view a : algorithms()) {
    out += first_algorithm ? "\n" : ",\n";
    first_algorithm = false;
    out += "    {\"name\": " + json_string(a) + ", \"selected\": " + json_string(selected_kernel(a)) + ", \"kernels\": [";
    bool first_kernel = true;
    for (const fipsmod_kernel_info& k : kernels(a)) {
      out += first_kernel ? "\n" : ",\n";
      first_kernel = false;
      out += "      {\"name\": " + json_string(k.name) + ", \"needs\": " + json_list(split(text(k.needs))) +
             ", \"usable\": " + (k.usable ? "true" : "false") + ", \"slow_on\": " + json_list(split(text(k.slow_on))) +
             ", \"slow_here\": " + (slow_here(k) ? "true" : "false") + ", \"selected\": " +
             (k.selected ? "true" : "false") + ", \"why\": " + json_string(text(k.why)) + "}";
    }
    out += "\n    ]}";
  }
  out += "\n  ]\n}\n";
  std::fputs(out.c_str(), stdout);
}

}  // namespace

int info_main(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--json") {
      json = true;
    } else if (arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    } else {
      report(kProgram, "unexpected argument " + quote_argument(arg) + " (see 'fipsmod info --help')");
      return 2;
    }
  }
  json ? print_json() : print_text();
  // Both forms have run the power-on self-tests (and shown the failure).
  return fipsmod_state() == FIPSMOD_STATE_ERROR || fipsmod_mode() == FIPSMOD_MODE_INVALID ? 1 : 0;
}

}  // namespace fipsmod::cli
