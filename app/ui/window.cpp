#include "window.h"

#include <SDL.h>
#include <epoxy/gl.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "app.h"
#include "display_scale.h"
#include "session.h"
#include "window_title.h"
#include "core/format.h"
#include "draw/text_metrics.h"
#include "draw/theme.h"
#include "embedded/embedded.h"
#include "render/figure.h"
#include "render/fonts.h"
#include "render/shape_renderer.h"
#include "render/ui_renderer.h"
#include "scene/scene_file.h"

namespace tangent::ui {

namespace {

volatile std::sig_atomic_t g_stop_requested = 0;

extern "C" void request_stop(int) { g_stop_requested = 1; }

void install_stop_handlers() {
    struct sigaction action {};
    action.sa_handler = request_stop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
}

bool has_display() {
    const char* display = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (display && *display) || (wayland && *wayland);
}

void no_display_message(const char* detail) {
    std::fprintf(stderr,
                 "tangent: no display to open a window on (%s).\n"
                 "  Figures need no display:      tangent export SCENE.json -o figure.png\n"
                 "  The answer as text or JSON:   tangent analyze SCENE.json [--json]\n"
                 "  The window on a virtual display: xvfb-run -s '-screen 0 1600x1000x24' tangent\n",
                 detail);
}

// Busy scene for --bench-frames: the tunnelling preset with a fine step, so that the canvas
// carries hundreds of sample outlines, the paths, labels and every panel.
// The window's icon (_NET_WM_ICON, for the task bar and Alt+Tab), the design of
// assets/tangent.svg drawn here: two circles touching, their common tangent and the contact
// point, on a dark rounded square. 64 x 64, each pixel's coverage from its distance to each shape.
void set_window_icon(SDL_Window* window) {
    constexpr int kSize = 64;
    std::vector<Uint32> pixels(kSize * kSize);
    struct Ink {
        float r, g, b;
    };
    const auto over = [](glm::vec4 below, Ink ink, float alpha) {
        const float a = alpha + below.a * (1.0f - alpha);
        if (a <= 0.0f) return glm::vec4(0.0f);
        const glm::vec3 c = (glm::vec3(ink.r, ink.g, ink.b) * alpha + glm::vec3(below) * below.a * (1.0f - alpha)) / a;
        return glm::vec4(c, a);
    };
    // coverage of a shape whose signed distance (negative inside) is d, over a pixel's width
    const auto cover = [](float d) { return std::clamp(0.5f - d, 0.0f, 1.0f); };
    const Ink background{0x16 / 255.0f, 0x18 / 255.0f, 0x1d / 255.0f};
    const Ink blue{0x56 / 255.0f, 0xb4 / 255.0f, 0xe9 / 255.0f};
    const Ink yellow{0xf0 / 255.0f, 0xe4 / 255.0f, 0x42 / 255.0f};
    const Ink orange{0xe6 / 255.0f, 0x9f / 255.0f, 0x00 / 255.0f};
    const Ink white{1.0f, 1.0f, 1.0f};
    const glm::vec2 a_center(24.0f, 36.0f), b_center(44.6f, 20.6f), line_from(22.0f, 10.0f), line_to(48.4f, 45.2f), touch(35.2f, 27.6f);
    for (int y = 0; y < kSize; ++y) {
        for (int x = 0; x < kSize; ++x) {
            const glm::vec2 p(static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f);
            // the rounded square (radius 12)
            const glm::vec2 q = glm::max(glm::abs(p - glm::vec2(32.0f)) - glm::vec2(32.0f - 12.0f), glm::vec2(0.0f));
            glm::vec4 c = over(glm::vec4(0.0f), background, cover(glm::length(q) - 12.0f));
            for (const auto& [center, radius, ink] : {std::tuple{a_center, 14.0f, blue}, std::tuple{b_center, 11.7f, yellow}}) {
                const float d = glm::length(p - center) - radius;
                c = over(c, ink, 0.25f * cover(d));                // the disc, faint
                c = over(c, ink, cover(std::abs(d) - 2.0f));       // its rim, 4 px
            }
            const glm::vec2 along = line_to - line_from;
            const float t = std::clamp(glm::dot(p - line_from, along) / glm::dot(along, along), 0.0f, 1.0f);
            c = over(c, orange, cover(glm::length(p - (line_from + t * along)) - 1.5f));
            c = over(c, white, cover(glm::length(p - touch) - 3.5f));
            const auto byte = [](float v) { return static_cast<Uint32>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
            pixels[static_cast<std::size_t>(y * kSize + x)] = byte(c.a) << 24 | byte(c.r) << 16 | byte(c.g) << 8 | byte(c.b);
        }
    }
    SDL_Surface* icon = SDL_CreateRGBSurfaceWithFormatFrom(pixels.data(), kSize, kSize, 32, kSize * 4, SDL_PIXELFORMAT_ARGB8888);
    if (icon == nullptr) return;  // (no icon: the window works without one)
    SDL_SetWindowIcon(window, icon);
    SDL_FreeSurface(icon);
}

Scene bench_scene() {
    const embedded::File* file = embedded::find(embedded::presets(), "tunnelling.json");
    Scene scene = file ? parse_scene(file->text(), "tunnelling.json").value().scene : Scene{};
    scene.discrete.enabled = true;
    scene.discrete.dt = 0.05;
    scene.discrete.phase = 0.0;
    scene.show.plot = true;  // every docked panel open: the side panel, the time bar and the time plot
    return scene;
}

std::string layout_report(const App& app, glm::ivec2 window_position, double pixel_ratio, int frames) {
    const View& view = app.picture().view;
    char text[512];
    std::snprintf(text, sizeof text,
                  "{\"window_position\": [%d, %d], \"pixel_ratio\": %.17g,\n"
                  " \"canvas_origin\": [%.17g, %.17g], \"canvas_size\": [%.17g, %.17g],\n"
                  " \"view_center\": [%.17g, %.17g], \"pixels_per_unit\": %.17g, \"time\": %.17g,\n"
                  " \"plot\": \"%s\", \"ui_scale\": %.17g, \"unsaved\": %s, \"widgets\": {",
                  window_position.x, window_position.y, pixel_ratio, app.canvas_origin().x, app.canvas_origin().y,
                  app.canvas_size().x, app.canvas_size().y, view.center.x, view.center.y, view.pixels_per_unit, app.time(),
                  app.plotting_gap() ? "gap" : "quadratic", static_cast<double>(app.ui_scale()), app.unsaved() ? "true" : "false");
    std::string report = text;
    const char* separator = "";
    for (const auto& [name, rect] : app.widget_rects()) {
        std::snprintf(text, sizeof text, "%s\n  \"%s\": [%.17g, %.17g, %.17g, %.17g]", separator, name.c_str(), rect.x, rect.y,
                      rect.z, rect.w);
        report += text;
        separator = ",";
    }
    const auto quoted = [&](const std::string& string) { report += json_quoted(string); };
    // the canvas's overlays (badge, banner, their sentences, time stamp, caption), as notices keep off them
    report += "},\n \"overlays\": [";
    separator = "";
    for (const glm::dvec4& rect : app.overlay_rects()) {
        std::snprintf(text, sizeof text, "%s[%.17g, %.17g, %.17g, %.17g]", separator, rect.x, rect.y, rect.z, rect.w);
        report += text;
        separator = ", ";
    }
    // the bodies' names on the canvas (a press on one picks that body)
    report += "],\n \"body_names\": [";
    separator = "";
    for (const auto& [body, rect] : app.body_name_rects()) {
        std::snprintf(text, sizeof text, "%s{\"body\": %d, \"box\": [%.17g, %.17g, %.17g, %.17g]}", separator, body, rect.x, rect.y,
                      rect.z, rect.w);
        report += text;
        separator = ", ";
    }
    report += "],\n \"notices\": [";
    separator = "";
    for (const std::string& notice : app.notice_texts()) {
        report += separator;
        quoted(notice);
        separator = ", ";
    }
    // the side panel's messages under their fields (where: the widget "<field>_message")
    report += "],\n \"field_messages\": [";
    separator = "";
    for (const auto& [field, message] : app.field_message_texts()) {
        report += separator;
        report += "{\"field\": ";
        quoted(field);
        report += ", \"text\": ";
        quoted(message);
        report += "}";
        separator = ", ";
    }
    report += "],\n \"tour_caption\": ";
    quoted(app.tour_caption_text());
    report += ",\n \"canvas_hint\": ";
    quoted(app.canvas_hint_text());
    report += ",\n \"tour_edited_case\": ";
    quoted(app.edited_case_word());
    report += ",\n \"question\": ";
    quoted(app.question_text());
    // a text box has the keys (a field typed in)
    report += ImGui::GetIO().WantTextInput ? ",\n \"typing\": true" : ",\n \"typing\": false";
    report += app.blanked() ? ",\n \"blanked\": true" : ",\n \"blanked\": false";
    report += ",\n \"frames\": " + std::to_string(frames);  // drawn since the start
    report += "}\n";
    return report;
}

/// How the window was before full screen, to go back to.
struct WindowedState {
    SDL_Rect bounds{};
    bool maximized = false;
    bool managed = false;  ///< a window manager frames it (and restores it from full screen itself)
};

/// Full screen on the window's display, or back to how the window was before. With no window
/// manager to act on the request (a bare X session, a kiosk) the window is also moved and sized
/// by hand, else it stays 1280 x 800 in a corner while the layout takes the whole screen; under
/// one, that is left to it (moving by hand shifts a framed window by its title bar each time),
/// and a maximized window is maximized again.
void set_fullscreen(SDL_Window* window, bool on, std::optional<WindowedState>& windowed) {
    if (on) {
        if (!windowed) {
            WindowedState state;
            SDL_GetWindowPosition(window, &state.bounds.x, &state.bounds.y);
            SDL_GetWindowSize(window, &state.bounds.w, &state.bounds.h);
            state.maximized = (SDL_GetWindowFlags(window) & SDL_WINDOW_MAXIMIZED) != 0;
            int top = 0, left = 0, bottom = 0, right = 0;
            state.managed = SDL_GetWindowBordersSize(window, &top, &left, &bottom, &right) == 0 && (top | left | bottom | right) != 0;
            windowed = state;
        }
        SDL_Rect bounds{};
        const int display = SDL_GetWindowDisplayIndex(window);
        if (!windowed->managed && display >= 0 && SDL_GetDisplayBounds(display, &bounds) == 0) {
            SDL_SetWindowPosition(window, bounds.x, bounds.y);
            SDL_SetWindowSize(window, bounds.w, bounds.h);
        }
        SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP);
    } else {
        SDL_SetWindowFullscreen(window, 0);
        if (windowed) {
            // (maximized again only where a window manager acts on it: with none, SDL's flag may
            // say maximized while nothing did, and the window stayed the display's size)
            if (windowed->managed && windowed->maximized) {
                SDL_MaximizeWindow(window);
            } else if (!windowed->managed) {
                SDL_SetWindowSize(window, windowed->bounds.w, windowed->bounds.h);
                SDL_SetWindowPosition(window, windowed->bounds.x, windowed->bounds.y);
            }
            windowed.reset();
        }
    }
}

/// Writes the layout report when it says something new; a failure is said once, not at every
/// report (its path was checked at start, so only a disk that fills or a folder that goes fails).
void write_layout_report(const std::filesystem::path& path, const std::string& report, std::string& written,
                         std::string& failure) {
    if (report == written) return;
    if (auto error = write_file_atomic(path, report)) {
        if (error->message != failure) std::fprintf(stderr, "tangent: --report-layout: %s\n", error->message.c_str());
        failure = error->message;
        return;
    }
    written = report;
    failure.clear();
}

// The frame a screenshot is taken at: late enough for fonts, layout and the first fit to settle.
constexpr int kScreenshotFrame = 12;

// At most this many frames in a row drawn only because the panels still changed (a caret blinking
// in a field would otherwise keep the window drawing forever).
constexpr int kMaxSettlingFrames = 30;

// A fingerprint of what Dear ImGui drew: each list's sizes, its vertices' places and colours, its
// commands' clip rectangles, a 64-bit word at a time, each mixed through splitmix64's finaliser
// (every bit of a word reaches every bit of the hash; some 10-30 µs for the busiest panels and
// the canvas labels' list).
std::uint64_t draw_data_signature(const ImDrawData& data) {
    std::uint64_t hash = 0x9E3779B97F4A7C15ULL;
    const auto mix = [&](std::uint64_t word) {
        std::uint64_t z = hash ^ word;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        hash = z ^ (z >> 31);
    };
    const auto bits = [](float x) { return static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(x)); };
    for (int n = 0; n < data.CmdListsCount; ++n) {
        const ImDrawList& list = *data.CmdLists[n];
        mix((static_cast<std::uint64_t>(list.VtxBuffer.Size) << 32) | static_cast<std::uint32_t>(list.CmdBuffer.Size));
        for (const ImDrawVert& v : list.VtxBuffer) {
            mix((bits(v.pos.x) << 32) | bits(v.pos.y));
            mix(v.col);
        }
        for (const ImDrawCmd& cmd : list.CmdBuffer) {
            mix((bits(cmd.ClipRect.x) << 32) | bits(cmd.ClipRect.y));
            mix((bits(cmd.ClipRect.z) << 32) | bits(cmd.ClipRect.w));
        }
    }
    // and each window's layout as Dear ImGui will use it next frame: a panel whose headers were
    // closed drew the same as before for a frame, its content size and scroll already changed,
    // and its new layout came only with the next tap, which then hit another control (a recheck)
    for (const ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
        if (!window->Active) continue;
        mix((bits(window->Pos.x) << 32) | bits(window->Pos.y));
        mix((bits(window->Size.x) << 32) | bits(window->Size.y));
        mix((bits(window->ContentSize.x) << 32) | bits(window->ContentSize.y));
        mix((bits(window->DC.CursorMaxPos.x) << 32) | bits(window->DC.CursorMaxPos.y));  // (this frame's extent: next frame's content size)
        mix((bits(window->ScrollTarget.x) << 32) | bits(window->ScrollTarget.y));          // (a scroll asked for)
        mix((bits(window->Scroll.x) << 32) | bits(window->Scroll.y));
        mix((bits(window->ScrollMax.x) << 32) | bits(window->ScrollMax.y));
        mix((static_cast<std::uint64_t>(window->ScrollbarX) << 1) | static_cast<std::uint64_t>(window->ScrollbarY));
    }
    return hash;
}

// What the default framebuffer holds now, top row first.
Image read_framebuffer(int width, int height) {
    Image image;
    image.width = width;
    image.height = height;
    image.rgba.resize(static_cast<std::size_t>(width) * height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    const std::size_t row = static_cast<std::size_t>(width) * 4;
    for (int y = 0; y < height / 2; ++y)
        std::swap_ranges(image.rgba.begin() + static_cast<std::ptrdiff_t>(y * row), image.rgba.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                         image.rgba.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * row));
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // the window is opaque
    return image;
}

}  // namespace

