// oaq-bench-store: fills a fresh results database with synthetic games (~80 plies, every move
// with depth, score, nodes and a pv, as a real tournament records them), reports inserts per second
// and bytes per game, then times the queries the results tools run.
//
//   oaq-bench-store [--games N] [--plies P] [--engines E] [--db PATH] [--keep] [--reuse]
//   defaults: 20000 games, 80 plies, 10 engines, ./oaq-bench-store.db (removed unless --keep);
//   --reuse times the queries on a database an earlier --keep run filled (no inserts).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "common/error.hpp"
#include "common/help_flag.hpp"
#include "store/results.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
    std::int64_t games = 20000;
    int plies = 80;
    int engines = 10;
    std::string db = "oaq-bench-store.db";
    bool keep = false;
    bool reuse = false;  // time the queries on an existing --db (made with --keep) only
};

// One text for --help and for the error of an unknown option.
constexpr const char* kOptions =
    "[--games N] [--plies P] [--engines E] [--db PATH] [--keep] [--reuse]";

Config parse(int argc, char** argv) {
    Config c;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw OaqError(std::string(a) + " needs a value");
            return argv[++i];
        };
        if (a == "--games")
            c.games = std::stoll(value());
        else if (a == "--plies")
            c.plies = std::stoi(value());
        else if (a == "--engines")
            c.engines = std::stoi(value());
        else if (a == "--db")
            c.db = value();
        else if (a == "--keep")
            c.keep = true;
        else if (a == "--reuse")
            c.reuse = c.keep = true;
        else
            throw OaqError("unknown option " + std::string(a) + " (options: " + kOptions + ")");
    }
    if (c.games < 1 || c.plies < 0 || c.engines < 2) throw OaqError("bad option values");
    return c;
}

void remove_db(const std::string& path) {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
}

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string engine_name(int i) {
    return "engine-" + std::to_string(i);
}

