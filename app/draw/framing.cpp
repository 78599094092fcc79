// The fit (framing.h): the story's bounds and the arrows framed with it, the overlays' corner it
// keeps clear of, and the search for the largest view that shows it.

#include "framing.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "core/discrete.h"
#include "core/pitfalls.h"
#include "motion.h"
#include "picture_builder.h"
#include "picture_internal.h"
#include "text_metrics.h"
#include "text_wrap.h"

namespace tangent {

namespace {

// Times further than this many horizons from [0, horizon] are not worth widening the view for.
constexpr double kSpanReach = 1.0;

}  // namespace

bool near_span(double t, double horizon) { return t >= -kSpanReach * horizon && t <= (1.0 + kSpanReach) * horizon; }

TimeSpan path_span(const Scene& scene, const Encounter& e) {
    const double horizon = scene.time.horizon;
    TimeSpan span{0.0, horizon};
    const auto widen = [&](std::optional<double> t) {
        if (t && near_span(*t, horizon)) {
            span.begin = std::min(span.begin, *t);
            span.end = std::max(span.end, *t);
        }
    };
    widen(e.t_enter);
    widen(e.t_exit);
    widen(e.t_closest);
    return span;
}

namespace {

// The time span the story takes when the whole paths would make the bodies dots: from the
// paths' start to a little after the last contact or the closest approach, and the time shown.
TimeSpan story_span(const Scene& scene, const Encounter& e) {
    const TimeSpan span = path_span(scene, e);
    double story_end = span.begin;
    for (std::optional<double> t : {e.t_exit, e.t_closest})
        if (t && *t >= span.begin && *t <= span.end) story_end = std::max(story_end, *t);
    story_end = story_end > span.begin ? std::min(span.end, story_end + 0.25 * (story_end - span.begin)) : span.end;
    story_end = std::max(story_end, std::min(span.end, scene.time.current));
    return {span.begin, story_end};
}

// The span a fit frames: the whole paths, or the story's part of them.
TimeSpan framed_span(const Scene& scene, const Encounter& e, const Impact* impact, bool whole_paths) {
    if (whole_paths) return path_span(scene, e);
    TimeSpan span = story_span(scene, e);
    // after a bounce the story is how the bodies leave: their new paths to the horizon
    const Motion motion(scene, impact, 0.0);
    if (const std::optional<double> t = motion.impact_time(); t && *t >= span.begin && *t <= path_span(scene, e).end)
        span.end = path_span(scene, e).end;
    return span;
}

}  // namespace

namespace {

// The story a fit frames, but for the velocity arrows: both paths over the whole span they are
// drawn (so the bodies stay in view as the scene plays to the horizon: framed to a little after
// the contact, B would leave the canvas for the last 40% of the tunnelling loop, and its last
// checks with it), the bodies now, the contact and the closest approach (which the span takes in
// when they are near it), and the pitfall's wrong ghosts where the picture draws them (else the
// exact-zero lesson's A at t = −1 is cut in half at the canvas's edge); or,
// where the whole paths leave the bodies dots (a horizon typed as 20), the story's part of them.
Bounds story_bounds(const Scene& scene, const Encounter& e, const Motion& motion, const TimeSpan& span) {
    Bounds bounds;
    for (int i = 0; i < 2; ++i) {
        const double r = motion.radius(i);
        bounds.add(motion.position(i, span.begin), r);
        bounds.add(motion.position(i, span.end), r);
        if (motion.impact_time()) bounds.add(motion.position(i, *motion.impact_time()), r);
        // (a body beyond any double at the time shown, not drawn, frames nothing: at t = 1e308 the
        // fit fell back to the bodies at t = 0 and cut the contact off the top: an author's review)
        const glm::dvec2 now = motion.position(i, scene.time.current);
        if (std::isfinite(now.x) && std::isfinite(now.y)) bounds.add(now, r);
    }
    if (scene.show.pitfall) {
        const PitfallReport report = compare_pitfalls(e);
        for (const PitfallAnswer& answer : report.answers) {
            if (answer.variant != *scene.show.pitfall || !answer.t_first_contact) continue;
            const double t = *answer.t_first_contact;
            if (!std::isfinite(t) || !near_span(t, 4.0 * scene.time.horizon)) continue;
            for (int i = 0; i < 2; ++i) bounds.add(motion.position(i, t), motion.radius(i));
        }
    }
    return bounds;
}

using Segments = std::vector<std::pair<glm::dvec2, glm::dvec2>>;

// The velocity arrows' tips a fit frames, as segments (an arrow itself where one tip is framed). Where the
// arrows drawn at every time within the span widen the story's framing by at most 10%, all of
// them (each arrow whole at any time shown: else unequal's bounced B at t = 6 runs off a
// figure); else those at the span's start, the handles a user drags (tunnelling's B at the
// horizon points 8 units past its path: framing that draws the lesson 30% smaller). Either way the
// same at every time within the span (else a film strip's frame at the horizon is framed smaller
// than the rest, and its axes move); outside it, the arrows at the time shown too.
//
// Framing the story's part of the paths (whole_paths false: the bodies would be dots), an arrow
// is left out where it alone would draw the story at less than half its size:
// a fast bullet's arrow, v × 1, ran 60 units past a story 14 wide, and the fit kept the bullet
// a 2-px dot with the contact unseen (an instructor's review). Its arrow then runs off the
// canvas; zooming out (or F after a longer arrow is no longer wanted) brings its tip back.
Segments framed_arrow_tips(const Scene& scene, const Motion& motion, const TimeSpan& span, const Bounds& story, double aspect,
                           bool whole_paths) {
    Segments track;
    Segments start;
    for (int i = 0; i < 2; ++i) {
        std::vector<double> times = {span.begin, span.end};
        if (const auto t = motion.impact_time(); t && *t > span.begin && *t < span.end) times.insert(times.begin() + 1, *t);
        for (std::size_t k = 0; k + 1 < times.size(); ++k) {
            const glm::dvec2 v = motion.arrow(i, 0.5 * (times[k] + times[k + 1]));
            track.emplace_back(motion.position(i, times[k]) + v, motion.position(i, times[k + 1]) + v);
        }
        const glm::dvec2 at = motion.position(i, span.begin);
        start.emplace_back(at, at + motion.arrow(i, span.begin));  // (the arrow whole: for story_clears)
    }
    // how much room the story takes on a canvas of this aspect (width / height; 0: unknown, then
    // each axis on its own): the larger of its width and its height in widths
    const auto room = [&](const Segments& tips) {
        Bounds bounds = story;
        for (const auto& [from, to] : tips) {
            bounds.add(from);
            bounds.add(to);
        }
        const glm::dvec2 size = bounds.size();
        return aspect > 0.0 ? glm::dvec2(std::max(size.x, size.y * aspect)) : size;
    };
    const glm::dvec2 whole = room(track);
    const glm::dvec2 least = room(start);
    Segments tips = whole.x <= 1.1 * least.x && whole.y <= 1.1 * least.y ? track : start;
    // (each body's arrow on its own: the bullet's goes, a slow target's stays: a code review)
    const glm::dvec2 bare = room({});
    if (!whole_paths)
        std::erase_if(tips, [&](const std::pair<glm::dvec2, glm::dvec2>& tip) {
            const glm::dvec2 with = room({tip});
            return with.x > 2.0 * bare.x || with.y > 2.0 * bare.y;
        });
    const double now = scene.time.current;
    if (now < span.begin || now > span.end)
        for (int i = 0; i < 2; ++i) {
            const glm::dvec2 at = motion.position(i, now);
            const glm::dvec2 tip = at + motion.arrow(i, now);
            if (std::isfinite(tip.x) && std::isfinite(tip.y) && std::isfinite(at.x) && std::isfinite(at.y)) tips.emplace_back(at, tip);
        }
    return tips;
}

}  // namespace

Bounds content_bounds(const Scene& scene, const Encounter& e, const Impact* impact, double relative_blend, bool whole_paths,
                      double aspect) {
    const Motion motion(scene, impact, relative_blend);
    const TimeSpan span = framed_span(scene, e, impact, whole_paths);
    Bounds bounds = story_bounds(scene, e, motion, span);
    for (const auto& [from, to] : framed_arrow_tips(scene, motion, span, bounds, aspect, whole_paths)) {
        bounds.add(from);
        bounds.add(to);
    }
    return bounds;
}

namespace {

// The overlays' stack at scale 1, from the top edge: the badge and its sentence, 100 px; the
// banner and its legend, 80 more (as Builder::badge() and banner() place them, one line each).
double overlay_stack_px(bool banner) { return 100.0 + (banner ? 80.0 : 0.0); }

}  // namespace

std::vector<ScreenBox> overlay_boxes(const Picture& picture, const TextMetrics& metrics) {
    std::vector<ScreenBox> boxes;
    for (const Primitive& p : picture.items) {
        if (p.shape != Shape::Label || (p.role != Role::Badge && p.role != Role::Banner) || p.text.empty()) continue;
        const TextExtent extent = metrics.measure(p.text, p.font_px, p.bold);
        const TextBox text = label_box(p, picture.view, {extent.width, extent.height});
        boxes.push_back({text.top_left - glm::dvec2(p.box_padding_px), text.top_left + text.size + glm::dvec2(p.box_padding_px)});
    }
    return boxes;
}

namespace {

// Where the overlays (the case badge, its sentences, the MISSED banner) sit on a canvas with this
// view: the box around their text, measured with the labels' font; none where text cannot be measured.
std::optional<ScreenBox> overlay_corner(const Scene& scene, const Encounter& encounter, const View& view, float scale,
                                        const Impact* impact, double relative_blend) {
    const TextMetrics* metrics = TextMetrics::shared();
    if (!metrics) return std::nullopt;
    std::optional<SamplingResult> sampling;
    if (scene.discrete.enabled) {
        Result<SamplingResult> sampled = sample_overlaps(encounter, scene.sampling());
        if (sampled) sampling = std::move(sampled).value();
    }
    PictureInput in;
    in.scene = &scene;
    in.encounter = &encounter;
    in.sampling = sampling ? &*sampling : nullptr;
    in.impact = impact;
    in.view = view;
    in.time = scene.time.current;
    in.scale = scale;
    in.relative_blend = relative_blend;
    std::optional<ScreenBox> box;
    for (const ScreenBox& label : overlay_boxes(build_picture(in), *metrics))
        box = box ? ScreenBox{glm::min(box->min, label.min), glm::max(box->max, label.max)} : label;
    return box;
}


// The story as the fit keeps it clear of the overlays' corner, in world units: each body swept
// along its path over the span framed (bent at an impact), and the velocity arrows the fit frames
// (at the span's start, or as drawn at every time in it). The same for every candidate view.
struct StoryOutline {
    std::array<std::vector<glm::dvec2>, 2> paths;  // each body's centre at the span's ends and the impact
    std::array<double, 2> radii{};
    Segments arrows;
};

StoryOutline story_outline(const Scene& scene, const Encounter& encounter, const Impact* impact, double relative_blend,
                           bool whole_paths, double aspect) {
    const Motion motion(scene, impact, relative_blend);
    const TimeSpan span = framed_span(scene, encounter, impact, whole_paths);
    StoryOutline story;
    std::vector<double> times = {span.begin, span.end};
    if (const auto t = motion.impact_time(); t && *t > times[0] && *t < times[1]) times.insert(times.begin() + 1, *t);
    for (int i = 0; i < 2; ++i) {
        story.radii[i] = motion.radius(i);
        for (const double t : times) story.paths[i].push_back(motion.position(i, t));
    }
    story.arrows = framed_arrow_tips(scene, motion, span, story_bounds(scene, encounter, motion, span), aspect, whole_paths);
    return story;
}

// Whether the story stays out of the box on a canvas with this view.
bool story_clears(const StoryOutline& story, const View& view, const ScreenBox& box) {
    for (int i = 0; i < 2; ++i) {
        const double r = story.radii[i] * view.pixels_per_unit;
        const std::vector<glm::dvec2>& path = story.paths[i];
        for (std::size_t k = 0; k + 1 < path.size(); ++k)
            if (segment_box_distance(view.to_screen(path[k]), view.to_screen(path[k + 1]), box) <= r) return false;
    }
    for (const auto& [from, to] : story.arrows)  // none through the overlays' corner
        if (segment_box_distance(view.to_screen(from), view.to_screen(to), box) <= 0.0) return false;
    return true;
}

}  // namespace

namespace {

// The largest zoom above `below` (pixels per unit) at which the story fits the canvas within
// `margins` at some centre that keeps it clear of `keep_out`, with that centre (the one nearest
// the middle of where the canvas holds it), or nothing. Zooms in steps of 4%, centres on a grid
// of 13 × 13 over the range that keeps the bounds inside the margins.
std::optional<View> bent_round_corner(const Bounds& bounds, glm::dvec2 size_px, const Margins& margins, const StoryOutline& story,
                                      const ScreenBox& keep_out, double below) {
    const View whole = fit_view(bounds, size_px, margins);
    if (!(whole.pixels_per_unit > below * 1.04) || !std::isfinite(whole.pixels_per_unit)) return std::nullopt;
    for (double zoom = whole.pixels_per_unit; zoom > below * 1.04; zoom /= 1.04) {
        // the centres that keep the bounds inside the margins (to_screen: x right, y down)
        const glm::dvec2 low{bounds.max.x - (0.5 * size_px.x - margins.right) / zoom, bounds.max.y - (0.5 * size_px.y - margins.top) / zoom};
        const glm::dvec2 high{bounds.min.x + (0.5 * size_px.x - margins.left) / zoom, bounds.min.y + (0.5 * size_px.y - margins.bottom) / zoom};
        if (!(low.x <= high.x && low.y <= high.y)) continue;
        const glm::dvec2 middle = 0.5 * (low + high);
        std::optional<View> found;
        double nearest = std::numeric_limits<double>::infinity();
        constexpr int kSteps = 12;
        for (int i = 0; i <= kSteps; ++i)
            for (int j = 0; j <= kSteps; ++j) {
                View view;
                view.size_px = size_px;
                view.pixels_per_unit = zoom;
                view.center = low + (high - low) * glm::dvec2(i, j) / static_cast<double>(kSteps);
                const double off = glm::length((view.center - middle) * zoom);
                if (off < nearest && story_clears(story, view, keep_out)) {
                    nearest = off;
                    found = view;
                }
            }
        if (found) return found;
    }
    return std::nullopt;
}

// How far up from the bottom the caption reaches, boxed and wrapped as the picture draws it
// (Builder::caption), or 0 with no caption to draw.
double caption_band_px(const Scene& scene, glm::dvec2 size_px, float scale) {
    const TextMetrics* metrics = TextMetrics::shared();
    if (scene.caption.empty() || !metrics) return 0.0;
    const double font = 15.0 * scale;
    const double padding = font * 0.35;
    const std::string lines = wrap_text(scene.caption, font, false, size_px.x - 32.0 * scale - 2.0 * padding);
    return 14.0 * scale + padding + metrics->measure(lines, font, false).height + padding;
}

// The smallest body a fit of the whole paths may leave, across, in canvas pixels at scale 1.
constexpr double kMinFramedBodyPx = 14.0;

// The fit of scene_view() with the overlays drawn at `overlays` (their scale), and `caption_px`
// kept clear along the bottom (the whole paths, or the story's part of them). `covered` is set
// when no view found keeps the story clear of the overlays' corner.
View frame_story(const Scene& scene, const Encounter& encounter, glm::dvec2 size_px, float scale, const Impact* impact,
                 double relative_blend, float overlays_scale, double caption_px, bool whole_paths, bool* covered = nullptr) {
    // room on top for the case badge (and the tunnelling banner), and for labels all round
    const double edge = std::min(size_px.x, size_px.y) * 0.06 + 24.0 * scale;
    // and the relative frame's sentence under the badge's
    const double stack = overlay_stack_px(scene.discrete.enabled) + (relative_blend >= 0.5 ? 36.0 : 0.0);
    const double overlays = stack * overlays_scale;
    // above the caption, room for the labels under a path (a time number, d_min)
    const double bottom = std::max(edge, caption_px > 0.0 ? caption_px + 24.0 * scale : 0.0);
    // below the overlays, room for a body's name above it too
    const Margins margins{std::min(overlays + 24.0 * scale, size_px.y * 0.45), edge, bottom, edge};
    Bounds bounds = content_bounds(scene, encounter, impact, relative_blend, whole_paths, size_px.x / size_px.y);
    const glm::dvec2 extent = bounds.size();
    if (!(std::isfinite(extent.x) && std::isfinite(extent.y))) {
        // the time shown so far out that the bodies there are beyond a figure (t = 1e308): the
        // story as it is within the paths' span, the bodies then left out of the picture (framed
        // with them, at t = 0, the contact was cut off the top: an author's review)
        const TimeSpan span = path_span(scene, encounter);
        if (scene.time.current < span.begin || scene.time.current > span.end) {
            Scene within = scene;
            within.time.current = std::clamp(scene.time.current, span.begin, span.end);
            const glm::dvec2 story = content_bounds(within, encounter, impact, relative_blend, whole_paths, size_px.x / size_px.y).size();
            if (std::isfinite(story.x) && std::isfinite(story.y))
                return frame_story(within, encounter, size_px, scale, impact, relative_blend, overlays_scale, caption_px, whole_paths);
        }
        // the paths reach beyond any double (velocities near 1e308): frame the bodies as they are
        // now, or where that too is beyond (t = 1e308), as they are at t = 0
        const Motion motion(scene, impact, relative_blend);
        for (const double t : {scene.time.current, 0.0}) {
            bounds = Bounds{};
            for (int i = 0; i < 2; ++i) bounds.add(motion.position(i, t), motion.radius(i));
            const View view = fit_view(bounds, size_px, margins);
            if (std::isfinite(view.center.x) && std::isfinite(view.center.y) && std::isfinite(view.pixels_per_unit) &&
                view.pixels_per_unit > 0.0)
                return view;
        }
        return fit_view(bounds, size_px, margins);
    }
    View band = fit_view(bounds, size_px, margins);
    band.overlay_fit = OverlayFit{overlays_scale, size_px, scale};
    // The overlays take the top-left corner, not the whole top edge: where the story keeps clear
    // of that corner, or fits beside it, it is drawn larger (at a projector's UI scale 2 a band
    // above takes 45% of the canvas's height and leaves the scene a third of its size). Measured,
    // the corner also shows where a band of fixed height is too short (sentences wrapped at scale 3).
    const std::optional<ScreenBox> corner = overlay_corner(scene, encounter, band, scale, impact, relative_blend);
    if (!corner) return band;
    const double room = 24.0 * scale;  // for the labels along the paths and the bodies' names
    const ScreenBox keep_out{corner->min, corner->max + glm::dvec2(room)};
    View candidates[] = {band, fit_view(bounds, size_px, Margins{edge, edge, bottom, edge}),
                         fit_view(bounds, size_px, Margins{edge, edge, bottom, keep_out.max.x + 1.0}),
                         fit_view(bounds, size_px, Margins{keep_out.max.y + 1.0, edge, bottom, edge})};
    for (View& candidate : candidates) candidate.overlay_fit = band.overlay_fit;
    const StoryOutline story = story_outline(scene, encounter, impact, relative_blend, whole_paths, size_px.x / size_px.y);
    std::optional<View> best;
    bool to_one_side = false;  // beside the corner or below it
    for (const View& candidate : candidates) {
        // (a margin wider than the canvas leaves the story a point off it, clear of everything)
        const glm::dvec2 drawn = bounds.size() * candidate.pixels_per_unit;
        if (drawn.x < 0.1 * size_px.x && drawn.y < 0.1 * size_px.y) continue;
        if ((!best || candidate.pixels_per_unit > best->pixels_per_unit) &&
            story_clears(story, candidate, keep_out)) {
            best = candidate;
            to_one_side = &candidate >= &candidates[2];
        }
    }
    // Between those: the largest zoom at which the story, placed anywhere the canvas holds it,
    // bends round the corner (an oblique hit's paths leave most of the top left empty; below
    // or beside the corner it was drawn at half the size: a live lesson's review at UI scale
    // 1.5, the tunnelling banner up). Zooms from the full canvas's down to the best above, each
    // tried at a grid of places, the one nearest the middle kept.
    if (const std::optional<View> bent = bent_round_corner(bounds, size_px, Margins{edge, edge, bottom, edge}, story, keep_out,
                                                           best ? best->pixels_per_unit : band.pixels_per_unit)) {
        View view = *bent;
        view.overlay_fit = band.overlay_fit;
        return view;
    }
    if (!best) {
        if (covered) *covered = true;
        return band;
    }
    if (!to_one_side) return *best;
    // Framed beside the corner (or below it), the story stands in the middle of what is left:
    // at the same size it slides back towards the canvas's centre as far as it stays clear of
    // the corner (else a short wide canvas, the tour's relative frame at 1024 x 768, shows it in
    // the right third beside two thirds of empty axis). Bisected on the way from there to the centre.
    // (and no further down than the caption's band lets it)
    const auto clears = [&](const View& v) {
        return story_clears(story, v, keep_out) &&
               v.to_screen({bounds.min.x, bounds.min.y}).y <= size_px.y - bottom + 0.5;
    };
    View slid = *best;
    const glm::dvec2 from = best->center;
    const glm::dvec2 to = bounds.center();
    slid.center = to;
    if (clears(slid)) return slid;
    double clear_part = 0.0;
    double blocked_part = 1.0;
    for (int k = 0; k < 16; ++k) {
        const double part = 0.5 * (clear_part + blocked_part);
        slid.center = from + (to - from) * part;
        (clears(slid) ? clear_part : blocked_part) = part;
    }
    slid.center = from + (to - from) * clear_part;
    return slid;
}

}  // namespace

View scene_view(const Scene& scene, const Encounter& encounter, glm::dvec2 size_px, float scale, const Impact* impact,
                double relative_blend, bool caption) {
    if (scene.view.center && scene.view.zoom) {
        View view;
        view.center = *scene.view.center;
        view.pixels_per_unit = *scene.view.zoom * size_px.y / kReferenceCanvasHeight;
        view.size_px = size_px;
        return view;
    }
    // At a projector's UI scale on a short, wide canvas (the tour at 1920 x 1080, UI scale 2.4,
    // its canvas 620 px tall) the overlays at full size leave a wide story a strip a third of its
    // size, beside or below them. Then they are drawn a step smaller, as few steps as keep the
    // story within 80% of the largest these steps give, down to 0.91 of `scale`: their
    // sentences (16 and 15 px) stay no smaller than the time numbers along the paths (13.5 px).
    const float full = overlay_scale(size_px, scale, scene.discrete.enabled);
    const float least = std::min(full, 0.91f * scale);
    // a caption taller than a third of the canvas is not kept clear: the story would be a strip
    // (and one that leaves the overlays no room is left out of the picture anyway)
    double caption_px = caption ? caption_band_px(scene, size_px, scale) : 0.0;
    if (caption_px > size_px.y / 3.0) caption_px = 0.0;
    const auto fit_with = [&](bool whole_paths, double blend) {
        std::vector<View> fits;  // those that keep the story clear of the overlays, else all
        std::vector<View> covered_fits;
        for (float step = full;; step = std::max(least, step * 0.96f)) {
            bool covered = false;
            const View fit = frame_story(scene, encounter, size_px, scale, impact, blend, step, caption_px, whole_paths, &covered);
            (covered ? covered_fits : fits).push_back(fit);
            if (step <= least) break;
        }
        // Where every one of those steps leaves the overlays over the story (the banner's
        // sentences wrapped on a small canvas), they go on shrinking, down to 0.6 of `scale`, until
        // one keeps it clear at no less than 0.8 of the zoom (text a step smaller beats a scene
        // hidden, but not a scene drawn small). Else the steps' views, covered: export says so.
        if (fits.empty()) {
            double covered_zoom = 0.0;
            for (const View& fit : covered_fits) covered_zoom = std::max(covered_zoom, fit.pixels_per_unit);
            for (float step = least * 0.96f; step >= 0.6f * scale; step *= 0.96f) {
                bool covered = false;
                const View fit = frame_story(scene, encounter, size_px, scale, impact, blend, step, caption_px, whole_paths, &covered);
                if (!covered && fit.pixels_per_unit >= 0.8 * covered_zoom) return fit;
            }
            fits = covered_fits;
        }
        double largest = 0.0;
        for (const View& fit : fits) largest = std::max(largest, fit.pixels_per_unit);
        for (const View& fit : fits)
            if (fit.pixels_per_unit >= 0.8 * largest) return fit;
        return fits.front();
    };
    // The whole paths, unless that leaves a body under kMinFramedBodyPx across (a horizon typed
    // as 20 in the tunnelling lesson draws A and B as 10-px dots, the contact unseen): then the
    // story's part of them, to a little after the contact. (A point, the relative frame's B,
    // has no size to keep.) The relative frame takes the story where the world frame does: its
    // A, grown to radius R, kept the whole paths of a fast bullet (B a point running 60 units
    // past a contact 0.4 long), and R toggled the window between the story and a thin line.
    const auto too_small = [&](double blend, const View& whole) {
        const Motion motion(scene, impact, blend);
        double smallest = std::numeric_limits<double>::infinity();
        for (int i = 0; i < 2; ++i)
            if (motion.radius(i) > 0.0) smallest = std::min(smallest, 2.0 * motion.radius(i) * whole.pixels_per_unit);
        return smallest < kMinFramedBodyPx * scale;
    };
    const View whole = fit_with(true, relative_blend);
    if (!too_small(relative_blend, whole) && !(relative_blend > 0.0 && too_small(0.0, fit_with(true, 0.0)))) return whole;
    const View story = fit_with(false, relative_blend);
    return story.pixels_per_unit > whole.pixels_per_unit ? story : whole;
}

float overlay_scale(glm::dvec2 size_px, float scale, bool banner) {
    // 45% of the height; on a canvas more than twice as wide as tall (F11 with the time plot
    // open: 1280 x 360) up to 72%, as the scene is framed beside the overlays' corner there (at
    // 45% their sentences, the largest safe dt among them, shrink to 11 px beside 20-px labels)
    const double share = 0.45 * std::clamp(size_px.x / (2.0 * size_px.y), 1.0, 1.6);
    const double largest = share * size_px.y / overlay_stack_px(banner);
    return largest >= scale ? scale : std::max(static_cast<float>(largest), std::min(scale, 0.6f));
}

}  // namespace tangent
