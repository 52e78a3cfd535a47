// `oaq rules perft|play|show|presets|book|session`: the rules library from the command line, for
// checking an engine's move generator against ours, for looking at positions, for checking an
// opening book before a run reads it and for replaying a session from its games' moves
// (rules_session_command.cpp).
#include <iostream>

#include "app/cli.hpp"
#include "app/commands.hpp"
#include "app/rules_ring_command.hpp"
#include "app/rules_session_command.hpp"
#include "common/error.hpp"
#include "rules/game.hpp"
#include "rules/position_string.hpp"
#include "rules/ring_game.hpp"
#include "rules/ring_turn.hpp"
#include "rules/turn.hpp"
#include "tournament/numbers.hpp"
#include "tournament/run_checks.hpp"
#include "views/board_view.hpp"
#include "views/book_summary.hpp"
#include "views/rules_views.hpp"

namespace oaq::app {

using tournament::int_number;

using views::draw_board;

namespace {

struct RulesAndPosition {
    rules::Rules rules;
    rules::Position position;
};

rules::Rules rules_option(const po::variables_map& vm) {
    auto parsed = rules::parse_rules(vm["rules"].as<std::string>());
    if (!parsed) throw OaqError("--rules: " + parsed.error().message);
    return *parsed;
}

RulesAndPosition load(const po::variables_map& vm, const std::string& position_text) {
    RulesAndPosition out{rules_option(vm), {}};
    auto pos = rules::parse_position(position_text, out.rules);
    if (!pos) throw_position_error(pos.error());
    out.position = *pos;
    return out;
}

std::string join(const std::vector<std::string>& parts) {
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : " ") + p;
    return s;
}

void add_rules_options(CommandLine& cli, bool with_position) {
    cli.options.add_options()("rules", po::value<std::string>()->default_value("standard"),
                              "rules string: a preset, optionally with switch=value overrides")(
        "json", "print one JSON object");
    if (with_position) {
        cli.options.add_options()("position", po::value<std::string>()->default_value("startpos"),
                                  "position string to start from, 6 fields or 7 with the shares "
                                  "of a session game, 2N+2 with N = 3 or 4 players (quote it)");
    }
}

int max_plies_option(const po::variables_map& vm, const rules::Rules& rules) {
    return vm.count("max-plies")
               ? int_number(vm["max-plies"].as<std::string>(), "--max-plies", {0, 1000000})
               : rules::default_ply_limit(rules);
}

int perft_command(int argc, char** argv) {
    CommandLine cli("oaq rules perft [--rules R] [--position P] [--divide] [--json] DEPTH",
                    "Counts the legal move sequences of DEPTH plies (every leaf move is made) and "
                    "reports the time and moves per second.");
    add_rules_options(cli, true);
    cli.options.add_options()("divide", "split the count by first move");
    cli.hidden.add_options()("depth", po::value<std::string>(), "depth");
    cli.positional.add("depth", 1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    // DEPTH is positional: its hidden option name means nothing to a person.
    if (!vm->count("depth")) throw OaqError("perft: give a DEPTH (see --help)");
    const int depth = int_number((*vm)["depth"].as<std::string>(), "perft DEPTH", {0, 30});
    const auto rules = rules_option(*vm);
    const auto& position = (*vm)["position"].as<std::string>();
    const bool divide = vm->count("divide") > 0;
    const auto count = rules.players == 2
                           ? views::count_perft(load(*vm, position).position, depth, divide, rules)
                           : views::count_perft(load_ring(rules, position), depth, divide, rules);
    std::cout << (vm->count("json") ? views::perft_json(rules, depth, count, divide) + "\n"
                                    : views::perft_text(depth, count));
    return 0;
}

int play_command(int argc, char** argv) {
    CommandLine cli("oaq rules play [--rules R] [--position P] [--max-plies N] [--json] MOVE...",
                    "Plays the moves in order and prints the board after each. An illegal or "
                    "malformed move is an error naming its index and the reason (exit 2).");
    add_rules_options(cli, true);
    cli.options.add_options()("max-plies", po::value<std::string>(),
                              "ply limit (0: none; default 150 per player: 300, 450 or 600)");
    cli.hidden.add_options()("moves", po::value<std::vector<std::string>>()->multitoken(), "moves");
    cli.positional.add("moves", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto moves = vm->count("moves") ? (*vm)["moves"].as<std::vector<std::string>>()
                                          : std::vector<std::string>{};
    const bool json = vm->count("json") > 0;
    const auto parsed_rules = rules_option(*vm);
    const int max_plies = max_plies_option(*vm, parsed_rules);
    if (parsed_rules.players != 2) {
        return ring_play(parsed_rules, (*vm)["position"].as<std::string>(), moves, max_plies, json);
    }
    auto [rules, pos] = load(*vm, (*vm)["position"].as<std::string>());
    if (auto played = views::play_moves(rules, pos, max_plies, moves, json, std::cout); !played)
        throw OaqError(played.error().message);
    return 0;
}

int show_command(int argc, char** argv) {
    CommandLine cli("oaq rules show [--rules R] [--json] [POSITION]",
                    "Draws a position (default: the start position of the rules) for a person. "
                    "The position string may be given as one quoted argument or as its six fields "
                    "(seven with the shares of a session game: sold and shared squares are "
                    "marked).");
    add_rules_options(cli, false);
    cli.hidden.add_options()("position", po::value<std::vector<std::string>>()->multitoken(),
                             "position");
    cli.positional.add("position", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    const auto text = vm->count("position") ? join((*vm)["position"].as<std::vector<std::string>>())
                                            : std::string("startpos");
    if (const auto ring_rules = rules_option(*vm); ring_rules.players != 2) {
        return ring_show(ring_rules, text, vm->count("json") > 0);
    }
    auto [rules, pos] = load(*vm, text);
    if (vm->count("json"))
        std::cout << views::position_json(pos, rules) << "\n";
    else
        std::cout << draw_board(pos, rules) << "  " << rules::to_string(pos) << "\n";
    return 0;
}

int book_command(int argc, char** argv) {
    CommandLine cli("oaq rules book [--rules R] [--max-plies N] [--json] FILE...",
                    "Checks opening books as a run reads them (--openings file=FILE): each line "
                    "is moves from the start or a position string with optional moves, every move "
                    "legal under the rules and the game still going after them. Prints each "
                    "book's openings, distinct lines and line lengths, and the lines given more "
                    "than once. A bad line is an error naming the file and line (exit 2).");
    add_rules_options(cli, false);
    cli.options.add_options()("max-plies", po::value<std::string>(),
                              "ply limit the lines must stay under (0: none; default 300)");
    cli.hidden.add_options()("files", po::value<std::vector<std::string>>()->multitoken(), "files");
    cli.positional.add("files", -1);
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    if (!vm->count("files")) throw OaqError("book: give one or more book FILEs (see --help)");
    const auto rules = rules_option(*vm);
    if (rules.players != 2) {
        throw OaqError("--rules players=" + std::to_string(rules.players) +
                       ": opening books are lines of the two-player game");
    }
    const int max_plies = max_plies_option(*vm, rules);
    std::vector<views::BookSummary> summaries;
    const bool json = vm->count("json") > 0;
    for (const auto& file : (*vm)["files"].as<std::vector<std::string>>()) {
        auto book = tournament::read_opening_file(file, file, rules, max_plies);
        if (!book) throw OaqError(book.error().message);
        summaries.push_back(views::summarize_book(file, *book));
        // In text, each book as it is checked: the books before a bad one were good.
        if (!json) std::cout << views::book_summary_text(summaries.back()) << std::flush;
    }
    if (json) std::cout << views::book_summaries_json(rules, max_plies, summaries) << "\n";
    return 0;
}

int presets_command(int argc, char** argv) {
    CommandLine cli("oaq rules presets [--json]",
                    "Lists the rule presets and their expanded form.");
    cli.options.add_options()("json", "print one JSON object");
    auto vm = parse(cli, argc, argv);
    if (!vm) return 0;
    std::cout << (vm->count("json") ? views::presets_json() + "\n" : views::presets_text());
    return 0;
}

}  // namespace

int run_rules(int argc, char** argv) {
    return dispatch(
        "rules",
        {{"perft", perft_command, "count the move tree to a depth (checks the move generator)"},
         {"play", play_command, "play moves from a position and print where they lead"},
         {"show", show_command, "print a position, its legal moves and its status"},
         {"presets", presets_command, "the rules presets and the switches they set"},
         {"book", book_command, "check opening books as a run reads them"},
         {"session", rules_session_command,
          "replay a session (carry-over games) from each game's moves"}},
        argc, argv);
}

}  // namespace oaq::app
