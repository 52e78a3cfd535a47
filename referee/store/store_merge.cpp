// MergeStore::merge: the shards of a run, each played into its own file on its own machine, made
// one history (`oaq merge`). Everything happens in one transaction on this database: a refusal (a
// conflict) throws Refused inside it, the transaction rolls back and nothing is half-merged.
// Sources are read through their own read-only connections, one open at a time (SQLite attaches
// at most 10 files, ATTACH is not allowed inside a transaction, and hundreds of open files would
// run past `ulimit -n`), never written (an older schema is migrated in a copy in memory), and
// what is copied is checked as a reader will read it; rows are copied value for value
// (Statement::bind_column), and games already present are recognised by run and game index, so
// merging a file again adds only what is new. For the merge only, the file uses a rollback
// journal: one large transaction is much faster with it than under WAL.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <unordered_map>

#include "game/termination.hpp"
#include "rules/game.hpp"
#include "store/packed_moves.hpp"
#include "store/store_impl.hpp"
#include "store/time_text.hpp"
#include "tournament/run_definition.hpp"

namespace oaq::store {

namespace {

using Lock = std::lock_guard<std::mutex>;

// A refusal: the message says which files, run and game.
struct Refused {
    std::string message;
};

// A stop asked for (Ctrl-C): the transaction rolls back.
struct Stopped {};

// A game as every view names it: its run and its number counted from 1 (`cup#7`).
std::string game_label(const std::string& run, std::int64_t game_index) {
    return run + "#" + std::to_string(game_index + 1);
}

// The columns of game_rows a merge copies (after tournament_id), in the order of the source's
// games query (column 1 on) and of the insert (?2 on).
constexpr std::string_view kGameCopyColumns =
    "game_index, pair_index, round, seats, opening, start_position, termination, failed_seat,"
    " detail, plies, final_position, started_at, ended_at, host";
constexpr int kCopied = 14;
// The columns of the source's games query (column 0 is the id, 15 the moves).
enum GameColumn {
    kIndex = 1,
    kPair = 2,
    kRound = 3,
    kSeats = 4,
    kOpening = 5,
    kTermination = 7,
    kFailedSeat = 8,
    kPlies = 10,
    kFinal = 11,
    kStarted = 12,
    kEnded = 13,
    kMoves = 15,
};

// A game's seats as a merge reads and compares them.
struct CopiedSeat {
    RowId engine = 0;
    std::string time_control;
    std::int64_t score = 0;
    std::int64_t rank = 0;
    double points = 0;
};

// The games a run planned, from its stored definition (0 when it has none).
std::int64_t planned_games(const TournamentRow& t) {
    if (!t.definition) return 0;
    auto d = tournament::run_definition_from_json(*t.definition);
    if (!d) return 0;
    auto schedule = tournament::make_schedule(*d, 0);
    return schedule ? schedule->total_games() : 0;
}

std::string shard_text(const ShardRow& s) {
    return std::to_string(s.index) + "/" + std::to_string(s.count);
}

class Merger {
  public:
    Merger(Store::Impl& into, std::string into_name, const std::atomic<bool>* stop)
        : into_(into),
          into_name_(std::move(into_name)),
          stop_(stop),
          insert_game_(into.db, "INSERT INTO game_rows (tournament_id, " +
                                    std::string(kGameCopyColumns) +
                                    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,"
                                    " ?13, ?14, ?15)"),
          insert_seat_(into.db,
                       "INSERT INTO game_seats (game_id, seat, engine_id, time_control, score,"
                       " rank, points) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
          insert_moves_(into.db, "INSERT INTO game_moves (game_id, moves) VALUES (?1, ?2)") {}

    void merge_file(Store::Impl& source, const std::string& path) {
        engines_.clear();
        merged_now_.insert(path);
        // One read transaction for the whole file: one snapshot, and no transaction begun and
        // ended for every statement run (a per-game read cost a fifth of the merge without it).
        Transaction reading(source.db, Transaction::Kind::Deferred);
        Statement list(source.db, "SELECT name FROM tournaments ORDER BY id");
        std::vector<std::string> names;
        while (list.step()) names.push_back(list.text(0));
        for (const auto& name : names) merge_run(source, path, *tournament_named(source, name));
        reading.commit();
    }

    // What the trigger game_seats_add_totals (db/012_game_seats.sql), paused for the merge, would
    // have added to result_totals for the games merged: one upsert per pair, not two per game.
    void write_result_totals() {
        Statement upsert(into_.db,
                         "INSERT INTO result_totals (tournament_id, engine_id, opponent_id, games,"
                         " wins, draws, losses) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
                         " ON CONFLICT (tournament_id, engine_id, opponent_id) DO UPDATE SET"
                         " games = games + excluded.games, wins = wins + excluded.wins,"
                         " draws = draws + excluded.draws, losses = losses + excluded.losses");
        for (const auto& [side, t] : totals_) {
            upsert.bind(1, side.run).bind(2, side.engine).bind(3, side.opponent);
            upsert.bind(4, t.wins + t.draws + t.losses).bind(5, t.wins).bind(6, t.draws);
            upsert.bind(7, t.losses);
            upsert.run();
            upsert.reset();
        }
        totals_.clear();
    }

    MergeSummary summary() const {
        MergeSummary s;
        for (const auto& [name, run] : runs_) {
            s.runs.push_back(run);
            s.added += run.added;
            s.present += run.present;
        }
        return s;
    }

  private:
    struct Side {
        RowId run, engine, opponent;
        auto operator<=>(const Side&) const = default;
    };
    struct Totals {
        std::int64_t wins = 0, draws = 0, losses = 0;
    };

    void count_result(RowId run, const CopiedSeat& south, const CopiedSeat& north) {
        auto& s = totals_[Side{run, south.engine, north.engine}];
        auto& n = totals_[Side{run, north.engine, south.engine}];
        if (south.points > north.points) {
            ++s.wins;
            ++n.losses;
        } else if (south.points < north.points) {
            ++s.losses;
            ++n.wins;
        } else {
            ++s.draws;
            ++n.draws;
        }
    }

    // The id here of engine `id` of `source`; the engine is copied the first time. Refused when
    // an engine of that name here has another binary.
    RowId engine_for(Store::Impl& source, const std::string& path, RowId id) {
        if (auto it = engines_.find(id); it != engines_.end()) return it->second;
        Statement from(source.db,
                       "SELECT name, command, args, options, binary_sha256, id_name, id_author,"
                       " declared_options, first_seen FROM engines WHERE id = ?1");
        from.bind(1, id);
        if (!from.step()) source.damaged("no engine with id " + std::to_string(id));
        const std::string name = from.text(0);
        const std::string sha = from.text(4);
        Statement here(into_.db, "SELECT id, binary_sha256 FROM engines WHERE name = ?1");
        here.bind(1, name);
        RowId mine = 0;
        if (here.step()) {
            if (here.text(1) != sha) {
                throw Refused{"engine \"" + name + "\" is not the same engine in " + path +
                              " (binary sha256 " + (sha.empty() ? "unknown" : sha) + ") and in " +
                              engine_origin(name, here.int64(0)) + " (binary sha256 " +
                              (here.text(1).empty() ? "unknown" : here.text(1)) + ")"};
            }
            mine = here.int64(0);
        } else {
            Statement insert(into_.db,
                             "INSERT INTO engines (name, command, args, options, binary_sha256,"
                             " id_name, id_author, declared_options, first_seen)"
                             " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
            for (int c = 0; c < 9; ++c) insert.bind_column(c + 1, from, c);
            insert.run();
            mine = into_.db.last_insert_rowid();
            engine_from_[name] = path;
        }
        into_.engine_ids.erase(name);
        engines_[id] = mine;
        return mine;
    }

    // The shards `t` of `path` brings: its own (now named after the file), those merged into it
    // before, or the whole run as shard 0/1.
    std::vector<ShardRow> incoming_shards(Store::Impl& source, const std::string& path,
                                          const TournamentRow& t) {
        std::vector<ShardRow> rows = t.shards;
        if (rows.empty()) {
            Statement count(source.db, "SELECT count(*) FROM game_rows WHERE tournament_id = ?1");
            count.bind(1, t.id);
            count.step();
            const auto planned = std::max(planned_games(t), count.int64(0));
            rows.push_back(ShardRow{0, 1, t.status, planned, planned, ""});
        }
        for (auto& r : rows) {
            if (!r.source.empty()) continue;
            r.source = path;
            r.status = t.status;
        }
        return rows;
    }

    RowId find_or_create_run(Store::Impl& source, const std::string& path, const TournamentRow& t) {
        if (auto here = tournament_named(into_, t.name)) {
            if (here->fingerprint != t.fingerprint || t.fingerprint.empty()) {
                throw Refused{
                    "run \"" + t.name + "\" has different definitions in " + path + " and in " +
                    run_origin(here->id) + " (fingerprints " +
                    (t.fingerprint.empty() ? "none" : t.fingerprint.substr(0, 12)) + " and " +
                    (here->fingerprint.empty() ? "none" : here->fingerprint.substr(0, 12)) + ")"};
            }
            return here->id;
        }
        TournamentRow row = t;
        row.id = 0;
        row.status = RunStatus::Interrupted;
        row.finished_at.reset();
        row.shards.clear();
        row.engine_ids.clear();
        for (auto id : t.engine_ids) row.engine_ids.push_back(engine_for(source, path, id));
        return insert_tournament(into_.db, row);
    }

    // What identifies a game's outcome: two copies of one game agree on all of it. Hashed from
    // the column bytes as they are (no string is built: a re-merge of a million games that are
    // all present is mostly this).
    static std::uint64_t game_key(const std::vector<CopiedSeat>& seats, int plies,
                                  std::string_view final_position, std::string_view opening) {
        std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
        auto mix = [&h](std::string_view bytes) {
            for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
            h = (h ^ 0xff) * 1099511628211ull;  // a separator no column byte sequence imitates
        };
        auto mix_int = [&mix](std::int64_t v) {
            mix(std::string_view(reinterpret_cast<const char*>(&v), sizeof v));
        };
        for (const auto& seat : seats) {
            mix_int(seat.engine);
            mix_int(seat.rank);
            mix_int(static_cast<std::int64_t>(seat.points * 1024));
        }
        mix_int(plies);
        mix(final_position);
        mix(opening);
        return h;
    }

    std::unordered_map<std::int64_t, std::uint64_t>& games_of(RowId run) {
        auto [it, fresh] = games_.try_emplace(run);
        if (!fresh) return it->second;
        // `+tournament_id`: a scan in id order, not a search of an index and a lookup in the
        // table for every game (the table is small: the moves are in game_moves).
        Statement st(into_.db,
                     "SELECT id, game_index, plies, final_position, opening FROM game_rows"
                     " WHERE +tournament_id = ?1");
        st.bind(1, run);
        Statement seats(into_.db,
                        "SELECT seat, engine_id, time_control, score, rank, points FROM game_seats"
                        " WHERE game_id = ?1 ORDER BY seat");
        while (st.step()) {
            seats.bind(1, st.int64(0));
            it->second[st.int64(1)] =
                game_key(read_seats(seats), st.int32(2), st.blob(3), st.blob(4));
            seats.reset();
        }
        return it->second;
    }

    // A source file as a conflict's message names it: a file of this merge by its name, one
    // merged before with the file it is in now.
    std::string source_text(const std::string& source) const {
        if (merged_now_.count(source)) return source;
        return source + " (merged into " + into_name_ + " before)";
    }

    // The files the shards of `run` came from (at most `only` when given), or this file.
    std::string run_origin(RowId run, std::optional<std::int64_t> pair_index = std::nullopt) {
        std::vector<std::string> files;
        for (const auto& s : read_shards(into_, run)) {
            if (s.source.empty() || (pair_index && *pair_index % s.count != s.index)) continue;
            if (std::find(files.begin(), files.end(), s.source) == files.end())
                files.push_back(s.source);
        }
        if (files.empty()) return into_name_;
        std::string text;
        for (const auto& f : files) text += (text.empty() ? "" : ", ") + source_text(f);
        return text;
    }

    // The file engine `name` (id `here` in this file) came from, for a conflict's message.
    std::string engine_origin(const std::string& name, RowId here) {
        if (auto it = engine_from_.find(name); it != engine_from_.end()) return it->second;
        Statement run(into_.db,
                      "SELECT g.tournament_id FROM game_seats s JOIN game_rows g ON"
                      " g.id = s.game_id WHERE s.engine_id = ?1 LIMIT 1");
        run.bind(1, here);
        return run.step() ? run_origin(run.int64(0)) : into_name_;
    }

    // A game's seats in order from `seats` (bound to the game), stopping at a gap.
    static std::vector<CopiedSeat> read_seats(Statement& seats) {
        std::vector<CopiedSeat> out;
        while (seats.step() && seats.int64(0) == static_cast<std::int64_t>(out.size()))
            out.push_back(CopiedSeat{seats.int64(1), seats.text(2), seats.int64(3), seats.int64(4),
                                     seats.real(5)});
        return out;
    }

    // What the CHECK constraints of game_rows and game_seats say, which the merge turns off
    // (MergeSettings), and what a reader needs to read the game back (its seats, times, moves): a
    // file edited by hand or damaged is refused naming the file and the game, never merged.
    static void check_row(Store::Impl& source, const TournamentRow& t, const Statement& g,
                          const std::vector<CopiedSeat>& seats) {
        const auto count = g.int64(kSeats);
        bool ok =
            count >= 2 && count <= 4 && static_cast<std::int64_t>(seats.size()) == count &&
            game::parse_termination(g.blob(kTermination)) && g.int64(kIndex) >= 0 &&
            g.int64(kPair) >= 0 && g.int64(kRound) >= 0 && g.int64(kPlies) >= 0 &&
            (g.is_null(kFailedSeat) || (g.int64(kFailedSeat) >= 0 && g.int64(kFailedSeat) < count));
        for (const auto& seat : seats) ok = ok && seat.rank >= 1 && seat.points >= 0;
        const auto game = game_label(t.name, g.int64(kIndex));
        if (!ok) {
            source.damaged(game + ": seats, a result, termination or count no oaq file holds");
        }
        for (int column : {kStarted, kEnded}) {
            if (!parse_utc(g.blob(column))) {
                source.damaged(game + ": its " + (column == kStarted ? "start" : "end") +
                               " time \"" + std::string(g.blob(column)) +
                               "\" is not an ISO-8601 UTC time");
            }
        }
    }

    // A game's moves are one packed value (db/010_packed_moves.sql), copied as it is: column
    // kMoves of the games query. Read through once without building a move (packed_ply_count), so
    // a value no reader could decode, or with another number of plies than the game says, is
    // refused here rather than copied.
    void copy_moves(Store::Impl& source, const TournamentRow& t, const Statement& games, RowId to) {
        const auto index = games.int64(kIndex);
        const auto recorded = games.int64(kPlies);
        if (games.is_null(kMoves)) {
            if (recorded == 0) return;
            source.damaged(game_label(t.name, index) + ": its stored moves are missing");
        }
        const auto plies = packed_ply_count(games.blob(kMoves));
        if (!plies || static_cast<std::int64_t>(*plies) != recorded) {
            source.damaged(game_label(t.name, index) + ": stored moves are damaged (" +
                           (plies ? std::to_string(recorded) + " plies recorded, " +
                                        std::to_string(*plies) + " moves stored"
                                  : plies.error().message) +
                           ")");
        }
        insert_moves_.bind(1, to).bind_column_borrowed(2, games, kMoves);
        insert_moves_.run();
        insert_moves_.reset();
    }

    void copy_seats(RowId game, const std::vector<CopiedSeat>& seats) {
        for (std::size_t i = 0; i < seats.size(); ++i) {
            const auto& seat = seats[i];
            insert_seat_.bind(1, game).bind(2, static_cast<std::int64_t>(i)).bind(3, seat.engine);
            insert_seat_.bind(4, seat.time_control).bind(5, seat.score).bind(6, seat.rank);
            insert_seat_.bind(7, seat.points);
            insert_seat_.run();
            insert_seat_.reset();
        }
    }

    void copy_games(Store::Impl& source, const std::string& path, const TournamentRow& t, RowId run,
                    MergedRun& tally) {
        auto& present = games_of(run);
        // `+g.tournament_id`: the table scanned in id order, the order wanted. Without it the
        // planner searched an index on tournament_id and sorted every game with its moves by id
        // in a temporary file: as many bytes as the source holds written to /var/tmp (outside
        // the files a merge is given) and read back, a fifth of the merge's time.
        Statement games(source.db,
                        "SELECT g.id, " + std::string(kGameCopyColumns) +
                            ", m.moves FROM game_rows g LEFT JOIN game_moves m ON m.game_id = g.id"
                            " WHERE +g.tournament_id = ?1 ORDER BY g.id");
        Statement seat_rows(source.db,
                            "SELECT seat, engine_id, time_control, score, rank, points"
                            " FROM game_seats WHERE game_id = ?1 ORDER BY seat");
        games.bind(1, t.id);
        while (games.step()) {
            if (stop_ && stop_->load(std::memory_order_relaxed)) throw Stopped{};
            const auto index = games.int64(kIndex);
            seat_rows.bind(1, games.int64(0));
            auto seats = read_seats(seat_rows);
            seat_rows.reset();
            for (auto& seat : seats) seat.engine = engine_for(source, path, seat.engine);
            const auto key =
                game_key(seats, games.int32(kPlies), games.blob(kFinal), games.blob(kOpening));
            if (auto it = present.find(index); it != present.end()) {
                if (it->second != key) {
                    throw Refused{game_label(t.name, index) + " differs between " + path + " and " +
                                  run_origin(run, games.int64(kPair)) +
                                  ": two different games for one game number"};
                }
                ++tally.present;
                continue;
            }
            check_row(source, t, games, seats);
            insert_game_.bind(1, run);
            for (int c = 0; c < kCopied; ++c)
                insert_game_.bind_column_borrowed(c + 2, games, c + 1);
            insert_game_.run();
            insert_game_.reset();
            const RowId id = into_.db.last_insert_rowid();
            copy_seats(id, seats);
            copy_moves(source, t, games, id);
            if (seats.size() == 2) count_result(run, seats[0], seats[1]);
            present[index] = key;
            ++tally.added;
        }
    }

    void record_shards(RowId run, const std::string& path, const std::string& name,
                       const std::vector<ShardRow>& incoming) {
        auto here = read_shards(into_, run);
        for (const auto& r : incoming) {
            const ShardRow* old = nullptr;
            for (const auto& h : here) {
                if (h.count != r.count) {
                    throw Refused{"run \"" + name + "\": " + path + " holds shard " +
                                  shard_text(r) + ", " +
                                  (h.source.empty() ? into_name_ : source_text(h.source)) +
                                  " holds shard " + shard_text(h) + " (different shard counts)"};
                }
                if (h.index == r.index) old = &h;
            }
            // A finished copy of a shard is kept over an unfinished (older) one.
            if (old && old->status == RunStatus::Finished && r.status != RunStatus::Finished)
                continue;
            write_shard(into_.db, run, r);
        }
    }

    // The sessions of `t` (db/008_sessions.sql) and their links to the games just merged: a
    // session new here is copied whole, one the source played further is brought up to it (the
    // links of its later games added), one as far here is left as it is. One query for a run
    // without sessions.
    void copy_sessions(Store::Impl& source, const std::string& path, const TournamentRow& t,
                       RowId run) {
        Statement from(source.db,
                       "SELECT id, session_index, first_engine_id, second_engine_id, game_limit,"
                       " total, games_played, wealth, end_reason, result,"
                       " session_index >= 0 AND game_limit >= 1 AND total > 0 AND"
                       " games_played >= 0 AND json_valid(wealth) AND"
                       " end_reason IN ('none', 'sold_out', 'game_limit') AND"
                       " result IN ('ongoing', 'first_wins', 'second_wins', 'draw')"
                       " FROM sessions WHERE tournament_id = ?1 ORDER BY session_index");
        from.bind(1, t.id);
        while (from.step()) {
            if (from.int64(10) == 0) {
                source.damaged("run \"" + t.name + "\", session " +
                               std::to_string(from.int64(1) + 1) + ": values no oaq file holds");
            }
            Statement here(into_.db,
                           "SELECT id, games_played FROM sessions WHERE tournament_id = ?1 AND"
                           " session_index = ?2");
            here.bind(1, run).bind_column(2, from, 1);
            RowId id = 0;
            std::int64_t played = 0;
            if (here.step()) {
                id = here.int64(0);
                played = here.int64(1);
                if (played >= from.int64(6)) continue;
                Statement update(into_.db,
                                 "UPDATE sessions SET games_played = ?2, wealth = ?3,"
                                 " end_reason = ?4, result = ?5 WHERE id = ?1");
                update.bind(1, id);
                for (int c = 6; c < 10; ++c) update.bind_column(c - 4, from, c);
                update.run();
            } else {
                Statement insert(into_.db,
                                 "INSERT INTO sessions (tournament_id, session_index,"
                                 " first_engine_id, second_engine_id, game_limit, total,"
                                 " games_played, wealth, end_reason, result)"
                                 " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
                insert.bind(1, run);
                for (int c = 1; c < 10; ++c) insert.bind_column(c + 1, from, c);
                insert.bind(3, engine_for(source, path, from.int64(2)));
                insert.bind(4, engine_for(source, path, from.int64(3)));
                insert.run();
                id = into_.db.last_insert_rowid();
            }
            link_session_games(source, t, run, from.int64(0), id, played);
        }
    }

    // The links of the games of session `from` (of the source) after game `played` to session
    // `to` here, each to the game merged at the same game index.
    void link_session_games(Store::Impl& source, const TournamentRow& t, RowId run, RowId from,
                            RowId to, std::int64_t played) {
        Statement links(source.db,
                        "SELECT g.game_index, sg.number, sg.wealth_first, sg.wealth_second"
                        " FROM session_games sg JOIN game_rows g ON g.id = sg.game_id"
                        " WHERE sg.session_id = ?1 AND sg.number > ?2 ORDER BY sg.number");
        links.bind(1, from).bind(2, played);
        Statement game(into_.db,
                       "SELECT id FROM game_rows WHERE tournament_id = ?1 AND game_index = ?2");
        Statement insert(into_.db,
                         "INSERT INTO session_games (game_id, session_id, number, wealth_first,"
                         " wealth_second) VALUES (?1, ?2, ?3, ?4, ?5)");
        while (links.step()) {
            game.bind(1, run).bind(2, links.int64(0));
            if (!game.step())
                source.damaged(game_label(t.name, links.int64(0)) + ": a session game not stored");
            insert.bind(1, game.int64(0)).bind(2, to);
            for (int c = 1; c < 4; ++c) insert.bind_column(c + 2, links, c);
            insert.run();
            insert.reset();
            game.reset();
        }
    }

    // The byes of a Swiss (db/011_byes.sql), each round's once: a file that holds the run whole
    // brings them (a Swiss is never sharded: its rounds are paired from all the games before).
    void copy_byes(Store::Impl& source, const std::string& path, const TournamentRow& t,
                   RowId run) {
        Statement from(source.db,
                       "SELECT round, engine_id, points FROM byes WHERE tournament_id = ?1"
                       " ORDER BY round");
        from.bind(1, t.id);
        Statement to(into_.db,
                     "INSERT OR IGNORE INTO byes (tournament_id, round, engine_id, points)"
                     " VALUES (?1, ?2, ?3, ?4)");
        while (from.step()) {
            to.bind(1, run)
                .bind(2, from.int32(0))
                .bind(3, engine_for(source, path, from.int64(1)))
                .bind(4, from.real(2));
            to.run();
            to.reset();
        }
    }

    void update_status(RowId run, const TournamentRow& t, MergedRun& tally) {
        Statement before(into_.db, "SELECT status = 'finished' FROM tournaments WHERE id = ?1");
        before.bind(1, run);
        const bool finished_before = before.step() && before.int64(0) != 0;
        before.reset();
        auto shards = read_shards(into_, run);
        Statement count(into_.db, "SELECT count(*) FROM game_rows WHERE tournament_id = ?1");
        count.bind(1, run);
        count.step();
        tally.games = count.int64(0);
        tally.shard_count = shards.empty() ? 1 : shards.front().count;
        tally.run_games = shards.empty() ? tally.games : shards.front().run_games;
        tally.shards_done = 0;
        for (const auto& s : shards)
            if (s.status == RunStatus::Finished) ++tally.shards_done;
        // Every shard finished in its file: the run is finished, whatever it planned (an SPRT
        // match stops at its verdict, a session ends when a player is sold out). A run finished
        // here (resumed to its end) stays finished: a merge only adds games it already holds.
        const bool finished =
            finished_before || (tally.shards_done == tally.shard_count &&
                                static_cast<int>(shards.size()) == tally.shard_count);
        tally.status = finished ? RunStatus::Finished : RunStatus::Interrupted;
        Statement st(into_.db,
                     "UPDATE tournaments SET status = ?2, finished_at = CASE WHEN ?2 = 'finished'"
                     " THEN coalesce(?3, finished_at) END WHERE id = ?1");
        st.bind(1, run).bind(2, to_string(tally.status));
        if (t.finished_at) st.bind(3, format_utc(*t.finished_at));
        st.run();
    }

    void merge_run(Store::Impl& source, const std::string& path, const TournamentRow& t) {
        const RowId run = find_or_create_run(source, path, t);
        auto& tally = runs_[t.name];
        tally.name = t.name;
        copy_games(source, path, t, run, tally);
        copy_sessions(source, path, t, run);
        copy_byes(source, path, t, run);
        record_shards(run, path, t.name, incoming_shards(source, path, t));
        update_status(run, t, tally);
    }

    Store::Impl& into_;
    std::string into_name_;
    const std::atomic<bool>* stop_;
    Statement insert_game_;
    Statement insert_seat_;
    Statement insert_moves_;
    std::unordered_map<RowId, RowId> engines_;  // the current source's engine ids -> ours
    std::unordered_map<RowId, std::unordered_map<std::int64_t, std::uint64_t>> games_;
    std::map<std::string, MergedRun> runs_;
    std::map<Side, Totals> totals_;
    std::set<std::string> merged_now_;                          // the sources of this merge so far
    std::unordered_map<std::string, std::string> engine_from_;  // engines this merge added
};

constexpr std::int64_t kSourceMapBytes = std::int64_t{1} << 30;

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec);
}

// Switches the connection to merge settings and back when the merge ends, however it ends: a
// rollback journal (one big transaction is faster with it than under WAL), a large page cache,
// no foreign-key checks per row (every id the merge writes is one it has just written or
// mapped), and no CHECK constraints: each IN list of games' checks builds a temporary table for
// every row inserted (a sixth of the merge's time); Merger::check_row checks the same in C++. A
// journal mode the file cannot take
// now (another connection reads it) leaves it as it is.
class MergeSettings {
  public:
    explicit MergeSettings(Database& db) : db_(db) {
        set("PRAGMA journal_mode = DELETE");
        set("PRAGMA synchronous = FULL");
        set("PRAGMA cache_size = -1048576");
        set("PRAGMA foreign_keys = OFF");
        set("PRAGMA ignore_check_constraints = ON");
        set("PRAGMA threads = 2");  // the index builds at the end sort on a second core
        // Their sorts stay in memory: a batch job writes nothing but the files it was given.
        set("PRAGMA temp_store = MEMORY");
    }
    ~MergeSettings() {
        set("PRAGMA temp_store = DEFAULT");
        set("PRAGMA threads = 0");
        set("PRAGMA ignore_check_constraints = OFF");
        set("PRAGMA foreign_keys = ON");
        set("PRAGMA cache_size = -2000");
        set("PRAGMA journal_mode = WAL");
        set("PRAGMA synchronous = NORMAL");
    }
    MergeSettings(const MergeSettings&) = delete;
    MergeSettings& operator=(const MergeSettings&) = delete;

