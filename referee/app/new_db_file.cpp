#include "app/new_db_file.hpp"

#include <filesystem>
#include <system_error>

namespace oaq::app {

NewDbFile::NewDbFile(const std::optional<std::string>& path) {
    std::error_code ec;
    // symlink_status: a dangling link is a name someone chose, not a file of ours to remove.
    if (path && !std::filesystem::exists(std::filesystem::symlink_status(*path, ec))) path_ = path;
}

NewDbFile::~NewDbFile() {
    if (!path_) return;
    // The store is closed by now (declared after this guard); its journal and WAL files go too.
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        std::filesystem::remove(*path_ + suffix, ec);
}

}  // namespace oaq::app
