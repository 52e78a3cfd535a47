#include "app/interrupts.hpp"

#include <signal.h>

#include <array>
#include <tuple>

#include "engine/engine_process.hpp"

namespace oaq::app {

namespace {

constexpr std::array<int, std::tuple_size_v<PreviousHandlers>> kStopSignals{SIGINT, SIGTERM,
                                                                            SIGHUP};

// The one process-wide state signal handlers may touch (lock-free atomics only).
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

// Ends the process by `signal` as if no handler had been installed (its usual exit status).
void die_by(int signal) {
    ::signal(signal, SIG_DFL);
    ::raise(signal);
}

extern "C" void on_stop_signal(int signal) {
    // A second signal while stopping means "now".
    if (g_stop.exchange(true)) {
        engine::kill_all_engines();
        die_by(signal);
        return;
    }
    g_signal = signal;
    // Ending the engines ends every handshake and search at once; the games end as aborted.
    engine::kill_all_engines();
}

extern "C" void on_end_signal(int signal) {
    engine::kill_all_engines();
    die_by(signal);
}

void install(void (*handler)(int), PreviousHandlers& previous) {
    for (std::size_t i = 0; i < kStopSignals.size(); ++i)
        previous[i] = ::signal(kStopSignals[i], handler);
}

void restore(const PreviousHandlers& previous) {
    for (std::size_t i = 0; i < kStopSignals.size(); ++i) ::signal(kStopSignals[i], previous[i]);
}

}  // namespace

void end_all_engines() noexcept {
    // Not from a signal handler (those kill the groups, async-signal-safe, and leave the rest to
    // this call on the way out): also the processes an engine moved out of its group, and reaps.
    engine::reap_and_kill_all();
}

StopRequest::StopRequest() {
    g_stop = false;
    g_signal = 0;
    install(on_stop_signal, previous_);
}

StopRequest::~StopRequest() {
    restore(previous_);
}

const std::atomic<bool>& StopRequest::flag() const {
    return g_stop;
}

void StopRequest::request() {
    g_stop = true;
}

int StopRequest::signal_number() const {
    return g_signal;
}

EndOnSignal::EndOnSignal() {
    install(on_end_signal, previous_);
}

EndOnSignal::~EndOnSignal() {
    restore(previous_);
}

}  // namespace oaq::app
