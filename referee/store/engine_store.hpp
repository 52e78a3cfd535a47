// EngineStore: the engines table (db/README.md): each engine once by name, with how it was run.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "store/rows.hpp"
#include "store/store_part.hpp"

namespace oaq::store {

class EngineStore : protected StorePart {
  public:
    // Inserts an engine or updates the one with the same name (first_seen is kept); returns its id.
    RowId upsert_engine(const EngineRow& engine);
    std::optional<EngineRow> find_engine(std::string_view name);
    std::optional<EngineRow> engine(RowId id);
    std::vector<EngineRow> list_engines();  // by id

  protected:
    using StorePart::StorePart;
};

}  // namespace oaq::store
