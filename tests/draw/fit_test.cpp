// "Fit view" and the view a scene opens with: the story is framed as large as the canvas allows
// while it keeps out from under the case badge and the MISSED banner. The judge measures the
// overlays' text with the real font in the picture the view gives, and the story's shapes there.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "core/response.h"
#include "draw/picture_builder.h"
#include "draw/text_metrics.h"
#include "embedded/embedded.h"
#include "scene/scene_file.h"

namespace tangent {
namespace {

Scene preset(std::string_view name) {
    const embedded::File* file = embedded::find(embedded::presets(), name);
    EXPECT_NE(file, nullptr) << name;
    Result<LoadedScene> loaded = parse_scene(file->text(), name);
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message);
    return loaded->scene;
}

struct Box {
    glm::dvec2 min;
    glm::dvec2 max;
};

// Where a label's text box lies on the canvas, its padding included, measured with the real font.
Box text_box(const Primitive& p, const View& view) {
    const TextExtent extent = TextMetrics::shared()->measure(p.text, p.font_px, p.bold);
    const TextBox box = label_box(p, view, {extent.width, extent.height});
    return {box.top_left - glm::dvec2(p.box_padding_px), box.top_left + box.size + glm::dvec2(p.box_padding_px)};
}

// The overlays' text boxes (the badge, its sentences, the banner and its legend), measured.
std::vector<Box> overlay_boxes(const Picture& picture) {
    std::vector<Box> boxes;
    for (const Primitive& p : picture.items)
        if (p.shape == Shape::Label && (p.role == Role::Badge || p.role == Role::Banner)) boxes.push_back(text_box(p, picture.view));
    return boxes;
}

// How far a disc (canvas pixels) keeps from a box: negative where it reaches into it.
double disc_clearance(glm::dvec2 center, double radius, const Box& box) {
    return glm::distance(center, glm::clamp(center, box.min, box.max)) - radius;
}

struct Case {
    std::string name;
    Scene scene;
};

// The picture of `scene` framed as the window (or, with `caption`, a figure) frames it.
Picture framed_picture(const Scene& scene, const Encounter& e, const std::optional<SamplingResult>& sampling, glm::dvec2 size,
                       float scale, bool caption = false) {
    PictureInput in;
    in.scene = &scene;
    in.encounter = &e;
    in.sampling = sampling ? &*sampling : nullptr;
    in.view = scene_view(scene, e, size, scale, nullptr, 0.0, caption);
    in.time = scene.time.current;
    in.scale = scale;
    in.caption = caption;
    return build_picture(in);
}


std::vector<Case> cases() {
    std::vector<Case> all;
    for (const embedded::File& file : embedded::presets()) all.push_back({std::string(file.name), preset(file.name)});
    // random oblique passes and hits (fixed seed), their paths crossing the canvas every way
    std::mt19937 rng(20261121);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int k = 0; k < 40; ++k) {
        Scene scene = preset("oblique-hit.json");
        for (int i = 0; i < 2; ++i) {
            Body& b = scene.bodies[static_cast<std::size_t>(i)].body;
            b.position = {8.0 * u(rng), 6.0 * u(rng)};
            b.velocity = {2.0 * u(rng), 2.0 * u(rng)};
            b.radius = 0.6 + 0.5 * (u(rng) + 1.0);
        }
        all.push_back({"random oblique " + std::to_string(k), scene});
    }
    return all;
}

// Every preset and 40 random passes, on canvases from a small window's to a projector's, at UI
// scales 1 to 3: (1) no body, as it is now or at first or last contact, lies under an overlay;
// (2) the story is never drawn smaller than a fit below a band as tall as the overlays across
// the whole top edge (the old way), and at a projector's scale 2 it is often drawn larger (a
// sixth of these at least 10% larger; the passes along the x axis were framed by their width): the
// band took 45% of a 770 x 540 canvas and left the scene a third of its size.
TEST(Fit, TheStoryKeepsClearOfTheOverlaysAndTakesTheRoomTheyLeave) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    int checked = 0;
    int larger = 0;
    int larger_at_two = 0;
    int at_two = 0;
    for (const Case& c : cases()) {
        const Encounter e = analyze(c.scene.body_a(), c.scene.body_b()).value();
        std::optional<SamplingResult> sampling;
        if (c.scene.discrete.enabled) sampling = sample_overlaps(e, c.scene.sampling()).value();
        for (const glm::dvec2 size : {glm::dvec2(770, 540), glm::dvec2(880, 631), glm::dvec2(600, 400), glm::dvec2(1600, 1000)}) {
            for (const float scale : {1.0f, 2.0f, 3.0f}) {
                const std::string where = c.name + " at " + std::to_string(static_cast<int>(size.x)) + " x " +
                                          std::to_string(static_cast<int>(size.y)) + ", scale " + std::to_string(scale);
                const Picture picture = framed_picture(c.scene, e, sampling, size, scale);
                if (c.scene.view.center && c.scene.view.zoom) continue;  // a saved view is the scene's own, not a fit
                const std::vector<Box> overlays = overlay_boxes(picture);
                ASSERT_FALSE(overlays.empty()) << where << ": no badge";
                Box stack = overlays.front();
                for (const Box& b : overlays) stack = {glm::min(stack.min, b.min), glm::max(stack.max, b.max)};
                // (1) the bodies now, and the ghosts at first and last contact, keep out from under the
                // overlays, where these leave the story half the canvas below them or beside them, on a
                // canvas at least 150 px tall at the UI scale (600 x 400 at 3 is 133: no room for both)
                const bool room = (stack.max.y <= 0.5 * size.y || stack.max.x <= 0.5 * size.x) && size.y / scale >= 150.0;
                for (const Primitive& p : picture.items) {
                    if (!room) break;
                    if (p.role != Role::Body && p.role != Role::GhostEnter && p.role != Role::GhostExit) continue;
                    if (p.shape != Shape::Disc && p.shape != Shape::Ring && p.shape != Shape::DashedRing) continue;
                    const glm::dvec2 center = picture.view.to_screen(p.p0);
                    const double radius = p.radius * picture.view.pixels_per_unit;
                    if (radius > 0.25 * std::min(size.x, size.y)) continue;  // a body too large to keep clear of anything
                    for (const Box& b : overlays)
                        EXPECT_GT(disc_clearance(center, radius, b), 0.0)
                            << where << ": a " << to_string(p.role) << " disc at (" << center.x << ", " << center.y << ") r " << radius
                            << " reaches under an overlay from (" << b.min.x << ", " << b.min.y << ") to (" << b.max.x << ", " << b.max.y << ")";
                }
                // (2) no smaller than the fit below a band as tall as the overlays (and a body's name)
                const double edge = std::min(size.x, size.y) * 0.06 + 24.0 * scale;
                const double band = stack.max.y + 24.0 * scale + 1.0;
                if (band > 0.75 * size.y) continue;  // the overlays fill the canvas: no room below them
                const View below = fit_view(content_bounds(c.scene, e), size, Margins{band, edge, edge, edge});
                EXPECT_GE(picture.view.pixels_per_unit, below.pixels_per_unit * 0.97) << where;
                ++checked;
                const bool grew = picture.view.pixels_per_unit > 1.1 * below.pixels_per_unit;
                larger += grew;
                if (scale == 2.0f && size.x < 1000.0) {
                    ++at_two;
                    larger_at_two += grew;
                }
            }
        }
    }
    EXPECT_GT(checked, 400);
    // the corner the overlays leave is used: at a projector's scale many scenes are drawn larger
    EXPECT_GT(larger_at_two, at_two / 6) << larger_at_two << " of " << at_two << " fits at scale 2 drawn larger than below the band";
    EXPECT_GT(larger, 0);
}

