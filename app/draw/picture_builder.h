#pragma once
// From a scene and its answer to the primitives that show it. The window, the PNG exporter and
// the SVG writer all draw what this builds, so a figure is exactly what the canvas shows.
// (Its fit: framing.h; the numbers it writes: canvas_numbers.h.)

#include <cstdint>
#include <optional>

#include "canvas_numbers.h"
#include "core/discrete.h"
#include "core/encounter.h"
#include "core/response.h"
#include "framing.h"
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
