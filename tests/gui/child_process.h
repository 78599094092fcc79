#pragma once
// A program running in the background while a test drives it (Xvfb, the tangent window): started
// with fork/exec, its output going to a log file, and never left behind: the destructor ends it.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace tangent::test {

class ChildProcess {
public:
    struct Options {
        std::vector<std::string> argv;
        /// "NAME=value" entries added to this process's environment; "NAME=" removes NAME.
        std::vector<std::string> environment;
        /// stdout and stderr of the child go here (appended); /dev/null when empty.
        std::string log_path;
        /// When set, stdout goes here instead (so that stderr alone is in log_path).
        std::string stdout_path;
        /// When >= 0: this descriptor of ours becomes descriptor 3 in the child (Xvfb -displayfd 3).
        int pass_as_fd3 = -1;
    };

    explicit ChildProcess(const Options& options);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    [[nodiscard]] pid_t pid() const { return pid_; }
    [[nodiscard]] const std::string& log_path() const { return log_path_; }
    /// The exit code (or -1 after a signal) once it has ended, checking without waiting.
    std::optional<int> poll_exit();
    /// Waits up to `timeout` for the child to end; its exit code, or nullopt if it still runs.
    std::optional<int> wait_for_exit(std::chrono::milliseconds timeout);
    /// SIGTERM, then SIGKILL if it has not ended within `grace`; waits for it. Safe to repeat.
    void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));

private:
    pid_t pid_ = -1;
    std::optional<int> exit_code_;
    std::string log_path_;
};

/// Polls `condition` every 10 ms until it holds or `timeout` passes; returns its last value.
template <class Condition>
bool wait_until(Condition condition, std::chrono::milliseconds timeout);

void sleep_ms(int milliseconds);

}  // namespace tangent::test

#include <thread>

template <class Condition>
bool tangent::test::wait_until(Condition condition, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        if (condition()) return true;
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}
