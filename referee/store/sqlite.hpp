// sqlite: thin RAII wrappers over the SQLite C API. This folder is the only place in oaq that
// includes sqlite3.h, and only in .cpp files: this header forward-declares the handles, so code
// above the store never sees SQLite. Database owns a connection, Statement a prepared statement,
// Transaction a BEGIN that rolls back unless commit() was called. Values always go through bind();
// nothing here formats values into SQL text. Every failure throws SqliteError (an OaqError): the
// Store turns constraint violations into values and lets the rest (I/O, full disk, corruption,
// busy beyond the timeout) reach main as environment failures.
#pragma once

#include <chrono>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "common/error.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace oaq::store {

class SqliteError : public OaqError {
  public:
    // `what` is the full line (path, context, SQLite's words); `reason` is SQLite's words alone.
    SqliteError(int code, const std::string& what, std::string reason)
        : OaqError(what), code_(code), reason_(std::move(reason)) {}
    // The extended result code (SQLITE_CONSTRAINT_UNIQUE, SQLITE_NOTADB, ...).
    int code() const { return code_; }
    const std::string& reason() const { return reason_; }
    bool is_constraint() const;
    bool is_unique_violation() const;
    bool is_not_a_database() const;  // SQLITE_NOTADB or SQLITE_CORRUPT
    bool is_busy() const;  // SQLITE_BUSY or SQLITE_LOCKED: another connection holds a lock
    // SQLITE_READONLY or SQLITE_CANTOPEN: the file or its directory cannot be written.
    bool is_not_writable() const;

  private:
    int code_;
    std::string reason_;
};

class Database {
  public:
    // ReadOnly never writes the file, its -wal or its -shm. Immutable reads a file nobody writes
    // (SQLite's immutable=1: no locks, no -shm), for a WAL file in a directory we cannot write.
    enum class Mode { ReadWriteCreate, ReadWrite, ReadOnly, Immutable };
    // Opens (or creates) `path`; ":memory:" is a private in-memory database. Throws SqliteError.
    Database(const std::string& path, Mode mode);
    // A private in-memory database holding a copy of every page of `from` (SQLite's backup API),
    // named in messages as `from` is: a file read as it is, then changed only in memory.
    static Database memory_copy(Database& from);
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;

    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }

    // Runs a script of one or more statements without parameters (migrations, pragmas, BEGIN).
    void exec(std::string_view sql);
    void set_busy_timeout(std::chrono::milliseconds timeout);
    std::int64_t last_insert_rowid() const;
    bool in_transaction() const;

    // Throws SqliteError for `code` with the connection's message, prefixed with `context`.
    [[noreturn]] void raise(int code, std::string_view context) const;

  private:
    sqlite3* db_ = nullptr;
    std::string path_;
};

class Statement {
  public:
    Statement(Database& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;

    // Parameters are 1-based, as in SQLite.
    template <std::integral T>
    Statement& bind(int index, T value) {
        return bind_int64(index, static_cast<std::int64_t>(value));
    }
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const std::string& value) {
        return bind(index, std::string_view(value));
    }
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, std::nullopt_t);
    // Binds bytes as a BLOB (Statement::bind binds text).
    Statement& bind_blob(int index, std::string_view bytes);
    // Binds column `column` of `row`'s current row as it is (any type): copies between files.
    Statement& bind_column(int index, const Statement& row, int column);
    // As bind_column, but text and blobs are not copied: the bytes stay `row`'s, so the caller
    // runs this statement before `row` steps again (the merge's copy loop: ten copies a game
    // fewer); reset() clears the bindings.
    Statement& bind_column_borrowed(int index, const Statement& row, int column);
    template <typename T>
    Statement& bind(int index, const std::optional<T>& value) {
        return value ? bind(index, *value) : bind(index, std::nullopt);
    }

    // True while a row is available; false once the statement is done.
    bool step();
    // Steps a statement that returns no rows.
    void run();
    // Makes the statement ready to run again and clears its bindings.
    void reset();

    // Columns are 0-based, as in SQLite.
    bool is_null(int column) const;
    std::int64_t int64(int column) const;
    int int32(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    // The bytes of a BLOB (or text) column, valid until the next step or reset.
    std::string_view blob(int column) const;
    std::optional<std::int64_t> optional_int64(int column) const;
    std::optional<double> optional_real(int column) const;

  private:
    Statement& bind_int64(int index, std::int64_t value);
    void check_bind(int rc, int index);

    Database* db_ = nullptr;
    sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN ... COMMIT; the destructor rolls back when commit() was not reached (an exception, an
// early return). Immediate takes the write lock at once, so two writers wait on the busy timeout
// instead of failing on a lock upgrade.
class Transaction {
  public:
    enum class Kind { Deferred, Immediate };
    explicit Transaction(Database& db, Kind kind = Kind::Immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

  private:
    Database& db_;
    bool open_ = true;
};

}  // namespace oaq::store
