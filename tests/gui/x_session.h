#pragma once
// A private X server (Xvfb) for one test, and the user's hands on it (xdotool) and eyes (xwd).

#include <memory>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "child_process.h"
#include "xwd_image.h"

namespace tangent::test {

/// The full path of `program` found on PATH, or "" when it is not there.
std::string find_on_path(const std::string& program);

class XvfbServer {
public:
    /// Starts Xvfb on a display it picks itself (-displayfd), screen `width`x`height`x24; throws
    /// with Xvfb's log when it does not come up within `timeout`.
    /// `dpi` > 0: the screen's dots an inch (Xvfb -dpi; its own default is 100).
    XvfbServer(const std::string& log_path, int width, int height,
               std::chrono::milliseconds timeout = std::chrono::milliseconds(15000), int dpi = 0);
    /// Ends the server (and so every client still connected to it).
    ~XvfbServer() = default;

    /// ":N"
    [[nodiscard]] const std::string& display() const { return display_; }
    /// "DISPLAY=:N" plus the entries that keep a client on this display (no Wayland, SDL on X11).
    [[nodiscard]] std::vector<std::string> client_environment() const;

    /// Runs xdotool with these arguments (one command chain); throws with its stderr on failure.
    void xdotool(const std::vector<std::string>& arguments) const;
    /// The whole screen, via xwd -root.
    [[nodiscard]] RgbImage screenshot() const;

private:
    std::unique_ptr<ChildProcess> server_;
    std::string display_;
    std::string xdotool_path_;
    std::string xwd_path_;
};

/// The left-button drag a user makes: press at `from`, move there in `steps` even steps with a
/// pause after each (so the application sees the motion frame by frame), release at `to`.
/// Screen pixels, rounded to whole pixels.
void drag(const XvfbServer& x, glm::dvec2 from, glm::dvec2 to, int steps = 8, int pause_ms = 40);

}  // namespace tangent::test
