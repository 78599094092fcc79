#include "view.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/common.hpp>

namespace tangent {

void Bounds::add(glm::dvec2 point) {
    if (!std::isfinite(point.x) || !std::isfinite(point.y)) return;  // a body at t = 1e308 frames nothing
    if (empty()) {
        min = max = point;
        return;
    }
    min = glm::dvec2(std::min(min.x, point.x), std::min(min.y, point.y));
    max = glm::dvec2(std::max(max.x, point.x), std::max(max.y, point.y));
}

void Bounds::add(glm::dvec2 center, double radius) {
    if (!std::isfinite(center.x) || !std::isfinite(center.y) || !std::isfinite(radius)) return;
    // (saturated: a circle of radius 1e308 reaches past the doubles, and its far sides, dropped as
    // infinite points, left a box of its near sides alone)
    constexpr double kMost = std::numeric_limits<double>::max();
    add(glm::clamp(center - glm::dvec2(radius), glm::dvec2(-kMost), glm::dvec2(kMost)));
    add(glm::clamp(center + glm::dvec2(radius), glm::dvec2(-kMost), glm::dvec2(kMost)));
}

Bounds View::visible() const {
    Bounds b;
    b.add(to_world({0.0, size_px.y}));
    b.add(to_world({size_px.x, 0.0}));
    return b;
}

void View::zoom_at(glm::dvec2 screen, double factor) {
    const glm::dvec2 anchor = to_world(screen);
    pixels_per_unit = std::clamp(pixels_per_unit * factor, kLeastZoom, kMostZoom);
    // keep `anchor` under the cursor: solve to_screen(anchor) = screen for the centre
    center.x = anchor.x - (screen.x - size_px.x * 0.5) / pixels_per_unit;
    center.y = anchor.y - (size_px.y * 0.5 - screen.y) / pixels_per_unit;
}

std::optional<StepRange> step_range(double lo, double hi, double step, long long most, bool outward) {
    if (!(step > 0.0)) return std::nullopt;
    const double first = outward ? std::floor(lo / step) : std::ceil(lo / step);
    const double last = outward ? std::ceil(hi / step) : std::floor(hi / step);
    // also keeps the casts below defined: both well inside the range of long long
    if (!std::isfinite(first) || !std::isfinite(last) || std::abs(first) > 1e15 || std::abs(last) > 1e15 ||
        last - first > static_cast<double>(most))
        return std::nullopt;
    return StepRange{static_cast<long long>(first), static_cast<long long>(last)};
}

View fit_view(const Bounds& bounds, glm::dvec2 size_px, const Margins& margins) {
    View view;
    view.size_px = size_px;
    if (bounds.empty()) return view;
    const glm::dvec2 room = glm::max(size_px - glm::dvec2(margins.left + margins.right, margins.top + margins.bottom), glm::dvec2(1.0));
    // in halves, which do not overflow (a circle of radius 1e308 is 2e308 = ∞ across: the zoom
    // came out 0, and the canvas blank however often F was pressed: a young student's review),
    // and within the zoom's range (as a wheel's zoom: View::zoom_at)
    const glm::dvec2 half_extent = glm::max(bounds.max * 0.5 - bounds.min * 0.5, glm::dvec2(0.5e-290));
    view.pixels_per_unit = std::clamp(std::min(room.x * 0.5 / half_extent.x, room.y * 0.5 / half_extent.y), kLeastZoom, kMostZoom);
    // the content's centre goes to the centre of the room, not of the canvas
    const glm::dvec2 room_center{margins.left + room.x * 0.5, margins.top + room.y * 0.5};
    const glm::dvec2 offset = room_center - size_px * 0.5;  // canvas pixels, y down
    view.center = bounds.center() - glm::dvec2(offset.x, -offset.y) / view.pixels_per_unit;
    return view;
}

}  // namespace tangent
