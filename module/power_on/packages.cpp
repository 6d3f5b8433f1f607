// The package table, from the registration list. Nothing here names a
// package: packages.def does, once.
#include "packages.hpp"

#include <array>
#include <iterator>

namespace fipsmod {

// Each package's description of itself, defined in its folder; hidden, so
// its address is computed PC-relative, not read from a GOT slot.
#pragma GCC visibility push(hidden)
#define FIPSMOD_PACKAGE(name, ...) \
  namespace name {                 \
  void describe(internal::PackageBuilder& out);  \
  }
#include "../packages.def"
#undef FIPSMOD_PACKAGE
#pragma GCC visibility pop

namespace internal {
namespace {

enum class PackageId : int {
#define FIPSMOD_PACKAGE(name, ...) name,
#include "../packages.def"
#undef FIPSMOD_PACKAGE
};

constexpr auto registrations() {
  using enum PackageId;
  return std::array{
#define FIPSMOD_PACKAGE(name, ...) Registration(name, {__VA_ARGS__}),
#include "../packages.def"
#undef FIPSMOD_PACKAGE
  };
}

static_assert(first_out_of_order(registrations()) == -1,
              "packages.def: a package is registered before a package it is built on");

std::vector<Package> build() {
  using Describe = void (*)(PackageBuilder&);
  const Describe describe[] = {
#define FIPSMOD_PACKAGE(name, ...) entry(&fipsmod::name::describe),
#include "../packages.def"
#undef FIPSMOD_PACKAGE
  };
  const char* const names[] = {
#define FIPSMOD_PACKAGE(name, ...) at_run_time(#name),
#include "../packages.def"
#undef FIPSMOD_PACKAGE
  };
  std::vector<Package> table;
  std::size_t i = 0;
  for (const Registration& r : registrations()) {
    Package p{names[i], std::vector<int>(r.depends, r.depends + r.depend_count), {}};
    describe[i](p.parts);
    table.push_back(std::move(p));
    ++i;
  }
  return table;
}

}  // namespace

const std::vector<Package>& packages() {
  static const std::vector<Package> table = build();
  return table;
}

std::vector<const Algorithm*> algorithms() {
  std::vector<const Algorithm*> out;
  for (const Package& p : packages()) {
    for (const Algorithm& a : p.parts.algorithms) out.push_back(&a);
  }
  return out;
}

const Algorithm* find_algorithm(std::string_view name) noexcept {
  try {
    for (const Algorithm* a : algorithms()) {
      if (name == a->name) return a;
      for (std::string_view also = a->also ? a->also : ""; !also.empty();) {
        const auto comma = also.find(',');
        if (also.substr(0, comma) == name) return a;
        also = comma == std::string_view::npos ? std::string_view{} : also.substr(comma + 1);
      }
    }
  } catch (...) {  // out of memory
  }
  return nullptr;
}

std::vector<const ServiceRow*> services() {
  std::vector<const ServiceRow*> out;
  for (const Package& p : packages()) {
    for (const ServiceRow& s : p.parts.services) out.push_back(&s);
  }
  return out;
}

}  // namespace internal
}  // namespace fipsmod
