#include "display_scale.h"

#include <SDL.h>
#include <SDL_syswm.h>

#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xlib.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

namespace tangent::ui {

float scale_for_dpi(double dpi) {
    if (!std::isfinite(dpi) || !(dpi > 0.0)) return 1.0f;
    // very high readings from virtual displays are held to 3
    return static_cast<float>(std::clamp(std::round(dpi / 96.0 * 4.0) / 4.0, 1.0, 3.0));
}

std::optional<double> xft_dpi(std::string_view resources) {
    // the last definition wins, as xrdb merges them; a value is a number and nothing else
    constexpr std::string_view kKey = "Xft.dpi:";
    std::optional<double> found;
    for (std::size_t at = 0; at < resources.size();) {
        std::size_t end = resources.find('\n', at);
        if (end == std::string_view::npos) end = resources.size();
        const std::string_view line = resources.substr(at, end - at);
        at = end + 1;
        if (line.substr(0, kKey.size()) != kKey) continue;
        const std::string value(line.substr(kKey.size()));
        char* stop = nullptr;
        const double dpi = std::strtod(value.c_str(), &stop);
        while (*stop == ' ' || *stop == '\t' || *stop == '\r') ++stop;
        if (stop != value.c_str() && *stop == '\0' && std::isfinite(dpi) && dpi > 0.0) found = dpi;
    }
    return found;
}

float display_scale(SDL_Window* window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    Display* x_display = nullptr;
    if (SDL_GetWindowWMInfo(window, &info) == SDL_TRUE && info.subsystem == SDL_SYSWM_X11) x_display = info.info.x11.display;
    // the desktop's own setting first: a user who set 96 on a dense panel wants no scaling
    if (x_display != nullptr) {
        if (const char* resources = XResourceManagerString(x_display))
            if (const std::optional<double> dpi = xft_dpi(resources)) return scale_for_dpi(*dpi);
    }
#endif
    float dpi = 0.0f;
    const int display = SDL_GetWindowDisplayIndex(window);
    if (SDL_GetDisplayDPI(display < 0 ? 0 : display, &dpi, nullptr, nullptr) == 0 && dpi > 0.0f) return scale_for_dpi(dpi);
#if defined(SDL_VIDEO_DRIVER_X11)
    // SDL reads the DPI from XRandR's outputs, which Xvfb and some drivers leave without a size:
    // then the X screen's own pixels over millimetres (Xvfb -dpi 192; Xorg's 96 by default)
    if (x_display != nullptr) {
        const int screen = DefaultScreen(x_display);
        const int millimetres = DisplayWidthMM(x_display, screen);
        if (millimetres > 0) return scale_for_dpi(DisplayWidth(x_display, screen) * 25.4 / millimetres);
    }
#endif
    return 1.0f;
}

}  // namespace tangent::ui
