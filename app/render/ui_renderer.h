#pragma once
// Dear ImGui's draw data on OpenGL 3.3, as its own OpenGL3 backend draws it: the same vertex
// arithmetic, blending, scissors and shader (shaders/ui.*), so the same pixels
// (tests/render/ui_renderer_test.cpp compares them byte for byte). What differs is how the work
// goes out: buffers are orphaned rather than overwritten (no wait on draws still reading them),
// one vertex array lives as long as the renderer, and long runs of triangles are cut into draw
// calls of at most 128, which Mesa's llvmpipe rasterises faster than one call per clip rectangle.

#include <cstddef>
#include <memory>

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
    /// (Tangent registers none). Leaves the GL state as it found it.
    void draw(const ImDrawData& data);

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
    std::size_t draw_calls_ = 0;
};

}  // namespace tangent
