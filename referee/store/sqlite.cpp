#include "store/sqlite.hpp"

#include <sqlite3.h>

#include <cctype>
#include <utility>

namespace oaq::store {

bool SqliteError::is_constraint() const {
    return (code_ & 0xff) == SQLITE_CONSTRAINT;
}
bool SqliteError::is_unique_violation() const {
    return code_ == SQLITE_CONSTRAINT_UNIQUE || code_ == SQLITE_CONSTRAINT_PRIMARYKEY;
}
bool SqliteError::is_not_a_database() const {
    int primary = code_ & 0xff;
    return primary == SQLITE_NOTADB || primary == SQLITE_CORRUPT;
}

bool SqliteError::is_busy() const {
    int primary = code_ & 0xff;
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}
bool SqliteError::is_not_writable() const {
    int primary = code_ & 0xff;
    return primary == SQLITE_READONLY || primary == SQLITE_CANTOPEN;
}

// ---- Database ------------------------------------------------------------------------------

namespace {

// `path` as a file: URI (RFC 3986 percent-encoding of everything but unreserved characters and
// '/'), so any file name survives the query string.
std::string file_uri(const std::string& path, const char* query) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string uri = "file:";
    for (char ch : path) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
            uri += ch;
        } else {
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        }
    }
    return uri + "?" + query;
}

}  // namespace

Database::Database(const std::string& path, Mode mode) : path_(path) {
    int flags = SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX;
    std::string name = path;
    switch (mode) {
        case Mode::ReadWriteCreate:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
            break;
        case Mode::ReadWrite:
            flags |= SQLITE_OPEN_READWRITE;
            break;
        case Mode::ReadOnly:
            flags |= SQLITE_OPEN_READONLY;
            break;
        case Mode::Immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
            name = file_uri(path, "immutable=1");
            break;
    }
    int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        std::string reason = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        db_ = nullptr;
        throw SqliteError(rc, path + ": " + reason, reason);
    }
    sqlite3_extended_result_codes(db_, 1);
}

Database Database::memory_copy(Database& from) {
    Database copy(":memory:", Mode::ReadWriteCreate);
    copy.path_ = from.path_;
    sqlite3_backup* backup = sqlite3_backup_init(copy.db_, "main", from.db_, "main");
    if (!backup) copy.raise(sqlite3_extended_errcode(copy.db_), "copying it into memory");
    const int rc = sqlite3_backup_step(backup, -1);
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) from.raise(rc, "copying it into memory");
    return copy;
}

Database::~Database() {
    // Every Statement is finalized before its Database goes (the Store declares them after it),
    // so sqlite3_close cannot fail with SQLITE_BUSY here.
    if (db_) sqlite3_close(db_);
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

Database& Database::operator=(Database&& other) noexcept {
    if (this != &other) {
        if (db_) sqlite3_close(db_);
        db_ = std::exchange(other.db_, nullptr);
        path_ = std::move(other.path_);
    }
    return *this;
}

void Database::exec(std::string_view sql) {
    std::string text(sql);  // sqlite3_exec needs a terminated string
    char* message = nullptr;
    int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        std::string reason = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        throw SqliteError(sqlite3_extended_errcode(db_), path_ + ": " + reason, reason);
    }
}

void Database::set_busy_timeout(std::chrono::milliseconds timeout) {
    sqlite3_busy_timeout(db_, static_cast<int>(timeout.count()));
}

std::int64_t Database::last_insert_rowid() const {
    return sqlite3_last_insert_rowid(db_);
}

bool Database::in_transaction() const {
    return sqlite3_get_autocommit(db_) == 0;
}

void Database::raise(int code, std::string_view context) const {
    std::string message = path_ + ": ";
    if (!context.empty()) message.append(context).append(": ");
    std::string reason = sqlite3_errmsg(db_);
    throw SqliteError(code, message + reason, reason);
}

// ---- Statement -----------------------------------------------------------------------------

Statement::Statement(Database& db, std::string_view sql) : db_(&db) {
    int rc = sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                                SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
    if (rc != SQLITE_OK) db.raise(rc, "preparing a statement");
}

Statement::~Statement() {
    if (stmt_) sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
    if (this != &other) {
        if (stmt_) sqlite3_finalize(stmt_);
        db_ = other.db_;
        stmt_ = std::exchange(other.stmt_, nullptr);
    }
    return *this;
}

void Statement::check_bind(int rc, int index) {
    if (rc != SQLITE_OK) db_->raise(rc, "binding parameter " + std::to_string(index));
}

