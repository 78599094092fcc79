#include "plot_builder.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "picture_builder.h"
#include "primitive_sink.h"
#include "text_metrics.h"
#include "theme.h"

namespace tangent {

double plot_value(const Encounter& e, PlotQuantity quantity, double t) {
    if (quantity == PlotQuantity::Gap) return e.distance_at(t) - e.radius_sum;
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

}  // namespace

void PlotAxes::zoom_time(double t, double factor) {
    const double span = std::clamp((t_max - t_min) * factor, 1e-9, 1e9);
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
    const double span = std::max(hi - lo, 1e-12 * std::max(std::abs(hi), 1.0));
    axes.y_min = lo - 0.12 * span;
    axes.y_max = hi + 0.12 * span;
    // A vertex below zero has its label underneath (above it sit the roots' labels): keep room for
    // it between the vertex and the time axis's numbers. With the vertex v at least `room` pixels
    // above the bottom of H pixels: (v - y_min) / (y_max - y_min) >= room / H.
    if (e.t_closest && *e.t_closest > axes.t_min && *e.t_closest < axes.t_max) {
        const double vertex = plot_value(e, quantity, *e.t_closest);
        const double room = kVertexLabelRoom * scale / axes.size_px.y;
        if (vertex < 0.0 && room < 0.6 && vertex - axes.y_min < room * (axes.y_max - axes.y_min))
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
        : in_(in), e_(*in.encounter), pal_(palette(in.scene->show.theme)), axes_(in.axes), sink_(picture_, Space::Screen, in.scale) {
        picture_.background = pal_.background;
        picture_.view.size_px = in.canvas_px;
    }

    Picture build() {
        frame();
        horizon();
        samples();
        curve();
        roots_and_vertex();
        cursor();
        title();
        if (in_.hover_time) readout(*in_.hover_time);  // last: it keeps clear of the labels above
        drop_axis_labels_under_others();
        picture_.drop_unplaceable();
        return std::move(picture_);
    }

private:
    const PlotInput& in_;
    const Encounter& e_;
    const Palette& pal_;
    PlotAxes axes_;
    Picture picture_;
    PrimitiveSink sink_;

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
        const double t_step = nice_step((axes_.t_max - axes_.t_min) * px(80.0f) / axes_.size_px.x);
        const std::optional<StepRange> times = step_range(axes_.t_min, axes_.t_max, t_step, 200);
        for (long long k = times ? times->first : 0; times && k <= times->last; ++k) {
            const double t = static_cast<double>(k) * t_step;
            const double x = at(t, 0).x;
            segment(Role::Grid, {x, lo.y}, {x, hi.y}, pal_.grid, px(1.0f));
            text(Role::AxisLabel, {x, hi.y}, short_number(std::abs(t) < t_step * 1e-9 ? 0.0 : t), 13.0f, pal_.text_muted,
                 Align::Top, {0, 4});
        }
        const double y_step = nice_step((axes_.y_max - axes_.y_min) * px(50.0f) / axes_.size_px.y);
        const std::optional<StepRange> values = step_range(axes_.y_min, axes_.y_max, y_step, 200);
        for (long long k = values ? values->first : 0; values && k <= values->last; ++k) {
            const double y = static_cast<double>(k) * y_step;
            const double sy = at(0, y).y;
            segment(Role::Grid, {lo.x, sy}, {hi.x, sy}, pal_.grid, px(1.0f));
            text(Role::AxisLabel, {lo.x, sy}, short_number(std::abs(y) < y_step * 1e-9 ? 0.0 : y), 13.0f, pal_.text_muted,
                 Align::Right, {-6, 0});
        }
        // the zero line: where the circles touch
        if (axes_.y_min <= 0.0 && axes_.y_max >= 0.0) {
            const double y0 = at(0, 0).y;
            segment(Role::Axis, {lo.x, y0}, {hi.x, y0}, pal_.axis, line(1.5f));
            text(Role::AxisLabel, {hi.x, y0}, in_.quantity == PlotQuantity::Quadratic ? "f = 0: touching" : "gap = 0: touching",
                 13.0f, pal_.text_muted, Align::BottomRight, {-4, -3 - sample_reach()});
        }
        text(Role::AxisLabel, {hi.x, hi.y}, "t", 15.0f, pal_.text_muted, Align::TopRight, {0, 22});
    }

    void horizon() {
        const double horizon = in_.scene->time.horizon;
        if (!inside_t(horizon)) return;
        const glm::dvec2 top = at(horizon, axes_.y_max);
        const glm::dvec2 bottom = at(horizon, axes_.y_min);
        segment(Role::Axis, top, bottom, pal_.text_muted.with_alpha(0.6f), line(1.5f), px(6.0f), px(5.0f));
        text(Role::AxisLabel, top, "horizon", 13.0f, pal_.text_muted, Align::TopRight, {-4, 2});
    }

    // How far the sample ticks reach either side of the zero line (label units): the labels on
    // that line stand clear of them.
    [[nodiscard]] double sample_reach() const { return in_.sampling ? kSampleTickHalf : 0.0; }

    // the sampled checks as ticks on the zero line, red where the overlap check fires
    void samples() {
        if (!in_.sampling) return;
        const SamplingResult& s = *in_.sampling;
        const std::int64_t drawn = std::min<std::int64_t>(s.sample_count, 600);
        const double y0 = at(0, std::clamp(0.0, axes_.y_min, axes_.y_max)).y;
        for (std::int64_t k = 0; k < drawn; ++k) {
            const double t = s.sample_time(k);
            if (!inside_t(t)) continue;
            const bool fires = s.fires_at(k);
            const double x = at(t, 0).x;
            segment(fires ? Role::SampleHit : Role::Sample, {x, y0 - px(kSampleTickHalf)}, {x, y0 + px(kSampleTickHalf)},
                    fires ? pal_.sample_hit : pal_.sample, line(fires ? 3.0f : 2.0f));
        }
    }

    void curve() {
        const Rgba color = pal_.body[1];
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
        const glm::dvec2 dp = e_.position_b(t_i) - e_.position_a(t_i);
        const glm::dvec2 dv = in_.impact->velocity_b_after - in_.impact->velocity_a_after;
        const double radius = e_.radius_sum;
        const auto after = [&](double t) {
            const glm::dvec2 d = dp + (t - t_i) * dv;
            const double distance_sq = glm::dot(d, d);
            return in_.quantity == PlotQuantity::Gap ? std::sqrt(distance_sq) - radius : distance_sq - radius * radius;
        };
        chords(std::max(t_i, axes_.t_min), axes_.t_max, after, Role::ResponsePath, color, line(2.5f), 0.0f);
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

    void roots_and_vertex() {
        const std::size_t first_label = picture_.items.size();
        std::vector<std::string> short_forms;  // each root label's, for a plot too narrow for it
        if (e_.t_enter) {
            const bool single = *e_.t_exit == *e_.t_enter;
            for (double t : {*e_.t_enter, *e_.t_exit}) {
                if (!inside_t(t)) continue;
                const glm::dvec2 p = at(t, 0.0);
                dot(Role::GhostEnter, p, 5.5f, pal_.text);
                const bool first = t == *e_.t_enter;
                // a double root is the vertex too: one label says both (two would print on each other)
                const std::string quantity = in_.quantity == PlotQuantity::Quadratic ? "f" : "gap";
                // with the bounce the bodies part at t_enter: t_exit is where they would have parted
                const std::string exit_name = bounce() ? "t_exit without the bounce = " : "t_exit = ";
                text(Role::GhostLabel, p, single ? "double root = vertex: t = " + short_number(t) + ", " + quantity + " = 0"
                                          : (first ? "t_enter = " : exit_name) + short_number(t),
                     14.0f, pal_.text, first ? Align::BottomRight : Align::BottomLeft, {first ? -6.0 : 6.0, -6.0 - sample_reach()});
                short_forms.push_back((single ? "double root t = " : first ? "t_enter = " : "t_exit = ") + short_number(t));
                if (single) break;
            }
            keep_root_labels_on_the_plot(first_label, short_forms);
        }
        if (e_.t_closest && inside_t(*e_.t_closest)) {
            const double t = *e_.t_closest;
            const double v = value(t);
            const glm::dvec2 p = at(t, std::clamp(v, axes_.y_min, axes_.y_max));
            dot(Role::ClosestSegment, p, 5.0f, pal_.closest);
            // below zero the label hangs under the vertex; in a plot too short for it (the axes
            // keep room when they can) the analysis panel's t_closest says it instead
            const double below = px(static_cast<float>(8.0 + sample_reach() + 14.0));
            if (v < 0.0 && p.y + below > axes_.origin_px.y + axes_.size_px.y) return;
            if (e_.t_enter && *e_.t_enter == *e_.t_exit && inside_t(*e_.t_enter)) return;  // the double root's label says it
            text(Role::ClosestLabel, p, "vertex t = " + short_number(t) + ", " + (in_.quantity == PlotQuantity::Quadratic ? "f" : "gap") +
                                            " = " + short_number(v),
                 14.0f, pal_.closest, v >= 0.0 ? Align::Bottom : Align::Top,
                 {0.0, v >= 0.0 ? -8.0 : 8.0 + sample_reach()});
        }
    }

    // A root's label by the plot's edge (a root near either end of the axes) slides onto the plot
    // rather than lose its start or end (in its short form where the plot is too narrow for the
    // long one); where t_enter's then meets t_exit's, it goes a line up.
    void keep_root_labels_on_the_plot(std::size_t from, const std::vector<std::string>& short_forms) {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        std::vector<Primitive*> labels;
        for (std::size_t i = from; i < picture_.items.size(); ++i)
            if (picture_.items[i].role == Role::GhostLabel) labels.push_back(&picture_.items[i]);
        std::vector<std::pair<glm::dvec2, glm::dvec2>> boxes;
        for (std::size_t k = 0; k < labels.size(); ++k) {
            Primitive* p = labels[k];
            if (k < short_forms.size() && metrics->width(p->text, p->font_px, p->bold) + 2.0 > in_.canvas_px.x) p->text = short_forms[k];
            auto [low, high] = label_bounds(*metrics, *p, 0.0);
            const double slide = slide_onto_plot(low.x, high.x);
            if (high.x - low.x + 2.0 <= in_.canvas_px.x) {
                p->offset_px.x += slide;
                low.x += slide;
                high.x += slide;
            }
            boxes.emplace_back(low, high);
        }
        if (boxes.size() == 2 && boxes[0].first.x < boxes[1].second.x + px(4.0f) && boxes[1].first.x < boxes[0].second.x + px(4.0f))
            labels[0]->offset_px.y -= boxes[0].second.y - boxes[0].first.y + px(4.0f);
    }

    void cursor() {
        const double t = in_.time;
        if (!inside_t(t)) return;
        const glm::dvec2 top = at(t, axes_.y_max);
        const glm::dvec2 bottom = at(t, axes_.y_min);
        segment(Role::Handle, top, bottom, pal_.handle, line(2.0f));
        Primitive& knob = add(Shape::Disc, Role::Handle);
        knob.p0 = top;
        knob.radius = px(6.0f);
        knob.fill = pal_.handle;
        text(Role::Handle, top, "t = " + short_number(t), 14.0f, pal_.text, Align::TopLeft, {8, 4});
    }

    void readout(double t) {
        if (!inside_t(t)) return;
        const double v = value(t);
        const glm::dvec2 p = at(t, std::clamp(v, axes_.y_min, axes_.y_max));
        dot(Role::Handle, p, 4.0f, pal_.text);
        const std::size_t others = picture_.items.size();
        Primitive& box = text(Role::Caption, p,
                              "t = " + short_number(t) + "   " + (in_.quantity == PlotQuantity::Quadratic ? "f(t) = " : "gap = ") +
                                  short_number(v),
                              14.0f, pal_.text, Align::BottomLeft, {10, -10});
        box.box = pal_.background.with_alpha(0.85f);
        box.box_padding_px = px(4.0f);
        place_clear_of_labels(box, others);
    }

    // The hover readout beside its point: up and to the right, else the nearest other place
    // beside it (the other corners, then a line further up or down at a time; slid sideways to
    // stay on the plot) where it covers no label that explains (a root, the vertex, the cursor,
    // the title); where none is clear, the first that stays on the plot.
    void place_clear_of_labels(Primitive& readout, std::size_t others) {
        const TextMetrics* metrics = TextMetrics::shared();
        if (!metrics) return;
        const auto outer = [&](const Primitive& p) { return label_bounds(*metrics, p, p.box_padding_px); };
        std::vector<std::pair<glm::dvec2, glm::dvec2>> taken;
        for (std::size_t i = 0; i < others; ++i) {
            const Primitive& p = picture_.items[i];
            if (p.shape == Shape::Label && p.role != Role::AxisLabel) taken.push_back(outer(p));
        }
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
        for (int lines = 0; lines <= 6; ++lines) {
            const double up = -10.0 - lines * step;
            const double down = 10.0 + lines * step;
            if (try_place(Align::BottomLeft, {10, up}) || try_place(Align::BottomRight, {-10, up}) ||
                try_place(Align::TopLeft, {10, down}) || try_place(Align::TopRight, {-10, down}))
                return;
        }
        const auto [align, offset] = on_plot.value_or(std::pair(Align::BottomLeft, glm::dvec2(10, -10)));
        readout.align = align;
        readout.offset_px = offset * static_cast<double>(in_.scale);
    }

    // An axis note ("f = 0: touching", a number) under a label that explains (a root, the
    // vertex, the title, the cursor) gives way to it.
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
    void title() {
        const TextMetrics* metrics = TextMetrics::shared();
        const auto width = [&](const std::string& words, bool bold) {
            return metrics ? metrics->width(words, px(15.0f), bold) : px(8.0f) * static_cast<double>(words.size());
        };
        std::string reading;
        switch (e_.discriminant_sign) {
            case DiscriminantSign::Negative: reading = "D < 0: never reaches zero"; break;
            case DiscriminantSign::Zero: reading = "D = 0: touches zero once"; break;
            case DiscriminantSign::Positive:
                reading = bounce() ? "D > 0: crosses zero twice (they bounce at the first)" : "D > 0: crosses zero twice";
                break;
            case DiscriminantSign::NotQuadratic: reading = "a = 0: a constant"; break;
        }
        const double room = in_.canvas_px.x - in_.reserved_right_px - px(12.0f) - axes_.origin_px.x;
        // the longest name of what is plotted that leaves room for the reading beside it
        const std::vector<std::string> names = in_.quantity == PlotQuantity::Quadratic
                                                   ? std::vector<std::string>{"f(t) = a t² + b t + c = |Δp + tΔv|² − R²",
                                                                              "f(t) = a t² + b t + c", "f(t)"}
                                                   : std::vector<std::string>{"gap(t) = |Δp + tΔv| − R", "gap(t)"};
        std::optional<std::string> what;
        for (const std::string& name : names)
            if (width(name, false) + px(24.0f) + width(reading, true) <= room) {
                what = name;
                break;
            }
        if (!what) {  // not even the shortest: the name alone (the badge and the panel give the case)
            text(Role::Caption, {axes_.origin_px.x, px(6.0f)}, names.back(), 15.0f, pal_.text, Align::TopLeft);
            return;
        }
        text(Role::Caption, {axes_.origin_px.x, px(6.0f)}, *what, 15.0f, pal_.text, Align::TopLeft);
        text(Role::Caption, {axes_.origin_px.x + width(*what, false) + px(24.0f), px(6.0f)}, reading, 15.0f,
             case_text_color(e_.kind, in_.scene->show.theme), Align::TopLeft)
            .bold = true;
    }
};

}  // namespace

Picture build_plot(const PlotInput& input) { return PlotBuilder(input).build(); }

}  // namespace tangent
