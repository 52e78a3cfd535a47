#include "tournament/run_checks.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/utf8.hpp"
#include "rules/ring_game.hpp"
#include "tournament/openings.hpp"
#include "tournament/runner.hpp"

namespace oaq::tournament {

namespace fs = std::filesystem;

Expected<std::vector<game::Opening>> read_opening_file(const std::string& file,
                                                       const std::string& named_as,
                                                       const rules::Rules& rules, int max_plies) {
    std::ifstream in(file);
    if (!in) return fail(named_as + ": cannot open the file");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return fail(named_as + ": cannot read the file");
    auto book = parse_opening_book(text.str(), file, rules, max_plies);
    if (!book) return book.error();
    if (book->empty()) return fail(named_as + ": no openings in the file");
    return book;
}

Expected<std::vector<game::Opening>> read_book(const RunDefinition& d) {
    const auto& file = d.openings.file;
    auto book = read_opening_file(file, "--openings file=" + file, d.rules, d.max_plies);
    if (!book) return book;
    if (static_cast<std::size_t>(d.openings.start) > book->size()) {
        return fail("--openings start=" + std::to_string(d.openings.start) + ": " + file +
                    " has only " + std::to_string(book->size()) + " openings");
    }
    return book;
}

Expected<Ok> check_engines(const RunDefinition& d) {
    for (const auto& e : d.engines) {
        std::error_code ec;
        if (!fs::is_regular_file(e.command, ec) || ::access(e.command.c_str(), X_OK) != 0)
            return fail("engine " + e.name + ": " + e.command + " is not an executable file");
        if (!e.dir.empty() && !fs::is_directory(e.dir, ec))
            return fail("engine " + e.name + ": dir=" + e.dir + ": no such directory");
    }
    return Ok{};
}

Expected<Ok> check_log_dir(const std::string& dir) {
    if (dir.empty()) return Ok{};
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        return fail("--log " + dir + ": not a directory");
    fs::create_directories(dir, ec);
    if (ec) return fail("--log " + dir + ": cannot create the directory (" + ec.message() + ")");
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        return fail("--log " + dir + ": cannot write into the directory");
    return Ok{};
}

Expected<Ok> check_pgn_out(const std::string& path) {
    if (path.empty()) return Ok{};
    std::error_code ec;
    if (fs::is_directory(path, ec)) return fail("--pgnout " + path + ": is a directory");
    // Nothing is created here, so a run refused by a later check leaves no empty file: a file
    // that is there must open for appending (which changes nothing in it); a new one needs a
    // directory that can be written into, and the run creates it.
    if (fs::exists(path, ec)) {
        if (!std::ofstream(path, std::ios::binary | std::ios::app))
            return fail("--pgnout " + path + ": cannot write the file");
        return Ok{};
    }
    fs::path folder = fs::path(path).parent_path();
    if (folder.empty()) folder = ".";
    if (!fs::is_directory(folder, ec) || ::access(folder.c_str(), W_OK | X_OK) != 0)
        return fail("--pgnout " + path + ": cannot write the file");
    return Ok{};
}

std::int64_t descriptors_needed(int concurrency, int engines) {
    constexpr std::int64_t kBase = 16;     // standard streams, the database, its -wal and -shm
    constexpr std::int64_t kPerLive = 4;   // stdin and stdout pipes, pidfd, protocol log
    constexpr std::int64_t kPerStart = 7;  // both ends of two pipes, the stderr log, exec's pipe
    const auto live = max_engine_instances(concurrency, engines);
    return kBase + kPerLive * live + kPerStart * concurrency;
}

Expected<Ok> check_descriptors(int concurrency, int engines, int seats) {
    // A table of N seats holds N engines, as N/2 games of two do.
    const auto need = descriptors_needed((concurrency * seats + 1) / 2, engines);
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return Ok{};
    if (limit.rlim_cur != RLIM_INFINITY && static_cast<std::int64_t>(limit.rlim_cur) < need) {
        // The soft limit is ours to raise up to the hard one (Go and Rust runtimes do the same).
        limit.rlim_cur = limit.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &limit);
        ::getrlimit(RLIMIT_NOFILE, &limit);
    }
    if (limit.rlim_cur != RLIM_INFINITY && static_cast<std::int64_t>(limit.rlim_cur) < need) {
        return fail("--concurrency " + std::to_string(concurrency) + " with " +
                    std::to_string(engines) + " engines needs " + std::to_string(need) +
                    " file descriptors, more than the limit of " + std::to_string(limit.rlim_cur) +
                    " (ulimit -n): lower --concurrency or raise the limit");
    }
    return Ok{};
}

