// oaq-bench-merge: the shard files of one synthetic run, as `oaq tournament --shard K/N` would
// write them: each file holds the run (definition, fingerprint, shard row) and the shard's games,
// ~80 plies each with depth, score, nodes and a pv per move, stored through StoreRunRecorder (the
// path a real run takes: one transaction per game, the host recorded). bench/merge/bench_merge.sh
// then times `oaq merge` over them and the queries on the merged file.
//
//   oaq-bench-merge --dir DIR [--shards N] [--games G] [--plies P] [--engines E] [--clone]
//   defaults: 100 shards of about 10,000 games, 80 plies, 10 engines (a round robin).
// --clone writes shard 0 so and the others as copies of it with their game and pair indices
// renumbered to their shard (a fast direct path: the write path takes about 1.5 ms a game on the
// shared project machine, 25 minutes for a million). Clones keep shard 0's engines per game, so
// their pairings are synthetic; merge and the queries do not look at that.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>
#include <string_view>

#include "common/error.hpp"
#include "common/help_flag.hpp"
#include "store/run_recorder.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"
#include "tournament/run_definition.hpp"

using namespace oaq;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
    std::string dir;
    int shards = 100;
    std::int64_t games = 10000;  // per shard (about: shards hold whole pairs)
    int plies = 80;
    int engines = 10;
    bool clone = false;
};

// One text for --help and for the errors of a bad command line.
constexpr const char* kOptions =
    "--dir DIR [--shards N (default 100)] [--games G] [--plies P] [--engines E] [--clone]";

Config parse(int argc, char** argv) {
    Config c;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw OaqError(std::string(a) + " needs a value");
            return argv[++i];
        };
        if (a == "--dir")
            c.dir = value();
        else if (a == "--shards")
            c.shards = std::stoi(value());
        else if (a == "--games")
            c.games = std::stoll(value());
        else if (a == "--plies")
            c.plies = std::stoi(value());
        else if (a == "--engines")
            c.engines = std::stoi(value());
        else if (a == "--clone")
            c.clone = true;
        else
            throw OaqError("unknown option " + std::string(a) + " (options: " + kOptions + ")");
    }
    if (c.dir.empty() || c.shards < 1 || c.games < 2 || c.plies < 1 || c.engines < 2)
        throw OaqError(std::string("usage: oaq-bench-merge ") + kOptions);
    return c;
}

tournament::RunDefinition definition(const Config& c) {
    tournament::RunDefinition d;
    d.format = tournament::Format::RoundRobin;
    const std::int64_t per_round = static_cast<std::int64_t>(c.engines) * (c.engines - 1);
    d.rounds = static_cast<int>((c.games * c.shards + per_round - 1) / per_round);
    d.seed = 1;
    d.openings = {tournament::OpeningsDefinition::Kind::Random, 2, 1, ""};
    for (int i = 0; i < c.engines; ++i) {
        tournament::EngineDefinition e;
        e.name = "engine-" + std::to_string(i);
        e.command = "/nonexistent/" + e.name;  // no binary: the same (empty) hash in every shard
        d.engines.push_back(e);
    }
    return d;
}

