// Store::merge: the shards of a run, each played into its own file on its own machine, made one
// history (`oaq merge`). Everything happens in one transaction on this database: a refusal (a
// conflict) throws Refused inside it, the transaction rolls back and nothing is half-merged.
// Sources are read through their own read-only connections (SQLite attaches at most 10 files,
// and ATTACH is not allowed inside a transaction), rows are copied value for value
// (Statement::bind_column), and games already present are recognised by run and game index, so
// merging a file again adds only what is new. For the merge only, the file uses a rollback
// journal: one large transaction is much faster with it than under WAL.
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <unordered_map>

#include "game/termination.hpp"
#include "rules/game.hpp"
#include "store/packed_moves.hpp"
#include "store/store_impl.hpp"
#include "tournament/run_definition.hpp"

namespace oaq::store {

namespace {

using Lock = std::lock_guard<std::mutex>;

// A refusal: the message says which files, run and game.
struct Refused {
    std::string message;
};

constexpr std::string_view kGameCopyColumns =
    "game_index, pair_index, round, opening, start_position, time_control, south_engine_id,"
    " north_engine_id, result, score_south, score_north, termination, detail, plies,"
    " final_position, started_at, ended_at, host";

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
    Merger(Store::Impl& into, std::string into_name)
        : into_(into),
          into_name_(std::move(into_name)),
          insert_game_(into.db, "INSERT INTO games (tournament_id, " +
                                    std::string(kGameCopyColumns) +
                                    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12,"
                                    " ?13, ?14, ?15, ?16, ?17, ?18, ?19)"),
          insert_moves_(into.db, "INSERT INTO game_moves (game_id, moves) VALUES (?1, ?2)") {}

    void merge_file(Store::Impl& source, const std::string& path) {
        engines_.clear();
        // One read transaction for the whole file: one snapshot, and no transaction begun and
        // ended for every statement run (a per-game read cost a fifth of the merge without it).
        Transaction reading(source.db, Transaction::Kind::Deferred);
        Statement list(source.db, "SELECT name FROM tournaments ORDER BY id");
        std::vector<std::string> names;
        while (list.step()) names.push_back(list.text(0));
        for (const auto& name : names) merge_run(source, path, *tournament_named(source, name));
        reading.commit();
    }

    // What the trigger games_add_totals (db/003_result_totals.sql), paused for the merge, would
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