void apply_style(Theme theme, float scale) {
    ImGuiStyle style;
    if (theme == Theme::Dark) {
        ImGui::StyleColorsDark(&style);
        // the caption and the derivation's explanations: ImGui's #808080 is 4.5:1 on the panel,
        // washed out on a projector; the canvas's muted text, #A7ADBA, is 7.7:1 on the canvas and 8.5:1 on the panel
        style.Colors[ImGuiCol_TextDisabled] = ImVec4(0xA7 / 255.0f, 0xAD / 255.0f, 0xBA / 255.0f, 1.0f);
        // a control under the pointer or pressed keeps its white text readable: ImGui's #4296FA
        // hovered blue is 3.0:1 under it (a low-vision review); these are 5:1 and more
        ImVec4* colors = style.Colors;
        colors[ImGuiCol_ButtonHovered] = colors[ImGuiCol_HeaderHovered] = ImVec4(0.16f, 0.42f, 0.78f, 1.0f);
        colors[ImGuiCol_ButtonActive] = colors[ImGuiCol_HeaderActive] = ImVec4(0.10f, 0.34f, 0.68f, 1.0f);
    } else {
        ImGui::StyleColorsLight(&style);
        // the panels draw on the canvas's own (white) background, where ImGui's white fields and
        // grey sliders vanish: grey fields with a frame
        ImVec4* colors = style.Colors;
        colors[ImGuiCol_FrameBg] = ImVec4(0.87f, 0.89f, 0.93f, 1.0f);
        colors[ImGuiCol_FrameBgHovered] = ImVec4(0.78f, 0.85f, 0.96f, 1.0f);
        colors[ImGuiCol_FrameBgActive] = ImVec4(0.68f, 0.79f, 0.96f, 1.0f);
        colors[ImGuiCol_Border] = ImVec4(0.45f, 0.48f, 0.55f, 0.85f);
        // the caption and the formulas: ImGui's grey is 2.7:1 on the white panel, this one 5:1
        colors[ImGuiCol_TextDisabled] = ImVec4(0.42f, 0.42f, 0.45f, 1.0f);
        style.FrameBorderSize = 1.0f;
    }
    // menus and windows opaque: else the panel's numbers and the case badge show through the Help,
    // derivation and export windows and the menus (ImGui's 0.94), a muddle on a projector
    style.Colors[ImGuiCol_WindowBg].w = 1.0f;
    style.Colors[ImGuiCol_PopupBg].w = 1.0f;
    // a slider's value is written over its grab: a slimmer, see-through grab leaves its digits whole
    style.GrabMinSize = 6.0f;
    style.Colors[ImGuiCol_SliderGrab].w = 0.7f;
    // square corners and no anti-aliased fringes: crisp on a projector, and a third fewer
    // triangles for a software rasteriser (text keeps its anti-aliasing)
    style.WindowRounding = 0.0f;
    style.FrameRounding = 0.0f;
    style.GrabRounding = 0.0f;
    style.AntiAliasedFill = false;
    style.WindowBorderSize = 0.0f;
    // the panels sample the font atlas texel for texel (UiRenderer::set_nearest_sampling), which
    // ImGui's baked line texture cannot take: anti-aliased lines as geometry
    style.AntiAliasedLinesUseTex = false;
    style.ScaleAllSizes(scale);
    ImGui::GetStyle() = style;
}