// A live lesson's review at UI scale 1.5: with the tunnelling banner up, the story was framed
// below or beside the overlays' corner at half its size, where it could have bent round the
// corner (its top left empty but for one path's end). The judge searches by brute force, on the
// picture the fit gives: zooms in steps of 2% above the fit's, each at a grid of 41 × 41
// centres, for a framing that keeps the whole story (the content's bounds) inside the canvas
// less the fit's edge, and the paths as drawn (swept by the bodies' radii) and the velocity
// arrows all along them clear of the box round the overlays' text, with the room for a name. None may be
// more than 8% larger than the fit (the fit's own steps are 4%, its grid coarser).
TEST(Fit, NoFramingFoundByBruteForceIsMuchLargerThanTheFit) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    std::vector<Case> all;
    for (Case& c : cases()) {
        all.push_back(c);
        c.scene.discrete.enabled = true;  // the banner up: a taller corner
        c.scene.discrete.dt = 2.0 * c.scene.time.horizon;
        c.name += " with the checks every " + std::to_string(c.scene.discrete.dt);
        all.push_back(c);
    }
    int checked = 0;
    for (const Case& c : all) {
        if (c.scene.view.center && c.scene.view.zoom) continue;  // a saved view is the scene's own
        const Encounter e = analyze(c.scene.body_a(), c.scene.body_b()).value();
        std::optional<SamplingResult> sampling;
        if (c.scene.discrete.enabled) sampling = sample_overlaps(e, c.scene.sampling()).value();
        for (const glm::dvec2 size : {glm::dvec2(612, 636), glm::dvec2(966, 680), glm::dvec2(1280, 720)}) {
            for (const float scale : {1.0f, 1.5f, 2.0f}) {
                const Picture picture = framed_picture(c.scene, e, sampling, size, scale);
                // the overlays' corner: the box round their text boxes, and room for a name
                const std::vector<Box> overlays = overlay_boxes(picture);
                Box corner = overlays.front();
                for (const Box& b : overlays) corner = {glm::min(corner.min, b.min), glm::max(corner.max, b.max)};
                const std::vector<Box> keep_out{{corner.min, corner.max + glm::dvec2(24.0 * scale)}};
                struct Stroke {
                    glm::dvec2 from, to;
                    double reach;  // world units
                };
                // the paths, and the velocity arrows as drawn at every time along them (tip tracks:
                // the view stays while the bodies move)
                std::vector<Stroke> story;
                glm::dvec2 arrow[2] = {glm::dvec2(0.0), glm::dvec2(0.0)};
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Arrow && p.role == Role::Velocity && p.body >= 0 && p.body < 2) arrow[p.body] = p.p1 - p.p0;
                for (const Primitive& p : picture.items) {
                    if (p.shape != Shape::Segment || !(p.role == Role::PathPast || p.role == Role::PathFuture)) continue;
                    story.push_back({p.p0, p.p1, c.scene.bodies[static_cast<std::size_t>(p.body)].body.radius});
                    story.push_back({p.p0 + arrow[p.body], p.p1 + arrow[p.body], 0.0});
                }
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Arrow && p.role == Role::Velocity) story.push_back({p.p0, p.p1, 0.0});
                const Bounds bounds = content_bounds(c.scene, e);
                const double edge = std::min(size.x, size.y) * 0.06 + 24.0 * scale;
                const auto clear = [&](const View& v) {
                    for (const Stroke& st : story) {
                        const glm::dvec2 a = v.to_screen(st.from);
                        const glm::dvec2 b = v.to_screen(st.to);
                        for (const Box& box : keep_out) {
                            // the segment's distance from the box, sampled finely along it
                            for (int k = 0; k <= 64; ++k) {
                                const glm::dvec2 q = a + (b - a) * (k / 64.0);
                                if (glm::distance(q, glm::clamp(q, box.min, box.max)) <= st.reach * v.pixels_per_unit) return false;
                            }
                        }
                    }
                    return true;
                };
                const double fit = picture.view.pixels_per_unit;
                double found = 0.0;
                for (double zoom = fit * 1.02; zoom < fit * 4.0; zoom *= 1.02) {
                    const glm::dvec2 low{bounds.max.x - (0.5 * size.x - edge) / zoom, bounds.max.y - (0.5 * size.y - edge) / zoom};
                    const glm::dvec2 high{bounds.min.x + (0.5 * size.x - edge) / zoom, bounds.min.y + (0.5 * size.y - edge) / zoom};
                    if (!(low.x <= high.x && low.y <= high.y)) break;  // the story no longer fits the canvas
                    bool any = false;
                    for (int i = 0; i <= 40 && !any; ++i)
                        for (int j = 0; j <= 40 && !any; ++j) {
                            View v = picture.view;
                            v.pixels_per_unit = zoom;
                            v.center = low + (high - low) * glm::dvec2(i / 40.0, j / 40.0);
                            any = clear(v);
                        }
                    if (any) found = zoom;
                }
                ++checked;
                EXPECT_LE(found, 1.08 * fit) << c.name << " at " << size.x << " x " << size.y << ", scale " << scale << ": the fit draws it at "
                                             << fit << " px a unit, and " << found << " keeps it clear of the overlays";
            }
        }
    }
    EXPECT_GT(checked, 500);
}

