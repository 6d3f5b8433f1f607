// AES's service cases (testing/service_cases.hpp): every C function and C++
// call, under a 16-byte and a 32-byte key. All approved.
#include <fipsmod/aes.hpp>

#include <optional>

#include "aes/internal.hpp"
#include "testing/service_cases.hpp"

namespace fipsmod::testing {

void aes_cases(std::vector<ServiceCase>& c, std::vector<ServiceCase>& cpp) {
  const auto a = aes::approval;
  const std::string ECB = "AES-ECB (block encryption and decryption)", CTR = "AES-CTR", INIT = "AES key set-up";
  const auto msg = message();
  const auto block = msg.first<16>();
  for (const std::size_t key_size : {16, 32}) {
    const std::string at = " (key " + std::to_string(key_size) + " bytes)";
    const auto key = key_of(key_size);
    c.push_back({"fipsmod_aes_init" + at, a, [=](auto, auto& hooks) {
                   fipsmod_aes_ctx ctx{};
                   return call_on(hooks, ctx, [&] { return fipsmod_aes_init(&ctx, key.data(), key.size()); });
                 }, INIT});
    const auto keyed = [&](std::string name, std::string row, auto call) {
      c.push_back({name + at, a, [=](auto out, auto& hooks) {
                     fipsmod_aes_ctx ctx{};
                     if (const int s = fipsmod_aes_init(&ctx, key.data(), key.size()); s != FIPSMOD_OK) return s;
                     return call_on(hooks, ctx, [&] { return call(&ctx, out); });
                   }, row});
    };
    keyed("fipsmod_aes_encrypt_block", ECB, [=](fipsmod_aes_ctx* ctx, auto out) { return fipsmod_aes_encrypt_block(ctx, block.data(), out.data()); });
    keyed("fipsmod_aes_decrypt_block", ECB, [=](fipsmod_aes_ctx* ctx, auto out) { return fipsmod_aes_decrypt_block(ctx, block.data(), out.data()); });
    keyed("fipsmod_aes_ctr", CTR, [=](fipsmod_aes_ctx* ctx, auto out) {
      return fipsmod_aes_ctr(ctx, block.data(), msg.data(), msg.size(), out.data());
    });

    cpp.push_back({"aes::Aes(span)" + at, a, [=](auto, auto& hooks) {
                     return call_on(hooks, [&] { return status_of([&] { aes::Aes k(key); }); });
                   }, INIT});
    const auto made = [&](std::string name, std::string row, auto call) {
      cpp.push_back({name + at, a, [=](auto out, auto& hooks) {
                       std::optional<aes::Aes> k;
                       if (const int s = status_of([&] { k.emplace(key); }); s != FIPSMOD_OK) return s;
                       return call_on(hooks, [&] { return status_of([&] { call(*k, out); }); });
                     }, row});
    };
    made("aes::Aes::encrypt_block", ECB, [=](const aes::Aes& k, auto out) { put(out, k.encrypt_block(block)); });
    made("aes::Aes::decrypt_block", ECB, [=](const aes::Aes& k, auto out) { put(out, k.decrypt_block(block)); });
    made("aes::Aes::ctr(span)", CTR, [=](const aes::Aes& k, auto out) { k.ctr(block, msg, out); });
    made("aes::Aes::ctr(vector)", CTR, [=](const aes::Aes& k, auto out) { put(out, k.ctr(block, msg)); });
  }
}

}  // namespace fipsmod::testing
