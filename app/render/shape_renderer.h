#pragma once
// Draws a Picture's shapes with OpenGL 3.3: each primitive is one instance of a small mesh (a quad,
// or an annulus for larger circles) whose fragment shader (shaders/shape.frag) turns a signed
// distance in framebuffer pixels into coverage, anti-aliased over one pixel. A run of solid
// circles alike and evenly spaced on a line (a body's sampled positions) is one instance, a
// "train", whose shader draws every copy: a software rasterizer pays per instance and per
// triangle, and fifty sample outlines drawn one by one cost a tenth of the window's frame. Consecutive
// primitives of the same kind (circle, segment, arrow, capsule), dashing and mesh go out in one
// instanced draw call, in paint order: a program per kind and dashing, because a software
// rasterizer (llvmpipe) runs every branch of a shader whatever the data.
// Labels are not drawn here (the text renderer draws them through the same DrawTarget).

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "core/result.h"
#include "draw/picture.h"

namespace tangent {

/// Where a canvas lands in the bound framebuffer.
struct DrawTarget {
    glm::ivec2 framebuffer_size{0};   ///< the bound framebuffer, pixels
    glm::dvec2 canvas_origin_px{0.0};  ///< the canvas's top-left in the framebuffer (y from the top); may be negative (tiles)
    double pixel_ratio = 1.0;         ///< framebuffer pixels per canvas pixel (hi-DPI, export --scale)
    glm::ivec4 clip_px{0};            ///< x, y (from the top), w, h in framebuffer pixels: the area to draw in (scissor)

    /// False when the caller has already cleared the clip rectangle to the background: a clear of
    /// the whole framebuffer costs next to nothing on a software rasteriser, a scissored one does not.
    bool clear_first = true;

    /// Framebuffer pixels (y down) of a canvas pixel: origin + canvas·ratio.
    [[nodiscard]] glm::dvec2 to_framebuffer(glm::dvec2 canvas_px) const { return canvas_origin_px + canvas_px * pixel_ratio; }
};

class ShapeRenderer {
public:
    /// Compiles the embedded shaders and makes the buffers; needs a current OpenGL 3.3 core context
    /// (and that context current whenever draw() runs and when this is destroyed).
    static Result<std::unique_ptr<ShapeRenderer>> create();
    ~ShapeRenderer();
    ShapeRenderer(const ShapeRenderer&) = delete;
    ShapeRenderer& operator=(const ShapeRenderer&) = delete;

    /// Clears the clip rectangle to picture.background, then draws every primitive but labels, back
    /// to front. Leaves the GL state as it found it (viewport, scissor, blending, program, VAO,
    /// array buffer, clear colour, depth/stencil/cull enables), so ImGui's renderer can follow.
    void draw(const Picture& picture, const DrawTarget& target);
    /// The same with another clear colour (straight alpha), e.g. {0, 0, 0, 0} for a transparent export.
    void draw(const Picture& picture, const DrawTarget& target, const Rgba& clear_color);

    /// Instances and draw calls of the last draw() (primitives culled outside the clip do not count).
    [[nodiscard]] std::size_t last_instance_count() const { return instances_.size(); }
    [[nodiscard]] std::size_t last_draw_calls() const { return runs_.size(); }

    /// One primitive as the shaders read it (8 vec4 attributes; see shaders/shape.frag).
    struct Instance {
        glm::vec4 origin;  // origin.xy (framebuffer px, y down), kind, dashed
        glm::vec4 quad0;   // quad corner, edge a
        glm::vec4 quad1;   // quad edge b; annulus inner, outer radius
        glm::vec4 geom;
        glm::vec4 line;
        glm::vec4 extra;
        glm::vec4 fill;    // premultiplied
        glm::vec4 stroke;  // premultiplied
    };
    enum class Mesh : int { Quad = 0, Annulus = 1 };

private:
    ShapeRenderer() = default;
    struct Run {
        int variant;
        Mesh mesh;
        std::size_t first;
        std::size_t count;
        int sides;  ///< annulus: the most sides of its instances (the mesh is drawn with no more)
    };
    /// shaders/shape.frag compiled for one variant (kind·2 + dashed, or the circle train), and its uniforms.
    struct Program {
        unsigned int id = 0;  // GLuint, GLint: no GL header in this one, so that any GL loader can include it
        int framebuffer_size = -1;
        int mesh = -1;
    };
    static constexpr int kTrainVariant = 8;
    static constexpr int kVariants = kTrainVariant + 1;
    void push(const Instance& instance, Mesh mesh);

    std::array<Program, kVariants> programs_{};
    unsigned int vao_ = 0;
    unsigned int instance_buffer_ = 0;
    std::vector<Instance> instances_;  ///< rebuilt every draw; kept to reuse its memory
    std::vector<Run> runs_;
};

}  // namespace tangent