// After a bounce the story is how the bodies leave: B flew off the top of the tour's last step
// (the unequal preset) at t = 6.4 of its horizon 8, the frame ending where the contact without the
// bounce would have. On the unequal preset and 40 random bouncing hits (any restitution and
// masses), every body stays wholly on the canvas at every time to the horizon, judged by the
// core's impact alone: p(t) before it, p(t_enter) + v'(t − t_enter) after.
TEST(Fit, AfterABounceTheNewPathsStayInTheFrameToTheHorizon) {
    std::vector<Scene> scenes{preset("unequal.json")};
    std::mt19937 rng(20261126);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    while (scenes.size() < 41) {
        Scene scene = preset("unequal.json");
        for (int i = 0; i < 2; ++i) {
            Body& b = scene.bodies[static_cast<std::size_t>(i)].body;
            b.position = {8.0 * u(rng), 6.0 * u(rng)};
            b.velocity = {2.0 * u(rng), 2.0 * u(rng)};
            b.radius = 0.5 + 0.75 * (u(rng) + 1.0);
            b.mass = std::exp(2.0 * u(rng));
        }
        scene.response.restitution = 0.5 * (u(rng) + 1.0);
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        if (e.kind == tangent::Case::Hit && *e.t_enter < scene.time.horizon) scenes.push_back(scene);
    }
    int checked = 0;
    for (std::size_t k = 0; k < scenes.size(); ++k) {
        const Scene& scene = scenes[k];
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        const Impact impact = respond(e, scene.response.restitution).value();
        for (const glm::dvec2 size : {glm::dvec2(770, 540), glm::dvec2(1280, 525), glm::dvec2(600, 400)}) {
            const View view = scene_view(scene, e, size, 1.0f, &impact);
            for (int i = 0; i <= 200; ++i) {
                const double t = scene.time.horizon * i / 200.0;
                for (int body = 0; body < 2; ++body) {
                    const Body& b = scene.bodies[static_cast<std::size_t>(body)].body;
                    const glm::dvec2 p = t <= impact.time ? b.position_at(t)
                                                          : b.position_at(impact.time) +
                                                                (t - impact.time) * (body == 0 ? impact.velocity_a_after : impact.velocity_b_after);
                    const glm::dvec2 centre = view.to_screen(p);
                    const double r = b.radius * view.pixels_per_unit;
                    EXPECT_TRUE(centre.x - r >= -0.5 && centre.y - r >= -0.5 && centre.x + r <= size.x + 0.5 && centre.y + r <= size.y + 0.5)
                        << "scene " << k << " on " << size.x << " x " << size.y << ": body " << body << " at t = " << t
                        << " (impact at " << impact.time << ") is drawn at (" << centre.x << ", " << centre.y << ") r " << r;
                    ++checked;
                    if (::testing::Test::HasFailure()) return;
                }
            }
        }
    }
    EXPECT_EQ(checked, 41 * 3 * 201 * 2);
}

