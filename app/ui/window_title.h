#pragma once
// The window's title, as window managers read it.

#include <string>

struct SDL_Window;

namespace tangent::ui {

/// Sets the title (UTF-8). On X11 it also writes the two properties window managers read itself:
/// SDL converts them through the C library's locale, and in the "C" locale a file name with a
/// dash – or a bullet • left _NET_WM_NAME on the previous file's name and made WM_NAME mojibake
/// (a locale review). _NET_WM_NAME gets the UTF-8 bytes as they are; WM_NAME, whose STRING type
/// is Latin-1 (ICCCM), gets the title in Latin-1 with '?' for what Latin-1 lacks.
void set_window_title(SDL_Window* window, const std::string& title);

/// The title as Latin-1 bytes, each character Latin-1 lacks as '?' (and malformed UTF-8 too).
[[nodiscard]] std::string latin1_title(const std::string& utf8);

}  // namespace tangent::ui
