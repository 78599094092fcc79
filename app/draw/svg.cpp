#include "svg.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cmath>
#include <numbers>
#include <optional>
#include <string_view>
#include <vector>

#include <glm/geometric.hpp>

#include "shape_geometry.h"
#include "text_metrics.h"

namespace tangent {

namespace {

using namespace shape_geometry;  // what the OpenGL renderer draws alike

// Circles larger than this (or this far from the canvas; output units, at least 16 canvas
// diagonals) are drawn as the part of their rim near the canvas, so no coordinate grows huge.
constexpr double kMaxPlainCircle = 1e5;
// Largest distance a chord of such a rim strays from the circle (px).
constexpr double kRimSag = 0.02;
// Numbers are written with this many decimals, and clamped to this magnitude.
constexpr int kDecimals = 3;
constexpr double kMaxCoordinate = 1e9;
// Labels whose text lies further than this outside the canvas (output units) are left out.
constexpr double kLabelReach = 1e6;

/// How one element strokes: solid or dashed (pattern on, period - on, starting `offset` into it).
struct Dash {
    bool dashed = false;
    double on = 0.0;
    double period = 0.0;
    double offset = 0.0;
};

int byte(float v) { return static_cast<int>(std::lround(unit_clamped(v) * 255.0f)); }

class Writer {
public:
    Writer(const Picture& picture, const SvgOptions& options)
        : picture_(picture), view_(picture.view), metrics_(TextMetrics::shared()) {
        ratio_ = std::isfinite(options.pixel_ratio) && options.pixel_ratio > 0.0 ? options.pixel_ratio : 1.0;
        const auto side = [&](int given, double canvas) {
            if (given > 0) return given;
            const double v = canvas * ratio_;
            return std::isfinite(v) && v >= 1.0 ? static_cast<int>(std::min(std::lround(v), 1L << 30)) : 1;
        };
        width_ = side(options.width, view_.size_px.x);
        height_ = side(options.height, view_.size_px.y);
        clip_ = {glm::dvec2(0.0), glm::dvec2(width_, height_)};
        max_plain_ = std::max(kMaxPlainCircle, 16.0 * clip_.half_diagonal());
    }

    std::string write(const SvgOptions& options) {
        out_.reserve(512 + picture_.items.size() * 200);
        out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
        out_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"";
        if (options.dpi > 0.0) {
            length_attribute("width", width_ / options.dpi, "in");
            length_attribute("height", height_ / options.dpi, "in");
        } else {
            integer_attribute("width", width_);
            integer_attribute("height", height_);
        }
        out_ += " viewBox=\"0 0 ";
        out_ += std::to_string(width_);
        out_ += ' ';
        out_ += std::to_string(height_);
        out_ += '"';
        // one image to assistive technology, named by its title and described by its desc (not
        // its labels read one by one: tick numbers first, the case last); aria-labelledby as
        // well as the <title> child, for readers that take only one of them. The ids carry a
        // hash of the whole document (written once it is whole: see id_attribute), so that two
        // figures inlined in one page that differ in anything keep theirs apart.
        out_ += " role=\"img\" xml:lang=\"en\"";
        if (!options.title.empty()) id_attribute("aria-labelledby", "-title");
        if (!options.description.empty()) id_attribute("aria-describedby", "-desc");
        out_ += ">\n";
        words_element("title", options.title);
        words_element("desc", options.description);
        if (!options.transparent && picture_.background.a > 0.0f) {
            out_ += "<rect class=\"tangent-background\"";
            integer_attribute("width", width_);
            integer_attribute("height", height_);
            paint("fill", picture_.background);
            out_ += "/>\n";
        }
        // the labels over every shape, as the window and the PNG draw them (shapes first, then
        // the text with its backdrop): in list order a later ghost ring would strike through "d_min = …"
        for (const Primitive& p : picture_.items)
            if (p.shape != Shape::Label) primitive(p);
        for (const Primitive& p : picture_.items)
            if (p.shape == Shape::Label) primitive(p);
        out_ += "</svg>\n";
        const std::string id = "tangent-" + document_hash(out_);
        for (const std::size_t at : id_at_) out_.replace(at, id.size(), id);  // (as long as the placeholder)
        return std::move(out_);
    }

private:
    const Picture& picture_;
    const View& view_;
    const TextMetrics* metrics_;
    double ratio_ = 1.0;
    int width_ = 0;
    int height_ = 0;
    Box clip_{};
    double max_plain_ = kMaxPlainCircle;
    std::string out_;

