// The package table: every package of the registration list
// (module/packages.def), in its order, as each describes itself. Built once,
// at run time, by the module's own code.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "../core/package.hpp"

namespace fipsmod::internal {

struct Package {
  const char* name;              // its folder under module/
  std::vector<int> depends;      // indices of the packages it is built on
  PackageBuilder parts;
};

const std::vector<Package>& packages();

// Every algorithm of every package, in table order.
std::vector<const Algorithm*> algorithms();
// The algorithm of that name (or of one of its `also` names), or null.
const Algorithm* find_algorithm(std::string_view name) noexcept;
// Every service row, in table order.
std::vector<const ServiceRow*> services();

}  // namespace fipsmod::internal
