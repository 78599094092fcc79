#include "ui_renderer.h"

#include <cstdint>

#include "gl_context.h"
#include "gl_program.h"

namespace tangent {

namespace {

constexpr std::size_t kTextured = 0;
constexpr std::size_t kSolid = 1;

// A triangle is solid when all three corners sample the white texel: colour × 1 everywhere.
bool solid(const ImDrawVert* vertices, const ImDrawIdx* indices, ImVec2 white) {
    for (int corner = 0; corner < 3; ++corner) {
        const ImVec2 uv = vertices[indices[corner]].uv;
        if (uv.x != white.x || uv.y != white.y) return false;
    }
    return true;
}

}  // namespace

Result<std::unique_ptr<UiRenderer>> UiRenderer::create() {
    if (epoxy_gl_version() < 33) return Error{"the panel renderer needs an OpenGL 3.3 context (none is current, or it is older)"};
    while (glGetError() != GL_NO_ERROR) {
    }
    std::unique_ptr<UiRenderer> renderer(new UiRenderer());
    Result<std::vector<GLuint>> programs =
        build_programs("ui.vert", "ui.frag", {"#define SOLID 0\n", "#define SOLID 1\n"}, "panel shader program");
    if (!programs) return programs.error();
    for (std::size_t variant : {kTextured, kSolid}) renderer->programs_[variant].id = (*programs)[variant];  // the destructor deletes both
    for (std::size_t variant : {kTextured, kSolid}) {
        Program& p = renderer->programs_[variant];
        p.projection = glGetUniformLocation(p.id, "ProjMtx");
        p.texture = glGetUniformLocation(p.id, "Texture");
        // the solid program's sampler is compiled out
        if (p.projection < 0 || (variant == kTextured && p.texture < 0))
            return Error{"panel shader program lacks a uniform (ProjMtx, Texture)"};
    }

    GLint previous_vertex_array = 0;
    GLint previous_array_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &previous_vertex_array);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &previous_array_buffer);
    glGenVertexArrays(1, &renderer->vao_);
    glGenBuffers(1, &renderer->vertex_buffer_);
    glGenBuffers(1, &renderer->index_buffer_);
    glBindVertexArray(renderer->vao_);
    glBindBuffer(GL_ARRAY_BUFFER, renderer->vertex_buffer_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, renderer->index_buffer_);  // part of the vertex array's state
    for (GLuint attribute : {0u, 1u, 2u}) glEnableVertexAttribArray(attribute);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), reinterpret_cast<const void*>(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), reinterpret_cast<const void*>(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert), reinterpret_cast<const void*>(offsetof(ImDrawVert, col)));
    glBindVertexArray(static_cast<GLuint>(previous_vertex_array));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(previous_array_buffer));
    if (const GLenum error = glGetError(); error != GL_NO_ERROR)
        return Error{"panel renderer setup raised " + gl_error_text(error)};
    return renderer;
}

UiRenderer::~UiRenderer() {
    glDeleteBuffers(1, &index_buffer_);
    glDeleteBuffers(1, &vertex_buffer_);
    glDeleteVertexArrays(1, &vao_);
    for (const Program& program : programs_) glDeleteProgram(program.id);
}

void UiRenderer::draw(const ImDrawData& data, const ImFontAtlas& atlas) {
    const ImVec2 white = atlas.TexUvWhitePixel;
    draw_calls_ = 0;
    solid_draw_calls_ = 0;
    // as ImGui's OpenGL3 backend: framebuffer size, scissors and projection from the draw data
    const int fb_width = static_cast<int>(data.DisplaySize.x * data.FramebufferScale.x);
    const int fb_height = static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
    if (fb_width <= 0 || fb_height <= 0) return;
    const SavedGlState saved;
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glViewport(0, 0, fb_width, fb_height);
    const float left = data.DisplayPos.x;
    const float right = data.DisplayPos.x + data.DisplaySize.x;
    const float top = data.DisplayPos.y;
    const float bottom = data.DisplayPos.y + data.DisplaySize.y;
    const float projection[4][4] = {
        {2.0f / (right - left), 0.0f, 0.0f, 0.0f},
        {0.0f, 2.0f / (top - bottom), 0.0f, 0.0f},
        {0.0f, 0.0f, -1.0f, 0.0f},
        {(right + left) / (left - right), (top + bottom) / (bottom - top), 0.0f, 1.0f},
    };
    for (std::size_t variant : {kSolid, kTextured}) {
        glUseProgram(programs_[variant].id);
        if (variant == kTextured) glUniform1i(programs_[variant].texture, 0);
        glUniformMatrix4fv(programs_[variant].projection, 1, GL_FALSE, &projection[0][0]);
    }
    glBindSampler(0, 0);
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);

    const ImVec2 clip_off = data.DisplayPos;
    const ImVec2 clip_scale = data.FramebufferScale;
    std::size_t bound = kTextured;  // the program in use
    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list.VtxBuffer.Size) * static_cast<GLsizeiptr>(sizeof(ImDrawVert)),
                     list.VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list.IdxBuffer.Size) * static_cast<GLsizeiptr>(sizeof(ImDrawIdx)),
                     list.IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            if (cmd.UserCallback != nullptr) continue;  // Tangent registers none
            const ImVec2 clip_min((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
            const ImVec2 clip_max((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
            if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) continue;
            glScissor(static_cast<int>(clip_min.x), static_cast<int>(static_cast<float>(fb_height) - clip_max.y),
                      static_cast<int>(clip_max.x - clip_min.x), static_cast<int>(clip_max.y - clip_min.y));
            glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(cmd.GetTexID())));
            // runs of solid and of textured triangles, in order
            const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
            const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
            const bool on_atlas = cmd.GetTexID() == atlas.TexID;
            const auto variant_of = [&](unsigned int first) {
                return on_atlas && solid(vertices, indices + first, white) ? kSolid : kTextured;
            };
            unsigned int start = 0;
            while (start + 3 <= cmd.ElemCount) {
                const std::size_t variant = variant_of(start);
                unsigned int end = start + 3;
                while (end + 3 <= cmd.ElemCount && variant_of(end) == variant) end += 3;
                if (variant != bound) glUseProgram(programs_[variant].id);
                bound = variant;
                glDrawElementsBaseVertex(GL_TRIANGLES, static_cast<GLsizei>(end - start),
                                         sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                                         reinterpret_cast<const void*>((cmd.IdxOffset + start) * sizeof(ImDrawIdx)),
                                         static_cast<GLint>(cmd.VtxOffset));
                ++draw_calls_;
                if (variant == kSolid) ++solid_draw_calls_;
                start = end;
            }
        }
    }
}

}  // namespace tangent
