// The Builder: a scene and its answer drawn as primitives (build_picture). The fit that frames
// them is in framing.cpp, the numbers they carry in canvas_numbers.cpp, the wrapping of their
// text in text_wrap.cpp, the canvas's hit-testing in handles.cpp, picture.h's own in picture.cpp.

#include "picture_builder.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <optional>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "core/discrete.h"
#include "core/format.h"
#include "core/pitfalls.h"
#include "motion.h"
#include "picture_internal.h"
#include "primitive_sink.h"
#include "shape_geometry.h"
#include "text_metrics.h"
#include "text_wrap.h"
#include "theme.h"

namespace tangent {

namespace {

// The contact normal's arrow, in px at scale 1.
constexpr double kNormalArrowPx = 42.0;
// How far from the canvas's side edges a label wrapped to its width keeps, in px at scale 1.
constexpr float kEdgePx = 12.0f;
/// The opacity of the backdrop under the overlays' sentences (the badge's, the banner's legend, the
/// caption): whole, as a path under them, a quarter seen through, struck through their words.
constexpr float kSentenceBackdrop = 1.0f;
/// How far an annotation over a body may move to stand clear of it, in heights of its own box.
constexpr double kOffBodyReach = 4.0;

// The samples drawn, [first, end): all of them, or the kMaxSamplesDrawn around the contact (the
// checks that see it or skip it), or around the closest approach when there is none.
std::pair<std::int64_t, std::int64_t> drawn_samples(const SamplingResult& s, const Encounter& e) {
    if (s.sample_count <= kMaxSamplesDrawn) return {0, s.sample_count};
    std::int64_t middle = 0;
    if (s.first_detect_k) {
        middle = *s.first_detect_k;
    } else if (s.before_contact_k || s.after_contact_k) {
        middle = s.after_contact_k ? *s.after_contact_k : *s.before_contact_k;
    } else if (const std::optional<double> t = e.t_enter ? e.t_enter : e.t_closest) {
        const double k = std::floor((*t - s.input.phase) / s.input.dt);
        middle = k <= 0.0 ? 0 : k >= static_cast<double>(s.sample_count) ? s.sample_count - 1 : static_cast<std::int64_t>(k);
    }
    const std::int64_t first = std::clamp(middle - kMaxSamplesDrawn / 2, std::int64_t{0}, s.sample_count - kMaxSamplesDrawn);
    return {first, first + kMaxSamplesDrawn};
}

// How a label just outside a circle, in the direction `away` from its centre (world, y up), is
// aligned so that the whole text lies on that side: the box's corner or edge nearest the circle
// sits at the anchor (eight ways, 45° each).
Align outward(glm::dvec2 away) {
    constexpr double kSin22 = 0.3827;  // sin 22.5°: beyond it a direction leans that way
    const int right = away.x > kSin22 ? 1 : away.x < -kSin22 ? -1 : 0;
    const int up = away.y > kSin22 ? 1 : away.y < -kSin22 ? -1 : 0;
    if (up > 0) return right > 0 ? Align::BottomLeft : right < 0 ? Align::BottomRight : Align::Bottom;
    if (up < 0) return right > 0 ? Align::TopLeft : right < 0 ? Align::TopRight : Align::Top;
    return right >= 0 ? Align::Left : Align::Right;
}

}  // namespace

double segment_box_distance(glm::dvec2 p, glm::dvec2 q, const ScreenBox& box) {
    // they meet where the segment clipped to the box is not empty (Liang-Barsky)
    double t0 = 0.0;
    double t1 = 1.0;
    const glm::dvec2 d = q - p;
    for (int axis = 0; axis < 2; ++axis) {
        if (d[axis] == 0.0) {
            if (p[axis] < box.min[axis] || p[axis] > box.max[axis]) t0 = 2.0;
            continue;
        }
        double ta = (box.min[axis] - p[axis]) / d[axis];
        double tb = (box.max[axis] - p[axis]) / d[axis];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
    }
    if (t0 <= t1) return 0.0;
    // apart, two convex shapes are nearest at a corner of one of them
    const auto to_box = [&](glm::dvec2 x) { return glm::distance(x, glm::clamp(x, box.min, box.max)); };
    const auto to_segment = [&](glm::dvec2 x) {
        const double len2 = glm::dot(d, d);
        const double t = len2 > 0.0 ? std::clamp(glm::dot(x - p, d) / len2, 0.0, 1.0) : 0.0;
        return glm::distance(x, p + t * d);
    };
    double nearest = std::min(to_box(p), to_box(q));
    for (const glm::dvec2 corner : {box.min, box.max, glm::dvec2(box.min.x, box.max.y), glm::dvec2(box.max.x, box.min.y)})
        nearest = std::min(nearest, to_segment(corner));
    return nearest;
}

namespace {

class Builder {
public:
    // the fit's choice where the view holds one for this canvas and UI scale, else overlay_scale()
    static float overlays_at(const PictureInput& in) {
        const std::optional<OverlayFit>& fit = in.view.overlay_fit;
        if (fit && fit->size_px == in.view.size_px && fit->ui_scale == in.scale) return fit->scale;
        return overlay_scale(in.view.size_px, in.scale, in.answers && in.sampling && in.sampling->missed);  // (no banner in a question)
    }

    explicit Builder(const PictureInput& in)
        : in_(in),
          scene_(*in.scene),
          e_(*in.encounter),
          pal_(palette(in.theme.value_or(scene_.show.theme))),
          view_(in.view),
          motion_(scene_, in.answers ? in.impact : nullptr, in.relative_blend),
          checked_(scene_, nullptr, in.relative_blend),
          sink_(picture_, Space::World, in.scale),
          overlay_k_(in.scale > 0.0f ? overlays_at(in) / in.scale : 1.0f) {
        picture_.background = pal_.background;
        picture_.view = view_;
        overlay_k_ = std::min(overlay_k_, title_fit_k());
    }

    Picture build() {
        grid();
        const bool answers = in_.answers;
        if (answers && in_.sampling && in_.sampling->missed) swept_capsules();
        if (scene_.show.paths) paths();
        if (in_.sampling) samples();
        // with the response on, the original motion's closest approach (inside the overlap) is moot
        if (answers && scene_.show.closest && e_.t_closest && !motion_.impact_time()) closest_approach();
        if (answers && scene_.show.ghosts && e_.t_enter) ghosts();
        if (answers && scene_.show.pitfall) pitfall_ghost(*scene_.show.pitfall);
        if (motion_.blend() > 0.0) relative_frame_marks();
        bodies();
        raise_contact_marks();
        if (answers && scene_.show.distance_now) distance_now();
        // the caption first, so that the overlays above it know where the room ends; a caption
        // that leaves no room for the case badge and the MISSED banner gives way to them
        overlay_floor_ = view_.size_px.y;
        const bool badge_shown = in_.overlays && answers;
        if (badge_shown) {  // measured once: the caption's test, the badge and the banner use them
            badge_step_ = badge_advance();
            banner_step_ = banner_advance();
        }
        if (in_.caption && !scene_.caption.empty()) {
            caption();
            // nor is one taller than a third of the canvas kept: the fit does not keep clear of
            // it (scene_view), and it can cover the whole scene of a slide at --scale 6
            const bool too_tall = view_.size_px.y - overlay_floor_ - px(2.0f) > view_.size_px.y / 3.0;  // (as caption_band_px)
            if (too_tall || caption_covers_a_body() || (badge_shown && overlay_floor_ < opx(16.0f) + badge_step_ + banner_step_)) {
                picture_.items.pop_back();
                overlay_floor_ = view_.size_px.y;
            }
        }
        if (badge_shown) {
            overlay_cursor_ = {opx(16.0f), opx(16.0f)};
            badge();
            if (in_.sampling && in_.sampling->missed) banner();
            else if (in_.sampling) checks_legend();
        } else if (in_.overlays) {  // a question: only what reading the figure needs
            overlay_cursor_ = {opx(16.0f), opx(16.0f)};
            arrows_note(0.0);
            if (in_.sampling) checks_legend();
        }
        if (relative_label_) keep_relative_label_clear();
        keep_small_names_clear();
        if (in_.time_stamp) time_stamp();
        picture_.drop_unplaceable();
        declutter();
        return std::move(picture_);
    }

private:
    const PictureInput& in_;
    const Scene& scene_;
    const Encounter& e_;
    const int time_digits_ = contact_time_digits(e_);  // the contact's times told apart, once a picture
    const double time_scale_ = time_scale(scene_, e_);  // times within 1e-12 of it from 0 are 0
    const Palette& pal_;
    View view_;
    Motion motion_;
    // The motion the overlap checks run on: without the bounce (the core samples the encounter,
    // whose paths are straight; checks drawn on the bounced paths would be red where nothing overlaps)
    Motion checked_;
    Picture picture_;
    PrimitiveSink sink_;
    glm::dvec2 overlay_cursor_{0.0};  // where the next overlay goes (canvas pixels)
    double overlay_floor_ = 0.0;      // how far down the overlays may reach: the caption's top
    double badge_step_ = 0.0;         // badge_advance() and banner_advance(), for this picture
    double banner_step_ = 0.0;
    float overlay_k_ = 1.0f;          // overlay_scale() / scale: the overlays' sizes, relative to the rest

    float px(float pixels) const { return pixels * in_.scale; }
    // the overlays' sizes: a font size for label(), and canvas pixels
    float ofont(float pixels) const { return pixels * overlay_k_; }
    float opx(float pixels) const { return px(pixels * overlay_k_); }
    float line(float pixels) const { return pixels * in_.scale * pal_.line_scale; }
    // The contact normal's length (px at scale 1): kNormalArrowPx, but no longer than the smaller
    // circle's radius drawn, down to 12 px: on a small canvas (a figure 8 cm wide at --scale 3.3)
    // the arrow was 2.6 times the radius of the ghost it stands on, its head over the contact
    // point and B's ghost (a textbook author's review).
    // (the circles as drawn: in A's frame A has radius R and B, a point, none)
    double normal_arrow_px() const {
        // (a circle drawn as a dot, under 3 px, does not count; down to 12 px: its head stays whole)
        const auto drawn = [&](int i) { return motion_.radius(i) >= world(3.0f) ? motion_.radius(i) : std::numeric_limits<double>::infinity(); };
        const double radius = std::min(drawn(0), drawn(1)) * view_.pixels_per_unit / in_.scale;
        return std::clamp(std::isfinite(radius) ? radius : 12.0, 12.0, kNormalArrowPx);  // (both dots: the shortest)
    }
    double world(float pixels) const { return px(pixels) / view_.pixels_per_unit; }

    // A scene's own colour stands out from the theme's background as lines must (a white cue ball
    // vanishes on the print theme's page): darkened or lightened, its hue kept, where it does not.
    // at least the lines' 3:1 on the background: a scene's own colour, say
    Rgba body_color(int i) const {
        const auto& color = scene_.bodies[static_cast<std::size_t>(i)].color;
        return color_on(color ? to_rgba(*color) : pal_.body[i], pal_.background, kLineContrast);
    }

    // The closest approach's lines, held to 3:1 as the bodies' are (bluish green on the light page
    // was 2.99:1 for a protanope, the README promising 3:1: a colour-vision review)
    Rgba closest_color() const { return color_on(pal_.closest, pal_.background, kLineContrast); }

    Primitive& add(Shape shape, Role role, int body = -1) { return sink_.add(shape, role, body); }
    void segment(Role role, glm::dvec2 a, glm::dvec2 b, Rgba color, float width, int body = -1, float dash = 0, float gap = 0) {
        sink_.segment(role, a, b, color, width, body, dash, gap);
    }
    Primitive& ring(Role role, glm::dvec2 center, double radius, Rgba color, float width, int body = -1) {
        return sink_.ring(role, center, radius, color, width, body);
    }
    Primitive& label(Role role, glm::dvec2 at, std::string text, float font, Rgba color, Align align,
                     glm::dvec2 offset = {0, 0}, int body = -1) {
        return sink_.label(role, at, std::move(text), font, color, align, offset, body);
    }

    // A boxed label in canvas pixels, wrapped at spaces to the canvas's width (else a large UI scale
    // on a small window cuts the banner and the caption off at the right edge).
    Primitive& overlay_label(Role role, glm::dvec2 at_px, std::string text, float font, Rgba color, Align align, Rgba box,
                             bool bold = false) {
        Primitive& p = label(role, at_px, std::move(text), font, color, align);
        p.space = Space::Screen;
        p.box = box;
        p.box_padding_px = px(font * 0.35f);
        p.bold = bold;
        p.text = wrap_text(p.text, p.font_px, bold, view_.size_px.x - at_px.x - px(16.0f) - 2.0 * p.box_padding_px);
        return p;
    }

    // How much taller than one line an overlay is: its lines past the first, each a font size.
    static double extra_lines_px(const Primitive& p) {
        return static_cast<double>(std::count(p.text.begin(), p.text.end(), '\n')) * p.font_px;
    }

    void grid() {
        const Bounds visible = view_.visible();
        const double step = grid_step(view_, in_.scale);
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
        const double major = step * (mantissa > 4.0 ? 2.0 : 5.0);
        const double largest_both = std::max({std::abs(visible.min.x), std::abs(visible.max.x), std::abs(visible.min.y), std::abs(visible.max.y)});
        // A path along an axis takes its row of numbers: they go to the canvas's edge, as for an
        // axis out of sight (the chase preset runs A along the x axis, and its time numbers, kept
        // out of the numbers' row, were all left out but "t = 7" and "8": an author's review).
        const TimeSpan span = path_span(scene_, e_);
        const auto path_along = [&](bool x_axis) {
            const glm::dvec2 origin = view_.to_screen({0.0, 0.0});
            for (int i = 0; i < 2; ++i) {
                const glm::dvec2 a = view_.to_screen(motion_.position(i, span.begin));
                const glm::dvec2 b = view_.to_screen(motion_.position(i, span.end));
                const int across = x_axis ? 1 : 0;
                const double along = std::abs(std::clamp(a[1 - across], 0.0, view_.size_px[1 - across]) -
                                              std::clamp(b[1 - across], 0.0, view_.size_px[1 - across]));
                if (std::abs(a[across] - origin[across]) <= px(12.0f) && std::abs(b[across] - origin[across]) <= px(12.0f) &&
                    along >= 0.6 * view_.size_px[1 - across])
                    return true;
            }
            return false;
        };
        const bool x_row_taken = path_along(true);
        const bool y_column_taken = path_along(false);
        const auto lines = [&](bool vertical) {
            const double lo = vertical ? visible.min.x : visible.min.y;
            const double hi = vertical ? visible.max.x : visible.max.y;
            const std::optional<StepRange> range = step_range(lo, hi, step, 1000, true);
            if (!range) return;
            const double largest = std::max(std::abs(lo), std::abs(hi));
            for (long long k = range->first; k <= range->last; ++k) {
                const double v = static_cast<double>(k) * step;
                const bool is_major = std::abs(std::remainder(v, major)) < step * 1e-6;
                const glm::dvec2 a = vertical ? glm::dvec2(v, visible.min.y) : glm::dvec2(visible.min.x, v);
                const glm::dvec2 b = vertical ? glm::dvec2(v, visible.max.y) : glm::dvec2(visible.max.x, v);
                if (k == 0) continue;  // the axis goes on top
                segment(Role::Grid, a, b, is_major ? pal_.grid_major : pal_.grid, px(1.0f));
                // a number on every line (they stand 90 px apart or more), along the axis, or
                // along the edge when the axis is out of sight
                // on a backdrop of the canvas's colour: a rim or a path across "-2" would take its
                // minus sign, and the number read "2"
                // (along the bottom edge high enough for the whole number and its backdrop: 22 px
                // up, the backdrop's foot crosses the edge and every x number is left out as cut;
                // with the y axis past the right edge, or within 40 px of it, right-aligned to the
                // edge or the axis, as a wide "1000002" would be cut too)
                const std::string text = grid_number(v, step, largest, largest_both);
                const double row = x_row_taken ? visible.min.y + world(30) : std::clamp(0.0, visible.min.y + world(30), visible.max.y);
                const double column = y_column_taken ? visible.min.x : std::max(0.0, visible.min.x);
                // no y number in the row of the x numbers (at the canvas's foot, the y axis's "-4"
                // stood among them, and the row read "-1 -4 1": a game-dev teacher's review)
                // (the x numbers hang 4 px below the row and are about 17 px tall; a y number is
                // centred on its line)
                const double below_row_px = (row - v) * view_.pixels_per_unit;
                if (!vertical && below_row_px > -px(12.0f) && below_row_px < px(34.0f)) continue;
                Primitive& number =
                    vertical ? label(Role::AxisLabel, {v, row}, text, 13.0f, pal_.text_muted, Align::Top, {0, 4})
                    : 0.0 > visible.max.x - world(40) && !y_column_taken
                        ? label(Role::AxisLabel, {std::min(visible.max.x, 0.0), v}, text, 13.0f, pal_.text_muted, Align::Right, {-5, 0})
                        : label(Role::AxisLabel, {column, v}, text, 13.0f, pal_.text_muted, Align::Left, {5, 0});
                number.box = pal_.background.with_alpha(0.8f);
                number.box_padding_px = px(1.5f);
            }
        };
        lines(true);
        lines(false);
        if (visible.min.y <= 0.0 && visible.max.y >= 0.0)
            segment(Role::Axis, {visible.min.x, 0.0}, {visible.max.x, 0.0}, pal_.axis, px(1.5f));
        if (visible.min.x <= 0.0 && visible.max.x >= 0.0)
            segment(Role::Axis, {0.0, visible.min.y}, {0.0, visible.max.y}, pal_.axis, px(1.5f));
    }

