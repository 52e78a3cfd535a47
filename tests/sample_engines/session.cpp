#include "session.hpp"

namespace oaq::test {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) out.push_back(line);
    return out;
}

std::vector<std::string> run_script(kit::Engine& engine, const std::string& script) {
    std::istringstream in(script);
    std::ostringstream out;
    kit::run_protocol(engine, in, out);
    return split_lines(out.str());
}

std::string last_bestmove(const std::vector<std::string>& lines) {
    for (auto it = lines.rbegin(); it != lines.rend(); ++it)
        if (it->rfind("bestmove ", 0) == 0) return it->substr(9);
    return "";
}

void BlockingInput::push(const std::string& line) {
    std::lock_guard lock(mutex_);
    for (char c : line) pending_.push_back(c);
    pending_.push_back('\n');
    ready_.notify_all();
}

void BlockingInput::close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_all();
}

BlockingInput::int_type BlockingInput::underflow() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [this] { return !pending_.empty() || closed_; });
    if (pending_.empty()) return traits_type::eof();
    current_ = pending_.front();
    pending_.pop_front();
    setg(&current_, &current_, &current_ + 1);
    return traits_type::to_int_type(current_);
}

std::optional<std::size_t> RecordingOutput::wait_for(const std::string& prefix,
                                                     std::chrono::milliseconds timeout,
                                                     std::size_t from) {
    std::unique_lock lock(mutex_);
    std::optional<std::size_t> found;
    changed_.wait_for(lock, timeout, [&] {
        for (std::size_t i = from; i < lines_.size(); ++i)
            if (lines_[i].rfind(prefix, 0) == 0) {
                found = i;
                return true;
            }
        return false;
    });
    return found;
}

std::vector<std::string> RecordingOutput::lines() {
    std::lock_guard lock(mutex_);
    return lines_;
}

RecordingOutput::int_type RecordingOutput::overflow(int_type ch) {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    std::lock_guard lock(mutex_);
    const char c = traits_type::to_char_type(ch);
    if (c == '\n') {
        lines_.push_back(partial_);
        partial_.clear();
        changed_.notify_all();
    } else {
        partial_.push_back(c);
    }
    return ch;
}

LiveSession::LiveSession(kit::Engine& engine)
    : loop_([this, &engine] { kit::run_protocol(engine, in_, out_); }) {}

LiveSession::~LiveSession() {
    input_.close();
    loop_.join();
}

}  // namespace oaq::test
