#include "app/progress.hpp"

#include <sys/resource.h>
#include <iostream>

namespace oaq::app {

namespace {

// One write of the lines, then a flush: a person or a script reads each event as it happens.
void print(const std::string& lines) {
    std::cout << lines << std::flush;
}

// The referee's own cost, engines excluded (RUSAGE_SELF does not count children).
views::RefereeCost referee_cost() {
    rusage self{};
    ::getrusage(RUSAGE_SELF, &self);
    const double cpu = static_cast<double>(self.ru_utime.tv_sec + self.ru_stime.tv_sec) +
                       static_cast<double>(self.ru_utime.tv_usec + self.ru_stime.tv_usec) / 1e6;
    return {cpu, static_cast<std::int64_t>(self.ru_maxrss)};
}

}  // namespace

void Progress::run_started(const tournament::RunStarted& e) {
    print(lines_.run_started(e));
}

void Progress::game_started(const tournament::GameStarted& e) {
    print(lines_.game_started(e));
}

void Progress::warning(const std::string& engine, const std::string& message) const {
    // One write of the whole line: workers prepare engines outside the run's lock.
    print(lines_.warning(engine, message));
}

void Progress::game_finished(const tournament::GameFinished& e) {
    print(lines_.game_finished(e));
}

void Progress::standings_due(const tournament::StandingsDue& e) {
    print(lines_.standings_due(e));
}

void Progress::run_finished(const tournament::RunFinished& e) {
    print(lines_.run_finished(e, referee_cost()));
}

}  // namespace oaq::app