Statement& Statement::bind_int64(int index, std::int64_t value) {
    check_bind(sqlite3_bind_int64(stmt_, index, value), index);
    return *this;
}

Statement& Statement::bind(int index, double value) {
    check_bind(sqlite3_bind_double(stmt_, index, value), index);
    return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
    // SQLITE_TRANSIENT: SQLite copies the text, so the caller's buffer may go away before step().
    // A default string_view has no data pointer, which SQLite would bind as NULL, not as ''.
    const char* data = value.data() ? value.data() : "";
    check_bind(sqlite3_bind_text64(stmt_, index, data, value.size(), SQLITE_TRANSIENT, SQLITE_UTF8),
               index);
    return *this;
}

Statement& Statement::bind(int index, std::nullopt_t) {
    check_bind(sqlite3_bind_null(stmt_, index), index);
    return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
    // A zero-length blob is bound as such, not as NULL (a default string_view has no pointer).
    const void* data = bytes.data() ? bytes.data() : "";
    check_bind(sqlite3_bind_blob64(stmt_, index, data, bytes.size(), SQLITE_TRANSIENT), index);
    return *this;
}

Statement& Statement::bind_column(int index, const Statement& row, int column) {
    check_bind(sqlite3_bind_value(stmt_, index, sqlite3_column_value(row.stmt_, column)), index);
    return *this;
}

Statement& Statement::bind_column_borrowed(int index, const Statement& row, int column) {
    sqlite3_stmt* from = row.stmt_;
    int rc = SQLITE_OK;
    switch (sqlite3_column_type(from, column)) {
        case SQLITE_INTEGER:
            rc = sqlite3_bind_int64(stmt_, index, sqlite3_column_int64(from, column));
            break;
        case SQLITE_FLOAT:
            rc = sqlite3_bind_double(stmt_, index, sqlite3_column_double(from, column));
            break;
        case SQLITE_TEXT: {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(from, column));
            const auto size = static_cast<sqlite3_uint64>(sqlite3_column_bytes(from, column));
            rc = sqlite3_bind_text64(stmt_, index, text, size, SQLITE_STATIC, SQLITE_UTF8);
            break;
        }
        case SQLITE_BLOB: {
            const void* bytes = sqlite3_column_blob(from, column);
            const auto size = static_cast<sqlite3_uint64>(sqlite3_column_bytes(from, column));
            // An empty blob comes back as a null pointer, which would bind NULL.
            rc = bytes ? sqlite3_bind_blob64(stmt_, index, bytes, size, SQLITE_STATIC)
                       : sqlite3_bind_zeroblob(stmt_, index, 0);
            break;
        }
        default:
            rc = sqlite3_bind_null(stmt_, index);
    }
    check_bind(rc, index);
    return *this;
}

bool Statement::step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    // The statement must be reset before it can run again, whatever the caller does next.
    sqlite3_reset(stmt_);
    db_->raise(rc, "");
}

void Statement::run() {
    while (step()) {
    }
}

void Statement::reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int column) const {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t Statement::int64(int column) const {
    return sqlite3_column_int64(stmt_, column);
}

int Statement::int32(int column) const {
    return sqlite3_column_int(stmt_, column);
}

double Statement::real(int column) const {
    return sqlite3_column_double(stmt_, column);
}

std::string_view Statement::blob(int column) const {
    const void* data = sqlite3_column_blob(stmt_, column);
    if (!data) return {};
    return {static_cast<const char*>(data),
            static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))};
}

std::string Statement::text(int column) const {
    const unsigned char* data = sqlite3_column_text(stmt_, column);
    if (!data) return {};
    auto size = static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column));
    return std::string(reinterpret_cast<const char*>(data), size);
}

std::optional<std::int64_t> Statement::optional_int64(int column) const {
    if (is_null(column)) return std::nullopt;
    return int64(column);
}

std::optional<double> Statement::optional_real(int column) const {
    if (is_null(column)) return std::nullopt;
    return real(column);
}

// ---- Transaction ---------------------------------------------------------------------------

Transaction::Transaction(Database& db, Kind kind) : db_(db) {
    db_.exec(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN");
}

Transaction::~Transaction() {
    if (!open_) return;
    // A failed statement may already have ended the transaction (SQLite rolls back on some
    // errors, e.g. SQLITE_FULL); only roll back what is still open. Never throw from here.
    if (db_.in_transaction()) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    db_.exec("COMMIT");
    open_ = false;
}

}  // namespace oaq::store
