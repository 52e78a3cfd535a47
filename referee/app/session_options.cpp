#include "app/session_options.hpp"

#include "common/error.hpp"
#include "rules/session.hpp"
#include "tournament/numbers.hpp"

namespace oaq::app {

using tournament::int_number;
using tournament::WholeRange;

void add_session_option(CommandLine& cli) {
    cli.options.add_options()(
        "session", po::value<std::vector<std::string>>()->multitoken()->zero_tokens(),
        "[games=G]: each pairing plays a session (carry-over wealth, sold squares) of at most G "
        "games (default 20); a match's --games then counts sessions");
}

void read_session_option(const po::variables_map& vm, tournament::RunDefinition& d) {
    if (!vm.count("session")) return;
    d.session_games = rules::kDefaultGameLimit;
    for (const auto& token : vm["session"].as<std::vector<std::string>>()) {
        constexpr std::string_view kGames = "games=";
        if (token.rfind(kGames, 0) != 0)
            throw OaqError("--session: \"" + token + "\" is not games=G");
        d.session_games = int_number(token.substr(kGames.size()), "--session games",
                                     WholeRange{1, tournament::kMaxSessionGames});
    }
}

}  // namespace oaq::app
