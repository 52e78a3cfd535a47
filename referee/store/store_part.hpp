// StorePart: what every part of the store is, a class over the one database connection a Store
// opens (store_impl.hpp defines Connection: the handle, its lock and cached statements). The parts
// (EngineStore, RunStore, GameStore, SessionStore, ResultStore, MergeStore) each keep one concern
// of the results database; Store is all of them over one file. Code that needs one concern takes
// that part (`GameStore&`), not the whole Store.
#pragma once

namespace oaq::store {

struct Connection;

class StorePart {
  protected:
    using Impl = Connection;
    explicit StorePart(Connection* connection) : impl_(connection) {}
    Connection* impl_;  // owned by the Store this part belongs to
};

}  // namespace oaq::store