    // The paths, cut at `now` (past dashed, future solid) and, with the response on, at the
    // impact (after it, a dotted line: the motion the response made).
    void paths() {
        const TimeSpan span = path_span(scene_, e_);
        const double now = std::clamp(in_.time, span.begin, span.end);
        std::vector<double> cuts{span.begin, now, span.end};
        if (motion_.impact_time() && *motion_.impact_time() > span.begin && *motion_.impact_time() < span.end)
            cuts.push_back(*motion_.impact_time());
        std::sort(cuts.begin(), cuts.end());
        for (int i = 0; i < 2; ++i) {
            const Rgba color = body_color(i);
            for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
                const double t0 = cuts[k];
                const double t1 = cuts[k + 1];
                if (!(t1 > t0)) continue;
                const bool after_impact = motion_.impact_time() && t0 >= *motion_.impact_time();
                const bool past = t1 <= now;
                const Role role = after_impact ? Role::ResponsePath : past ? Role::PathPast : Role::PathFuture;
                const float dash = after_impact ? px(3.0f) : past ? px(9.0f) : 0.0f;
                const float gap = after_impact ? px(5.0f) : past ? px(7.0f) : 0.0f;
                // a body at rest has no path: its line of no length would be a stray object in an SVG editor
                if (motion_.position(i, t0) == motion_.position(i, t1)) continue;
                segment(role, motion_.position(i, t0), motion_.position(i, t1),
                        color.with_alpha(past ? pal_.path_past_alpha : pal_.path_future_alpha), line(after_impact ? 2.5f : past ? 2.0f : 2.5f), i, dash, gap);
            }
            time_ticks(i, span);
        }
    }

