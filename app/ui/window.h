#pragma once
// The desktop window: SDL2 + OpenGL 3.3 + Dear ImGui, set up, looped and torn down the way
// Dear ImGui's example_sdl_opengl3 does it.

#include <imgui.h>

#include <filesystem>
#include <optional>

#include <glm/vec2.hpp>

#include "scene/scene.h"

namespace tangent::ui {

struct WindowOptions {
    std::optional<std::filesystem::path> scene;         ///< open this scene file
    std::optional<std::filesystem::path> save_on_exit;  ///< write the scene here on close
    glm::ivec2 size{1280, 800};                          ///< window size in screen coordinates
    /// Whether `size` was asked for (--size); if not, a display too small for it gets a window
    /// that fits it, maximized.
    bool size_given = false;
    std::optional<int> bench_frames;                     ///< render this many frames, print the frame times, exit
    /// After the first frame, write where the canvas is and how it maps the world (JSON), so
    /// that a test driving the window with a pointer knows where to point.
    std::optional<std::filesystem::path> report_layout;
    /// Once the window has settled (after a few frames), write what it shows, panels and all,
    /// to this PNG and close: a screenshot of the real window for documentation and tests.
    std::optional<std::filesystem::path> screenshot;
    bool vsync = true;
    bool hide_answers = false;  ///< start with the answers hidden (H)
    /// Start the guided tour in presentation mode: the given tour file, or the built-in tour when
    /// the path is empty.
    std::optional<std::filesystem::path> tour;
};

/// Sets Dear ImGui's style for the panels in this theme at this UI scale (colours, opaque
/// windows, square corners; the muted text readable on a projector).
void apply_style(Theme theme, float scale);

/// The red of a refused value, an error notice or a failed save, readable on the current style's
/// windows: light on the dark theme's, dark (5:1 and more) on the light ones'.
[[nodiscard]] ImVec4 error_text_color();

/// Runs the window until it is closed. Returns the process exit code: 0, or 1 with a message on
/// stderr when there is no display or the window or OpenGL cannot start.
int run_window(const WindowOptions& options);

}  // namespace tangent::ui