// In the relative frame the badge's sentence "seen from A: …" ran across 560 px of the canvas
// on one line, and the story, framed clear of it, was drawn at 22 px a unit where 37 fit (the
// tour's step 9 at 1024 x 768). The overlays keep to the left half of the canvas.
TEST(Fit, TheRelativeFramesSentenceKeepsToTheCorner) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    for (const char* name : {"tour-relative-frame.json", "oblique-hit.json", "head-on-hit.json"}) {
        Scene scene = preset(name);
        scene.show.relative_frame = true;
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        for (const auto& [size, scale] : {std::pair{glm::dvec2(770, 540), 1.0f}, std::pair{glm::dvec2(1024, 500), 1.0f},
                                          std::pair{glm::dvec2(1024, 500), 1.5f}, std::pair{glm::dvec2(1280, 525), 1.5f}}) {
            PictureInput in;
            in.scene = &scene;
            in.encounter = &e;
            in.view = scene_view(scene, e, size, scale, nullptr, 1.0);
            in.time = scene.time.current;
            in.scale = scale;
            in.relative_blend = 1.0;
            const Picture picture = build_picture(in);
            const std::vector<Box> overlays = overlay_boxes(picture);
            ASSERT_GE(overlays.size(), 3u) << name << ": the badge, its sentence and the frame's";
            double right = 0.0;
            for (const Box& b : overlays) right = std::max(right, b.max.x);
            EXPECT_LE(right, 0.5 * size.x) << name << " on " << size.x << " x " << size.y << " at scale " << scale;
        }
    }
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// The tour at 1920 x 1080 under a projector's UI scale (2, held to 2.4 with presentation's own
// factor) leaves the canvas 620 px of the height: with the overlays at full size the tunnelling
// story was drawn in a strip 45% of the width, a third of its size at UI scale 1 (an outside
// review). Where smaller overlays (no smaller than the time numbers) give the story room, the
// fit takes it. Judge: the story's extent on the canvas, against the canvas (tunnelling at
// 1920 x 620: 29% of the width before, 46% now; the others at least 60% before and after).
TEST(Fit, AtAProjectorsScaleAShortWideCanvasKeepsTheStoryLarge) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    for (const char* name : {"tunnelling.json", "tour-overlap-check.json", "near-miss.json", "exact-graze.json"}) {
        const Scene scene = preset(name);
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        // (and in the relative frame: beside the MISSED banner its sentence "seen from A: …" ran the
        // overlays down the whole left side, and the tunnelling story took 18% of the width; a
        // teacher's review at F11)
        for (const double blend : {0.0, 1.0})
            for (const auto& [size, scale] : {std::pair{glm::dvec2(1920, 620), 2.4f}, std::pair{glm::dvec2(1280, 420), 1.6f}}) {
                const View view = scene_view(scene, e, size, scale, nullptr, blend);
                const glm::dvec2 drawn = content_bounds(scene, e, nullptr, blend).size() * view.pixels_per_unit;
                const double used = std::max(drawn.x / size.x, drawn.y / size.y);
                // (the relative frame's circle of radius R stands taller than the bodies: 36% of the width
                // there for tunnelling, 18% before)
                EXPECT_GE(used, blend > 0.0 ? 0.3 : 0.4) << name << (blend > 0.0 ? ", relative frame," : "") << " at " << size.x << " x " << size.y
                                     << ", scale " << scale << ": the story takes " << drawn.x << " x " << drawn.y << " px";
            }
    }
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// A figure's caption runs along the bottom in a box of its own; the fit did not know of it, and
// at 800 x 500 the caption's box lay over a body. Every preset with a caption and 40 random
// passes, on figure sizes from a slide's to a page's, at pixel ratios 1 to 2: no body now and no
// ghost at first or last contact reaches under the caption's box, measured with the real font
// (where that box reaches less than a third of the way up: a taller one would leave a strip).
TEST(Fit, AFiguresStoryKeepsClearOfItsCaption) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    int checked = 0;
    for (const Case& c : cases()) {
        if (c.scene.caption.empty() || (c.scene.view.center && c.scene.view.zoom)) continue;
        const Encounter e = analyze(c.scene.body_a(), c.scene.body_b()).value();
        std::optional<SamplingResult> sampling;
        if (c.scene.discrete.enabled) sampling = sample_overlaps(e, c.scene.sampling()).value();
        for (const glm::dvec2 size : {glm::dvec2(800, 500), glm::dvec2(640, 400), glm::dvec2(1024, 576), glm::dvec2(770, 540),
                                      glm::dvec2(1600, 1000), glm::dvec2(600, 600)}) {
            for (const float scale : {1.0f, 1.5f, 2.0f}) {
                const std::string where = c.name + " at " + std::to_string(static_cast<int>(size.x)) + " x " +
                                          std::to_string(static_cast<int>(size.y)) + ", scale " + std::to_string(scale);
                const Picture picture = framed_picture(c.scene, e, sampling, size, scale, true);
                std::optional<Box> caption;
                for (const Primitive& p : picture.items)
                    if (p.shape == Shape::Label && p.role == Role::Caption) caption = text_box(p, picture.view);
                if (!caption) continue;  // left out for the overlays' sake (a test of its own)
                if (caption->min.y < size.y * 2.0 / 3.0) continue;  // reaching a third of the way up: not kept clear of
                ++checked;
                for (const Primitive& p : picture.items) {
                    if (p.role != Role::Body && p.role != Role::GhostEnter && p.role != Role::GhostExit) continue;
                    if (p.shape != Shape::Disc && p.shape != Shape::Ring && p.shape != Shape::DashedRing) continue;
                    const glm::dvec2 center = picture.view.to_screen(p.p0);
                    const double radius = p.radius * picture.view.pixels_per_unit;
                    if (radius > 0.25 * std::min(size.x, size.y)) continue;  // a body too large to keep clear of anything
                    EXPECT_GT(disc_clearance(center, radius, *caption), 0.0)
                        << where << ": a " << to_string(p.role) << " disc at (" << center.x << ", " << center.y << ") r " << radius
                        << " reaches under the caption from (" << caption->min.x << ", " << caption->min.y << ") to ("
                        << caption->max.x << ", " << caption->max.y << ")";
                }
            }
        }
    }
    EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// The fit frames both whole paths, so that the bodies stay on the canvas as the scene plays to