    void time_ticks(int i, const TimeSpan& span) {
        // (the faster of before and after a bounce: a ball at rest until it is struck has ticks too)
        const double speed_px =
            std::max(glm::length(motion_.velocity(i, span.begin)), glm::length(motion_.velocity(i, span.end))) * view_.pixels_per_unit;
        if (speed_px < 1e-9) return;
        const double dt = nice_step(px(55.0f) / speed_px);
        double label_every = speed_px * dt >= px(110.0f) ? dt : 2.0 * dt;
        const std::optional<StepRange> range = step_range(span.begin, span.end, dt, 400);
        if (!range) return;
        const Rgba color = body_color(i).with_alpha(0.8f);
        const double r = motion_.radius(i);
        // the earliest number says what the numbers are ("t = 0  4  12  16"): along an axis bare
        // numbers stand over the axis's own and read as coordinates
        bool first_label = true;
        const glm::dvec2 arrow_tip = motion_.position(i, in_.time) + motion_.arrow(i, in_.time);
        // the contact's own labels sit by the ghosts drawn (no last-contact ghost after a bounce)
        const bool exit_ghost = e_.t_exit && *e_.t_exit != *e_.t_enter && !motion_.impact_time();
        // a tick that may carry its number: not under the body, not on the arrowhead (its tip is
        // where the body will be an arrow time on), not where the ghosts' labels stand
        const auto may_carry_number = [&](glm::dvec2 p, bool mind_ghosts) {
            const bool under_body = glm::distance(p, motion_.position(i, in_.time)) < r;
            const bool by_the_arrow = glm::distance(p, arrow_tip) < world(18.0f);
            const bool by_a_ghost = mind_ghosts && in_.answers && scene_.show.ghosts && e_.t_enter &&  // (ghosts drawn)
                                    (glm::distance(p, motion_.position(i, *e_.t_enter)) < r + world(40) ||
                                     (exit_ghost && glm::distance(p, motion_.position(i, *e_.t_exit)) < r + world(40)));
            return !under_body && !by_the_arrow && !by_a_ghost;
        };
        const double side = number_side(i, span);
        std::vector<double> numbered;  // the times given a number
        std::vector<std::size_t> number_slots;  // their labels' places in the picture
        int numbered_on_canvas = 0;     // of them, at ticks on the canvas
        const auto number_at = [&](double t, glm::dvec2 p, glm::dvec2 across) {
            numbered.push_back(t);
            number_slots.push_back(picture_.items.size());
            const glm::dvec2 on_canvas = view_.to_screen(p);
            numbered_on_canvas += on_canvas.x > 0.0 && on_canvas.y > 0.0 && on_canvas.x < view_.size_px.x && on_canvas.y < view_.size_px.y;
            // labels on the outer side of each path (number_side), their nearest edge 5 px clear
            // of the path's line (at a fixed 14 px from it to the middle, a wide "t = 2" beside a
            // steep path would stand across it)
            const std::string text = (first_label ? "t = " : "") + short_number(t, 4);
            const glm::dvec2 out = glm::dvec2(across.x, -across.y) * side;  // on the canvas, y down
            // in the body's colour: where the paths cross or share a line, whose time it is
            Primitive& number = label(Role::TimeTickLabel, p, text, 13.5f, text_color_on(body_color(i), pal_.background),
                                      Align::Center, {0, 0}, i);
            number.offset_px = time_number_offset(number, out);
            first_label = false;
        };
        // every other tick numbered, where that leaves fewer than two numbers that may stand (the
        // one at t = 0 is under the body, the last past the figure's edge): every tick then, else
        // a small figure's path had ticks and no time at all (a worksheet author's review)
        if (label_every > dt) {
            int numbers = 0;
            for (long long k = range->first; k <= range->last; ++k) {
                const double t = static_cast<double>(k) * dt;
                const glm::dvec2 on_canvas = view_.to_screen(motion_.position(i, t));
                const bool inside = on_canvas.x > 0.0 && on_canvas.y > 0.0 && on_canvas.x < view_.size_px.x && on_canvas.y < view_.size_px.y;
                if (inside && may_carry_number(motion_.position(i, t), true) && std::abs(std::remainder(t, label_every)) < dt * 1e-6) ++numbers;
            }
            if (numbers < 2) label_every = dt;
        }
        // after a bounce the path turns and (slower) may have ticks but no number every other one
        // reaches: its last tick then carries one (near a ghost too, where the placement below
        // still keeps it off the ghost's labels), so that every leg of the path says its times
        const std::optional<double> impact = motion_.impact_time();
        bool numbered_after_impact = false;
        std::optional<std::pair<double, glm::dvec2>> last_after_impact;  // (t, across)
        for (long long k = range->first; k <= range->last; ++k) {
            const double t = static_cast<double>(k) * dt;
            const glm::dvec2 v = motion_.velocity(i, t);
            if (glm::length(v) * view_.pixels_per_unit < 1e-9) continue;
            const glm::dvec2 along = glm::normalize(v);
            const glm::dvec2 across{-along.y, along.x};
            const glm::dvec2 p = motion_.position(i, t);
            segment(Role::TimeTick, p - across * world(5), p + across * world(5), color, line(1.5f), i);
            const bool after_impact = impact && t > *impact;
            if (after_impact && may_carry_number(p, false)) last_after_impact = {t, across};
            if (may_carry_number(p, true) && std::abs(std::remainder(t, label_every)) < dt * 1e-6) {
                number_at(t, p, across);
                numbered_after_impact = numbered_after_impact || after_impact;
            }
        }
        if (last_after_impact && !numbered_after_impact)
            number_at(last_after_impact->first, motion_.position(i, last_after_impact->first), last_after_impact->second);
        // a path whose every numbered tick lies by a ghost (large circles, a short path: an author's
        // slanted hit had B's ticks and no time at all) numbers them anyway: the placement below
        // keeps them off the ghosts' labels and rings, or leaves them out (where under two were
        // numbered on the canvas: the one may stand nowhere). Every other tick, else every one.
        for (const double every : {label_every, dt}) {
            if (numbered_on_canvas >= 2) break;
            for (long long k = range->first; k <= range->last; ++k) {
                const double t = static_cast<double>(k) * dt;
                const glm::dvec2 v = motion_.velocity(i, t);
                if (glm::length(v) * view_.pixels_per_unit < 1e-9) continue;
                const glm::dvec2 along = glm::normalize(v);
                const glm::dvec2 p = motion_.position(i, t);
                if (may_carry_number(p, false) && std::abs(std::remainder(t, every)) < dt * 1e-6 &&
                    std::find(numbered.begin(), numbered.end(), t) == numbered.end())
                    number_at(t, p, {-along.y, along.x});
            }
        }
        // the numbers in the order of their times, the earliest saying "t = " (the placement keeps
        // the first of them that stands, in the picture's order, as the one that says it)
        if (!std::is_sorted(numbered.begin(), numbered.end())) {
            std::vector<std::size_t> order(numbered.size());
            std::iota(order.begin(), order.end(), std::size_t{0});
            std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return numbered[x] < numbered[y]; });
            std::vector<Primitive> labels;
            for (const std::size_t k : order) labels.push_back(picture_.items[number_slots[k]]);
            for (std::size_t k = 0; k < labels.size(); ++k) {
                Primitive& number = picture_.items[number_slots[k]];
                number = labels[k];
                const bool says_t = number.text.starts_with("t = ");
                if (says_t != (k == 0)) {
                    number.text = k == 0 ? "t = " + number.text : number.text.substr(4);
                    number.offset_px = time_number_offset(number, glm::normalize(number.offset_px));
                }
            }
        }
    }

    // Which side of its path a body's time numbers stand, +1 to the left of its travel, -1 to the
    // right. Where the other body passes on one side all along (at the span's start and its end),
    // away from it: B's numbers stood between two paths run in opposite directions. Where the paths
    // cross, A's to the right of its travel and B's to its left, as before. On one shared line (a
    // head-on hit) B's go on the other side from A's: to the right of travel for both put both rows
    // on one side, where B's landed on A's and were all left out.
    [[nodiscard]] double number_side(int i, const TimeSpan& span) const {
        const auto other_to_the_left = [&](double t) {  // the other's offset to the left of travel, in units of |Δp|
            const glm::dvec2 v = motion_.velocity(i, t);
            const glm::dvec2 d = motion_.position(1 - i, t) - motion_.position(i, t);
            const double cross = (v.x * d.y - v.y * d.x) / (glm::length(v) * glm::length(d));
            return std::isfinite(cross) ? cross : 0.0;
        };
        const double at_start = other_to_the_left(span.begin);
        const double at_end = other_to_the_left(span.end);
        constexpr double kAside = 1e-6;  // the sine of the angle under which a body counts as beside the path
        if ((at_start > kAside && at_end > kAside) || (at_start < -kAside && at_end < -kAside)) return at_start > 0.0 ? -1.0 : 1.0;
        if (i == 0 || std::abs(at_start) > kAside || std::abs(at_end) > kAside) return i == 0 ? -1.0 : 1.0;
        return glm::dot(motion_.velocity(0, span.begin), motion_.velocity(1, span.begin)) < 0.0 ? -1.0 : 1.0;
    }

    // Whether both bodies move along one line (a head-on hit, a chase along it).
    [[nodiscard]] bool paths_on_one_line() const {
        const glm::dvec2 d = motion_.position(1, in_.time) - motion_.position(0, in_.time);
        const auto along = [&](int i) {
            const glm::dvec2 v = motion_.velocity(i, in_.time);
            const double sine = (v.x * d.y - v.y * d.x) / (glm::length(v) * glm::length(d));
            return std::isfinite(sine) && std::abs(sine) <= 1e-6;
        };
        return along(0) && along(1);
    }

    // Where a path's time number stands from its tick, `out` (a unit vector on the canvas) from
    // the path: its nearest edge 5 px (at scale 1) clear of the path's line, 14 px from it to the
    // middle at least (at a fixed 14 px a wide "t = 2" beside a steep path would stand across it).
    [[nodiscard]] glm::dvec2 time_number_offset(const Primitive& number, glm::dvec2 out) const {
        double clear = 14.0 * in_.scale;
        if (const TextMetrics* metrics = TextMetrics::shared()) {
            const TextExtent extent = metrics->measure(number.text, number.font_px, number.bold);
            const double half = 0.5 * (std::abs(out.x) * extent.width + std::abs(out.y) * extent.height);
            clear = std::max(clear, half + px(5.0f) + 0.5 * line(2.5f));
        }
        return out * clear;
    }

    void swept_capsules() {
        const SamplingResult& s = *in_.sampling;
        if (!s.before_contact_k || !s.after_contact_k) return;
        const double t0 = s.sample_time(*s.before_contact_k);
        const double t1 = s.sample_time(*s.after_contact_k);
        for (int i = 0; i < 2; ++i) {
            const glm::dvec2 p0 = checked_.position(i, t0);
            const glm::dvec2 p1 = checked_.position(i, t1);
            if (glm::distance(p0, p1) < world(0.5f)) continue;  // a body at rest sweeps nothing
            Primitive& p = add(Shape::Capsule, Role::SweptCapsule, i);
            p.p0 = p0;
            p.p1 = p1;
            p.radius = std::max(motion_.radius(i), world(3.0f));
            // (at 0.16 over the dark theme's near-black it was the faintest thing on a projected
            // screen, beside the two checks it joins: a game-dev teacher's review)
            p.fill = pal_.missed.with_alpha(0.26f);
            p.stroke = pal_.missed.with_alpha(0.9f);
            p.stroke_px = line(2.0f);
            p.dash_px = px(6.0f);
            p.gap_px = px(4.0f);
        }
    }

    // A body's outline, or a dot when the relative frame has shrunk it to a point.
    Primitive& outline(Role role, int i, glm::dvec2 center, Rgba color, float width) {
        const double r = motion_.radius(i);
        if (r < world(3.0f)) {
            Primitive& dot = add(Shape::Disc, role, i);
            dot.p0 = center;
            dot.radius = world(3.5f);
            dot.fill = color;
            return dot;
        }
        return ring(role, center, r, color, width, i);
    }

    // How the checks are drawn (checks_drawn), in the world frame (in A's each is a dot on B's path
    // already): the word the legends begin with, and what they add.
    [[nodiscard]] ChecksDrawn drawn_checks() const {
        return in_.relative_blend < 0.5 ? checks_drawn(scene_, in_.sampling->input.dt) : ChecksDrawn::Outlines;
    }
    [[nodiscard]] std::string checks_word() const {
        return in_.relative_blend >= 0.5 || drawn_checks() == ChecksDrawn::Dots ? "dots" : "outlines";
    }
    [[nodiscard]] std::string checks_aside() const {
        switch (drawn_checks()) {
            case ChecksDrawn::Dots: return ", too close for outlines";
            case ChecksDrawn::SomeDots: return " (dots where too close for outlines)";
            default: return "";
        }
    }

    void samples() {
        const SamplingResult& s = *in_.sampling;
        const auto [first, end] = drawn_samples(s, e_);
        std::vector<std::tuple<int, glm::dvec2, double>> crossed;  // the fired checks' outlines
        // one body's samples, then the other's: each body's evenly spaced outlines stay together
        // (the renderer draws such a run as one shape)
        for (int i = 0; i < 2; ++i) {
            // a body at rest (or a dt too fine to see) puts many samples on one spot: draw that spot once
            std::optional<glm::dvec2> last;
            bool last_fired = false;
            const bool dense = in_.relative_blend < 0.5 && checks_too_close(i == 0 ? scene_.body_a() : scene_.body_b(), s.input.dt);
            // a check drawn as a dot is crossed where it fires, unless the crosses, 8 px wide, would
            // run into one band (the relative frame at dt = 0.02 drew a solid orange bar: an
            // author's recheck); the first to fire always is
            const bool cross_dots = glm::distance(checked_.position(i, 0.0), checked_.position(i, s.input.dt)) >= world(12.0f);
            for (std::int64_t k = first; k < end; ++k) {
                const double t = s.sample_time(k);
                const bool fires = in_.answers && s.fires_at(k);  // (a question's checks alike)
                const glm::dvec2 at = checked_.position(i, t);
                if (last && last_fired == fires && glm::distance(*last, at) < world(0.5f)) continue;
                last = at;
                last_fired = fires;
                if (dense && !(fires && s.first_detect_k && k == *s.first_detect_k)) {
                    // a dot at the centre: the check's place on the path, the circles it checks left out
                    Primitive& dot = add(Shape::Disc, fires ? Role::SampleHit : Role::Sample, i);
                    dot.p0 = at;
                    dot.radius = world(fires ? 3.0f : 2.0f);
                    dot.fill = fires ? pal_.sample_hit : pal_.sample;
                    continue;
                }
                Primitive& p = outline(fires ? Role::SampleHit : Role::Sample, i, at, fires ? pal_.sample_hit : pal_.sample,
                                       fires ? line(2.5f) : line(1.5f));
                if (fires && p.shape == Shape::Ring) {
                    p.fill = pal_.sample_hit.with_alpha(0.12f);
                    crossed.emplace_back(i, at, p.radius);
                } else if (fires && (cross_dots || (s.first_detect_k && k == *s.first_detect_k))) {
                    crossed.emplace_back(i, at, 0.0);  // a body drawn as a dot: its check crossed too, as the legend says
                }
            }
        }
        // and a cross at each fired check's centre (red-green blind, vermillion reads as B's
        // yellow), after the outlines so that their evenly spaced runs stay whole
        for (const auto& [i, at, radius] : crossed) {
            const double arm = std::clamp(0.3 * radius, world(4.0f), world(9.0f));
            for (const glm::dvec2 d : {glm::dvec2(arm, arm), glm::dvec2(arm, -arm)})
                segment(Role::SampleHit, at - d, at + d, pal_.sample_hit, line(2.5f), i);
        }
    }

    void closest_approach() {
        const double t = *e_.t_closest;
        const glm::dvec2 a = motion_.position(0, t);
        const glm::dvec2 b = motion_.position(1, t);
        for (int i = 0; i < 2; ++i) {
            // dotted, where the last contact's ghosts are dashed (4 on 5): 3-on-3 dashes told them
            // apart only up close. Whole on a light page (at 0.85 they were 2.8:1 on it, under the
            // 3:1 of a line that carries meaning: a colour-vision review)
            Primitive& p = outline(Role::ClosestOutline, i, i == 0 ? a : b, closest_color().with_alpha(pal_.closest_outline_alpha), line(2.0f));
            p.dash_px = px(2.0f);
            p.gap_px = px(5.0f);
        }
        if (a != b) segment(Role::ClosestSegment, a, b, closest_color(), line(2.5f));  // (d_min = 0: a dot, no line)
        for (glm::dvec2 end : {a, b}) {
            Primitive& dot = add(Shape::Disc, Role::ClosestSegment);
            dot.p0 = end;
            dot.radius = world(3.5f);
            dot.fill = closest_color();
        }
        // the label sits beyond A's outline, on the side away from B (B's side carries the
        // contact labels)
        glm::dvec2 away = a - b;
        away = glm::length(away) > 1e-9 * e_.radius_sum ? glm::normalize(away)
                                                        : glm::normalize(glm::dvec2(-e_.relative_velocity.y, e_.relative_velocity.x));
        // beside R, d_min shows the digits that tell it from R, except where D = 0 (a graze, or a
        // touch in the past), where it is R to the core's tolerance
        // (d_min = |Δp×Δv|/|Δv| is known to 1e-16 of |Δp|, and t_closest to 1e-12 of |Δp|/|Δv|:
        // zero beside those, not beside R and the contact times, which circles 1e20 across make huge)
        const std::string d_min =
            // (R's digits: d_min, within 1e-12 R of it, read "2.000" after a snap to graze, its zeros
            // kept as if to say "not quite 2", beside the panel's 2: a teacher's review)
            e_.discriminant_sign == DiscriminantSign::Zero ? short_number(e_.radius_sum, 4)
                                   : telling_apart(e_.min_distance, e_.radius_sum, std::hypot(e_.relative_position.x, e_.relative_position.y)).first;
        backdrop(label(Role::ClosestLabel, a + away * motion_.radius(0),
                       "d_min = " + d_min + " at t = " + time_number(t, time_digits_, closest_time_scale(e_)), 15.0f,
                       text_color_on(pal_.closest, pal_.background),
                       outward(away), glm::dvec2(away.x, -away.y) * 10.0));
    }

    void ghosts() {
        const double t_enter = *e_.t_enter;
        const double t_exit = *e_.t_exit;
        const bool single = t_exit == t_enter;
        // with the response on, the bodies bounce at t_enter: there is no last contact to show
        const bool show_exit = !single && !motion_.impact_time();
        for (int i = 0; i < 2; ++i) {
            // dashed, thin and (the last) see-through: the colour itself must stand out (3:1)
            const Rgba color = color_on(body_color(i), pal_.background, kLineContrast);
            Primitive& enter = outline(Role::GhostEnter, i, motion_.position(i, t_enter), color, line(2.0f * pal_.ghost_line_scale));
            if (enter.shape == Shape::Ring) {
                enter.shape = Shape::DashedRing;
                enter.dash_px = px(10.0f);
                enter.gap_px = px(6.0f);
            }
            // where it bounces, each body's velocity after (as its arrow is drawn: v times the
            // arrow time), so that a head-on bounce, whose dotted path runs back over the solid
            // one, shows which way each goes on (a physics teacher's review)
            if (motion_.impact_time() && *motion_.impact_time() == t_enter && in_.impact->approaching) {
                const glm::dvec2 at = motion_.position(i, t_enter);
                const glm::dvec2 after = motion_.arrow(i, t_enter);
                if (glm::length(after) * view_.pixels_per_unit > px(2.0f)) {
                    // dotted as the path after the bounce is, which it runs along: a head on its path
                    Primitive& arrow = add(Shape::Arrow, Role::ResponseVelocity, i);
                    arrow.p0 = at;
                    arrow.p1 = at + after;
                    arrow.stroke = color;
                    arrow.fill = color;
                    arrow.stroke_px = line(2.5f);
                    arrow.dash_px = px(3.0f);
                    arrow.gap_px = px(5.0f);
                }
            }
            if (!show_exit) continue;
            Primitive& exit = outline(Role::GhostExit, i, motion_.position(i, t_exit), color.with_alpha(pal_.ghost_exit_alpha),
                                      line(1.5f * pal_.ghost_line_scale));
            if (exit.shape == Shape::Ring) {
                exit.shape = Shape::DashedRing;
                exit.dash_px = px(4.0f);
                exit.gap_px = px(5.0f);
            }
        }
        // B's ghosts carry the times, each just outside its rim, by default on the side away from A
        // (at t_enter the contact normal's arrow, normal_arrow_px() long, points the same way from
        // B's near rim: the label clears its tip when B is smaller than it, as in A's frame)
        // When that side lies along B's own path (a head-on hit), the text stands just off the
        // path, on its upper side, so that neither the path nor B's arrow runs through it.
        // Other places, tried when the default covers the other label or one of the bodies as
        // they are now (a receding pair's labels can land on the present circles, reading as
        // theirs): mirrored left to right (a chase puts each on the side of the other's ghost),
        // then above or below the ghost.
        // Each label must stand nearer its own contact point than the other's. Where B barely
        // moves (at rest, A passing through it), B's far rims are the wrong ends of the contact:
        // "t_exit" would stand where A goes in, "t_enter" where it comes out. There A's ghosts carry the
        // times, on their rims away from B (the normal points into B, away from them).
        const auto contact_at = [&](double t) {
            const glm::dvec2 n = motion_.position(1, t) - motion_.position(0, t);
            return motion_.position(0, t) + (glm::length(n) > 0.0 ? glm::normalize(n) : glm::dvec2(0.0)) * motion_.radius(0);
        };
        const auto reads_right = [&](int body) {
            const auto anchor = [&](double t) {
                const glm::dvec2 away = motion_.position(body, t) - motion_.position(1 - body, t);
                return motion_.position(body, t) + (glm::length(away) > 0.0 ? glm::normalize(away) : glm::dvec2(0.0)) * motion_.radius(body);
            };
            const glm::dvec2 in = contact_at(t_enter);
            const glm::dvec2 out = contact_at(t_exit);
            return glm::distance(anchor(t_enter), in) < glm::distance(anchor(t_enter), out) &&
                   glm::distance(anchor(t_exit), out) < glm::distance(anchor(t_exit), in);
        };
        const int labelled_body = show_exit && !reads_right(1) && reads_right(0) ? 0 : 1;
        enum class Side { Away, Mirrored, Above, Below };
        const auto time_label = [&](double t, const std::string& text, Rgba color, bool clear_normal, Side side) {
            const glm::dvec2 b_at = motion_.position(labelled_body, t);
            glm::dvec2 away = b_at - motion_.position(1 - labelled_body, t);
            away = glm::length(away) > 0.0 ? glm::normalize(away) : glm::dvec2(0, 1);
            if (side == Side::Mirrored) away.x = -away.x;
            if (side == Side::Above) away = glm::dvec2(0, 1);
            if (side == Side::Below) away = glm::dvec2(0, -1);
            const double diameter_px = 2.0 * motion_.radius(labelled_body) / world(1.0f);
            const double beyond_px = clear_normal && labelled_body == 1 ? std::max(10.0, normal_arrow_px() + 8.0 - diameter_px) : 10.0;
            glm::dvec2 offset = away * beyond_px;
            Align align = outward(away);
            const glm::dvec2 velocity = motion_.velocity(labelled_body, t);
            if (glm::length(velocity) > 0.0 && std::abs(glm::dot(away, glm::normalize(velocity))) > 0.87) {  // within 30°
                glm::dvec2 beside = glm::normalize(glm::dvec2(-velocity.y, velocity.x));
                if (beside.y < 0.0) beside = -beside;
                align = outward(glm::normalize(away + beside));
                offset += beside * 5.0;
            }
            backdrop(label(Role::GhostLabel, b_at + away * motion_.radius(labelled_body), text, 15.0f, color, align,
                           glm::dvec2(offset.x, -offset.y), 1));
        };
        // how badly the labels from `first` on are placed: covering each other or an annotation
        // already placed (the closest approach's), then a body now, then a ghost other than the
        // one labelled
        const auto clutter = [&](std::size_t first) {
            int cost = 0;
            for (std::size_t i = first; i < picture_.items.size(); ++i) {
                const Primitive& text = picture_.items[i];
                for (std::size_t j = 0; j < picture_.items.size(); ++j) {
                    const Primitive& other = picture_.items[j];
                    const bool counted = j > i || (j < first && other.shape == Shape::Label && annotation(other.role));
                    if (counted && labels_overlap(text, other)) cost += 100;
                }
                for (int body = 0; body < 2; ++body) {
                    if (!in_.playing && label_covers_disc(text, motion_.position(body, in_.time), motion_.radius(body))) cost += 10;
                    for (const double t : {t_enter, t_exit}) {
                        const bool labelled = body == labelled_body && (i == first) == (t == t_enter);
                        if (!labelled && label_covers_disc(text, motion_.position(body, t), motion_.radius(body))) cost += 1;
                    }
                }
            }
            return cost;
        };
        constexpr Side kSides[] = {Side::Away, Side::Mirrored, Side::Above, Side::Below};
        const bool normal_drawn = e_.contact.has_value();
        const std::size_t before = picture_.items.size();
        // with the digits that tell the two apart: a hit 1e-9 inside touching would read "t_enter = 5"
        // and "t_exit = 5", a graze's double root, under HIT
        const int digits = time_digits_;
        const std::string enter_text = time_number(t_enter, digits, time_scale_);
        const std::string exit_text = time_number(t_exit, digits, time_scale_);
        const auto place = [&](Side enter_side, Side exit_side) {
            picture_.items.resize(before);
            if (single) {
                time_label(t_enter, "touch t = " + time_number(t_enter, 4, time_scale_), pal_.text, normal_drawn, enter_side);
            } else {
                time_label(t_enter, "t_enter = " + enter_text, pal_.text, normal_drawn, enter_side);
                if (show_exit) time_label(t_exit, "t_exit = " + exit_text, pal_.text_muted, false, exit_side);
            }
            return clutter(before);
        };
        // the first of the least cluttered placements, in the order above (the default, when it
        // covers nothing, is the only one tried: this runs on every frame of a drag)
        std::pair<Side, Side> best{Side::Away, Side::Away};
        std::pair<Side, Side> placed = best;
        int best_cost = -1;
        for (const Side enter_side : kSides) {
            for (const Side exit_side : kSides) {
                if (best_cost == 0 || (!show_exit && exit_side != Side::Away)) continue;
                placed = {enter_side, exit_side};
                const int cost = place(enter_side, exit_side);
                if (best_cost < 0 || cost < best_cost) {
                    best_cost = cost;
                    best = placed;
                }
            }
        }
        if (placed != best) place(best.first, best.second);
        if (e_.contact) {
            // the normal the bounce acts along: for a pair overlapping and closing, the line of
            // centres at t = 0, not the first contact's in the past (the arrow pointed 14° off it)
            const bool bounce_now = in_.impact && e_.kind == Case::Overlapping;
            const glm::dvec2 n = bounce_now ? in_.impact->normal : e_.contact->normal;
            // on A's rim in either frame: A's centre then, plus A's (shown) radius along n
            const glm::dvec2 point = motion_.position(0, bounce_now ? in_.impact->time : t_enter) + n * motion_.radius(0);
            Primitive& dot = add(Shape::Disc, Role::ContactPoint);
            dot.p0 = point;
            dot.radius = world(4.5f);
            dot.fill = pal_.contact;
            Primitive& normal = add(Shape::Arrow, Role::ContactNormal);
            normal.p0 = point;
            normal.p1 = point + n * world(static_cast<float>(normal_arrow_px()));
            normal.stroke = pal_.contact;
            normal.fill = pal_.contact;
            normal.stroke_px = line(2.0f);
        }
    }

    // The pitfalls lab on the canvas: where a seed formula puts the first contact, beside the
    // right answer, in the "missed" colour when it is wrong.
    void pitfall_ghost(seeds::Variant variant) {
        const PitfallReport report = compare_pitfalls(e_);
        const auto found = std::find_if(report.answers.begin(), report.answers.end(),
                                        [&](const PitfallAnswer& a) { return a.variant == variant; });
        if (found == report.answers.end()) return;
        const PitfallAnswer& answer = *found;
        const std::string name = pitfall_name(variant);
        const Rgba color = answer.wrong ? pal_.missed : pal_.closest;
        const std::string verdict = answer.ambiguous ? " (its \"no collision\", read as a time)"
                                    : answer.wrong   ? " (wrong)"
                                                     : " (agrees)";
        // the claim: when it is wrong and yet agrees to the four digits a label shows (the
        // textbook near contact), as many digits as it takes to see where the two part
        std::string claim = name + ": t = " + (answer.t_first_contact ? time_number(*answer.t_first_contact, 4, time_scale_) : "?") + verdict;
        if (answer.wrong && report.tangent_t && answer.t_first_contact && std::isfinite(*answer.t_first_contact) &&
            time_number(*answer.t_first_contact, 4, time_scale_) == time_number(*report.tangent_t, 4, time_scale_)) {
            const int digits = std::clamp(answer.correct_digits + 2, 5, 17);
            // both with the same digits, zeros kept, and the exponent as the other labels write it
            // ("1.33333344e-9, true 1.33333330e-9": "1.3333333e-09" beside "1.333e-9" reads as two styles)
            const auto with_digits = [digits](double x) {
                char text[40];
                std::snprintf(text, sizeof text, "%#.*g", digits, x);
                return bare_exponent(text);
            };
            claim = name + ": t = " + with_digits(*answer.t_first_contact) + ", true " + with_digits(*report.tangent_t) +
                    " (wrong: " + std::to_string(answer.correct_digits) + " of 16 digits right)";
        }
        // the ghosts in the pitfall's colour, its words darkened or lightened from it to read as text
        const Rgba words = text_color_on(color, pal_.background);
        if (!answer.t_first_contact) {
            // no time to draw: say it beside B
            backdrop(label(Role::PitfallGhost, motion_.position(1, in_.time), name + ": \"no contact\"" + verdict, 15.0f, words,
                  Align::Top, {0, 30}, 1));
            return;
        }
        const std::optional<double> t = answer.t_first_contact;
        if (!t || !std::isfinite(*t) || !near_span(*t, 4.0 * scene_.time.horizon)) {
            backdrop(label(Role::PitfallGhost, motion_.position(1, in_.time), claim, 15.0f, words, Align::Top, {0, 30}, 1));
            return;
        }
        // solid rings, where every other ghost is dashed or dotted: dotted 2 on 4, the wrong
        // answer's vermillion would read as B's own dashed ghost to a deuteranope, and as the
        // closest approach's dots
        for (int i = 0; i < 2; ++i) outline(Role::PitfallGhost, i, motion_.position(i, *t), color, line(2.0f));
        const glm::dvec2 b_at = motion_.position(1, *t);
        Primitive& text = label(Role::PitfallGhost, b_at + glm::dvec2(0.0, -motion_.radius(1)), claim, 15.0f, words,
                                Align::Top, {0, 8}, 1);
        backdrop(text);  // readable over the paths it lands on
    }

    // a box of the background behind a label, so that the rings and paths it lands on do not cross its letters
    void backdrop(Primitive& text) const {
        text.box = pal_.background.with_alpha(0.85f);
        text.box_padding_px = px(3.0f);
    }

    static std::string pitfall_name(seeds::Variant variant) {
        switch (variant) {
            case seeds::Variant::MissingRadius: return "no −R² in c";
            case seeds::Variant::Precedence: return "/2*A";
            case seeds::Variant::SwappedSquare: return "dvx² for dvy²";
            case seeds::Variant::ExactZero: return "delta == 0";
            case seeds::Variant::Textbook: return "(−b − √D)/(2a)";
        }
        return "?";
    }

    void relative_frame_marks() {
        // A at the origin with radius R: say so, and name B's line
        const double r = motion_.radius(0);
        const glm::dvec2 a = motion_.position(0, in_.time);
        Primitive& circle = ring(Role::RelativeCircle, a, r, body_color(0).with_alpha(static_cast<float>(motion_.blend())), line(1.0f), 0);
        circle.dash_px = px(2.0f);
        circle.gap_px = px(4.0f);
        if (motion_.blend() > 0.5) {
            // on the diagonal furthest from the other labels and marks around A: the contact
            // normal and t_enter's label, t_exit's label, the closest approach's label
            std::vector<glm::dvec2> taken;
            const auto direction_of_b = [&](double t) {
                const glm::dvec2 d = motion_.position(1, t) - motion_.position(0, t);
                if (glm::length(d) > 0.0) taken.push_back(glm::normalize(d));
            };
            if (e_.t_enter) direction_of_b(*e_.t_enter);
            if (e_.t_exit && *e_.t_exit != *e_.t_enter) direction_of_b(*e_.t_exit);
            if (e_.t_closest) {
                const glm::dvec2 d = motion_.position(0, *e_.t_closest) - motion_.position(1, *e_.t_closest);
                if (glm::length(d) > 0.0) taken.push_back(glm::normalize(d));
            }
            std::vector<std::pair<double, glm::dvec2>> ranked;  // (crowding, diagonal), the least crowded first
            for (const glm::dvec2 diagonal : {glm::dvec2(1, 1), glm::dvec2(-1, 1), glm::dvec2(1, -1), glm::dvec2(-1, -1)}) {
                const glm::dvec2 d = diagonal * 0.70710678;
                double crowding = -1.0;  // the cosine to the nearest taken direction
                for (const glm::dvec2 t : taken) crowding = std::max(crowding, glm::dot(d, t));
                // and not across B's line, which runs through here when they meet
                // (the text runs from the rim outwards along x, about 0.55 em a character)
                const glm::dvec2 v = e_.relative_velocity;
                if (glm::length(v) > 0.0) {
                    const glm::dvec2 start = a + d * r;
                    const glm::dvec2 end = start + glm::dvec2(d.x > 0 ? 1.0 : -1.0, 0.0) * world(15.0f * 0.55f * 18.0f);
                    const auto side = [&](glm::dvec2 q) {
                        const glm::dvec2 from = q - motion_.position(1, in_.time);
                        return (from.x * v.y - from.y * v.x) / glm::length(v);
                    };
                    const double near = world(12.0f);
                    if (side(start) * side(end) <= 0.0 || std::abs(side(start)) < near || std::abs(side(end)) < near)
                        crowding += 1.0;
                }
                ranked.emplace_back(crowding, d);
            }
            // (crowdings within a millionth are ties, kept in the order above)
            for (auto& entry : ranked) entry.first = std::round(entry.first * 1e6);
            std::stable_sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
            relative_label_ = RelativeLabel{a, r, {}};
            for (const auto& [crowding, d] : ranked) relative_label_->diagonals.push_back(d);
            const glm::dvec2 best = ranked.front().second;
            // (A's colour as text: as a line's, its 4.96:1 on the light page was 4.4:1 for a protanope)
            label(Role::RelativeCircle, a + best * r, "R = rA + rB = " + short_number(e_.radius_sum, 4), 15.0f,
                  text_color_on(body_color(0), pal_.background), outward(best), glm::dvec2(best.x, -best.y) * 8.0, 0);
        }
    }

    // The contact point and normal over the bodies and their arrows: at "Jump to contact" the
    // bodies stand on their first-contact ghosts, and B's arrowhead would hide the point.
    void raise_contact_marks() {
        if (!e_.contact || !scene_.show.ghosts || !e_.t_enter) return;  // (no marks: nothing to move on this frame)
        std::stable_partition(picture_.items.begin(), picture_.items.end(), [](const Primitive& p) {
            return p.shape == Shape::Label || (p.role != Role::ContactPoint && p.role != Role::ContactNormal);
        });
    }

    // "R = rA + rB" goes to the next diagonal round A where the overlays, placed after it, cover
    // it or the canvas cuts it off (the checks' legend can hide all of it but its "R"); where
    // every diagonal is covered, it stays on the first.
    struct RelativeLabel {
        glm::dvec2 center;
        double radius;
        std::vector<glm::dvec2> diagonals;  // the least crowded first
    };
    std::optional<RelativeLabel> relative_label_;

    // Whether a label lies on the canvas above `floor` (canvas px) and under no overlay (the badge,
    // the banner, their sentences, the caption, the time stamp).
    [[nodiscard]] bool clear_of_overlays(const Primitive& p, double floor) const {
        const auto box = label_extent(p);
        if (!box) return true;
        if (box->first.x < 0.0 || box->first.y < 0.0 || box->second.x > view_.size_px.x || box->second.y > floor) return false;
        return std::none_of(picture_.items.begin(), picture_.items.end(),
                            [&](const Primitive& o) { return o.shape == Shape::Label && overlay(o.role) && labels_overlap(o, p); });
    }

    void keep_relative_label_clear() {
        const auto found = std::find_if(picture_.items.begin(), picture_.items.end(), [](const Primitive& q) {
            return q.shape == Shape::Label && q.role == Role::RelativeCircle;
        });
        if (found == picture_.items.end()) return;
        Primitive& p = *found;
        const auto clear = [&] { return clear_of_overlays(p, overlay_floor_); };
        if (clear()) return;
        const Primitive first = p;
        for (const glm::dvec2 d : relative_label_->diagonals) {
            p.p0 = relative_label_->center + d * relative_label_->radius;
            p.align = outward(d);
            p.offset_px = glm::dvec2(d.x, -d.y) * static_cast<double>(px(8.0f));
            if (clear()) return;
        }
        p = first;
    }

    // A small body's name, beside it, under an overlay (the relative frame's point B passing under
    // "seen from A: …" has its name's top cut off) goes to the other side of the body, else
    // across, where that is clear of the overlays and on the canvas.
    void keep_small_names_clear() {
        for (Primitive& p : picture_.items) {
            if (p.shape != Shape::Label || p.role != Role::BodyLabel || p.offset_px == glm::dvec2(0.0)) continue;
            const auto clear = [&] { return clear_of_overlays(p, view_.size_px.y); };
            if (clear()) continue;
            const glm::dvec2 first = p.offset_px;
            const glm::dvec2 across(-first.y, first.x);
            bool placed = false;
            for (const glm::dvec2 offset : {-first, across, -across}) {
                p.offset_px = offset;
                if ((placed = clear())) break;
            }
            if (!placed) p.offset_px = first;
        }
    }

    // The overlap check at the time shown, as a game runs it: the segment between the centres and
    // |pB − pA| against R, in the sampled checks' colour while it fires.
    void distance_now() {
        const glm::dvec2 a = motion_.position(0, in_.time);
        const glm::dvec2 b = motion_.position(1, in_.time);
        const double distance = std::hypot(b.x - a.x, b.y - a.y);  // (squared, 1e-200 underflows and 1e160 overflows)
        const double r = motion_.radius(0) + motion_.radius(1);
        // Touching: |pB − pA| within what the time's own rounding (|Δv|·ulp(t)) and the positions'
        // arithmetic move it from R. At "Jump to contact" the time is the double next to the root,
        // and the canvas would read "|pB − pA| = 2.5000000000000004 > R = 2.5: no overlap" under
        // "first contact at t = 5.631".
        const auto ulp = [](double x) { return std::nextafter(std::abs(x), std::numeric_limits<double>::infinity()) - std::abs(x); };
        const double speed = glm::distance(motion_.velocity(0, in_.time), motion_.velocity(1, in_.time));
        const double coordinate = std::max({std::abs(a.x), std::abs(a.y), std::abs(b.x), std::abs(b.y)});
        // (each centre's coordinates within an ulp or so of p + t·v, their difference within 3 ulps: at
        // 1e15, where the ulp is 0.125, a relative bound on |a| + |b| would read 3 as R = 2.5)
        const double slack = speed * ulp(in_.time) + 3.0 * ulp(coordinate) + 4.0 * ulp(r);
        const bool touching = std::abs(distance - r) <= slack;
        const bool overlap = touching || distance <= r;
        const Rgba color = overlap ? pal_.sample_hit : pal_.text;
        segment(Role::DistanceNow, a, b, color, line(2.0f), -1, px(7.0f), px(5.0f));
        const auto [shown, radius] = telling_apart(distance, r);
        // rA + rB, not R: the tour shows this check at its first step, two before it names R (a
        // teacher's review), and a game's code writes the sum
        const std::string text = touching ? "|pB − pA| = rA + rB = " + short_number(r, 4) + ": touching"
                                          : "|pB − pA| = " + shown + (overlap ? " ≤ rA + rB = " : " > rA + rB = ") + radius +
                                                (overlap ? ": they overlap" : ": no overlap");
        // above both bodies, over the segment's middle, clear of the circles themselves
        const double top = std::max(a.y + motion_.radius(0), b.y + motion_.radius(1));
        Primitive& words = label(Role::DistanceNow, glm::dvec2(0.5 * (a.x + b.x), top), text, 16.0f, color, Align::Bottom, {0, -10});
        backdrop(words);
    }

    void bodies() {
        for (int i = 0; i < 2; ++i) {
            const glm::dvec2 center = motion_.position(i, in_.time);
            const glm::dvec2 velocity = motion_.arrow(i, in_.time);  // as drawn
            const Rgba color = body_color(i);
            const double r = motion_.radius(i);
            Primitive& disc = add(Shape::Disc, Role::Body, i);
            disc.p0 = center;
            disc.radius = std::max(r, world(5.0f));  // B as a point in the relative frame is still seen
            disc.fill = r < world(5.0f) ? color : color.with_alpha(0.22f);
            disc.stroke = color;
            disc.stroke_px = line(2.5f);

            const glm::dvec2 tip = center + velocity;
            if (glm::length(velocity) * view_.pixels_per_unit > px(2.0f)) {
                Primitive& arrow = add(Shape::Arrow, Role::Velocity, i);
                arrow.p0 = center;
                arrow.p1 = tip;
                arrow.stroke = color;
                arrow.fill = color;
                arrow.stroke_px = line(3.0f);
            }
            // the tip is a handle even when the arrow is too short to see
            if (in_.tip_handles) {
                Primitive& knob = add(Shape::Disc, Role::Velocity, i);
                knob.p0 = tip;
                knob.radius = world(4.0f);
                knob.fill = color;
            }

            const std::string& name = scene_.bodies[static_cast<std::size_t>(i)].label;
            if (scene_.show.labels && !name.empty()) {
                // a small body's name above it, or, beside the other body's centre, on its far side
                // from it (else the relative frame's point B at the closest approach puts "B" on "A"
                // and both on the d_min segment)
                glm::dvec2 offset = r < world(12.0f) ? glm::dvec2(0, -20) : glm::dvec2(0, 0);
                const glm::dvec2 apart = center - motion_.position(1 - i, in_.time);
                if (r < world(12.0f) && glm::length(apart) > 0.0 && glm::length(apart) < world(60.0f)) {
                    const glm::dvec2 away = glm::normalize(apart);
                    offset = glm::dvec2(away.x, -away.y) * 20.0;
                }
                Primitive& text = label(Role::BodyLabel, center, name, 18.0f, pal_.text, Align::Center, offset, i);
                text.box = pal_.background.with_alpha(0.55f);
                text.box_padding_px = px(3.0f);
                names_off_the_heads(text, velocity, r >= world(12.0f), r * view_.pixels_per_unit);
            }
            highlight(i, center, tip, r);
        }
    }

    // An arrow's head as a box on the canvas, from the name's anchor (y down), a little grown; and
    // the arrow's direction there, to move across or back along.
    struct HeadBox {
        glm::dvec2 low{0.0};
        glm::dvec2 high{0.0};
        glm::dvec2 along{0.0};
        glm::dvec2 across{0.0};  ///< upwards, else to the right
    };
    [[nodiscard]] HeadBox head_box(glm::dvec2 start, glm::dvec2 along, double length_px, float stroke_px) const {
        const shape_geometry::ArrowHead head = shape_geometry::arrow_head(stroke_px, 1.0, length_px);
        glm::dvec2 across{along.y, -along.x};
        if (across.y > 0.0 || (across.y == 0.0 && across.x < 0.0)) across = -across;
        const glm::dvec2 base = start + along * (length_px - head.length);
        const glm::dvec2 tip = start + along * length_px;
        const glm::dvec2 wing = across * head.half_width;
        return {glm::min(tip, glm::min(base + wing, base - wing)) - glm::dvec2(px(2.0f)),
                glm::max(tip, glm::max(base + wing, base - wing)) + glm::dvec2(px(2.0f)), along, across};
    }

    // A name at the centre of its body covers the start of its velocity arrow; where the arrow is
    // so short that it would cover the head too (at UI scale 2, "A" hides its arrowhead), the name
    // moves aside to stand clear of the head. So it does off the contact normal's head, which
    // starts on A's rim and points into B, near B's centre once the bodies are at the first
    // contact (J: "B" would cover it). Of seven moves (across an arrow, back along it, up, down,
    // left or right), the shortest that clears both heads and the contact point: moved across a
    // slanting arrow, a long name would go its whole half-width, far from its body ("Ball <1> &
    // "a"" at --scale 3.3).
    void names_off_the_heads(Primitive& name, glm::dvec2 velocity, bool off_velocity, double body_radius_px) const {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        std::vector<HeadBox> heads;
        const double length_px = glm::length(velocity) * view_.pixels_per_unit;
        if (off_velocity && length_px > px(2.0f))  // (an arrow too short is not drawn)
            heads.push_back(head_box(glm::dvec2(0.0), glm::dvec2(velocity.x, -velocity.y) / glm::length(velocity), length_px, line(3.0f)));
        for (const Primitive& normal : picture_.items) {
            if (normal.role != Role::ContactNormal || normal.shape != Shape::Arrow) continue;
            const glm::dvec2 from = (normal.p0 - name.p0) * view_.pixels_per_unit;
            const glm::dvec2 to = (normal.p1 - name.p0) * view_.pixels_per_unit;
            const glm::dvec2 start(from.x, -from.y);
            const glm::dvec2 span = glm::dvec2(to.x, -to.y) - start;
            if (glm::length(span) > 0.0) heads.push_back(head_box(start, span / glm::length(span), glm::length(span), normal.stroke_px));
        }
        const TextExtent extent = metrics->measure(name.text, name.font_px, name.bold);
        const glm::dvec2 half = 0.5 * glm::dvec2(extent.width, extent.height) + glm::dvec2(name.box_padding_px);
        // and a name wider than its body off the contact point, the dot the normal starts from (a
        // long name on a small body lay across it; one within its body crosses it only in
        // passing, and a film strip would see it jump)
        for (const Primitive& dot : picture_.items) {
            if (dot.role != Role::ContactPoint || dot.shape != Shape::Disc || half.x <= body_radius_px) continue;
            const glm::dvec2 from = (dot.p0 - name.p0) * view_.pixels_per_unit;
            const glm::dvec2 reach(dot.radius * view_.pixels_per_unit + px(2.0f));
            heads.push_back({glm::dvec2(from.x, -from.y) - reach, glm::dvec2(from.x, -from.y) + reach, glm::dvec2(1.0, 0.0), glm::dvec2(0.0, -1.0)});
        }
        if (heads.empty()) return;
        const glm::dvec2 at = name.offset_px;
        // the moves s along d (s >= 0) that leave the name's box over a head's: an open interval
        const auto over = [&](const HeadBox& h, glm::dvec2 d) {
            double from = -std::numeric_limits<double>::infinity();
            double to = std::numeric_limits<double>::infinity();
            for (int axis = 0; axis < 2; ++axis) {
                const double low = h.low[axis] - half[axis] - at[axis];
                const double high = h.high[axis] + half[axis] - at[axis];
                if (std::abs(d[axis]) <= 1e-9) {
                    if (!(low < 0.0 && 0.0 < high)) return std::pair{0.0, 0.0};  // never over it
                    continue;
                }
                const double a = low / d[axis];
                const double b = high / d[axis];
                from = std::max(from, std::min(a, b));
                to = std::min(to, std::max(a, b));
            }
            return from < to ? std::pair{from, to} : std::pair{0.0, 0.0};
        };
        // the least move along d clear of every head: out of each interval it falls in, until none
        const auto move_along = [&](glm::dvec2 d) {
            double s = 0.0;
            for (bool moved = true; moved;) {
                moved = false;
                for (const HeadBox& h : heads) {
                    const auto [from, to] = over(h, d);
                    if (from < s + 1e-9 && s < to) {
                        s = to;
                        moved = true;
                    }
                }
            }
            return s;
        };
        if (move_along(heads[0].across) == 0.0) return;  // clear of every head as it stands
        std::vector<glm::dvec2> directions;
        for (const HeadBox& h : heads) directions.insert(directions.end(), {h.across, -h.along, -h.across});
        directions.insert(directions.end(), {glm::dvec2(0.0, -1.0), glm::dvec2(0.0, 1.0), glm::dvec2(-1.0, 0.0), glm::dvec2(1.0, 0.0)});
        glm::dvec2 best = directions[0];
        double shortest = std::numeric_limits<double>::infinity();
        for (const glm::dvec2 d : directions) {
            const double s = move_along(d);
            if (s < shortest - 1e-9) {
                shortest = s;
                best = d;
            }
        }
        if (std::isfinite(shortest)) name.offset_px = at + best * shortest;
    }

    void highlight(int i, glm::dvec2 center, glm::dvec2 tip, double r) {
        if (in_.hover.body != i) return;
        switch (in_.hover.kind) {
            case HandleKind::Body: ring(Role::Handle, center, r + world(5), pal_.handle, px(2.0f), i); break;
            case HandleKind::Rim: ring(Role::Handle, center, r, pal_.handle, px(4.0f), i); break;
            case HandleKind::Velocity: ring(Role::Handle, tip, world(10), pal_.handle, px(2.5f), i); break;
            case HandleKind::None: break;
        }
    }

    // The case's sentence, and, with the response on and no bounce where the bodies meet or
    // overlap, why not (both immovable, parting, centres together): the paths run through each
    // other, and without a reason the figure looks as if the bounce were off.
    std::string case_line() const {
        std::string line = case_sentence();
        if (scene_.response.enabled && !in_.impact && (e_.kind == Case::Hit || e_.kind == Case::Overlapping)) {
            if (Result<Impact> why = respond(e_, scene_.response.restitution); !why) line += "; no bounce: " + why.error().message;
        }
        return line;
    }
    // What the bounce keeps, said on the canvas (the tour's bounce step claims both, and the panel
    // that shows them is closed there: a teacher's review). Momentum only with both bodies
    // movable (an immovable one takes any impulse); the energy lost as the panel rounds it.
    // e with the digits that tell it from 1 and 0 ("e = 0.9999999", not "1.000")
    std::string restitution_text() const {
        const double e = in_.impact->restitution;
        return e == 0.0 || e == 1.0 ? short_number(e, 4) : telling_apart(e, e < 0.5 ? 0.0 : 1.0).first;
    }
    std::string bounce_conserves() const {
        const Impact& i = *in_.impact;
        const bool momentum = !scene_.body_a().immovable() && !scene_.body_b().immovable();
        // (a line of its own: one line as wide as both framed the story smaller beside it)
        // an immovable body that moves does work on the other: its energy is the one seen from the
        // immovable body, kept there while the other speeds up in the world (a physics teacher's review)
        const std::optional<int> fixed = scene_.moving_immovable_body();
        const std::string frame = fixed ? ", in " + scene_.name(*fixed) + "'s frame" : std::string();
        if (i.energy_kept()) return (momentum ? "\nmomentum and kinetic energy kept" : "\nkinetic energy kept") + frame;
        return std::string(momentum ? "\nmomentum kept, " : "\n") + share_percent(i.energy_lost_share()) +
               " of the kinetic energy lost" + frame;
    }
    std::string case_sentence() const {
        if (in_.impact && e_.kind == Case::Overlapping) {  // inside each other and closing: the impulse acts now
            // with what it keeps and how it is drawn, as a hit's (a physics lecturer's review)
            const Impact& i = *in_.impact;
            const bool moves_on = i.velocity_a_after != glm::dvec2(0.0) || i.velocity_b_after != glm::dvec2(0.0);
            return "overlapping at t = 0 and closing: " +
                   std::string(i.restitution == 0.0 ? "no rebound now (e = 0)" : "they bounce now (e = " + restitution_text() + ")") +
                   bounce_conserves() + (moves_on ? "\ndotted: the paths and velocities after the bounce" : "");
        }
        if (in_.impact && e_.kind == Case::Graze) {  // Δv·n = 0 at a touch: no impulse, nothing bounces
            return "touch at t = " + time_number(in_.impact->time, 4, time_scale_) + ": they slide past (Δv·n = 0, no bounce)";
        }
        // closing so slowly beside their speeds that the impulse is lost in the velocities' rounding
        // (the canvas said "they bounce" beside the panel's j = 0: a QA recheck)
        if (in_.impact && !in_.impact->approaching) {
            return "first contact at t = " + time_number(in_.impact->time, 4, time_scale_) +
                   ": no bounce, the impulse too small beside their speeds to change them";
        }
        if (in_.impact) {
            // a body at rest after the bounce (equal masses head on at e = 0 both stop) has no path
            // after it: "move on together" and "dotted: the paths after" would not be so (a review)
            const Impact& i = *in_.impact;
            const double speed = std::max(glm::length(scene_.body_a().velocity), glm::length(scene_.body_b().velocity));
            const bool a_stops = glm::length(i.velocity_a_after) <= 1e-12 * speed;
            const bool b_stops = glm::length(i.velocity_b_after) <= 1e-12 * speed;
            // a body at rest before, an immovable wall, "stays still" (it "stopped": a review)
            const bool a_was_still = glm::length(scene_.body_a().velocity) <= 1e-12 * speed;
            const bool b_was_still = glm::length(scene_.body_b().velocity) <= 1e-12 * speed;
            const auto halts = [&](int body, bool was_still) { return scene_.name(body) + (was_still ? " stays still" : " stops"); };
            const std::string still = a_stops && b_stops && !a_was_still && !b_was_still ? "both stop"
                                      : a_stops && b_stops ? halts(0, a_was_still) + ", " + halts(1, b_was_still)
                                      : a_stops            ? halts(0, a_was_still)
                                      : b_stops            ? halts(1, b_was_still)
                                                           : "";
            // e = 0: the approach along n stops, and nothing bounces back
            std::string line = "first contact at t = " + time_number(i.time, time_digits_, time_scale_);
            if (i.restitution == 0.0) {
                line += ": no rebound (e = 0), " + (still.empty() ? std::string("along n they move on together") : still);
            } else {
                line += ": they bounce (e = " + restitution_text() + ")" + (still.empty() ? std::string() : ", " + still);
            }
            return line + bounce_conserves() + (a_stops && b_stops ? "" : "\ndotted: the paths and velocities after the bounce");
        }
        switch (e_.kind) {
            // with the digits the contact's labels give it ("first contact at t = 10" over "t_enter =
            // 9.99999" where four digits read t_enter and t_exit alike)
            case Case::Hit: return "first contact at t = " + time_number(*e_.t_enter, time_digits_, time_scale_);
            case Case::Graze: return "touch at t = " + time_number(*e_.t_enter, 4, time_scale_) + ", closest = R";
            case Case::Miss: {
                const auto [d_min, r] = telling_apart(e_.min_distance, e_.radius_sum);
                return "closest " + d_min + " > R = " + r;
            }
            case Case::Receding:
                // touching now and moving apart (c = 0, b > 0): the contact ends now, it is not all past
                if (e_.t_exit && *e_.t_exit == 0.0 && *e_.t_enter < 0.0)
                    return "touching now, moving apart (traced back, their paths met at t = " + time_number(*e_.t_enter, time_digits_, time_scale_) + ")";
                return "contact was at t = " + time_number(*e_.t_enter, time_digits_, time_scale_) + ", moving apart";
            // (the case is the scene's at t = 0, whatever time the slider shows)
            case Case::Overlapping:
                return e_.t_enter ? "overlapping at t = 0: from t = " + time_number(*e_.t_enter, time_digits_, time_scale_) + " to " +
                                        time_number(*e_.t_exit, time_digits_, time_scale_)
                                  : "overlapping, and always will be";
            case Case::Static: {
                // the badge's STATIC and "a = 0" over circles that visibly move read as a contradiction
                const glm::dvec2 v = e_.body_a.velocity;
                const std::string together = v.x != 0.0 || v.y != 0.0 ? "both move with the same velocity, so " : "";
                // the gap at any scale ("gap 0" beside circles 1e-15 across, and beside a gap of
                // 4.4e-16 at 2: a robustness review)
                const double gap = e_.static_gap();
                return together + "no relative motion (Δv = 0): the centres stay " + short_number(e_.min_distance, 4) +
                       " apart, gap " + (gap == 0.0 && !e_.overlaps_at(0.0) ? std::string("a hair over 0") : short_number(gap, 4));
            }
        }
        return "";
    }

    // The overlays stack down the top-left corner: the case, its sentence, then (when the
    // sampled check missed) the banner and its legend. Stacked, they never overlap.
    // The two overlays that always stay: "HIT   D > 0" and "MISSED by the overlap check at dt = 0.5".
    [[nodiscard]] std::string badge_title() const {
        return to_capitals(e_.kind) + "   " + std::string(to_string(e_.discriminant_sign));
    }
    [[nodiscard]] std::string banner_title() const {
        return "MISSED by the overlap check at dt = " + number_with(in_.sampling->input.dt, std::max(step_digits(), checks_digits(4)));
    }
    // The digits that tell the banner's dt from the safe step its legend gives: four, or as many as
    // it takes ("MISSED … at dt = 0.102" over "any dt up to 0.102 catches it", for dt 0.1020400525
    // and a safe step of 0.1020400485).
    [[nodiscard]] int step_digits() const {
        const SamplingResult& s = *in_.sampling;
        if (!s.missed || !s.safe_dt || !(*s.safe_dt > 0.0)) return 4;
        for (int digits = 4; digits < 15; ++digits) {
            const double dt = std::strtod(number_with(s.input.dt, digits).c_str(), nullptr);
            const SafeStepText safe = safe_step_text(s, digits);
            const double shown = std::strtod(safe.number.c_str(), nullptr);
            if (safe.just_under ? dt >= shown : dt > shown) return digits;
        }
        return 15;
    }
    // The digits for φ and dt in "the checks at t = φ + k·dt" (at least `at_least`): as many as keep
    // the checks that decide (those either side of a missed contact, or the first and last that
    // fire and their neighbours) on the same side of t_enter and of t_exit when worked out from
    // the printed numbers (0.0518 + 4·0.2385 = 1.0058 lands inside a contact from 1.00576 that
    // the check itself, 0.051795 + 4·0.23849 = 1.005755, misses: a game-dev teacher's review).
    [[nodiscard]] int checks_digits(int at_least) const {
        const SamplingResult& s = *in_.sampling;
        if (!in_.answers || !e_.t_enter || !e_.t_exit) return at_least;
        std::vector<std::int64_t> decisive;
        for (const std::optional<std::int64_t>& k : {s.before_contact_k, s.after_contact_k, s.first_detect_k, s.last_detect_k})
            if (k) decisive.insert(decisive.end(), {*k - 1, *k, *k + 1});
        const auto side = [](double t, double edge) { return (t > edge) - (t < edge); };
        for (int digits = at_least; digits < 17; ++digits) {
            const double phase = std::strtod(number_with(s.input.phase, digits).c_str(), nullptr);
            const double dt = std::strtod(number_with(s.input.dt, digits).c_str(), nullptr);
            const bool alike = std::all_of(decisive.begin(), decisive.end(), [&](std::int64_t k) {
                if (k < 0) return true;
                const double real = s.sample_time(k);
                const double printed = phase + static_cast<double>(k) * dt;
                return side(real, *e_.t_enter) == side(printed, *e_.t_enter) && side(real, *e_.t_exit) == side(printed, *e_.t_exit);
            });
            if (alike) return digits;
        }
        return 17;
    }
    // `value` at `digits` significant digits, written as short_number() writes its four.
    [[nodiscard]] static std::string number_with(double value, int digits) { return short_number(value, digits); }
    // How far down each moves the overlay stack once wrapped as overlay_label() wraps it (0 for
    // a banner that is not shown).
    [[nodiscard]] double overlay_advance(const std::string& text, float font, bool bold, float one_line) const {
        const double font_px = opx(font);
        const double width = view_.size_px.x - opx(16.0f) - px(16.0f) - 2.0 * opx(font * 0.35f);
        const std::string lines = wrap_text(text, font_px, bold, width);
        return opx(one_line) + static_cast<double>(std::count(lines.begin(), lines.end(), '\n')) * font_px;
    }
    // The overlays' size, relative to the rest, at which each word of the badge and the MISSED
    // banner fits on a line of the canvas as overlay_label() wraps them (else OVERLAPPING is cut
    // in two on a 400-px canvas at UI scale 2), but no less than overlay_scale()'s least.
    [[nodiscard]] float title_fit_k() const {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics || !(in_.scale > 0.0f)) return overlay_k_;
        const double s = in_.scale;
        double k = overlay_k_;
        const auto fit = [&](const std::string& title, double font) {
            double widest = 0.0;  // at this font size and UI scale 1
            for (std::size_t begin = 0; begin < title.size();) {
                const std::size_t end = std::min(title.find(' ', begin), title.size());
                widest = std::max(widest, metrics->width(std::string_view(title).substr(begin, end - begin), font, true));
                begin = end + 1;
            }
            // at overlay size k the line is size - 16sk (the left margin) - 16s (the right) - 2·0.35·font·sk wide
            k = std::min(k, 0.99 * (view_.size_px.x - 16.0 * s) / (s * (widest + 16.0 + 0.7 * font)));  // (1%: rounding)
        };
        fit(badge_title(), 26.0);
        if (in_.sampling && in_.sampling->missed) fit(banner_title(), 22.0);
        return static_cast<float>(std::max(k, std::min(s, 0.6) / s));
    }
    [[nodiscard]] double badge_advance() const { return overlay_advance(badge_title(), 26.0f, true, 48.0f); }
    [[nodiscard]] double banner_advance() const {
        return in_.sampling && in_.sampling->missed ? opx(4.0f) + overlay_advance(banner_title(), 22.0f, true, 42.0f) : 0.0;
    }

    // Arrows that are not v·1 say so, below the overlays placed so far.
    void arrows_note(double banner_room) {
        const double arrow_time = scene_.arrow_time();
        if (arrow_time == 1.0) return;
        const std::string scale = short_number(arrow_time, 4);
        const Primitive& arrows = overlay_label(Role::Badge, overlay_cursor_,
                                                "velocity arrows: v × " + scale + ", each tip where its body is " + scale + " later",
                                                ofont(16.0f), pal_.text, Align::TopLeft, pal_.background.with_alpha(kSentenceBackdrop));
        if (keep_if_room(arrows, banner_room)) overlay_cursor_.y += opx(36.0f) + extra_lines_px(arrows);
    }

    void badge() {
        overlay_label(Role::Badge, overlay_cursor_, badge_title(), ofont(26.0f), pal_.badge_text, Align::TopLeft,
                      case_color(e_.kind, in_.theme.value_or(scene_.show.theme)), true);
        overlay_cursor_.y += badge_step_;
        // the MISSED banner below must still fit when the sentences are placed
        const double banner_room = banner_step_;
        const Primitive& sentence = overlay_label(Role::Badge, overlay_cursor_, case_line(), ofont(16.0f), pal_.text, Align::TopLeft,
                                                  pal_.background.with_alpha(kSentenceBackdrop));
        if (keep_if_room(sentence, banner_room)) overlay_cursor_.y += opx(36.0f) + extra_lines_px(sentence);
        arrows_note(banner_room);
        // (not beside the MISSED banner: with its legend the corner would run down the canvas's
        // whole left side and the story be framed small in the right quarter, at F11 on a
        // projector. The circle of radius R and the point B still say the frame.)
        if (motion_.blend() >= 0.5 && !(in_.sampling && in_.sampling->missed)) {
            // (with the bounce, B leaves that line at the impulse: a game-physics review)
            const bool bounced = in_.impact && in_.impact->approaching;
            const Primitive& frame = overlay_label(
                Role::Badge, overlay_cursor_,
                // (the bodies' own names: "seen from A: A still" beside Post and Puck, a recheck)
                bounced ? "seen from " + scene_.name(0) + ": " + scene_.name(0) + " still, with radius R;\n" + scene_.name(1) +
                              " a point moving along Δp + tΔv until the bounce"
                        : "seen from " + scene_.name(0) + ": " + scene_.name(0) + " still, with radius R;\n" + scene_.name(1) +
                              " a point moving along Δp + tΔv",
                ofont(16.0f), pal_.text, Align::TopLeft, pal_.background.with_alpha(kSentenceBackdrop));
            if (keep_if_room(frame, banner_room)) overlay_cursor_.y += opx(36.0f) + extra_lines_px(frame);
        }
    }

    // Keeps the overlay just added, a sentence that explains, if it ends above the caption with
    // `below` to spare; else takes it out again (on a small canvas at a large UI scale the stack
    // runs into the caption). The case badge and the MISSED banner always stay.
    bool keep_if_room(const Primitive& overlay, double below) {
        const auto extent = label_extent(overlay);
        if (!extent || extent->second.y + below <= overlay_floor_) return true;
        picture_.items.pop_back();
        return false;
    }

    void banner() {
        const SamplingResult& s = *in_.sampling;
        overlay_cursor_.y += opx(4.0f);
        // the badges' dark title: white on vermillion is only 3.87:1
        overlay_label(Role::Banner, overlay_cursor_, banner_title(), ofont(22.0f), pal_.badge_text, Align::TopLeft, pal_.missed, true);
        overlay_cursor_.y += banner_step_ - opx(4.0f);
        // (no colour named: the two checks either side of the contact are drawn in the sweep's
        // colour, the rest faint, and both differ by theme; "grey outlines" would send students
        // looking past the two that matter)
        const int digits = step_digits();
        const int check_digits = checks_digits(4);
        // (in the relative frame each check is a dot on B's path, not a pair of outlines: a recheck)
        std::string legend = checks_word() + ": the checks at t = " + number_with(s.input.phase, check_digits) + " + k·" +
                             number_with(s.input.dt, std::max(digits, check_digits)) + checks_aside();
        if (in_.impact) legend += ", on the paths without the bounce";
        if (s.sample_count > kMaxSamplesDrawn) {
            const auto [first, end] = drawn_samples(s, e_);
            legend += " (drawn: k = " + std::to_string(first) + " to " + std::to_string(end - 1) + " of " +
                      std::to_string(s.sample_count) + ")";
        }
        // not every miss is the step carrying the bodies through (that one, the banner and the swept
        // capsules say; words for it too would push the story into a strip at a projector's scale): the
        // checks may stop, or begin, outside the contact
        if (s.miss_cause == MissCause::NoCheck) {
            legend = "no check runs: the first, at t = " + short_number(s.input.phase, 4) + ", would come after the horizon";
        } else if (s.miss_cause == MissCause::HorizonCut) {
            legend += "; they stop at the horizon while the circles still overlap";
            // (a class expects the check at 0.1 + 2·0.1 = 0.3 over a horizon of 0.3: said on the
            // canvas too, where the panel and the summary are not seen: a recheck)
            if (s.next_check_rounded_past())
                legend += " (the next, φ + " + std::to_string(s.sample_count) + "·dt, rounds to a hair past it in binary)";
        } else if (s.miss_cause == MissCause::StartsAfter) {
            legend += "; the first comes after the contact has ended";
        }
        if (s.safe_dt && *s.safe_dt > 0.0) {
            // never above the safe step: "up to 0.2385" for a contact of 0.238485 is not safe
            const SafeStepText safe = safe_step_text(s, digits);
            // "any ..., whatever the phase": "a dt up to 0.2384 would catch the contact" reads as "and
            // no larger one would", where dt 0.3 at phase 0.15 catches it
            legend += safe.just_under ? "; any dt just under " + safe.number + " catches it, whatever the phase"
                                      : "; any dt up to " + safe.number + " catches it, whatever the phase";
        } else if (s.max_safe_dt && *s.max_safe_dt == 0.0) {
            legend += "; a touch that lasts no time is caught only by a check exactly at it";  // a graze
        }
        const Primitive& note =
            overlay_label(Role::Banner, overlay_cursor_, legend, ofont(15.0f), pal_.text, Align::TopLeft, pal_.background.with_alpha(kSentenceBackdrop));
        if (keep_if_room(note, 0.0)) overlay_cursor_.y += opx(32.0f) + extra_lines_px(note);
    }

    // With the checks on and nothing missed, a line says what the outlines are (with the check
    // toggled on, about 30 outlines fill the canvas, and want a word).
    void checks_legend() {
        const SamplingResult& s = *in_.sampling;
        if (s.sample_count == 0) return;
        const int check_digits = checks_digits(4);
        const bool dense = drawn_checks() == ChecksDrawn::Dots;
        std::string legend = checks_word() + ": the overlap checks at t = " + number_with(s.input.phase, check_digits) + " + k·" +
                             number_with(s.input.dt, check_digits) + checks_aside();
        // the checks run on the paths as if there were no bounce (those the core samples): said, as
        // an outline crossed inside a post the puck has bounced off contradicts the bounce unexplained
        if (in_.impact && in_.answers) legend += ", on the paths without the bounce";
        // only those around the catch drawn (as the banner says): at dt = 0.001 over 2.4 the
        // figure drew 600 of 2,400 and said nothing (an author's recheck)
        if (s.sample_count > kMaxSamplesDrawn) {
            const auto [first, end] = drawn_samples(s, e_);
            legend += " (drawn: k = " + std::to_string(first) + " to " + std::to_string(end - 1) + " of " + std::to_string(s.sample_count) + ")";
        }
        // (which check fires, if any, is a question's answer)
        if (in_.answers && s.detected && s.first_detect_t) {
            // told apart from the contact's times ("first at t = 1e4", 9999.99998, reads as t_closest's 10000)
            const double t = *s.first_detect_t;
            const int digits = e_.t_enter && e_.t_exit
                                   ? digits_apart({t, *e_.t_enter, *e_.t_exit, e_.t_closest.value_or(t)}, time_digits_)
                                   : 4;
            legend += dense ? "; the first to find the overlap outlined and crossed (t = " + time_number(t, digits, time_scale_) + ")"
                            : "; crossed where one finds the overlap (first at t = " + time_number(t, digits, time_scale_) + ")";
        } else if (in_.answers && !s.continuous_contact) {
            // (a contact past the horizon is still drawn, with "first contact at t = …" above:
            // "there is none to find" would read as a contradiction)
            legend += !e_.t_enter              ? "; none finds an overlap: there is none to find"
                      : s.contact_ends_at_start ? "; none finds an overlap: the contact ended at t = 0, as they part"
                                            : "; none finds an overlap: the contact lies outside t = 0 to the horizon " +
                                                  short_number(s.input.horizon, 4);
        }
        const Primitive& note = overlay_label(Role::Banner, overlay_cursor_, legend, ofont(15.0f), pal_.text, Align::TopLeft,
                                              pal_.background.with_alpha(kSentenceBackdrop));
        if (!keep_if_room(note, 0.0)) return;
        overlay_cursor_.y += opx(32.0f) + extra_lines_px(note);
        // a catch is not yet a safe step, nor in time: said on a line of its own (the legend alone
        // read as a success at dt 0.25 over a contact of 0.2385, first caught after the closest
        // approach: a game-dev teacher's review; the side panel and `analyze` said both)
        if (!in_.answers || !s.detected || !s.first_detect_t || !e_.t_enter) return;
        std::string caveat;
        if (s.caught_by_phase) {
            // (the two told apart: "lasts 0.2385, less than dt = 0.2385" for a dt a hair longer)
            const auto [lasts, step] = format_apart(*s.max_safe_dt, s.input.dt, 4);
            caveat = "caught by the luck of the phase: the contact lasts " + lasts + (s.contact_cut_off ? " in the checked time" : "") +
                     ", less than dt = " + step + ", so another phase misses it";
        }
        if (s.caught_parting) {
            caveat += std::string(caveat.empty() ? "caught" : "; and") + " only after the closest approach (t = " +
                      time_number(*e_.t_closest, time_digits_, time_scale_) + "), as they part";
        }
        if (caveat.empty()) return;
        const Primitive& line = overlay_label(Role::Banner, overlay_cursor_, caveat, ofont(15.0f), pal_.text, Align::TopLeft,
                                              pal_.background.with_alpha(kSentenceBackdrop));
        if (keep_if_room(line, 0.0)) overlay_cursor_.y += opx(32.0f) + extra_lines_px(line);
    }

    // Labels that explain are kept inside the canvas; labels that only help (axis numbers, path
    // times) give way to them: any whose text would overlap a more important label is left out.
    static int importance(Role role) {
        switch (role) {
            case Role::AxisLabel: return 0;
            case Role::TimeTickLabel: return 1;
            default: return 2;
        }
    }

    // The way from A to B on the canvas (a unit vector, y down), for setting their names apart:
    // from A's centre to B's (taken from the name boxes' centres, it swung about where those
    // nearly met: a code review), leaning by `lean_px` to the side of the relative motion that B
    // passes A on. That side keeps through a straight pass (Δp×Δv keeps its sign), so in a film
    // strip of still frames the names turn round each other as the bodies cross (a head-on
    // pass: B's over A's), where the line of centres alone would swap them in one frame. With
    // neither motion nor distance, down.
    [[nodiscard]] glm::dvec2 way_to_b(double lean_px) const {
        const auto on_screen = [](glm::dvec2 v) { return glm::dvec2(v.x, -v.y); };
        glm::dvec2 between = on_screen(motion_.position(1, in_.time) - motion_.position(0, in_.time)) * view_.pixels_per_unit;
        if (!std::isfinite(between.x) || !std::isfinite(between.y)) between = glm::dvec2(0.0);
        const glm::dvec2 moving = on_screen(motion_.velocity(1, in_.time) - motion_.velocity(0, in_.time));
        glm::dvec2 way = between;
        if (glm::length(moving) > 0.0 && std::isfinite(glm::length(moving))) {
            const glm::dvec2 along = glm::normalize(moving);
            const glm::dvec2 across(along.y, -along.x);
            const double side = glm::dot(between, across);  // B's offset from A's line of relative motion
            way += lean_px * (std::abs(side) > 1e-6 ? (side > 0.0 ? across : -across) : (across.y <= 0.0 ? across : -across));
        }
        return glm::length(way) > 1e-6 ? glm::normalize(way) : glm::dvec2(0.0, 1.0);
    }

    // Two names at centres closer than the names are wide (a pass through each other, paused or
    // exported at a time inside it) would be drawn one over the other, "B" over "A": each moves
    // off the other along the line of centres, just far enough that their boxes clear, and the
    // one held at the canvas's edge moves less, the other more.
    template <class PlacedBoxes>
    void names_apart(PlacedBoxes& placed) {
        std::array<std::size_t, 2> at{placed.size(), placed.size()};
        for (std::size_t k = 0; k < placed.size(); ++k) {
            const Primitive& p = picture_.items[placed[k].index];
            if (p.role == Role::BodyLabel && (p.body == 0 || p.body == 1)) at[static_cast<std::size_t>(p.body)] = k;
        }
        if (at[0] == placed.size() || at[1] == placed.size()) return;
        auto& a = placed[at[0]];
        auto& b = placed[at[1]];
        // (boxes far off the canvas, bodies at 1e308, may not be finite: no move made of them)
        for (const glm::dvec2 corner : {a.min, a.max, b.min, b.max})
            if (!std::isfinite(corner.x) || !std::isfinite(corner.y)) return;
        const glm::dvec2 overlap = glm::min(a.max, b.max) - glm::max(a.min, b.min);
        if (!(overlap.x > 0.0 && overlap.y > 0.0)) return;
        const glm::dvec2 d = way_to_b(0.5 * ((a.max.y - a.min.y) + (b.max.y - b.min.y)));
        // moved t in all along a direction, the boxes part along an axis once B's box has passed
        // A's edge on that side (a short name within a long one's span must pass its whole length)
        const auto needed = [&](glm::dvec2 dir) {
            double t = std::numeric_limits<double>::infinity();
            for (int axis = 0; axis < 2; ++axis) {
                if (std::abs(dir[axis]) <= 1e-9) continue;
                const double across = dir[axis] > 0.0 ? a.max[axis] - b.min[axis] : b.max[axis] - a.min[axis];
                t = std::min(t, across / std::abs(dir[axis]));
            }
            return t;
        };
        // how far a box can go along `dir` and stay on the canvas (0 where it is off it already)
        const auto room = [&](const auto& box, glm::dvec2 dir) {
            double most = std::numeric_limits<double>::infinity();
            for (int axis = 0; axis < 2; ++axis) {
                if (std::abs(dir[axis]) <= 1e-9) continue;
                const double space = dir[axis] < 0.0 ? box.min[axis] : view_.size_px[axis] - box.max[axis];
                most = std::min(most, std::max(0.0, space) / std::abs(dir[axis]));
            }
            return most;
        };
        // along the line of the centres; where the canvas's edge leaves no room for that (a long
        // name wrapped over lines on a small figure), up, down, left or right, the shortest move
        // that fits; half each way, the one held at an edge less and the other more
        glm::dvec2 dir = d;
        double t = needed(d);
        if (room(a, -d) + room(b, d) < t) {
            for (const glm::dvec2 axis : {glm::dvec2(0, 1), glm::dvec2(0, -1), glm::dvec2(1, 0), glm::dvec2(-1, 0)}) {
                const double t_axis = needed(axis);
                if (room(a, -axis) + room(b, axis) >= t_axis && (dir == d || t_axis < t)) {
                    dir = axis;
                    t = t_axis;
                }
            }
        }
        const double room_a = room(a, -dir);
        const double room_b = room(b, dir);
        double move_a = std::min(0.5 * t, room_a);
        const double move_b = std::min(t - move_a, room_b);
        move_a = std::min(t - move_b, room_a);
        const auto move = [&](auto& box, glm::dvec2 shift) {
            box.min += shift;
            box.max += shift;
            picture_.items[box.index].offset_px += shift;
        };
        move(a, -move_a * dir);
        move(b, move_b * dir);
    }

    // A label's text box on the canvas (with its backdrop and a little room), if text can be measured.
    [[nodiscard]] std::optional<std::pair<glm::dvec2, glm::dvec2>> label_extent(const Primitive& p) const {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return std::nullopt;
        const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
        const TextBox box = label_box(p, view_, {extent.width, extent.height});
        const glm::dvec2 margin(p.box_padding_px + px(2.0f));
        return std::pair{box.top_left - margin, box.top_left + box.size + margin};
    }

    // The box around an arrow's head on the canvas (its triangle's corners), none for an arrow too short to draw.
    [[nodiscard]] std::optional<std::pair<glm::dvec2, glm::dvec2>> arrowhead_box(const Primitive& arrow) const {
        const auto head = shape_geometry::arrow_head_corners(view_.to_screen(arrow.p0), view_.to_screen(arrow.p1), arrow.stroke_px);
        if (!head) return std::nullopt;
        const auto& [tip, a, b] = *head;
        return std::pair{glm::min(tip, glm::min(a, b)), glm::max(tip, glm::max(a, b))};
    }

    // Whether a label's box covers part of the disc (world centre and radius) on the canvas.
    [[nodiscard]] bool label_covers_disc(const Primitive& p, glm::dvec2 center, double radius) const {
        const auto extent = label_extent(p);
        if (!extent) return false;
        const glm::dvec2 c = view_.to_screen(center);
        const glm::dvec2 nearest = glm::clamp(c, extent->first, extent->second);
        return glm::length(nearest - c) < radius * view_.pixels_per_unit;
    }

    // two screen boxes, each {min, max}, share some area
    static bool boxes_overlap(const std::pair<glm::dvec2, glm::dvec2>& a, const std::pair<glm::dvec2, glm::dvec2>& b) {
        return a.first.x < b.second.x && b.first.x < a.second.x && a.first.y < b.second.y && b.first.y < a.second.y;
    }

    [[nodiscard]] bool labels_overlap(const Primitive& a, const Primitive& b) const {
        const auto ea = label_extent(a);
        const auto eb = label_extent(b);
        return ea && eb && boxes_overlap(*ea, *eb);
    }

    static bool annotation(Role role) {
        return role == Role::GhostLabel || role == Role::ClosestLabel || role == Role::PitfallGhost || role == Role::DistanceNow;
    }
    // the case badge, the MISSED banner, their sentences and the caption: placed last, never moved
    static bool overlay(Role role) {
        return role == Role::Badge || role == Role::Banner || role == Role::Caption || role == Role::TimeStamp;
    }

    void declutter() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        struct Placed {
            std::size_t index;
            glm::dvec2 min;
            glm::dvec2 max;
            int importance;
        };
        std::vector<Placed> placed;
        std::vector<bool> dropped(picture_.items.size(), false);
        // the row of the x axis's numbers and the column of the y axis's: a path's time number
        // there reads as a coordinate ("-8 -6 -4 -2 6 8 4 6 8" along the x axis, the 6 and 8 A's
        // times), so it goes to the other side of its path, or is left out
        glm::dvec2 row{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
        glm::dvec2 column = row;
        for (const Primitive& p : picture_.items) {
            if (p.shape != Shape::Label || p.role != Role::AxisLabel) continue;
            const auto [low, high] = *label_extent(p);
            glm::dvec2& band = p.align == Align::Top ? row : column;
            const int axis = p.align == Align::Top ? 1 : 0;
            band = {std::min(band.x, low[axis]), std::max(band.y, high[axis])};
        }
        const auto in_a_band = [&](const std::pair<glm::dvec2, glm::dvec2>& box) {
            return (box.first.y < row.y && box.second.y > row.x) || (box.first.x < column.y && box.second.x > column.x);
        };
        // Nor does a time number stand on what it would hide or be read with: a body's disc (in
        // the static preset A's "t = 4" would lie in B, its rim over the "t"), an arrowhead, a label
        // that explains, or just above or below an x axis number (clear-miss's "8" over the axis's
        // "2" reads as 8/2). One that does goes to the other side of its path, or is left out.
        std::vector<std::pair<glm::dvec2, double>> round_obstacles;  // (centre, radius) on the canvas
        std::vector<std::pair<glm::dvec2, glm::dvec2>> box_obstacles;
        for (const Primitive& p : picture_.items) {
            if (p.shape == Shape::Disc && (p.role == Role::Body || p.role == Role::Velocity)) {
                round_obstacles.emplace_back(view_.to_screen(p.p0), p.radius * view_.pixels_per_unit);
            } else if (p.shape == Shape::Arrow) {
                if (const auto head = arrowhead_box(p)) box_obstacles.push_back(*head);
            } else if (p.shape == Shape::Label && importance(p.role) >= 2) {
                box_obstacles.push_back(*label_extent(p));
            } else if (p.shape == Shape::Label && p.role == Role::AxisLabel && p.align == Align::Top) {
                auto [low, high] = *label_extent(p);
                const double height = high.y - low.y;
                box_obstacles.emplace_back(low - glm::dvec2(0.0, height), high + glm::dvec2(0.0, height));
            }
        }
        // nor across the segments between the centres (the overlap check now, the closest
        // approach) or the contact normal: the check's dashes strike through "t = 4", which then
        // reads as "t ‒ 4"
        std::vector<std::pair<glm::dvec2, glm::dvec2>> crossing_lines;
        for (const Primitive& p : picture_.items)
            if ((p.shape == Shape::Segment || p.shape == Shape::Arrow) &&
                (p.role == Role::DistanceNow || p.role == Role::ClosestSegment || p.role == Role::ContactNormal))
                crossing_lines.emplace_back(view_.to_screen(p.p0), view_.to_screen(p.p1));
        // nor across a ring's stroke (a check's outline, a ghost, the closest approach's): the
        // checks' outlines cross "0.4" and "1.6" on the tunnelling preset; a number wholly inside
        // a ring, or outside it, is clear of it
        struct RingStroke {
            glm::dvec2 center;
            double radius;
            double reach;  // half the stroke and a pixel
            bool check;    // an overlap check's outline
        };
        std::vector<RingStroke> rings;
        for (const Primitive& p : picture_.items)
            if ((p.shape == Shape::Ring || p.shape == Shape::DashedRing) && p.space == Space::World)
                rings.push_back({view_.to_screen(p.p0), p.radius * view_.pixels_per_unit, 0.5 * p.stroke_px + px(1.0f),
                                 p.role == Role::Sample || p.role == Role::SampleHit});
        const auto crosses_a_ring = [&](const std::pair<glm::dvec2, glm::dvec2>& box, bool but_checks) {
            return std::any_of(rings.begin(), rings.end(), [&](const RingStroke& ring) {
                if (but_checks && ring.check) return false;
                const double nearest = glm::length(glm::clamp(ring.center, box.first, box.second) - ring.center);
                const glm::dvec2 far_corner = glm::max(glm::abs(box.first - ring.center), glm::abs(box.second - ring.center));
                return nearest < ring.radius + ring.reach && glm::length(far_corner) > ring.radius - ring.reach;
            });
        };
        const auto time_number_blocked = [&](const std::pair<glm::dvec2, glm::dvec2>& box, bool over_checks = false,
                                             bool in_bands_too = false) {
            if ((!in_bands_too && in_a_band(box)) || crosses_a_ring(box, over_checks)) return true;
            const ScreenBox screen_box{box.first, box.second};
            for (const auto& [from, to] : crossing_lines)
                if (segment_box_distance(from, to, screen_box) <= 0.0) return true;
            for (const auto& [c, r] : round_obstacles)
                if (glm::length(glm::clamp(c, box.first, box.second) - c) < r) return true;
            return std::any_of(box_obstacles.begin(), box_obstacles.end(), [&](const std::pair<glm::dvec2, glm::dvec2>& o) {
                return box.first.x < o.second.x && o.first.x < box.second.x && box.first.y < o.second.y && o.first.y < box.second.y;
            });
        };
        // An axis number stands on no path or line of the story: on B's path at y = 2 the y axis's
        // "2" would cut the path and read as one of its times ("t = 2  4  6  2  10").
        // One that would is left out, so long as two others on its axis stay to say the scale
        // (zoomed in on a near miss's gap, every number can lie on a line or a body).
        std::vector<std::pair<glm::dvec2, glm::dvec2>> story_lines;
        for (const Primitive& p : picture_.items) {
            const bool line_role = p.role == Role::PathPast || p.role == Role::PathFuture || p.role == Role::RelativePath ||
                                   p.role == Role::ResponsePath || p.role == Role::ResponseVelocity || p.role == Role::ClosestSegment ||
                                   p.role == Role::DistanceNow ||
                                   p.role == Role::ContactNormal;
            if ((p.shape == Shape::Segment || p.shape == Shape::Arrow) && line_role)
                story_lines.emplace_back(view_.to_screen(p.p0), view_.to_screen(p.p1));
        }
        for (const bool x_axis : {true, false}) {
            std::vector<std::size_t> numbers;
            std::vector<std::size_t> on_a_line;
            for (std::size_t i = 0; i < picture_.items.size(); ++i) {
                const Primitive& p = picture_.items[i];
                if (p.shape != Shape::Label || p.role != Role::AxisLabel || (p.align == Align::Top) != x_axis) continue;
                numbers.push_back(i);
                const auto [low, high] = *label_extent(p);
                const ScreenBox box{low, high};
                if (std::any_of(story_lines.begin(), story_lines.end(),
                                [&](const auto& l) { return segment_box_distance(l.first, l.second, box) <= 0.0; }))
                    on_a_line.push_back(i);
            }
            if (numbers.size() - on_a_line.size() >= 2)
                for (const std::size_t i : on_a_line) dropped[i] = true;
        }
        std::vector<std::pair<glm::dvec2, glm::dvec2>> path_lines;  // the paths (for a time number's places a line out)
        for (const Primitive& p : picture_.items)
            if (p.shape == Shape::Segment &&
                (p.role == Role::PathPast || p.role == Role::PathFuture || p.role == Role::ResponsePath || p.role == Role::RelativePath))
                path_lines.emplace_back(view_.to_screen(p.p0), view_.to_screen(p.p1));
        // Each path's earliest number shown says "t = ": when the one that said it is left out,
        // the next one says it.
        bool says_t[2] = {false, false};
        // Nor on, just over or just under the other body's numbers kept (on a shared line, a
        // head-on hit, B's "t = 2" at x = 8 stood on A's "8", and the later overlap test left every
        // one of B's out; stacked, "t = 2" over "8" reads as one path's two times in grey print)
        std::vector<std::pair<int, std::pair<glm::dvec2, glm::dvec2>>> kept_numbers;  // (body, box)
        const auto on_the_others_number = [&](int body, const std::pair<glm::dvec2, glm::dvec2>& box) {
            return std::any_of(kept_numbers.begin(), kept_numbers.end(), [&](const auto& kept) {
                const auto& [low, high] = kept.second;
                // (half a line: one stacked on it touches it, one across the path is 0.7 of a line off)
                const double height = 0.5 * (high.y - low.y);
                return kept.first != body && box.first.x < high.x && low.x < box.second.x && box.first.y < high.y + height &&
                       low.y - height < box.second.y;
            });
        };
        // On one line (a head-on hit), each body's numbers keep to one side of it, the other body's
        // to the other: A's above and B's below read apart even in grey print, where one row with
        // two "t = 2" and two "8" does not. A body's side is where its first number kept stands, or
        // else the one across from the other body's. (The direction from the line, on the canvas.)
        const bool one_line = paths_on_one_line();
        std::optional<glm::dvec2> side_on_line[2];
        const auto keep_number = [&](const Primitive& p) {
            kept_numbers.emplace_back(p.body, *label_extent(p));
            if (one_line && !side_on_line[p.body] && glm::length(p.offset_px) > 0.0) side_on_line[p.body] = glm::normalize(p.offset_px);
        };
        // Where a time number may stand, in order: beside its tick (its offset now) and across the
        // path from there, then a line further out each way (no further: a number two lines from
        // its tick is not read with it). Where the other body's number stands on this spot, the
        // far side first, and up to three lines out (past an x axis's numbers and the room kept
        // around them). `last_resort`: the path has no number else (below), and one up to three
        // lines out is better than none. On one line, only its own side's places, up to three out.
        const auto number_places = [&](Primitive& p, glm::dvec2 out, bool last_resort) {
            const glm::dvec2 near = p.offset_px;
            const double further = label_extent(p)->second.y - label_extent(p)->first.y;
            const bool shared = on_the_others_number(p.body, *label_extent(p));
            const double side = shared ? -1.0 : 1.0;
            std::optional<glm::dvec2> own;
            if (one_line) own = side_on_line[p.body] ? side_on_line[p.body] : side_on_line[1 - p.body] ? std::optional(-*side_on_line[1 - p.body]) : std::nullopt;
            // (a last resort two lines out at most: three lines from its tick, at --scale 3.3, a
            // "t = 5" stood beside the y axis's "5" and read as a coordinate: a recheck)
            const int lines = shared || own ? 4 : last_resort ? 3 : 2;
            std::vector<glm::dvec2> places;
            for (int m = 0; m < lines; ++m) {
                const glm::dvec2 place = near + out * (further * m);
                for (const glm::dvec2 at : {side * place, -side * place})
                    if (!own || glm::dot(at, *own) > 0.0) places.push_back(at);
            }
            return places;
        };
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            Primitive& p = picture_.items[i];
            if (p.shape != Shape::Label || p.role != Role::TimeTickLabel || p.body < 0 || p.body > 1) continue;
            bool& said = says_t[p.body];
            const glm::dvec2 out = glm::length(p.offset_px) > 0.0 ? glm::normalize(p.offset_px) : glm::dvec2(0.0, -1.0);
            if (!said && !p.text.starts_with("t = ")) {
                p.text = "t = " + p.text;
                p.offset_px = time_number_offset(p, out);
            }
            // its own side of the path, the other side, or either a line further out (a path along
            // the x axis has the axis's numbers on one side and the room kept over them on the other)
            const glm::dvec2 near = p.offset_px;
            bool clear = false;
            const std::vector<glm::dvec2> offsets = number_places(p, out, false);
            // where the checks' outlines crowd every place (a check every tick, each outline
            // through the next tick), the number stands over them on a backdrop that hides them
            for (const bool over_checks : {false, true}) {
                if (over_checks) backdrop(p);
                for (std::size_t k = 0; k < offsets.size() && !clear; ++k) {
                    p.offset_px = offsets[k];
                    const auto box = *label_extent(p);
                    // one a line or more out may reach the other body's path: not onto it
                    const bool across_a_path = glm::length(offsets[k]) > glm::length(near) + 0.5 && std::any_of(path_lines.begin(), path_lines.end(), [&](const auto& l) {
                                                   return segment_box_distance(l.first, l.second, ScreenBox{box.first, box.second}) <= 0.0;
                                               });
                    clear = !time_number_blocked(box, over_checks) && !across_a_path && !on_the_others_number(p.body, box);
                }
                if (clear) break;
            }
            dropped[i] = !clear;
            said = said || clear;
            if (clear) keep_number(p);
            if (!clear) {  // as it was, for the fallback below: beside its tick, no backdrop (a code review)
                p.offset_px = near;
                p.box = Rgba{0, 0, 0, 0};
                p.box_padding_px = 0.0f;
            }
        }
        // A path whose every number went is read with no time at all (a question figure 8 cm wide
        // at --scale 2.3: ticks and no number, nothing to work the contact out from, a worksheet
        // author's review): its first number that fits stands after all, "t = " and all, in the
        // band of an axis's numbers too (the "t = " says it is no coordinate; its other obstacles hold).
        const auto within_canvas = [&](const std::pair<glm::dvec2, glm::dvec2>& box) {
            return box.first.x >= 0.0 && box.first.y >= 0.0 && box.second.x <= view_.size_px.x && box.second.y <= view_.size_px.y;
        };
        for (int body = 0; body < 2; ++body) {
            // (a number kept but off the canvas, cut by the edge later, is none: a code review)
            bool shown = false;
            for (std::size_t i = 0; i < picture_.items.size() && !shown; ++i) {
                const Primitive& p = picture_.items[i];
                shown = !dropped[i] && p.shape == Shape::Label && p.role == Role::TimeTickLabel && p.body == body && within_canvas(*label_extent(p));
            }
            if (shown) continue;
            says_t[body] = false;
            for (std::size_t i = 0; i < picture_.items.size() && !says_t[body]; ++i) {
                Primitive& p = picture_.items[i];
                if (p.shape != Shape::Label || p.role != Role::TimeTickLabel || p.body != body) continue;
                const glm::dvec2 out = glm::length(p.offset_px) > 0.0 ? glm::normalize(p.offset_px) : glm::dvec2(0.0, -1.0);
                if (!p.text.starts_with("t = ")) {
                    p.text = "t = " + p.text;
                    p.offset_px = time_number_offset(p, out);
                }
                const glm::dvec2 near = p.offset_px;
                const std::vector<glm::dvec2> offsets = number_places(p, out, true);
                // across no path first (B's path struck through A's "t = 5"), else over one on a
                // backdrop that hides it there, as over the checks above
                for (const bool over_paths : {false, true}) {
                    if (over_paths) backdrop(p);
                    for (std::size_t k = 0; k < offsets.size() && !says_t[body]; ++k) {
                        p.offset_px = offsets[k];
                        const auto box = *label_extent(p);
                        const bool across_a_path = !over_paths && std::any_of(path_lines.begin(), path_lines.end(), [&](const auto& l) {
                            return segment_box_distance(l.first, l.second, ScreenBox{box.first, box.second}) <= 0.0;
                        });
                        // (in an axis's band only beside its tick: further out it reads as a coordinate)
                        const bool far = glm::length(offsets[k]) > glm::length(near) + 0.5;
                        says_t[body] = within_canvas(box) && !time_number_blocked(box, false, !far) && !across_a_path &&
                                       !on_the_others_number(body, box);
                    }
                    if (says_t[body]) break;
                }
                dropped[i] = !says_t[body];
                if (says_t[body]) keep_number(p);
                if (!says_t[body]) {
                    p.offset_px = near;
                    p.box = Rgba{0, 0, 0, 0};
                    p.box_padding_px = 0.0f;
                }
            }
        }
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            Primitive& p = picture_.items[i];
            if (p.shape != Shape::Label || dropped[i]) continue;
            auto [low, high] = *label_extent(p);
            // an explaining label near the edge moves inwards rather than lose its end; one wholly
            // off the canvas stays there (panned away, "A" and "t_enter = …" would be pulled in from
            // thousands of pixels off and pile up in a corner)
            const bool on_canvas = low.x < view_.size_px.x && high.x > 0.0 && low.y < view_.size_px.y && high.y > 0.0;
            if (importance(p.role) >= 2 && on_canvas && !overlay(p.role) && high.x - low.x > view_.size_px.x) {
                // wider than the canvas: onto more lines, kEdgePx in from either edge (else the
                // textbook's digits run off a 480-px canvas at "(wro")
                const double margin = p.box_padding_px + px(2.0f) + px(kEdgePx);
                p.text = wrap_text(p.text, p.font_px, p.bold, view_.size_px.x - 2.0 * margin);
                std::tie(low, high) = *label_extent(p);
            }
            if (importance(p.role) >= 2 && on_canvas) {
                glm::dvec2 shift(0.0);
                for (int axis = 0; axis < 2; ++axis) {
                    if (high[axis] - low[axis] > view_.size_px[axis]) continue;  // too big to fit either way
                    if (low[axis] < 0.0) shift[axis] = -low[axis];
                    if (high[axis] > view_.size_px[axis]) shift[axis] = view_.size_px[axis] - high[axis];
                }
                p.offset_px += shift;
                low += shift;
                high += shift;
            }
            placed.push_back({i, low, high, importance(p.role)});
        }
        // (in still frames: while playing the names pass each other as the bodies do, as the
        // annotations do, rather than move about on the canvas frame by frame)
        if (!in_.playing) names_apart(placed);
        // annotations (contact times, closest approach, pitfall notes) do not cover each other,
        // the bodies' names ("B" over "t_enter" reads "t_Bnter") or the overlays: one that lands
        // on an earlier one, a name or an overlay moves up or down to the nearest place on the
        // canvas where it is clear (moved the shorter way off one label at a time, it can go back
        // and forth between B's name and the caption)
        const auto overlaps = [](const Placed& a, const Placed& b) {
            return a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y;
        };
        // the bodies where they stand now (canvas px): an annotation over one hides the very body
        // it is about ("d_min = 1.177 at t = 4.308" across B on a small canvas at UI scale 2)
        std::vector<Placed> bodies;  // each disc's bounding box
        std::vector<std::pair<glm::dvec2, double>> discs;
        for (const Primitive& p : picture_.items) {
            if (p.shape != Shape::Disc || p.role != Role::Body) continue;
            const glm::dvec2 c = view_.to_screen(p.p0);
            const double r = p.radius * view_.pixels_per_unit;
            discs.emplace_back(c, r);
            bodies.push_back({0, c - r, c + r, 2});
        }
        // and the arrowheads (the velocities', the contact normal's): the swapped-square pitfall's
        // note can hide the normal's head, "d_min = …" on a wide short canvas A's
        std::vector<Placed> heads;
        for (const Primitive& p : picture_.items)
            if (p.shape == Shape::Arrow)
                if (const auto head = arrowhead_box(p)) heads.push_back({0, head->first, head->second, 2});
        // and the contact point: paused at t = 3.3, "t_exit = 6.988" can lie over it
        for (const Primitive& p : picture_.items)
            if (p.shape == Shape::Disc && p.role == Role::ContactPoint) {
                const glm::dvec2 c = view_.to_screen(p.p0);
                const double r = p.radius * view_.pixels_per_unit;
                heads.push_back({0, c - r, c + r, 2});
            }
        bodies.insert(bodies.end(), heads.begin(), heads.end());
        const auto covers_a_body = [&](const Placed& box) {
            return std::any_of(discs.begin(), discs.end(), [&](const std::pair<glm::dvec2, double>& d) {
                       return glm::length(glm::clamp(d.first, box.min, box.max) - d.first) < d.second;
                   }) ||
                   std::any_of(heads.begin(), heads.end(), [&](const Placed& head) {
                       return box.min.x < head.max.x && head.min.x < box.max.x && box.min.y < head.max.y && head.min.y < box.max.y;
                   });
        };
        // The overlays' corner: the box round the case badge, the MISSED banner and their sentences.
        // An annotation moved off a body or a label is not moved into it, between two of its lines:
        // "t_enter = 1.076", moved up off A, stood between the badge's sentence and the banner, and
        // read as theirs (an author's film strip).
        std::optional<Placed> corner;
        for (const Placed& b : placed) {
            const Role role = picture_.items[b.index].role;
            if (role != Role::Badge && role != Role::Banner) continue;
            corner = corner ? Placed{0, glm::min(corner->min, b.min), glm::max(corner->max, b.max), 2} : b;
        }
        for (std::size_t a = 0; a < placed.size(); ++a) {
            if (!annotation(picture_.items[placed[a].index].role)) continue;
            const auto blocks = [&](const Placed& b) {
                const Role role = picture_.items[b.index].role;
                // (a body's name moves with it: while playing, it passes by; the relative frame's
                // "R = rA + rB" stays by A, and "d_min = …" can lie on it, as in the tour's step 9)
                return &b != &placed[a] &&
                       (&b < &placed[a] || overlay(role) || (role == Role::BodyLabel && !in_.playing) || role == Role::RelativeCircle) &&
                       b.importance >= 2;
            };
            // clear where it is, or moved by `shift` and still on the canvas, and not into the
            // overlays' corner
            const auto clear = [&](glm::dvec2 shift) {
                Placed moved = placed[a];
                moved.min += shift;
                moved.max += shift;
                if (shift != glm::dvec2(0.0) &&
                    (moved.min.x < 0.0 || moved.min.y < 0.0 || moved.max.x > view_.size_px.x || moved.max.y > view_.size_px.y ||
                     (corner && overlaps(moved, *corner))))
                    return false;
                return std::none_of(placed.begin(), placed.end(), [&](const Placed& b) { return blocks(b) && overlaps(moved, b); });
            };
            // Off the bodies as well, where a place clear of them and of the labels is within
            // kOffBodyReach label heights: of the shifts that bring an edge of the label to an
            // edge of a label, a body's box or the canvas (or leave it), across and along, the
            // shortest clear one. (Any clear place that near slides, towards where the label is,
            // to one of those: the test's brute force relies on it.)
            const auto off_the_bodies = [&] {
                if (in_.playing || !covers_a_body(placed[a])) return;  // (a body in passing: no jump)
                const Placed& at = placed[a];
                std::vector<double> xs{0.0, -at.min.x, view_.size_px.x - at.max.x};
                std::vector<double> ys{0.0, -at.min.y, view_.size_px.y - at.max.y};
                const auto edges_of = [&](const Placed& b) {
                    xs.push_back(b.min.x - at.max.x);
                    xs.push_back(b.max.x - at.min.x);
                    ys.push_back(b.min.y - at.max.y);
                    ys.push_back(b.max.y - at.min.y);
                };
                for (const Placed& b : placed)
                    if (blocks(b)) edges_of(b);
                for (const Placed& b : bodies) edges_of(b);
                const double reach = kOffBodyReach * (at.max.y - at.min.y);
                std::vector<glm::dvec2> shifts;
                for (const double x : xs)
                    for (const double y : ys)
                        if (glm::length(glm::dvec2(x, y)) <= reach) shifts.emplace_back(x, y);
                std::sort(shifts.begin(), shifts.end(), [](glm::dvec2 x, glm::dvec2 y) { return glm::length(x) < glm::length(y); });
                const auto found = std::find_if(shifts.begin(), shifts.end(), [&](glm::dvec2 shift) {
                    Placed moved = at;
                    moved.min += shift;
                    moved.max += shift;
                    return shift != glm::dvec2(0.0) && clear(shift) &&
                           std::none_of(bodies.begin(), bodies.end(), [&](const Placed& b) { return overlaps(moved, b); });
                });
                if (found == shifts.end()) return;
                placed[a].min += *found;
                placed[a].max += *found;
                picture_.items[placed[a].index].offset_px += *found;
            };
            if (clear(glm::dvec2(0.0))) {
                off_the_bodies();
                continue;
            }
            // the nearest clear place lies just above or just below one of the labels beside it;
            // where there is none, just left or right of one, at one of those heights or its own
            std::vector<glm::dvec2> shifts;
            std::vector<double> across;
            for (const Placed& b : placed) {
                if (!blocks(b)) continue;
                across.push_back(b.min.x - placed[a].max.x);
                across.push_back(b.max.x - placed[a].min.x);
                if (!(placed[a].min.x < b.max.x && b.min.x < placed[a].max.x)) continue;
                shifts.emplace_back(0.0, b.min.y - placed[a].max.y);
                shifts.emplace_back(0.0, b.max.y - placed[a].min.y);
            }
            const auto nearer = [](glm::dvec2 x, glm::dvec2 y) { return glm::length(x) < glm::length(y); };
            std::sort(shifts.begin(), shifts.end(), nearer);
            auto found = std::find_if(shifts.begin(), shifts.end(), clear);
            if (found == shifts.end()) {
                std::vector<glm::dvec2> sideways;
                for (const double dx : across) {
                    sideways.emplace_back(dx, 0.0);
                    for (const glm::dvec2 up_or_down : shifts) sideways.emplace_back(dx, up_or_down.y);
                }
                std::sort(sideways.begin(), sideways.end(), nearer);
                shifts = std::move(sideways);
                found = std::find_if(shifts.begin(), shifts.end(), clear);
            }
            if (found != shifts.end()) {
                placed[a].min += *found;
                placed[a].max += *found;
                picture_.items[placed[a].index].offset_px += *found;
                off_the_bodies();
                continue;
            }
            // no room on the canvas (a small canvas at a large UI scale): under an overlay, over
            // a body's name ("B" under "t_exit = …" reads as neither) or over an annotation before it
            // ("t_exit = 4.99" boxed over "t_enter = 3.625" on a slide at --scale 6) it gives way;
            // among the rest it stays whole where it is
            const bool gives_way = std::any_of(placed.begin(), placed.end(), [&](const Placed& b) {
                const Role role = picture_.items[b.index].role;
                return &b != &placed[a] && (overlay(role) || role == Role::BodyLabel || blocks(b)) && overlaps(placed[a], b);
            });
            if (gives_way) {
                dropped[placed[a].index] = true;
                placed[a].importance = -1;  // blocks nothing below
            } else {
                off_the_bodies();
            }
        }
        for (const Placed& minor : placed) {
            if (minor.importance >= 2 || dropped[minor.index]) continue;
            // a number cut by the canvas edge names another number ("1" of "1.5", "0" of "-10"):
            // a path's time or an axis number is left out rather than shown in part
            const bool cut = minor.min.x < 0.0 || minor.min.y < 0.0 || minor.max.x > view_.size_px.x ||
                             minor.max.y > view_.size_px.y;
            if (cut) {
                dropped[minor.index] = true;
                continue;
            }
            for (const Placed& other : placed) {
                if (other.index == minor.index || dropped[other.index]) continue;
                const bool outranks = other.importance > minor.importance ||
                                      (other.importance == minor.importance && other.index < minor.index);
                const bool overlap = minor.min.x < other.max.x && other.min.x < minor.max.x &&
                                     minor.min.y < other.max.y && other.min.y < minor.max.y;
                if (outranks && overlap) {
                    dropped[minor.index] = true;
                    break;
                }
            }
        }
        // and a time number whose tick lies under a label that explains ("d_min = …" on its
        // backdrop, placed or moved since) points at nothing: "t = 4" stood 50 px off its hidden
        // tick (a teacher's review)
        std::vector<std::pair<glm::dvec2, glm::dvec2>> explaining;  // each measured once (the picture is built every frame)
        for (std::size_t j = 0; j < picture_.items.size(); ++j)
            if (!dropped[j] && picture_.items[j].shape == Shape::Label && importance(picture_.items[j].role) >= 2)
                if (const auto box = label_extent(picture_.items[j])) explaining.push_back(*box);
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            const Primitive& p = picture_.items[i];
            if (dropped[i] || p.shape != Shape::Label || p.role != Role::TimeTickLabel) continue;
            const glm::dvec2 tick = view_.to_screen(p.p0);
            dropped[i] = std::any_of(explaining.begin(), explaining.end(), [&](const auto& box) {
                return tick.x > box.first.x && tick.x < box.second.x && tick.y > box.first.y && tick.y < box.second.y;
            });
        }
        // The number that said "t = " may have gone since (cut by the edge, under a label that
        // outranks it), leaving a bare "15" that reads as a coordinate: each
        // path's earliest number left says it, or, where it then does not fit, is left out too.
        const auto label_clear = [&](std::size_t i) {
            const auto box = *label_extent(picture_.items[i]);
            if (box.first.x < 0.0 || box.first.y < 0.0 || box.second.x > view_.size_px.x || box.second.y > view_.size_px.y) return false;
            if (time_number_blocked(box)) return false;
            for (std::size_t j = 0; j < picture_.items.size(); ++j) {
                const Primitive& o = picture_.items[j];
                if (j == i || dropped[j] || o.shape != Shape::Label) continue;
                const auto other = *label_extent(o);
                if (box.first.x < other.second.x && other.first.x < box.second.x && box.first.y < other.second.y &&
                    other.first.y < box.second.y)
                    return false;
            }
            return true;
        };
        for (int body = 0; body < 2; ++body) {
            for (std::size_t i = 0; i < picture_.items.size(); ++i) {
                Primitive& p = picture_.items[i];
                if (dropped[i] || p.shape != Shape::Label || p.role != Role::TimeTickLabel || p.body != body) continue;
                if (p.text.starts_with("t = ")) break;
                const Primitive bare = p;
                const glm::dvec2 out = glm::length(p.offset_px) > 0.0 ? glm::normalize(p.offset_px) : glm::dvec2(0.0, -1.0);
                p.text = "t = " + p.text;
                p.offset_px = time_number_offset(p, out);
                if (label_clear(i)) break;
                p = bare;
                dropped[i] = true;
            }
        }
        std::size_t kept = 0;
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            if (dropped[i]) continue;
            if (kept != i) picture_.items[kept] = std::move(picture_.items[i]);  // never onto itself
            ++kept;
        }
        picture_.items.resize(kept);
    }

    // The moment the bodies are drawn at, in a corner: figures of one scene at several times, side
    // by side, say nothing else of which is which (the badge speaks of the contact). The top-right
    // corner, else the bottom-right or the bottom-left (above a caption), whichever first covers
    // no body, arrowhead or overlay (B's arrowhead can end under "t = 10"); where
    // none is clear, the top-right, as long as it leaves the overlays clear; else left out.
    void time_stamp() {
        const std::string text = "t = " + number_with(in_.time, 6);
        const double inset = opx(16.0f);
        struct Corner {
            glm::dvec2 at;
            Align align;
        };
        const Corner corners[] = {{{view_.size_px.x - inset, inset}, Align::TopRight},
                                  {{view_.size_px.x - inset, overlay_floor_ - inset}, Align::BottomRight},
                                  {{inset, overlay_floor_ - inset}, Align::BottomLeft}};
        const std::size_t before = picture_.items.size();
        // the stamp at a corner, last in the list, and whether it lies within the figure above the
        // caption, on an overlay (never allowed), and on the scene (allowed only where no corner is clear)
        struct Fit {
            bool measured = false;  // no text metrics: the stamp stays at the first corner, unchecked
            bool inside = false;
            bool over_overlay = false;
            bool over_scene = false;
        };
        const auto stamp_at = [&](const Corner& corner) {
            Primitive& p = label(Role::TimeStamp, corner.at, text, ofont(22.0f), pal_.text, corner.align);
            p.space = Space::Screen;
            p.box = pal_.background.with_alpha(kSentenceBackdrop);
            p.box_padding_px = px(p.font_px * 0.35f);
            p.bold = true;
            Fit fit;
            const auto stamp = label_extent(p);
            if (!stamp) return fit;
            fit.measured = true;
            fit.inside = stamp->first.x >= 0.0 && stamp->first.y >= 0.0 && stamp->second.x <= view_.size_px.x &&
                         stamp->second.y <= overlay_floor_;
            for (std::size_t i = 0; i < before; ++i) {
                const Primitive& o = picture_.items[i];
                if (o.shape == Shape::Label && overlay(o.role)) {
                    fit.over_overlay = fit.over_overlay || labels_overlap(o, p);
                } else if (o.shape == Shape::Disc && o.role == Role::Body) {
                    fit.over_scene = fit.over_scene || label_covers_disc(p, o.p0, o.radius);
                } else if (o.shape == Shape::Arrow) {
                    const auto head = arrowhead_box(o);
                    fit.over_scene = fit.over_scene || (head && boxes_overlap(*head, *stamp));
                }
            }
            return fit;
        };
        for (const Corner& corner : corners) {
            const Fit fit = stamp_at(corner);
            if (!fit.measured || (fit.inside && !fit.over_overlay && !fit.over_scene)) return;
            picture_.items.pop_back();
        }
        // no corner clear of the scene: the top-right one, over it, if the overlays leave room
        const Fit fit = stamp_at(corners[0]);
        if (!fit.inside || fit.over_overlay) picture_.items.pop_back();
    }

    // Whether the caption (the last item) covers part of a body as drawn now: where the overlays
    // and the caption leave the story no room of its own, the fit puts it under the caption.
    [[nodiscard]] bool caption_covers_a_body() const {
        const Primitive& caption = picture_.items.back();
        return std::any_of(picture_.items.begin(), picture_.items.end() - 1, [&](const Primitive& p) {
            return p.role == Role::Body && p.shape == Shape::Disc && label_covers_disc(caption, p.p0, p.radius);
        });
    }

    void caption() {
        const Primitive& p = overlay_label(Role::Caption, {px(16.0f), view_.size_px.y - px(14.0f)}, scene_.caption, 15.0f,
                                           pal_.text, Align::BottomLeft, pal_.background.with_alpha(kSentenceBackdrop));
        if (const auto extent = label_extent(p)) overlay_floor_ = extent->first.y;
    }
};

}  // namespace

bool checks_too_close(const Body& body, double dt) {
    const double step = glm::length(body.velocity) * dt;
    return step > 0.0 && step < 0.5 * body.radius;  // (a quarter of the diameter)
}

ChecksDrawn checks_drawn(const Scene& scene, double dt) {
    int moving = 0;
    int dense = 0;
    for (const Body& body : {scene.body_a(), scene.body_b()}) {
        moving += glm::length(body.velocity) * dt > 0.0 ? 1 : 0;
        dense += checks_too_close(body, dt) ? 1 : 0;
    }
    return dense == 0 ? ChecksDrawn::Outlines : dense == moving ? ChecksDrawn::Dots : ChecksDrawn::SomeDots;
}

Picture build_picture(const PictureInput& input) { return Builder(input).build(); }

}  // namespace tangent
