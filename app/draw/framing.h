#pragma once
// The fit, what F (fit view) does: the region worth framing, the time span the paths are drawn
// over, the view a scene asks for at a canvas size (room kept for the overlays and the caption),
// and the scale the overlays are drawn at.

#include <glm/vec2.hpp>

#include "core/encounter.h"
#include "core/response.h"
#include "scene/scene.h"
#include "view.h"

namespace tangent {

/// The world region worth framing: both paths over the time span shown, the bodies, the
/// closest approach and the contact ghosts (what "fit view" frames), in the frame and motion
/// the picture shows (the response bends the paths; the relative frame follows A).
/// With `whole_paths` false, the paths only until a little after the last contact or the
/// closest approach: the story where the whole paths would leave the bodies too small to read.
/// The velocity arrows as drawn at every time in that span where that costs a canvas of this
/// `aspect` (width / height; 0: unknown) at most 10% of the scale, else as drawn at its start.
[[nodiscard]] Bounds content_bounds(const Scene& scene, const Encounter& encounter, const Impact* impact = nullptr,
                                    double relative_blend = 0.0, bool whole_paths = true, double aspect = 0.0);

/// The time span the paths are drawn over: [0, horizon], widened to take in the contact and
/// the closest approach when they are near it.
struct TimeSpan {
    double begin = 0.0;
    double end = 0.0;
};
[[nodiscard]] TimeSpan path_span(const Scene& scene, const Encounter& encounter);

/// The view a scene asks for at this canvas size: its saved centre and zoom, or a fit that
/// leaves room for the overlays drawn at `scale` (and for the caption along the bottom, when
/// `caption`: the picture draws it).
[[nodiscard]] View scene_view(const Scene& scene, const Encounter& encounter, glm::dvec2 size_px, float scale = 1.0f,
                              const Impact* impact = nullptr, double relative_blend = 0.0, bool caption = false);

/// The scale the overlays (the case badge, the MISSED banner and their sentences) are drawn at
/// on a canvas `size_px` big: `scale`, but no larger than lets their stack take 45% of the
/// canvas's height (on a small window at a projector's UI scale they would cover the scene), nor
/// smaller than 0.6 (or `scale`, if less): on a canvas under about 240 px the stack takes more.
/// `banner`: the MISSED banner is shown too.
[[nodiscard]] float overlay_scale(glm::dvec2 size_px, float scale, bool banner);

}  // namespace tangent
