#include "services.hpp"

#include <array>

#include "hmac/hmac_kernel.hpp"
#include "md5/md5_kernel.hpp"
#include "sha256/sha256_kernel.hpp"
#include "subtle/xor_bytes_kernel.hpp"

namespace fipsmod::internal {
namespace {

using hmac::HmacAccess;
constexpr std::size_t kKey = hmac::min_approved_key_size;
static_assert(kKey == 14, "the service names below spell the threshold out");

constexpr std::string_view kHashCalls = "one-shot, streaming, saved state";
constexpr std::string_view kMacCalls = "one-shot, streaming";

constexpr std::array kServices = {
    ServiceInfo{"MD5", "one-shot, streaming, saved state, many at once", md5::DigestAccess::approval},
    ServiceInfo{"SHA-256", kHashCalls, sha256::DigestAccess::approval},
    ServiceInfo{"SHA-224", kHashCalls, sha256::DigestAccess::approval},
    ServiceInfo{"HMAC-SHA-256, key >= 14 bytes", kMacCalls, HmacAccess::approval_for_key(kKey)},
    ServiceInfo{"HMAC-SHA-256, key < 14 bytes", kMacCalls, HmacAccess::approval_for_key(kKey - 1)},
    ServiceInfo{"HMAC-SHA-224, key >= 14 bytes", kMacCalls, HmacAccess::approval_for_key(kKey)},
    ServiceInfo{"HMAC-SHA-224, key < 14 bytes", kMacCalls, HmacAccess::approval_for_key(kKey - 1)},
    ServiceInfo{"XORBytes", "one-shot", subtle::xor_bytes_approval},
};

}  // namespace

std::span<const ServiceInfo> services() noexcept { return kServices; }

}  // namespace fipsmod::internal
