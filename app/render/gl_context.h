#pragma once
// An OpenGL 3.3 core context with no window on screen: SDL2's offscreen video driver over Mesa's
// EGL, for PNG export and the tests. Works with no DISPLAY.

#include <memory>
#include <string>

#include "core/result.h"

struct SDL_Window;

namespace tangent {

class HeadlessGl {
public:
    /// Starts SDL's video subsystem on the offscreen driver, opens a hidden 16x16 window and makes a
    /// GL 3.3 core context current on this thread. If SDL video is already running (the window app),
    /// its driver is used as it is.
    static Result<std::unique_ptr<HeadlessGl>> create();
    ~HeadlessGl();
    HeadlessGl(const HeadlessGl&) = delete;
    HeadlessGl& operator=(const HeadlessGl&) = delete;

private:
    HeadlessGl() = default;
    bool video_started_ = false;
    SDL_Window* window_ = nullptr;
    void* context_ = nullptr;  ///< SDL_GLContext
};

/// "GL_INVALID_OPERATION (0x0502)" and the like, for error messages.
[[nodiscard]] std::string gl_error_text(unsigned int gl_error);

}  // namespace tangent