game::GameRecord make_game(std::mt19937_64& rng, const std::string& rules, int plies) {
    game::GameRecord r;
    r.rules = rules::parse_rules(rules).value();
    r.south().time_control = r.north().time_control = game::parse_time_control("10+0.1").value();
    r.opening.moves = {"2R", "8L"};
    r.start_position = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";
    r.final_position = "0,0,0,0,0,0,0,0,0,0,0,0 N 38+1 32+1 0 0";
    auto roll = rng() % 10;
    r.result = roll < 4   ? rules::Result::SouthWin
               : roll < 8 ? rules::Result::NorthWin
                          : rules::Result::Draw;
    r.termination = roll == 9 ? game::Termination::PlyLimit : game::Termination::Normal;
    r.detail = roll == 9 ? "300 plies" : "mandarins_empty";
    r.south().score = static_cast<int>(rng() % 70);
    r.north().score = 70 - r.south().score;
    r.moves.resize(static_cast<std::size_t>(plies));
    for (auto& m : r.moves) {
        auto square = [&] { return std::to_string(1 + rng() % 5) + (rng() % 2 ? "R" : "L"); };
        m.move = rules::parse_move(square()).value();
        m.time_used = game::Microseconds{static_cast<std::int64_t>(rng() % 150'000)};
        m.time_left = game::Microseconds{static_cast<std::int64_t>(rng() % 10'000'000)};
        m.depth = static_cast<int>(rng() % 24);
        m.score = protocol::Score{protocol::Score::Kind::Cp, static_cast<int>(rng() % 2000) - 1000};
        m.nodes = rng() % 5'000'000;
        m.pv = {square(), square(), square(), square()};
    }
    return r;
}

// Runs `query` three times; prints the first (cold-ish) and the best wall time, and the best CPU
// time (on a shared machine the wall clock also measures the neighbours).
void time_query(const char* name, const std::function<std::size_t()>& query) {
    double first = 0, best = 1e9, best_cpu = 1e9;
    std::size_t rows = 0;
    for (int i = 0; i < 3; ++i) {
        auto start = Clock::now();
        std::clock_t cpu_start = std::clock();
        rows = query();
        double s = seconds_since(start);
        double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        if (i == 0) first = s;
        best = std::min(best, s);
        best_cpu = std::min(best_cpu, cpu);
    }
    std::printf("  %-44s %9.3f ms first, %9.3f ms best (%9.3f ms CPU), %zu rows\n", name,
                first * 1e3, best * 1e3, best_cpu * 1e3, rows);
}

std::size_t count_rows(Database& db, const std::string& sql, std::int64_t bound) {
    Statement st(db, sql);
    if (sql.find('?') != std::string::npos) st.bind(1, bound);
    std::size_t n = 0;
    while (st.step()) ++n;
    return n;
}

// Fills a fresh database; returns the tournament id.
RowId fill(const Config& c) {
    remove_db(c.db);
    const std::string rules = rules::expanded(rules::Rules{});
    RowId tournament = 0;
    std::vector<RowId> engine_ids;
    {
        Store store = Store::open(c.db);
        for (int i = 0; i < c.engines; ++i) {
            EngineRow e;
            e.name = engine_name(i);
            e.command = "./" + e.name;
            engine_ids.push_back(store.upsert_engine(e));
        }
        TournamentRow t;
        t.name = "bench";
        t.format = "round_robin";
        t.rules = rules;
        t.time_control = "10+0.1";
        t.engine_ids = engine_ids;
        tournament = store.create_tournament(t).value();

        // A pool of varied games, so generating records costs little next to storing them.
        std::mt19937_64 rng(12345);
        std::vector<game::GameRecord> pool;
        for (int i = 0; i < 256; ++i) pool.push_back(make_game(rng, rules, c.plies));

        std::printf("inserting %lld games of %d plies (%d engines) into %s\n",
                    static_cast<long long>(c.games), c.plies, c.engines, c.db.c_str());
        auto start = Clock::now();
        std::clock_t cpu_start = std::clock();
        auto wall = std::chrono::system_clock::now();
        auto last_report = start;
        for (std::int64_t i = 0; i < c.games; ++i) {
            game::GameRecord& g = pool[static_cast<std::size_t>(i % 256)];
            // Round robin over engine pairs, colours swapped within each pair of games.
            auto pair = i / 2;
            int a = static_cast<int>(pair % c.engines);
            int b = static_cast<int>((a + 1 + (pair / c.engines) % (c.engines - 1)) % c.engines);
            if (i % 2) std::swap(a, b);
            g.south().name = engine_name(a);
            g.north().name = engine_name(b);
            g.started_at = wall + std::chrono::milliseconds{i * 1000};
            g.ended_at = g.started_at + std::chrono::milliseconds{900};
            auto id = store.record_game(tournament, GameSlot{i, static_cast<int>(pair), 0}, g);
            if (!id) throw OaqError(id.error().message);
            if (seconds_since(last_report) > 10) {
                last_report = Clock::now();
                std::printf("  ... %lld games, %.0f games/s\n", static_cast<long long>(i + 1),
                            static_cast<double>(i + 1) / seconds_since(start));
                std::fflush(stdout);
            }
        }
        double s = seconds_since(start);
        // CPU time as well: on a shared machine the wall clock also measures the neighbours.
        double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
        std::printf("insert: %.2f s wall, %.0f games/s, %.0f moves/s (one transaction per game)\n",
                    s, static_cast<double>(c.games) / s,
                    static_cast<double>(c.games) * c.plies / s);
        std::printf("insert: %.2f s CPU (user+sys), %.0f us CPU per game\n", cpu,
                    cpu * 1e6 / static_cast<double>(c.games));
    }  // closing the last connection checkpoints the WAL into the main file
    return tournament;
}

int run(Config c) {
    RowId tournament = 0;
    if (c.reuse) {
        Store store = Store::open(c.db, StoreOptions{std::chrono::milliseconds{5000}, false});
        auto t = store.find_tournament("bench");
        if (!t) throw OaqError(c.db + ": no tournament \"bench\" (fill it with --keep first)");
        tournament = t->id;
        c.games = store.count_games(GameFilter{});
        c.engines = static_cast<int>(t->engine_ids.size());
    } else {
        tournament = fill(c);
    }
    std::vector<RowId> engine_ids;
    {
        Store store = Store::open(c.db);
        engine_ids = store.tournament(tournament)->engine_ids;
    }

    auto bytes = std::filesystem::file_size(c.db);
    std::printf(
        "file: %.1f MB, %.0f bytes per game, %.1f bytes per move\n",
        static_cast<double>(bytes) / 1e6, static_cast<double>(bytes) / static_cast<double>(c.games),
        c.plies ? static_cast<double>(bytes) / static_cast<double>(c.games) / c.plies : 0.0);

    Store store = Store::open(c.db);
    Database db(c.db, Database::Mode::ReadWrite);  // what `sqlite3 oaq.db` would run
    RowId engine = engine_ids[std::min<std::size_t>(3, engine_ids.size() - 1)];
    RowId opponent = engine_ids[std::min<std::size_t>(4, engine_ids.size() - 1)];
    std::mt19937_64 rng(777);
    std::printf("queries (over %lld games):\n", static_cast<long long>(c.games));
    time_query("standings view (Store::standings)",
               [&] { return store.standings(tournament).size(); });
    time_query("head_to_head view, one tournament", [&] {
        return count_rows(db, "SELECT * FROM head_to_head WHERE tournament_id = ?", tournament);
    });
    time_query("termination_counts view", [&] {
        return count_rows(db, "SELECT * FROM termination_counts WHERE tournament_id = ?",
                          tournament);
    });
    time_query("pair_results view, one tournament", [&] {
        return count_rows(db, "SELECT * FROM pair_results WHERE tournament_id = ?", tournament);
    });
    time_query("games of one engine: count", [&] {
        GameFilter f;
        f.engine_id = engine;
        return static_cast<std::size_t>(store.count_games(f));
    });
    time_query("games of one engine: first 100", [&] {
        GameFilter f;
        f.engine_id = engine;
        f.limit = 100;
        return store.games(f).size();
    });
    time_query("games of one engine: 100 after the middle", [&] {
        GameFilter f;
        f.engine_id = engine;
        f.after_id = c.games / 2;
        f.limit = 100;
        return store.games(f).size();
    });
    time_query("games of one engine vs another: first 100", [&] {
        GameFilter f;
        f.engine_id = engine;
        f.opponent_id = opponent;
        f.limit = 100;
        return store.games(f).size();
    });
    time_query("one game with its moves (Store::game)", [&] {
        auto id = static_cast<RowId>(1 + rng() % static_cast<std::uint64_t>(c.games));
        return store.game(id)->record.moves.size();
    });
    time_query("games_view: last 20 games", [&] {
        return count_rows(db, "SELECT * FROM games_view ORDER BY id DESC LIMIT ?", 20);
    });
    time_query("completed_game_indices (resume)",
               [&] { return store.completed_game_indices(tournament).size(); });
    time_query("rated_games (rating input)", [&] { return store.rated_games(tournament).size(); });
    time_query("rating_input, whole file (results tools, one builder)", [&] {
        return static_cast<std::size_t>(oaq::store::rating_input(store, ResultFilter{}).count);
    });
    time_query("result_games, whole file (results tools)",
               [&] { return store.result_games(ResultFilter{}).size(); });
    time_query("result_games, one engine", [&] {
        ResultFilter f;
        f.engine_id = engine;
        return store.result_games(f).size();
    });
    if (!c.keep) {
        db = Database(":memory:", Database::Mode::ReadWriteCreate);
        store = Store::open_memory();
        remove_db(c.db);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (oaq::wants_help(argc, argv)) {
        std::cout << "usage: oaq-bench-store " << kOptions
                  << "\nstores N games of P plies and times storing and the history queries\n";
        return 0;
    }
    try {
        return run(parse(argc, argv));
    } catch (const OaqError& e) {
        std::fprintf(stderr, "oaq-bench-store: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "oaq-bench-store: internal error: %s\n", e.what());
        return 70;
    }
}
