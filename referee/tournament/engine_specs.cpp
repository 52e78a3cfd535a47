#include "tournament/engine_specs.hpp"

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string_view>

#include "common/error.hpp"
#include "tournament/definition_text.hpp"
#include "tournament/engine_option.hpp"
#include "tournament/numbers.hpp"

namespace oaq::tournament {

namespace fs = std::filesystem;

SplitArguments split_engine_arguments(int argc, char** argv) {
    SplitArguments out;
    for (int i = 0; i < argc; ++i) {
        std::string arg = argv[i];
        if (i > 0 && (arg == "--engine" || arg == "--each")) {
            std::vector<std::string> group;
            while (i + 1 < argc && std::string(argv[i + 1]).rfind("--", 0) != 0)
                group.push_back(argv[++i]);
            if (arg == "--engine")
                out.engines.push_back(std::move(group));
            else
                out.each.insert(out.each.end(), group.begin(), group.end());
        } else {
            out.rest.push_back(std::move(arg));
        }
    }
    return out;
}

Expected<std::vector<std::string>> split_words(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    std::size_t opened = 0;  // where the open quote is, for the error
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                word += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            opened = i;
            in_word = true;
        } else if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(word);
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    // The engine would get words nobody typed: refuse rather than guess where the quote ends.
    if (quote)
        return fail(std::string("the ") + quote + " at character " + std::to_string(opened + 1) +
                    " is never closed");
    if (in_word) words.push_back(word);
    return words;
}

namespace {

// The executable a command names: a path as given, or the first match in PATH.
std::optional<std::string> resolve_command(const std::string& command) {
    auto is_executable = [](const fs::path& p) {
        std::error_code ec;
        return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
    };
    if (command.find('/') != std::string::npos) {
        if (!is_executable(command)) return std::nullopt;
        return fs::absolute(command).lexically_normal().string();
    }
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        auto end = dirs.find(':', start);
        auto dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!dir.empty() && is_executable(fs::path(dir) / command))
            return (fs::path(dir) / command).string();
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return std::nullopt;
}

void set_option(std::vector<std::pair<std::string, std::string>>& list, const std::string& key,
                const std::string& value) {
    for (auto& [k, v] : list) {
        if (k == key) {
            v = value;
            return;
        }
    }
    list.emplace_back(key, value);
}

constexpr std::string_view kKeys =
    "name, cmd, args, dir, option.<N>, tc, env.<K>, restart, handshake-timeout, log-limit, "
    "stderr, log";

// handshake-timeout=MS, log-limit=BYTES, stderr=FILE, log=FILE; false for any other key.
bool apply_session_key(EngineDefinition& spec, const std::string& key, const std::string& value,
                       const std::string& where) {
    if (key == "handshake-timeout") {
        spec.handshake_timeout = game::Milliseconds(
            whole_number(value, where + ": handshake-timeout", {1, 3600000, "ms"}));
    } else if (key == "log-limit") {
        spec.log_limit = static_cast<std::uint64_t>(
            whole_number(value, where + ": log-limit", {0, std::int64_t{1} << 50, "bytes"}));
    } else if (key == "stderr" || key == "log") {
        if (value.empty()) throw OaqError(where + ": " + key + "= needs a file name");
        const auto parent = fs::absolute(value).parent_path();
        if (!fs::is_directory(parent))
            throw OaqError(where + ": " + key + "=" + value + ": no directory " + parent.string());
        (key == "stderr" ? spec.stderr_log : spec.protocol_log) = fs::absolute(value).string();
    } else {
        return false;
    }
    return true;
}

// `args_text`: the last args= value, split once the engine's name is known.
// `tc_text`: the last tc= value, parsed once every engine has been read.
struct Texts {
    std::optional<std::string> args;
    std::optional<std::string> tc;
};

void apply(EngineDefinition& spec, const std::string& token, const std::string& where,
           Texts& texts) {
    const auto [key, value, has_value] = split_key_value(token);
    if (!has_value || key.empty()) {
        throw OaqError(where + ": \"" + token + "\" is not key=value (" + std::string(kKeys) + ")");
    }
    if (key == "name")
        spec.name = value;
    else if (key == "cmd")
        spec.command = value;
    else if (key == "args")
        texts.args = value;
    else if (key == "dir")
        spec.dir = value;
    else if (key == "tc")
        texts.tc = value;
    else if (key.rfind("option.", 0) == 0 && key.size() > 7)
        set_option(spec.options, key.substr(7), value);
    else if (auto setting = key == "option" ? engine_option_setting(value) : std::nullopt)
        set_option(spec.options, setting->first, setting->second);  // check-engine's NAME=V
    else if (key.rfind("env.", 0) == 0 && key.size() > 4)
        set_option(spec.env, key.substr(4), value);
    else if (key == "restart") {
        if (value == "on")
            spec.restart_every_game = true;
        else if (value == "off")
            spec.restart_every_game = false;
        else
            throw OaqError(where + ": restart must be on or off, got \"" + value + "\"");
    } else if (!apply_session_key(spec, key, value, where)) {
        throw OaqError(where + ": unknown key \"" + key + "\" (" + std::string(kKeys) + ")");
    }
}

}  // namespace

namespace {

// The engine's time control from its tc= value.
void parse_tc(EngineDefinition& e, const std::optional<std::string>& text) {
    if (!text) return;
    auto tc = game::parse_time_control(*text);
    if (!tc) throw OaqError("engine " + e.name + ": tc=" + *text + ": " + tc.error().message);
    e.tc = *tc;
}

}  // namespace

std::vector<EngineDefinition> parse_engine_specs(const SplitArguments& split) {
    std::vector<EngineDefinition> specs;
    std::vector<std::optional<std::string>> tc_texts;
    std::set<std::string> names;
    for (std::size_t i = 0; i < split.engines.size(); ++i) {
        EngineDefinition spec;
        const std::string where = "--engine " + std::to_string(i + 1);
        Texts texts;
        for (const auto& token : split.each) apply(spec, token, "--each", texts);
        for (const auto& token : split.engines[i]) apply(spec, token, where, texts);
        if (spec.command.empty()) throw OaqError(where + ": cmd=PATH is required");
        if (spec.name.empty()) spec.name = fs::path(spec.command).filename().string();
        if (texts.args) {
            auto args = split_words(*texts.args);
            if (!args)
                throw OaqError(where + " (" + spec.name + "): " + args.error().message +
                               " in args=" + *texts.args);
            spec.args = std::move(*args);
        }
        auto resolved = resolve_command(spec.command);
        if (!resolved) {
            throw OaqError(where + " (" + spec.name + "): cmd=" + spec.command +
                           ": no executable file by that name");
        }
        spec.command = *resolved;
        if (!spec.dir.empty() && !fs::is_directory(spec.dir)) {
            throw OaqError(where + " (" + spec.name + "): dir=" + spec.dir + ": no such directory");
        }
        if (!names.insert(spec.name).second) {
            throw OaqError(where + ": two engines are named \"" + spec.name + "\" (use name=...)");
        }
        specs.push_back(std::move(spec));
        tc_texts.push_back(texts.tc);
    }
    // Time controls are read once every engine is known, as when they were read separately.
    for (std::size_t i = 0; i < specs.size(); ++i) parse_tc(specs[i], tc_texts[i]);
    return specs;
}

}  // namespace oaq::tournament
