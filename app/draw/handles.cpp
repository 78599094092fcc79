// The canvas's hit-testing (picture_builder.h): where the handles sit and which one a press picks,
// the body whose name lies under the cursor, and what the overlays lie over.

#include "picture_builder.h"

#include <algorithm>
#include <optional>
#include <vector>

#include <glm/geometric.hpp>

#include "motion.h"
#include "picture_internal.h"
#include "text_metrics.h"

namespace tangent {

HandleGeometry handle_geometry(const Scene& scene, double time, const Motion& motion) {
    HandleGeometry g{};
    for (int i = 0; i < 2; ++i) {
        g.center[i] = motion.position(i, time);
        g.radius[i] = motion.radius(i);
        g.arrow_tip[i] = g.center[i] + motion.arrow(i, time);
    }
    (void)scene;
    return g;
}

HandleGeometry handle_geometry(const Scene& scene, double time) { return handle_geometry(scene, time, Motion(scene, nullptr, 0.0)); }

std::optional<int> body_named_at(const Picture& picture, glm::dvec2 screen, double slack_px) {
    const TextMetrics* metrics = TextMetrics::shared();
    if (metrics == nullptr) return std::nullopt;
    for (const Primitive& p : picture.items) {
        if (p.role != Role::BodyLabel || p.shape != Shape::Label || p.body < 0 || p.body > 1 || p.text.empty()) continue;
        const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
        const TextBox box = label_box(p, picture.view, {extent.width, extent.height});
        const double pad = static_cast<double>(p.box_padding_px) + slack_px;
        const glm::dvec2 low = box.top_left - glm::dvec2(pad);
        const glm::dvec2 high = box.top_left + box.size + glm::dvec2(pad);
        if (screen.x >= low.x && screen.x <= high.x && screen.y >= low.y && screen.y <= high.y) return static_cast<int>(p.body);
    }
    return std::nullopt;
}

Handle pick_handle(const HandleGeometry& g, glm::dvec2 world, double slack_world) {
    // B is drawn over A, so B wins ties. An arrow tip on or near its own centre (a body at rest,
    // or nearly) is picked only on its far side: the centre itself moves the body.
    // A tip within the slack of its centre (an arrow of a pixel or two) is not picked at all: a
    // press beside the centre meant to move the body (Ctrl-drag pulls a velocity out of it).
    for (int i = 1; i >= 0; --i) {
        const double to_tip = glm::distance(world, g.arrow_tip[i]);
        if (to_tip <= 1.5 * slack_world && to_tip < glm::distance(world, g.center[i]) &&
            glm::distance(g.arrow_tip[i], g.center[i]) >= slack_world)
            return {HandleKind::Velocity, i};
    }
    // The rim's band reaches `slack` outside the disc but at most a third of the radius inside
    // it: else a body 25 px across at a projector's scale is all rim but its middle 10 px, and a
    // press meant to move it resizes it.
    const auto on_rim = [&](int i) {
        const double off_rim = glm::distance(world, g.center[i]) - g.radius[i];
        return off_rim <= slack_world && off_rim >= -std::min(slack_world, g.radius[i] / 3.0);
    };
    // A body's core, its inner half (or, for a body drawn smaller than the slack, 0.6 of the
    // slack round its centre), moves it before its own rim and a larger body's: a press beside
    // B's centre, where A's rim crosses B, resized A (a student's review of the overlapping
    // preset), and far zoomed out a body a pixel across was all rim and could not be moved.
    // Where two cores hold the press, the smaller body's; a smaller body's rim comes before a
    // larger one's core (one inside the other can still be moved and resized: a code review).
    int core = -1;
    for (int i = 1; i >= 0; --i)
        if (glm::distance(world, g.center[i]) <= std::max(0.5 * g.radius[i], 0.6 * slack_world) && (core < 0 || g.radius[i] < g.radius[core]))
            core = i;
    for (int i = 1; i >= 0; --i)
        if (i != core && on_rim(i) && (core < 0 || g.radius[i] < g.radius[core])) return {HandleKind::Rim, i};
    if (core >= 0) return {HandleKind::Body, core};
    for (int i = 1; i >= 0; --i)
        if (on_rim(i)) return {HandleKind::Rim, i};
    for (int i = 1; i >= 0; --i)
        if (glm::distance(world, g.center[i]) < g.radius[i]) return {HandleKind::Body, i};
    return {};
}

Covered under_overlays(const Picture& picture) {
    Covered covered;
    const TextMetrics* metrics = TextMetrics::shared();
    if (metrics == nullptr) return covered;
    const std::vector<ScreenBox> boxes = overlay_boxes(picture, *metrics);
    const View& view = picture.view;
    const auto screen = [&](glm::dvec2 point, Space space) { return space == Space::World ? view.to_screen(point) : point; };
    for (const Primitive& p : picture.items) {
        if (p.body < 0 || p.body > 1) continue;
        const bool disc = p.role == Role::Body && p.shape == Shape::Disc;
        const bool path =
            (p.role == Role::PathPast || p.role == Role::PathFuture || p.role == Role::ResponsePath) && p.shape == Shape::Segment;
        if (!disc && !path) continue;
        const glm::dvec2 from = screen(p.p0, p.space);
        const glm::dvec2 to = path ? screen(p.p1, p.space) : from;
        // any of it under a box: a disc with its outline, a path's stroke (noted only where half a
        // body was covered, B's top half hid under the badge's sentence with no word: a recheck)
        const double radius_px = disc ? (p.space == Space::World ? p.radius * view.pixels_per_unit : p.radius) : 0.0;
        const double reach = radius_px + 0.5 * static_cast<double>(p.stroke_px);
        for (const ScreenBox& box : boxes)
            if (segment_box_distance(from, to, box) < reach) covered.of[p.body] |= disc ? Covered::kDisc : Covered::kPath;
    }
    return covered;
}

}  // namespace tangent
