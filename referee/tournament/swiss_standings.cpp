#include "tournament/swiss_standings.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace oaq::tournament {

std::vector<SwissLine> swiss_standings(std::span<const int> seed_of,
                                       std::span<const SwissGame> games,
                                       std::span<const SwissByeResult> byes) {
    const auto n = seed_of.size();
    std::vector<SwissLine> lines(n);
    for (std::size_t e = 0; e < n; ++e) {
        lines[e].engine = static_cast<int>(e);
        lines[e].seed = seed_of[e];
    }
    auto line = [&](int e) -> SwissLine& { return lines[static_cast<std::size_t>(e)]; };
    for (const auto& g : games) {
        for (auto [me, pts] :
             {std::pair{g.south, g.south_points}, std::pair{g.north, 1 - g.south_points}}) {
            auto& l = line(me);
            l.points += pts;
            ++l.games;
            if (pts > 0.5)
                ++l.wins;
            else if (pts < 0.5)
                ++l.losses;
            else
                ++l.draws;
        }
    }
    for (const auto& b : byes) {
        line(b.engine).points += b.points;
        ++line(b.engine).byes;
    }
    for (const auto& g : games) {
        line(g.south).buchholz += line(g.north).points;
        line(g.north).buchholz += line(g.south).points;
        line(g.south).sonneborn_berger += g.south_points * line(g.north).points;
        line(g.north).sonneborn_berger += (1 - g.south_points) * line(g.south).points;
    }
    // A bye counts, in Buchholz, as the games of a pairing against a virtual opponent with the
    // engine's own points.
    for (const auto& b : byes) line(b.engine).buchholz += b.games * line(b.engine).points;
    auto key = [](const SwissLine& l) {
        return std::tuple(l.points, l.buchholz, l.sonneborn_berger);
    };
    std::vector<SwissLine> order = lines;
    std::sort(order.begin(), order.end(),
              [&](const auto& a, const auto& b) { return key(a) > key(b); });
    // Direct encounter within each group tied on the first three.
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j < order.size() && key(order[j]) == key(order[i])) ++j;
        if (j - i > 1) {
            std::vector<bool> in(n, false);
            for (std::size_t k = i; k < j; ++k)
                in[static_cast<std::size_t>(order[k].engine)] = true;
            for (const auto& g : games) {
                if (!in[static_cast<std::size_t>(g.south)] ||
                    !in[static_cast<std::size_t>(g.north)])
                    continue;
                line(g.south).direct += g.south_points;
                line(g.north).direct += 1 - g.south_points;
            }
            for (std::size_t k = i; k < j; ++k) order[k].direct = line(order[k].engine).direct;
        }
        i = j;
    }
    auto full = [](const SwissLine& l) {
        return std::tuple(l.points, l.buchholz, l.sonneborn_berger, l.direct);
    };
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        if (full(a) != full(b)) return full(a) > full(b);
        return a.seed < b.seed;
    });
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i].rank = i > 0 && full(order[i]) == full(order[i - 1]) ? order[i - 1].rank
                                                                      : static_cast<int>(i) + 1;
    return order;
}

}  // namespace oaq::tournament
