// fipsmod info: the version, the CPU features, and for each algorithm every
// registered kernel with whether it is usable and which one is selected.
#include <cstdio>
#include <string>
#include <vector>

#include <fipsmod/module.hpp>

#include "../module/cpu.hpp"
#include "../module/cpu_riscv.hpp"
#include "../module/power_on.hpp"
#include "../module/algorithm.hpp"
#include "../module/integrity/integrity.hpp"
#include "../module/mode.hpp"
#include "../module/services.hpp"
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

      --json    print the same as one JSON object
      --help    display this help and exit
)";

constexpr std::string_view kArch =
#if defined(__x86_64__)
    "amd64";
#elif defined(__aarch64__)
    "arm64";
#elif defined(__riscv) && __riscv_xlen == 64
    "riscv64";
#else
    "other";
#endif

using cpu::names;
using internal::Approval;

std::string_view mode_name() {
  return internal::current_mode() == Mode::approved_only ? "approved_only" : "all_services";
}

std::string_view approval_name(Approval a) {
  switch (a) {
    case Approval::approved: return "approved";
    case Approval::not_approved: return "not approved";
    case Approval::not_a_service: return "not a cryptographic service";
  }
  return "unknown";
}

// The state after the power-on self-tests, which this runs as any first use
// of the module would.
std::string_view state_name() {
  internal::power_on();
  switch (fipsmod::state()) {
    case ModuleState::init: return "init";
    case ModuleState::selftest: return "selftest";
    case ModuleState::operational: return "operational";
    case ModuleState::error: return "error";
  }
  return "unknown";
}

