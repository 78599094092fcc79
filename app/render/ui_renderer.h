#pragma once
// Dear ImGui's draw data on OpenGL 3.3, as its own OpenGL3 backend draws it (the same vertex
// arithmetic, blending and scissors: the same pixels, tests/render/ui_renderer_test.cpp checks
// that), with one difference: a run of triangles that only sample the font atlas's white texel
// (every filled shape: fields, buttons, frames) goes out with a program that samples nothing.
// On a software rasteriser such as Mesa's llvmpipe the texture fetch is the dearest part of
// drawing a panel pixel.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <imgui.h>

#include "core/result.h"

namespace tangent {

class UiRenderer {
public:
    /// Compiles the embedded shaders (shaders/ui.*); needs a current OpenGL 3.3 core context, the
    /// same one whenever draw() runs and when this is destroyed.
    static Result<std::unique_ptr<UiRenderer>> create();
    ~UiRenderer();
    UiRenderer(const UiRenderer&) = delete;
    UiRenderer& operator=(const UiRenderer&) = delete;

    /// Draws `data` into the bound framebuffer over what is there. `atlas` is the font atlas whose
    /// white texel marks the solid triangles (only those on its texture). Leaves the GL state as
    /// it found it.
    void draw(const ImDrawData& data, const ImFontAtlas& atlas);

    /// Draw calls of the last draw(), and how many of them skipped the texture.
    [[nodiscard]] std::size_t last_draw_calls() const { return draw_calls_; }
    [[nodiscard]] std::size_t last_solid_draw_calls() const { return solid_draw_calls_; }

private:
    UiRenderer() = default;

    struct Program {
        unsigned int id = 0;
        int projection = -1;
        int texture = -1;
    };
    std::array<Program, 2> programs_{};  ///< textured, solid
    unsigned int vao_ = 0;
    unsigned int vertex_buffer_ = 0;
    unsigned int index_buffer_ = 0;
    std::size_t draw_calls_ = 0;
    std::size_t solid_draw_calls_ = 0;
};

}  // namespace tangent
