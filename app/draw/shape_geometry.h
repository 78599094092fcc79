#pragma once
// The geometry that the OpenGL renderer (app/render/shape_renderer.cpp, shaders/shape.frag) and
// the SVG writer (svg.cpp) share, so that both draw a picture alike: a primitive's style, the cut
// to the clip, dashes on closed loops, arrow heads and capsule outlines. Everything here is in
// output units: pixels of the image drawn (framebuffer pixels; the SVG's user units), y down.

#include <algorithm>
#include <cmath>
#include <array>
#include <optional>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include "picture.h"

namespace tangent::shape_geometry {

/// How far past a shape's edge anti-aliasing reaches (px): the box filter's half-pixel and some rounding.
inline constexpr double kAaMargin = 1.0;
/// Geometry far outside the clip is cut to the clip grown by this much (and by its reach), in double.
inline constexpr double kClipSlack = 64.0;
/// A dash period shorter than this (px) would only grey the line: it is drawn solid.
inline constexpr double kMinDashPeriod = 2.0;

/// Both coordinates finite.
[[nodiscard]] inline bool finite(glm::dvec2 p) { return std::isfinite(p.x) && std::isfinite(p.y); }

/// x mod period, in [0, period) for period > 0.
[[nodiscard]] inline double positive_fmod(double x, double period) {
    const double r = std::fmod(x, period);
    return r < 0.0 ? r + period : r;
}

/// v clamped to [0, 1], NaN as 0.
[[nodiscard]] inline float unit_clamped(float v) { return std::clamp(std::isfinite(v) ? v : 0.0f, 0.0f, 1.0f); }

/// An axis-aligned box in output units (y down).
struct Box {
    glm::dvec2 min;
    glm::dvec2 max;
    [[nodiscard]] Box grown(double by) const { return {min - by, max + by}; }
    [[nodiscard]] glm::dvec2 center() const { return (min + max) * 0.5; }
    [[nodiscard]] bool contains(glm::dvec2 p) const { return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y; }
    [[nodiscard]] double half_diagonal() const { return 0.5 * glm::length(max - min); }
    /// Distance from p to the box (0 inside).
    [[nodiscard]] double distance(glm::dvec2 p) const {
        return glm::length(glm::max(glm::max(min - p, p - max), glm::dvec2(0.0)));
    }
    /// Distance from p to the box's farthest corner.
    [[nodiscard]] double farthest(glm::dvec2 p) const { return glm::length(glm::max(p - min, max - p)); }
};

/// Liang–Barsky: the parameters [t0, t1] of a + t·(b - a), t in [0, 1], that lie inside the box.
[[nodiscard]] inline bool clip_segment(glm::dvec2 a, glm::dvec2 b, const Box& box, double& t0, double& t1) {
    t0 = 0.0;
    t1 = 1.0;
    const glm::dvec2 d = b - a;
    const double p[4] = {-d.x, d.x, -d.y, d.y};
    const double q[4] = {a.x - box.min.x, box.max.x - a.x, a.y - box.min.y, box.max.y - a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
    }
    return t0 <= t1;
}

/// The part [t0, t1] of a → b whose ink (`reach` either side) can show: clip_segment on the clip
/// grown by reach + kClipSlack.
[[nodiscard]] inline bool clip_within_reach(glm::dvec2 a, glm::dvec2 b, const Box& clip, double reach, double& t0, double& t1) {
    return clip_segment(a, b, clip.grown(reach + kClipSlack), t0, t1);
}

/// A dash pattern on a closed loop, stretched so that a whole number of periods fits (no seam).
struct LoopDash {
    bool dashed = false;
    double on = 0.0;
    double period = 0.0;
    /// Where the pattern stands at arc length s: s mod period when dashed, else 0.
    [[nodiscard]] double phase(double s) const { return dashed ? positive_fmod(s, period) : 0.0; }
};

/// period' = perimeter / max(1, round(perimeter / (dash + gap))), on' = dash·period' / (dash + gap);
/// solid when period' < kMinDashPeriod.
[[nodiscard]] inline LoopDash loop_dash(double perimeter, double dash, double gap) {
    const double period = dash + gap;
    if (!(dash > 0.0 && gap > 0.0 && perimeter > 0.0)) return {};
    const double count = std::max(1.0, std::round(perimeter / period));
    const double fitted = perimeter / count;
    if (fitted < kMinDashPeriod) return {};
    return {true, dash * fitted / period, fitted};
}

/// A primitive's paint in output units: straight colours with their alpha in [0, 1], the stroke's
/// half-width, dash and gap.
struct Style {
    Rgba fill;
    Rgba stroke;
    double half_width = 0.0;
    double dash = 0.0;
    double gap = 0.0;
    [[nodiscard]] bool has_fill() const { return fill.a > 0.0f; }
    [[nodiscard]] bool has_stroke() const { return stroke.a > 0.0f && half_width > 0.0; }
    [[nodiscard]] bool dashed() const { return dash > 0.0 && gap > 0.0 && dash + gap >= kMinDashPeriod; }
    [[nodiscard]] double period() const { return dash + gap; }
    /// How far the stroke's ink reaches from its centre line: half-width + kAaMargin.
    [[nodiscard]] double reach() const { return half_width + kAaMargin; }
    /// Where the pattern stands at arc length s: s mod period when dashed, else 0.
    [[nodiscard]] double dash_phase(double s) const { return dashed() ? positive_fmod(s, period()) : 0.0; }
    /// The dashes on a closed outline of this perimeter (loop_dash); solid unless stroked and dashed.
    [[nodiscard]] LoopDash loop_dash(double perimeter) const {
        return has_stroke() && dashed() ? shape_geometry::loop_dash(perimeter, dash, gap) : LoopDash{};
    }
};

/// p's style at `ratio` output units per canvas pixel: half-width stroke_px·ratio/2, dash_px·ratio,
/// gap_px·ratio (non-finite sizes as 0).
[[nodiscard]] Style style_of(const Primitive& p, double ratio);

/// An arrow's head for stroke width w (canvas px): length L = (4w + 6)·ratio, half-width
/// H = (2.2w + 3)·ratio, on an arrow (`full` long) of 2L and more; with s = full / L below that, the
/// half-width s·H/2 down to s = 1, and below (the head the whole arrow, full long) s²·H/2, but at
/// least 1.5·ratio or s·H: a short arrow's head slim enough to point one way.
struct ArrowHead {
    double length = 0.0;
    double half_width = 0.0;
};
[[nodiscard]] ArrowHead arrow_head(float stroke_px, double ratio, double full);
/// The head's triangle of an arrow a → tip (canvas px, ratio 1): the tip and the two corners of its
/// base; none for a zero-length or non-finite arrow. What label placement keeps clear of.
[[nodiscard]] std::optional<std::array<glm::dvec2, 3>> arrow_head_corners(glm::dvec2 a, glm::dvec2 tip, float stroke_px);

/// An arrow a → tip: a shaft from a to the head's base, a filled triangle from there to the tip.
struct Arrow {
    glm::dvec2 dir{1.0, 0.0};  ///< (tip - a) / full
    double full = 0.0;         ///< |tip - a|
    ArrowHead head_size;
    glm::dvec2 base{0.0};      ///< tip - dir·head length: where the shaft stops
    double reach = 0.0;        ///< max(half stroke, head half-width) + kAaMargin
    double t0 = 0.0;           ///< the shaft's part that can show: a + t·(base - a), t in [t0, t1]
    double t1 = 1.0;
    bool shaft = false;        ///< stroked, longer than the head, within reach of the clip
    bool head = false;         ///< filled, the tip within head length + half-width + kAaMargin of the clip
};
/// The arrow a → tip of a primitive with `style` and stroke_px, at `ratio`, cut to `clip`; none
/// when it shows nothing (a point not finite, zero length, or neither shaft nor head shows).
[[nodiscard]] std::optional<Arrow> arrow_layout(glm::dvec2 a, glm::dvec2 tip, float stroke_px, double ratio,
                                                const Style& style, const Box& clip);

/// A capsule (every point within `radius` of a → b), its axis cut to what can reach the clip.
/// Its outline, in the order the dashes run, perimeter 2L + 2πr: the -y side (in the frame of dir)
/// from a, the cap at b, the +y side back, the cap at a.
struct Capsule {
    double reach = 0.0;        ///< radius + half stroke + kAaMargin
    double t0 = 0.0;           ///< the axis kept: a + t·(b - a), t in [t0, t1]
    double t1 = 1.0;
    double full = 0.0;         ///< L = |b - a|
    glm::dvec2 dir{1.0, 0.0};  ///< (b - a) / L; +x when L = 0
    glm::dvec2 start{0.0};     ///< a + (b - a)·t0
    double half_turn = 0.0;    ///< πr, one cap
    LoopDash dash;             ///< the style's dashes stretched over the perimeter
    /// Arc length along the outline to the start of the cap at b: L.
    [[nodiscard]] double far_cap() const { return full; }
    /// Arc length along the outline to the point of the +y side at x along the axis: 2L + πr - x.
    [[nodiscard]] double back_side(double x) const { return 2.0 * full + half_turn - x; }
    /// Arc length along the outline to the start of the cap at a: 2L + πr.
    [[nodiscard]] double near_cap() const { return 2.0 * full + half_turn; }
};
/// The capsule a → b of `radius` with `style`, cut to `clip`; none when it shows nothing (not
/// finite, negative radius, neither filled nor stroked, or out of reach).
[[nodiscard]] std::optional<Capsule> capsule_layout(glm::dvec2 a, glm::dvec2 b, double radius, const Style& style,
                                                    const Box& clip);

}  // namespace tangent::shape_geometry