  private:
    void set(const char* pragma) noexcept {
        try {
            db_.exec(pragma);
        } catch (...) {
        }
    }
    Database& db_;
};

// For a merge that adds more games than the file holds, the secondary indexes of the games' tables
// are
// dropped first and built again at the end (in the same transaction): building an index once is
// much cheaper than updating it a row at a time. The statements come from the schema itself.
class IndexRebuild {
  public:
    IndexRebuild(Database& db, bool active) : db_(db) {
        if (!active) return;
        Statement st(db,
                     "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND"
                     " tbl_name IN ('game_rows', 'game_seats') AND sql IS NOT NULL");
        while (st.step()) indexes_.emplace_back(st.text(0), st.text(1));
        for (const auto& [name, sql] : indexes_) db.exec("DROP INDEX \"" + name + "\"");
    }
    void rebuild() {
        for (const auto& [name, sql] : indexes_) db_.exec(sql);
        indexes_.clear();
    }

  private:
    Database& db_;
    std::vector<std::pair<std::string, std::string>> indexes_;
};

// The trigger that adds each stored game to result_totals is dropped for the merge and created
// again at its end (in the same transaction); the merger adds the merged games' totals itself,
// one row per pair instead of two upserts per game.
class TotalsTriggerPause {
  public:
    explicit TotalsTriggerPause(Database& db) : db_(db) {
        Statement st(db,
                     "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND"
                     " name = 'game_seats_add_totals'");
        if (!st.step())
            throw OaqError(db.path() + ": damaged schema: no trigger game_seats_add_totals");
        sql_ = st.text(0);
        st.reset();
        db.exec("DROP TRIGGER game_seats_add_totals");
    }
    void resume() { db_.exec(sql_); }

