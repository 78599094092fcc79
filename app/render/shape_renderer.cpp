#include "shape_renderer.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <span>
#include <string>

#include <epoxy/gl.h>
#include <glm/geometric.hpp>

#include "draw/shape_geometry.h"
#include "gl_context.h"
#include "gl_program.h"

namespace tangent {

namespace {

using namespace shape_geometry;  // what the SVG writer draws alike

// Most segments of the annulus mesh; a circle uses as few as keep its polygons within
// kAnnulusSag px of the circle (r·(1 - cos(π/n)) ≈ r·π²/(2n²)), the rest collapse.
constexpr int kAnnulusSegments = 48;
constexpr int kMinAnnulusSegments = 8;
constexpr double kAnnulusSag = 1.0;
// Circles from this radius (framebuffer px) up use the annulus mesh; below, a quad is cheaper.
constexpr double kMinAnnulusRadius = 12.0;
// Past these (px), a circle is drawn on a quad cut to the clip instead, keeping the floats small.
constexpr double kMaxAnnulusRadius = 16384.0;
constexpr double kMaxAnnulusDistance = 65536.0;

// Circle trains (Tessellator::circle_train): at least this many circles, spaced so that no pixel
// lies within reach of more than kMaxTrainCopiesPerPixel copies and the gaps between rims stay
// small (step <= kMaxTrainStep · reach), each centre within kTrainTolerance px of first + k·step,
// radius at most kMaxTrainRadius px (the shader's plain |v| - r keeps 1e-3 px there).
constexpr std::size_t kMinTrain = 3;
constexpr double kMaxTrainCopiesPerPixel = 8.0;
constexpr double kMaxTrainStep = 2.5;
constexpr double kTrainTolerance = 1e-2;
constexpr double kMaxTrainRadius = 4096.0;
// Marks a train in Instance::origin.w (where 0 and 1 mean solid and dashed).
constexpr float kTrainMark = 2.0f;

constexpr std::size_t kAttributes = sizeof(ShapeRenderer::Instance) / sizeof(glm::vec4);
static_assert(sizeof(ShapeRenderer::Instance) == 8 * sizeof(glm::vec4), "Instance must be 8 tightly packed vec4");

enum Kind { kCircle = 0, kSegment = 1, kArrow = 2, kCapsule = 3 };

glm::vec4 premultiplied(const Rgba& c) {
    const float a = std::clamp(c.a, 0.0f, 1.0f);
    return {std::clamp(c.r, 0.0f, 1.0f) * a, std::clamp(c.g, 0.0f, 1.0f) * a, std::clamp(c.b, 0.0f, 1.0f) * a, a};
}

glm::vec4 to_vec4(glm::dvec2 a, glm::dvec2 b) {
    return {static_cast<float>(a.x), static_cast<float>(a.y), static_cast<float>(b.x), static_cast<float>(b.y)};
}

/// A primitive's colours as the shader blends them: premultiplied; the stroke 0 when the style has none.
struct Paint {
    glm::vec4 fill{0.0f};
    glm::vec4 stroke{0.0f};
};

/// Turns primitives into instances for one target.
class Tessellator {
public:
    Tessellator(const View& view, const DrawTarget& target)
        : view_(view), target_(target),
          clip_{glm::dvec2(target.clip_px.x, target.clip_px.y),
                glm::dvec2(target.clip_px.x + target.clip_px.z, target.clip_px.y + target.clip_px.w)} {}