    // ---- text output ----

    // Where the ids go, written as a placeholder of their length until the document is whole.
    std::vector<std::size_t> id_at_;
    // <tag id="<id>-tag">text</tag>, nothing when the text is empty
    void words_element(const std::string& tag, const std::string& text) {
        if (text.empty()) return;
        out_ += '<' + tag;
        id_attribute("id", ("-" + tag).c_str());
        out_ += '>';
        escaped(text);
        out_ += "</" + tag + ">\n";
    }
    // name="<id><suffix>"
    void id_attribute(const char* name, const char* suffix) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        id_at_.push_back(out_.size());
        out_ += "tangent-########";
        out_ += suffix;
        out_ += '"';
    }
    // 8 hex digits of the whole document (FNV-1a): the same figure, the same ids
    static std::string document_hash(std::string_view document) {
        std::uint64_t h = 14695981039346656037ULL;
        for (const char c : document) {
            h ^= static_cast<unsigned char>(c);
            h *= 1099511628211ULL;
        }
        char text[17];
        std::snprintf(text, sizeof text, "%08llx", static_cast<unsigned long long>((h >> 32) ^ (h & 0xFFFFFFFFULL)));
        return text;
    }

    void number(double v) {
        if (!std::isfinite(v)) v = 0.0;
        v = std::clamp(v, -kMaxCoordinate, kMaxCoordinate);
        char text[48];
        const auto result = std::to_chars(text, text + sizeof text, v, std::chars_format::fixed, kDecimals);
        char* end = result.ptr;
        while (end[-1] == '0') --end;
        if (end[-1] == '.') --end;
        if (end - text == 2 && text[0] == '-' && text[1] == '0') {  // "-0"
            out_ += '0';
            return;
        }
        out_.append(text, end);
    }

    void attribute(const char* name, double v) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        number(v);
        out_ += '"';
    }

