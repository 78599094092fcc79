#include "child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace tangent::test {

namespace {

std::string variable_name(const std::string& entry) { return entry.substr(0, entry.find('=')); }

std::vector<std::string> child_environment(const std::vector<std::string>& changes) {
    std::vector<std::string> result;
    for (char** e = environ; *e; ++e) {
        const std::string entry = *e;
        bool changed = false;
        for (const std::string& change : changes) changed = changed || variable_name(change) == variable_name(entry);
        if (!changed) result.push_back(entry);
    }
    for (const std::string& change : changes)
        if (change.find('=') + 1 < change.size()) result.push_back(change);
    return result;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
    std::vector<char*> result;
    for (std::string& s : strings) result.push_back(s.data());
    result.push_back(nullptr);
    return result;
}

}  // namespace

ChildProcess::ChildProcess(const Options& options) : log_path_(options.log_path) {
    if (options.argv.empty()) throw std::invalid_argument("ChildProcess: empty argv");
    // everything the child needs is made before fork: after it, only async-signal-safe calls
    std::vector<std::string> args = options.argv;
    std::vector<std::string> env = child_environment(options.environment);
    std::vector<char*> arg_pointers = pointers(args);
    std::vector<char*> env_pointers = pointers(env);
    const std::string log = options.log_path.empty() ? std::string("/dev/null") : options.log_path;
    const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) throw std::runtime_error("ChildProcess: cannot open " + log);
    const std::string out = options.stdout_path.empty() ? log : options.stdout_path;
    const int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out_fd < 0) {
        ::close(log_fd);
        throw std::runtime_error("ChildProcess: cannot open " + out);
    }

    const pid_t parent = ::getpid();
    pid_ = ::fork();
    if (pid_ < 0) {
        ::close(log_fd);
        ::close(out_fd);
        throw std::runtime_error("ChildProcess: fork failed");
    }
    if (pid_ == 0) {
        ::setpgid(0, 0);  // its own process group, so that stop() reaches anything it starts
        // and it ends with the test even when the test cannot clean up (killed on a timeout)
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);
        const int devnull = ::open("/dev/null", O_RDONLY);
        if (devnull >= 0) ::dup2(devnull, 0);
        ::dup2(out_fd, 1);
        ::dup2(log_fd, 2);
        if (options.pass_as_fd3 >= 0) {
            if (options.pass_as_fd3 == 3) {
                ::fcntl(3, F_SETFD, 0);  // dup2 onto itself would keep close-on-exec
            } else {
                ::dup2(options.pass_as_fd3, 3);
            }
        }
        ::execve(arg_pointers[0], arg_pointers.data(), env_pointers.data());
        ::_exit(127);
    }
    ::setpgid(pid_, pid_);  // also from here, whichever runs first
    ::close(log_fd);
    ::close(out_fd);
}

ChildProcess::~ChildProcess() { stop(); }

std::optional<int> ChildProcess::poll_exit() {
    if (exit_code_ || pid_ <= 0) return exit_code_;
    int status = 0;
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    } else if (done < 0 && errno == ECHILD) {
        exit_code_ = -1;
    }
    return exit_code_;
}

std::optional<int> ChildProcess::wait_for_exit(std::chrono::milliseconds timeout) {
    wait_until([&] { return poll_exit().has_value(); }, timeout);
    return exit_code_;
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    if (pid_ <= 0 || poll_exit()) return;
    ::kill(-pid_, SIGTERM);
    ::kill(pid_, SIGTERM);
    if (wait_for_exit(grace)) return;
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exit_code_ = -1;
}

void sleep_ms(int milliseconds) { std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds)); }

}  // namespace tangent::test