// the horizon (framed to a little after the contact, B left it for 40% of the tunnelling loop),
// unless that leaves a body a dot: a horizon typed as 20 in the tunnelling lesson drew A and B
// 10 px across, the contact unseen (a teacher's rehearsal). Then the story's part of the paths.
// Judge: the bodies' own p + t·v, mapped by the view, against the canvas and a 14-px floor.
TEST(Fit, TheWholePathsAreFramedUnlessTheBodiesWouldBeDots) {
    const glm::dvec2 canvas(1280, 720);
    const auto on_canvas = [&](const View& view, glm::dvec2 p, double r) {
        const glm::dvec2 s = view.to_screen(p);
        const double px = r * view.pixels_per_unit;
        return s.x - px >= -0.5 && s.x + px <= canvas.x + 0.5 && s.y - px >= -0.5 && s.y + px <= canvas.y + 0.5;
    };
    for (const char* name : {"tunnelling.json", "oblique-hit.json", "receding.json", "exact-graze.json", "chase.json"}) {
        const Scene scene = preset(name);
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        const View view = scene_view(scene, e, canvas);
        const TimeSpan span = path_span(scene, e);
        for (int k = 0; k <= 20; ++k) {  // played from the start to the horizon, both stay on the canvas
            const double t = span.begin + (span.end - span.begin) * k / 20.0;
            EXPECT_TRUE(on_canvas(view, scene.body_a().position_at(t), scene.body_a().radius)) << name << ": A at t = " << t;
            EXPECT_TRUE(on_canvas(view, scene.body_b().position_at(t), scene.body_b().radius)) << name << ": B at t = " << t;
        }
    }
    // the tunnelling lesson run to T = 20: the whole paths would make the bodies dots; the contact
    // is framed, with the bodies at least 14 px across
    Scene long_run = preset("tunnelling.json");
    long_run.time.horizon = 20.0;
    const Encounter e = analyze(long_run.body_a(), long_run.body_b()).value();
    const View view = scene_view(long_run, e, canvas);
    const double smallest = 2.0 * std::min(long_run.body_a().radius, long_run.body_b().radius);
    EXPECT_GE(smallest * view.pixels_per_unit, 14.0);
    for (const double t : {*e.t_enter, *e.t_exit}) {
        EXPECT_TRUE(on_canvas(view, long_run.body_a().position_at(t), long_run.body_a().radius)) << "A at t = " << t;
        EXPECT_TRUE(on_canvas(view, long_run.body_b().position_at(t), long_run.body_b().radius)) << "B at t = " << t;
    }
    // and the whole paths there really would have been too small: B sweeps 160 units
    const double whole = glm::distance(long_run.body_b().position_at(0.0), long_run.body_b().position_at(20.0));
    EXPECT_LT(smallest * canvas.x / whole, 14.0);
}

// A fast bullet (an instructor's review): B 0.2 across at 60 units a second, its arrow (v × 1)
// 60 units long, past a story 14 units wide. The whole paths leave B a dot, and the story's part
// was framed with the arrow at the start, so B stayed a 2-px dot and the contact 25 px: the
// lesson unseen. Where the arrow would draw the story at less than half its size, it is left to
// run off the canvas. Judge: the bodies' own p + t·v and the checks' t = φ + k·dt, mapped by
// the view, against the canvas; the contact's sweep, |Δv|·(t_exit − t_enter), in pixels.
TEST(Fit, AFastBulletsArrowDoesNotShrinkItsStory) {
    const glm::dvec2 canvas(880, 630);  // (the window's canvas at 1280 x 720, the side panel open)
    struct Bullet {
        glm::dvec2 position, velocity;
        double radius, horizon, dt, phase;
    };
    for (const Bullet& bullet : {Bullet{{-10, 0.5}, {60, 0}, 0.1, 1.0, 0.1, 0.1},
                                 Bullet{{-5, 0.99}, {100, 0}, 0.01, 10.0, 0.02, 0.015},
                                 Bullet{{-3, -12}, {25, 100}, 0.05, 2.0, 0.05, 0.0}}) {
        Scene scene = preset("tunnelling.json");
        scene.view = {};
        scene.caption.clear();
        scene.bodies[0].body.position = {0, 0};
        scene.bodies[0].body.velocity = {0, 0};
        scene.bodies[0].body.radius = 1.0;
        scene.bodies[1].body.position = bullet.position;
        scene.bodies[1].body.velocity = bullet.velocity;
        scene.bodies[1].body.radius = bullet.radius;
        scene.time.horizon = bullet.horizon;
        scene.discrete.dt = bullet.dt;
        scene.discrete.phase = bullet.phase;
        const Body a = scene.body_a();
        const Body b = scene.body_b();
        const Encounter e = analyze(a, b).value();
        ASSERT_EQ(e.kind, tangent::Case::Hit);
        // in the world frame, and in A's (relative_blend 1; A at rest at the origin, so B moves
        // there as in the world): the relative frame kept the whole paths, its A grown to R
        for (const double blend : {0.0, 1.0}) {
            SCOPED_TRACE(blend > 0.0 ? "relative frame" : "world frame");
            const View view = scene_view(scene, e, canvas, 1.0f, nullptr, blend);
            const auto on_canvas = [&](glm::dvec2 p) {
                const glm::dvec2 s = view.to_screen(p);
                return s.x >= 0.0 && s.x <= canvas.x && s.y >= 0.0 && s.y <= canvas.y;
            };
            const double sweep = glm::length(b.velocity - a.velocity) * (*e.t_exit - *e.t_enter) * view.pixels_per_unit;
            EXPECT_GE(sweep, 40.0) << "the contact from " << bullet.position.x << ", " << bullet.position.y << " is drawn " << sweep << " px long";
            for (const double t : {0.0, *e.t_enter, *e.t_exit}) {
                EXPECT_TRUE(on_canvas(a.position_at(t))) << "A at t = " << t;
                EXPECT_TRUE(on_canvas(b.position_at(t))) << "B at t = " << t;
            }
            // the checks on either side of the contact, which the lesson is about
            const double before = bullet.phase + std::floor((*e.t_enter - bullet.phase) / bullet.dt) * bullet.dt;
            EXPECT_TRUE(on_canvas(b.position_at(before))) << "the check before the contact, t = " << before;
            EXPECT_TRUE(on_canvas(b.position_at(before + bullet.dt))) << "the check after it, t = " << before + bullet.dt;
            // the premise: B's arrow at the start reaches more than a story's width past it
            EXPECT_FALSE(on_canvas(b.position + b.velocity * scene.arrow_time()));
        }
    }
}

