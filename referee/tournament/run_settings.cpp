#include "tournament/run_settings.hpp"

#include <filesystem>
#include <string_view>

#include "common/json.hpp"
#include "common/json_reader.hpp"

namespace oaq::tournament {

std::string settings_json(const RunSettings& s) {
    Json j;
    j.raw("argv", Json::string_array(s.argv));
    j.field("concurrency", s.concurrency);
    j.field("log", absolute_path(s.log_dir)).field("pgnout", absolute_path(s.pgn_out));
    j.field("progress", s.progress_every);
    return j.str();
}

StoredSettings stored_settings(const std::string& settings) {
    StoredSettings out;
    auto root = parse_json(settings);
    if (!root) return out;
    auto whole = [](const JsonValue* v) -> std::optional<int> {
        if (!v || !v->as_int64()) return std::nullopt;
        return static_cast<int>(*v->as_int64());
    };
    auto text = [](const JsonValue* v) -> std::optional<std::string> {
        if (!v || !v->as_string()) return std::nullopt;
        return *v->as_string();
    };
    out.concurrency = whole(root->find("concurrency"));
    out.log_dir = text(root->find("log"));
    out.log_kept = root->find("log") != nullptr;
    out.progress_every = whole(root->find("progress"));
    out.progress_kept = root->find("progress") != nullptr;
    if (const auto* pgn_out = root->find("pgnout")) {
        out.pgn_out = text(pgn_out);
    } else if (auto args = stored_arguments(settings)) {
        out.pgn_out = pgn_out_argument(*args);
    }
    return out;
}

Expected<std::vector<std::string>> stored_arguments(const std::string& settings) {
    auto root = parse_json(settings);
    if (!root) return fail("stored run settings are damaged: " + root.error().message);
    const auto* argv = root->find("argv");
    if (!argv || !argv->as_array()) return fail("stored run has no arguments to resume from");
    std::vector<std::string> out;
    for (const auto& a : *argv->as_array()) {
        if (!a.as_string()) return fail("stored run arguments are damaged");
        out.push_back(*a.as_string());
    }
    return out;
}

std::string pgn_out_argument(const std::vector<std::string>& args) {
    constexpr std::string_view kOption = "--pgnout";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == kOption && i + 1 < args.size()) return args[i + 1];
        if (args[i].rfind(std::string(kOption) + "=", 0) == 0)
            return args[i].substr(kOption.size() + 1);
    }
    return "";
}

std::string absolute_path(const std::string& path) {
    if (path.empty()) return path;
    std::error_code error;
    auto absolute = std::filesystem::absolute(path, error);
    return error ? path : absolute.lexically_normal().string();
}

}  // namespace oaq::tournament
