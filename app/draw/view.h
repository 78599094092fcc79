#pragma once

#include <optional>
// The map between the world (scene units, y up) and a canvas (pixels, y down, origin top-left).

#include <glm/vec2.hpp>

namespace tangent {

/// An axis-aligned box in world units; empty until something is added.
struct Bounds {
    glm::dvec2 min{1.0, 1.0};
    glm::dvec2 max{-1.0, -1.0};

    [[nodiscard]] bool empty() const { return min.x > max.x || min.y > max.y; }
    void add(glm::dvec2 point);
    /// A disc of `radius` around `center`.
    void add(glm::dvec2 center, double radius);
    [[nodiscard]] glm::dvec2 center() const { return min * 0.5 + max * 0.5; }  // (no overflow near the largest doubles)
    [[nodiscard]] glm::dvec2 size() const { return max - min; }
};

/// The whole multiples k·step of a grid or of tick marks between lo and hi: k from ceil(lo/step)
/// to floor(hi/step), or from floor to ceil when `outward`. Nothing when those are not finite
/// numbers or there would be more than `most` of them (a view or a time span near 1e300).
struct StepRange {
    long long first = 0;
    long long last = -1;
};
[[nodiscard]] std::optional<StepRange> step_range(double lo, double hi, double step, long long most, bool outward = false);

/// The scale the overlays (badge, banner, their sentences) were framed at by a fit, for the
/// canvas size and UI scale it holds for.
struct OverlayFit {
    float scale = 1.0f;
    glm::dvec2 size_px{0.0};
    float ui_scale = 1.0f;
};

/// The zoom's range, pixels a world unit: a wheel's zoom or a fit stays within it. Down to 1e-304,
/// so that a scene 1e303 across is framed whole (at 1e-290 one 1e296 across was a sliver: a
/// recheck), and one pixel's worth of the world, 1/zoom, stays finite with room to spare.
inline constexpr double kLeastZoom = 1e-304;
inline constexpr double kMostZoom = 1e290;

struct View {
    glm::dvec2 center{0.0, 0.0};    ///< the world point at the canvas centre
    double pixels_per_unit = 50.0;  ///< zoom
    glm::dvec2 size_px{1280.0, 720.0};
    /// Set by a fit that drew the overlays smaller to give the story room (see scene_view);
    /// the picture uses it while the canvas keeps that size and UI scale.
    std::optional<OverlayFit> overlay_fit;

    [[nodiscard]] glm::dvec2 to_screen(glm::dvec2 world) const {
        return {(world.x - center.x) * pixels_per_unit + size_px.x * 0.5,
                size_px.y * 0.5 - (world.y - center.y) * pixels_per_unit};
    }
    [[nodiscard]] glm::dvec2 to_world(glm::dvec2 screen) const {
        return {(screen.x - size_px.x * 0.5) / pixels_per_unit + center.x,
                (size_px.y * 0.5 - screen.y) / pixels_per_unit + center.y};
    }
    /// The world region the canvas shows.
    [[nodiscard]] Bounds visible() const;
    /// Zooms by `factor` keeping the world point under `screen` fixed.
    void zoom_at(glm::dvec2 screen, double factor);
};

/// A scene file's zoom is pixels per unit on a canvas 1000 pixels tall.
inline constexpr double kReferenceCanvasHeight = 1000.0;

/// Room to keep free at each edge of a canvas, in pixels.
struct Margins {
    double top = 0.0;
    double right = 0.0;
    double bottom = 0.0;
    double left = 0.0;
};

/// The view that shows `bounds` whole, centred in the canvas less its margins.
[[nodiscard]] View fit_view(const Bounds& bounds, glm::dvec2 size_px, const Margins& margins);

}  // namespace tangent
