#include "tournament/seeding.hpp"

#include <algorithm>
#include <random>

namespace oaq::tournament {

namespace {

// Fisher-Yates over mt19937_64 with its own index draw: the same order from the same seed with
// any standard library (std::shuffle's draws are the library's choice).
void shuffle(std::vector<std::string>& items, std::uint64_t seed) {
    std::mt19937_64 rng(seed ^ 0x5eed0f5a155ull);
    for (std::size_t i = items.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(rng() % i);
        std::swap(items[i - 1], items[j]);
    }
}

}  // namespace

std::vector<std::string> seed_order(const std::vector<std::string>& names, Seeding seeding,
                                    std::uint64_t seed,
                                    const std::map<std::string, double>& ratings) {
    auto order = names;
    if (seeding == Seeding::Given) return order;
    shuffle(order, seed);
    if (seeding == Seeding::Random) return order;
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        const auto ra = ratings.find(a), rb = ratings.find(b);
        if (ra == ratings.end() || rb == ratings.end())
            return ra != ratings.end() && rb == ratings.end();
        return ra->second > rb->second;
    });
    return order;
}

}  // namespace oaq::tournament
