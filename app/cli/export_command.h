#pragma once
// `tangent export SCENE.json -o OUT.png|OUT.svg`: a figure of the scene, exactly as the canvas
// draws it, with no display needed (PNG goes through Mesa's offscreen EGL).

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

namespace tangent::cli {

struct ExportOptions {
    std::filesystem::path scene;
    std::filesystem::path output;
    int width = 1600;    ///< output pixels (PNG) or units (SVG)
    int height = 1000;
    double scale = 1.0;  ///< output pixels per canvas pixel: lines and text grow with it
    /// Output pixels an inch on a page: the PNG says so (96 when not given); the SVG, given it,
    /// gives its size in inches
    std::optional<double> dpi;
    std::optional<double> time;      ///< the moment drawn (default: the scene's current time)
    std::optional<std::string> theme;  ///< dark, light or print (default: the scene's)
    bool transparent = false;
    bool caption = false;  ///< the scene's caption along the bottom
    bool plot = false;     ///< the time plot of f(t) instead of the canvas
    bool gap = false;      ///< with plot: the gap |Δp + tΔv| - R instead of f(t)
    std::optional<bool> relative;  ///< the relative frame on or off (default: the scene's)
    bool fit = false;  ///< frame the scene as F does, not by the view it saved
    /// No "t = …" in the corner (by default there is one with --time, or where the time is not 0).
    bool no_time_stamp = false;
    /// The question alone, for an exam or a class asked first (PictureInput::answers false).
    bool no_answers = false;
    /// The scene's warnings are errors: exit 2, nothing written.
    bool strict = false;
};

/// Exit code 0; 2 with one line on `err` for a bad argument, scene or output path; 1 when
/// OpenGL cannot start. Writes nothing on failure (PNG and SVG are written atomically).
int run_export(const ExportOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tangent::cli
