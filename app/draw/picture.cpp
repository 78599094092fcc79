// picture.h's own: the roles' names, where a label's text goes, finding a primitive, and dropping
// what cannot be placed on the canvas.

#include "picture.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

namespace tangent {

const char* to_string(Role role) {
    switch (role) {
        case Role::Grid: return "grid";
        case Role::Axis: return "axis";
        case Role::AxisLabel: return "axis-label";
        case Role::PathPast: return "path-past";
        case Role::PathFuture: return "path-future";
        case Role::TimeTick: return "time-tick";
        case Role::TimeTickLabel: return "time-tick-label";
        case Role::Body: return "body";
        case Role::BodyLabel: return "body-label";
        case Role::Velocity: return "velocity";
        case Role::Handle: return "handle";
        case Role::ClosestOutline: return "closest-outline";
        case Role::ClosestSegment: return "closest-segment";
        case Role::ClosestLabel: return "closest-label";
        case Role::DistanceNow: return "distance-now";
        case Role::GhostEnter: return "ghost-enter";
        case Role::GhostExit: return "ghost-exit";
        case Role::GhostLabel: return "ghost-label";
        case Role::ContactPoint: return "contact-point";
        case Role::ContactNormal: return "contact-normal";
        case Role::Sample: return "sample";
        case Role::SampleHit: return "sample-hit";
        case Role::SweptCapsule: return "swept-capsule";
        case Role::RelativeCircle: return "relative-circle";
        case Role::RelativePath: return "relative-path";
        case Role::ResponsePath: return "response-path";
        case Role::ResponseVelocity: return "response-velocity";
        case Role::PitfallGhost: return "pitfall-ghost";
        case Role::Loupe: return "loupe";
        case Role::LoupeAxis: return "loupe-axis";
        case Role::LoupeCurve: return "loupe-curve";
        case Role::LoupeVertex: return "loupe-vertex";
        case Role::LoupeRoot: return "loupe-root";
        case Role::LoupeLabel: return "loupe-label";
        case Role::Badge: return "badge";
        case Role::Banner: return "banner";
        case Role::Caption: return "caption";
        case Role::TimeStamp: return "time-stamp";
    }
    return "unknown";
}

namespace {

// Where, as a fraction of the box's size, the anchor sits: (0, 0) top-left, (1, 1) bottom-right.
glm::dvec2 anchor_fraction(Align align) {
    switch (align) {
        case Align::TopLeft: return {0.0, 0.0};
        case Align::Top: return {0.5, 0.0};
        case Align::TopRight: return {1.0, 0.0};
        case Align::Left: return {0.0, 0.5};
        case Align::Center: return {0.5, 0.5};
        case Align::Right: return {1.0, 0.5};
        case Align::BottomLeft: return {0.0, 1.0};
        case Align::Bottom: return {0.5, 1.0};
        case Align::BottomRight: return {1.0, 1.0};
    }
    return {0.0, 0.0};
}

}  // namespace

TextBox label_box(const Primitive& label, const View& view, glm::dvec2 text_size) {
    const glm::dvec2 anchor = label.space == Space::World ? view.to_screen(label.p0) : label.p0;
    const glm::dvec2 padding(label.box_padding_px);
    const glm::dvec2 outer = text_size + 2.0 * padding;
    const glm::dvec2 top_left = anchor + label.offset_px - anchor_fraction(label.align) * outer + padding;
    return {top_left, text_size};
}

std::size_t Picture::count(Role role) const {
    return static_cast<std::size_t>(std::count_if(items.begin(), items.end(), [&](const Primitive& p) { return p.role == role; }));
}

const Primitive* Picture::find(Role role, int body) const {
    for (const Primitive& p : items)
        if (p.role == role && (body < 0 || p.body == body)) return &p;
    return nullptr;
}

namespace {

// Circles the renderers place as they are: the shader and the SVG writer measure from the rim
// point nearest the canvas, in double, so a centre and a radius up to 2^48 px keep the rim to
// 1/16 px.
constexpr double kFarthestCirclePx = 0x1p48;
// What a circle beyond that is drawn as: one of this radius through the same rim point, with the
// same tangent (it bows (half-diagonal)²/2e12 px more than the true one: 2e-5 px on an 8192-px figure).
constexpr double kStandInCirclePx = 1e12;

bool is_circle(const Primitive& p) { return p.shape == Shape::Disc || p.shape == Shape::Ring || p.shape == Shape::DashedRing; }

// A circle too large for the renderers (dropped, a body with a radius typed as 1e300 would
// vanish): whether the canvas lies inside it, outside it or across its rim is decided in world
// units, where nothing overflows. Across, it becomes the stand-in above; inside, a disc just
// around the canvas (an outline there shows nothing, and drops, as does a circle that misses).
void tame_huge_circle(Primitive& p, const View& view) {
    if (p.space != Space::World || !is_circle(p)) return;
    const glm::dvec2 center_px = view.to_screen(p.p0);
    const double radius_px = p.radius * view.pixels_per_unit;
    if (radius_px <= kFarthestCirclePx && std::abs(center_px.x) <= kFarthestCirclePx && std::abs(center_px.y) <= kFarthestCirclePx)
        return;
    const glm::dvec2 middle = view.to_world(view.size_px * 0.5);
    const double reach = (glm::length(view.size_px * 0.5) + 4.0 * p.stroke_px + 2.0) / view.pixels_per_unit;
    const glm::dvec2 to_middle = middle - p.p0;
    const double distance = std::hypot(to_middle.x, to_middle.y);
    const double inside_by = p.radius - distance;  // how far inside the rim the canvas's middle is
    if (!std::isfinite(inside_by) || !std::isfinite(reach)) return;
    if (inside_by > reach) {
        if (p.shape != Shape::Disc) return;
        p.p0 = middle;
        p.radius = reach;
        return;
    }
    if (inside_by < -reach || !(distance > 0.0)) return;
    const glm::dvec2 outward = to_middle / distance;
    const glm::dvec2 rim = middle - outward * (distance - p.radius);  // the rim point nearest the middle
    const double stand_in = kStandInCirclePx / view.pixels_per_unit;
    p.p0 = rim - outward * stand_in;
    p.radius = stand_in;
}

}  // namespace

void Picture::drop_unplaceable() {
    for (Primitive& p : items) tame_huge_circle(p, view);
    const auto placeable = [&](const Primitive& p) {
        const double farthest = is_circle(p) ? kFarthestCirclePx : kFarthestPx;
        const auto near = [&](glm::dvec2 world_or_screen) {
            const glm::dvec2 s = p.space == Space::World ? view.to_screen(world_or_screen) : world_or_screen;
            return std::isfinite(s.x) && std::isfinite(s.y) && std::abs(s.x) <= farthest && std::abs(s.y) <= farthest;
        };
        const double radius_px = p.space == Space::World ? p.radius * view.pixels_per_unit : p.radius;
        const bool uses_p1 = p.shape == Shape::Segment || p.shape == Shape::Arrow || p.shape == Shape::Capsule;
        return near(p.p0) && (!uses_p1 || near(p.p1)) && std::isfinite(radius_px) && radius_px <= farthest &&
               std::isfinite(p.offset_px.x) && std::isfinite(p.offset_px.y);
    };
    std::erase_if(items, [&](const Primitive& p) { return !placeable(p); });
}

}  // namespace tangent
