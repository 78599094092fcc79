#pragma once
// Dear ImGui's draw data on OpenGL 3.3, as its own OpenGL3 backend draws it: the same vertex
// arithmetic, blending, scissors and shader (shaders/ui.*), so the same pixels
// (tests/render/ui_renderer_test.cpp compares them byte for byte). What differs is how the work
// goes out: buffers are orphaned rather than overwritten (no wait on draws still reading them),
// one vertex array lives as long as the renderer, and each clip rectangle's triangles go out in
// draw calls of at most 128 that hold either only ImGui's quads (glyphs, fills) or only other
// triangles: Mesa's llvmpipe sets up a call of whole quads as rectangles and rasterises short
// calls faster than one call per clip rectangle. Optionally, textures are sampled texel for texel.

#include <cstddef>
#include <memory>
#include <span>

#include <imgui.h>

#include "core/result.h"

namespace tangent {

class UiRenderer {
public:
    /// Compiles the embedded shaders; needs a current OpenGL 3.3 core context, the same one
    /// whenever draw() runs and when this is destroyed.
    static Result<std::unique_ptr<UiRenderer>> create();
    ~UiRenderer();
    UiRenderer(const UiRenderer&) = delete;
    UiRenderer& operator=(const UiRenderer&) = delete;

    /// Draws `data` into the bound framebuffer over what is there. Draw callbacks are not run
    /// (Tangent registers none). Leaves the GL state as it found it. With nearest sampling on,
    /// the lists in `bilinear_lists` are still sampled bilinearly (text drawn at a size other
    /// than the one it was baked at, such as the canvas labels).
    void draw(const ImDrawData& data, std::span<const ImDrawList* const> bilinear_lists = {});

    /// Samples the textures texel for texel (GL_NEAREST) rather than bilinearly, at a framebuffer
    /// scale of 1 (at any other the glyphs are magnified or shrunk, and stay bilinear). Text drawn
    /// at the size it was baked at and solid fills (one white texel) look the same, since ImGui
    /// places glyph quads on whole pixels and the atlas's horizontal oversampling is box-filtered
    /// already; llvmpipe shades a nearest fetch in a fraction of the time of four. ImGui's baked
    /// line texture needs bilinear filtering: the style must draw anti-aliased lines as geometry
    /// (ImGuiStyle::AntiAliasedLinesUseTex off).
    void set_nearest_sampling(bool nearest) { nearest_ = nearest; }

    /// Draw calls of the last draw().
    [[nodiscard]] std::size_t last_draw_calls() const { return draw_calls_; }

private:
    UiRenderer() = default;

    unsigned int program_ = 0;  // GLuint, GLint: no GL header in this one, so that any GL loader can include it
    int projection_location_ = -1;
    int texture_location_ = -1;
    unsigned int vao_ = 0;
    unsigned int vertex_buffer_ = 0;
    unsigned int index_buffer_ = 0;
    unsigned int nearest_sampler_ = 0;
    bool nearest_ = false;
    std::size_t draw_calls_ = 0;
};

namespace detail {
/// Where the draw call that starts at `start` of a command's `count` indices ends: a run of
/// ImGui's quads (a multiple of 6 indices) or of other triangles, at most 128 triangles.
[[nodiscard]] unsigned int ui_draw_run_end(const ImDrawIdx* indices, unsigned int start, unsigned int count);
/// Whether the six indices at `indices` are one of ImGui's quads: (v, v+1, v+2), (v, v+2, v+3).
[[nodiscard]] bool is_imgui_quad(const ImDrawIdx* indices, unsigned int remaining);
}  // namespace detail

}  // namespace tangent
