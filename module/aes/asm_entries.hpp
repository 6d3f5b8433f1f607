// The AES assembly kernels' entry points, declared once: the AES kernel
// list names them, and so do the GCM kernels built on them (module/gcm/).
#pragma once

#include <cstddef>
#include <cstdint>

#include "internal.hpp"

// The assembly kernels: hidden, so reached PC-relative, not through a GOT
// slot the integrity test does not cover (docs/integrity.md).
#pragma GCC visibility push(hidden)
#if FIPSMOD_ASM_AMD64
extern "C" void fipsmod_aes_expand_amd64_aesni(fipsmod::aes::Schedule*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_aes_encrypt_amd64_aesni(const fipsmod::aes::Schedule*, const std::uint8_t*, std::uint8_t*,
                                                std::size_t);
extern "C" void fipsmod_aes_decrypt_amd64_aesni(const fipsmod::aes::Schedule*, const std::uint8_t*, std::uint8_t*,
                                                std::size_t);
#endif
#if FIPSMOD_ASM_ARM64
extern "C" void fipsmod_aes_expand_arm64_aes(fipsmod::aes::Schedule*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_aes_encrypt_arm64_aes(const fipsmod::aes::Schedule*, const std::uint8_t*, std::uint8_t*,
                                              std::size_t);
extern "C" void fipsmod_aes_decrypt_arm64_aes(const fipsmod::aes::Schedule*, const std::uint8_t*, std::uint8_t*,
                                              std::size_t);
#endif
#if FIPSMOD_ASM_RISCV64
extern "C" void fipsmod_aes_expand_riscv64_zkne(fipsmod::aes::Schedule*, const std::uint8_t*, std::size_t);
extern "C" void fipsmod_aes_encrypt_riscv64_zkne(const fipsmod::aes::Schedule*, const std::uint8_t*, std::uint8_t*,
                                                 std::size_t);
extern "C" void fipsmod_aes_decrypt_riscv64_zkne(const fipsmod::aes::Schedule*, const std::uint8_t*, std::uint8_t*,
                                                 std::size_t);
#endif
#pragma GCC visibility pop