template <class Strings>
std::string join(const Strings& items, std::string_view empty) {
  if (items.empty()) return std::string(empty);
  std::string out;
  for (std::string_view item : items) {
    if (!out.empty()) out += ',';
    out += item;
  }
  return out;
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

// Why a kernel is or is not the one selected, by the selection rule
// (registry.hpp): the first kernel of the list that is usable and not slow
// on this CPU.
std::string reason(const internal::KernelSet& kernels, const internal::KernelInfo& k) {
  const internal::KernelInfo& selected = kernels.selected();
  if (!cpu::detected().contains(k.needs)) return "this CPU lacks " + join(names(k.needs.without(cpu::detected())), "");
  if (!k.usable()) return "FIPSMOD_DISABLE removed " + join(names(k.needs.without(cpu::enabled())), "");
  if (&k == &selected) return "the first usable kernel of the list not slow here";
  if (k.slow_here()) return "slow on " + join(names(k.slow_on), "") + ", which this CPU has";
  return std::string(selected.name) + " comes first in the list";
}

void print_text() {
  const auto& disable = cpu::disable_request();
  std::printf("fipsmod %s\n", std::string(version()).c_str());
  std::printf("architecture: %s\n", std::string(kArch).c_str());
  std::printf("module state: %s\n", std::string(state_name()).c_str());
  std::printf("integrity test: %s\n", integrity::built_in() ? "built in" : "not built (FIPSMOD_INTEGRITY=OFF)");
  std::printf("mode: %s\n", internal::current_mode() == Mode::approved_only
                                 ? "approved-only (non-approved services are refused)"
                                 : "all services");
  std::printf("services:\n");
  for (const internal::ServiceInfo& s : internal::services()) {
    std::printf("  %-31s %-28s %s\n", std::string(s.name).c_str(), std::string(approval_name(s.approval)).c_str(),
                std::string(s.calls).c_str());
  }
  std::printf("cpu features detected: %s\n", join(names(cpu::detected()), "none").c_str());
  std::printf("removed by FIPSMOD_DISABLE: %s\n",
              join(names(cpu::detected().without(cpu::enabled())), "none").c_str());
  if (!disable.unknown.empty()) {
    std::vector<std::string> quoted;  // as file names are: no raw control bytes
    for (const std::string& name : disable.unknown) quoted.push_back(quote(name));
    std::printf("unknown names in FIPSMOD_DISABLE (ignored): %s\n", join(quoted, "").c_str());
  }
  if (kArch == "riscv64") {
    const cpu::riscv::Probe& p = cpu::riscv::probe();
    std::printf("riscv_hwprobe: %s; misaligned access: %s\n",
                p.from_kernel ? "answered" : "unavailable, features from -march",
                std::string(cpu::riscv::name(p.misaligned)).c_str());
  }
  for (const internal::Algorithm* a : internal::algorithms()) {
    std::printf("%s:\n", std::string(a->name).c_str());
    for (const internal::KernelInfo* k : a->kernels.all()) {
      std::string needs = join(names(k->needs), "-");
      std::string status = k->usable() ? "usable" : "unusable";
      if (k->usable() && k->slow_here()) status += " (slow on " + join(names(k->slow_on), "") + ")";
      std::printf("  %-16s needs %-16s %-24s%-9s %s\n", k->name, needs.c_str(), status.c_str(),
                  k == &a->kernels.selected() ? "selected" : "", reason(a->kernels, *k).c_str());
    }
  }
}

void print_json() {
  const auto& disable = cpu::disable_request();
  std::string out = "{\n";
  out += "  \"version\": " + json_string(version()) + ",\n";
  out += "  \"architecture\": " + json_string(kArch) + ",\n";
  out += "  \"module_state\": " + json_string(state_name()) + ",\n";
  out += "  \"integrity_test\": " + std::string(integrity::built_in() ? "true" : "false") + ",\n";
  out += "  \"mode\": " + json_string(mode_name()) + ",\n";
  out += "  \"services\": [";
  bool first_service = true;
  for (const internal::ServiceInfo& s : internal::services()) {
    out += first_service ? "\n" : ",\n";
    first_service = false;
    out += "    {\"name\": " + json_string(s.name) + ", \"calls\": " + json_string(s.calls) +
           ", \"approved\": " + (s.approval == Approval::approved ? "true" : "false") +
           ", \"cryptographic\": " + (s.approval != Approval::not_a_service ? "true" : "false") +
           ", \"refused_in_approved_only_mode\": " + (s.approval == Approval::not_approved ? "true" : "false") + "}";
  }
  out += "\n  ],\n";
  out += "  \"cpu_features\": {\n";
  out += "    \"detected\": " + json_list(names(cpu::detected())) + ",\n";
  out += "    \"disabled\": " + json_list(names(cpu::detected().without(cpu::enabled()))) + ",\n";
  out += "    \"enabled\": " + json_list(names(cpu::enabled())) + ",\n";
  out += "    \"unknown_in_fipsmod_disable\": " + json_list(disable.unknown) + "\n";
  out += "  },\n";
  if (kArch == "riscv64") {
    const cpu::riscv::Probe& p = cpu::riscv::probe();
    out += "  \"riscv_hwprobe\": {\"answered\": " + std::string(p.from_kernel ? "true" : "false") +
           ", \"misaligned_access\": " + json_string(cpu::riscv::name(p.misaligned)) + "},\n";
  }
  out += "  \"algorithms\": [";
  bool first_algorithm = true;
  for (const internal::Algorithm* a : internal::algorithms()) {
    out += first_algorithm ? "\n" : ",\n";
    first_algorithm = false;
    out += "    {\"name\": " + json_string(a->name) + ", \"selected\": " + json_string(a->kernels.selected().name) +
           ", \"kernels\": [";
    bool first_kernel = true;
    for (const internal::KernelInfo* k : a->kernels.all()) {
      out += first_kernel ? "\n" : ",\n";
      first_kernel = false;
      out += "      {\"name\": " + json_string(k->name) + ", \"needs\": " + json_list(names(k->needs)) +
             ", \"usable\": " + (k->usable() ? "true" : "false") +
             ", \"slow_on\": " + json_list(names(k->slow_on)) +
             ", \"slow_here\": " + (k->slow_here() ? "true" : "false") +
             ", \"selected\": " + (k == &a->kernels.selected() ? "true" : "false") +
             ", \"why\": " + json_string(reason(a->kernels, *k)) + "}";
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
  return 0;
}

}  // namespace fipsmod::cli