    /// Fills `out` for p; false when p shows nothing inside the clip.
    bool make(const Primitive& p, ShapeRenderer::Instance& out, ShapeRenderer::Mesh& mesh) const {
        const Style style = shape_geometry::style_of(p, target_.pixel_ratio);
        const Paint paint{premultiplied(p.fill), style.has_stroke() ? premultiplied(p.stroke) : glm::vec4(0.0f)};
        mesh = ShapeRenderer::Mesh::Quad;
        switch (p.shape) {
            case Shape::Disc:
            case Shape::Ring:
            case Shape::DashedRing: return circle(point(p, p.p0), length(p, p.radius), style, paint, out, mesh);
            case Shape::Segment: return segment(point(p, p.p0), point(p, p.p1), style, paint, out);
            case Shape::Arrow: return arrow(point(p, p.p0), point(p, p.p1), p.stroke_px, style, paint, out);
            case Shape::Capsule: return capsule(point(p, p.p0), point(p, p.p1), length(p, p.radius), style, paint, out);
            case Shape::Label: return false;
        }
        return false;
    }

    /// A body's sampled positions, drawn as one instance: a run of at least kMinTrain solid
    /// circles alike but for their centres, which lie evenly spaced on a line (centre k =
    /// centre 0 + k·step). The shader draws every copy near each pixel, later ones over earlier
    /// ones, as separate instances would. Returns how many primitives the train took (0: none,
    /// draw them one by one).
    std::size_t circle_train(std::span<const Primitive> items, ShapeRenderer::Instance& out) const {
        if (items.size() < kMinTrain) return 0;
        const Primitive& first = items[0];
        if (first.shape != Shape::Disc && first.shape != Shape::Ring) return 0;
        const Style style = shape_geometry::style_of(first, target_.pixel_ratio);
        const double r = length(first, first.radius);
        if (style.dashed() || !(r > 0.0) || r > kMaxTrainRadius) return 0;
        if (!style.has_fill() && !style.has_stroke()) return 0;
        const glm::dvec2 center = point(first, first.p0);
        if (!finite(center)) return 0;
        const glm::dvec2 step = point(items[1], items[1].p0) - center;
        const double reach = r + style.reach();
        const double spacing = glm::length(step);
        if (!(spacing >= 2.0 * reach / (kMaxTrainCopiesPerPixel - 1.0)) || spacing > kMaxTrainStep * reach) return 0;
        std::size_t count = 1;
        while (count < items.size() && alike(first, items[count]) &&
               glm::length(point(items[count], items[count].p0) - (center + static_cast<double>(count) * step)) <= kTrainTolerance)
            ++count;
        if (count < kMinTrain) return 0;

        // the strip along the step that holds every copy, cut to what can reach the clip
        const glm::dvec2 dir = step / spacing;
        const double last = spacing * static_cast<double>(count - 1);
        if (clip_.distance(center) > last + reach && clip_.distance(center + last * dir) > last + reach) return 0;
        const Paint paint{premultiplied(first.fill), style.has_stroke() ? premultiplied(first.stroke) : glm::vec4(0.0f)};
        out.origin = {static_cast<float>(center.x), static_cast<float>(center.y), float(kCircle), kTrainMark};
        oriented_quad(center, dir, -reach, last + reach, reach, out);
        out.geom = {static_cast<float>(step.x), static_cast<float>(step.y), static_cast<float>(r), static_cast<float>(count)};
        out.line = {static_cast<float>(style.half_width), 0.0f, 0.0f, 0.0f};
        out.extra = {static_cast<float>(reach / spacing), 0.0f, 0.0f, 0.0f};
        out.fill = style.has_fill() ? paint.fill : glm::vec4(0.0f);
        out.stroke = paint.stroke;
        return count;
    }

private:
    const View& view_;
    const DrawTarget& target_;
    Box clip_;

    // the same look: all but the centre
    static bool alike(const Primitive& a, const Primitive& b) {
        return a.shape == b.shape && a.space == b.space && a.radius == b.radius && a.fill == b.fill && a.stroke == b.stroke &&
               a.stroke_px == b.stroke_px && a.dash_px == b.dash_px && a.gap_px == b.gap_px;
    }

