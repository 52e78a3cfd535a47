#include "fake_process.hpp"

#include <signal.h>

#include <algorithm>
#include <memory>

#include "common/error.hpp"

namespace oaq::engine::test {

namespace {

std::string_view first_word(std::string_view line) {
    auto begin = line.find_first_not_of(" \t");
    if (begin == std::string_view::npos) return {};
    auto end = line.find_first_of(" \t\r", begin);
    return line.substr(begin, end == std::string_view::npos ? end : end - begin);
}

}  // namespace

// ---- Reply -------------------------------------------------------------------------------------

Reply::Reply(FakeProcess& process, std::string line)
    : process_(process), line_(std::move(line)), at_(process.clock_.now()) {}

Reply& Reply::after(Clock::duration delay) {
    at_ += delay;
    return *this;
}

Reply& Reply::say(std::string_view line) {
    return write(std::string(line) + '\n');
}

Reply& Reply::write(std::string_view bytes) {
    process_.schedule(at_, {FakeProcess::Output::Kind::Bytes, std::string(bytes), {}, {}});
    return *this;
}

Reply& Reply::flood(std::string_view line, Clock::duration every) {
    // A flood needs time to pass between its lines, or the clock would never reach a deadline.
    every = std::max(every, Clock::duration(1));
    process_.schedule(at_, {FakeProcess::Output::Kind::Flood, std::string(line) + '\n', every, {}});
    return *this;
}

Reply& Reply::close_output() {
    process_.schedule(at_, {FakeProcess::Output::Kind::CloseOutput, {}, {}, {}});
    return *this;
}

Reply& Reply::close_input() {
    process_.schedule(at_, {FakeProcess::Output::Kind::CloseInput, {}, {}, {}});
    return *this;
}

Reply& Reply::exit(ExitStatus status) {
    process_.schedule(at_, {FakeProcess::Output::Kind::Exit, {}, {}, status});
    return *this;
}

Reply& Reply::stop_reading() {
    process_.schedule(at_, {FakeProcess::Output::Kind::StopReading, {}, {}, {}});
    return *this;
}

const std::vector<std::string>& Reply::heard() const {
    return process_.record_.heard;
}

// ---- FakeProcess -------------------------------------------------------------------------------

FakeProcess::FakeProcess(FakeEngine script, ManualClock& clock, FakeProcessRecord& record)
    : script_(std::move(script)), clock_(clock), record_(record) {
    if (script_.at_start) {
        Reply reply(*this, "");
        script_.at_start(reply);
    }
}

FakeProcess::~FakeProcess() {
    if (!reaped_) kill();
}

void FakeProcess::schedule(Clock::time_point at, Output output) {
    if (exit_) return;  // a dead process does nothing more
    pending_.emplace(at, std::move(output));
}

void FakeProcess::deliver_due() {
    while (!pending_.empty() && pending_.begin()->first <= clock_.now()) {
        const auto due = pending_.begin();
        const auto at = due->first;
        const Output& out = due->second;
        switch (out.kind) {
            case Output::Kind::Bytes:
                if (!output_closed_) lines_.append(out.bytes);
                break;
            case Output::Kind::Flood:
                if (output_closed_) break;
                // A full pipe blocks the writer: nothing it would write later arrives either.
                if (lines_.ready_lines() >= kPipeLines) return;
                lines_.append(out.bytes);
                pending_.emplace(at + out.every, out);
                break;
            case Output::Kind::CloseOutput:
                output_closed_ = true;
                break;
            case Output::Kind::CloseInput:
                input_closed_ = true;
                break;
            case Output::Kind::StopReading:
                reads_input_ = false;
                break;
            case Output::Kind::Exit:
                exit_ = out.status;
                output_closed_ = input_closed_ = true;
                pending_.clear();
                return;
        }
        pending_.erase(due);
    }
}

std::optional<Clock::time_point> FakeProcess::next_output() const {
    if (pending_.empty()) return std::nullopt;
    return pending_.begin()->first;
}

std::optional<Clock::time_point> FakeProcess::next_exit() const {
    for (const auto& [at, out] : pending_)
        if (out.kind == Output::Kind::Exit) return at;
    return std::nullopt;
}

void FakeProcess::hear(std::string line) {
    record_.heard.push_back(line);
    auto handler = script_.on.find(first_word(line));
    if (handler == script_.on.end() || !handler->second) return;
    Reply reply(*this, std::move(line));
    handler->second(reply);
}

WriteStatus FakeProcess::write_line(std::string_view text, Clock::time_point deadline) {
    deliver_due();
    if (input_closed_ || reaped_) return WriteStatus::Broken;
    if (!reads_input_) {
        // The pipe is full: the write waits for the deadline, unless the engine exits first.
        auto exit_at = next_exit();
        clock_.advance_to(exit_at && *exit_at <= deadline ? *exit_at : deadline);
        deliver_due();
        return input_closed_ ? WriteStatus::Broken : WriteStatus::Timeout;
    }
    record_.writes.emplace_back(text);
    std::size_t begin = 0;
    for (;;) {
        auto end = text.find('\n', begin);
        hear(std::string(text.substr(begin, end == std::string_view::npos ? end : end - begin)));
        if (end == std::string_view::npos) break;
        begin = end + 1;
        // What the engine did on reading one line happens before it reads the next.
        deliver_due();
        if (input_closed_ || !reads_input_) break;  // the rest stays unread in the pipe
    }
    deliver_due();
    return WriteStatus::Ok;
}

ReadResult FakeProcess::read_line(Clock::time_point deadline) {
    for (;;) {
        if (auto line = lines_.next()) {
            return {ReadStatus::Line, std::move(line->text), line->overlong, false};
        }
        if (output_closed_) {
            if (auto tail = lines_.finish()) {
                return {ReadStatus::Line, std::move(tail->text), tail->overlong, true};
            }
            return {ReadStatus::Eof, {}, false, false};
        }
        // What is due by now is read even past the deadline, as from a pipe holding it.
        auto next = next_output();
        if (!next || *next > std::max(deadline, clock_.now())) {
            clock_.advance_to(deadline);
            return {ReadStatus::Timeout, {}, false, false};
        }
        clock_.advance_to(*next);
        deliver_due();
    }
}

void FakeProcess::reap() {
    reaped_ = true;
    output_closed_ = input_closed_ = true;
    pending_.clear();
    record_.exit = exit_;
    record_.killed = killed_;
}

std::optional<ExitStatus> FakeProcess::poll_exit() {
    if (reaped_) return exit_;
    deliver_due();
    if (!exit_) return std::nullopt;
    reap();
    return exit_;
}

std::optional<ExitStatus> FakeProcess::wait_exit(Clock::time_point deadline) {
    if (reaped_) return exit_;
    deliver_due();
    if (!exit_) {
        auto exit_at = next_exit();
        clock_.advance_to(exit_at && *exit_at <= deadline ? *exit_at : deadline);
        deliver_due();
    }
    return poll_exit();
}

ExitStatus FakeProcess::stop(std::string_view quit_line, std::chrono::nanoseconds grace) {
    if (reaped_) return *exit_;
    if (!quit_line.empty()) {
        auto deadline = clock_.now() + grace;
        write_line(quit_line, deadline);
        if (auto status = wait_exit(deadline)) return *status;
    }
    return kill();
}

ExitStatus FakeProcess::kill() {
    if (!reaped_) {
        // As EngineProcess: a kill reaps whatever status the process has, and counts as a kill.
        killed_ = true;
        deliver_due();
        if (!exit_) exit_ = ExitStatus{true, SIGKILL};
        reap();
    }
    return *exit_;
}

// ---- FakeHost ----------------------------------------------------------------------------------

ProcessHost FakeHost::host() {
    ProcessHost host;
    host.launch = [this](const ProcessSpec& spec) -> std::unique_ptr<ProcessPort> {
        if (engine.cannot_start) throw OaqError(*engine.cannot_start);
        auto& record = processes_.emplace_back();
        record.spec = spec;
        record.pid = 1000 + static_cast<pid_t>(processes_.size()) - 1;
        return std::make_unique<FakeProcess>(engine, clock, record);
    };
    host.now = [this] { return clock.now(); };
    return host;
}

}  // namespace oaq::engine::test