  private:
    Database& db_;
    std::string sql_;
};

std::int64_t game_count(Database& db) {
    Statement st(db, "SELECT count(*) FROM game_rows");
    st.step();
    return st.int64(0);
}

// A source, opened to be read and never written (StoreOptions::keep_file).
Store open_source(const std::string& path) {
    StoreOptions options;
    options.create = false;
    options.read_only = true;
    options.keep_file = true;
    return Store::open(path, options);
}

}  // namespace

Expected<MergeSummary> MergeStore::merge(const std::vector<std::string>& sources,
                                         const std::function<void(const MergeProgress&)>& progress,
                                         const std::atomic<bool>* stop) {
    const auto started = std::chrono::steady_clock::now();
    // Each source is opened in turn and closed before the next (a few descriptors at a time,
    // however many files): first all of them, checked and counted before anything is written,
    // then each again for the merge.
    std::vector<std::int64_t> counts;
    for (const auto& path : sources) {
        if (same_file(path, impl_->db.path()))
            return fail(path + " is the --into file itself: it cannot be merged into itself");
        auto source = open_source(path);
        counts.push_back(game_count(source.impl_->db));
    }
    Lock lock(impl_->mutex);
    Expected<MergeSummary> result = fail("");
    {
        MergeSettings settings(impl_->db);
        try {
            const std::int64_t incoming = std::accumulate(counts.begin(), counts.end(), 0LL);
            Transaction tx(impl_->db);
            IndexRebuild indexes(impl_->db, incoming > 10000 && incoming > game_count(impl_->db));
            TotalsTriggerPause trigger(impl_->db);
            Merger merger(*impl_, impl_->db.path(), stop);
            MergeProgress p{0, sources.size(), 0, 0, incoming, 0, 0};
            for (std::size_t i = 0; i < sources.size(); ++i) {
                {
                    // Read through a memory map, not a read call per page (a million games
                    // are 600,000 pages): a tenth less time. Pages mapped count in the
                    // process's resident size but are the file's own cached pages.
                    auto source = open_source(sources[i]);
                    source.impl_->db.exec("PRAGMA mmap_size = " + std::to_string(kSourceMapBytes));
                    merger.merge_file(*source.impl_, sources[i]);
                }
                if (!progress) continue;
                const auto so_far = merger.summary();
                p.files_done = i + 1;
                p.added = so_far.added;
                p.present = so_far.present;
                p.seen += counts[i];
                p.seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - started)
                        .count();
                progress(p);
            }
            if (stop && stop->load()) throw Stopped{};
            merger.write_result_totals();
            trigger.resume();
            result = merger.summary();
            indexes.rebuild();
            tx.commit();
        } catch (const Refused& r) {
            impl_->engine_ids.clear();
            return fail("merge refused, nothing merged: " + r.message);
        } catch (const Stopped&) {
            impl_->engine_ids.clear();
            return fail("merge interrupted, nothing merged: " + impl_->db.path() +
                        " is as it was (the transaction rolled back)");
        }
    }
    result->seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

}  // namespace oaq::store