    // world -> canvas (View::to_screen) -> framebuffer (origin + canvas·ratio)
    glm::dvec2 point(const Primitive& p, glm::dvec2 at) const {
        return target_.to_framebuffer(p.space == Space::World ? view_.to_screen(at) : at);
    }
    double length(const Primitive& p, double d) const {
        return (p.space == Space::World ? d * view_.pixels_per_unit : d) * target_.pixel_ratio;
    }
    // an origin near the clip, on the pixel grid, for shapes with no better one
    glm::dvec2 clip_origin() const { return glm::round(clip_.center()); }

    bool circle(glm::dvec2 center, double r, const Style& style, const Paint& paint, ShapeRenderer::Instance& out,
                ShapeRenderer::Mesh& mesh) const {
        if (!finite(center) || !(r >= 0.0) || !std::isfinite(r)) return false;
        const double reach = style.reach();
        const double nearest = clip_.distance(center);
        const bool fill = style.has_fill() && nearest <= r + kAaMargin;
        const bool stroke = style.has_stroke() && nearest <= r + reach && clip_.farthest(center) >= r - reach;
        if (!fill && !stroke) return false;

        // the anchor: the rim point nearest the clip's centre; the shader measures from it
        const glm::dvec2 origin = clip_origin();
        const glm::dvec2 toward = clip_.center() - center;
        const double toward_length = glm::length(toward);
        const glm::dvec2 normal = toward_length > 0.0 ? toward / toward_length : glm::dvec2(1.0, 0.0);
        const glm::dvec2 anchor = center + r * normal - origin;

        const LoopDash dash = stroke ? style.loop_dash(2.0 * std::numbers::pi * r) : LoopDash{};
        // arc length from angle 0 to the anchor, so that the dashes stay put whatever the clip
        const double phase = dash.phase(std::atan2(normal.y, normal.x) * r);

        out.origin = {static_cast<float>(origin.x), static_cast<float>(origin.y), float(kCircle), dash.dashed ? 1.0f : 0.0f};
        out.geom = {static_cast<float>(normal.x), static_cast<float>(normal.y), static_cast<float>(r), 0.0f};
        out.line = {static_cast<float>(style.half_width), static_cast<float>(dash.on), static_cast<float>(dash.period),
                    static_cast<float>(phase)};
        out.extra = to_vec4(anchor, glm::dvec2(0.0));
        out.fill = fill ? paint.fill : glm::vec4(0.0f);
        out.stroke = stroke ? paint.stroke : glm::vec4(0.0f);

        const double outer = r + reach;
        if (r >= kMinAnnulusRadius && outer <= kMaxAnnulusRadius && glm::length(center - origin) <= kMaxAnnulusDistance) {
            mesh = ShapeRenderer::Mesh::Annulus;
            const double inner = fill ? 0.0 : std::max(0.0, r - reach);
            // the outer polygon circumscribes the circle of radius `outer`, the inner one is inscribed
            const double segments = std::clamp(std::ceil(std::numbers::pi * std::sqrt(outer / (2.0 * kAnnulusSag))),
                                               double(kMinAnnulusSegments), double(kAnnulusSegments));
            out.quad0 = {static_cast<float>(segments), 0.0f, 0.0f, 0.0f};
            out.quad1 = {0.0f, 0.0f, static_cast<float>(inner), static_cast<float>(outer / std::cos(std::numbers::pi / segments))};
            return true;
        }
        mesh = ShapeRenderer::Mesh::Quad;
        const Box area = clip_.grown(2.0);
        const glm::dvec2 lo = glm::max(center - outer, area.min);
        const glm::dvec2 hi = glm::min(center + outer, area.max);
        if (lo.x >= hi.x || lo.y >= hi.y) return false;
        out.quad0 = to_vec4(lo - origin, glm::dvec2(hi.x - lo.x, 0.0));
        out.quad1 = to_vec4(glm::dvec2(0.0, hi.y - lo.y), glm::dvec2(0.0));
        return true;
    }

