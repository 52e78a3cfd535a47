#include "views/table.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "common/json.hpp"

namespace oaq::views {

Cell text_cell(std::string s) {
    return Cell{std::move(s), false};
}
Cell int_cell(std::int64_t v) {
    return Cell{std::to_string(v), true};
}
Cell real_cell(double v, int decimals) {
    if (!std::isfinite(v)) return Cell{"", false};
    return Cell{fmt::format("{:.{}f}", v, decimals), true};
}

Cell score_cell(double score, OutputFormat format) {
    if (format == OutputFormat::Table) return Cell{fmt::format("{:.1f}%", 100.0 * score), true};
    return real_cell(score, 4);
}

std::string join_words(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

namespace {

// Display width of UTF-8 text (the ± sign is one column, two bytes).
std::size_t width(const std::string& s) {
    std::size_t w = 0;
    for (char c : s) w += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return w;
}

}  // namespace

std::string render(const Table& table, OutputFormat format) {
    std::string out;
    if (format == OutputFormat::Json) {
        for (const auto& row : table.rows) {
            Json j;
            for (std::size_t c = 0; c < row.size() && c < table.headers.size(); ++c) {
                if (row[c].number)
                    j.raw(table.headers[c], row[c].text);
                else if (row[c].text.empty())
                    j.null(table.headers[c]);
                else
                    j.field(table.headers[c], row[c].text);
            }
            out += j.str() + "\n";
        }
        return out;
    }
    if (format == OutputFormat::Csv) {
        auto line = [&](const std::vector<std::string>& cells) {
            for (std::size_t c = 0; c < cells.size(); ++c)
                out += (c ? "," : "") + csv_field(cells[c]);
            out += "\n";
        };
        line(table.headers);
        for (const auto& row : table.rows) {
            std::vector<std::string> cells;
            for (const auto& cell : row) cells.push_back(cell.text);
            line(cells);
        }
        return out;
    }
    std::vector<std::size_t> widths(table.headers.size());
    for (std::size_t c = 0; c < widths.size(); ++c) widths[c] = width(table.headers[c]);
    for (const auto& row : table.rows) {
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            widths[c] = std::max(widths[c], width(row[c].text));
        }
    }
    auto pad = [](const std::string& s, std::size_t w, bool right) {
        const std::string fill(w - std::min(w, width(s)), ' ');
        return right ? fill + s : s + fill;
    };
    std::string header;
    for (std::size_t c = 0; c < widths.size(); ++c) {
        // A column of numbers has its header over the numbers' right edge.
        const bool right =
            !table.rows.empty() && c < table.rows.front().size() && table.rows.front()[c].number;
        header += (c ? "  " : "") + pad(table.headers[c], widths[c], right);
    }
    while (!header.empty() && header.back() == ' ') header.pop_back();
    out += header + "\n";
    for (const auto& row : table.rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c) {
            line += (c ? "  " : "") + pad(row[c].text, widths[c], row[c].number);
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

}  // namespace oaq::views
