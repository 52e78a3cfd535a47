// sha256_hex: the SHA-256 digest (FIPS 180-4) of a byte string, as lowercase hex. Used to record
// exactly which engine binary played a game and to fingerprint a run definition. The digest is
// OpenSSL's (libcrypto, EVP_Digest): compiled in common/sha256.cpp, part of oaq_common_ext, which
// the referee's layers link and the engine kit does not. No I/O (the caller reads the file).
#pragma once

#include <string>
#include <string_view>

namespace oaq {

std::string sha256_hex(std::string_view data);

}  // namespace oaq
