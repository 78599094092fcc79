#pragma once
// A scene: the two bodies and everything about how they are shown. This is what a scene file
// holds, what the window edits and what the exporters draw. Physics lives in core/; a scene
// only says which bodies to analyse and how to present the answer.

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <memory>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>

#include "core/body.h"
#include "core/discrete.h"
#include "core/encounter.h"
#include "core/seed_formulas.h"

namespace tangent {

/// An sRGB colour, each channel in [0, 1]; "#rrggbb" in files.
struct Color {
    float r = 0.0f;
    float g = 0.0f;
    float b = 0.0f;
    friend bool operator==(const Color&, const Color&) = default;
};

enum class Theme : std::uint8_t { Dark, Light, Print };
[[nodiscard]] std::string_view to_string(Theme theme);
[[nodiscard]] std::optional<Theme> theme_from_string(std::string_view name);

/// The longest name a body may have, in characters (check_scene refuses longer ones).
inline constexpr std::size_t kMaxLabelLength = 40;

struct SceneBody {
    Body body;
    std::string label;           ///< shown beside the body; "A" and "B" by default
    std::optional<Color> color;  ///< the theme's colour for this body when unset
    friend bool operator==(const SceneBody&, const SceneBody&) = default;
};

struct TimeSettings {
    double horizon = 10.0;  ///< paths and sampling run over [0, horizon]; > 0
    double current = 0.0;   ///< the time the canvas shows
    double speed = 1.0;     ///< playback: scene time per second of wall time; > 0
    bool loop = true;       ///< playback wraps at the horizon
    friend bool operator==(const TimeSettings&, const TimeSettings&) = default;
};

/// The tunnelling demonstration: the overlap check run only every dt.
struct DiscreteSettings {
    bool enabled = false;
    double dt = 0.5;     ///< > 0
    double phase = 0.0;  ///< in [0, dt], the first sample time
    friend bool operator==(const DiscreteSettings&, const DiscreteSettings&) = default;

    /// The phase for a new step `dt`: the same fraction of the step as now, so that a dt changed
    /// and changed back gives the phase back; always within [0, dt].
    [[nodiscard]] double phase_for_step(double new_dt) const {
        const double fraction = dt > 0.0 ? phase / dt : 0.0;
        return std::clamp(fraction * new_dt, 0.0, new_dt);
    }
};

struct ViewSettings {
    /// Unset: frame both paths and the contact (what "fit view" does).
    std::optional<glm::dvec2> center;
    /// Pixels per world unit on a canvas 1000 pixels tall (a canvas of another height shows the
    /// same region). Unset: fit.
    std::optional<double> zoom;
    friend bool operator==(const ViewSettings&, const ViewSettings&) = default;
};

struct ShowSettings {
    bool paths = true;           ///< trajectories with time ticks
    bool closest = true;         ///< the closest approach: outlines, segment, labels
    bool ghosts = true;          ///< the circles at first and last contact
    bool labels = true;          ///< the bodies' names on them
    bool plot = false;           ///< the f(t) time plot panel
    bool relative_frame = false; ///< A held still at the origin, B moving relative to it
    bool distance_now = false;   ///< the overlap check at the time shown: |pB − pA| against R
    Theme theme = Theme::Dark;
    /// A seed formula whose (wrong) first contact is drawn beside Tangent's: the pitfalls lab.
    std::optional<seeds::Variant> pitfall;
    friend bool operator==(const ShowSettings&, const ShowSettings&) = default;
};

/// The collision response shown after first contact.
struct ResponseSettings {
    bool enabled = false;
    double restitution = 1.0;  ///< e in [0, 1]
    friend bool operator==(const ResponseSettings&, const ResponseSettings&) = default;
};

/// Text that every copy of a scene shares: an undo step is a whole copy of the scene, and what a
/// newer Tangent wrote in its file may be most of a megabyte, which 500 steps copied 500 times
/// (0.6 GB: a soak test). Immutable once made; compared by its content.
class SharedText {
public:
    SharedText() = default;
    SharedText(std::string text)  // NOLINT(google-explicit-constructor): assigned from text
        : text_(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text))) {}
    [[nodiscard]] bool empty() const { return !text_; }
    [[nodiscard]] const std::string& str() const {
        static const std::string none;
        return text_ ? *text_ : none;
    }
    void clear() { text_.reset(); }
    friend bool operator==(const SharedText& a, const SharedText& b) { return a.text_ == b.text_ || a.str() == b.str(); }