// A film strip (an author's review): figures of one scene at several times within its paths'
// span were framed alike except at the horizon, where the velocity arrow past the path's end made
// the fit 3% smaller and the axes moved. Every time within the span now gives the same view, on
// every preset (its saved view set aside) at two canvas shapes, with both bodies whole on the
// canvas and the arrows' tips at the start, p + v, on it (judge: the bodies' own p + t·v mapped
// by the view).
TEST(Fit, EveryTimeWithinThePathsIsFramedAlike) {
    int frames = 0;
    for (const embedded::File& file : embedded::presets()) {
        Scene scene = preset(file.name);
        scene.view = {};
        scene.time.current = 0.0;
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        std::optional<Impact> impact;
        if (scene.response.enabled)
            if (Result<Impact> r = respond(e, scene.response.restitution)) impact = std::move(r).value();
        if (impact) continue;  // (a bounce bends the paths: its arrows are judged by the picture tests)
        const double blend = scene.show.relative_frame ? 1.0 : 0.0;
        if (blend > 0.0) continue;
        for (const glm::dvec2 canvas : {glm::dvec2(1280, 720), glm::dvec2(800, 500)}) {
            const View first = scene_view(scene, e, canvas);
            const TimeSpan span = path_span(scene, e);
            for (int k = 1; k <= 8; ++k) {
                Scene at = scene;
                at.time.current = span.begin + (span.end - span.begin) * k / 8.0;
                const View view = scene_view(at, e, canvas);
                ++frames;
                EXPECT_NEAR(view.pixels_per_unit, first.pixels_per_unit, 1e-9 * first.pixels_per_unit)
                    << file.name << " at t = " << at.time.current << " (" << canvas.x << " x " << canvas.y << ")";
                EXPECT_NEAR(glm::distance(view.center, first.center), 0.0, 1e-9 * canvas.x / first.pixels_per_unit)
                    << file.name << " at t = " << at.time.current;
                for (const Body& body : {at.body_a(), at.body_b()}) {
                    const glm::dvec2 c = view.to_screen(body.position_at(at.time.current));
                    const double r = body.radius * view.pixels_per_unit;
                    EXPECT_TRUE(c.x - r >= -0.5 && c.x + r <= canvas.x + 0.5 && c.y - r >= -0.5 && c.y + r <= canvas.y + 0.5)
                        << file.name << ": a body off the canvas at t = " << at.time.current;
                    const glm::dvec2 tip = view.to_screen(body.position_at(span.begin) + body.velocity);
                    EXPECT_TRUE(tip.x >= 0.0 && tip.x <= canvas.x && tip.y >= 0.0 && tip.y <= canvas.y)
                        << file.name << ": an arrow's tip off the canvas at the start";
                }
            }
        }
    }
    EXPECT_GT(frames, 200);
}

// Figures at the horizon showed a velocity arrow running off the edge (an author's and a code
// review): where framing every arrow costs little (oblique-hit 3%, chase and overlapping 7%),
// each arrow is whole on the canvas at every time within the span (judge: the bodies' own
// positions and velocities, mapped by the view). Where it would cost much (tunnelling's B points
// 8 units past its path at the horizon: 31%; the collision-response lesson's bounced B: 13%),
// the lesson keeps its size: tunnelling's B is drawn at least 44 px across at 1280 x 720.
TEST(Fit, ArrowsStayWholeWhereThatCostsLittle) {
    const glm::dvec2 canvas(1280, 720);
    for (const char* name : {"oblique-hit.json", "chase.json", "overlapping.json", "head-on-hit.json"}) {
        const Scene scene = preset(name);
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        std::optional<Impact> impact;
        if (scene.response.enabled) impact = respond(e, scene.response.restitution).value();
        Scene fitted = scene;
        fitted.view = {};
        const View view = scene_view(fitted, e, canvas, 1.0f, impact ? &*impact : nullptr);
        const TimeSpan span = path_span(scene, e);
        for (int k = 0; k <= 16; ++k) {
            const double t = span.begin + (span.end - span.begin) * k / 16.0;
            for (int i = 0; i < 2; ++i) {
                const Body& body = i == 0 ? scene.bodies[0].body : scene.bodies[1].body;
                glm::dvec2 at = body.position_at(t);
                glm::dvec2 v = body.velocity;
                if (impact && t > impact->time) {  // after the bounce: from the contact on, the new velocity
                    v = i == 0 ? impact->velocity_a_after : impact->velocity_b_after;
                    at = body.position_at(impact->time) + (t - impact->time) * v;
                }
                const glm::dvec2 tip = view.to_screen(at + v);
                EXPECT_TRUE(tip.x >= -0.5 && tip.x <= canvas.x + 0.5 && tip.y >= -0.5 && tip.y <= canvas.y + 0.5)
                    << name << ": " << (i == 0 ? "A" : "B") << "'s arrow off the canvas at t = " << t << " (" << tip.x << ", " << tip.y << ")";
            }
        }
    }
    const Scene tunnelling = preset("tunnelling.json");
    const Encounter e = analyze(tunnelling.body_a(), tunnelling.body_b()).value();
    const View view = scene_view(tunnelling, e, canvas);
    EXPECT_GE(2.0 * tunnelling.body_b().radius * view.pixels_per_unit, 44.0);
}

