#pragma once
// A figure: the picture rendered offscreen with its text, at any size up to 8192 x 8192, as
// `tangent export` writes it and as the window's File > Export Figure and F12 save it.

#include <filesystem>
#include <optional>

#include "core/result.h"
#include "draw/picture.h"
#include "image.h"
#include "shape_renderer.h"

namespace tangent {

struct FigureOptions {
    int width = 1600;          ///< output pixels
    int height = 1000;
    bool transparent = false;  ///< no background: alpha 0 where nothing is drawn
    int samples = 4;           ///< multisampling per tile
};

/// Renders `picture` (whose view.size_px is the canvas in canvas pixels; the pixel ratio is
/// width / view.size_px.x) with its labels. Needs a current OpenGL 3.3 context. Text is set in
/// a Dear ImGui context of its own, created and destroyed here, so that a window's own ImGui
/// context is left as it was.
[[nodiscard]] Result<Image> render_figure(ShapeRenderer& renderer, const Picture& picture, const FigureOptions& options);

/// Encodes `image` as PNG and writes it atomically; the error names the path.
[[nodiscard]] std::optional<Error> write_png(const Image& image, const std::filesystem::path& path);

/// A figure file: what `tangent export` and the window's Export Figure and F12 write.
struct FigureFile {
    std::filesystem::path path;
    bool svg = false;           ///< vector SVG (no OpenGL needed), else PNG
    int width = 1600;           ///< output pixels (PNG) or units (SVG)
    int height = 1000;
    double pixel_ratio = 1.0;   ///< output pixels per canvas pixel
    bool transparent = false;
    std::string title;          ///< the SVG's <title>
};

/// Writes `picture` as `file` says, atomically. A PNG needs `renderer` (a current GL context);
/// an SVG ignores it.
[[nodiscard]] std::optional<Error> write_figure(ShapeRenderer* renderer, const Picture& picture, const FigureFile& file);

}  // namespace tangent
