#include "theme.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tangent {

namespace {

constexpr Rgba rgb(unsigned hex, float alpha = 1.0f) {
    return {static_cast<float>((hex >> 16) & 0xFF) / 255.0f, static_cast<float>((hex >> 8) & 0xFF) / 255.0f,
            static_cast<float>(hex & 0xFF) / 255.0f, alpha};
}

// Okabe-Ito
constexpr unsigned kSkyBlue = 0x56B4E9;
constexpr unsigned kBluishGreen = 0x009E73;
constexpr unsigned kYellow = 0xF0E442;
constexpr unsigned kBlue = 0x0072B2;
constexpr unsigned kVermillion = 0xD55E00;
constexpr unsigned kReddishPurple = 0xCC79A7;

const Palette kDark{
    .background = rgb(0x16181D),
    .grid = rgb(0xFFFFFF, 0.06f),
    .grid_major = rgb(0xFFFFFF, 0.13f),
    .axis = rgb(0xFFFFFF, 0.45f),
    .text = rgb(0xECEFF4),
    .text_muted = rgb(0xA7ADBA),
    .body = {rgb(kSkyBlue), rgb(kYellow)},
    .closest = rgb(kBluishGreen),
    .contact = rgb(0xFFFFFF),
    .sample = rgb(0xFFFFFF, 0.35f),
    .sample_hit = rgb(kVermillion),
    .missed = rgb(kVermillion),
    .handle = rgb(0xFFFFFF, 0.9f),
    .badge_text = rgb(0x101114),
    .line_scale = 1.0f,
};

const Palette kLight{
    .background = rgb(0xFAFAF7),
    .grid = rgb(0x000000, 0.06f),
    .grid_major = rgb(0x000000, 0.13f),
    .axis = rgb(0x000000, 0.5f),
    .text = rgb(0x1B1D22),
    .text_muted = rgb(0x5C6370),
    .body = {rgb(kBlue), rgb(kReddishPurple)},
    .closest = rgb(kBluishGreen),
    .contact = rgb(0x1B1D22),
    .sample = rgb(0x000000, 0.35f),
    .sample_hit = rgb(kVermillion),
    .missed = rgb(kVermillion),
    .handle = rgb(0x000000, 0.85f),
    .badge_text = rgb(0x101114),
    .line_scale = 1.0f,
};

// Print: white paper, thicker lines; A dark blue and B light orange differ in lightness too.
const Palette kPrint{
    .background = rgb(0xFFFFFF),
    .grid = rgb(0x000000, 0.08f),
    .grid_major = rgb(0x000000, 0.16f),
    .axis = rgb(0x000000, 0.6f),
    .text = rgb(0x000000),
    .text_muted = rgb(0x404040),
    .body = {rgb(kBlue), rgb(kReddishPurple)},
    .closest = rgb(kBluishGreen),
    .contact = rgb(0x000000),
    .sample = rgb(0x000000, 0.45f),
    .sample_hit = rgb(kVermillion),
    .missed = rgb(kVermillion),
    .handle = rgb(0x000000),
    .badge_text = rgb(0x000000),
    .line_scale = 1.6f,
};

}  // namespace

const Palette& palette(Theme theme) {
    switch (theme) {
        case Theme::Light: return kLight;
        case Theme::Print: return kPrint;
        case Theme::Dark: break;
    }
    return kDark;
}

Rgba case_color(Case kind, Theme /*theme*/) {
    switch (kind) {
        case Case::Hit: return rgb(kVermillion);
        case Case::Graze: return rgb(kYellow);
        case Case::Miss: return rgb(kBluishGreen);
        case Case::Receding: return rgb(kSkyBlue);
        case Case::Overlapping: return rgb(kReddishPurple);
        case Case::Static: return rgb(0x9AA0A6);
    }
    return rgb(0x9AA0A6);
}

Rgba to_rgba(const Color& color) { return {color.r, color.g, color.b, 1.0f}; }

}  // namespace tangent
