#include "gl_context.h"

#include <cstdio>
#include <string>

#include <SDL.h>
#include <epoxy/gl.h>

namespace tangent {

namespace {

Error sdl_error(const std::string& what) { return Error{"headless OpenGL: " + what + " failed: " + SDL_GetError()}; }

}  // namespace

Result<std::unique_ptr<HeadlessGl>> HeadlessGl::create() {
    std::unique_ptr<HeadlessGl> gl(new HeadlessGl());
    const bool forced = SDL_WasInit(SDL_INIT_VIDEO) == 0;
    // override: an SDL_VIDEODRIVER in the environment (x11, wayland) would otherwise win, and fail with no display
    if (forced) SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "offscreen", SDL_HINT_OVERRIDE);
    const int started = SDL_InitSubSystem(SDL_INIT_VIDEO);
    // the hint is process-wide: a window opened later must not land on the offscreen driver
    if (forced) SDL_ResetHint(SDL_HINT_VIDEODRIVER);
    if (started != 0) return sdl_error("SDL_InitSubSystem(SDL_INIT_VIDEO) on the offscreen driver");
    gl->video_started_ = true;

    SDL_GL_ResetAttributes();
    if (SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE) != 0 ||
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3) != 0 ||
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3) != 0)
        return sdl_error("SDL_GL_SetAttribute (OpenGL 3.3 core)");

    gl->window_ = SDL_CreateWindow("tangent (headless)", 0, 0, 16, 16, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
    if (gl->window_ == nullptr) return sdl_error("SDL_CreateWindow (hidden, OpenGL)");
    gl->context_ = SDL_GL_CreateContext(gl->window_);
    if (gl->context_ == nullptr) return sdl_error("SDL_GL_CreateContext (OpenGL 3.3 core)");
    if (SDL_GL_MakeCurrent(gl->window_, gl->context_) != 0) return sdl_error("SDL_GL_MakeCurrent");
    if (epoxy_gl_version() < 33)
        return Error{"headless OpenGL: got OpenGL " + std::to_string(epoxy_gl_version() / 10) + "." +
                     std::to_string(epoxy_gl_version() % 10) + ", need 3.3"};
    return gl;
}

HeadlessGl::~HeadlessGl() {
    if (context_ != nullptr) SDL_GL_DeleteContext(context_);
    if (window_ != nullptr) SDL_DestroyWindow(window_);
    if (video_started_) SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

std::string gl_error_text(unsigned int gl_error) {
    const char* name = "unknown OpenGL error";
    switch (gl_error) {
        case GL_NO_ERROR: name = "GL_NO_ERROR"; break;
        case GL_INVALID_ENUM: name = "GL_INVALID_ENUM"; break;
        case GL_INVALID_VALUE: name = "GL_INVALID_VALUE"; break;
        case GL_INVALID_OPERATION: name = "GL_INVALID_OPERATION"; break;
        case GL_INVALID_FRAMEBUFFER_OPERATION: name = "GL_INVALID_FRAMEBUFFER_OPERATION"; break;
        case GL_OUT_OF_MEMORY: name = "GL_OUT_OF_MEMORY"; break;
        default: break;
    }
    char code[16];
    std::snprintf(code, sizeof code, "0x%04X", gl_error);
    return std::string(name) + " (" + code + ")";
}

}  // namespace tangent