// The exact-zero lesson opened with A's wrong ghost (t = −1) cut in half at the canvas's edge
// (a teacher's review): F, and a scene opened without a saved view, frame the pitfall's ghosts
// too. Judge: every ghost ring the picture draws for the pitfall lies whole on the canvas, on
// every pitfall preset at two canvas shapes.
TEST(Fit, ThePitfallsGhostsAreFramed) {
    int ghosts = 0;
    for (const embedded::File& file : embedded::presets()) {
        Scene scene = preset(file.name);
        if (!scene.show.pitfall) continue;
        scene.view = {};
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        for (const glm::dvec2 canvas : {glm::dvec2(1280, 720), glm::dvec2(800, 600)}) {
            PictureInput in;
            in.scene = &scene;
            in.encounter = &e;
            in.view = scene_view(scene, e, canvas);
            const Picture picture = build_picture(in);
            for (const Primitive& p : picture.items) {
                if (p.role != Role::PitfallGhost || p.shape == Shape::Label) continue;
                ++ghosts;
                const glm::dvec2 c = picture.view.to_screen(p.p0);
                const double r = p.radius * picture.view.pixels_per_unit;
                EXPECT_TRUE(c.x - r >= -0.5 && c.x + r <= canvas.x + 0.5 && c.y - r >= -0.5 && c.y + r <= canvas.y + 0.5)
                    << file.name << " (" << canvas.x << " x " << canvas.y << "): a wrong ghost off the canvas at (" << c.x << ", "
                    << c.y << ") r " << r;
            }
        }
    }
    EXPECT_GT(ghosts, 8);
}

// The bodies' names, each drawn at its body's centre, lay one over the other while the bodies
// passed through each other (an author's film strip of pitfall-precedence at --time 3.5: "B" on
// "A"). Judge: both names' boxes, measured with the real font, do not overlap, on every preset at
// 24 times across its horizon and on random overlapping pairs with long names, on a small and a
// large canvas at UI scales 1 to 3.3.
TEST(Fit, TwoNamesNeverLieOneOverTheOther) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    std::vector<Case> all;
    for (const embedded::File& file : embedded::presets()) all.push_back({std::string(file.name), preset(file.name)});
    std::mt19937 rng(20261127);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const char* const names[][2] = {{"A", "B"}, {"Äußerst schwerer Körper", "ball"}, {"x", "a much longer name here"}};
    for (int k = 0; k < 30; ++k) {
        Scene scene = preset("oblique-hit.json");
        scene.bodies[0].body.position = {u(rng), u(rng)};
        scene.bodies[1].body.position = {u(rng), u(rng)};  // overlapping or nearly at t = 0
        scene.bodies[1].body.velocity = {u(rng), u(rng)};
        scene.bodies[0].label = names[k % 3][0];
        scene.bodies[1].label = names[k % 3][1];
        all.push_back({"random overlapping pair " + std::to_string(k), scene});
    }
    int overlapping_names = 0;  // where the names at the centres alone would have overlapped
    for (const Case& c : all) {
        const Encounter e = analyze(c.scene.body_a(), c.scene.body_b()).value();
        for (const glm::dvec2 size : {glm::dvec2(485, 303), glm::dvec2(1200, 750)}) {
            for (const float scale : {1.0f, 2.0f, 3.3f}) {
                for (int step = 0; step <= 24; ++step) {
                    Scene at = c.scene;
                    at.time.current = c.scene.time.horizon * step / 24.0;
                    const Picture picture = framed_picture(at, e, std::nullopt, size, scale);
                    const Primitive* a = picture.find(Role::BodyLabel, 0);
                    const Primitive* b = picture.find(Role::BodyLabel, 1);
                    if (!a || !b) continue;
                    const Box box_a = text_box(*a, picture.view);
                    const Box box_b = text_box(*b, picture.view);
                    const glm::dvec2 overlap = glm::min(box_a.max, box_b.max) - glm::max(box_a.min, box_b.min);
                    EXPECT_FALSE(overlap.x > 0.5 && overlap.y > 0.5)
                        << c.name << " at t = " << at.time.current << ", " << size.x << " x " << size.y << ", scale " << scale
                        << ": \"" << a->text << "\" and \"" << b->text << "\" overlap by " << overlap.x << " x " << overlap.y << " px"
                        << " (A's box " << box_a.min.x << ", " << box_a.min.y << " to " << box_a.max.x << ", " << box_a.max.y
                        << "; B's " << box_b.min.x << ", " << box_b.min.y << " to " << box_b.max.x << ", " << box_b.max.y << ")";
                    Primitive centred_a = *a;
                    Primitive centred_b = *b;
                    centred_a.offset_px = centred_b.offset_px = glm::dvec2(0.0);
                    const Box ca = text_box(centred_a, picture.view);
                    const Box cb = text_box(centred_b, picture.view);
                    const glm::dvec2 centred = glm::min(ca.max, cb.max) - glm::max(ca.min, cb.min);
                    overlapping_names += centred.x > 0.0 && centred.y > 0.0;
                }
            }
        }
    }
    EXPECT_GT(overlapping_names, 100);  // the judge saw the cases that matter
}