private:
    std::shared_ptr<const std::string> text_;
};

struct Scene {
    std::string caption;  ///< one line saying what the scene shows
    std::array<SceneBody, 2> bodies{SceneBody{Body{{-4.0, 0.0}, {1.0, 0.0}, 1.0, 1.0}, "A", std::nullopt},
                                    SceneBody{Body{{4.0, 0.5}, {-1.0, 0.0}, 1.0, 1.0}, "B", std::nullopt}};
    TimeSettings time;
    DiscreteSettings discrete;
    ViewSettings view;
    ShowSettings show;
    ResponseSettings response;
    /// What the file held that this version does not read (its unknown keys, and a newer format
    /// version), as a JSON object in the file's own shape ("{\"wind\": 3, \"bodies\": [{\"spin\": 1},
    /// {}]}"), or "": a save writes it back, so that opening and saving a newer Tangent's file
    /// loses nothing (scene_file.cpp).
    SharedText kept_from_file;
    friend bool operator==(const Scene&, const Scene&) = default;

    [[nodiscard]] const Body& body_a() const { return bodies[0].body; }
    [[nodiscard]] const Body& body_b() const { return bodies[1].body; }
    [[nodiscard]] SamplingInput sampling() const { return {discrete.dt, discrete.phase, time.horizon}; }
    /// The time a velocity arrow spans, its tip where the body will be that much later: 1 for a
    /// horizon from 1 to 100; under 1, the largest power of ten not above the horizon (a 0.2 s
    /// scene in metres draws v·0.1, within its story, not v·1 ten times the paths' length); from
    /// 100, the largest not above a tenth of it (1 mm/s over 1000 s draws v·100, not a 1-mm speck).
    [[nodiscard]] double arrow_time() const;
    /// A body's name as the window and the figures write it: its label, else "A" or "B".
    [[nodiscard]] std::string name(int body) const {
        const std::string& label = bodies[static_cast<std::size_t>(body)].label;
        return label.empty() ? (body == 0 ? "A" : "B") : label;
    }
    /// The immovable body that moves, if one does: a bounce's kinetic energy is taken in its frame
    /// (moving, it would do work on the other), which the canvas and the panel say.
    [[nodiscard]] std::optional<int> moving_immovable_body() const {
        for (int i = 0; i < 2; ++i) {
            const Body& body = bodies[static_cast<std::size_t>(i)].body;
            if (body.immovable() && body.velocity != glm::dvec2(0.0)) return i;
        }
        return std::nullopt;
    }
};

/// Why the scene cannot be shown, naming the field as a file's key path does
/// ("bodies[1].radius must be > 0, got -1"), or nothing.
[[nodiscard]] std::optional<Error> check_scene(const Scene& scene);

/// What a scene is called in a menu: its caption's lead-in ("Head-on hit" from "Head-on hit: B
/// runs straight at A. ..."), or, without a short one, its file name without ".json" and with
/// spaces for dashes ("my-scene.json" gives "my scene").
[[nodiscard]] std::string scene_title(std::string_view caption, std::string_view file_name);

/// What an edit changed, in words for "Undo …" and "Redo …": "B's velocity", "A's position and
/// radius", "dt and the phase", "B's radius, the horizon and 2 more". Bodies are named by their
/// labels in `after`. Empty when the scenes are equal.
[[nodiscard]] std::string describe_change(const Scene& before, const Scene& after);

}  // namespace tangent
