// A --db file a run creates: when the run is refused before anything is stored in it (a bad
// opening book, an engine that does not start, no saved ratings to seed by), the command removes
// the file again, with SQLite's side files, so a refusal leaves the directory as it was. A file
// that was there before the command is never touched, and once the run is stored (keep()) the
// file stays whatever happens next.
#pragma once

#include <optional>
#include <string>

namespace oaq::app {

class NewDbFile {
  public:
    // `path`: the run's --db (nullopt: memory, nothing to do). Looks once, before the store opens.
    explicit NewDbFile(const std::optional<std::string>& path);
    // Removes the file unless it existed before or keep() was called. Never throws.
    ~NewDbFile();
    NewDbFile(const NewDbFile&) = delete;
    NewDbFile& operator=(const NewDbFile&) = delete;

    // The run is in the file: it stays.
    void keep() { path_.reset(); }

  private:
    std::optional<std::string> path_;  // set while the file is this command's and holds no run
};

}  // namespace oaq::app
