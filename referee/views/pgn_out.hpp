// PgnOut: `--pgnout FILE` of `oaq tournament` and `oaq match`, as cutechess-cli's -pgnout: every
// finished game is appended to FILE in PGN (views/export_games.hpp) and flushed as soon as it ends,
// so the file can be read (or fed to Ordo) while the run plays and holds every stored game if the
// run is killed. Aborted games are not written (resume plays them again, and they are not
// stored either). The text is exactly what `oaq results export --format pgn` writes for the game.
// RunObservers hands the run more than one observer (the app's progress lines and this).
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "tournament/run.hpp"

namespace oaq::views {

class PgnOut : public tournament::RunObserver {
  public:
    // Opens `path` for appending; throws OaqError when it cannot.
    explicit PgnOut(const std::string& path);

    void run_started(const tournament::RunStarted& e) override;
    // Throws OaqError when the game cannot be written (a full disk must not go unnoticed).
    void game_finished(const tournament::GameFinished& e) override;

  private:
    std::string path_;
    std::string name_;
    std::ofstream out_;
};

// Passes every event to each observer in turn.
class RunObservers : public tournament::RunObserver {
  public:
    explicit RunObservers(std::vector<tournament::RunObserver*> observers)
        : observers_(std::move(observers)) {}

    void run_started(const tournament::RunStarted& e) override;
    void game_started(const tournament::GameStarted& e) override;
    void game_finished(const tournament::GameFinished& e) override;
    void standings_due(const tournament::StandingsDue& e) override;
    void run_finished(const tournament::RunFinished& e) override;
    bool wants_live() const override;
    void position_reached(const tournament::PositionReached& e) override;
    void info_received(const tournament::InfoReceived& e) override;
    void standings_changed(const tournament::StandingsDue& e) override;

  private:
    std::vector<tournament::RunObserver*> observers_;
};

}  // namespace oaq::views