    // The quad [x_lo, x_hi] × [-y_reach, y_reach] in the frame (dir, perp) at origin, cut to what can reach the clip.
    void oriented_quad(glm::dvec2 origin, glm::dvec2 dir, double x_lo, double x_hi, double y_reach,
                       ShapeRenderer::Instance& out) const {
        const double bound = clip_.farthest(origin) + 2.0;
        x_lo = std::max(x_lo, -bound);
        x_hi = std::min(x_hi, bound);
        y_reach = std::min(y_reach, bound);
        const glm::dvec2 perp(-dir.y, dir.x);
        out.quad0 = to_vec4(x_lo * dir - y_reach * perp, (x_hi - x_lo) * dir);
        out.quad1 = to_vec4(2.0 * y_reach * perp, glm::dvec2(0.0));
    }

    bool segment(glm::dvec2 a, glm::dvec2 b, const Style& style, const Paint& paint, ShapeRenderer::Instance& out) const {
        if (!finite(a) || !finite(b) || !style.has_stroke()) return false;
        const double reach = style.reach();
        double t0 = 0.0;
        double t1 = 1.0;
        if (!shape_geometry::clip_within_reach(a, b, clip_, reach, t0, t1)) return false;
        const double full = glm::length(b - a);
        const glm::dvec2 dir = full > 0.0 ? (b - a) / full : glm::dvec2(1.0, 0.0);
        const glm::dvec2 start = a + (b - a) * t0;
        const double length = full * (t1 - t0);
        const bool dashed = style.dashed();

        out.origin = {static_cast<float>(start.x), static_cast<float>(start.y), float(kSegment), dashed ? 1.0f : 0.0f};
        oriented_quad(start, dir, -reach, length + reach, reach, out);
        out.geom = {static_cast<float>(dir.x), static_cast<float>(dir.y), static_cast<float>(length), 0.0f};
        out.line = {static_cast<float>(style.half_width), static_cast<float>(style.dash), static_cast<float>(style.period()),
                    static_cast<float>(style.dash_phase(full * t0))};
        out.extra = glm::vec4(0.0f);
        out.fill = glm::vec4(0.0f);
        out.stroke = paint.stroke;
        return true;
    }

    bool arrow(glm::dvec2 a, glm::dvec2 tip, float stroke_px, const Style& style, const Paint& paint,
               ShapeRenderer::Instance& out) const {
        const std::optional<Arrow> layout = shape_geometry::arrow_layout(a, tip, stroke_px, target_.pixel_ratio, style, clip_);
        if (!layout) return false;
        const double full = layout->full;
        const glm::dvec2 dir = layout->dir;
        const double head_length = layout->head_size.length;
        const double reach = layout->reach;
        const bool shaft = layout->shaft;
        const bool head = layout->head;

        const glm::dvec2 origin = shaft ? a + (layout->base - a) * layout->t0 : layout->base;
        const double shaft_length = shaft ? (full - head_length) * (layout->t1 - layout->t0) : -1.0;
        const double tip_x = head ? glm::dot(tip - origin, dir) : 0.0;
        const double x_lo = std::min(0.0, head ? tip_x - head_length : 0.0) - reach;
        const double x_hi = std::max(shaft_length, head ? tip_x : 0.0) + reach;
        const bool dashed = shaft && style.dashed();

        out.origin = {static_cast<float>(origin.x), static_cast<float>(origin.y), float(kArrow), dashed ? 1.0f : 0.0f};
        oriented_quad(origin, dir, x_lo, x_hi, reach, out);
        out.geom = {static_cast<float>(dir.x), static_cast<float>(dir.y), static_cast<float>(shaft_length), 0.0f};
        out.line = {static_cast<float>(style.half_width), static_cast<float>(style.dash), static_cast<float>(style.period()),
                    shaft ? static_cast<float>(style.dash_phase((full - head_length) * layout->t0)) : 0.0f};
        out.extra = {static_cast<float>(head_length), head ? static_cast<float>(layout->head_size.half_width) : 0.0f,
                     static_cast<float>(tip_x), 0.0f};
        out.fill = head ? paint.fill : glm::vec4(0.0f);
        out.stroke = shaft ? paint.stroke : glm::vec4(0.0f);
        return true;
    }

