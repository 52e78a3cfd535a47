// Table: the one small table type every results view prints, as aligned text for people, CSV
// (RFC 4180 quoting) for spreadsheets or JSON lines for scripts. Numbers stay numbers in JSON.
// Pure formatting: no I/O.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace oaq::views {

enum class OutputFormat { Table, Json, Csv };

// A table of cells; numbers stay numbers in JSON.
struct Cell {
    std::string text;
    bool number = false;
};
Cell text_cell(std::string s);
Cell int_cell(std::int64_t v);
Cell real_cell(double v, int decimals);
// A standings score (points per game): "87.5%" in a table, the fraction 0.875 in CSV and JSON.
Cell score_cell(double score, OutputFormat format);

struct Table {
    std::vector<std::string> headers;
    std::vector<std::vector<Cell>> rows;
};
// Table: aligned columns (numbers right-aligned); Csv: header then rows (RFC 4180 quoting);
// Json: one object per row per line, keyed by the headers.
std::string render(const Table& table, OutputFormat format);
std::string csv_field(const std::string& s);
// Words separated by single spaces (a principal variation as text).
std::string join_words(const std::vector<std::string>& words);

}  // namespace oaq::views
