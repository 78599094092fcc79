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
constexpr unsigned kOrange = 0xE69F00;
constexpr unsigned kSkyBlue = 0x56B4E9;
constexpr unsigned kBluishGreen = 0x009E73;
constexpr unsigned kYellow = 0xF0E442;
constexpr unsigned kBlue = 0x0072B2;
constexpr unsigned kVermillion = 0xD55E00;
constexpr unsigned kReddishPurple = 0xCC79A7;
// B on white: a dark wine, not the Okabe-Ito reddish purple, which a protanope sees as A's blue
// (CIE ΔE 22 between the two as drawn, lightness 6 apart; the wine: ΔE 40, 24 apart), and which
// a projector washes out (3.2:1 on the page, the wine 8.5:1)
constexpr unsigned kWine = 0x882244;
// B in print: darker still, so that A and B are greys well apart however a printer makes grey
// (0.30 R + 0.59 G + 0.11 B, PostScript's: the wine was 68 of 255 beside the blue's 87, the
// ghosts of both one dark grey: a colour-vision review; this one is 42)
constexpr unsigned kDarkWine = 0x5A1030;

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
    .sample = rgb(0xFFFFFF, 0.55f),
    .sample_hit = rgb(kVermillion),
    .missed = rgb(kVermillion),
    .handle = rgb(0xFFFFFF, 0.9f),
    .badge_text = rgb(0x101114),
    .line_scale = 1.0f,
    .path_past_alpha = 0.55f,  // sky blue's past 3.2:1 on the background (0.45: 2.6:1)
    .path_future_alpha = 0.85f,
};

const Palette kLight{
    .background = rgb(0xFAFAF7),
    .grid = rgb(0x000000, 0.06f),
    .grid_major = rgb(0x000000, 0.13f),
    .axis = rgb(0x000000, 0.5f),
    .text = rgb(0x1B1D22),
    .text_muted = rgb(0x5C6370),
    .body = {rgb(kBlue), rgb(kWine)},
    .closest = rgb(kBluishGreen),
    .contact = rgb(0x1B1D22),
    .sample = rgb(0x000000, 0.55f),
    .sample_hit = rgb(kVermillion),
    .missed = rgb(kVermillion),
    .handle = rgb(0x000000, 0.85f),
    .badge_text = rgb(0x101114),
    .line_scale = 1.0f,
    .path_past_alpha = 0.85f,  // faint, still seen on a washed-out projector (the light theme's use)
    .path_future_alpha = 1.0f,
    .ghost_exit_alpha = 1.0f,
    .ghost_line_scale = 1.4f,
    .closest_outline_alpha = 1.0f,
};

