#include "figure.h"

#include <epoxy/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "draw/svg.h"
#include "fonts.h"
#include "labels.h"
#include "scene/scene_file.h"

namespace tangent {

namespace {

/// A Dear ImGui context used only to set text into the figure's tiles; the caller's context is
/// current again when this is destroyed.
class TextContext {
public:
    TextContext(const Picture& picture, float scale) : previous_(ImGui::GetCurrentContext()), context_(ImGui::CreateContext()) {
        ImGui::SetCurrentContext(context_);
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.LogFilename = nullptr;
        std::string text;
        for (const Primitive& p : picture.items)
            if (p.shape == Shape::Label) text += p.text;
        fonts_ = load_label_fonts(*io.Fonts, scale, text.c_str(), ranges_);
        // built here, so that an atlas too tall for a texture is refused with a reason
        io.Fonts->Build();
        GLint largest = 0;
        glGetIntegerv(GL_MAX_TEXTURE_SIZE, &largest);
        if (io.Fonts->TexHeight > largest || io.Fonts->TexWidth > largest) {
            error_ = "the labels at this scale need a " + std::to_string(io.Fonts->TexWidth) + " x " +
                     std::to_string(io.Fonts->TexHeight) + " font texture, larger than OpenGL's " + std::to_string(largest) +
                     ": use a smaller --scale, or SVG";
            return;
        }
        ready_ = ImGui_ImplOpenGL3_Init("#version 330");
        if (!ready_) error_ = "cannot set up text rendering (Dear ImGui's OpenGL3 backend failed to start)";
    }
    ~TextContext() {
        if (ready_) ImGui_ImplOpenGL3_Shutdown();
        ImGui::DestroyContext(context_);
        ImGui::SetCurrentContext(previous_);
    }
    TextContext(const TextContext&) = delete;
    TextContext& operator=(const TextContext&) = delete;

    [[nodiscard]] bool ready() const { return ready_; }
    [[nodiscard]] const std::string& error() const { return error_; }

    /// Draws the picture's labels into the bound tile.
    void draw(const Picture& picture, const DrawTarget& target) {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(static_cast<float>(target.framebuffer_size.x), static_cast<float>(target.framebuffer_size.y));
        io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
        io.DeltaTime = 1.0f / 60.0f;
        ImGui_ImplOpenGL3_NewFrame();
        ImGui::NewFrame();
        draw_labels(picture, {target.canvas_origin_px, target.pixel_ratio}, *ImGui::GetBackgroundDrawList(), fonts_);
        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    }

private:
    ImGuiContext* previous_;
    ImGuiContext* context_;
    FontSet fonts_;
    ImVector<ImWchar> ranges_;  // read by the atlas until it is built
    bool ready_ = false;
    std::string error_;
};

}  // namespace

Result<Image> render_figure(ShapeRenderer& renderer, const Picture& picture, const FigureOptions& options) {
    if (options.width < 1 || options.height < 1 || options.width > kMaxImageSide || options.height > kMaxImageSide)
        return Error{"the figure must be between 1 x 1 and " + std::to_string(kMaxImageSide) + " x " +
                     std::to_string(kMaxImageSide) + " pixels, got " + std::to_string(options.width) + " x " +
                     std::to_string(options.height)};
    const double pixel_ratio = options.width / picture.view.size_px.x;
    TextContext text(picture, static_cast<float>(pixel_ratio));
    if (!text.ready()) return Error{text.error()};
    ImageOptions image_options;
    image_options.samples = options.samples;
    image_options.transparent = options.transparent;
    return render_image(renderer, picture, options.width, options.height, image_options,
                        [&](const DrawTarget& target) { text.draw(picture, target); });
}

namespace {

// CRC-32 as PNG and zlib compute it (the reflected polynomial 0xEDB88320), over a chunk's type and data.
std::uint32_t png_crc(std::string_view bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char ch : bytes) {
        crc ^= static_cast<unsigned char>(ch);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

void append_big_endian(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFFu);
}

}  // namespace

std::string with_png_resolution(std::string bytes, double dpi) {
    // signature (8) and IHDR: length (4), type (4), 13 bytes of data, CRC (4)
    constexpr std::size_t kAfterHeader = 8 + 4 + 4 + 13 + 4;
    if (bytes.size() < kAfterHeader || bytes.compare(12, 4, "IHDR") != 0 || !(dpi > 0.0)) return bytes;
    // pixels per metre: an inch is 0.0254 m exactly
    const auto per_metre = static_cast<std::uint32_t>(std::lround(std::clamp(dpi / 0.0254, 1.0, 4294967295.0)));
    std::string chunk = "pHYs";
    append_big_endian(chunk, per_metre);
    append_big_endian(chunk, per_metre);
    chunk += '\x01';  // the unit is the metre
    std::string whole;
    append_big_endian(whole, 9);
    whole += chunk;
    append_big_endian(whole, png_crc(chunk));
    bytes.insert(kAfterHeader, whole);
    return bytes;
}

std::string with_png_text(std::string bytes, std::string_view keyword, std::string_view text) {
    // before the first IDAT, after the chunks there (IHDR, and pHYs where it was given)
    std::size_t at = 8;
    while (at + 8 <= bytes.size() && bytes.compare(at + 4, 4, "IDAT") != 0) {
        const auto length = (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at])) << 24) |
                            (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 1])) << 16) |
                            (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 2])) << 8) |
                            static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + 3]));
        at += 12 + static_cast<std::size_t>(length);
    }
    if (at + 8 > bytes.size() || keyword.empty() || keyword.size() > 79) return bytes;
    // iTXt: keyword, NUL, not compressed (0, 0), the language tag "en", NUL, no translated
    // keyword (NUL), then the text in UTF-8 (tEXt would take Latin-1 only)
    std::string chunk = "iTXt";
    chunk += keyword;
    chunk.append("\0\0\0", 3);
    chunk += "en";
    chunk.append("\0\0", 2);
    chunk += text;
    std::string whole;
    append_big_endian(whole, static_cast<std::uint32_t>(chunk.size() - 4));
    whole += chunk;
    append_big_endian(whole, png_crc(chunk));
    bytes.insert(at, whole);
    return bytes;
}