    bool capsule(glm::dvec2 a, glm::dvec2 b, double radius, const Style& style, const Paint& paint,
                 ShapeRenderer::Instance& out) const {
        const std::optional<Capsule> layout = shape_geometry::capsule_layout(a, b, radius, style, clip_);
        if (!layout) return false;
        const double reach = layout->reach;
        const double length = layout->full * (layout->t1 - layout->t0);
        const LoopDash& dash = layout->dash;
        // dash phases along the outline (shape_geometry::Capsule): at x0 on the -y side, at x0 on
        // the +y side, where the cap at b starts, where the cap at a starts
        const double x0 = layout->full * layout->t0;
        const auto phase = [&](double s) { return static_cast<float>(dash.phase(s)); };

        out.origin = {static_cast<float>(layout->start.x), static_cast<float>(layout->start.y), float(kCapsule),
                      dash.dashed ? 1.0f : 0.0f};
        oriented_quad(layout->start, layout->dir, -reach, length + reach, reach, out);
        out.geom = {static_cast<float>(layout->dir.x), static_cast<float>(layout->dir.y), static_cast<float>(length),
                    static_cast<float>(radius)};
        out.line = {static_cast<float>(style.half_width), static_cast<float>(dash.on), static_cast<float>(dash.period), phase(x0)};
        out.extra = {phase(layout->back_side(x0)), phase(layout->far_cap()), phase(layout->near_cap()), 0.0f};
        out.fill = paint.fill;
        out.stroke = paint.stroke;
        return true;
    }
};

}  // namespace

Result<std::unique_ptr<ShapeRenderer>> ShapeRenderer::create() {
    if (epoxy_gl_version() < 33) return Error{"the shape renderer needs an OpenGL 3.3 context (none is current, or it is older)"};
    while (glGetError() != GL_NO_ERROR) {
    }
    std::unique_ptr<ShapeRenderer> renderer(new ShapeRenderer());
    std::vector<std::string> defines;
    for (int variant = 0; variant < kTrainVariant; ++variant)
        defines.push_back("#define KIND " + std::to_string(variant / 2) + "\n#define DASHED " + std::to_string(variant % 2) +
                          "\n#define TRAIN 0\n");
    defines.push_back("#define KIND 0\n#define DASHED 0\n#define TRAIN 1\n");
    Result<std::vector<GLuint>> programs = build_programs("shape.vert", "shape.frag", defines, "shape shader program");
    if (!programs) return programs.error();
    for (int variant = 0; variant < kVariants; ++variant)  // the destructor deletes every one
        renderer->programs_[static_cast<std::size_t>(variant)].id = (*programs)[static_cast<std::size_t>(variant)];
    for (Program& p : renderer->programs_) {
        p.framebuffer_size = glGetUniformLocation(p.id, "u_framebuffer_size");
        p.mesh = glGetUniformLocation(p.id, "u_mesh");
        if (p.framebuffer_size < 0 || p.mesh < 0) return Error{"shape shader program lacks a uniform (u_framebuffer_size, u_mesh)"};
    }

    GLint previous_vertex_array = 0;
    GLint previous_array_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &previous_vertex_array);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &previous_array_buffer);
    glGenVertexArrays(1, &renderer->vao_);
    glGenBuffers(1, &renderer->instance_buffer_);
    glBindVertexArray(renderer->vao_);
    glBindBuffer(GL_ARRAY_BUFFER, renderer->instance_buffer_);
    for (GLuint i = 0; i < kAttributes; ++i) {
        glEnableVertexAttribArray(i);
        glVertexAttribDivisor(i, 1);
    }
    glBindVertexArray(static_cast<GLuint>(previous_vertex_array));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(previous_array_buffer));
    if (const GLenum error = glGetError(); error != GL_NO_ERROR)
        return Error{"shape renderer setup raised " + gl_error_text(error)};
    return renderer;
}

