#include "image.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include <epoxy/gl.h>

#include "gl_context.h"

namespace tangent {

namespace {

std::string framebuffer_status_text(GLenum status) {
    switch (status) {
        case GL_FRAMEBUFFER_UNDEFINED: return "GL_FRAMEBUFFER_UNDEFINED";
        case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
        case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
        case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED";
        case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
        default: return "status " + std::to_string(status);
    }
}

/// A colour renderbuffer in its own framebuffer; deleted with it.
struct ColorTarget {
    GLuint framebuffer = 0;
    GLuint renderbuffer = 0;
    ColorTarget() = default;
    ColorTarget(const ColorTarget&) = delete;
    ColorTarget& operator=(const ColorTarget&) = delete;
    ~ColorTarget() {
        glDeleteFramebuffers(1, &framebuffer);
        glDeleteRenderbuffers(1, &renderbuffer);
    }
    Result<bool> make(int width, int height, int samples) {
        glGenRenderbuffers(1, &renderbuffer);
        glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
        if (samples > 0)
            glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
        else
            glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glBindRenderbuffer(GL_RENDERBUFFER, 0);
        glGenFramebuffers(1, &framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
        const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if (status != GL_FRAMEBUFFER_COMPLETE)
            return Error{"offscreen framebuffer " + std::to_string(width) + "x" + std::to_string(height) + " with " +
                         std::to_string(samples) + " samples is incomplete: " + framebuffer_status_text(status)};
        return true;
    }
};

/// The framebuffer bindings, viewport and pack state render_image changes, put back on exit.
class SavedState {
public:
    SavedState() {
        glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_framebuffer_);
        glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_framebuffer_);
        glGetIntegerv(GL_RENDERBUFFER_BINDING, &renderbuffer_);
        glGetIntegerv(GL_VIEWPORT, viewport_);
        glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment_);
        glGetIntegerv(GL_PACK_ROW_LENGTH, &pack_row_length_);
        glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack_buffer_);
        scissor_ = glIsEnabled(GL_SCISSOR_TEST);
    }
    SavedState(const SavedState&) = delete;
    SavedState& operator=(const SavedState&) = delete;
    ~SavedState() {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_framebuffer_));
        glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_framebuffer_));
        glBindRenderbuffer(GL_RENDERBUFFER, static_cast<GLuint>(renderbuffer_));
        glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
        glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment_);
        glPixelStorei(GL_PACK_ROW_LENGTH, pack_row_length_);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, static_cast<GLuint>(pack_buffer_));
        if (scissor_ == GL_TRUE)
            glEnable(GL_SCISSOR_TEST);
        else
            glDisable(GL_SCISSOR_TEST);
    }

private:
    GLint draw_framebuffer_ = 0;
    GLint read_framebuffer_ = 0;
    GLint renderbuffer_ = 0;
    GLint viewport_[4]{};
    GLint pack_alignment_ = 4;
    GLint pack_row_length_ = 0;
    GLint pack_buffer_ = 0;
    GLboolean scissor_ = GL_FALSE;
};

// straight = premultiplied / alpha, rounded to the nearest byte
void unpremultiply(std::vector<unsigned char>& rgba) {
    for (std::size_t i = 0; i + 3 < rgba.size(); i += 4) {
        const unsigned alpha = rgba[i + 3];
        if (alpha == 255) continue;
        for (std::size_t c = 0; c < 3; ++c)
            rgba[i + c] = alpha == 0 ? 0 : static_cast<unsigned char>(std::min(255u, (rgba[i + c] * 255u + alpha / 2) / alpha));
    }
}

}  // namespace

