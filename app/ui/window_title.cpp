#include "window_title.h"

#include <SDL.h>
#include <SDL_syswm.h>

#if defined(SDL_VIDEO_DRIVER_X11)
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#endif

#include "draw/text_metrics.h"

namespace tangent::ui {

std::string latin1_title(const std::string& utf8) {
    std::string latin1;
    for (std::size_t at = 0; at < utf8.size();) {
        const char32_t c = next_code_point(utf8, at);
        latin1 += c < 0x100 && c != 0 ? static_cast<char>(c) : '?';
    }
    return latin1;
}

void set_window_title(SDL_Window* window, const std::string& title) {
    SDL_SetWindowTitle(window, title.c_str());
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) != SDL_TRUE || info.subsystem != SDL_SYSWM_X11) return;
    Display* display = info.info.x11.display;
    const ::Window xwindow = info.info.x11.window;
    const auto bytes = [](const std::string& text) { return reinterpret_cast<const unsigned char*>(text.data()); };
    const std::string latin1 = latin1_title(title);
    XChangeProperty(display, xwindow, XA_WM_NAME, XA_STRING, 8, PropModeReplace, bytes(latin1), static_cast<int>(latin1.size()));
    const Atom utf8_string = XInternAtom(display, "UTF8_STRING", False);
    const Atom net_wm_name = XInternAtom(display, "_NET_WM_NAME", False);
    XChangeProperty(display, xwindow, net_wm_name, utf8_string, 8, PropModeReplace, bytes(title), static_cast<int>(title.size()));
    XFlush(display);
#endif
}

}  // namespace tangent::ui