ImVec4 error_text_color() {
    const ImVec4 window = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
    const bool light = 0.2126f * window.x + 0.7152f * window.y + 0.0722f * window.z > 0.5f;
    return light ? ImVec4(0.72f, 0.13f, 0.07f, 1.0f) : ImVec4(1.0f, 0.45f, 0.35f, 1.0f);
}

int run_window(const WindowOptions& options) {
    // a broken tour file is reported before any window opens
    std::optional<Tour> tour;
    if (options.tour) {
        Result<Tour> loaded = options.tour->empty() ? default_tour() : load_tour(*options.tour);
        if (!loaded) {
            std::fprintf(stderr, "tangent: %s\n", loaded.error().message.c_str());
            return 2;
        }
        tour = std::move(loaded).value();
        const std::string tour_name = options.tour->empty() ? std::string("the built-in tour") : options.tour->string();
        for (const std::string& warning : tour->warnings)
            std::fprintf(stderr, "tangent: warning: %s: %s\n", tour_name.c_str(), warning.c_str());
    }
    // SDL would quietly fall back to its offscreen driver and run an invisible window
    const char* forced_driver = std::getenv("SDL_VIDEODRIVER");
    if (!has_display() && !(forced_driver && *forced_driver)) {
        // say what is wrong with the scene too, before the user finds a display for it (with a
        // display, the window shows it)
        if (options.scene) {
            const Result<LoadedScene> scene = load_scene(*options.scene);
            if (!scene) {
                std::fprintf(stderr, "tangent: %s\n", scene.error().message.c_str());
                return 2;
            }
        }
        no_display_message("neither DISPLAY nor WAYLAND_DISPLAY is set");
        return 1;
    }
    // SIGTERM and SIGINT (logout, shutdown, kill, Ctrl+C in the terminal) end the window at once:
    // SDL would turn them into a quit request that waits on the "unsaved changes" question, and
    // the session is autosaved on the way out anyway
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    install_stop_handlers();
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::fprintf(stderr, "tangent: cannot start SDL: %s\n", SDL_GetError());
        return 1;
    }
    const char* driver = SDL_GetCurrentVideoDriver();
    if (driver && (std::strcmp(driver, "offscreen") == 0 || std::strcmp(driver, "dummy") == 0) &&
        !(forced_driver && *forced_driver)) {
        no_display_message("SDL found only its offscreen driver");
        SDL_Quit();
        return 1;
    }

    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    // the default size where the display holds it with a window manager's frame around it (a
    // title bar and borders, at most kFrame); on a smaller one (a 1280x720 projector, a 1280x800
    // laptop) the window fills the display's usable area, maximized: centred at 1280x800 it would
    // run past the top and the bottom, menu bar and time bar cut off
    constexpr glm::ivec2 kFrame{16, 48};
    glm::ivec2 size = options.size;
    auto window_flags = static_cast<SDL_WindowFlags>(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Rect usable{};
    const bool usable_known = SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0;
    // the size the window had when it last closed, maximized or not (a teacher's window set up
    // for the projector came back at 1280 x 800: a low-vision review); not for a benchmark, a
    // screenshot or a --size
    const bool keeps_size = !options.size_given && !options.bench_frames && !options.screenshot;
    const SessionStore state = keeps_size ? SessionStore::locate() : SessionStore(std::filesystem::path());
    std::optional<SessionStore::WindowSize> kept_size;
    std::optional<std::string> kept_size_error;  // said in the window, as ui-scale.txt's are
    if (keeps_size) {
        Result<std::optional<SessionStore::WindowSize>> kept = state.window_size();
        if (!kept) kept_size_error = kept.error().message;
        else kept_size = kept.value();
    }
    if (kept_size) {
        size = {kept_size->width, kept_size->height};
        // within the display with a window manager's frame around it: a window un-maximized to the
        // whole screen and kept so came back with its bottom row below the screen (a review)
        if (usable_known) size = glm::max(glm::ivec2(640, 400), glm::min(size, glm::ivec2(usable.w, usable.h) - kFrame));
        if (kept_size->maximized) window_flags = static_cast<SDL_WindowFlags>(window_flags | SDL_WINDOW_MAXIMIZED);
    } else if (!options.size_given && usable_known && (size.x + kFrame.x > usable.w || size.y + kFrame.y > usable.h)) {
        size = glm::min(size, glm::ivec2(usable.w, usable.h));
        window_flags = static_cast<SDL_WindowFlags>(window_flags | SDL_WINDOW_MAXIMIZED);
    } else if (options.size_given && !options.bench_frames && !options.screenshot && usable_known &&
               (size.x > usable.w || size.y > usable.h)) {
        // a window past the screen shows nothing more, and --size 16384x16384 took 3.8 GB and 25 s
        // to its first frame (a QA review): made as large as the display allows, and said
        std::fprintf(stderr, "tangent: --size %dx%d is larger than the display's usable area, %dx%d: the window is made %dx%d\n",
                     size.x, size.y, usable.w, usable.h, std::min(size.x, usable.w), std::min(size.y, usable.h));
        size = glm::min(size, glm::ivec2(usable.w, usable.h));
    }
    SDL_Window* window =
        SDL_CreateWindow("Tangent", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, size.x, size.y, window_flags);
    if (!window) {
        std::fprintf(stderr, "tangent: cannot open a window: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }
    set_window_icon(window);
    // on a high-DPI display (Xft.dpi 192: scale 2) the default window is as many times larger, as
    // it is drawn: at 1280 x 800 a 2560 x 1440 screen showed it a quarter of the screen, cramped
    // at twice the text (a low-vision review); too large for the display, maximized
    const float dpi_scale = display_scale(window);
    if (!options.size_given && !kept_size && dpi_scale > 1.0f) {
        const glm::ivec2 scaled{static_cast<int>(std::lround(static_cast<double>(size.x) * dpi_scale)), static_cast<int>(std::lround(static_cast<double>(size.y) * dpi_scale))};
        if (usable_known && (scaled.x + kFrame.x > usable.w || scaled.y + kFrame.y > usable.h)) {
            size = glm::min(scaled, glm::ivec2(usable.w, usable.h));
            SDL_SetWindowSize(window, size.x, size.y);
            SDL_SetWindowPosition(window, usable.x, usable.y);  // (with no window manager to maximize it)
            SDL_MaximizeWindow(window);
        } else {
            size = scaled;
            SDL_SetWindowSize(window, size.x, size.y);
            SDL_SetWindowPosition(window, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED);
        }
    }
    // below this the canvas is all overlays and the panel all cut-off text: a drag cannot shrink
    // the window further (a smaller --size is still honoured)
    SDL_SetWindowMinimumSize(window, std::min(size.x, 640), std::min(size.y, 400));
    SDL_GLContext gl_context = SDL_GL_CreateContext(window);
    if (!gl_context) {
        std::fprintf(stderr, "tangent: cannot create an OpenGL 3.3 context: %s\n", SDL_GetError());
        SDL_DestroyWindow(window);
        SDL_Quit();
        return 1;
    }
    SDL_GL_MakeCurrent(window, gl_context);
    SDL_GL_SetSwapInterval(options.vsync && !options.bench_frames ? 1 : 0);
    const bool cap_frames = options.vsync && !options.bench_frames && !options.screenshot;
    // the refresh of the display the window is on now (it may be moved to a faster one)
    const auto refresh_hz = [window] {
        SDL_DisplayMode mode{};
        const bool known = SDL_GetCurrentDisplayMode(std::max(0, SDL_GetWindowDisplayIndex(window)), &mode) == 0 &&
                           mode.refresh_rate >= 30 && mode.refresh_rate <= 1000;
        return known ? mode.refresh_rate : 60;
    };

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // the layout is Tangent's, not a file in the working directory
    // a window moves by its title bar, as desktop windows do: a drag on Help's text scrolls it
    io.ConfigWindowsMoveFromTitleBarOnly = true;
    // a drag field moves past half of this (ImGui: 3 px), which a finger's or a touchpad's tap
    // went past, and a tap on B's radius made it 1.03 (a review at an interactive whiteboard)
    io.MouseDragThreshold = 10.0f;

    AppOptions app_options;
    app_options.scene_path = options.scene;
    app_options.save_on_exit = options.save_on_exit;
    app_options.dpi_scale = dpi_scale;
    if (kept_size_error) app_options.startup_errors.push_back(*kept_size_error);
    // the benchmark edits its own scene every frame: it neither restores the user's last session
    // nor autosaves over it
    app_options.remember_session = !options.bench_frames;
    app_options.hide_answers = options.hide_answers;
    App app(app_options);
    if (options.bench_frames) app.open_all_panels();

    std::vector<ImWchar> glyph_blocks;  // beyond the base set, for the user's text (wish_glyphs)
    std::size_t most_glyph_blocks = kMostGlyphBlocks;
    GLint max_texture_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size);
    FontSet fonts = load_fonts(*io.Fonts, app.ui_scale());
    app.set_fonts(fonts);
    Theme styled_theme = app.theme();
    float styled_scale = app.ui_scale();
    apply_style(styled_theme, styled_scale);

    ImGui_ImplSDL2_InitForOpenGL(window, gl_context);
    ImGui_ImplOpenGL3_Init("#version 330");

    // ImGui's backends, the context, the window and SDL, in the reverse of their making (the
    // renderers' GL objects go first, while the context is current)
    const auto shut_down = [&] {
        ImGui_ImplOpenGL3_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext();
        SDL_GL_DeleteContext(gl_context);
        SDL_DestroyWindow(window);
        SDL_Quit();
    };
    Result<std::unique_ptr<ShapeRenderer>> renderer = ShapeRenderer::create();
    Result<std::unique_ptr<UiRenderer>> ui_renderer =
        renderer ? UiRenderer::create() : Result<std::unique_ptr<UiRenderer>>(renderer.error());
    if (!renderer || !ui_renderer) {
        std::fprintf(stderr, "tangent: %s\n", (renderer ? ui_renderer.error() : renderer.error()).message.c_str());
        if (renderer) renderer.value().reset();  // its GL objects go while the context is current
        shut_down();
        return 1;
    }
    (*ui_renderer)->set_nearest_sampling(true);
    if (options.bench_frames) app.set_scene(bench_scene());
    bool fullscreen_for_tour = false;
    std::optional<WindowedState> windowed_bounds;  // how the window was before full screen
    // its size when last neither maximized nor full screen: what a maximized window closing keeps,
    // so that it comes back maximized and un-maximizes to that, not to the whole screen (a review)
    glm::ivec2 normal_size = size;
    if (tour) {
        app.start_tour(std::move(*tour));
        app.set_presenting(true);
        fullscreen_for_tour = true;
    }

    int exit_code = 0;
    std::vector<double> frame_ms;
    std::vector<double> part_ms[4];  // building the UI and the picture, canvas, panels, swap
    // the parts are timed only on request: the glFinish between them would slow the whole
    const char* breakdown_variable = std::getenv("TANGENT_BENCH_BREAKDOWN");
    const bool breakdown = options.bench_frames && breakdown_variable && std::string(breakdown_variable) == "1";
    std::string shown_title;
    int frames_to_draw = 3;  // after an event ImGui needs a frame or two to settle
    Uint16 text_key_mods = 0;  // the modifiers of the last key pressed, for the text it types
    bool enter_as_space = false;  // Enter, pressed in a menu opened from the keyboard, passed on as Space
    int frame_index = 0;
    double last_ratio = 1.0;  // framebuffer pixels per ImGui unit, as last drawn
    std::string layout_written;  // the layout report as last written
    std::string layout_failure;  // why it was last not written ("" when it was)
    int touch_lifted_frames = 0;     // frames until a lifted finger's pointer is forgotten
    bool pointer_forgotten = false;  // no pointer: a finger was lifted and nothing moved since
    bool pointer_moved_here = false;  // a motion event came since SDL's global pointer position last changed
    glm::ivec2 last_global{-1, -1};   // SDL's global pointer position, as last read
    std::uint64_t last_signature = 0;  // the panels as last drawn (draw_data_signature)
    int settling_frames = 0;           // frames drawn in a row only because the panels still changed
    bool done = false;
    while (!done) {
        const auto frame_start = std::chrono::steady_clock::now();
        SDL_Event event;
        const bool busy = options.bench_frames || options.screenshot || app.animating() || frames_to_draw > 0;
        // waiting: at most half a second (the file watch, the autosave), less when a notice is due
        const double due_ms = std::ceil(1000.0 * app.redraw_due_in()) + 5.0;
        const int wait_ms = static_cast<int>(std::clamp(due_ms, 1.0, 500.0));
        bool have_event = busy ? SDL_PollEvent(&event) != 0 : SDL_WaitEventTimeout(&event, wait_ms) != 0;
        while (have_event) {
            frames_to_draw = 3;
            settling_frames = 0;  // (settling starts afresh after each event)
            // Tab is the window's (App::takes_tab: Tab's own order), not Dear ImGui's too, but in a dialog
            const bool tab = (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) && event.key.keysym.sym == SDLK_TAB;
            // a character typed with Ctrl held is a shortcut's, not text: Ctrl+= (a larger UI for
            // the back row) also typed "=" into the name being edited (a teacher's review). AltGr
            // (Ctrl+Alt on some keyboards, Mode on X11) still types its characters.
            // (the modifiers of the key that typed it: SDL's state now may be past the key's release;
            // and of the last key released: a character with no key of its own, as a compose
            // sequence, an input method or a remapped keysym gives (−, ·), comes with no key
            // press, and the Ctrl of a Ctrl+A long released dropped it: "−2.5" entered 2.5)
            if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) text_key_mods = event.key.keysym.mod;
            // Nor one typed with the left Alt alone, a menu's key (Alt+F typed "f" into the field
            // it left: a recheck); AltGr (the right Alt, or Mode) types.
            const bool shortcut_text =
                event.type == SDL_TEXTINPUT &&
                (((text_key_mods & KMOD_CTRL) != 0 && (text_key_mods & (KMOD_ALT | KMOD_MODE)) == 0) ||
                 ((text_key_mods & KMOD_LALT) != 0 && (text_key_mods & (KMOD_RALT | KMOD_MODE | KMOD_CTRL)) == 0));
            // in a menu opened from the keyboard, Enter presses the item (Dear ImGui 1.86's
            // navigation presses with Space only; Enter is its "input" key, for text)
            // (its release too, once the press was: the item pressed closes the menu, and a release
            // passed on as Enter left Space held down for Dear ImGui, and no later Enter pressed)
            if ((event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) &&
                (event.key.keysym.sym == SDLK_RETURN || event.key.keysym.sym == SDLK_KP_ENTER)) {
                // (decided at the press, not its repeats: a held Enter's repeats and release went
                // on as Enter once the menu closed, and Space stayed down: a code review)
                if (event.type == SDL_KEYDOWN && event.key.repeat == 0) enter_as_space = app.keyboard_menu();
                if (enter_as_space) {
                    event.key.keysym.sym = SDLK_SPACE;
                    event.key.keysym.scancode = SDL_SCANCODE_SPACE;
                }
                if (event.type == SDL_KEYUP) enter_as_space = false;
            }
            // A finger lifted from a touch screen leaves no pointer behind: the next frame but one
            // forgets where it was (below), else whatever lay under it stayed hovered, its hint or
            // tooltip up for good and its item lit for the next tap (a whiteboard teacher's review).
            // A mouse, or a touch moving again, brings the pointer back.
            if (event.type == SDL_MOUSEBUTTONUP && event.button.which == SDL_TOUCH_MOUSEID) touch_lifted_frames = 2;
            if (event.type == SDL_MOUSEMOTION && event.motion.which != SDL_TOUCH_MOUSEID) pointer_moved_here = true;
            if ((event.type == SDL_MOUSEMOTION && event.motion.which != SDL_TOUCH_MOUSEID) || event.type == SDL_MOUSEBUTTONDOWN ||
                event.type == SDL_MOUSEWHEEL || (event.type == SDL_MOUSEMOTION && event.motion.state != 0)) {
                touch_lifted_frames = 0;
                pointer_forgotten = false;
            }
            if (!(tab && event.type == SDL_KEYDOWN && app.takes_tab()) && !shortcut_text) ImGui_ImplSDL2_ProcessEvent(&event);
            // The modifiers as the key's own event has them: Dear ImGui 1.86's backend reads SDL's
            // state now, which may be past their release (keys sent in a burst, by xdotool or a
            // fast hand: Shift+Left moved the caret in a label and selected nothing, Ctrl+A did
            // not select: a recheck)
            if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) {
                const Uint16 mod = event.key.keysym.mod;
                io.KeyShift = (mod & KMOD_SHIFT) != 0;
                io.KeyCtrl = (mod & KMOD_CTRL) != 0;
                io.KeyAlt = (mod & KMOD_ALT) != 0;
                io.KeySuper = (mod & KMOD_GUI) != 0;
            }
            if (event.type == SDL_QUIT) done = app.request_quit();
            if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
                event.window.windowID == SDL_GetWindowID(window))
                done = app.request_quit();
            if (event.type == SDL_KEYDOWN) app.queue_key(event.key.keysym.sym, event.key.keysym.mod);
            if (event.type == SDL_DROPFILE) {
                app.open_file(event.drop.file);
                SDL_free(event.drop.file);
            }
            // a key pressed gets a frame of its own before its release: Dear ImGui 1.86 reads keys
            // as held or not at each frame, and a press and release read in one frame (a quick tap
            // while the window draws continuously, as it does while a question fades in) is no
            // key at all: Esc would leave the unsaved-changes question open
            if (event.type == SDL_KEYDOWN) break;
            have_event = SDL_PollEvent(&event) != 0;
        }
        if (g_stop_requested != 0) break;  // a signal: on_exit() below autosaves
        if (!busy && frames_to_draw == 0) {
            // else a typed dt sits unsaved until the next event; the scene's file edited elsewhere
            // is reopened (or said to have changed) without waiting for one
            if (app.idle()) frames_to_draw = 3;
            continue;
        }
        frames_to_draw = std::max(0, frames_to_draw - 1);

        if (options.bench_frames) app.bench_step(frame_index);

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        // Dear ImGui 1.86's backend reads the pointer from SDL's global position, which SDL keeps
        // from XInput2's raw device motion, and a pointer warped there by another program (xdotool,
        // an absolute-pointing whiteboard or remote-desktop driver) sends none: the pointer stayed
        // where it was for Dear ImGui, a field's hint up over the time bar and a plot's readout
        // frozen until a click (a teacher's review). So whichever moved last says where it is: the
        // window's own motion events where one came and the global position has not moved since
        // (the global one where it moved: SDL's mouse focus can outlast a pointer taken away by
        // another program's grab, a window overview or a screenshot tool, which sends the window
        // no motion: a code review). With a button held too: the window has the pointer captured
        // then, and its motion events say where it is past the window's edge as well (SDL does not
        // clamp them to the window while it is captured).
        int global_x = 0;
        int global_y = 0;
        SDL_GetGlobalMouseState(&global_x, &global_y);
        const bool global_moved = global_x != last_global.x || global_y != last_global.y;
        last_global = {global_x, global_y};
        if (global_moved) pointer_moved_here = false;
        if (pointer_moved_here && SDL_GetMouseFocus() == window && io.MousePos.x > -FLT_MAX) {
            int x = 0;
            int y = 0;
            SDL_GetMouseState(&x, &y);
            io.MousePos = ImVec2(static_cast<float>(x), static_cast<float>(y));
        }
        // (counted from the first frame Dear ImGui sees the button up: a tap whose press and release
        // came in one batch is held down a frame by the backend, and its release, a button's click,
        // must still find the pointer where it was: a code review)
        if (touch_lifted_frames > 0 && !io.MouseDown[0] && --touch_lifted_frames == 0) pointer_forgotten = true;
        if (pointer_forgotten) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
        ImGui::NewFrame();
        const FrameRequests requests = app.frame(io.DeltaTime);
        ImGui::Render();
        const auto ui_built = std::chrono::steady_clock::now();
        // A frame whose panels still differ from the last one's (a menu resizing to a new UI
        // scale, a list growing its scroll bar) is followed by another, up to a limit, though no
        // event comes: a tap that changed the layout left the old one on the screen until the next
        // input, and a finger at rest on a whiteboard gives none (a whiteboard teacher's review).
        if (!options.bench_frames) {
            const std::uint64_t signature = draw_data_signature(*ImGui::GetDrawData());
            if (signature != last_signature && frames_to_draw == 0 && settling_frames < kMaxSettlingFrames) {
                frames_to_draw = 1;
                ++settling_frames;
            } else if (signature == last_signature) {
                settling_frames = 0;
            }
            last_signature = signature;
        }

        int width = 0;
        int height = 0;
        SDL_GL_GetDrawableSize(window, &width, &height);
        const double ratio = io.DisplaySize.x > 0 ? width / static_cast<double>(io.DisplaySize.x) : 1.0;
        last_ratio = ratio;
        glViewport(0, 0, width, height);
        // One clear of the whole window paints the canvas and the docked panels' background (they
        // draw none of their own): on a software rasteriser like Mesa's llvmpipe a full clear is
        // nearly free, while shading those pixels again would cost more than the whole canvas.
        const Rgba background = app.picture().background;
        glClearColor(background.r, background.g, background.b, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        DrawTarget target;
        target.framebuffer_size = {width, height};
        target.canvas_origin_px = app.canvas_origin() * ratio;
        target.pixel_ratio = ratio;
        target.clip_px = glm::ivec4(glm::round(app.canvas_origin() * ratio), glm::round(app.canvas_size() * ratio));
        target.clear_first = false;
        (*renderer)->draw(app.picture(), target);
        if (const Picture* plot = app.plot_picture()) {
            DrawTarget plot_target = target;
            plot_target.canvas_origin_px = app.plot_origin() * ratio;
            plot_target.clip_px = glm::ivec4(glm::round(app.plot_origin() * ratio), glm::round(app.plot_size() * ratio));
            (*renderer)->draw(*plot, plot_target);
        }
        if (breakdown) glFinish();
        const auto canvas_drawn = std::chrono::steady_clock::now();
        // the canvas and plot labels (on the background list) are drawn smaller than they were baked
        const ImDrawList* const scaled_text[] = {ImGui::GetBackgroundDrawList()};
        (*ui_renderer)->draw(*ImGui::GetDrawData(), scaled_text);
        if (breakdown) glFinish();
        const auto panels_drawn = std::chrono::steady_clock::now();
        if (options.screenshot && frame_index == kScreenshotFrame) {
            if (auto error = write_png(read_framebuffer(width, height), *options.screenshot)) {
                std::fprintf(stderr, "tangent: %s\n", error->message.c_str());
                exit_code = 1;
            }
            done = true;
        }
        SDL_GL_SwapWindow(window);
        if (cap_frames) {
            // where the swap does not wait for the display (no vsync: a virtual machine, a remote
            // desktop, Xvfb), a frame a refresh at most: else playback and a drag drew as fast as
            // they could, 100 frames a second and a core and a half (a soak test). (With vsync the
            // swap has waited already, and this waits no more.)
            const auto next = frame_start + std::chrono::microseconds(950'000 / refresh_hz());
            if (std::chrono::steady_clock::now() < next) std::this_thread::sleep_until(next);
        }

        // whenever the window settles (the panels' first frames still size themselves, and an
        // edit can move the fields below it): as it goes idle, or every dozen frames if it never does
        if (options.report_layout && (frames_to_draw == 0 || frame_index % kScreenshotFrame == kScreenshotFrame - 1)) {
            int x = 0;
            int y = 0;
            SDL_GetWindowPosition(window, &x, &y);
            write_layout_report(*options.report_layout, layout_report(app, {x, y}, ratio, frame_index), layout_written, layout_failure);
        }
        if (options.bench_frames) {
            glFinish();
            const auto end = std::chrono::steady_clock::now();
            const auto ms = [](auto from, auto to) { return std::chrono::duration<double, std::milli>(to - from).count(); };
            frame_ms.push_back(ms(frame_start, end));
            part_ms[0].push_back(ms(frame_start, ui_built));
            part_ms[1].push_back(ms(ui_built, canvas_drawn));
            part_ms[2].push_back(ms(canvas_drawn, panels_drawn));
            part_ms[3].push_back(ms(panels_drawn, end));
            if (frame_index + 1 >= *options.bench_frames) done = true;
        }
        ++frame_index;

        if (requests.quit) done = true;
        if ((SDL_GetWindowFlags(window) & (SDL_WINDOW_MAXIMIZED | SDL_WINDOW_FULLSCREEN | SDL_WINDOW_FULLSCREEN_DESKTOP)) == 0 && !windowed_bounds)
            SDL_GetWindowSize(window, &normal_size.x, &normal_size.y);
        if (fullscreen_for_tour) {
            set_fullscreen(window, true, windowed_bounds);
            fullscreen_for_tour = false;
        }
        if (requests.fullscreen) set_fullscreen(window, *requests.fullscreen, windowed_bounds);
        if (requests.figure)
            app.figure_written(requests.figure->file.path,
                               write_figure(renderer.value().get(), requests.figure->picture, requests.figure->file));
        const std::string title = app.title();
        if (title != shown_title) {
            set_window_title(window, title);
            shown_title = title;
        }
        // the user's own text in a script the fonts lack (a pupil's name in Polish, a note in
        // Greek, a file name in Cyrillic, or what is being typed in any field): baked for the next
        // frame, a block of characters at a time (else ImGui draws each such letter as '?')
        std::u32string shown;
        const std::string user_text = app.user_text();
        for (std::size_t at = 0; at < user_text.size();) shown += next_code_point(user_text, at);
        if (has_right_to_left(app.scene_text())) app.say_right_to_left();  // (not a recent file's name)
        if (const ImGuiInputTextState* typing = ImGui::GetInputTextState(ImGui::GetActiveID()))
            for (const ImWchar c : typing->TextW) shown += c;
        const bool more_glyphs = wish_glyphs(fonts, shown, glyph_blocks, most_glyph_blocks);
        if (more_glyphs) frames_to_draw = std::max(frames_to_draw, 2);
        if (more_glyphs || requests.rebuild_fonts || app.theme() != styled_theme || app.ui_scale() != styled_scale) {
            if (more_glyphs || requests.rebuild_fonts || app.ui_scale() != styled_scale) {
                if (app.ui_scale() != styled_scale) most_glyph_blocks = kMostGlyphBlocks;
                fonts = load_fonts(*io.Fonts, app.ui_scale(), glyph_blocks);
                // the user's blocks last in, first out, if the atlas would not fit a texture
                while (!glyph_blocks.empty()) {
                    unsigned char* pixels = nullptr;
                    int atlas_width = 0;
                    int atlas_height = 0;
                    io.Fonts->GetTexDataAsRGBA32(&pixels, &atlas_width, &atlas_height);
                    if (std::max(atlas_width, atlas_height) <= max_texture_size) break;
                    glyph_blocks.pop_back();
                    most_glyph_blocks = glyph_blocks.size();  // (not asked for again at this scale)
                    fonts = load_fonts(*io.Fonts, app.ui_scale(), glyph_blocks);
                }
                app.set_fonts(fonts);
                ImGui_ImplOpenGL3_DestroyFontsTexture();
                ImGui_ImplOpenGL3_CreateFontsTexture();
                // on the GPU now: the atlas's CPU copies go (with a dozen blocks at UI scale 3
                // they held 200 MB: a code review)
                io.Fonts->ClearTexData();
            }
            styled_theme = app.theme();
            styled_scale = app.ui_scale();
            apply_style(styled_theme, styled_scale);
        }
    }
    if (options.report_layout) {  // once more, as the window closes: what the session ended with
        int x = 0;
        int y = 0;
        SDL_GetWindowPosition(window, &x, &y);
        write_layout_report(*options.report_layout, layout_report(app, {x, y}, last_ratio, frame_index), layout_written, layout_failure);
    }
    if (!app.on_exit() && exit_code == 0) exit_code = 1;
    if (keeps_size && state.usable()) {
        // as it was before full screen (F11, the tour), else as it is now
        SessionStore::WindowSize closing;
        if (windowed_bounds) {
            closing = {windowed_bounds->bounds.w, windowed_bounds->bounds.h, windowed_bounds->maximized};
        } else {
            SDL_GetWindowSize(window, &closing.width, &closing.height);
            closing.maximized = (SDL_GetWindowFlags(window) & SDL_WINDOW_MAXIMIZED) != 0;
        }
        if (closing.maximized) closing = {normal_size.x, normal_size.y, true};
        if (closing != kept_size.value_or(SessionStore::WindowSize{}))
            if (auto error = state.remember_window_size(closing)) std::fprintf(stderr, "tangent: %s\n", error->message.c_str());
    }

    if (options.bench_frames && !frame_ms.empty()) {
        // the first frames build font textures and shader caches: report the steady state
        std::vector<double> sorted(frame_ms.begin() + std::min<std::size_t>(10, frame_ms.size() / 10), frame_ms.end());
        std::sort(sorted.begin(), sorted.end());
        const auto at = [&](double q) { return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted.size())))]; };
        std::printf("frames %zu at %dx%d: median %.2f ms, p99 %.2f ms, max %.2f ms\n", sorted.size(), options.size.x,
                    options.size.y, at(0.5), at(0.99), sorted.back());
        const auto median = [](std::vector<double> v) {
            std::sort(v.begin(), v.end());
            return v[v.size() / 2];
        };
        if (breakdown)
            std::printf("  medians: build UI and picture %.2f ms, draw canvas %.2f ms, draw panels %.2f ms, swap %.2f ms\n",
                        median(part_ms[0]), median(part_ms[1]), median(part_ms[2]), median(part_ms[3]));
        const ImDrawData* panels = ImGui::GetDrawData();
        std::printf("  last frame: %zu canvas shapes in %zu draw calls, %d panel vertices in %d draw lists, %zu draw calls\n",
                    (*renderer)->last_instance_count(), (*renderer)->last_draw_calls(), panels->TotalVtxCount,
                    panels->CmdListsCount, (*ui_renderer)->last_draw_calls());
    }

    ui_renderer.value().reset();
    renderer.value().reset();
    shut_down();
    return exit_code;
}

}  // namespace tangent::ui