    // (to a millionth, rounded down: at three decimals 2008 px at 600 dpi read 3.347 in, which a
    // renderer at 600 dpi made 2009 px with a see-through fringe: a figure author's review)
    void length_attribute(const char* name, double v, const char* unit) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        char text[48];
        // (down, not to nearest: a hair over the whole pixel, 3.346667 in for 2008 px, a renderer at
        // 600 dpi rounded up to 2009: a recheck)
        const double millionths = std::isfinite(v) ? std::floor(v * 1e6) / 1e6 : 0.0;
        const auto result = std::to_chars(text, text + sizeof text, millionths, std::chars_format::fixed, 6);
        char* end = result.ptr;
        while (end[-1] == '0') --end;
        if (end[-1] == '.') --end;
        out_.append(text, end);
        out_ += unit;
        out_ += '"';
    }

    void integer_attribute(const char* name, int v) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        out_ += std::to_string(v);
        out_ += '"';
    }

    void point(glm::dvec2 p) {
        number(p.x);
        out_ += ' ';
        number(p.y);
    }

    // fill="#rrggbb" fill-opacity="a" (the opacity only when not 1)
    void paint(const char* what, const Rgba& c) {
        static constexpr char kHex[] = "0123456789abcdef";
        out_ += ' ';
        out_ += what;
        out_ += "=\"#";
        for (const float channel : {c.r, c.g, c.b}) {
            const int b = byte(channel);
            out_ += kHex[b >> 4];
            out_ += kHex[b & 15];
        }
        out_ += '"';
        const float alpha = unit_clamped(c.a);
        if (alpha < 1.0f) {
            out_ += ' ';
            out_ += what;
            out_ += "-opacity=\"";
            number(alpha);
            out_ += '"';
        }
    }

    void no_fill() { out_ += " fill=\"none\""; }

    void stroke(const Style& style, const Dash& dash, bool round_caps) {
        paint("stroke", style.stroke);
        attribute("stroke-width", 2.0 * style.half_width);
        if (dash.dashed) {
            out_ += " stroke-dasharray=\"";
            number(dash.on);
            out_ += ' ';
            number(dash.period - dash.on);
            out_ += '"';
            if (dash.offset != 0.0) attribute("stroke-dashoffset", dash.offset);
        }
        if (round_caps) out_ += " stroke-linecap=\"round\"";
    }

    /// The fill (or none) and, where there is one, the stroke with a loop's dash pattern from its start.
    void fill_and_stroke(const Style& style, const LoopDash& dash) {
        if (style.has_fill())
            paint("fill", style.fill);
        else
            no_fill();
        if (style.has_stroke()) stroke(style, {dash.dashed, dash.on, dash.period, 0.0}, false);
    }

    // XML character data: & < > " ' escaped, characters XML 1.0 forbids dropped, bad UTF-8 as U+FFFD
    void escaped(std::string_view text) {
        for (std::size_t at = 0; at < text.size();) {
            const unsigned char c = static_cast<unsigned char>(text[at]);
            if (c < 0x80) {
                ++at;
                switch (c) {
                    case '&': out_ += "&amp;"; break;
                    case '<': out_ += "&lt;"; break;
                    case '>': out_ += "&gt;"; break;
                    case '"': out_ += "&quot;"; break;
                    case '\'': out_ += "&apos;"; break;
                    default:
                        if (c >= 0x20 || c == '\t' || c == '\n') out_ += static_cast<char>(c);
                        break;
                }
                continue;
            }
            const std::size_t begin = at;
            const char32_t code = next_code_point(text, at);
            if (code == 0xFFFD && at - begin == 1) {  // malformed
                out_ += "\xEF\xBF\xBD";
            } else if (code == 0xFFFE || code == 0xFFFF) {
                // not XML characters
            } else {
                out_.append(text.substr(begin, at - begin));
            }
        }
    }

    // <tag class="role" data-body="i"
    void open(const char* tag, const Primitive& p) {
        out_ += '<';
        out_ += tag;
        out_ += " class=\"tangent-";
        out_ += to_string(p.role);
        out_ += '"';
        if (p.body >= 0) {
            out_ += " data-body=\"";
            out_ += std::to_string(static_cast<int>(p.body));
            out_ += '"';
        }
    }

    // a primitive that shows nothing on the figure writes nothing: an empty <g>, or an element
    // wholly outside the viewBox, only inflates the drawing's bounds in an editor
    void nothing(const Primitive&) {}

    // Whether ink within the box [lo, hi] (output units) can show on the figure: it overlaps the
    // viewBox. Conservative: the caller's box holds all the ink (stroke, caps, heads, text).
    [[nodiscard]] bool shows(glm::dvec2 lo, glm::dvec2 hi) const {
        return hi.x > clip_.min.x && lo.x < clip_.max.x && hi.y > clip_.min.y && lo.y < clip_.max.y;
    }
    [[nodiscard]] bool shows_around(glm::dvec2 a, glm::dvec2 b, double by) const {
        return shows(glm::min(a, b) - by, glm::max(a, b) + by);
    }

    // ---- geometry ----

    // world or canvas -> output units
    glm::dvec2 to_output(const Primitive& p, glm::dvec2 at) const {
        return (p.space == Space::World ? view_.to_screen(at) : at) * ratio_;
    }
    double length(const Primitive& p, double d) const {
        return (p.space == Space::World ? d * view_.pixels_per_unit : d) * ratio_;
    }

    void primitive(const Primitive& p) {
        const Style style = shape_geometry::style_of(p, ratio_);
        switch (p.shape) {
            case Shape::Disc:
            case Shape::Ring:
            case Shape::DashedRing: circle(p, style); return;
            case Shape::Segment: segment(p, style); return;
            case Shape::Arrow: arrow(p, style); return;
            case Shape::Capsule: capsule(p, style); return;
            case Shape::Label: label(p); return;
        }
        nothing(p);
    }

    // Discs, rings and dashed rings alike (as the renderer draws them): the fill when there is
    // one, the outline centred on the rim, dashed when asked, the pattern stretched so that a
    // whole number of periods fits and starting at angle 0 (+x), running towards +y.
    void circle(const Primitive& p, const Style& style) {
        const glm::dvec2 c = to_output(p, p.p0);
        const double r = length(p, p.radius);
        if (!finite(c) || !(r >= 0.0) || !std::isfinite(r) || (!style.has_fill() && !style.has_stroke())) {
            nothing(p);
            return;
        }
        const LoopDash dash = style.loop_dash(2.0 * std::numbers::pi * r);
        if (r > max_plain_ || glm::length(c - clip_.center()) > max_plain_) {
            huge_circle(p, style, c, r, dash);
            return;
        }
        if (!shows_around(c, c, r + (style.has_stroke() ? style.half_width : 0.0))) {
            nothing(p);
            return;
        }
        open("circle", p);
        attribute("cx", c.x);
        attribute("cy", c.y);
        attribute("r", r);
        fill_and_stroke(style, dash);
        out_ += "/>\n";
    }

    // A circle too large for plain numbers: only its rim near the canvas, as a polygon, in double
    // relative to the canvas, so that nothing huge is written (the filled side closes far off it).
    void huge_circle(const Primitive& p, const Style& style, glm::dvec2 c, double r, const LoopDash& dash) {
        const double reach = style.reach();
        const Box area = clip_.grown(reach + kClipSlack);
        const glm::dvec2 g = area.center();
        const double rho = area.half_diagonal();
        const double reach_rho = rho + reach;
        const glm::dvec2 to_g = g - c;
        const double d = glm::length(to_g);
        if (!std::isfinite(d)) {
            nothing(p);
            return;
        }
        if (d + rho <= r - reach) {  // the canvas lies inside, clear of the outline
            if (!style.has_fill()) {
                nothing(p);
                return;
            }
            open("rect", p);
            attribute("x", area.min.x);
            attribute("y", area.min.y);
            attribute("width", area.max.x - area.min.x);
            attribute("height", area.max.y - area.min.y);
            paint("fill", style.fill);
            out_ += "/>\n";
            return;
        }
        if (d - rho >= r + reach || !(d > reach_rho)) {  // outside, out of reach
            nothing(p);
            return;
        }
        // the rim within the angle ±delta of the direction phi from c to g covers the disc of
        // radius rho + reach around g
        const double phi = std::atan2(to_g.y, to_g.x);
        const double delta = std::asin(std::min(1.0, reach_rho / d));
        const double step = std::sqrt(8.0 * kRimSag / r);
        const int n = static_cast<int>(std::clamp(std::ceil(2.0 * delta / step), 4.0, 1024.0));
        // c + r·u(θ) - g = (r - d)·u(θ) + d·(u(θ) - u(φ)), u(θ) - u(φ) = 2 sin(ε/2)·(-sin m, cos m),
        // m = φ + ε/2: no cancellation of two huge numbers
        const auto rim = [&](double epsilon) {
            const double theta = phi + epsilon;
            const double m = phi + 0.5 * epsilon;
            const double chord = 2.0 * d * std::sin(0.5 * epsilon);
            return g + (r - d) * glm::dvec2(std::cos(theta), std::sin(theta)) + chord * glm::dvec2(-std::sin(m), std::cos(m));
        };
        open("path", p);
        out_ += " d=\"M";
        for (int k = 0; k <= n; ++k) {
            const double epsilon = -delta + 2.0 * delta * k / n;
            if (k > 0) out_ += " L";
            point(rim(epsilon));
        }
        if (style.has_fill()) {
            // back inside along the radii at ±delta, which pass the canvas by rho + reach
            const double inward = 4.0 * reach_rho;
            for (const double epsilon : {delta, -delta}) {
                const double theta = phi + epsilon;
                out_ += " L";
                point(rim(epsilon) - inward * glm::dvec2(std::cos(theta), std::sin(theta)));
            }
            out_ += " Z\"";
            paint("fill", style.fill);
        } else {
            out_ += '"';
            no_fill();
        }
        if (style.has_stroke())
            stroke(style, {dash.dashed, dash.on, dash.period, dash.phase(r * phi - r * delta)}, false);
        out_ += "/>\n";
    }

    // A line of the stroke's width, cut to the canvas (and slack) as the renderer cuts it: round
    // caps when solid; butt-ended dashes from p0 when dashed.
    void segment(const Primitive& p, const Style& style) {
        const glm::dvec2 a = to_output(p, p.p0);
        const glm::dvec2 b = to_output(p, p.p1);
        double t0 = 0.0;
        double t1 = 1.0;
        if (!finite(a) || !finite(b) || !style.has_stroke() ||
            !shape_geometry::clip_within_reach(a, b, clip_, style.reach(), t0, t1) ||
            !shows_around(a + (b - a) * t0, a + (b - a) * t1, style.half_width)) {
            nothing(p);
            return;
        }
        line_element(p, a, b, t0, t1, style);
        out_ += "/>\n";
    }

    // <line ...  (unclosed) for a + t·(b - a), t in [t0, t1], dashed from a
    void line_element(const Primitive& p, glm::dvec2 a, glm::dvec2 b, double t0, double t1, const Style& style) {
        const bool dashed = style.dashed();
        const double full = glm::length(b - a);
        if (p.shape == Shape::Segment)
            open("line", p);
        else
            out_ += "<line";
        const glm::dvec2 start = a + (b - a) * t0;
        const glm::dvec2 end = a + (b - a) * t1;
        attribute("x1", start.x);
        attribute("y1", start.y);
        attribute("x2", end.x);
        attribute("y2", end.y);
        stroke(style, {dashed, style.dash, style.period(), style.dash_phase(full * t0)}, !dashed);
    }

    // A shaft and a filled triangular head at p1 (shape_geometry::arrow_layout); the shaft stops
    // at the head.
    void arrow(const Primitive& p, const Style& style) {
        const glm::dvec2 a = to_output(p, p.p0);
        const glm::dvec2 tip = to_output(p, p.p1);
        const std::optional<Arrow> layout = shape_geometry::arrow_layout(a, tip, p.stroke_px, ratio_, style, clip_);
        if (!layout) {
            nothing(p);
            return;
        }
        {
            // the shaft as kept, with its stroke, and the head's triangle
            bool any = false;
            if (layout->shaft) {
                const glm::dvec2 d = layout->base - a;
                any = shows_around(a + d * layout->t0, a + d * layout->t1, style.half_width);
            }
            if (layout->head) {
                const glm::dvec2 across(-layout->dir.y * layout->head_size.half_width, layout->dir.x * layout->head_size.half_width);
                const glm::dvec2 lo = glm::min(tip, glm::min(layout->base + across, layout->base - across));
                const glm::dvec2 hi = glm::max(tip, glm::max(layout->base + across, layout->base - across));
                any = any || shows(lo, hi);
            }
            if (!any) {
                nothing(p);
                return;
            }
        }
        open("g", p);
        out_ += ">";
        if (layout->shaft) {
            line_element(p, a, layout->base, layout->t0, layout->t1, style);
            out_ += "/>";
        }
        if (layout->head) {
            const double head_half = layout->head_size.half_width;
            const glm::dvec2 across(-layout->dir.y * head_half, layout->dir.x * head_half);
            out_ += "<path d=\"M";
            point(tip);
            out_ += " L";
            point(layout->base + across);
            out_ += " L";
            point(layout->base - across);
            out_ += " Z\"";
            paint("fill", style.fill);
            out_ += "/>";
        }
        out_ += "</g>\n";
    }

    // Every point within `radius` of p0 -> p1, filled, its outline centred on the boundary.
    // Dashes run around the perimeter 2L + 2πr, stretched to fit, as the renderer runs them: from
    // p0 along the side to the right of travel (-y in the renderer's frame), around the cap at
    // p1, back along the other side, around the cap at p0 (shape_geometry::Capsule).
    void capsule(const Primitive& p, const Style& style) {
        const glm::dvec2 a = to_output(p, p.p0);
        const glm::dvec2 b = to_output(p, p.p1);
        const double radius = length(p, p.radius);
        const std::optional<Capsule> layout = shape_geometry::capsule_layout(a, b, radius, style, clip_);
        if (!layout) {
            nothing(p);
            return;
        }
        const double t0 = layout->t0;
        const double t1 = layout->t1;
        const double full = layout->full;
        const glm::dvec2 side = glm::dvec2(-layout->dir.y, layout->dir.x) * radius;  // +y
        const glm::dvec2 along = layout->dir * radius;
        const glm::dvec2 start = layout->start;
        const glm::dvec2 end = a + (b - a) * t1;
        const LoopDash& dash = layout->dash;
        const bool clipped = t0 > 0.0 || t1 < 1.0;
        if (!shows_around(start, end, radius + (style.has_stroke() ? style.half_width : 0.0))) {
            nothing(p);
            return;
        }

        // the four pieces of the outline, in the order the dashes run
        const auto piece = [&](int i, bool first) {
            const auto arc_to = [&](glm::dvec2 to) {
                out_ += " A";
                number(radius);
                out_ += ' ';
                number(radius);
                out_ += " 0 0 1 ";
                point(to);
            };
            switch (i) {
                case 0:  // the -y side, forward
                    if (first) {
                        out_ += 'M';
                        point(start - side);
                    }
                    out_ += " L";
                    point(end - side);
                    break;
                case 1:  // the cap at the far end, in two quarter turns
                    if (first) {
                        out_ += 'M';
                        point(end - side);
                    }
                    arc_to(end + along);
                    arc_to(end + side);
                    break;
                case 2:  // the +y side, back
                    if (first) {
                        out_ += 'M';
                        point(end + side);
                    }
                    out_ += " L";
                    point(start + side);
                    break;
                default:  // the cap at the near end
                    if (first) {
                        out_ += 'M';
                        point(start + side);
                    }
                    arc_to(start - along);
                    arc_to(start - side);
                    break;
            }
        };
        const auto stadium = [&] {
            out_ += " d=\"";
            for (int i = 0; i < 4; ++i) piece(i, i == 0);
            out_ += " Z\"";
        };

        if (!clipped || !dash.dashed) {
            // one closed outline (when cut, its ends lie beyond the canvas and the slack)
            open("path", p);
            stadium();
            fill_and_stroke(style, dash);
            out_ += "/>\n";
            return;
        }
        // cut and dashed: the fill, then the pieces still there, each run of them with the
        // pattern's phase where it starts
        open("g", p);
        out_ += '>';
        if (style.has_fill()) {
            out_ += "<path";
            stadium();
            paint("fill", style.fill);
            out_ += "/>";
        }
        const bool present[4] = {true, t1 >= 1.0, true, t0 <= 0.0};
        const double phase[4] = {full * t0, layout->far_cap(), layout->back_side(full * t1), layout->near_cap()};
        for (int i = 0; i < 4; ++i) {
            if (!present[i] || present[(i + 3) % 4]) continue;  // not the first of a run
            out_ += "<path d=\"";
            for (int k = i, n = 0; n < 4 && present[k]; k = (k + 1) % 4, ++n) piece(k, k == i);
            out_ += '"';
            no_fill();
            stroke(style, {true, dash.on, dash.period, dash.phase(phase[i])}, false);
            out_ += "/>";
        }
        out_ += "</g>\n";
    }

    // Text at ImGui's place: the label box's top-left truncated to whole output pixels, the
    // baseline the font's rounded ascent below; the box (rounded by 0.8 of its padding) behind.
    void label(const Primitive& p) {
        if (p.text.empty() || !(p.font_px > 0.0f) || !std::isfinite(p.font_px)) {
            nothing(p);
            return;
        }
        const bool bold = p.bold;
        TextExtent extent;
        if (metrics_ != nullptr) {
            extent = metrics_->measure(p.text, p.font_px, bold);
        } else {
            // no fonts in this build: an estimate
            extent.width = 0.6 * p.font_px * static_cast<double>(p.text.size());
            extent.height = p.font_px;
        }
        const TextBox box = label_box(p, view_, {extent.width, extent.height});
        const glm::dvec2 top_left = box.top_left * ratio_;
        const glm::dvec2 size = box.size * ratio_;
        if (!finite(top_left) || !clip_.grown(kLabelReach).contains(top_left)) {
            nothing(p);
            return;
        }
        const bool boxed = p.box.a > 0.0f && p.box_padding_px > 0.0f && std::isfinite(p.box_padding_px);
        {
            // the text as measured, and as wide again for a viewer's fallback font (a character
            // DejaVu Sans lacks may be set wider), with a font size around for ascenders,
            // descenders and italics; the box with its padding
            const double font = p.font_px * ratio_;
            const double pad = boxed ? p.box_padding_px * ratio_ : 0.0;
            const glm::dvec2 lo = top_left - glm::dvec2(pad + font);
            const glm::dvec2 hi = top_left + glm::dvec2(2.0 * size.x, size.y) + glm::dvec2(pad + font);
            if (!shows(lo, hi)) {
                nothing(p);
                return;
            }
        }
        if (boxed) {
            open("g", p);
            out_ += "><rect";
            const double pad = p.box_padding_px * ratio_;
            attribute("x", top_left.x - pad);
            attribute("y", top_left.y - pad);
            attribute("width", size.x + 2.0 * pad);
            attribute("height", size.y + 2.0 * pad);
            attribute("rx", 0.8 * pad);
            paint("fill", p.box);
            out_ += "/><text";
        } else {
            open("text", p);
        }
        const double font = p.font_px * ratio_;
        const double x = std::trunc(top_left.x);
        const double top = std::trunc(top_left.y);
        const double baseline = top + (metrics_ != nullptr ? metrics_->ascent(font, bold) : std::floor(0.8 * font + 1.0));
        const std::string_view text = p.text;
        const bool one_line = text.find('\n') == std::string_view::npos;
        // A line in a box, or placed by its middle or its right end, is anchored there: a viewer
        // without DejaVu Sans sets it in another font (Arial's widths are 15% narrower), and a
        // start-anchored line then drifts left of its centre, leaving its box an empty tail. At
        // the width DejaVu Sans gives it at this size the anchor is where the line starts, so
        // with the font it lands as the PNG's does.
        double anchor = 0.0;  // 0: start, 0.5: middle, 1: end
        if (one_line) {
            if (boxed || p.align == Align::Top || p.align == Align::Center || p.align == Align::Bottom) {
                anchor = 0.5;
            } else if (p.align == Align::TopRight || p.align == Align::Right || p.align == Align::BottomRight) {
                anchor = 1.0;
            }
        }
        const double line_width = anchor == 0.0 ? 0.0 : metrics_ != nullptr ? metrics_->measure(text, font, bold).width : size.x;
        attribute("x", x + anchor * line_width);
        attribute("y", baseline);
        if (anchor == 0.5) out_ += " text-anchor=\"middle\"";
        if (anchor == 1.0) out_ += " text-anchor=\"end\"";
        out_ += " font-family=\"";
        out_ += kSvgFontFamily;
        out_ += '"';
        attribute("font-size", metrics_ != nullptr ? metrics_->em_size(font, bold) : font * 0.86);
        if (bold) out_ += " font-weight=\"bold\"";
        paint("fill", p.fill);
        // ImGui sets glyphs by their advances alone: no kerning, no ligatures
        out_ += " style=\"font-kerning:none;font-variant-ligatures:none\"";
        if (text.find("  ") != std::string_view::npos || text.front() == ' ' || text.back() == ' ' ||
            text.find('\t') != std::string_view::npos)
            out_ += " xml:space=\"preserve\"";
        out_ += '>';
        if (one_line) {
            escaped(text);
        } else {
            // one tspan per line, each a line height (the font size) below the last
            std::size_t begin = 0;
            for (int line = 0; begin <= text.size(); ++line) {
                std::size_t end = text.find('\n', begin);
                if (end == std::string_view::npos) end = text.size();
                out_ += "<tspan";
                attribute("x", x);
                attribute("y", baseline + line * font);
                out_ += '>';
                escaped(text.substr(begin, end - begin));
                out_ += "</tspan>";
                begin = end + 1;
            }
        }
        out_ += "</text>";
        if (boxed) out_ += "</g>";
        out_ += '\n';
    }
};

}  // namespace

std::string picture_to_svg(const Picture& picture, const SvgOptions& options) {
    return Writer(picture, options).write(options);
}

}  // namespace tangent
