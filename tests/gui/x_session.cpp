#include "x_session.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "support/process.h"

namespace tangent::test {

std::string find_on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return "";
}

namespace {

std::string required_tool(const std::string& program, const std::string& package) {
    std::string path = find_on_path(program);
    if (path.empty()) throw std::runtime_error(program + " is not installed (package " + package + "; see scripts/install-deps.sh)");
    return path;
}

/// Reads what Xvfb writes to its -displayfd: the display number and a newline.
std::string read_display_number(int fd, ChildProcess& server, std::chrono::milliseconds timeout) {
    std::string text;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (text.find('\n') == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0 || server.poll_exit()) break;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 100))) <= 0) continue;
        char buffer[64];
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    const auto end = text.find('\n');
    if (end == std::string::npos || end == 0 || text.find_first_not_of("0123456789") != end) return "";
    return text.substr(0, end);
}

}  // namespace

XvfbServer::XvfbServer(const std::string& log_path, int width, int height, std::chrono::milliseconds timeout, int dpi) {
    const std::string xvfb = required_tool("Xvfb", "xvfb");
    xdotool_path_ = required_tool("xdotool", "xdotool");
    xwd_path_ = required_tool("xwd", "x11-apps");

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
    ChildProcess::Options options;
    options.argv = {xvfb, "-displayfd", "3", "-screen", "0", std::to_string(width) + "x" + std::to_string(height) + "x24",
                    "-nolisten", "tcp", "-noreset"};
    if (dpi > 0) options.argv.insert(options.argv.end(), {"-dpi", std::to_string(dpi)});
    options.log_path = log_path;
    options.pass_as_fd3 = fds[1];
    try {
        server_ = std::make_unique<ChildProcess>(options);
    } catch (...) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw;
    }
    ::close(fds[1]);
    const std::string number = read_display_number(fds[0], *server_, timeout);
    ::close(fds[0]);
    if (number.empty()) {
        server_->stop();
        throw std::runtime_error("Xvfb did not start (no display number on -displayfd within " +
                                 std::to_string(timeout.count()) + " ms); its log:\n" + read_file(log_path));
    }
    display_ = ":" + number;
}

std::vector<std::string> XvfbServer::client_environment() const {
    return {"DISPLAY=" + display_, "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER=x11", "XAUTHORITY="};
}

void XvfbServer::xdotool(const std::vector<std::string>& arguments) const {
    std::vector<std::string> argv{xdotool_path_};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    const ProcessResult result = run_process(argv, client_environment());
    if (result.exit_code != 0) {
        std::string command = "xdotool";
        for (const std::string& a : arguments) command += " " + a;
        throw std::runtime_error(command + " failed (exit " + std::to_string(result.exit_code) + "): " + result.err);
    }
}

RgbImage XvfbServer::screenshot() const {
    const ProcessResult result = run_process({xwd_path_, "-root", "-silent"}, client_environment());
    if (result.exit_code != 0)
        throw std::runtime_error("xwd -root failed (exit " + std::to_string(result.exit_code) + "): " + result.err);
    return parse_xwd(result.out);
}

void drag(const XvfbServer& x, glm::dvec2 from, glm::dvec2 to, int steps, int pause_ms) {
    const auto pixel = [](double v) { return std::to_string(static_cast<long long>(std::lround(v))); };
    const auto sleep = [](int ms) { return std::vector<std::string>{"sleep", std::to_string(ms / 1000.0)}; };
    // xdotool's mousemove warps the pointer (XWarpPointer), which makes no XInput2 raw motion
    // event, unlike a real mouse. SDL keeps the global pointer position it last read until a raw
    // event comes, and Dear ImGui's SDL backend reads that position: after warps alone the window
    // sees the button go down and up but the pointer stand still. Tangent now reads a warped pointer
    // from its own motion events (window.cpp; GuiTest.ADragByAWarpedPointerMovesTheBody drags by
    // warps alone); the drags here still press and release button 9 ("forward", which Tangent
    // ignores), a raw event, so that SDL reads the pointer afresh the way a real mouse has it.
    const auto move = [&](glm::dvec2 p) {
        return std::vector<std::string>{"mousemove", pixel(p.x), pixel(p.y), "mousedown", "9", "mouseup", "9"};
    };
    // Long pauses where a frame must see the pointer at rest: before the press (to pick the
    // handle under it), after it (the press lands where the handle was picked) and before the
    // release (the last position, with the button still down). 150 ms is several frames even
    // with software OpenGL on a busy machine.
    constexpr int kSettleMs = 150;
    std::vector<std::string> chain;
    const auto add = [&](const std::vector<std::string>& part) { chain.insert(chain.end(), part.begin(), part.end()); };
    add(move(from));
    add(sleep(kSettleMs));
    add({"mousedown", "1"});
    add(sleep(kSettleMs));
    for (int k = 1; k <= steps; ++k) {
        add(move(from + (to - from) * (static_cast<double>(k) / steps)));
        add(sleep(pause_ms));
    }
    add(sleep(kSettleMs));
    add({"mouseup", "1"});
    add(sleep(kSettleMs));
    x.xdotool(chain);  // one xdotool run: its own sleeps keep the steps evenly spaced
}

}  // namespace tangent::test