// Print: white paper, thicker lines; A blue and B a darker wine differ in lightness too.
const Palette kPrint{
    .background = rgb(0xFFFFFF),
    .grid = rgb(0x000000, 0.08f),
    .grid_major = rgb(0x000000, 0.16f),
    .axis = rgb(0x000000, 0.6f),
    .text = rgb(0x000000),
    .text_muted = rgb(0x404040),
    .body = {rgb(kBlue), rgb(kDarkWine)},
    .closest = rgb(kBluishGreen),
    .contact = rgb(0x000000),
    .sample = rgb(0x000000, 0.55f),
    .sample_hit = rgb(kVermillion),
    .missed = rgb(kVermillion),
    .handle = rgb(0x000000),
    .badge_text = rgb(0x000000),
    .line_scale = 1.6f,
    .path_past_alpha = 0.75f,
    .path_future_alpha = 1.0f,
    .ghost_exit_alpha = 1.0f,
    .closest_outline_alpha = 1.0f,
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

Rgba case_color(Case kind, Theme theme) {
    switch (kind) {
        case Case::Hit: return rgb(kVermillion);
        case Case::Graze: return rgb(kOrange);
        case Case::Miss: return rgb(kBluishGreen);
        // greys apart from the reddish purple, as a deuteranope sees it (mid grey): else STATIC
        // and OVERLAPPING look alike; on white, boxes dark enough to show
        case Case::Receding: return rgb(theme == Theme::Dark ? 0xE6E8EB : 0xB0B5BC);
        case Case::Overlapping: return rgb(theme == Theme::Dark ? kReddishPurple : kYellow);
        case Case::Static: return rgb(theme == Theme::Dark ? 0xB8BEC6 : 0xCCD1D8);
    }
    return rgb(0xB8BEC6);
}

Rgba over(const Rgba& color, const Rgba& background) {
    const float a = color.a;
    return {color.r * a + background.r * (1.0f - a), color.g * a + background.g * (1.0f - a), color.b * a + background.b * (1.0f - a), 1.0f};
}

namespace {

double linear(float v) {
    const double x = std::clamp(static_cast<double>(v), 0.0, 1.0);
    return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
}

/// WCAG's (L1 + 0.05) / (L2 + 0.05) of two relative luminances.
double ratio_of(double la, double lb) { return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05); }

/// The relative luminance of the linear RGB `c` as a viewer sees it through `m`, a colour-vision
/// simulation on linear RGB (Machado, Oliveira & Fernandes 2009, severity 1), clamped to the gamut.
double luminance_seen(const double (&c)[3], const double (&m)[3][3]) {
    const auto row = [&](int i) { return std::clamp(m[i][0] * c[0] + m[i][1] * c[1] + m[i][2] * c[2], 0.0, 1.0); };
    return 0.2126 * row(0) + 0.7152 * row(1) + 0.0722 * row(2);
}

constexpr double kProtanopia[3][3] = {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}};
constexpr double kDeuteranopia[3][3] = {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}};

/// The smallest contrast of `a` on `b` as seen with normal colour vision, protanopia and
/// deuteranopia (a protanope sees red darker: vermillion text 4.6:1 on the dark page was 3.6:1).
double contrast_for_everyone(const Rgba& a, const Rgba& b) {
    // (each colour linearised once: color_on() asks this at every step, for every label each frame)
    const double la[3] = {linear(a.r), linear(a.g), linear(a.b)};
    const double lb[3] = {linear(b.r), linear(b.g), linear(b.b)};
    const auto normal = [](const double (&c)[3]) { return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };
    return std::min({ratio_of(normal(la), normal(lb)), ratio_of(luminance_seen(la, kProtanopia), luminance_seen(lb, kProtanopia)),
                     ratio_of(luminance_seen(la, kDeuteranopia), luminance_seen(lb, kDeuteranopia))});
}

}  // namespace

double contrast_ratio(const Rgba& a, const Rgba& b) {
    // relative luminance: 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB channels
    const auto luminance = [](const Rgba& c) { return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b); };
    return ratio_of(luminance(a), luminance(b));
}

Rgba case_text_color(Case kind, Theme theme) { return text_color_on(case_color(kind, theme), palette(theme).background); }

Rgba text_color_on(Rgba color, const Rgba& background) { return color_on(color, background, kTextContrast); }

Rgba color_on(Rgba color, const Rgba& background, double contrast) {
    color.a = 1.0f;
    // towards black on a light background, towards white on a dark one, in small steps, keeping the hue
    const bool light = contrast_ratio(background, rgb(0x000000)) > contrast_ratio(background, rgb(0xFFFFFF));
    for (int step = 0; step < 64 && contrast_for_everyone(color, background) < contrast; ++step) {
        const float keep = 0.95f;
        if (light) {
            color = {color.r * keep, color.g * keep, color.b * keep, 1.0f};
        } else {
            color = {1.0f - (1.0f - color.r) * keep, 1.0f - (1.0f - color.g) * keep, 1.0f - (1.0f - color.b) * keep, 1.0f};
        }
    }
    return color;
}

Rgba to_rgba(const Color& color) { return {color.r, color.g, color.b, 1.0f}; }

}  // namespace tangent