ShapeRenderer::~ShapeRenderer() {
    glDeleteBuffers(1, &instance_buffer_);
    glDeleteVertexArrays(1, &vao_);
    for (const Program& program : programs_) glDeleteProgram(program.id);
}

void ShapeRenderer::push(const Instance& instance, Mesh mesh) {
    const int variant = instance.origin.w == kTrainMark ? kTrainVariant
                                                        : 2 * static_cast<int>(instance.origin.z) + (instance.origin.w > 0.5f ? 1 : 0);
    if (runs_.empty() || runs_.back().mesh != mesh || runs_.back().variant != variant)
        runs_.push_back({variant, mesh, instances_.size(), 0, 0});
    instances_.push_back(instance);
    Run& run = runs_.back();
    ++run.count;
    // an annulus of n sides needs 2(n + 1) vertices: the shader collapses any past them, but each
    // would still be shaded and each of their empty triangles set up
    if (mesh == Mesh::Annulus) run.sides = std::max(run.sides, static_cast<int>(instance.quad0.x));
}

void ShapeRenderer::draw(const Picture& picture, const DrawTarget& target) { draw(picture, target, picture.background); }

void ShapeRenderer::draw(const Picture& picture, const DrawTarget& target, const Rgba& clear_color) {
    instances_.clear();
    runs_.clear();
    const glm::ivec2 size = target.framebuffer_size;
    const glm::ivec4 clip = target.clip_px;
    if (size.x <= 0 || size.y <= 0 || clip.z <= 0 || clip.w <= 0 || !(target.pixel_ratio > 0.0)) return;

    const Tessellator tessellator(picture.view, target);
    Instance instance{};
    Mesh mesh = Mesh::Quad;
    const std::span<const Primitive> items(picture.items);
    for (std::size_t i = 0; i < items.size();) {
        if (const std::size_t taken = tessellator.circle_train(items.subspan(i), instance)) {
            push(instance, Mesh::Quad);
            i += taken;
            continue;
        }
        if (tessellator.make(items[i], instance, mesh)) push(instance, mesh);
        ++i;
    }

    const SavedGlState saved;
    glViewport(0, 0, size.x, size.y);
    glEnable(GL_SCISSOR_TEST);
    glScissor(clip.x, size.y - clip.y - clip.w, clip.z, clip.w);  // GL counts rows from the bottom
    const glm::vec4 clear = premultiplied(clear_color);
    glClearColor(clear.r, clear.g, clear.b, clear.a);
    if (target.clear_first) glClear(GL_COLOR_BUFFER_BIT);
    if (instances_.empty()) return;

    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    for (const Program& program : programs_) {
        glUseProgram(program.id);
        glUniform2f(program.framebuffer_size, static_cast<float>(size.x), static_cast<float>(size.y));
    }
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    // a fresh store every frame (orphaning): no wait on the draws still reading the last one
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(instances_.size() * sizeof(Instance)), instances_.data(),
                 GL_STREAM_DRAW);
    for (const Run& run : runs_) {
        for (GLuint i = 0; i < kAttributes; ++i) {
            const std::size_t offset = run.first * sizeof(Instance) + i * sizeof(glm::vec4);
            glVertexAttribPointer(i, 4, GL_FLOAT, GL_FALSE, sizeof(Instance), reinterpret_cast<const void*>(offset));
        }
        const Program& program = programs_[static_cast<std::size_t>(run.variant)];
        glUseProgram(program.id);
        glUniform1i(program.mesh, static_cast<GLint>(run.mesh));
        const GLsizei vertices = run.mesh == Mesh::Quad ? 4 : 2 * (run.sides + 1);
        glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, vertices, static_cast<GLsizei>(run.count));
    }
}

}  // namespace tangent
