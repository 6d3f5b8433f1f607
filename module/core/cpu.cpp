#include "cpu.hpp"
#include "escaped.hpp"

#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace fipsmod::cpu {
namespace {

constexpr FeatureInfo kFeatures[] = {
    {Feature::sse2, "sse2", "amd64"},         {Feature::bmi1, "bmi1", "amd64"},
    {Feature::avx2, "avx2", "amd64"},         {Feature::avx512, "avx512", "amd64"},
    {Feature::vlat2, "vlat2", "amd64"},       {Feature::ssse3, "ssse3", "amd64"},
    {Feature::sse4_1, "sse4_1", "amd64"},     {Feature::bmi2, "bmi2", "amd64"},
    {Feature::sha_ni, "sha_ni", "amd64"},     {Feature::aesni, "aesni", "amd64"},
    {Feature::pclmulqdq, "pclmulqdq", "amd64"}, {Feature::avx, "avx", "amd64"},
    {Feature::vaes, "vaes", "amd64"},         {Feature::vpclmulqdq, "vpclmulqdq", "amd64"},
    {Feature::neon, "neon", "arm64"},         {Feature::sha2, "sha2", "arm64"},
    {Feature::aes, "aes", "arm64"},           {Feature::pmull, "pmull", "arm64"},
    {Feature::sha512, "sha512", "arm64"},
    {Feature::rv64gc, "rv64gc", "riscv64"},   {Feature::zbb, "zbb", "riscv64"},
    {Feature::v, "v", "riscv64"},             {Feature::zknh, "zknh", "riscv64"},
    {Feature::vlen128, "vlen128", "riscv64"}, {Feature::zkne, "zkne", "riscv64"},
    {Feature::zknd, "zknd", "riscv64"},       {Feature::zbc, "zbc", "riscv64"},
};
static_assert(std::size(kFeatures) == kFeatureCount, "every feature has its row");

std::string_view trim(std::string_view s) {
  constexpr std::string_view blanks = " \t";
  const auto first = s.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

const FeatureInfo* find(std::string_view name) {
  for (const FeatureInfo& f : kFeatures) {
    if (f.name() == name) return &f;
  }
  return nullptr;
}

DisableRequest parse_env(const char* variable) {
  const char* env = std::getenv(variable);
  DisableRequest request = parse_disable(env ? env : "");
  for (const std::string& name : request.unknown) {
    std::string known = "all";
    for (const FeatureInfo& f : kFeatures) known += ", " + std::string(f.name());
    std::fprintf(stderr, "fipsmod: %s: unknown feature \"%s\" ignored (known: %s)\n", variable,
                 internal::escaped(name).c_str(), known.c_str());
  }
  return request;
}

}  // namespace

std::span<const FeatureInfo> all_features() noexcept { return kFeatures; }

std::string_view name(Feature f) noexcept {
  for (const FeatureInfo& info : kFeatures) {
    if (info.feature == f) return info.name();
  }
  return "?";
}

std::vector<std::string_view> names(FeatureSet s) {
  std::vector<std::string_view> out;
  for (const FeatureInfo& f : kFeatures) {
    if (s.has(f.feature)) out.push_back(f.name());
  }
  return out;
}

std::string to_string(FeatureSet s) {
  std::string out;
  for (std::string_view n : names(s)) {
    if (!out.empty()) out += ',';
    out += n;
  }
  return out;
}

DisableRequest parse_disable(std::string_view value) {
  DisableRequest request;
  while (!value.empty()) {
    const auto comma = value.find(',');
    const std::string_view item = trim(value.substr(0, comma));
    value = comma == std::string_view::npos ? std::string_view{} : value.substr(comma + 1);
    if (item.empty()) continue;
    if (item == "all") {
      request.removed = FeatureSet::everything();
    } else if (const FeatureInfo* f = find(item)) {
      request.removed = request.removed.with(f->feature);
    } else {
      request.unknown.emplace_back(item);
    }
  }
  return request;
}

const DisableRequest& disable_request() {
  static const DisableRequest request = parse_env("FIPSMOD_DISABLE");
  return request;
}

FeatureSet features_in_env(const char* variable) { return parse_env(variable).removed; }

FeatureSet enabled() noexcept {
  static const FeatureSet features = detected().without(disable_request().removed);
  return features;
}

}  // namespace fipsmod::cpu
