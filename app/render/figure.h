#pragma once
// A figure: the picture rendered offscreen with its text, at any size up to 8192 x 8192, as
// `tangent export` writes it and as the window's File > Export Figure and F12 save it.

#include <filesystem>
#include <optional>
#include <string_view>

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

/// Encodes `image` as PNG and writes it atomically; the error names the path. With `dpi`, the PNG
/// says how many pixels make an inch (its pHYs chunk, in pixels per metre), which a page layout
/// (LaTeX, a word processor) sizes it by; without, it says nothing and each reads its own default.
/// `title` and `description`, when given, go in as the PNG's Title and Description text (iTXt,
/// UTF-8). An image with no pixel less than opaque is written as RGB.
[[nodiscard]] std::optional<Error> write_png(const Image& image, const std::filesystem::path& path,
                                             std::optional<double> dpi = std::nullopt, std::string_view title = {},
                                             std::string_view description = {});

/// `bytes` (a whole PNG from its signature on) with a pHYs chunk of `dpi` after its header.
[[nodiscard]] std::string with_png_resolution(std::string bytes, double dpi);
/// `bytes` (a whole PNG) with an iTXt chunk of `keyword` (1 to 79 Latin-1 characters) and `text`
/// (UTF-8) before its image data.
[[nodiscard]] std::string with_png_text(std::string bytes, std::string_view keyword, std::string_view text);

/// A figure file: what `tangent export` and the window's Export Figure and F12 write.
struct FigureFile {
    std::filesystem::path path;
    bool svg = false;           ///< vector SVG (no OpenGL needed), else PNG
    int width = 1600;           ///< output pixels (PNG) or units (SVG)
    int height = 1000;
    double pixel_ratio = 1.0;   ///< output pixels per canvas pixel
    bool transparent = false;
    std::string title;          ///< the SVG's <title>, the PNG's Title
    std::string description;    ///< the SVG's <desc>, the PNG's Description: the figure in words
    double dpi = 96.0;          ///< output pixels an inch on a page: the PNG's pHYs, the SVG's size in inches
    bool svg_in_inches = false; ///< the SVG's width and height in inches (else in pixels, which is 96 dpi)
};

/// Writes `picture` as `file` says, atomically. A PNG needs `renderer` (a current GL context);
/// an SVG ignores it.
[[nodiscard]] std::optional<Error> write_figure(ShapeRenderer* renderer, const Picture& picture, const FigureFile& file);

}  // namespace tangent
