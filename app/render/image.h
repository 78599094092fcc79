#pragma once
// A picture rendered offscreen into memory: tile by tile through a multisampled framebuffer,
// so that an export can be larger than one GL framebuffer (PNG export, tests).

#include <functional>
#include <vector>

#include "core/result.h"
#include "draw/picture.h"
#include "shape_renderer.h"

namespace tangent {

/// 4 bytes per pixel (R, G, B, A), rows top to bottom, straight (not premultiplied) alpha.
struct Image {
    int width = 0;
    int height = 0;
    std::vector<unsigned char> rgba;
};

struct ImageOptions {
    int samples = 4;           ///< MSAA samples per pixel; 0 or 1 for none; capped at GL_MAX_SAMPLES
    bool transparent = false;  ///< clear to alpha 0 instead of the picture's background
    int max_tile = 2048;       ///< largest tile side, pixels (also capped by the GL limits)
};

/// The largest image side render_image accepts.
inline constexpr int kMaxImageSide = 8192;

/// Draws `picture` (picture.view.size_px is the canvas, in canvas pixels) into a width x height image
/// with pixel_ratio = width / view.size_px.x, tile by tile. After the shapes of each tile,
/// `overlay(target)` may draw more (text) into it: the tile's multisampled framebuffer is bound and
/// the viewport covers it. Needs a current OpenGL 3.3 context; restores the framebuffer bindings,
/// viewport and pack alignment it changes.
[[nodiscard]] Result<Image> render_image(ShapeRenderer& renderer, const Picture& picture, int width, int height,
                                         const ImageOptions& options,
                                         const std::function<void(const DrawTarget&)>& overlay = {});

}  // namespace tangent