Result<Image> render_image(ShapeRenderer& renderer, const Picture& picture, int width, int height,
                           const ImageOptions& options, const std::function<void(const DrawTarget&)>& overlay) {
    if (width < 1 || height < 1 || width > kMaxImageSide || height > kMaxImageSide)
        return Error{"image size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range: each side must be 1 to " +
                     std::to_string(kMaxImageSide) + " pixels"};
    if (!(picture.view.size_px.x > 0.0) || !std::isfinite(picture.view.size_px.x))
        return Error{"the picture's view has no width (view.size_px.x must be > 0)"};
    if (options.max_tile < 1) return Error{"max_tile must be at least 1 pixel, got " + std::to_string(options.max_tile)};
    if (epoxy_gl_version() < 33) return Error{"rendering an image needs a current OpenGL 3.3 context"};

    while (glGetError() != GL_NO_ERROR) {
    }
    GLint max_samples = 0;
    GLint max_renderbuffer = 0;
    GLint max_viewport[2] = {0, 0};
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_renderbuffer);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_viewport);
    const int tile = std::min({options.max_tile, static_cast<int>(max_renderbuffer), static_cast<int>(max_viewport[0]),
                               static_cast<int>(max_viewport[1])});
    if (tile < 1) return Error{"OpenGL reports no usable renderbuffer size"};
    const int samples = std::clamp(options.samples, 0, static_cast<int>(max_samples)) > 1
                            ? std::clamp(options.samples, 0, static_cast<int>(max_samples))
                            : 0;
    const int tile_width = std::min(tile, width);
    const int tile_height = std::min(tile, height);

    const SavedState saved;
    ColorTarget resolved;
    if (Result<bool> made = resolved.make(tile_width, tile_height, 0); !made) return made.error();
    ColorTarget multisampled;
    if (samples > 0)
        if (Result<bool> made = multisampled.make(tile_width, tile_height, samples); !made) return made.error();
    const GLuint draw_framebuffer = samples > 0 ? multisampled.framebuffer : resolved.framebuffer;
    if (const GLenum error = glGetError(); error != GL_NO_ERROR)
        return Error{"creating the offscreen framebuffers raised " + gl_error_text(error)};

    Result<Image> result(std::in_place);
    Image& image = result.value();
    image.width = width;
    image.height = height;
    image.rgba.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4, 0);
    std::vector<unsigned char> rows(static_cast<std::size_t>(tile_width) * static_cast<std::size_t>(tile_height) * 4);
    const Rgba clear = options.transparent ? Rgba{0, 0, 0, 0} : picture.background;
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);

    for (int top = 0; top < height; top += tile_height) {
        for (int left = 0; left < width; left += tile_width) {
            const int w = std::min(tile_width, width - left);
            const int h = std::min(tile_height, height - top);
            // the tile is the framebuffer's top-left w x h; GL rows count from the bottom
            DrawTarget target;
            target.framebuffer_size = {tile_width, tile_height};
            target.canvas_origin_px = {-static_cast<double>(left), -static_cast<double>(top)};
            target.pixel_ratio = static_cast<double>(width) / picture.view.size_px.x;
            target.clip_px = {0, 0, w, h};
            glBindFramebuffer(GL_FRAMEBUFFER, draw_framebuffer);
            renderer.draw(picture, target, clear);
            if (overlay) {
                glViewport(0, 0, tile_width, tile_height);
                overlay(target);
                glBindFramebuffer(GL_FRAMEBUFFER, draw_framebuffer);
            }
            const int bottom = tile_height - h;
            if (samples > 0) {
                glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled.framebuffer);
                glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved.framebuffer);
                glDisable(GL_SCISSOR_TEST);  // the blit obeys the scissor
                glBlitFramebuffer(0, bottom, w, tile_height, 0, bottom, w, tile_height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            }
            glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved.framebuffer);
            glReadPixels(0, bottom, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
            if (const GLenum error = glGetError(); error != GL_NO_ERROR)
                return Error{"rendering the image tile at (" + std::to_string(left) + ", " + std::to_string(top) + ") raised " +
                             gl_error_text(error)};
            // rows come bottom up
            const std::size_t row_bytes = static_cast<std::size_t>(w) * 4;
            for (int j = 0; j < h; ++j) {
                const std::size_t from = static_cast<std::size_t>(h - 1 - j) * row_bytes;
                const std::size_t to = (static_cast<std::size_t>(top + j) * static_cast<std::size_t>(width) +
                                        static_cast<std::size_t>(left)) * 4;
                std::memcpy(image.rgba.data() + to, rows.data() + from, row_bytes);
            }
        }
    }
    unpremultiply(image.rgba);
    return result;
}

}  // namespace tangent
