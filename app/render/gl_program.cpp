#include "gl_program.h"

#include <algorithm>
#include <optional>

#include "embedded/embedded.h"

namespace tangent {

namespace {

void enable(GLenum cap, GLboolean on) {
    if (on == GL_TRUE)
        glEnable(cap);
    else
        glDisable(cap);
}

}  // namespace

Result<GLuint> compile_shader(GLenum stage, std::string_view name, const std::string& preamble) {
    const embedded::File* file = embedded::find(embedded::shaders(), name);
    if (file == nullptr) return Error{"shader " + std::string(name) + " is not embedded in this build"};
    const std::string_view text = file->text();
    const std::size_t first_line = std::min(text.size(), text.find('\n') + 1);
    const GLchar* parts[3] = {text.data(), preamble.data(), text.data() + first_line};
    const GLint sizes[3] = {static_cast<GLint>(first_line), static_cast<GLint>(preamble.size()),
                            static_cast<GLint>(text.size() - first_line)};
    const GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 3, parts, sizes);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        GLint log_length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &log_length);
        std::string log(static_cast<std::size_t>(std::max(log_length, 1)), '\0');
        glGetShaderInfoLog(shader, log_length, nullptr, log.data());
        glDeleteShader(shader);
        return Error{"shader " + std::string(name) + (preamble.empty() ? "" : " (" + preamble.substr(0, preamble.size() - 1) + ")") +
                     " failed to compile: " + log.c_str()};
    }
    return shader;
}

Result<GLuint> link_program(GLuint vertex, GLuint fragment, std::string_view what) {
    const GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glLinkProgram(program);
    glDetachShader(program, vertex);
    glDetachShader(program, fragment);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        GLint log_length = 0;
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &log_length);
        std::string log(static_cast<std::size_t>(std::max(log_length, 1)), '\0');
        glGetProgramInfoLog(program, log_length, nullptr, log.data());
        glDeleteProgram(program);
        return Error{std::string(what) + " failed to link: " + log.c_str()};
    }
    return program;
}

Result<std::vector<GLuint>> build_programs(std::string_view vertex, std::string_view fragment,
                                           const std::vector<std::string>& defines, std::string_view what) {
    Result<GLuint> vertex_shader = compile_shader(GL_VERTEX_SHADER, vertex);
    if (!vertex_shader) return vertex_shader.error();
    std::vector<GLuint> programs;
    std::optional<Error> failed;
    for (const std::string& preamble : defines) {
        Result<GLuint> fragment_shader = compile_shader(GL_FRAGMENT_SHADER, fragment, preamble);
        if (!fragment_shader) {
            failed = fragment_shader.error();
            break;
        }
        Result<GLuint> program = link_program(*vertex_shader, *fragment_shader, what);
        glDeleteShader(*fragment_shader);
        if (!program) {
            failed = program.error();
            break;
        }
        programs.push_back(*program);
    }
    glDeleteShader(*vertex_shader);
    if (failed) {
        for (GLuint program : programs) glDeleteProgram(program);
        return *failed;
    }
    return programs;
}

SavedGlState::SavedGlState() {
    glGetIntegerv(GL_VIEWPORT, viewport_);
    glGetIntegerv(GL_SCISSOR_BOX, scissor_box_);
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer_);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_);
    glGetIntegerv(GL_SAMPLER_BINDING, &sampler_);
    glGetIntegerv(GL_BLEND_SRC_RGB, &blend_src_rgb_);
    glGetIntegerv(GL_BLEND_DST_RGB, &blend_dst_rgb_);
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_src_alpha_);
    glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_dst_alpha_);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &blend_equation_rgb_);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blend_equation_alpha_);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clear_color_);
    blend_ = glIsEnabled(GL_BLEND);
    scissor_ = glIsEnabled(GL_SCISSOR_TEST);
    depth_ = glIsEnabled(GL_DEPTH_TEST);
    stencil_ = glIsEnabled(GL_STENCIL_TEST);
    cull_ = glIsEnabled(GL_CULL_FACE);
    primitive_restart_ = glIsEnabled(GL_PRIMITIVE_RESTART);
    glGetIntegerv(GL_POLYGON_MODE, polygon_mode_);
}

SavedGlState::~SavedGlState() {
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    glScissor(scissor_box_[0], scissor_box_[1], scissor_box_[2], scissor_box_[3]);
    glUseProgram(static_cast<GLuint>(program_));
    glBindVertexArray(static_cast<GLuint>(vertex_array_));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(array_buffer_));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_));
    glBindSampler(0, static_cast<GLuint>(sampler_));
    glActiveTexture(static_cast<GLenum>(active_texture_));
    glBlendFuncSeparate(static_cast<GLenum>(blend_src_rgb_), static_cast<GLenum>(blend_dst_rgb_),
                        static_cast<GLenum>(blend_src_alpha_), static_cast<GLenum>(blend_dst_alpha_));
    glBlendEquationSeparate(static_cast<GLenum>(blend_equation_rgb_), static_cast<GLenum>(blend_equation_alpha_));
    glClearColor(clear_color_[0], clear_color_[1], clear_color_[2], clear_color_[3]);
    enable(GL_BLEND, blend_);
    enable(GL_SCISSOR_TEST, scissor_);
    enable(GL_DEPTH_TEST, depth_);
    enable(GL_STENCIL_TEST, stencil_);
    enable(GL_CULL_FACE, cull_);
    enable(GL_PRIMITIVE_RESTART, primitive_restart_);
    glPolygonMode(GL_FRONT_AND_BACK, static_cast<GLenum>(polygon_mode_[0]));
}

}  // namespace tangent
