#include "scene.h"

#include <algorithm>
#include <cmath>

#include "core/format.h"
#include "core/response.h"

namespace tangent {

std::string_view to_string(Theme theme) {
    switch (theme) {
        case Theme::Dark: return "dark";
        case Theme::Light: return "light";
        case Theme::Print: return "print";
    }
    return "dark";
}

std::optional<Theme> theme_from_string(std::string_view name) {
    if (name == "dark") return Theme::Dark;
    if (name == "light") return Theme::Light;
    if (name == "print") return Theme::Print;
    return std::nullopt;
}

namespace {

constexpr std::size_t kMaxLabelLength = 40;

std::optional<Error> fail(const std::string& message) { return Error{message}; }

bool finite(glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

}  // namespace

std::optional<Error> check_scene(const Scene& scene) {
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const std::string prefix = "bodies[" + std::to_string(i) + "].";
        if (auto error = check_body(scene.bodies[i].body, prefix)) return error;
        if (utf8_length(scene.bodies[i].label) > kMaxLabelLength)  // characters, not bytes
            return fail(prefix + "label must be at most " + std::to_string(kMaxLabelLength) + " characters");
    }
    const TimeSettings& time = scene.time;
    if (!std::isfinite(time.horizon) || !(time.horizon > 0.0))
        return fail("time.horizon must be a finite number > 0, got " + format_number(time.horizon));
    if (!std::isfinite(time.current))
        return fail("time.current must be a finite number, got " + format_number(time.current));
    if (!std::isfinite(time.speed) || !(time.speed > 0.0))
        return fail("time.speed must be a finite number > 0, got " + format_number(time.speed));
    // the sample count matters only when sampling is on: a long horizon with tunnelling off is fine
    // (the window asks for a larger dt when it is switched on)
    SamplingInput sampling = scene.sampling();
    if (!scene.discrete.enabled) sampling.horizon = sampling.phase;
    if (auto error = check_sampling(sampling, {"discrete.dt", "discrete.phase", "time.horizon"})) return error;
    // the first check comes within one step of t = 0 (as the window's phase slider allows): a
    // phase past dt only drops checks, and past the horizon it leaves none to miss anything
    if (scene.discrete.phase > scene.discrete.dt)
        return fail("discrete.phase must be at most discrete.dt (" + format_number(scene.discrete.dt) + "), got " +
                    format_number(scene.discrete.phase));
    if (scene.view.center && !finite(*scene.view.center))
        return fail("view.center must be two finite numbers, got " + format_vec(*scene.view.center));
    if (scene.view.zoom && (!std::isfinite(*scene.view.zoom) || !(*scene.view.zoom > 0.0)))
        return fail("view.zoom must be a finite number > 0, got " + format_number(*scene.view.zoom));
    if (auto error = check_restitution(scene.response.restitution))
        return fail("response." + error->message);
    return std::nullopt;
}

std::string scene_title(std::string_view caption, std::string_view file_name) {
    constexpr std::size_t kLongest = 40;  // a menu item, not a sentence
    const std::size_t colon = caption.find(':');
    if (colon != std::string_view::npos && colon > 0 && colon <= kLongest) return std::string(caption.substr(0, colon));
    std::string name(file_name.ends_with(".json") ? file_name.substr(0, file_name.size() - 5) : file_name);
    std::replace(name.begin(), name.end(), '-', ' ');
    return name;
}

}  // namespace tangent
