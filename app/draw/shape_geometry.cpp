#include "shape_geometry.h"

#include <numbers>

namespace tangent::shape_geometry {

Style style_of(const Primitive& p, double ratio) {
    Style style;
    style.fill = p.fill;
    style.stroke = p.stroke;
    style.fill.a = unit_clamped(p.fill.a);
    style.stroke.a = unit_clamped(p.stroke.a);
    style.half_width = std::isfinite(p.stroke_px) ? std::max(0.0, 0.5 * p.stroke_px * ratio) : 0.0;
    style.dash = std::isfinite(p.dash_px) ? p.dash_px * ratio : 0.0;
    style.gap = std::isfinite(p.gap_px) ? p.gap_px * ratio : 0.0;
    return style;
}

ArrowHead arrow_head(float stroke_px, double ratio, double full) {
    const double width = std::isfinite(stroke_px) ? std::max(0.0f, stroke_px) : 0.0;
    ArrowHead head{(4.0 * width + 6.0) * ratio, (2.2 * width + 3.0) * ratio};
    // An arrow with little or no shaft is mostly head, and its head slimmer the shorter it is: at
    // full size the head is about as wide as long, and alone it points three ways (a slow body's
    // velocity after a bounce read as east where it was south-west: a physics teacher's review; at
    // --scale 4.5 a 4-px shaft under a 113-px head read backwards: a figure author's). From twice
    // the head's length down to its length the half-width goes from whole to half; below, the head
    // is the whole arrow and its half-width goes as the square of the share (a spike twice as long
    // as wide at half the length), never under 1.5 px where it was wider.
    const double share = full / head.length;
    if (share < 2.0) {
        const double whole = head.half_width;
        if (share >= 1.0) {
            head.half_width = whole * 0.5 * share;
        } else {
            head.half_width = std::max(whole * 0.5 * share * share, std::min(whole * share, 1.5 * ratio));
            head.length = full;
        }
    }
    return head;
}

std::optional<std::array<glm::dvec2, 3>> arrow_head_corners(glm::dvec2 a, glm::dvec2 tip, float stroke_px) {
    const double full = glm::length(tip - a);
    if (!(full > 0.0) || !std::isfinite(full)) return std::nullopt;
    const glm::dvec2 dir = (tip - a) / full;
    const glm::dvec2 across{-dir.y, dir.x};
    const ArrowHead head = arrow_head(stroke_px, 1.0, full);
    const glm::dvec2 base = tip - dir * head.length;
    return std::array<glm::dvec2, 3>{tip, base + across * head.half_width, base - across * head.half_width};
}

std::optional<Arrow> arrow_layout(glm::dvec2 a, glm::dvec2 tip, float stroke_px, double ratio, const Style& style,
                                  const Box& clip) {
    if (!finite(a) || !finite(tip)) return std::nullopt;
    Arrow arrow;
    arrow.full = glm::length(tip - a);
    if (!(arrow.full > 0.0) || !std::isfinite(arrow.full)) return std::nullopt;
    arrow.dir = (tip - a) / arrow.full;
    arrow.head_size = arrow_head(stroke_px, ratio, arrow.full);
    // A dotted or dashed shaft (a velocity after the bounce, along its dotted path) does not show
    // the way: the head alone does, and one about as wide as long points three ways (at ±30° a
    // physics lecturer read "up" for right and down). A slimmer head, 0.6 as wide, points one.
    if (style.dash > 0.0) arrow.head_size.half_width *= 0.6;
    const ArrowHead& head = arrow.head_size;
    arrow.base = tip - arrow.dir * head.length;
    arrow.reach = std::max(style.half_width, head.half_width) + kAaMargin;
    arrow.shaft = style.has_stroke() && arrow.full - head.length > 0.0 &&
                  clip_within_reach(a, arrow.base, clip, arrow.reach, arrow.t0, arrow.t1);
    arrow.head = style.has_fill() && clip.grown(head.length + head.half_width + kAaMargin).contains(tip);
    if (!arrow.shaft && !arrow.head) return std::nullopt;
    return arrow;
}

std::optional<Capsule> capsule_layout(glm::dvec2 a, glm::dvec2 b, double radius, const Style& style, const Box& clip) {
    if (!finite(a) || !finite(b) || !(radius >= 0.0) || !std::isfinite(radius)) return std::nullopt;
    if (!style.has_fill() && !style.has_stroke()) return std::nullopt;
    Capsule capsule;
    capsule.reach = radius + style.half_width + kAaMargin;
    if (!clip_within_reach(a, b, clip, capsule.reach, capsule.t0, capsule.t1)) return std::nullopt;
    capsule.full = glm::length(b - a);
    capsule.dir = capsule.full > 0.0 ? (b - a) / capsule.full : glm::dvec2(1.0, 0.0);
    capsule.start = a + (b - a) * capsule.t0;
    capsule.half_turn = std::numbers::pi * radius;
    capsule.dash = style.loop_dash(2.0 * capsule.full + 2.0 * capsule.half_turn);
    return capsule;
}

}  // namespace tangent::shape_geometry