    void count_result(RowId run, RowId south, RowId north, rules::Result result) {
        auto& s = totals_[Side{run, south, north}];
        auto& n = totals_[Side{run, north, south}];
        if (result == rules::Result::SouthWin) {
            ++s.wins;
            ++n.losses;
        } else if (result == rules::Result::NorthWin) {
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
                              into_name_ + " (binary sha256 " +
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
            Statement count(source.db, "SELECT count(*) FROM games WHERE tournament_id = ?1");
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
                    into_name_ + " (fingerprints " +
                    (t.fingerprint.empty() ? "none" : t.fingerprint.substr(0, 12)) + " and " +
                    (here->fingerprint.empty() ? "none" : here->fingerprint.substr(0, 12)) + ")"};
            }
            return here->id;
        }
        TournamentRow row = t;
        row.id = 0;
        row.status = TournamentStatus::Interrupted;
        row.finished_at.reset();
        row.shards.clear();
        row.engine_ids.clear();
        for (auto id : t.engine_ids) row.engine_ids.push_back(engine_for(source, path, id));
        return insert_tournament(into_.db, row);
    }

    // What identifies a game's outcome: two copies of one game agree on all of it. Hashed from
    // the column bytes as they are (no string is built: a re-merge of a million games that are
    // all present is mostly this).
    static std::uint64_t game_key(RowId south, RowId north, std::string_view result, int plies,
                                  std::string_view final_position, std::string_view opening) {
        std::uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
        auto mix = [&h](std::string_view bytes) {
            for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
            h = (h ^ 0xff) * 1099511628211ull;  // a separator no column byte sequence imitates
        };
        auto mix_int = [&mix](std::int64_t v) {
            mix(std::string_view(reinterpret_cast<const char*>(&v), sizeof v));
        };
        mix_int(south);
        mix_int(north);
        mix(result);
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
                     "SELECT game_index, south_engine_id, north_engine_id, result, plies,"
                     " final_position, opening FROM games WHERE +tournament_id = ?1");
        st.bind(1, run);
        while (st.step())
            it->second[st.int64(0)] =
                game_key(st.int64(1), st.int64(2), st.blob(3), st.int32(4), st.blob(5), st.blob(6));
        return it->second;
    }

    // Which file game `pair_index` of `run` came from, for a conflict's message.
    std::string origin_of(RowId run, std::int64_t pair_index) {
        for (const auto& s : read_shards(into_, run))
            if (pair_index % s.count == s.index && !s.source.empty())
                return s.source + " (merged into " + into_name_ + ")";
        return into_name_;
    }

    // What the CHECK constraints of games say, which the merge turns off (MergeSettings): a file
    // edited by hand is refused as damaged, never merged.
    // Returns the game's result.
    static rules::Result check_row(Store::Impl& source, const Statement& g) {
        const auto result = rules::parse_result(g.blob(9));
        const bool words =
            result && *result != rules::Result::Ongoing && game::parse_termination(g.blob(12));
        const bool counts =
            g.int64(1) >= 0 && g.int64(2) >= 0 && g.int64(3) >= 0 && g.int64(14) >= 0;
        if (!words || !counts) {
            source.damaged("game " + std::to_string(g.int64(0)) +
                           ": a result, termination or count no oaq file holds");
        }
        return *result;
    }

    // A game's moves are one packed value (db/010_packed_moves.sql), copied as it is: column 19
    // of the games query, whose bytes SQLite reads only here, for games that are added.
    void copy_moves(const Statement& games, RowId to) {
        if (games.is_null(19)) return;
        if (!looks_packed(games.blob(19))) {
            throw OaqError("game " + std::to_string(games.int64(0)) +
                           ": its moves are not packed moves");
        }
        insert_moves_.bind(1, to).bind_column_borrowed(2, games, 19);
        insert_moves_.run();
        insert_moves_.reset();
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
                            ", m.moves FROM games g LEFT JOIN game_moves m ON m.game_id = g.id"
                            " WHERE +g.tournament_id = ?1 ORDER BY g.id");
        games.bind(1, t.id);
        while (games.step()) {
            const auto index = games.int64(1);
            const RowId south = engine_for(source, path, games.int64(7));
            const RowId north = engine_for(source, path, games.int64(8));
            const auto key = game_key(south, north, games.blob(9), games.int32(14), games.blob(15),
                                      games.blob(4));
            if (auto it = present.find(index); it != present.end()) {
                if (it->second != key) {
                    throw Refused{"game " + std::to_string(index) + " of run \"" + t.name +
                                  "\" differs between " + path + " and " +
                                  origin_of(run, games.int64(2)) +
                                  ": two different games for one game index"};
                }
                ++tally.present;
                continue;
            }
            const rules::Result result = check_row(source, games);
            insert_game_.bind(1, run);
            for (int c = 0; c < 18; ++c) insert_game_.bind_column_borrowed(c + 2, games, c + 1);
            insert_game_.bind(8, south).bind(9, north);
            insert_game_.run();
            insert_game_.reset();
            copy_moves(games, into_.db.last_insert_rowid());
            count_result(run, south, north, result);
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
                                  shard_text(r) + ", " + into_name_ + " holds shard " +
                                  shard_text(h) + " (different shard counts)"};
                }
                if (h.index == r.index) old = &h;
            }
            // A finished copy of a shard is kept over an unfinished (older) one.
            if (old && old->status == TournamentStatus::Finished &&
                r.status != TournamentStatus::Finished)
                continue;
            write_shard(into_.db, run, r);
        }
    }

    void update_status(RowId run, const TournamentRow& t, MergedRun& tally) {
        auto shards = read_shards(into_, run);
        Statement count(into_.db, "SELECT count(*) FROM games WHERE tournament_id = ?1");
        count.bind(1, run);
        count.step();
        tally.games = count.int64(0);
        tally.shard_count = shards.empty() ? 1 : shards.front().count;
        tally.run_games = shards.empty() ? tally.games : shards.front().run_games;
        tally.shards_done = 0;
        for (const auto& s : shards)
            if (s.status == TournamentStatus::Finished) ++tally.shards_done;
        const bool finished = tally.shards_done == tally.shard_count &&
                              static_cast<int>(shards.size()) == tally.shard_count &&
                              tally.games == tally.run_games;
        tally.status = finished ? TournamentStatus::Finished : TournamentStatus::Interrupted;
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
        record_shards(run, path, t.name, incoming_shards(source, path, t));
        update_status(run, t, tally);
    }

    Store::Impl& into_;
    std::string into_name_;
    Statement insert_game_;
    Statement insert_moves_;
    std::unordered_map<RowId, RowId> engines_;  // the current source's engine ids -> ours
    std::unordered_map<RowId, std::unordered_map<std::int64_t, std::uint64_t>> games_;
    std::map<std::string, MergedRun> runs_;
    std::map<Side, Totals> totals_;
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