game::GameRecord make_game(std::mt19937_64& rng, int plies) {
    game::GameRecord r;
    r.rules = {};  // the definition's (standard)
    r.south().time_control = r.north().time_control = game::parse_time_control("10+0.1").value();
    r.opening.moves = {"2R", "8L"};
    r.start_position = "Q0,5,5,5,5,5,Q0,5,5,5,5,5 S 0+0 0+0 0 0";
    r.final_position = "0,0,0,0,0,0,0,0,0,0,0,0 N 38+1 32+1 0 0";
    const auto roll = rng() % 10;
    r.result = roll < 4   ? rules::Result::SouthWin
               : roll < 8 ? rules::Result::NorthWin
                          : rules::Result::Draw;
    r.termination = game::Termination::Normal;
    r.detail = "mandarins_empty";
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

std::string shard_path(const Config& c, int k) {
    return c.dir + "/bench-shard-" + std::to_string(k) + ".db";
}

std::int64_t write_shard(const Config& c, const tournament::RunDefinition& d, int k) {
    const auto path = shard_path(c, k);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    auto db = store::Store::open(path);
    store::StoreRunRecorder recorder(db);
    auto schedule = tournament::make_schedule(d, 0).value();
    const tournament::Shard shard{k, c.shards};
    tournament::NewRun row{"bench",
                           d,
                           tournament::to_json(d),
                           tournament::fingerprint(d),
                           "{}",
                           std::chrono::system_clock::now(),
                           shard,
                           tournament::shard_games(schedule, shard),
                           schedule.total_games()};
    const auto id = recorder.create_run(row).value();
    std::mt19937_64 rng(static_cast<std::uint64_t>(k) + 1);
    std::vector<game::GameRecord> pool;
    for (int i = 0; i < 64; ++i) pool.push_back(make_game(rng, c.plies));
    const auto names = d.engine_names();
    std::int64_t n = 0;
    for (std::int64_t i = 0; i < schedule.total_games(); ++i) {
        const auto p = schedule.pairing_at(i);
        if (!shard.contains(p)) continue;
        auto& g = pool[static_cast<std::size_t>(n++ % 64)];
        g.south().name = names[static_cast<std::size_t>(p.south)];
        g.north().name = names[static_cast<std::size_t>(p.north)];
        g.started_at = std::chrono::system_clock::now();
        g.ended_at = g.started_at + std::chrono::milliseconds{900};
        recorder.record_game(id, p, g).value();
    }
    recorder.set_status(id, tournament::RunStatus::Finished, std::chrono::system_clock::now());
    return n;
}

// Shard k as a copy of shard 0: pair p of shard 0 becomes pair p + k (game index + 2k); games past
// the schedule's end are dropped. One transaction on the copy.
std::int64_t clone_shard(const Config& c, const tournament::RunDefinition& d, int k) {
    const auto path = shard_path(c, k);
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    std::filesystem::copy_file(shard_path(c, 0), path);
    auto schedule = tournament::make_schedule(d, 0).value();
    const tournament::Shard shard{k, c.shards};
    store::Database db(path, store::Database::Mode::ReadWrite);
    db.exec("PRAGMA foreign_keys = ON");
    store::Transaction tx(db);
    std::vector<std::pair<std::int64_t, std::int64_t>> games;  // id, game_index
    {
        store::Statement st(db, "SELECT id, game_index FROM games ORDER BY game_index DESC");
        while (st.step()) games.emplace_back(st.int64(0), st.int64(1));
    }
    store::Statement move(
        db, "UPDATE games SET game_index = ?2, pair_index = ?3, round = ?4 WHERE id = ?1");
    store::Statement drop(db, "DELETE FROM games WHERE id = ?1");
    std::int64_t kept = 0;
    for (const auto& [id, index] : games) {
        const auto to = index + 2 * k;
        if (to >= schedule.total_games()) {
            drop.bind(1, id);
            drop.run();
            drop.reset();
            continue;
        }
        const auto p = schedule.pairing_at(to);
        move.bind(1, id).bind(2, to).bind(3, p.pair_index).bind(4, p.round);
        move.run();
        move.reset();
        ++kept;
    }
    store::Statement row(db, "UPDATE tournament_shards SET shard_index = ?1, games = ?2");
    row.bind(1, k).bind(2, tournament::shard_games(schedule, shard));
    row.run();
    tx.commit();
    return kept;
}

}  // namespace

int main(int argc, char** argv) {
    if (oaq::wants_help(argc, argv)) {
        std::cout << "usage: oaq-bench-merge " << kOptions
                  << "\nwrites N shard files of about G games into DIR (bench/merge/bench_merge.sh "
                     "times merging them)\n";
        return 0;
    }
    try {
        const auto c = parse(argc, argv);
        std::filesystem::create_directories(c.dir);
        const auto d = definition(c);
        std::printf("writing %d shard files of about %lld games of %d plies into %s\n", c.shards,
                    static_cast<long long>(c.games), c.plies, c.dir.c_str());
        const auto start = Clock::now();
        std::int64_t total = 0;
        for (int k = 0; k < c.shards; ++k) {
            total += c.clone && k > 0 ? clone_shard(c, d, k) : write_shard(c, d, k);
            if ((k + 1) % 10 == 0 || k + 1 == c.shards)
                std::printf("  %d shards, %lld games, %.1f s\n", k + 1,
                            static_cast<long long>(total),
                            std::chrono::duration<double>(Clock::now() - start).count());
            std::fflush(stdout);
        }
        const double s = std::chrono::duration<double>(Clock::now() - start).count();
        std::printf("wrote %lld games in %.1f s (%.0f games/s through the store's write path)\n",
                    static_cast<long long>(total), s, static_cast<double>(total) / s);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "oaq-bench-merge: %s\n", e.what());
        return 2;
    }
}
