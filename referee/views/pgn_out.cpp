#include "views/pgn_out.hpp"

#include "common/error.hpp"
#include "views/export_games.hpp"
#include "views/results_json.hpp"

namespace oaq::views {

PgnOut::PgnOut(const std::string& path)
    : path_(path), out_(path, std::ios::binary | std::ios::app) {
    if (!out_) throw OaqError("--pgnout: cannot write " + path);
}

void PgnOut::run_started(const tournament::RunStarted& e) {
    name_ = e.name;
}

void PgnOut::game_finished(const tournament::GameFinished& e) {
    if (e.aborted) return;
    const auto& p = e.pairing;
    out_ << pgn_game(game_number(name_, p.game_index, p.pair_index, p.round),
                     store::stored_record(e.record));
    if (!out_.flush()) throw OaqError("--pgnout: cannot write " + path_);
}

void RunObservers::run_started(const tournament::RunStarted& e) {
    for (auto* o : observers_) o->run_started(e);
}
void RunObservers::game_started(const tournament::GameStarted& e) {
    for (auto* o : observers_) o->game_started(e);
}
void RunObservers::game_finished(const tournament::GameFinished& e) {
    for (auto* o : observers_) o->game_finished(e);
}
void RunObservers::standings_due(const tournament::StandingsDue& e) {
    for (auto* o : observers_) o->standings_due(e);
}
void RunObservers::run_finished(const tournament::RunFinished& e) {
    for (auto* o : observers_) o->run_finished(e);
}
bool RunObservers::wants_live() const {
    for (auto* o : observers_) {
        if (o->wants_live()) return true;
    }
    return false;
}
void RunObservers::position_reached(const tournament::PositionReached& e) {
    for (auto* o : observers_) {
        if (o->wants_live()) o->position_reached(e);
    }
}
void RunObservers::info_received(const tournament::InfoReceived& e) {
    for (auto* o : observers_) {
        if (o->wants_live()) o->info_received(e);
    }
}
void RunObservers::standings_changed(const tournament::StandingsDue& e) {
    for (auto* o : observers_) {
        if (o->wants_live()) o->standings_changed(e);
    }
}

}  // namespace oaq::views
