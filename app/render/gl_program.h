#pragma once
// What the OpenGL renderers share: compiling the embedded shaders (shaders/) and putting back the
// GL state they change, so that each draws between the others without knowing them.

#include <string>
#include <string_view>
#include <vector>

#include <epoxy/gl.h>

#include "core/result.h"

namespace tangent {

/// Compiles the embedded shader `name`; `preamble` (defines, one per line) goes right after its
/// #version line. The error names the shader, its defines and the compiler's log.
[[nodiscard]] Result<GLuint> compile_shader(GLenum stage, std::string_view name, const std::string& preamble = {});

/// Links the two shaders into a program (the shaders stay the caller's); `what` names it in the error.
[[nodiscard]] Result<GLuint> link_program(GLuint vertex, GLuint fragment, std::string_view what);

/// One program per entry of `defines`: the vertex shader `vertex` with the fragment shader
/// `fragment` compiled with that preamble (see compile_shader). On an error none is left behind.
[[nodiscard]] Result<std::vector<GLuint>> build_programs(std::string_view vertex, std::string_view fragment,
                                                         const std::vector<std::string>& defines, std::string_view what);

/// The GL state a renderer's draw changes, read on construction and put back on destruction:
/// viewport, scissor, program, vertex array, array buffer, texture unit 0's texture and sampler,
/// blending, the clear colour, the polygon mode and the depth, stencil, cull, scissor and
/// primitive-restart enables.
class SavedGlState {
public:
    SavedGlState();
    ~SavedGlState();
    SavedGlState(const SavedGlState&) = delete;
    SavedGlState& operator=(const SavedGlState&) = delete;

private:
    GLint viewport_[4]{};
    GLint scissor_box_[4]{};
    GLint program_ = 0;
    GLint vertex_array_ = 0;
    GLint array_buffer_ = 0;
    GLint active_texture_ = GL_TEXTURE0;
    GLint texture_ = 0;
    GLint sampler_ = 0;
    GLint blend_src_rgb_ = GL_ONE;
    GLint blend_dst_rgb_ = GL_ZERO;
    GLint blend_src_alpha_ = GL_ONE;
    GLint blend_dst_alpha_ = GL_ZERO;
    GLint blend_equation_rgb_ = GL_FUNC_ADD;
    GLint blend_equation_alpha_ = GL_FUNC_ADD;
    GLfloat clear_color_[4]{};
    GLboolean blend_ = GL_FALSE;
    GLboolean scissor_ = GL_FALSE;
    GLboolean depth_ = GL_FALSE;
    GLboolean stencil_ = GL_FALSE;
    GLboolean cull_ = GL_FALSE;
    GLboolean primitive_restart_ = GL_FALSE;
    GLint polygon_mode_[2]{GL_FILL, GL_FILL};
};

}  // namespace tangent