// A film strip of still frames through a head-on pass, 1/60 s apart: the names, set apart along
// the line of the box centres, swapped sides in one frame as the bodies crossed ("A" right of
// "B", then left: a code review). They now turn round each other, B's over A's. Judge: where
// the names are set apart, each moves between two frames, relative to its body, no more than
// four times what the bodies moved relative to each other, and 4 px at the UI scale.
TEST(Fit, NamesTurnRoundEachOtherThroughAHeadOnPass) {
    ASSERT_NE(TextMetrics::shared(), nullptr);
    const Scene scene = preset("head-on-hit.json");
    const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
    ASSERT_TRUE(e.t_closest.has_value());
    int apart = 0;
    for (const auto& [size, scale] : {std::pair{glm::dvec2(800, 500), 1.0f}, std::pair{glm::dvec2(1200, 750), 2.0f}}) {
        const View view = scene_view(scene, e, size, scale);
        glm::dvec2 before[2]{glm::dvec2(0.0), glm::dvec2(0.0)};
        double bodies_before = 0.0;
        bool has_before = false;
        for (int step = -45; step <= 45; ++step) {
            PictureInput in;
            in.scene = &scene;
            in.encounter = &e;
            in.view = view;
            in.time = *e.t_closest + step / 60.0;
            in.scale = scale;
            const Picture picture = build_picture(in);
            const Primitive* label[2] = {picture.find(Role::BodyLabel, 0), picture.find(Role::BodyLabel, 1)};
            ASSERT_TRUE(label[0] && label[1]);
            // set apart: their boxes at the bodies' centres would overlap
            Primitive centred[2] = {*label[0], *label[1]};
            centred[0].offset_px = centred[1].offset_px = glm::dvec2(0.0);
            const Box c0 = text_box(centred[0], picture.view);
            const Box c1 = text_box(centred[1], picture.view);
            const bool set_apart = c0.min.x < c1.max.x && c1.min.x < c0.max.x && c0.min.y < c1.max.y && c1.min.y < c0.max.y;
            const double bodies = picture.view.to_screen(label[1]->p0).x - picture.view.to_screen(label[0]->p0).x;
            if (set_apart && has_before) {
                ++apart;
                for (int i = 0; i < 2; ++i) {
                    const double jumped = glm::distance(label[i]->offset_px, before[i]);
                    EXPECT_LE(jumped, 4.0 * std::abs(bodies - bodies_before) + 4.0 * scale)
                        << size.x << " x " << size.y << " at t = " << in.time << ": \"" << label[i]->text << "\" jumped " << jumped << " px";
                }
            }
            before[0] = label[0]->offset_px;
            before[1] = label[1]->offset_px;
            bodies_before = bodies;
            has_before = set_apart;
        }
    }
    EXPECT_GT(apart, 10);
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// A radius of 1e308 made the box 2e308 = ∞ across: the fit's zoom came out 0, the canvas drew
// nothing, and F did nothing however often pressed (a young student's review). The fit is now
// finite for any finite scene, as close as the zoom's range allows, and holds the bodies' centres.
// And a scene 1e296 across is framed whole (a recheck: the zoom stopped at 1e-290 pixels a unit,
// and it was a sliver of nothing): both bodies on the canvas, at least 10 px across.
TEST(Fit, ASceneNearTheTopOfTheDoublesIsFramedWhole) {
    for (const double k : {1e292, 1e295, 1e300}) {
        Scene scene;
        scene.bodies[0].body = Body{{0.0, 0.0}, {k, 0.0}, k, 1};
        scene.bodies[1].body = Body{{10.0 * k, 0.0}, {-k, 0.0}, k, 1};
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        const glm::dvec2 canvas(1280, 720);
        const View view = scene_view(scene, e, canvas);
        SCOPED_TRACE(k);
        for (const Body& b : {scene.body_a(), scene.body_b()}) {
            const glm::dvec2 s = view.to_screen(b.position);
            EXPECT_TRUE(s.x >= 0.0 && s.x <= canvas.x && s.y >= 0.0 && s.y <= canvas.y) << "a centre off the canvas at " << s.x << ", " << s.y;
            EXPECT_GE(2.0 * b.radius * view.pixels_per_unit, 10.0);
        }
    }
}

TEST(Fit, AScenePastTheDoublesAcrossStillFrames) {
    for (const double radius : {1e308, 1.7e308, 1e300}) {
        Scene scene;
        scene.bodies[0].body = Body{{-6, -3}, {1.5, 0.75}, radius, 1};
        scene.bodies[1].body = Body{{5, -4}, {-1, 1.25}, 0.9, 1};
        const Encounter e = analyze(scene.body_a(), scene.body_b()).value();
        const View view = scene_view(scene, e, {1280, 720});
        SCOPED_TRACE(radius);
        EXPECT_TRUE(std::isfinite(view.pixels_per_unit) && view.pixels_per_unit >= kLeastZoom) << view.pixels_per_unit;
        EXPECT_TRUE(std::isfinite(view.center.x) && std::isfinite(view.center.y));
        const Bounds shown = view.visible();
        for (const Body& b : {scene.body_a(), scene.body_b()}) {
            EXPECT_TRUE(b.position.x >= shown.min.x && b.position.x <= shown.max.x && b.position.y >= shown.min.y &&
                        b.position.y <= shown.max.y)
                << "a centre off the frame";
        }
        // and the picture has both bodies and the grid
        PictureInput in;
        in.scene = &scene;
        in.encounter = &e;
        in.view = view;
        const Picture picture = build_picture(in);
        EXPECT_EQ(picture.count(Role::Body), 2u);
        EXPECT_GT(picture.count(Role::Grid), 0u);
    }
    // the box of such a circle reaches both ways, its centre finite
    Bounds box;
    box.add(glm::dvec2(1e308, 0), 1.5e308);
    EXPECT_EQ(box.max.x, std::numeric_limits<double>::max());
    EXPECT_EQ(box.min.x, -0.5e308);
    EXPECT_TRUE(std::isfinite(box.center().x));
}

}  // namespace
}  // namespace tangent
