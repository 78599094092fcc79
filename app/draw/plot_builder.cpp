#include "plot_builder.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "picture_builder.h"
#include "primitive_sink.h"
#include "shape_geometry.h"
#include "text_metrics.h"
#include "theme.h"

namespace tangent {

double plot_value(const Encounter& e, PlotQuantity quantity, double t) {
    if (quantity == PlotQuantity::Gap) return e.distance_at(t) - e.radius_sum;
    // f(t) = a t² + b t + c as a (t − t_closest)² − D/(4a), the vertex's form: the same curve,
    // with nothing large cancelling (at t = 5e7 Horner's terms were 1e16 for a value of -3, and
    // the readout said -4 beside the vertex's -3: a recheck)
    // (where D is a double of its own: at lengths near 1e-140 it underflows to 0 beside a vertex
    // well below zero, and Horner's terms are small enough anyway)
    const bool d_known = std::isnormal(e.discriminant) || (e.discriminant == 0.0 && e.discriminant_sign == DiscriminantSign::Zero);
    if (e.a > 0.0 && e.t_closest && d_known) {
        const double from_vertex = t - *e.t_closest;
        const double value = e.a * from_vertex * from_vertex - e.discriminant / (4.0 * e.a);
        if (std::isfinite(value)) return value;
    }
    return (e.a * t + e.b) * t + e.c;  // Horner: a t² + b t + c
}

namespace {

// The plot's margins inside its canvas, for the axis numbers (canvas pixels at scale 1).
constexpr double kLeftMargin = 64.0;
constexpr double kRightMargin = 24.0;
constexpr double kTopMargin = 30.0;
constexpr double kBottomMargin = 44.0;
/// How far (px at scale 1) a chord of the plotted curve may stray from it, and the most halvings.
constexpr float kCurveTolerance = 0.2f;
constexpr int kCurveDepth = 8;
/// Half the height of a sampled check's tick on the zero line (px at scale 1).
constexpr float kSampleTickHalf = 9.0f;
/// Below a vertex under the zero line: the gap, the sample ticks and a line of 14 px text (px at scale 1).
constexpr double kVertexLabelRoom = 8.0 + kSampleTickHalf + 14.0 * 1.4 + 4.0;

// The loupe: a vertex nearer the zero line than this (px at scale 1) cannot be told from a graze
// by eye (its dot alone reaches 5 px), so the plot shows the spot magnified in an inset.
constexpr double kLoupeTriggerPx = 10.0;
/// In the inset the vertex stands at least this fraction of the inset's plotting height from
/// zero (and less than 2.5 times it: the widest ratio between 1-2-5 steps).
constexpr double kLoupeGapFraction = 0.25;
/// A hit's roots at most this fraction of the inset's width either side of its centre, and the
/// curve leaving its top at most this much.
constexpr double kLoupeRootFraction = 0.36;
constexpr double kLoupeCurveReach = 0.42;
/// Where the inset's zero line sits: a miss's this fraction of its plotting height from the
/// bottom, a hit's from the top.
constexpr double kLoupeZeroFromBottom = 0.16;
constexpr double kLoupeZeroFromTop = 0.22;
/// How much further from its dot than beside it a root's label may stand to keep off the curve (px at scale 1).
constexpr float kRootLabelReach = 48.0f;
/// The loupe's words (px at scale 1), as large as the roots' and the vertex's.
constexpr float kLoupeFont = 14.0f;
/// Room kept at the top of the plot for the cursor's knob and time, and "horizon" (px at scale 1).
constexpr double kLoupeTopRoom = 24.0;

/// An axis-aligned box in canvas pixels (y down).
struct PixelBox {
    glm::dvec2 low{0.0};
    glm::dvec2 high{0.0};
    [[nodiscard]] bool overlaps(const PixelBox& o) const {
        return low.x < o.high.x && o.low.x < high.x && low.y < o.high.y && o.low.y < high.y;
    }
    [[nodiscard]] bool contains(glm::dvec2 p) const { return p.x >= low.x && p.x <= high.x && p.y >= low.y && p.y <= high.y; }
    [[nodiscard]] PixelBox grown(double by) const { return {low - glm::dvec2(by), high + glm::dvec2(by)}; }
    [[nodiscard]] glm::dvec2 center() const { return 0.5 * (low + high); }
    [[nodiscard]] glm::dvec2 size() const { return high - low; }
};

/// Whether the segment a-b crosses the box.
bool crosses(glm::dvec2 a, glm::dvec2 b, const PixelBox& box) {
    double t0 = 0.0;
    double t1 = 1.0;
    return shape_geometry::clip_segment(a, b, {box.low, box.high}, t0, t1);
}

/// `at_most` rounded down to one significant digit: 3.7 -> 3, 0.26 -> 0.2 (not positive and finite: as it is).
double one_digit_below(double at_most) {
    if (!(at_most > 0.0) || !std::isfinite(at_most)) return at_most;
    const double power = std::pow(10.0, std::floor(std::log10(at_most)));
    const double digit = std::floor(at_most / power * (1.0 + 1e-12));
    return std::max(digit, 1.0) * power;
}

/// A magnification (a whole number, one to three significant digits): "200", "3", "5000", "2e9";
/// or a shrink of one significant digit: "0.5".
std::string factor_text(double factor) {
    char text[32];
    if (factor < 1.0) {  // a shrink, one significant digit ("0.5", "0.03")
        std::snprintf(text, sizeof text, "%.*f", std::max(1, -static_cast<int>(std::floor(std::log10(factor)))), factor);
    } else if (factor < 1e6) {
        std::snprintf(text, sizeof text, "%.0f", factor);
    } else {
        const int exponent = static_cast<int>(std::floor(std::log10(factor) + 1e-9));
        std::snprintf(text, sizeof text, "%.0fe%d", factor / std::pow(10.0, exponent), exponent);
    }
    return text;
}

/// The vertex's value, four significant digits however small (short_number writes 0 below 5e-13):
/// the vertex's own label has four (else "f_min = -3.03" stands beside "vertex t = 4.308, f = -3.025").
std::string minimum_text(double value) { return short_number(value, 4); }

}  // namespace

void PlotAxes::zoom_time(double t, double factor) {
    // in as far as the doubles near t tell 2^12 times apart, out to 1e300: relative to the times
    // shown, not fixed (a span clamped to [1e-9, 1e9] jumped a horizon of 1e15 a million-fold at
    // one notch, and zoomed a span of 1e-11 out at a notch in: a code review)
    const double finest = std::max(std::max(std::abs(t_min), std::abs(t_max)) * 0x1p-40, std::numeric_limits<double>::min() * 16.0);
    const double now = t_max - t_min;
    double span = now * factor;
    if (span < finest) span = std::min(now, finest);
    span = std::min(span, std::max(now, 1e300));
    const double at = std::clamp((t - t_min) / (t_max - t_min), 0.0, 1.0);
    t_min = t - at * span;
    t_max = t_min + span;
}

void fit_plot_values(PlotAxes& axes, const Encounter& e, PlotQuantity quantity, float scale) {
    // the values over the time range, the vertex when it is inside, and always zero
    double lo = 0.0;
    double hi = 0.0;
    for (int k = 0; k <= 64; ++k) {
        const double t = axes.t_min + (axes.t_max - axes.t_min) * k / 64.0;
        const double v = plot_value(e, quantity, t);
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (e.t_closest && *e.t_closest > axes.t_min && *e.t_closest < axes.t_max) {
        lo = std::min(lo, plot_value(e, quantity, *e.t_closest));
        hi = std::max(hi, plot_value(e, quantity, *e.t_closest));
    }
    // the zero line should not sit on an edge: keep a tenth of the height on each side
    // (relative to the values: at lengths near 1e-140, f near 1e-280, a floor of 1e-12 would leave
    // a flat line)
    const double magnitude = std::max(std::abs(hi), std::abs(lo));
    const double span = hi > lo ? std::max(hi - lo, 1e-12 * magnitude) : magnitude > 0.0 ? magnitude : 1.0;
    axes.y_min = lo - 0.12 * span;
    axes.y_max = hi + 0.12 * span;
    // A vertex below zero has its label underneath (above it sit the roots' labels): keep room for
    // it between the vertex and the time axis's numbers. With the vertex v at least `room` pixels
    // above the bottom of H pixels: (v - y_min) / (y_max - y_min) >= room / H. So does a double
    // root's, on the zero line: the curve, above zero on both sides, runs through a label above
    // the line ("double root = vertex: t = 8, f = 0" in a 300-px plot), and below it needs room.
    if (e.t_closest && *e.t_closest > axes.t_min && *e.t_closest < axes.t_max) {
        const double vertex = e.discriminant_sign == DiscriminantSign::Zero ? 0.0 : plot_value(e, quantity, *e.t_closest);
        const double room = kVertexLabelRoom * scale / axes.size_px.y;
        const bool label_below = vertex < 0.0 || e.discriminant_sign == DiscriminantSign::Zero;
        if (label_below && room < 0.6 && vertex - axes.y_min < room * (axes.y_max - axes.y_min))
            axes.y_min = axes.y_max - (axes.y_max - vertex) / (1.0 - room);
    }
}

PlotAxes default_plot_axes(const Scene& scene, const Encounter& e, PlotQuantity quantity, glm::dvec2 canvas_px, float scale) {
    PlotAxes axes;
    const TimeSpan span = path_span(scene, e);
    axes.t_min = span.begin;
    axes.t_max = span.end;
    const double pad = 0.04 * (axes.t_max - axes.t_min);
    axes.t_min -= pad;
    axes.t_max += pad;
    if (!(axes.t_max > axes.t_min)) axes.t_max = axes.t_min + 1.0;
    axes.origin_px = glm::dvec2(kLeftMargin, kTopMargin) * static_cast<double>(scale);
    axes.size_px = glm::max(canvas_px - glm::dvec2(kLeftMargin + kRightMargin, kTopMargin + kBottomMargin) * static_cast<double>(scale),
                            glm::dvec2(16.0));
    fit_plot_values(axes, e, quantity, scale);
    return axes;
}

namespace {

class PlotBuilder {
public:
    explicit PlotBuilder(const PlotInput& in)
        : in_(in), e_(*in.encounter), pal_(palette(in.theme.value_or(in.scene->show.theme))), axes_(in.axes), sink_(picture_, Space::Screen, in.scale) {
        picture_.background = pal_.background;
        picture_.view.size_px = in.canvas_px;
    }

    Picture build() {
        if (const std::optional<bool> beyond = out_of_range()) {
            title();
            out_of_range_note(*beyond);
            picture_.drop_unplaceable();
            return std::move(picture_);
        }
        frame();
        horizon();
        samples();
        curve();
        roots_and_vertex();
        keep_root_labels_off_the_curve();
        touching_note();
        loupe();
        cursor();
        title();
        if (in_.hover_time) readout(*in_.hover_time);  // last: it keeps clear of the labels above
        break_lines_under_labels();  // (while the items' indices hold)
        drop_axis_labels_under_others();
        picture_.drop_unplaceable();
        return std::move(picture_);
    }

private:
    const PlotInput& in_;
    const Encounter& e_;
    const int time_digits_ = contact_time_digits(e_);  // the contact's times told apart, once a picture
    const double time_scale_ = time_scale(*in_.scene, e_);  // times within 1e-12 of it from 0 are 0
    const Palette& pal_;
    PlotAxes axes_;
    Picture picture_;
    PrimitiveSink sink_;
    std::optional<PixelBox> loupe_box_;  ///< the magnified inset's frame, when there is one
    std::optional<std::size_t> zero_line_;  ///< the zero line's segment, when the axes show zero
    std::optional<std::size_t> touching_note_;  ///< "f = 0: touching"'s label, when it found a place
    std::optional<std::size_t> horizon_label_;  ///< "horizon"'s label, when the horizon is on the plot
    std::vector<std::string> root_short_forms_;  ///< the roots' labels' short forms, t_enter's first

    float px(float pixels) const { return pixels * in_.scale; }
    float line(float pixels) const { return pixels * in_.scale * pal_.line_scale; }

    Primitive& add(Shape shape, Role role) { return sink_.add(shape, role); }
    void segment(Role role, glm::dvec2 a, glm::dvec2 b, Rgba color, float width, float dash = 0, float gap = 0) {
        sink_.segment(role, a, b, color, width, -1, dash, gap);
    }
    void dot(Role role, glm::dvec2 at, float radius, Rgba color) { sink_.disc(role, at, px(radius), color); }
    Primitive& text(Role role, glm::dvec2 at, std::string words, float font, Rgba color, Align align, glm::dvec2 offset = {0, 0}) {
        return sink_.label(role, at, std::move(words), font, color, align, offset);
    }

    [[nodiscard]] bool inside_t(double t) const { return t >= axes_.t_min && t <= axes_.t_max; }
    /// A label's text box on the plot, grown by `padding` on every side (metrics: the real font's).
    [[nodiscard]] std::pair<glm::dvec2, glm::dvec2> label_bounds(const TextMetrics& metrics, const Primitive& p, double padding) const {
        const TextExtent e = metrics.measure(p.text, p.font_px, p.bold);
        const TextBox b = label_box(p, picture_.view, {e.width, e.height});
        return {b.top_left - glm::dvec2(padding), b.top_left + b.size + glm::dvec2(padding)};
    }
    /// How far a box from x = low to x = high must move to lie a pixel inside the plot's sides (0
    /// if it does; the pixel keeps the box's own rounding clear of the edge).
    [[nodiscard]] double slide_onto_plot(double low, double high) const {
        return high > in_.canvas_px.x ? in_.canvas_px.x - 1.0 - high : low < 0.0 ? 1.0 - low : 0.0;
    }
    [[nodiscard]] glm::dvec2 at(double t, double y) const { return axes_.to_screen(t, y); }
    [[nodiscard]] double value(double t) const { return plot_value(e_, in_.quantity, t); }
    /// When the bodies bounce apart (the collision response applies), or nothing.
    [[nodiscard]] std::optional<double> bounce() const {
        return in_.impact ? std::optional<double>(in_.impact->time) : std::nullopt;
    }

    void frame() {
        const glm::dvec2 lo = axes_.origin_px;
        const glm::dvec2 hi = axes_.origin_px + axes_.size_px;
        // time grid and numbers
        double t_step = nice_step((axes_.t_max - axes_.t_min) * px(80.0f) / axes_.size_px.x);
        const double t_reach = std::max(std::abs(axes_.t_min), std::abs(axes_.t_max));
        // numbers wider than their step (zoomed to the doubles' last digits, "4.0981818181800e0"
        // ran into the next: a graph-reading review): a larger step, until they stand apart
        if (const TextMetrics* metrics = TextMetrics::shared()) {
            for (int widen = 0; widen < 12; ++widen) {
                double widest = 0.0;
                for (const double t : {std::floor(axes_.t_min / t_step) * t_step, std::ceil(axes_.t_max / t_step) * t_step})
                    widest = std::max(widest, metrics->width(grid_number(t, t_step, t_reach), px(13.0f), false));
                if (widest + px(12.0f) <= t_step / (axes_.t_max - axes_.t_min) * axes_.size_px.x) break;
                t_step = nice_step(t_step * 1.5);
            }
        }
        const std::optional<StepRange> times = step_range(axes_.t_min, axes_.t_max, t_step, 200);
        for (long long k = times ? times->first : 0; times && k <= times->last; ++k) {
            const double t = static_cast<double>(k) * t_step;
            const double x = at(t, 0).x;
            segment(Role::Grid, {x, lo.y}, {x, hi.y}, pal_.grid, px(1.0f));
            // written alike along the axis, as the canvas's grid writes them (short forms mixed
            // "800000" with "1e6" where an axis crossed a million)
            text(Role::AxisLabel, {x, hi.y}, grid_number(t, t_step, t_reach), 13.0f,
                 pal_.text_muted, Align::Top, {0, 4});
        }
        const double y_step = nice_step((axes_.y_max - axes_.y_min) * px(50.0f) / axes_.size_px.y);
        const std::optional<StepRange> values = step_range(axes_.y_min, axes_.y_max, y_step, 200);
        for (long long k = values ? values->first : 0; values && k <= values->last; ++k) {
            const double y = static_cast<double>(k) * y_step;
            const double sy = at(0, y).y;
            segment(Role::Grid, {lo.x, sy}, {hi.x, sy}, pal_.grid, px(1.0f));
            // (and values under 5e-13, lengths near 1e-140 squared, would all read "0" in short form)
            // (whole numbers written out only below a million: the column left of the axes holds
            // about eight digits, and "650000000" lost its first: a graph-reading review)
            const std::string number = grid_number(y, y_step, std::max(std::abs(axes_.y_min), std::abs(axes_.y_max)), 0.0, 1e6);
            text(Role::AxisLabel, {lo.x, sy}, number, 13.0f, pal_.text_muted, Align::Right, {-6, 0});
        }
        // the zero line: where the circles touch (named once the curve is drawn: touching_note())
        if (axes_.y_min <= 0.0 && axes_.y_max >= 0.0) {
            const double y0 = at(0, 0).y;
            segment(Role::Axis, {lo.x, y0}, {hi.x, y0}, pal_.axis, line(1.5f));
            zero_line_ = picture_.items.size() - 1;
        }
        text(Role::AxisLabel, {hi.x, hi.y}, "t", 15.0f, pal_.text_muted, Align::TopRight, {0, 22});
    }

    void horizon() {
        const double horizon = in_.scene->time.horizon;
        if (!inside_t(horizon)) return;
        const glm::dvec2 top = at(horizon, axes_.y_max);
        const glm::dvec2 bottom = at(horizon, axes_.y_min);
        // (the muted ink at 60% over the page, made 3:1 on it: it was 2.5:1 on the light page)
        segment(Role::Axis, top, bottom, color_on(over(pal_.text_muted.with_alpha(0.6f), pal_.background), pal_.background, kLineContrast),
                line(1.5f), px(6.0f), px(5.0f));
        // at the line's top, left of it, else right of it, else at its foot: where the curve does
        // not run through the word (a rising parabola can strike it through)
        Primitive& label = text(Role::AxisLabel, top, "horizon", 13.0f, pal_.text_muted, Align::TopRight, {-4, 2});
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        const std::vector<glm::dvec2> curve = main_curve_points();
        const auto struck = [&](const Primitive& probe) {
            const auto [low, high] = label_bounds(*metrics, probe, line(2.0f));
            for (std::size_t i = 0; i + 1 < curve.size(); ++i)
                for (int k = 0; k <= 4; ++k) {
                    const glm::dvec2 q = curve[i] + (curve[i + 1] - curve[i]) * (k / 4.0);
                    if (q.x > low.x && q.x < high.x && q.y > low.y && q.y < high.y) return true;
                }
            return false;
        };
        const std::pair<glm::dvec2, Align> places[] = {{top, Align::TopRight}, {top, Align::TopLeft}, {bottom, Align::BottomRight},
                                                       {bottom, Align::BottomLeft}};
        horizon_label_ = picture_.items.size() - 1;
        for (const auto& [anchor, align] : places) {
            Primitive probe = label;
            probe.p0 = anchor;
            probe.align = align;
            const bool right_of = align == Align::TopLeft || align == Align::BottomLeft;
            const bool foot = anchor == bottom;
            probe.offset_px = glm::dvec2(right_of ? 4.0 : -4.0, foot ? -2.0 : 2.0) * static_cast<double>(in_.scale);
            if (!struck(probe)) {
                label = probe;
                return;
            }
        }
    }

    // "f = 0: touching" on the zero line, where no line runs through it: at the right end above
    // the line, else below it, else left of the horizon (which sits near the right end), else at
    // the left end; clear of the curve, the dots and the labels that explain, and of the horizon
    // if it can be. The grid and the cursor are broken under it (break_lines_under_labels()).
    // Where the curve or a label takes every place, the plot goes without it.
    void touching_note() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!zero_line_ || !metrics) return;
        const std::string words = in_.quantity == PlotQuantity::Quadratic ? "f = 0: touching" : "gap = 0: touching";
        const glm::dvec2 lo = axes_.origin_px;
        const glm::dvec2 hi = axes_.origin_px + axes_.size_px;
        const double y0 = at(0, 0).y;
        const double off = 3.0 + sample_reach();  // clear of the sample ticks
        const double horizon = in_.scene->time.horizon;
        const double horizon_x = inside_t(horizon) ? at(horizon, 0.0).x : NAN;  // (NaN: no horizon to keep clear of)
        struct Place {
            double x;
            Align align;
            glm::dvec2 offset;
        };
        std::vector<Place> places{{hi.x, Align::BottomRight, {-4, -off}}, {hi.x, Align::TopRight, {-4, off}}};
        if (horizon_x < hi.x) {
            places.push_back({horizon_x, Align::BottomRight, {-6, -off}});
            places.push_back({horizon_x, Align::TopRight, {-6, off}});
        }
        places.push_back({lo.x, Align::BottomLeft, {4, -off}});
        places.push_back({lo.x, Align::TopLeft, {4, off}});

        const Obstacles obstacles = label_obstacles(*metrics);
        Primitive probe = label_probe(words, 13.0f);
        const auto box_at = [&](const Place& place) {
            probe.p0 = {place.x, y0};
            probe.align = place.align;
            probe.offset_px = place.offset * static_cast<double>(in_.scale);
            const auto [low, high] = label_bounds(*metrics, probe, px(1.0f));
            return PixelBox{low, high};
        };
        // never over the word "horizon" (in a short strip at a UI scale of 1.25 the two stood one on
        // the other at the right end)
        std::optional<PixelBox> horizon_word;
        if (horizon_label_) {
            const auto [low, high] = label_bounds(*metrics, picture_.items[*horizon_label_], px(1.0f));
            horizon_word = PixelBox{low, high};
        }
        const auto fits = [&](const Place& place, bool clear_of_horizon) {
            const PixelBox box = box_at(place);
            if (box.low.x < lo.x || box.high.x > hi.x || box.low.y < lo.y || box.high.y > hi.y) return false;
            if (clear_of_horizon && horizon_x >= box.low.x - px(2.0f) && horizon_x <= box.high.x + px(2.0f)) return false;
            if (horizon_word && box.low.x < horizon_word->high.x && horizon_word->low.x < box.high.x && box.low.y < horizon_word->high.y &&
                horizon_word->low.y < box.high.y)
                return false;
            return !obstacles.blocked(box);
        };
        for (const bool clear_of_horizon : {true, false})
            for (const Place& place : places)
                if (fits(place, clear_of_horizon)) {
                    text(Role::AxisLabel, {place.x, y0}, words, 13.0f, pal_.text_muted, place.align, place.offset);
                    touching_note_ = picture_.items.size() - 1;
                    return;
                }
    }

    // Every line of the grid, the horizon and the cursor left out where it would run through a
    // label that explains (a root's, the vertex's, the title, "f = 0: touching"), as the loupe's
    // connectors are under labels. The zero line, the curve and the loupe stay whole (the labels
    // keep off them; the loupe hides the note: drop_axis_labels_under_others()).
    void break_lines_under_labels() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        std::vector<PixelBox> boxes;
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            const Primitive& p = picture_.items[i];
            const bool explains = p.role == Role::GhostLabel || p.role == Role::ClosestLabel || p.role == Role::Caption;
            if (p.shape != Shape::Label || !(explains || i == touching_note_)) continue;
            const auto [low, high] = label_bounds(*metrics, p, p.box_padding_px + px(1.0f));
            boxes.push_back({low, high});
        }
        std::vector<Primitive> kept;
        kept.reserve(picture_.items.size());
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            const Primitive& p = picture_.items[i];
            const bool breaks = p.role == Role::Grid || p.role == Role::Handle || (p.role == Role::Axis && i != zero_line_);
            if (p.shape != Shape::Segment || !breaks) {
                kept.push_back(p);
                continue;
            }
            std::vector<std::pair<double, double>> hidden;  // parts of the line, as fractions of it
            for (const PixelBox& box : boxes) {
                const PixelBox ink = box.grown(0.5 * p.stroke_px);
                double t0 = 0.0;
                double t1 = 1.0;
                if (shape_geometry::clip_segment(p.p0, p.p1, {ink.low, ink.high}, t0, t1)) hidden.emplace_back(t0, t1);
            }
            std::sort(hidden.begin(), hidden.end());
            const glm::dvec2 a = p.p0;
            const glm::dvec2 b = p.p1;
            double start = 0.0;
            for (const auto& [t0, t1] : hidden) {
                if (t0 > start) {
                    kept.push_back(p);
                    kept.back().p0 = a + (b - a) * start;
                    kept.back().p1 = a + (b - a) * t0;
                }
                start = std::max(start, t1);
            }
            if (start < 1.0) {
                kept.push_back(p);
                kept.back().p0 = a + (b - a) * start;
            }
        }
        picture_.items = std::move(kept);
    }

    // How far the sample ticks reach either side of the zero line (label units): the labels on
    // that line stand clear of them.
    [[nodiscard]] double sample_reach() const { return in_.sampling ? kSampleTickHalf : 0.0; }

    // the sampled checks as ticks on the zero line, red and crossed where the overlap check fires
    // (as on the canvas: by colour alone they are lost in grey, to a red-green blind eye, and on
    // the curve's own vermillion below zero)
    void samples() {
        if (!in_.sampling) return;
        const SamplingResult& s = *in_.sampling;
        const std::int64_t drawn = std::min<std::int64_t>(s.sample_count, 600);
        const double y0 = at(0, std::clamp(0.0, axes_.y_min, axes_.y_max)).y;
        std::vector<double> fired;
        for (std::int64_t k = 0; k < drawn; ++k) {
            const double t = s.sample_time(k);
            if (!inside_t(t)) continue;
            const bool fires = s.fires_at(k);
            const double x = at(t, 0).x;
            segment(fires ? Role::SampleHit : Role::Sample, {x, y0 - px(kSampleTickHalf)}, {x, y0 + px(kSampleTickHalf)},
                    fires ? pal_.sample_hit : pal_.sample, line(fires ? 3.0f : 2.0f));
            if (fires) fired.push_back(x);
        }
        // a cross on each fired tick, over a rim of the background that parts it from the curve
        const double arm = px(0.6f * kSampleTickHalf);
        for (const bool rim : {true, false})
            for (const double x : fired)
                for (const glm::dvec2 d : {glm::dvec2(arm, arm), glm::dvec2(arm, -arm)})
                    segment(Role::SampleHit, glm::dvec2(x, y0) - d, glm::dvec2(x, y0) + d, rim ? pal_.background : pal_.sample_hit,
                            line(rim ? 5.5f : 2.5f));
    }

    void curve() {
        // f(t) is the pair's, not B's: the text's colour, not B's yellow
        const Rgba color = pal_.text;
        // the curve cut at its zeros (the contact times), so that the thicker part below zero
        // (overlap) starts and ends exactly there
        std::vector<double> cuts{axes_.t_min, axes_.t_max};
        if (e_.t_enter)
            for (double t : {*e_.t_enter, *e_.t_exit})
                if (t > axes_.t_min && t < axes_.t_max) cuts.push_back(t);
        if (bounce() && *bounce() > axes_.t_min && *bounce() < axes_.t_max) cuts.push_back(*bounce());
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        const auto plotted = [&](double t) { return value(t); };
        for (std::size_t piece = 0; piece + 1 < cuts.size(); ++piece) {
            const double t0 = cuts[piece];
            const double t1 = cuts[piece + 1];
            // after the bounce the bodies part: what follows is the motion without it, faint and dashed
            if (bounce() && t0 >= *bounce()) {
                chords(t0, t1, plotted, Role::PathPast, pal_.text_muted.with_alpha(0.7f), line(2.0f), px(7.0f));
                continue;
            }
            const bool below = value(0.5 * (t0 + t1)) < 0.0;
            chords(t0, t1, plotted, Role::PathFuture, below ? pal_.sample_hit : color, line(below ? 3.5f : 2.5f), 0.0f);
        }
        // and the motion with the bounce, from the contact on: |Δp_i + (t - t_i)Δv'|² - R², Δv' the
        // velocities after it (touching zero at t_i, then rising as they part)
        if (!bounce() || !(*bounce() < axes_.t_max)) return;
        const double t_i = *bounce();
        chords(std::max(t_i, axes_.t_min), axes_.t_max, [&](double t) { return after_bounce(t); }, Role::ResponsePath, color,
               line(2.5f), 0.0f);
    }

    // The value plotted at t after the bounce at t_i, with the velocities after it (Δv'):
    //   f = f_i + 2(Δp_i·Δv')τ + |Δv'|²τ², τ = t − t_i, f_i = 0 at a contact (c for a bounce while
    //   overlapping at t = 0), and the gap f / (|Δp_i + τΔv'| + R),
    // so that nothing near the contact cancels (the loupe magnifies it a thousandfold and more).
    [[nodiscard]] double after_bounce(double t) const {
        const double t_i = in_.impact->time;
        const glm::dvec2 dp = e_.position_b(t_i) - e_.position_a(t_i);
        const glm::dvec2 dv = in_.impact->velocity_b_after - in_.impact->velocity_a_after;
        const double tau = t - t_i;
        const double at_impact = e_.kind == Case::Overlapping ? e_.c : 0.0;
        const double f = at_impact + tau * (2.0 * glm::dot(dp, dv) + tau * glm::dot(dv, dv));
        if (in_.quantity == PlotQuantity::Quadratic) return f;
        const glm::dvec2 d = dp + tau * dv;
        return f / (std::sqrt(glm::dot(d, d)) + e_.radius_sum);
    }

    // One piece of a curve y(t) over [t0, t1], in as few chords as stay within kCurveTolerance px
    // of it. A chord of the parabola strays furthest at its middle; one of the gap |Δp + tΔv| - R
    // (convex too) up to twice as far as there, so its middle is held to half the tolerance.
    template <class Curve>
    void chords(double t0, double t1, const Curve& y, Role role, Rgba stroke, float width, float dash) {
        const double tolerance = px(kCurveTolerance) * (in_.quantity == PlotQuantity::Gap ? 0.5 : 1.0);
        const double reach = axes_.y_max - axes_.y_min;
        const auto point = [&](double t) { return at(t, std::clamp(y(t), axes_.y_min - reach, axes_.y_max + reach)); };
        // depth-first halving: chords out in order, left to right
        struct Span {
            double t0, t1;
            glm::dvec2 p0, p1;
            int depth;
        };
        std::vector<Span> pending{{t0, t1, point(t0), point(t1), 0}};
        while (!pending.empty()) {
            const Span s = pending.back();
            pending.pop_back();
            const double mid = 0.5 * (s.t0 + s.t1);
            const glm::dvec2 pm = point(mid);
            const bool flat = glm::length(pm - 0.5 * (s.p0 + s.p1)) <= tolerance;
            if (s.depth >= kCurveDepth || (s.depth >= 1 && flat)) {
                // cut at the top of the axes: above them is the title (the curve after a bounce
                // rises past the values the axes were fitted to)
                const double top = axes_.origin_px.y;
                if (s.p0.y < top && s.p1.y < top) continue;
                glm::dvec2 a = s.p0, b = s.p1;
                if (a.y < top) a = b + (a - b) * ((b.y - top) / (b.y - a.y));
                if (b.y < top) b = a + (b - a) * ((a.y - top) / (a.y - b.y));
                segment(role, a, b, stroke, width, dash, dash);
                continue;
            }
            pending.push_back({mid, s.t1, pm, s.p1, s.depth + 1});
            pending.push_back({s.t0, mid, s.p0, pm, s.depth + 1});
        }
    }

    // Roots off the time axis, said at its side with an arrow: a contact at t = 998 beside a horizon
    // of 10 showed a flat line under "D > 0: crosses zero twice" (a graph-reading review).
    void roots_off_the_plot_note(const std::string& enter_text, const std::string& exit_text) {
        const bool single = *e_.t_exit == *e_.t_enter;
        // each side's roots, named in full and in short ("t = 998.1, 1001.9"), the longer where it fits
        struct Side {
            std::vector<std::string> named, times;
        } left, right;
        const auto place = [&](double t, const std::string& name, const std::string& time) {
            Side* side = t < axes_.t_min ? &left : t > axes_.t_max ? &right : nullptr;
            if (!side) return;
            side->named.push_back(name + time);
            side->times.push_back(time);
        };
        place(*e_.t_enter, single ? "double root t = " : "t_enter = ", enter_text);
        if (!single) place(*e_.t_exit, bounce() ? "t_exit without the bounce = " : "t_exit = ", exit_text);
        // above the zero line where it shows, else mid-height
        const double y = axes_.y_min <= 0.0 && axes_.y_max >= 0.0 ? at(0, 0).y : axes_.origin_px.y + 0.5 * axes_.size_px.y;
        const TextMetrics* metrics = TextMetrics::shared();
        const double room = axes_.size_px.x - px(8.0f);
        const auto fitting = [&](const Side& side, bool arrow_first) -> std::optional<std::string> {
            const auto joined = [](const std::vector<std::string>& parts) { return parts.size() == 2 ? parts[0] + ", " + parts[1] : parts.front(); };
            for (const std::string& words : {joined(side.named), "t = " + joined(side.times)}) {
                const std::string with_arrow = arrow_first ? "← " + words : words + " →";
                if (!metrics || metrics->width(with_arrow, px(14.0f), false) <= room) return with_arrow;
            }
            return std::nullopt;
        };
        // (on a box of the page: the horizon's dashed line crossed "1001.9")
        const auto boxed = [&](Primitive& note) {
            note.box = pal_.background.with_alpha(0.85f);
            note.box_padding_px = px(3.0f);
        };
        if (!right.named.empty())
            if (const std::optional<std::string> words = fitting(right, false))
                boxed(text(Role::GhostLabel, {axes_.origin_px.x + axes_.size_px.x, y}, *words, 14.0f, pal_.text, Align::BottomRight, {-4.0, -6.0}));
        if (!left.named.empty())
            if (const std::optional<std::string> words = fitting(left, true))
                boxed(text(Role::GhostLabel, {axes_.origin_px.x, y}, *words, 14.0f, pal_.text, Align::BottomLeft, {4.0, -6.0}));
    }

    void roots_and_vertex() {
        const std::size_t first_label = picture_.items.size();
        // with the loupe, the labels stand a little further off, clear of the frame around the spot it magnifies
        const double spot_room = loupe_minimum() ? 5.0 : 0.0;
        std::vector<std::string> short_forms;  // each root label's, for a plot too narrow for it
        if (e_.t_enter) {
            const bool single = *e_.t_exit == *e_.t_enter;
            // two roots with the digits that tell them apart: a near graze's "t_enter = 5" and
            // "t_exit = 5" read as a double root under "crosses zero twice"
            const int digits = time_digits_;
            const std::string enter_text = time_number(*e_.t_enter, digits, time_scale_);
            const std::string exit_text = time_number(*e_.t_exit, digits, time_scale_);
            for (double t : {*e_.t_enter, *e_.t_exit}) {
                if (!inside_t(t)) continue;
                const glm::dvec2 p = at(t, 0.0);
                dot(Role::GhostEnter, p, 5.5f, pal_.text);
                const bool first = t == *e_.t_enter;
                // a double root is the vertex too: one label says both (two would print on each other)
                const std::string quantity = in_.quantity == PlotQuantity::Quadratic ? "f" : "gap";
                // with the bounce the bodies part at t_enter: t_exit is where they would have parted
                const std::string exit_name = bounce() ? "t_exit without the bounce = " : "t_exit = ";
                const std::string& time_text = first ? enter_text : exit_text;
                // (a graze to the tolerance, D not exactly 0: f there is ≈ 0, 4e-12 for a pass 1e-12·R wide)
                text(Role::GhostLabel, p, single ? "double root = vertex: t = " + time_number(t, 4, time_scale_) + ", " + quantity + (e_.exact_graze() ? " = 0" : " ≈ 0")
                                          : (first ? "t_enter = " : exit_name) + time_text,
                     14.0f, pal_.text, first ? Align::BottomRight : Align::BottomLeft,
                     {first ? -6.0 : 6.0, -6.0 - sample_reach() - spot_room});
                short_forms.push_back((single ? "double root t = " : first ? "t_enter = " : "t_exit = ") +
                                      (single ? time_number(t, 4, time_scale_) : time_text));
                if (single) break;
            }
            keep_root_labels_on_the_plot(first_label, short_forms);
            root_short_forms_ = std::move(short_forms);
            roots_off_the_plot_note(enter_text, exit_text);
        }
        if (e_.t_closest && inside_t(*e_.t_closest)) {
            const double t = *e_.t_closest;
            const double v = vertex_value();
            const glm::dvec2 p = at(t, std::clamp(v, axes_.y_min, axes_.y_max));
            dot(Role::ClosestSegment, p, 5.0f, pal_.closest);
            // below zero the label hangs under the vertex; in a plot too short for it (the axes
            // keep room when they can) the analysis panel's t_closest says it instead
            const double below = px(static_cast<float>(8.0 + spot_room + sample_reach() + 14.0));
            if (v < 0.0 && p.y + below > axes_.origin_px.y + axes_.size_px.y) return;
            if (e_.t_enter && *e_.t_enter == *e_.t_exit && inside_t(*e_.t_enter)) return;  // the double root's label says it
            Primitive& label =
                text(Role::ClosestLabel, p, "vertex t = " + time_number(t, time_digits_, closest_time_scale(e_)) + ", " + (in_.quantity == PlotQuantity::Quadratic ? "f" : "gap") +
                                                " = " + (v != 0.0 && std::abs(v) < 5e-13 ? minimum_text(v) : short_number(v)),
                     14.0f, text_color_on(pal_.closest, pal_.background), v >= 0.0 ? Align::Bottom : Align::Top,
                     {0.0, v >= 0.0 ? -8.0 - spot_room : 8.0 + spot_room + sample_reach()});
            vertex_label_ = VertexLabel{picture_.items.size() - 1, p, below, v, label.offset_px};
            fit_vertex_label();
        }
    }

    struct VertexLabel {
        std::size_t index;    ///< in picture_.items
        glm::dvec2 vertex;    ///< its dot
        double below;         ///< room it takes under the vertex
        double value;         ///< f (or the gap) there
        glm::dvec2 offset_px; ///< as first set, before fit_vertex_label() moved it
    };
    std::optional<VertexLabel> vertex_label_;

    // The vertex's label whole on the plot: cut by its edge, "f = -3.938" reads "f = -3.93" (a
    // 300-px plot); and off the curve.
    void fit_vertex_label() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!vertex_label_ || !metrics) return;
        Primitive& label = picture_.items[vertex_label_->index];
        label.offset_px = vertex_label_->offset_px;
        const auto [low, high] = label_bounds(*metrics, label, 0.0);
        if (high.x - low.x + 2.0 <= in_.canvas_px.x) label.offset_px.x += slide_onto_plot(low.x, high.x);
        if (vertex_label_->value >= 0.0) keep_vertex_label_off_the_curve(label, vertex_label_->vertex, *metrics, vertex_label_->below - px(14.0f));
    }

    // Where the loupe was wanted and the plot had no room for it (the strip under the canvas at
    // F11), the vertex's label says on which side of zero it lies: a near miss's dip reads as a touch.
    // Where the longer label would run into another (a hit's roots beside its dip, on a small plot),
    // it stays as it was: the title and the roots say the side there.
    void say_the_vertex_side() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!vertex_label_ || vertex_label_->value == 0.0 || !metrics) return;
        const Primitive before = picture_.items[vertex_label_->index];
        picture_.items[vertex_label_->index].text += vertex_label_->value > 0.0 ? " > 0" : " < 0";
        fit_vertex_label();
        const Primitive& label = picture_.items[vertex_label_->index];
        const auto [low, high] = label_bounds(*metrics, label, px(2.0f));
        for (std::size_t i = 0; i < picture_.items.size(); ++i) {
            const Primitive& other = picture_.items[i];
            if (i == vertex_label_->index || other.shape != Shape::Label || other.text.empty()) continue;
            const auto [other_low, other_high] = label_bounds(*metrics, other, 0.0);
            if (low.x < other_high.x && other_low.x < high.x && low.y < other_high.y && other_low.y < high.y) {
                picture_.items[vertex_label_->index] = before;
                return;
            }
        }
    }

    // Over a minimum above zero the curve rises on both sides, and a label wider than the dip would
    // lie on it ("vertex t = 6.215, f = 8.062" struck through in clear-miss). Under
    // the vertex, where the curve never is, if that leaves the zero line clear; else raised over
    // the curve's highest point across the label's width (at one of its ends: the curve is convex).
    void keep_vertex_label_off_the_curve(Primitive& label, glm::dvec2 vertex, const TextMetrics& metrics, double gap_below) {
        const double gap = px(2.0f);
        const auto curve_y = [&](double x) {
            const double t = std::clamp(axes_.t_min + (x - axes_.origin_px.x) / axes_.size_px.x * (axes_.t_max - axes_.t_min),
                                        axes_.t_min, axes_.t_max);
            return at(t, std::clamp(value(t), axes_.y_min, axes_.y_max)).y;
        };
        auto [low, high] = label_bounds(metrics, label, 0.0);
        const double clear_y = std::min(curve_y(low.x), curve_y(high.x)) - gap;
        if (high.y <= clear_y) return;
        const double height = high.y - low.y;
        const double floor_y = std::min(axes_.origin_px.y + axes_.size_px.y, at(axes_.t_min, std::max(0.0, axes_.y_min)).y) - gap;
        if (vertex.y + gap_below + height <= floor_y) {
            label.align = Align::Top;
            label.offset_px.y = gap_below;
            return;
        }
        label.offset_px.y -= std::min(high.y - clear_y, low.y - axes_.origin_px.y);  // (not over the plot's top)
    }

    // A root's label by the plot's edge (a root near either end of the axes) goes to the other
    // side of its dot where it then lies within the axes (off the value axis's numbers and clear of
    // the canvas's edge), else slides onto the axes (the canvas, if wider than they are) rather
    // than lose its start or end (in its short form where the plot is too narrow for the long
    // one), t_enter's always left of t_exit's; where t_enter's then meets t_exit's, it goes a
    // line up.
    void keep_root_labels_on_the_plot(std::size_t from, const std::vector<std::string>& short_forms) {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        std::vector<Primitive*> labels;
        for (std::size_t i = from; i < picture_.items.size(); ++i)
            if (picture_.items[i].role == Role::GhostLabel) labels.push_back(&picture_.items[i]);
        std::vector<Primitive> as_built;
        for (const Primitive* p : labels) as_built.push_back(*p);
        std::vector<std::pair<glm::dvec2, glm::dvec2>> boxes;
        // where each root's dot is (x, canvas px) and how far it reaches
        const auto dot_x = [&](const Primitive& label) {
            Primitive anchor = label;
            anchor.offset_px = glm::dvec2(0.0);
            anchor.align = Align::TopLeft;
            return label_box(anchor, picture_.view, {0.0, 0.0}).top_left.x;
        };
        const double dot_reach = px(5.5f) + px(2.0f);
        const auto place = [&](bool may_mirror) {
            boxes.clear();
            for (std::size_t k = 0; k < labels.size(); ++k) {
              // the long form, then the short one where the long, placed, still stands over the
              // other root's dot ("t_exit without the bounce = 4.8" in a 400-px plot)
              for (const bool short_form : {false, true}) {
                Primitive* p = labels[k];
                *p = as_built[k];
                const bool has_short = k < short_forms.size() && short_forms[k] != p->text;
                if (short_form && !has_short) break;
                if (k < short_forms.size() && (short_form || metrics->width(p->text, p->font_px, p->bold) + 2.0 > in_.canvas_px.x))
                    p->text = short_forms[k];
                auto [low, high] = label_bounds(*metrics, *p, 0.0);
                const double left = axes_.origin_px.x;
                const double right = axes_.origin_px.x + axes_.size_px.x;
                if (may_mirror && (low.x < left || high.x > right) && (p->align == Align::BottomRight || p->align == Align::BottomLeft)) {
                    Primitive mirrored = *p;
                    mirrored.align = p->align == Align::BottomRight ? Align::BottomLeft : Align::BottomRight;
                    mirrored.offset_px.x = -p->offset_px.x;
                    const auto [mirror_low, mirror_high] = label_bounds(*metrics, mirrored, 0.0);
                    // not over the other root's dot: "t_exit without the bounce = 4.8", mirrored
                    // to the left of its dot, would stand over t_enter's and read as its label
                    const bool over_the_other = labels.size() == 2 && [&] {
                        const double other = dot_x(as_built[1 - k]);
                        return mirror_low.x < other + dot_reach && mirror_high.x > other - dot_reach;
                    }();
                    if (mirror_low.x >= left && mirror_high.x <= right && !over_the_other) {
                        *p = std::move(mirrored);
                        low = mirror_low;
                        high = mirror_high;
                    }
                }
                // onto the axes where it fits between them, else onto the canvas
                const double slide = high.x - low.x <= right - left ? (high.x > right ? right - high.x : low.x < left ? left - low.x : 0.0)
                                                                    : slide_onto_plot(low.x, high.x);
                if (high.x - low.x + 2.0 <= in_.canvas_px.x) {
                    p->offset_px.x += slide;
                    low.x += slide;
                    high.x += slide;
                }
                const bool over_the_other = labels.size() == 2 && [&] {
                    const double other = dot_x(as_built[1 - k]);
                    return low.x < other + dot_reach && high.x > other - dot_reach;
                }();
                if (!short_form && over_the_other && has_short) continue;
                boxes.emplace_back(low, high);
                break;
              }
            }
        };
        place(true);
        // t_enter's label stays left of t_exit's (mirrored past each other they read the wrong way round)
        if (boxes.size() == 2 && boxes[0].first.x + boxes[0].second.x > boxes[1].first.x + boxes[1].second.x) place(false);
        if (boxes.size() == 2 && boxes[0].first.x < boxes[1].second.x + px(4.0f) && boxes[1].first.x < boxes[0].second.x + px(4.0f))
            labels[0]->offset_px.y -= boxes[0].second.y - boxes[0].first.y + px(4.0f);
    }

    // A root's label the curve runs through (at a simple root the curve crosses zero, and on the
    // side where it lies above zero it rises through a label above the line) goes to the first of
    // the other places beside its dot, below it on the same side, then above and below on the
    // other side (slid onto the axes where it would leave them; then each a little further along the
    // zero line, then a line or two further off it), that the curve does not cross and
    // that lies within the axes, clear of the other labels and the dots, t_enter's left of
    // t_exit's. Where none is, it stays as placed (the loupe and the cursor's time, placed later,
    // keep clear of it).
    void keep_root_labels_off_the_curve() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        std::vector<std::size_t> labels;
        for (std::size_t i = 0; i < picture_.items.size(); ++i)
            if (picture_.items[i].shape == Shape::Label && picture_.items[i].role == Role::GhostLabel) labels.push_back(i);
        const glm::dvec2 lo = axes_.origin_px;
        const glm::dvec2 hi = axes_.origin_px + axes_.size_px;
        const double rise = 6.0 + sample_reach() + (loupe_minimum() ? 5.0 : 0.0);  // as roots_and_vertex() sets them off
        const auto box_of = [&](const Primitive& p) {
            const auto [low, high] = label_bounds(*metrics, p, px(1.0f));
            return PixelBox{low, high};
        };
        for (std::size_t k = 0; k < labels.size(); ++k) {
            Primitive& label = picture_.items[labels[k]];
            // the first place clear of the curve, else false (the label as it was)
            const auto find_place = [&]() -> bool {
                const Obstacles obstacles = label_obstacles(*metrics, &label);
                const Obstacles curve_only{{}, obstacles.curve};
                // (at UI scale 2.5 on a 1366 x 768 window "t_enter = 3.625" can lie under the switch)
                const std::optional<PixelBox> reserved = switch_box();
                if (!curve_only.blocked(box_of(label)) && !(reserved && reserved->overlaps(box_of(label)))) return true;
                // t_enter's label (the first of two) left of t_exit's
                const bool two = labels.size() == 2;
                const double other_x = two ? box_of(picture_.items[labels[1 - k]]).center().x : 0.0;
                // and neither reaching over the other root's dot: "t_exit = 1.244" above t_enter's dot
                // reads as t_enter's (the tunnelling plot, whose roots are close)
                double other_dot_x = 0.0;
                if (two) {
                    Primitive dot = picture_.items[labels[1 - k]];
                    dot.offset_px = glm::dvec2(0.0);
                    dot.align = Align::TopLeft;
                    other_dot_x = label_box(dot, picture_.view, {0.0, 0.0}).top_left.x;
                }
                const bool left_side = label.align == Align::BottomRight || label.align == Align::TopRight;
                struct Place {
                    Align align;
                    glm::dvec2 offset;
                };
                const double side = left_side ? -6.0 : 6.0;
                const Align near_above = left_side ? Align::BottomRight : Align::BottomLeft;
                const Align near_below = left_side ? Align::TopRight : Align::TopLeft;
                const Align far_above = left_side ? Align::BottomLeft : Align::BottomRight;
                const Align far_below = left_side ? Align::TopLeft : Align::TopRight;
                const std::array<Place, 4> places{{{near_below, {side, rise}},
                                                   {near_above, {side, -rise}},
                                                   {far_above, {-side, -rise}},
                                                   {far_below, {-side, rise}}}};
                Primitive probe = label;
                const double line_px = box_of(label).size().y + px(4.0f);
                const auto clear = [&](const Place& place, double away, int lines, const Obstacles& against) {
                    probe.align = place.align;
                    probe.offset_px = place.offset * static_cast<double>(in_.scale);
                    probe.offset_px.x += place.offset.x < 0.0 ? -away : away;
                    probe.offset_px.y += (place.offset.y < 0.0 ? -line_px : line_px) * lines;
                    PixelBox box = box_of(probe);
                    const double slide = box.high.x > hi.x ? hi.x - box.high.x : box.low.x < lo.x ? lo.x - box.low.x : 0.0;
                    probe.offset_px.x += slide;
                    box.low.x += slide;
                    box.high.x += slide;
                    if (box.low.x < lo.x || box.high.x > hi.x || box.low.y < lo.y || box.high.y > hi.y) return false;
                    if (two && (k == 0 ? box.center().x > other_x || box.high.x > other_dot_x
                                       : box.center().x < other_x || box.low.x < other_dot_x))
                        return false;
                    return !against.blocked(box);
                };
                // beside the dot, else a little further along the zero line from it, else a line or two further off it
                const auto search = [&](const Obstacles& against, const auto& also_fine) {
                    for (int lines = 0; lines <= 2; ++lines)
                        for (double away = 0.0; away <= px(kRootLabelReach); away += px(4.0f))
                            for (const Place& place : places)
                                if (clear(place, away, lines, against) && also_fine(box_of(probe))) return true;
                    return false;
                };
                if (search(obstacles, [](const PixelBox&) { return true; })) {
                    label.align = probe.align;
                    label.offset_px = probe.offset_px;
                    return true;
                }
                // Else the vertex's label, hanging under the vertex, makes way: the root's label goes
                // where it would be clear but for it, and it moves down as far as it must, where it
                // then stays within the axes (else a 770 x 290 plot at UI scale 2 has both roots' labels
                // struck through by the curve, the places under the zero line taken by the vertex's).
                Primitive* vertex = nullptr;
                for (Primitive& p : picture_.items)
                    if (p.shape == Shape::Label && p.role == Role::ClosestLabel && p.align == Align::Top) vertex = &p;
                if (!vertex) return false;
                const auto [vertex_low, vertex_high] = label_bounds(*metrics, *vertex, vertex->box_padding_px + px(4.0f));
                Obstacles without_vertex = obstacles;
                std::erase_if(without_vertex.taken, [&](const PixelBox& b) { return b.low == vertex_low && b.high == vertex_high; });
                double vertex_down = 0.0;
                const auto vertex_makes_way = [&](const PixelBox& root) {
                    const PixelBox vertex_box = box_of(*vertex);
                    vertex_down = root.overlaps(vertex_box) ? root.high.y - vertex_box.low.y + px(1.0f) : 0.0;
                    PixelBox moved = vertex_box;
                    moved.low.y += vertex_down;
                    moved.high.y += vertex_down;
                    return moved.high.y <= hi.y && !without_vertex.blocked(moved) && !moved.overlaps(root);
                };
                if (search(without_vertex, vertex_makes_way)) {
                    label.align = probe.align;
                    label.offset_px = probe.offset_px;
                    vertex->offset_px.y += vertex_down;
                    return true;
                }
                return false;
            };
            if (find_place()) continue;
            // else its short form, where it has one, if that finds a place ("double root = vertex: t
            // = 8, f = 0" wider than a 480-px plot's axes at UI scale 2 finds none; "double root t = 8" does)
            if (k >= root_short_forms_.size() || root_short_forms_[k] == label.text) continue;
            const Primitive long_form = label;
            label.text = root_short_forms_[k];
            if (!find_place()) label = long_form;
        }
    }

    // Where the loupe goes and what scale it draws at: the frame, the area under its text where
    // the curve is drawn, and the inset's own axes (value and time about the vertex).
    struct LoupeLayout {
        PixelBox box;
        PixelBox plot;
        PixelBox spot;                    ///< what it magnifies, on the main plot
        std::vector<std::string> lines;   ///< the magnification, then the minimum (one or two lines)
        double zero_y = 0.0;
        double center_x = 0.0;            ///< t_closest
        double value_px = 0.0;            ///< inset pixels per unit of value
        double time_px = 0.0;             ///< inset pixels per unit of time
        float font = kLoupeFont;          ///< its words' size (px at scale 1)
    };

    // When the vertex lies within a few pixels of the zero line (and the case is no exact graze),
    // the spot around it magnified in an inset with its own zero line, the curve sampled at that
    // scale, the vertex and (a hit) both roots: a near miss would otherwise read as a touch, a
    // near graze as a graze. Its box covers no label that explains and as little of the curve as
    // it can, near the spot it magnifies, which a thin frame and two lines mark.
    void loupe() {
        const TextMetrics* metrics = TextMetrics::shared();
        const std::optional<double> minimum = loupe_minimum();
        if (!metrics || !minimum) return;
        const double lowest = *minimum;
        const double f_min = -e_.discriminant / (4.0 * e_.a);
        const double value_px = axes_.size_px.y / (axes_.y_max - axes_.y_min);
        const double time_px = axes_.size_px.x / (axes_.t_max - axes_.t_min);
        const double gap_px = std::abs(lowest) * value_px;
        // f = f_min + a s² is 0 (a hit) or 2 f_min (a miss) at s = t - t_closest = ±√(|f_min| / a)
        const double half_width = std::sqrt(std::abs(f_min) / e_.a);
        if (!(half_width > 0.0) || !std::isfinite(half_width)) {
            say_the_vertex_side();
            return;
        }

        // the spot on the main plot: the vertex and the zero line beside it
        const double t_closest = *e_.t_closest;
        const double spot_top = std::min(at(t_closest, 0.0).y, at(t_closest, lowest).y) - px(7.0f);
        const double spot_bottom = std::max(at(t_closest, 0.0).y, at(t_closest, lowest).y) + px(7.0f);

        const std::vector<PixelBox> avoid = explaining_label_boxes(*metrics);
        const std::vector<glm::dvec2> curve_points = main_curve_points();
        const std::string name = in_.quantity == PlotQuantity::Quadratic ? "f" : "gap";
        const double pad = px(6.0f);
        std::optional<LoupeLayout> chosen;
        // smaller, where the plot has no room for it; past 0.64 its words and least height shrink too
        // (a plot strip at UI scale 1.25, or at F11, has room for none at full size, and the dip
        // would read as a touch)
        for (const double shrink : {1.0, 0.8, 0.64, 0.5, 0.4}) {
            if (shrink < 0.64 && in_.scale <= 1.0f) break;  // at scale 1 its words are as small as they go
            LoupeLayout layout;
            // (only where a UI scale above 1 made them larger than at scale 1: there they shrink towards that)
            const double compact = std::max(std::min(1.0, shrink / 0.64), 1.0 / std::max(static_cast<double>(in_.scale), 1.0));
            layout.font = kLoupeFont * static_cast<float>(std::max(compact, 0.75));
            const double font_px = px(layout.font);
            const double line_step = font_px + px(2.0f);
            const double plot_width =
                std::clamp(0.3 * axes_.size_px.x, static_cast<double>(px(150.0f)), static_cast<double>(px(260.0f))) * shrink;
            // (never under 60 px, or 38 compact: the vertex stands at least a quarter of it from zero)
            const double plot_height =
                std::max(std::clamp(0.32 * axes_.size_px.y, static_cast<double>(px(64.0f)), static_cast<double>(px(120.0f))) * shrink,
                         static_cast<double>(px(60.0f)) * std::max(compact, 0.625));
            // what it says under the magnification: "f_min = 0.41 > 0: never touches", on two lines if need be
            // (with the bounce the curve is the motion's until the first root, then the bounce's)
            const std::string verdict = lowest > 0.0 ? " > 0: never touches"
                                        : bounce()   ? " < 0: touches, bounces at the first root"
                                                     : " < 0: crosses zero twice, two roots";
            const std::string said = name + "_min = " + minimum_text(lowest);
            std::vector<std::string> lines;
            if (metrics->width(said + verdict, font_px, false) <= plot_width) {
                lines.push_back(said + verdict);
            } else {
                lines.push_back(said + verdict.substr(0, verdict.find(':') + 1));
                lines.push_back(verdict.substr(verdict.find(':') + 2));
            }
            double inner_width = plot_width;
            for (const std::string& words : lines) inner_width = std::max(inner_width, metrics->width(words, font_px, false));
            const double area_width = inner_width + 2.0 * pad - 2.0 * px(1.0f);
            // The value's factor (1-2-5) sets the vertex kLoupeGapFraction to 2.5 times that of the
            // height from zero; time's (one significant digit, at least 1) has the curve leave the
            // top at most kLoupeCurveReach of the width out, a hit's roots at most
            // kLoupeRootFraction (at f = f_min + a s² = top, s = ±half_width·√(top/|f_min| ∓ 1)).
            const double value_factor = nice_step(kLoupeGapFraction * plot_height / gap_px);
            const double gap_in_loupe = value_factor * gap_px;
            const double zero_to_top = (lowest > 0.0 ? 1.0 - kLoupeZeroFromBottom : kLoupeZeroFromTop) * plot_height;
            const double leaves_top = half_width * std::sqrt(zero_to_top / gap_in_loupe + (lowest > 0.0 ? -1.0 : 1.0));
            double time_factor = kLoupeCurveReach * area_width / (leaves_top * time_px);
            // a hit's roots in the inset whatever it takes: roots further apart than it holds at the
            // plot's own time scale would leave the dip with no root, white, under "touches, two
            // roots"; their time is then shrunk ("×0.5 in t")
            const double roots_factor = lowest < 0.0 ? kLoupeRootFraction * area_width / (half_width * time_px) : INFINITY;
            time_factor = roots_factor < 1.0 ? one_digit_below(roots_factor) : std::max(one_digit_below(std::min(time_factor, roots_factor)), 1.0);
            if (!std::isfinite(value_factor) || !std::isfinite(time_factor)) {
                say_the_vertex_side();
                return;
            }
            layout.lines.push_back("×" + factor_text(value_factor) + " in " + name +
                                   (time_factor != 1.0 ? ", ×" + factor_text(time_factor) + " in t" : ""));
            layout.lines.insert(layout.lines.end(), lines.begin(), lines.end());
            inner_width = std::max(inner_width, metrics->width(layout.lines[0], font_px, true));
            const double text_height = static_cast<double>(layout.lines.size()) * line_step + px(4.0f);  // and room under it
            const glm::dvec2 size(inner_width + 2.0 * pad, pad + text_height + plot_height + px(2.0f));
            layout.value_px = value_factor * value_px;
            layout.time_px = time_factor * time_px;
            const double reach_t = 0.5 * (size.x - 2.0 * px(1.0f)) / layout.time_px;  // the time either side the inset shows
            // (at least as wide as it is tall, to be seen beside the dots in it)
            const double spot_half = std::max(reach_t * time_px, 0.5 * (spot_bottom - spot_top));
            const double spot_x = at(t_closest, 0.0).x;
            layout.spot = {{std::max(spot_x - spot_half, axes_.origin_px.x), spot_top},
                           {std::min(spot_x + spot_half, axes_.origin_px.x + axes_.size_px.x), spot_bottom}};
            // a miss stands above the zero line, a hit dips below it
            const double area_top = pad + text_height;
            const double height = size.y - px(1.0f) - area_top;
            const double zero_from_top =
                lowest > 0.0 ? size.y - px(1.0f) - kLoupeZeroFromBottom * height : area_top + kLoupeZeroFromTop * height;
            const std::optional<glm::dvec2> place = place_loupe(size, zero_from_top, layout.spot, avoid, curve_points);
            if (!place) continue;  // smaller, where the plot has no room for it
            layout.box = {*place, *place + size};
            layout.plot = {{layout.box.low.x + px(1.0f), layout.box.low.y + area_top},
                           {layout.box.high.x - px(1.0f), layout.box.high.y - px(1.0f)}};
            layout.zero_y = layout.box.low.y + zero_from_top;
            layout.center_x = layout.plot.center().x;
            chosen = layout;
            break;
        }
        if (!chosen) {
            say_the_vertex_side();
            return;
        }
        draw_loupe(*chosen, lowest, half_width);
        loupe_box_ = chosen->box;
    }

    // The value at the vertex (a > 0), from the core's discriminant: f_min = c - b²/4a = -D/4a
    // (a t² + b t + c there would cancel large terms), and gap_min = f_min / (d_min + R).
    [[nodiscard]] double vertex_value() const {
        // D as a double underflows at lengths near 1e-140 (its terms near 1e-560) while its sign,
        // from the exact path, does not: there f(t_closest) itself (else a hit's vertex reads "f = 0")
        const bool underflowed = std::abs(e_.discriminant) < std::numeric_limits<double>::min() &&
                                 e_.discriminant_sign != DiscriminantSign::Zero;
        if (underflowed && e_.t_closest)
            return in_.quantity == PlotQuantity::Quadratic ? value(*e_.t_closest) : e_.min_distance - e_.radius_sum;
        const double f_min = -e_.discriminant / (4.0 * e_.a);
        return in_.quantity == PlotQuantity::Quadratic ? f_min : f_min / (e_.min_distance + e_.radius_sum);
    }

    // The vertex's value when the loupe shows it: the vertex on the axes within kLoupeTriggerPx
    // of the zero line, and no exact graze.
    [[nodiscard]] std::optional<double> loupe_minimum() const {
        if (!e_.t_closest || !inside_t(*e_.t_closest) || !(e_.a > 0.0)) return std::nullopt;
        if (e_.discriminant_sign != DiscriminantSign::Negative && e_.discriminant_sign != DiscriminantSign::Positive) return std::nullopt;
        if (!(axes_.y_min <= 0.0 && axes_.y_max >= 0.0)) return std::nullopt;
        const double lowest = vertex_value();
        const double gap_px = std::abs(lowest) * axes_.size_px.y / (axes_.y_max - axes_.y_min);
        if (!(gap_px > 0.0 && gap_px < px(static_cast<float>(kLoupeTriggerPx))) || !std::isfinite(lowest)) return std::nullopt;
        // (a hit whose roots stand apart gets one too: two dots with the thick curve between read
        // as two crossings up close, but from the back of a classroom a dip of 2 px under a curve
        // rising to 150 does not, and the tunnelling preset's hit passes for a graze)
        return lowest;
    }

    // What a label placed now keeps off: the labels that explain and the dots (boxes), and the curve.
    struct Obstacles {
        std::vector<PixelBox> taken;
        std::vector<const Primitive*> curve;
        [[nodiscard]] bool blocked(const PixelBox& box) const {
            return std::any_of(taken.begin(), taken.end(), [&](const PixelBox& b) { return b.overlaps(box); }) ||
                   std::any_of(curve.begin(), curve.end(),
                               [&](const Primitive* p) { return crosses(p->p0, p->p1, box.grown(0.5 * p->stroke_px)); });
        }
    };
    // (`moving`: a label being placed again, left out with its dot.)
    [[nodiscard]] Obstacles label_obstacles(const TextMetrics& metrics, const Primitive* moving = nullptr) const {
        Obstacles obstacles{explaining_label_boxes(metrics, moving), {}};
        for (const Primitive& p : picture_.items) {
            if (p.shape == Shape::Disc && !(moving && p.p0 == moving->p0))
                obstacles.taken.push_back(PixelBox{p.p0, p.p0}.grown(p.radius + px(2.0f)));
            if (p.shape == Shape::Segment && (p.role == Role::PathFuture || p.role == Role::PathPast || p.role == Role::ResponsePath))
                obstacles.curve.push_back(&p);
        }
        return obstacles;
    }
    // A label not yet drawn, to measure where it would go (font in px at scale 1).
    [[nodiscard]] Primitive label_probe(const std::string& words, float font) const {
        Primitive probe;
        probe.shape = Shape::Label;
        probe.space = Space::Screen;
        probe.text = words;
        probe.font_px = px(font);
        return probe;
    }

    // The boxes of the labels drawn so far that explain (the roots', the vertex's), with a little room.
    [[nodiscard]] std::vector<PixelBox> explaining_label_boxes(const TextMetrics& metrics, const Primitive* leaving_out = nullptr) const {
        std::vector<PixelBox> boxes;
        for (const Primitive& p : picture_.items)
            if (p.shape == Shape::Label && p.role != Role::AxisLabel && &p != leaving_out) {
                const auto [low, high] = label_bounds(metrics, p, p.box_padding_px + px(4.0f));
                boxes.push_back({low, high});
            }
        if (const std::optional<PixelBox> reserved = switch_box()) boxes.push_back(*reserved);
        return boxes;
    }
    // The window's f(t) / gap switch at the top right, where it is drawn over the plot.
    [[nodiscard]] std::optional<PixelBox> switch_box() const {
        if (!(in_.reserved_right_px > 0.0 && in_.reserved_top_px > 0.0)) return std::nullopt;
        return PixelBox{{in_.canvas_px.x - in_.reserved_right_px, 0.0}, {in_.canvas_px.x, in_.reserved_top_px}};
    }

    // The main curve at 160 times across the axes, in pixels, left to right (what the loupe should not cover).
    [[nodiscard]] std::vector<glm::dvec2> main_curve_points() const {
        std::vector<glm::dvec2> points;
        for (int k = 0; k <= 160; ++k) {
            const double t = axes_.t_min + (axes_.t_max - axes_.t_min) * k / 160.0;
            const double v = value(t);
            if (v >= axes_.y_min && v <= axes_.y_max) points.push_back(at(t, v));
        }
        return points;
    }

    // The top-left corner for a loupe of `size` on the plot, below the cursor's time, clear of the
    // spot it magnifies, the dots and the labels that explain; of those places the one that covers
    // least of the curve, the zero line, the horizon and the axis notes, whose own zero line (this
    // far under its top) does not continue the plot's, and that lies nearest the spot.
    [[nodiscard]] std::optional<glm::dvec2> place_loupe(glm::dvec2 size, double zero_from_top, const PixelBox& spot,
                                                        const std::vector<PixelBox>& avoid, const std::vector<glm::dvec2>& curve) const {
        const double left = axes_.origin_px.x + px(2.0f);
        const double right = axes_.origin_px.x + axes_.size_px.x - px(2.0f) - size.x;
        const double top = axes_.origin_px.y + px(static_cast<float>(kLoupeTopRoom));
        const double bottom = axes_.origin_px.y + axes_.size_px.y - px(2.0f) - size.y;
        if (!(right >= left && bottom >= top)) return std::nullopt;
        std::vector<PixelBox> dots;
        std::vector<PixelBox> notes;
        for (const Primitive& p : picture_.items) {
            if (p.shape == Shape::Disc) dots.push_back(PixelBox{p.p0, p.p0}.grown(p.radius + px(4.0f)));
            if (p.shape == Shape::Label && p.role == Role::AxisLabel) {  // those on the axes ("horizon", "f = 0: touching")
                const TextMetrics& metrics = *TextMetrics::shared();
                const auto [low, high] = label_bounds(metrics, p, 0.0);
                if (PixelBox{low, high}.overlaps({axes_.origin_px, axes_.origin_px + axes_.size_px})) notes.push_back({low, high});
            }
        }
        const double zero_y = at(0.0, 0.0).y;
        const double horizon = in_.scene->time.horizon;
        const std::optional<double> horizon_x = inside_t(horizon) ? std::optional(at(horizon, 0.0).x) : std::nullopt;
        const double curve_step = axes_.size_px.x / 160.0;  // pixels of time between the curve's points
        const PixelBox keep_off = spot.grown(px(12.0f));
        const double step = px(12.0f);
        std::optional<glm::dvec2> best;
        double best_cost = INFINITY;
        const auto consider = [&](glm::dvec2 corner) {
            const PixelBox box{corner, corner + size};
            if (box.overlaps(keep_off)) return;
            for (const PixelBox& b : avoid)
                if (box.overlaps(b)) return;
            for (const PixelBox& b : dots)
                if (box.overlaps(b)) return;
            // (every term is positive: a place already worse than the best is left at once)
            double cost = 0.3 * glm::length(box.center() - spot.center()) / static_cast<double>(in_.scale);
            if (zero_y >= box.low.y && zero_y <= box.high.y) cost += 0.3 * size.x;
            if (std::abs(corner.y + zero_from_top - zero_y) < px(12.0f)) cost += 100.0;  // two zero lines in one
            if (horizon_x && *horizon_x >= box.low.x && *horizon_x <= box.high.x) cost += 60.0;
            if (cost >= best_cost) return;
            // the curve it covers, by its length (roughly: the points are about a step of time apart)
            const PixelBox near = box.grown(px(6.0f));  // nor runs along its edge
            const auto first = std::lower_bound(curve.begin(), curve.end(), near.low.x, [](glm::dvec2 p, double x) { return p.x < x; });
            for (auto p = first; p != curve.end() && p->x <= near.high.x; ++p)
                if (near.contains(*p)) cost += 3.0 * std::max(curve_step, 1.0);
            for (const PixelBox& b : notes)
                if (box.overlaps(b)) cost += 400.0;  // it would be left out
            if (cost >= best_cost) return;
            const auto [link_a, link_b] = connectors(box, spot);
            for (const PixelBox& b : avoid)
                if (crosses(link_a.first, link_a.second, b) || crosses(link_b.first, link_b.second, b)) cost += 20.0;  // cut there
            if (cost < best_cost) {
                best_cost = cost;
                best = corner;
            }
        };
        // every `step` pixels over the plot, then every quarter step around the best of those
        const auto scan = [&](glm::dvec2 from, glm::dvec2 to, double by) {
            for (double y = from.y;; y = std::min(y + by, to.y)) {
                for (double x = from.x;; x = std::min(x + by, to.x)) {
                    consider({x, y});
                    if (x >= to.x) break;
                }
                if (y >= to.y) break;
            }
        };
        scan({left, top}, {right, bottom}, step);
        if (best) {
            const glm::dvec2 coarse = *best;
            scan(glm::max(coarse - step, glm::dvec2(left, top)), glm::min(coarse + step, glm::dvec2(right, bottom)), 0.25 * step);
        }
        return best;
    }

    // The two lines from the spot's corners to the loupe's that face it.
    [[nodiscard]] static std::pair<std::pair<glm::dvec2, glm::dvec2>, std::pair<glm::dvec2, glm::dvec2>> connectors(
        const PixelBox& box, const PixelBox& spot) {
        const auto corner = [](const PixelBox& b, bool right, bool lower) {
            return glm::dvec2(right ? b.high.x : b.low.x, lower ? b.high.y : b.low.y);
        };
        if (box.high.y <= spot.low.y)  // above
            return {{corner(spot, false, false), corner(box, false, true)}, {corner(spot, true, false), corner(box, true, true)}};
        if (box.low.y >= spot.high.y)  // below
            return {{corner(spot, false, true), corner(box, false, false)}, {corner(spot, true, true), corner(box, true, false)}};
        if (box.high.x <= spot.low.x)  // to the left
            return {{corner(spot, false, false), corner(box, true, false)}, {corner(spot, false, true), corner(box, true, true)}};
        return {{corner(spot, true, false), corner(box, false, false)}, {corner(spot, true, true), corner(box, false, true)}};
    }

    // A line from `from` to `to`, left out where it would pass under a label that explains.
    void connector(glm::dvec2 from, glm::dvec2 to, Rgba color) {
        const TextMetrics& metrics = *TextMetrics::shared();
        std::vector<std::pair<double, double>> hidden;  // parts of the line, as fractions of it
        for (const Primitive& p : picture_.items) {
            if (p.shape != Shape::Label || p.role == Role::AxisLabel) continue;
            const auto [low, high] = label_bounds(metrics, p, p.box_padding_px + px(2.0f));
            double t0 = 0.0;
            double t1 = 1.0;
            if (shape_geometry::clip_segment(from, to, {low, high}, t0, t1)) hidden.emplace_back(t0, t1);
        }
        std::sort(hidden.begin(), hidden.end());
        double start = 0.0;
        for (const auto& [t0, t1] : hidden) {
            if (t0 > start) segment(Role::Loupe, from + (to - from) * start, from + (to - from) * t0, color, line(1.0f));
            start = std::max(start, t1);
        }
        if (start < 1.0) segment(Role::Loupe, from + (to - from) * start, to, color, line(1.0f));
    }

    // A filled box: a segment as thick as the box is tall, drawn as one dash (dashes end square).
    void filled_box(Role role, const PixelBox& box, Rgba color) {
        const double middle = box.center().y;
        const auto length = static_cast<float>(box.size().x);
        segment(role, {box.low.x, middle}, {box.high.x, middle}, color, static_cast<float>(box.size().y), length + px(4.0f), px(4.0f));
    }

    void outline(Role role, const PixelBox& box, Rgba color, float width) {
        const glm::dvec2 corners[] = {box.low, {box.high.x, box.low.y}, box.high, {box.low.x, box.high.y}};
        for (int k = 0; k < 4; ++k) segment(role, corners[k], corners[(k + 1) % 4], color, width);
    }

    void draw_loupe(const LoupeLayout& layout, double lowest, double half_width) {
        const Rgba frame = pal_.text_muted;
        // what it magnifies, and the lines from there to it (under its box)
        outline(Role::Loupe, layout.spot, frame.with_alpha(0.9f), line(1.0f));
        const auto [link_a, link_b] = connectors(layout.box, layout.spot);
        for (const auto& [from, to] : {link_a, link_b}) connector(from, to, frame.with_alpha(0.7f));
        filled_box(Role::Loupe, layout.box, pal_.background);
        outline(Role::Loupe, layout.box, frame, line(1.0f));

        const PixelBox& area = layout.plot;
        const shape_geometry::Box clip{area.low, area.high};
        // the zero line short of the frame's sides, so that it does not read as part of the frame
        segment(Role::LoupeAxis, {area.low.x + px(5.0f), layout.zero_y}, {area.high.x - px(5.0f), layout.zero_y}, pal_.axis, line(2.0f));
        const auto to_loupe = [&](double s, double v) {
            return glm::dvec2(layout.center_x + s * layout.time_px, layout.zero_y - v * layout.value_px);
        };
        const double reach = 0.5 * area.size().x / layout.time_px;
        std::vector<double> cuts{-reach, reach};
        if (lowest < 0.0 && half_width < reach) cuts = {-reach, -half_width, half_width, reach};
        // with the bounce, the curve from it on is the motion without it, dashed and faint as on
        // the plot, and the motion with it rises from there (a hit bounces at its first root)
        const double t_closest = *e_.t_closest;
        std::optional<double> bounce_s;
        if (bounce()) bounce_s = e_.kind == Case::Hit ? -half_width : *bounce() - t_closest;
        if (bounce_s && *bounce_s > -reach && *bounce_s < reach && std::find(cuts.begin(), cuts.end(), *bounce_s) == cuts.end()) {
            cuts.insert(std::upper_bound(cuts.begin(), cuts.end(), *bounce_s), *bounce_s);
        }
        // (an end at a root is drawn on the zero line itself: f_min + a s² there is 0 but for rounding)
        const bool hit_roots = lowest < 0.0 && half_width < reach;
        const auto at_root = [&](double s) { return hit_roots && (s == -half_width || s == half_width); };
        const auto piece_of = [&](const auto& curve, double from, double to, bool pinned, Rgba color, float width, float dash) {
            const int chords = dash > 0.0f ? 8 : 32;  // (a dash per chord: long enough to read as dashed)
            for (int k = 0; k < chords; ++k) {
                const double s0 = from + (to - from) * k / chords;
                const double s1 = from + (to - from) * (k + 1) / chords;
                const glm::dvec2 a = to_loupe(s0, pinned && k == 0 && at_root(from) ? 0.0 : curve(s0));
                const glm::dvec2 b = to_loupe(s1, pinned && k + 1 == chords && at_root(to) ? 0.0 : curve(s1));
                double t0 = 0.0;
                double t1 = 1.0;
                if (!shape_geometry::clip_segment(a, b, clip, t0, t1)) continue;
                segment(Role::LoupeCurve, a + (b - a) * t0, a + (b - a) * t1, color, line(width), px(dash), px(dash));
            }
        };
        const auto without_bounce = [&](double s) { return value_near_vertex(s, lowest); };
        for (std::size_t piece = 0; piece + 1 < cuts.size(); ++piece) {
            const bool below = lowest < 0.0 && cuts[piece] >= -half_width && cuts[piece + 1] <= half_width;
            if (bounce_s && cuts[piece] >= *bounce_s) {
                piece_of(without_bounce, cuts[piece], cuts[piece + 1], true, pal_.text_muted.with_alpha(0.7f), 2.0f, 5.0f);
                continue;
            }
            piece_of(without_bounce, cuts[piece], cuts[piece + 1], true, below ? pal_.sample_hit : pal_.text, below ? 3.5f : 2.5f, 0.0f);
        }
        if (bounce_s && *bounce_s < reach) {
            const auto with_bounce = [&](double s) { return after_bounce(t_closest + s); };
            piece_of(with_bounce, std::max(*bounce_s, -reach), reach, false, pal_.text, 2.5f, 0.0f);
        }
        // the vertex, its distance from zero, and (a hit) both roots
        const glm::dvec2 vertex = to_loupe(0.0, lowest);
        // thin and dotted, so in the closest approach's colour for text: never full ink, at 3:1 it read 2.4:1
        segment(Role::LoupeVertex, {layout.center_x, layout.zero_y}, vertex, text_color_on(pal_.closest, pal_.background), line(1.5f),
                px(3.0f), px(3.0f));
        if (lowest < 0.0)
            for (const double s : {-half_width, half_width}) {
                const glm::dvec2 root = to_loupe(s, 0.0);
                if (area.contains(root)) dot(Role::LoupeRoot, root, 5.5f, pal_.text);
            }
        dot(Role::LoupeVertex, vertex, 5.0f, pal_.closest);

        // what it shows: the magnification, then the minimum and what it means
        const double pad = px(6.0f);
        for (std::size_t k = 0; k < layout.lines.size(); ++k) {
            const glm::dvec2 where(layout.box.low.x + pad, layout.box.low.y + pad + static_cast<double>(k) * (px(layout.font) + px(2.0f)));
            text(Role::LoupeLabel, where, layout.lines[k], layout.font, k == 0 ? pal_.text : case_text_color(e_.kind, in_.theme.value_or(in_.scene->show.theme)),
                 Align::TopLeft)
                .bold = k == 0;
        }
        zero_line_name(layout, to_loupe, reach, lowest);
    }

    // The value plotted at t_closest + s, from the vertex's value `lowest`: f = f_min + a s², and
    // the gap √(d_min² + a s²) - R = gap_min + a s² / (√(d_min² + a s²) + d_min), neither
    // cancelling large terms.
    [[nodiscard]] double value_near_vertex(double s, double lowest) const {
        const double rise = e_.a * s * s;
        if (in_.quantity == PlotQuantity::Quadratic) return lowest + rise;
        const double d_min = e_.min_distance;
        return lowest + rise / (std::sqrt(d_min * d_min + rise) + d_min);
    }

    // "f = 0" by the inset's zero line, at an end where the curve leaves it room (above, or below
    // it), or not at all.
    template <class ToLoupe>
    void zero_line_name(const LoupeLayout& layout, const ToLoupe& to_loupe, double reach, double lowest) {
        const TextMetrics& metrics = *TextMetrics::shared();
        const std::string words = in_.quantity == PlotQuantity::Quadratic ? "f = 0" : "gap = 0";
        std::vector<glm::dvec2> curve;
        for (int k = 0; k <= 64; ++k) {
            const double s = -reach + 2.0 * reach * k / 64.0;
            curve.push_back(to_loupe(s, value_near_vertex(s, lowest)));
        }
        const glm::dvec2 vertex = to_loupe(0.0, lowest);
        for (const Align align : {Align::BottomRight, Align::TopRight, Align::BottomLeft, Align::TopLeft}) {
            const bool right = align == Align::BottomRight || align == Align::TopRight;
            const bool above = align == Align::BottomRight || align == Align::BottomLeft;
            Primitive probe;
            probe.shape = Shape::Label;
            probe.space = Space::Screen;
            probe.text = words;
            probe.font_px = px(12.0f);
            probe.align = align;
            probe.p0 = {right ? layout.plot.high.x : layout.plot.low.x, layout.zero_y};
            probe.offset_px = glm::dvec2(right ? -4.0 : 4.0, above ? -2.0 : 2.0) * static_cast<double>(in_.scale);
            const auto [low, high] = label_bounds(metrics, probe, px(2.0f));
            const PixelBox box{low, high};
            if (!layout.plot.contains(box.low) || !layout.plot.contains(box.high)) continue;
            if (box.grown(px(5.0f)).contains(vertex)) continue;
            if (std::any_of(curve.begin(), curve.end(), [&](glm::dvec2 p) { return box.contains(p); })) continue;
            text(Role::LoupeLabel, probe.p0, words, 12.0f, pal_.text_muted, align, probe.offset_px / static_cast<double>(in_.scale));
            return;
        }
    }

    void cursor() {
        const double t = in_.time;
        if (!inside_t(t)) return;
        const glm::dvec2 top = at(t, axes_.y_max);
        const glm::dvec2 bottom = at(t, axes_.y_min);
        if (loupe_box_ && top.x >= loupe_box_->low.x && top.x <= loupe_box_->high.x) {  // around the loupe, not through it
            segment(Role::Handle, top, {top.x, loupe_box_->low.y}, pal_.handle, line(2.0f));
            segment(Role::Handle, {top.x, loupe_box_->high.y}, bottom, pal_.handle, line(2.0f));
        } else {
            segment(Role::Handle, top, bottom, pal_.handle, line(2.0f));
        }
        const std::optional<std::pair<Align, glm::dvec2>> place = cursor_time_place(top, "t = " + time_number(t, 4, time_scale_));
        Primitive& knob = add(Shape::Disc, Role::Handle);
        knob.p0 = top;
        knob.radius = px(6.0f);
        knob.fill = pal_.handle;
        if (place) text(Role::Handle, top, "t = " + time_number(t, 4, time_scale_), 14.0f, pal_.text, place->first, place->second);
    }

    // Where the cursor's time goes: beside the knob, right of the line or left of it, else a line
    // further down at a time, where it covers no label that explains, no dot, not the loupe and
    // not the curve. It is the least of the labels: where none of those places is clear it gives
    // way (the cursor's line and the panel still say the time).
    [[nodiscard]] std::optional<std::pair<Align, glm::dvec2>> cursor_time_place(glm::dvec2 top, const std::string& words) const {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return std::pair(Align::TopLeft, glm::dvec2(8, 4));
        Obstacles obstacles = label_obstacles(*metrics);
        for (const Primitive& p : picture_.items)  // the axis notes too ("f = 0: touching", "horizon", the numbers)
            if (p.shape == Shape::Label && p.role == Role::AxisLabel) {
                const auto [low, high] = label_bounds(*metrics, p, px(2.0f));
                obstacles.taken.push_back({low, high});
            }
        if (loupe_box_) obstacles.taken.push_back(*loupe_box_);
        Primitive probe = label_probe(words, 14.0f);
        probe.p0 = top;
        const double left = axes_.origin_px.x;
        const double right = axes_.origin_px.x + axes_.size_px.x;
        const double bottom = axes_.origin_px.y + axes_.size_px.y;
        for (int lines = 0; lines <= 3; ++lines)
            for (const auto& [align, side] : {std::pair(Align::TopLeft, 8.0), std::pair(Align::TopRight, -8.0)}) {
                const glm::dvec2 offset(side, 4.0 + 20.0 * lines);
                probe.align = align;
                probe.offset_px = offset * static_cast<double>(in_.scale);
                const auto [low, high] = label_bounds(*metrics, probe, px(1.0f));
                const PixelBox box{low, high};
                if (box.low.x < left || box.high.x > right || box.high.y > bottom || obstacles.blocked(box)) continue;
                return std::pair(align, offset);
            }
        return std::nullopt;
    }

    void readout(double t) {
        if (!inside_t(t)) return;
        const double v = value(t);
        const glm::dvec2 p = at(t, std::clamp(v, axes_.y_min, axes_.y_max));
        dot(Role::Handle, p, 4.0f, pal_.text);
        const std::size_t others = picture_.items.size();
        // t with the digits that tell one pixel from the next (zoomed in near t = 5e7 every
        // pointer position read "t = 5e7": a recheck), at least 4
        const double pixel = (axes_.t_max - axes_.t_min) / std::max(axes_.size_px.x, 1.0);
        const double ratio = std::max(std::abs(t), pixel) / pixel;
        const int digits = std::isfinite(ratio) ? std::clamp(static_cast<int>(std::ceil(std::log10(ratio))) + 1, 4, 15) : 4;
        Primitive& box = text(Role::Caption, p,
                              "t = " + time_number(t, digits, time_scale_) + "   " + (in_.quantity == PlotQuantity::Quadratic ? "f(t) = " : "gap = ") +
                                  short_number(v),
                              14.0f, pal_.text, Align::BottomLeft, {10, -10});
        box.box = pal_.background.with_alpha(0.85f);
        box.box_padding_px = px(4.0f);
        place_clear_of_labels(box, others);
    }

    // The hover readout beside its point: up and to the right, else the nearest other place
    // beside it (the other corners, then a line further up or down at a time; slid sideways to
    // stay on the plot) where it covers no label that explains (a root, the vertex, the cursor,
    // the title, the loupe's) nor, if it can, the loupe; where none is clear, the first that
    // stays on the plot.
    void place_clear_of_labels(Primitive& readout, std::size_t others) {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        const auto outer = [&](const Primitive& p) { return label_bounds(*metrics, p, p.box_padding_px); };
        std::vector<std::pair<glm::dvec2, glm::dvec2>> taken;
        for (std::size_t i = 0; i < others; ++i) {
            const Primitive& p = picture_.items[i];
            if (p.shape == Shape::Label && p.role != Role::AxisLabel) taken.push_back(outer(p));
        }
        if (loupe_box_) taken.emplace_back(loupe_box_->low, loupe_box_->high);
        if (const std::optional<PixelBox> reserved = switch_box()) taken.emplace_back(reserved->low, reserved->high);
        const auto [first_low, first_high] = outer(readout);
        const double step = (first_high.y - first_low.y) / static_cast<double>(in_.scale) + 4.0;  // a line, in unscaled px
        std::optional<std::pair<Align, glm::dvec2>> on_plot;
        const auto try_place = [&](Align align, glm::dvec2 offset) {
            readout.align = align;
            readout.offset_px = offset * static_cast<double>(in_.scale);
            auto [low, high] = outer(readout);
            // slid sideways onto the plot where it would run off it (a narrow plot, a large scale)
            const double slide = slide_onto_plot(low.x, high.x);
            offset.x += slide / static_cast<double>(in_.scale);
            readout.offset_px.x += slide;
            low.x += slide;
            high.x += slide;
            if (low.x < 0.0 || low.y < 0.0 || high.x > in_.canvas_px.x || high.y > in_.canvas_px.y) return false;
            if (!on_plot) on_plot = {align, offset};
            return std::none_of(taken.begin(), taken.end(), [&](const auto& t) {
                return low.x < t.second.x && t.first.x < high.x && low.y < t.second.y && t.first.y < high.y;
            });
        };
        // clear of the loupe too if it can be; else over its curve, never its words (labels, so taken)
        for (const bool around_loupe : {true, false}) {
            if (!around_loupe && !loupe_box_) break;
            if (!around_loupe) taken.pop_back();
            for (int lines = 0; lines <= 6; ++lines) {
                const double up = -10.0 - lines * step;
                const double down = 10.0 + lines * step;
                if (try_place(Align::BottomLeft, {10, up}) || try_place(Align::BottomRight, {-10, up}) ||
                    try_place(Align::TopLeft, {10, down}) || try_place(Align::TopRight, {-10, down}))
                    return;
            }
        }
        const auto [align, offset] = on_plot.value_or(std::pair(Align::BottomLeft, glm::dvec2(10, -10)));
        readout.align = align;
        readout.offset_px = offset * static_cast<double>(in_.scale);
    }

    // An axis note ("f = 0: touching", a number) under a label that explains (a root, the
    // vertex, the title, the cursor) or under the loupe gives way to it.
    void drop_axis_labels_under_others() {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        const auto box = [&](const Primitive& p) {
            const TextExtent extent = metrics->measure(p.text, p.font_px, p.bold);
            return label_box(p, picture_.view, {extent.width, extent.height});
        };
        std::vector<TextBox> explaining;
        for (const Primitive& p : picture_.items)
            if (p.shape == Shape::Label && p.role != Role::AxisLabel) explaining.push_back(box(p));
        if (loupe_box_) explaining.push_back({loupe_box_->low, loupe_box_->size()});  // labels paint over shapes
        std::erase_if(picture_.items, [&](const Primitive& p) {
            if (p.shape != Shape::Label || p.role != Role::AxisLabel) return false;
            const TextBox mine = box(p);
            return std::any_of(explaining.begin(), explaining.end(), [&](const TextBox& other) {
                return mine.top_left.x < other.top_left.x + other.size.x && other.top_left.x < mine.top_left.x + mine.size.x &&
                       mine.top_left.y < other.top_left.y + other.size.y && other.top_left.y < mine.top_left.y + mine.size.y;
            });
        });
    }

    // what is plotted, then how the discriminant reads on it, along the top; in a narrow plot the
    // short form of f, so that the reading stays clear of the switch at the top right
    // f(t)'s coefficients past the doubles: true where they overflow (lengths and speeds near
    // 1e155, squared past 1.8e308), false where they fall under the normal doubles (near 1e-160);
    // there the plot would label every value "0" and draw a vertical or a flat line. The gap is
    // a length, not its square, and is still plotted.
    [[nodiscard]] std::optional<bool> out_of_range() const {
        if (in_.quantity != PlotQuantity::Quadratic) return std::nullopt;
        if (!std::isfinite(e_.a) || !std::isfinite(e_.b) || !std::isfinite(e_.c)) return true;
        // (below only where every term is: B crawling at 1e-160 beside c = 1 is a flat line, and true)
        constexpr double kSmallest = std::numeric_limits<double>::min();
        const bool some = e_.relative_velocity != glm::dvec2(0.0) || e_.c != 0.0;
        if (some && e_.a < kSmallest && std::abs(e_.b) < kSmallest && std::abs(e_.c) < kSmallest) return false;
        return std::nullopt;
    }

    void out_of_range_note(bool beyond) {
        const TextMetrics* metrics = TextMetrics::shared();
        const std::vector<std::string> notes =
            beyond ? std::vector<std::string>{"f(t) lies beyond the range of a double here (its terms pass 1.8e308): plot the gap instead",
                                              "f(t) lies beyond the range of a double: plot the gap", "beyond a double's range"}
                   : std::vector<std::string>{"f(t) lies below the range of a double here (its terms fall under 2.2e−308): plot the gap instead",
                                              "f(t) lies below the range of a double: plot the gap", "below a double's range"};
        const double room = in_.canvas_px.x - px(24.0f);
        std::string note = notes.back();
        for (const std::string& n : notes)
            if (!metrics || metrics->width(n, px(15.0f), false) <= room) {
                note = n;
                break;
            }
        text(Role::Caption, axes_.origin_px + 0.5 * axes_.size_px, note, 15.0f, pal_.text, Align::Center);
    }

    void title() {
        const TextMetrics* metrics = TextMetrics::shared();
        const auto width = [&](const std::string& words, bool bold) {
            return metrics ? metrics->width(words, px(15.0f), bold) : px(8.0f) * static_cast<double>(words.size());
        };
        // what the curve does, longest first: a shorter reading before the name alone (the
        // receding pair's "…, both in the past" would leave a 640-px plot at UI scale 1.5 with "f(t)")
        std::vector<std::string> readings;
        switch (e_.discriminant_sign) {
            case DiscriminantSign::Negative: readings = {"D < 0: never reaches zero", "D < 0: no root"}; break;
            case DiscriminantSign::Zero: readings = {"D = 0: touches zero once", "D = 0: one root"}; break;
            case DiscriminantSign::Positive:
                // two roots, and where they lie says the case: both ahead, both past, or one either side of now
                readings = e_.kind == Case::Overlapping ? std::vector<std::string>{"D > 0, c < 0: below zero at t = 0", "c < 0: below zero now"}
                           : e_.kind == Case::Receding
                               ? std::vector<std::string>{"D > 0: crosses zero twice, both in the past", "D > 0: both roots past"}
                           : bounce() ? std::vector<std::string>{"D > 0: crosses zero twice (they bounce at the first)", "D > 0: two roots, bounce at 1st"}
                                      : std::vector<std::string>{"D > 0: crosses zero twice", "D > 0: two roots"};
                break;
            case DiscriminantSign::NotQuadratic: readings = {"a = 0: a constant"}; break;
        }
        const double room = in_.canvas_px.x - in_.reserved_right_px - px(12.0f) - axes_.origin_px.x;
        // the longest name of what is plotted that leaves room for the reading beside it
        const std::vector<std::string> names = in_.quantity == PlotQuantity::Quadratic
                                                   ? std::vector<std::string>{"f(t) = a t² + b t + c = |Δp + tΔv|² − R²",
                                                                              "f(t) = a t² + b t + c", "f(t)"}
                                                   : std::vector<std::string>{"gap(t) = |Δp + tΔv| − R", "gap(t)"};
        std::optional<std::string> what;
        std::string reading;
        for (const std::string& r : readings) {
            for (const std::string& name : names)
                if (width(name, false) + px(24.0f) + width(r, true) <= room) {
                    what = name;
                    reading = r;
                    break;
                }
            if (what) break;
        }
        if (!what) {  // not even the shortest: the name alone (the badge and the panel give the case)
            text(Role::Caption, {axes_.origin_px.x, px(6.0f)}, names.back(), 15.0f, pal_.text, Align::TopLeft);
            return;
        }
        text(Role::Caption, {axes_.origin_px.x, px(6.0f)}, *what, 15.0f, pal_.text, Align::TopLeft);
        text(Role::Caption, {axes_.origin_px.x + width(*what, false) + px(24.0f), px(6.0f)}, reading, 15.0f,
             case_text_color(e_.kind, in_.theme.value_or(in_.scene->show.theme)), Align::TopLeft)
            .bold = true;
    }
};

}  // namespace

Picture build_plot(const PlotInput& input) { return PlotBuilder(input).build(); }

}  // namespace tangent