RunInputs run_inputs(std::string log_dir, std::string pgn_out, int concurrency) {
    RunInputs inputs;
    inputs.read_book = read_book;
    inputs.check_environment = [log_dir = std::move(log_dir), pgn_out = std::move(pgn_out),
                                concurrency](const RunDefinition& d) -> Expected<Ok> {
        // The checks that only look come first: the log directory is created by its check.
        auto engines = check_engines(d);
        if (!engines) return engines;
        auto descriptors = check_descriptors(concurrency, static_cast<int>(d.engines.size()));
        if (!descriptors) return descriptors;
        auto pgn = check_pgn_out(pgn_out);
        if (!pgn) return pgn;
        return check_log_dir(log_dir);
    };
    return inputs;
}

std::string safe_file_name(std::string_view name) {
    constexpr std::size_t kLongest = 100;
    std::string out;
    for (std::size_t i = 0; i < name.size();) {
        const auto sequence = utf8::next_sequence(name, i);
        const auto text = name.substr(i, sequence.length);
        i += sequence.length;
        const char c = text[0];
        const bool safe_ascii = sequence.length == 1 && sequence.valid &&
                                (std::isalnum(static_cast<unsigned char>(c)) || c == '.' ||
                                 c == '_' || c == '-' || c == '+');
        const bool keep = safe_ascii || (sequence.valid && sequence.length > 1);
        const std::string piece = keep ? std::string(text) : std::string(sequence.length, '_');
        if (out.size() + piece.size() > kLongest) break;
        out += piece;
    }
    if (out.empty()) return "_";
    if (out[0] == '.') out[0] = '_';
    return out;
}

}  // namespace oaq::tournament

namespace oaq::tournament {

namespace {

// A given option a table does not take yet.
Expected<Ok> refuse_table_options(const SeatOptions& o, const std::string& what) {
    // A match of N engines is one table: no shards, no rounds (--games counts its games).
    std::vector<const char*> refused{"sprt", "session", "pgnout"};
    if (!o.tournament) refused.insert(refused.end(), {"shard", "rounds"});
    for (const char* option : refused) {
        if (o.given(option))
            return fail(std::string("--") + option + ": not for " + what +
                        " (a table plays seating groups, from the start or plies=N openings)");
    }
    return Ok{};
}

}  // namespace

Expected<Ok> settle_seats(RunDefinition& d, const SeatOptions& o) {
    const int n = d.rules.players;
    const auto engines = d.engines.size();
    if (!o.tournament && engines != static_cast<std::size_t>(n)) {
        return fail(n == 2
                        ? "match: exactly two --engine are needed, got " + std::to_string(engines)
                        : "match: --rules players=" + std::to_string(n) + ": exactly " +
                              std::to_string(n) + " --engine are needed, got " +
                              std::to_string(engines));
    }
    if (n == 2) return Ok{};
    const auto seats = "players=" + std::to_string(n);
    const auto what = (o.tournament ? "a tournament of " : "a match of ") + seats;
    if (o.tournament && d.format != Format::RoundRobin && d.format != Format::Gauntlet)
        return fail("--format " + std::string(to_string(d.format)) + ": not for " + what +
                    " (round_robin and gauntlet play tables)");
    if (o.tournament && o.counted("games"))
        return fail("--games: not for " + what + " (--rounds N: N seating groups per table)");
    if (auto refused = refuse_table_options(o, what); !refused) return refused;
    if (d.openings.kind == OpeningsDefinition::Kind::File)
        return fail("--openings: a book holds 2-seat lines; " + what +
                    " takes plies=N (random openings, one per seating group)");
    const auto defaulted = [&o](const char* option) {
        return o.counted(option) && !o.given(option);
    };
    if (defaulted("max-plies")) d.max_plies = rules::default_ply_limit(d.rules);
    // One seating group unless told: every engine in every seat once.
    if (!o.tournament && defaulted("games")) {
        std::int64_t group = 1;
        for (int i = 2; i <= n; ++i) group *= i;
        d.games = group;
    }
    if (o.tournament && d.engines.size() < static_cast<std::size_t>(n))
        return fail("--engine: " + what + " needs at least " + std::to_string(n) +
                    " engines, got " + std::to_string(d.engines.size()));
    return Ok{};
}

Expected<Ok> check_table_run(const RunDefinition& d, const std::string& log_dir, int concurrency) {
    // One at a time, the checks that only look first: the log directory's check creates it.
    if (auto valid = validate(d); !valid) return valid;
    if (auto engines = check_engines(d); !engines) return engines;
    if (auto descriptors =
            check_descriptors(concurrency, static_cast<int>(d.engines.size()), d.rules.players);
        !descriptors)
        return descriptors;
    return check_log_dir(log_dir);  // "" is no log
}

}  // namespace oaq::tournament
