#pragma once
// Screenshots: X Window Dump files (what `xwd` writes) read into plain RGB, and saved as PNG.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tangent::test {

struct Rgb {
    int r = 0;
    int g = 0;
    int b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

/// "#rrggbb"
std::string to_string(Rgb color);
/// From "#rrggbb"; throws on anything else.
Rgb parse_hex_color(std::string_view text);
/// The largest per-channel difference.
int channel_distance(Rgb a, Rgb b);

struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;  ///< row-major, 3 bytes per pixel, top row first

    /// The pixel at (x, y); throws when that is outside the image.
    [[nodiscard]] Rgb at(int x, int y) const;
};

/// Reads an XWD file (version 7, ZPixmap, TrueColor/DirectColor at 24 or 32 bits per pixel, either
/// byte order); throws std::runtime_error saying what it could not read.
RgbImage parse_xwd(std::string_view bytes);

/// Writes `image` as a PNG; throws when it cannot.
void write_png(const RgbImage& image, const std::string& path);

}  // namespace tangent::test
