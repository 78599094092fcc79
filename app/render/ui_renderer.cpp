#include "ui_renderer.h"

#include <algorithm>
#include <cstdint>

#include "gl_context.h"
#include "gl_program.h"

namespace tangent {

namespace {

// One draw call covers at most this many triangles: llvmpipe draws ImGui's panels about 6% faster
// in runs of 16 to 256 triangles than in one call per clip rectangle (measured, see README).
constexpr unsigned int kTrianglesPerDraw = 128;

}  // namespace

Result<std::unique_ptr<UiRenderer>> UiRenderer::create() {
    if (epoxy_gl_version() < 33) return Error{"the panel renderer needs an OpenGL 3.3 context (none is current, or it is older)"};
    while (glGetError() != GL_NO_ERROR) {
    }
    std::unique_ptr<UiRenderer> renderer(new UiRenderer());
    Result<std::vector<GLuint>> programs = build_programs("ui.vert", "ui.frag", {""}, "panel shader program");
    if (!programs) return programs.error();
    renderer->program_ = (*programs)[0];
    renderer->projection_location_ = glGetUniformLocation(renderer->program_, "ProjMtx");
    renderer->texture_location_ = glGetUniformLocation(renderer->program_, "Texture");
    if (renderer->projection_location_ < 0 || renderer->texture_location_ < 0)
        return Error{"panel shader program lacks a uniform (ProjMtx, Texture)"};

    GLint previous_vertex_array = 0;
    GLint previous_array_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &previous_vertex_array);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &previous_array_buffer);
    glGenVertexArrays(1, &renderer->vao_);
    glGenBuffers(1, &renderer->vertex_buffer_);
    glGenBuffers(1, &renderer->index_buffer_);
    glGenSamplers(1, &renderer->nearest_sampler_);
    glSamplerParameteri(renderer->nearest_sampler_, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(renderer->nearest_sampler_, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glSamplerParameteri(renderer->nearest_sampler_, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(renderer->nearest_sampler_, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
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
    glDeleteSamplers(1, &nearest_sampler_);
    glDeleteBuffers(1, &index_buffer_);
    glDeleteBuffers(1, &vertex_buffer_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteProgram(program_);
}

namespace detail {

// ImGui's quads: PrimRect, PrimRectUV, each glyph.
bool is_imgui_quad(const ImDrawIdx* index, unsigned int remaining) {
    if (remaining < 6) return false;
    const ImDrawIdx v = index[0];
    return index[1] == v + 1 && index[2] == v + 2 && index[3] == v && index[4] == v + 2 && index[5] == v + 3;
}

// llvmpipe turns two triangles into one rectangle (cheaper to set up and to bin) only within a
// call of whole quads (its index count a multiple of 6, each quad's six indices in step); in a
// call that mixes them, every quad after the first odd triangle falls out of step.
unsigned int ui_draw_run_end(const ImDrawIdx* indices, unsigned int start, unsigned int count) {
    unsigned int end = start;
    const bool quads = is_imgui_quad(indices + start, count - start);
    while (end < count && end - start < 3 * kTrianglesPerDraw && is_imgui_quad(indices + end, count - end) == quads)
        end += quads ? 6 : 3;
    return end;
}

}  // namespace detail

void UiRenderer::draw(const ImDrawData& data, std::span<const ImDrawList* const> bilinear_lists) {
    draw_calls_ = 0;
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
    glDisable(GL_PRIMITIVE_RESTART);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
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
    glUseProgram(program_);
    glUniform1i(texture_location_, 0);
    glUniformMatrix4fv(projection_location_, 1, GL_FALSE, &projection[0][0]);
    const bool nearest = nearest_ && data.FramebufferScale.x == 1.0f && data.FramebufferScale.y == 1.0f;
    glBindVertexArray(vao_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);

    const ImVec2 clip_off = data.DisplayPos;
    const ImVec2 clip_scale = data.FramebufferScale;
    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        const bool bilinear = std::find(bilinear_lists.begin(), bilinear_lists.end(), &list) != bilinear_lists.end();
        glBindSampler(0, nearest && !bilinear ? nearest_sampler_ : 0);
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
            const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
            for (unsigned int start = 0; start < cmd.ElemCount;) {
                const unsigned int end = detail::ui_draw_run_end(indices, start, cmd.ElemCount);
                glDrawElementsBaseVertex(GL_TRIANGLES, static_cast<GLsizei>(end - start),
                                         sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                                         reinterpret_cast<const void*>((cmd.IdxOffset + start) * sizeof(ImDrawIdx)),
                                         static_cast<GLint>(cmd.VtxOffset));
                ++draw_calls_;
                start = end;
            }
        }
    }
}

}  // namespace tangent
