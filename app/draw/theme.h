#pragma once
// Colours and sizes for each theme. The hues are the Okabe-Ito palette (Okabe & Ito 2008),
// which stays distinct for the common colour-vision deficiencies, but for B on white, a dark wine.
// A, B, the closest approach (bluish green) and the missed contact (vermillion) never share a
// hue; in the light and print themes A (blue) and B (dark wine) also differ in lightness, so
// they differ in greyscale and for a protanope (who saw Okabe-Ito's reddish purple as A's blue).

#include "core/encounter.h"
#include "picture.h"
#include "scene/scene.h"

namespace tangent {

struct Palette {
    Rgba background;
    Rgba grid;
    Rgba grid_major;
    Rgba axis;
    Rgba text;
    Rgba text_muted;
    Rgba body[2];        ///< A and B
    Rgba closest;        ///< the closest approach
    Rgba contact;        ///< contact point and normal
    Rgba sample;         ///< a sample where the overlap check is silent
    Rgba sample_hit;     ///< a sample where it fires
    Rgba missed;         ///< the tunnelling banner and capsules
    Rgba handle;         ///< hover highlight
    Rgba badge_text;
    float line_scale;    ///< print draws thicker lines
    /// Opacity of a body's path behind it (dashed) and ahead of it: on a light background the
    /// lighter body colours need more of it to stand out (a WCAG contrast of 2:1 or more for the past).
    float path_past_alpha = 0.45f;
    float path_future_alpha = 0.85f;
    /// The dashed ghosts at the first and last contact: the last one's opacity, and a factor on
    /// both lines' widths. Light backgrounds, washed out further by a projector, need them whole
    /// and wider (at 1.5 px, the light theme's last-contact ghost of B would be 1.8:1).
    float ghost_exit_alpha = 0.6f;
    float ghost_line_scale = 1.0f;
    /// The closest approach's dotted outlines: see-through on the dark page, whole on a light one.
    float closest_outline_alpha = 0.85f;
};

[[nodiscard]] const Palette& palette(Theme theme);

/// The badge colour for a case, never a body's in that theme (a yellow GRAZE beside the yellow B
/// reads as "about B"): hit vermillion, graze orange, miss bluish green (the
/// closest approach's: a miss is decided there), receding and static two light greys (no contact
/// ahead), overlapping reddish purple (yellow on white, beside B's wine). Also told apart from
/// the bodies and from each other as a deuteranope sees them.
[[nodiscard]] Rgba case_color(Case kind, Theme theme);

/// The case colour for text on the theme's background: the badge colour darkened (light, print)
/// or lightened (dark) until it stands out by a contrast ratio of at least kTextContrast (yellow
/// text on white is unreadable).
[[nodiscard]] Rgba case_text_color(Case kind, Theme theme);

/// `color` (made opaque) for text on `background`: darkened or lightened, keeping its hue, until
/// it stands out by a contrast ratio of at least kTextContrast (for every viewer: color_on).
[[nodiscard]] Rgba text_color_on(Rgba color, const Rgba& background);

/// `color` (made opaque) darkened or lightened, keeping its hue, until it stands out from
/// `background` by a contrast ratio of at least `contrast`, as seen with normal colour vision
/// and by a protanope and a deuteranope (Machado et al. 2009).
[[nodiscard]] Rgba color_on(Rgba color, const Rgba& background, double contrast);

/// `color`, with its alpha, over the opaque `background`: the opaque colour seen (blended in sRGB,
/// as the renderers blend).
[[nodiscard]] Rgba over(const Rgba& color, const Rgba& background);

/// WCAG 2 contrast ratio (L1 + 0.05) / (L2 + 0.05) of two opaque sRGB colours, L the relative luminance.
[[nodiscard]] double contrast_ratio(const Rgba& a, const Rgba& b);

/// At least WCAG's AA level for text.
inline constexpr double kTextContrast = 4.5;
/// WCAG's level for lines and shapes that carry meaning (non-text contrast).
inline constexpr double kLineContrast = 3.0;

[[nodiscard]] Rgba to_rgba(const Color& color);

}  // namespace tangent
