// Test helpers for driving the engine kit's protocol loop in-process. run_script() plays a whole
// session from a string (the loop lets the last limited search finish at the end of input).
// LiveSession runs the loop on a thread with an input that blocks until the test sends a line and
// an output the test can wait on, for what happens *during* a search (stop, isready).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "kit/engine.hpp"
#include "kit/protocol_loop.hpp"

namespace oaq::test {

std::vector<std::string> split_lines(const std::string& text);

// The whole output of a scripted session, one entry per line.
std::vector<std::string> run_script(kit::Engine& engine, const std::string& script);

// The move of the last `bestmove` line, or "" when there is none.
std::string last_bestmove(const std::vector<std::string>& lines);

// An input stream buffer whose reads block until a line is pushed or the input is closed.
class BlockingInput : public std::streambuf {
  public:
    void push(const std::string& line);
    void close();

  protected:
    int_type underflow() override;

  private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<char> pending_;
    bool closed_ = false;
    char current_ = 0;
};

// An output stream buffer that records lines and lets a test wait for one.
class RecordingOutput : public std::streambuf {
  public:
    // Waits up to `timeout` for a line starting with `prefix`, searching from line `from`; returns
    // its index.
    std::optional<std::size_t> wait_for(const std::string& prefix,
                                        std::chrono::milliseconds timeout, std::size_t from = 0);
    std::vector<std::string> lines();

  protected:
    int_type overflow(int_type ch) override;

  private:
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<std::string> lines_;
    std::string partial_;
};

class LiveSession {
  public:
    explicit LiveSession(kit::Engine& engine);
    ~LiveSession();
    LiveSession(const LiveSession&) = delete;
    LiveSession& operator=(const LiveSession&) = delete;

    void send(const std::string& line) { input_.push(line); }
    std::optional<std::size_t> wait_for(
        const std::string& prefix, std::chrono::milliseconds timeout = std::chrono::seconds(10),
        std::size_t from = 0) {
        return output_.wait_for(prefix, timeout, from);
    }
    std::vector<std::string> lines() { return output_.lines(); }

  private:
    BlockingInput input_;
    RecordingOutput output_;
    std::istream in_{&input_};
    std::ostream out_{&output_};
    std::thread loop_;
};

}  // namespace oaq::test
