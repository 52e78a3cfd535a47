// common/sha256.hpp: the digest is SHA-256's, checked against the known-answer vectors of the
// standard (FIPS 180-2, appendix B, and the empty message), so what oaq records as an engine
// binary's or a run definition's fingerprint is the digest `sha256sum` prints.
#include <catch2/catch.hpp>

#include <string>

#include "common/sha256.hpp"

using namespace oaq;

TEST_CASE("sha256_hex gives the standard's known answers", "[sha256]") {
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha256_hex(std::string(1000000, 'a')) ==
          "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("sha256_hex hashes every byte, NULs and high bytes included", "[sha256]") {
    const std::string with_nul("a\0b", 3);
    CHECK(sha256_hex(with_nul) != sha256_hex("ab"));
    CHECK(sha256_hex(with_nul).size() == 64);
    CHECK(sha256_hex("\xff\xfe").find_first_not_of("0123456789abcdef") == std::string::npos);
}
