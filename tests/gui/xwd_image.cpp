#include "xwd_image.h"

#include <stb/stb_image_write.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace tangent::test {

std::string to_string(Rgb color) {
    char text[16];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", color.r & 0xFF, color.g & 0xFF, color.b & 0xFF);
    return text;
}

Rgb parse_hex_color(std::string_view text) {
    if (text.size() != 7 || text[0] != '#' || text.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string_view::npos)
        throw std::invalid_argument("not a colour #rrggbb: " + std::string(text));
    const unsigned long value = std::strtoul(std::string(text.substr(1)).c_str(), nullptr, 16);
    return {static_cast<int>((value >> 16) & 0xFF), static_cast<int>((value >> 8) & 0xFF), static_cast<int>(value & 0xFF)};
}

int channel_distance(Rgb a, Rgb b) { return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)}); }

Rgb RgbImage::at(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height)
        throw std::out_of_range("pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") is outside the " +
                                std::to_string(width) + "x" + std::to_string(height) + " image");
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
}

namespace {

// The header's fields, in order (X11/XWDFile.h): 25 unsigned 32-bit numbers.
enum Field {
    kHeaderSize, kFileVersion, kPixmapFormat, kPixmapDepth, kPixmapWidth, kPixmapHeight, kXOffset, kByteOrder,
    kBitmapUnit, kBitmapBitOrder, kBitmapPad, kBitsPerPixel, kBytesPerLine, kVisualClass, kRedMask, kGreenMask,
    kBlueMask, kBitsPerRgb, kColormapEntries, kNColors, kFieldCount = 25
};
constexpr std::uint32_t kXwdFileVersion = 7;
constexpr std::uint32_t kZPixmap = 2;
constexpr std::uint32_t kTrueColor = 4;
constexpr std::uint32_t kDirectColor = 5;
constexpr std::size_t kColorEntrySize = 12;  // pixel (4), red, green, blue (2 each), flags, pad

std::uint32_t read_u32(std::string_view bytes, std::size_t at, bool big_endian) {
    std::uint32_t value = 0;
    for (int k = 0; k < 4; ++k) {
        const auto byte = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(k)]));
        value |= big_endian ? byte << (8 * (3 - k)) : byte << (8 * k);
    }
    return value;
}

/// A channel's 8-bit value from a pixel, through its mask (any width, scaled to 0..255).
int channel(std::uint32_t pixel, std::uint32_t mask) {
    const int shift = std::countr_zero(mask);
    const int bits = std::popcount(mask);
    const std::uint32_t value = (pixel & mask) >> shift;
    const std::uint32_t max = (bits >= 32) ? 0xFFFFFFFFu : ((1u << bits) - 1u);
    return static_cast<int>((static_cast<std::uint64_t>(value) * 255u + max / 2) / max);
}

}  // namespace

RgbImage parse_xwd(std::string_view bytes) {
    const std::size_t header_bytes = kFieldCount * 4;
    if (bytes.size() < header_bytes) throw std::runtime_error("XWD: shorter than its header (" + std::to_string(bytes.size()) + " bytes)");
    // xwd writes the header most significant byte first; accept the other order too
    bool big_endian = true;
    if (read_u32(bytes, kFileVersion * 4, true) != kXwdFileVersion) {
        big_endian = false;
        if (read_u32(bytes, kFileVersion * 4, false) != kXwdFileVersion)
            throw std::runtime_error("XWD: not an X Window Dump of version 7");
    }
    std::array<std::uint32_t, kFieldCount> h{};
    for (std::size_t i = 0; i < kFieldCount; ++i) h[i] = read_u32(bytes, i * 4, big_endian);

    if (h[kPixmapFormat] != kZPixmap) throw std::runtime_error("XWD: pixmap format " + std::to_string(h[kPixmapFormat]) + ", not ZPixmap (2)");
    if (h[kVisualClass] != kTrueColor && h[kVisualClass] != kDirectColor)
        throw std::runtime_error("XWD: visual class " + std::to_string(h[kVisualClass]) + ", not TrueColor or DirectColor");
    const std::uint32_t bpp = h[kBitsPerPixel];
    if (bpp != 24 && bpp != 32) throw std::runtime_error("XWD: " + std::to_string(bpp) + " bits per pixel, not 24 or 32");
    if (h[kRedMask] == 0 || h[kGreenMask] == 0 || h[kBlueMask] == 0) throw std::runtime_error("XWD: a colour mask is 0");
    const std::uint32_t width = h[kPixmapWidth];
    const std::uint32_t height = h[kPixmapHeight];
    const std::size_t bytes_per_pixel = bpp / 8;
    const std::size_t stride = h[kBytesPerLine];
    if (width == 0 || height == 0 || width > 65536 || height > 65536 || stride < width * bytes_per_pixel)
        throw std::runtime_error("XWD: implausible size " + std::to_string(width) + "x" + std::to_string(height) +
                                 " with " + std::to_string(stride) + " bytes per line");
    const std::size_t data_start = std::size_t{h[kHeaderSize]} + std::size_t{h[kNColors]} * kColorEntrySize;
    if (h[kHeaderSize] < header_bytes || bytes.size() < data_start + stride * height)
        throw std::runtime_error("XWD: truncated: " + std::to_string(bytes.size()) + " bytes, the pixels need " +
                                 std::to_string(data_start + stride * height));
    const bool pixels_msb_first = h[kByteOrder] != 0;  // MSBFirst = 1

    RgbImage image;
    image.width = static_cast<int>(width);
    image.height = static_cast<int>(height);
    image.rgb.resize(std::size_t{width} * height * 3);
    for (std::size_t y = 0; y < height; ++y) {
        const std::size_t row = data_start + y * stride;
        for (std::size_t x = 0; x < width; ++x) {
            const std::size_t at = row + x * bytes_per_pixel;
            std::uint32_t pixel = 0;
            for (std::size_t k = 0; k < bytes_per_pixel; ++k) {
                const auto byte = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + k]));
                pixel |= pixels_msb_first ? byte << (8 * (bytes_per_pixel - 1 - k)) : byte << (8 * k);
            }
            std::uint8_t* out = &image.rgb[(y * width + x) * 3];
            out[0] = static_cast<std::uint8_t>(channel(pixel, h[kRedMask]));
            out[1] = static_cast<std::uint8_t>(channel(pixel, h[kGreenMask]));
            out[2] = static_cast<std::uint8_t>(channel(pixel, h[kBlueMask]));
        }
    }
    return image;
}

void write_png(const RgbImage& image, const std::string& path) {
    if (!stbi_write_png(path.c_str(), image.width, image.height, 3, image.rgb.data(), image.width * 3))
        throw std::runtime_error("cannot write the PNG " + path);
}

}  // namespace tangent::test