std::optional<Error> write_png(const Image& image, const std::filesystem::path& path, std::optional<double> dpi,
                               std::string_view title, std::string_view description) {
    std::string png;
    png.reserve(image.rgba.size() / 4);
    const auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
    };
    // an opaque image as RGB: a quarter fewer bytes to compress, and no alpha channel that says nothing
    const std::size_t pixels = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
    bool opaque = image.rgba.size() >= pixels * 4;
    for (std::size_t i = 0; opaque && i < pixels; ++i) opaque = image.rgba[i * 4 + 3] == 255;
    int encoded = 0;
    if (opaque) {
        std::vector<unsigned char> rgb(pixels * 3);
        for (std::size_t i = 0; i < pixels; ++i) {
            rgb[i * 3] = image.rgba[i * 4];
            rgb[i * 3 + 1] = image.rgba[i * 4 + 1];
            rgb[i * 3 + 2] = image.rgba[i * 4 + 2];
        }
        encoded = stbi_write_png_to_func(append, &png, image.width, image.height, 3, rgb.data(), image.width * 3);
    } else {
        encoded = stbi_write_png_to_func(append, &png, image.width, image.height, 4, image.rgba.data(), image.width * 4);
    }
    if (encoded == 0) return Error{"cannot encode " + path.string() + " as PNG"};
    if (dpi) png = with_png_resolution(std::move(png), *dpi);
    // the keywords the PNG specification names for a short title and a longer description
    if (!title.empty()) png = with_png_text(std::move(png), "Title", title);
    if (!description.empty()) png = with_png_text(std::move(png), "Description", description);
    return write_file_atomic(path, png);
}

std::optional<Error> write_figure(ShapeRenderer* renderer, const Picture& picture, const FigureFile& file) {
    if (file.svg) {
        SvgOptions svg;
        svg.width = file.width;
        svg.height = file.height;
        svg.pixel_ratio = file.pixel_ratio;
        svg.transparent = file.transparent;
        svg.title = file.title;
        svg.description = file.description;
        svg.dpi = file.svg_in_inches ? file.dpi : 0.0;
        return write_file_atomic(file.path, picture_to_svg(picture, svg));
    }
    if (!renderer) return Error{"a PNG needs OpenGL, and none was started"};
    FigureOptions options;
    options.width = file.width;
    options.height = file.height;
    options.transparent = file.transparent;
    Result<Image> image = render_figure(*renderer, picture, options);
    if (!image) return image.error();
    return write_png(*image, file.path, file.dpi, file.title, file.description);
}

}  // namespace tangent