// For a merge that adds more games than the file holds, the secondary indexes of games are
// dropped first and built again at the end (in the same transaction): building an index once is
// much cheaper than updating it a row at a time. The statements come from the schema itself.
class IndexRebuild {
  public:
    IndexRebuild(Database& db, bool active) : db_(db) {
        if (!active) return;
        Statement st(db,
                     "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND"
                     " tbl_name = 'games' AND sql IS NOT NULL");
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
                     " name = 'games_add_totals'");
        if (!st.step()) throw OaqError(db.path() + ": damaged schema: no trigger games_add_totals");
        sql_ = st.text(0);
        st.reset();
        db.exec("DROP TRIGGER games_add_totals");
    }
    void resume() { db_.exec(sql_); }

  private:
    Database& db_;
    std::string sql_;
};

std::int64_t game_count(Database& db) {
    Statement st(db, "SELECT count(*) FROM games");
    st.step();
    return st.int64(0);
}

}  // namespace

Expected<MergeSummary> Store::merge(const std::vector<std::string>& sources,
                                    const std::function<void(const MergeProgress&)>& progress) {
    const auto started = std::chrono::steady_clock::now();
    std::vector<Store> opened;
    for (const auto& path : sources) {
        if (same_file(path, impl_->db.path()))
            return fail(path + " is the --into file itself: it cannot be merged into itself");
        StoreOptions options;
        options.create = false;
        options.read_only = true;
        opened.push_back(Store::open(path, options));
        // Sources are read through memory maps, not a read call per page (a million games are
        // 600,000 pages): a tenth less time. Pages mapped count in the process's resident size
        // but are the file's own cached pages, not memory the merge allocates.
        opened.back().impl_->db.exec("PRAGMA mmap_size = " + std::to_string(kSourceMapBytes));
    }
    Lock lock(impl_->mutex);
    Expected<MergeSummary> result = fail("");
    {
        MergeSettings settings(impl_->db);
        try {
            std::vector<std::int64_t> counts;
            for (auto& source : opened) counts.push_back(game_count(source.impl_->db));
            const std::int64_t incoming = std::accumulate(counts.begin(), counts.end(), 0LL);
            Transaction tx(impl_->db);
            IndexRebuild indexes(impl_->db, incoming > 10000 && incoming > game_count(impl_->db));
            TotalsTriggerPause trigger(impl_->db);
            Merger merger(*impl_, impl_->db.path());
            MergeProgress p{0, opened.size(), 0, 0, incoming, 0, 0};
            for (std::size_t i = 0; i < opened.size(); ++i) {
                merger.merge_file(*opened[i].impl_, sources[i]);
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
            merger.write_result_totals();
            trigger.resume();
            result = merger.summary();
            indexes.rebuild();
            tx.commit();
        } catch (const Refused& r) {
            impl_->engine_ids.clear();
            return fail("merge refused, nothing merged: " + r.message);
        }
    }
    result->seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

}  // namespace oaq::store
