#pragma once
// The display's scale: how much larger than at 96 dpi the window's text and handles are drawn
// before the user's own UI scale multiplies them.

#include <optional>
#include <string_view>

struct SDL_Window;

namespace tangent::ui {

/// The scale for `dpi` dots an inch: dpi / 96 to the nearest quarter (fonts at clean sizes), from
/// 1 to 3; 1 for no reading. So 100 dpi (Xvfb's default) is 1, 144 is 1.5, 192 is 2.
[[nodiscard]] float scale_for_dpi(double dpi);

/// The "Xft.dpi" an X resource database (the root window's RESOURCE_MANAGER, as xrdb loads it)
/// sets: what GNOME, KDE and Xfce write for a high-DPI display, and what GTK and Qt scale by.
[[nodiscard]] std::optional<double> xft_dpi(std::string_view resources);

/// The display's scale for `window`: the desktop's Xft.dpi on X11 where it is set, else SDL's
/// reading of the display's DPI, else the X screen's own (Xvfb -dpi 192), as scale_for_dpi().
[[nodiscard]] float display_scale(SDL_Window* window);

}  // namespace tangent::ui
