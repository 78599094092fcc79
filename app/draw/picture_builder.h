#pragma once
// From a scene and its answer to the primitives that show it. The window, the PNG exporter and
// the SVG writer all draw what this builds, so a figure is exactly what the canvas shows.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/discrete.h"
#include "core/encounter.h"
#include "core/response.h"
#include "motion.h"
#include "picture.h"
#include "scene/scene.h"

namespace tangent {

/// What a drag at the cursor would move.
enum class HandleKind : std::uint8_t { None, Body, Velocity, Rim };

struct Handle {
    HandleKind kind = HandleKind::None;
    int body = -1;
    friend bool operator==(const Handle&, const Handle&) = default;
};

/// Everything the picture depends on, computed once per change by the caller: the scene, the
/// core's answers about it, and how it is being looked at.
struct PictureInput {
    const Scene* scene = nullptr;
    const Encounter* encounter = nullptr;
    const SamplingResult* sampling = nullptr;  ///< when the tunnelling demonstration is on
    const Impact* impact = nullptr;            ///< when the collision response is on and applies
    std::optional<Theme> theme;                ///< drawn in this theme, not the scene's (the window's choice)
    View view;
    double time = 0.0;           ///< the moment the bodies are drawn at
    float scale = 1.0f;          ///< multiplies every pixel size: UI scale, DPI, presentation
    Handle hover;                ///< highlighted handle
    double relative_blend = 0.0; ///< 0: the world frame; 1: A still at the origin; between: animating
    bool overlays = true;        ///< the case badge and the tunnelling banner
    /// False: the question alone (an exam's figure, a class asked to predict): no case badge,
    /// banner or sentences, no closest approach, contact ghosts or contact marks, no bounce, and
    /// every overlap check drawn alike, fired or not. What the figure needs to be read stays:
    /// the bodies, paths and their times, the checks' times and the arrows' scale.
    bool answers = true;
    bool caption = false;        ///< the scene's caption along the bottom
    /// "t = …" in the top-right corner (a figure: the window's time bar says it on screen)
    bool time_stamp = false;
    /// The time is running (the window plays the scene): the contact labels keep their places
    /// rather than step off the moving bodies (else they jump 90 px and back as B passes).
    bool playing = false;
    /// The dot at each velocity arrow's tip that the window's drag grabs (its handle where the
    /// arrow is too short to see). A figure has none: printed at --scale 4.5 the dot covered a
    /// short arrow's head, and the body read as still (a figure author's review).
    bool tip_handles = true;
};

[[nodiscard]] Picture build_picture(const PictureInput& input);

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

/// The most sampled checks the canvas draws (past this they would only paint the path solid):
/// those around the contact, or around the closest approach.
inline constexpr std::int64_t kMaxSamplesDrawn = 600;

/// Whether a body's checks stand too close to draw as outlines of it, in the world frame: it moves
/// less than a quarter of its diameter between two checks (dt far below the contact's length),
/// where the outlines overlap into a band that hides the path, its ticks and the ghosts (an
/// author's figure of dt = 0.02 against a contact of 0.31). Each of its checks is then a dot at its
/// centre, and only the first to find the overlap an outline. (Alike at any zoom: the band is the
/// same shape at every size.) A body at rest has its checks on one spot: not too close.
[[nodiscard]] bool checks_too_close(const Body& body, double dt);

/// How the checks of a scene's moving bodies are drawn in the world frame (checks_too_close).
enum class ChecksDrawn : std::uint8_t { Outlines, Dots, SomeDots };
[[nodiscard]] ChecksDrawn checks_drawn(const Scene& scene, double dt);

/// The smallest of 1, 2 or 5 times a power of ten that is at least `at_least` (1 for a value
/// that is not positive and finite): the step of every axis and time scale.
[[nodiscard]] double nice_step(double at_least);

/// The grid's spacing in world units for this zoom and UI scale (1, 2 or 5 times a power of ten,
/// lines at least 90 pixels apart, or on a small canvas where that leaves fewer than three lines
/// across its shorter side, as close as 45 pixels): shared by the grid and by Shift-snapping.
[[nodiscard]] double grid_step(const View& view, float scale);

/// A grid line's number on an axis of lines `spacing` apart whose numbers reach `largest` in
/// size, with the digits that tell it from its neighbours, written alike along the axis; in
/// powers of ten, with as many digits as the other axis, whose numbers reach `largest_both`
/// with these.
[[nodiscard]] std::string grid_number(double value, double spacing, double largest, double largest_both = 0.0);

/// Short readable numbers for the canvas: four significant digits, no trailing zeros, a bare
/// exponent ("4e8", "1.5e-7"), whole numbers below a million in full ("12350", not "1.235e4"),
/// and 0 below an absolute 5e-13 (for numbers of a scene's ordinary size; a length or a time of
/// any size goes through short_number(value, 4), short_number_beside() or time_number()).
[[nodiscard]] std::string short_number(double value);
/// The same with `digits` significant digits (1 to 17), and no value below 5e-13 written as 0.
[[nodiscard]] std::string short_number(double value, int digits);
/// Four digits, and 0 for a value within 5e-13 of `size` from 0 (rounding: a coordinate of a
/// scene 1e-20 across read beside its size, not as 0 below an absolute 5e-13).
[[nodiscard]] std::string short_number_beside(double value, double size);
/// A time as the canvas writes it, at `digits` (four, or what contact_time_digits() gave to tell
/// times apart), 0 within 1e-12 of `scale` from 0 (rounding: a touch at t = 0 computed as
/// 1.4e-17), not below an absolute 5e-13 (a scene of radii 1e-20 touches at t = 4e-20).
[[nodiscard]] std::string time_number(double t, int digits, double scale);
/// The scene's scale of time: the horizon, or a contact time or the closest approach beyond it.
[[nodiscard]] double time_scale(const Scene& scene, const Encounter& encounter);
/// The scale t_closest is known to (1e-12 of it): max(|t_closest|, |Δp|/|Δv|). Beside the
/// contact times of circles 1e20 across, t_closest = 2.6 read as 0 on the canvas.
[[nodiscard]] double closest_time_scale(const Encounter& encounter);
/// The digits the contact's times are written with: four, or as many as tell t_enter, t_closest
/// and t_exit apart (a hit lasting 5.7e-5 at t = 1e4 would read "1e4" for all three, as a graze).
[[nodiscard]] int contact_time_digits(const Encounter& e);
/// `x` and `y` in short form, with more digits (up to 17) where the short forms of two different
/// values read alike: (2.000000001, 2) gives "2.000000001" and "2", not "2" and "2".
[[nodiscard]] std::pair<std::string, std::string> telling_apart(double x, double y);
/// The same, with values within 5e-13 of `size` from 0 written 0 (telling_apart's size is the
/// larger of the two: d_min = 2.19 beside R = 1e20 read 0, though it is known to 1e-16 of |Δp|).
[[nodiscard]] std::pair<std::string, std::string> telling_apart(double x, double y, double size);

/// Where a handle sits, for hit-testing a cursor in world units.
struct HandleGeometry {
    glm::dvec2 center[2];
    double radius[2];
    glm::dvec2 arrow_tip[2];  ///< centre + velocity·Scene::arrow_time()
};
[[nodiscard]] HandleGeometry handle_geometry(const Scene& scene, double time);
/// The same where `motion` draws the bodies (the response, the relative frame).
[[nodiscard]] HandleGeometry handle_geometry(const Scene& scene, double time, const Motion& motion);

/// The handle under `world` point, given how many world units a few pixels of slack are:
/// arrow tips first (they sit on top), then rims, then bodies. A tip is picked only where it is
/// nearer than the body's centre, so the centre of a body at rest moves it.
[[nodiscard]] Handle pick_handle(const HandleGeometry& geometry, glm::dvec2 world, double slack_world);

/// The body whose name (its BodyLabel in `picture`) lies under `screen` (canvas pixels), its box's
/// padding and `slack_px` included: a press there means that body, though the other's disc may
/// lie under it too (centres together, the names part, and B's disc covers A's name).
[[nodiscard]] std::optional<int> body_named_at(const Picture& picture, glm::dvec2 screen, double slack_px = 0.0);

/// What of each body the case badge and the MISSED banner (their boxes, sentences included) lie
/// over in `picture`, any part of it: bit 1 its disc (outline included) at the time shown, bit 2
/// its path's stroke. A fit keeps them clear,
/// but a canvas too small for the overlays (a figure 8 cm wide at --scale 3.3) or a saved view
/// cannot; export says so. {0, 0} where text cannot be measured.
struct Covered {
    int of[2] = {0, 0};
    static constexpr int kDisc = 1;
    static constexpr int kPath = 2;
    [[nodiscard]] bool any() const { return (of[0] | of[1]) != 0; }
};
[[nodiscard]] Covered under_overlays(const Picture& picture);

}  // namespace tangent
