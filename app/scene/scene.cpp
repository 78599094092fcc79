#include "scene.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

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

std::optional<Error> fail(const std::string& message) { return Error{message}; }

bool finite(glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

}  // namespace

double Scene::arrow_time() const {
    const double horizon = time.horizon;
    if (!(horizon > 0.0 && std::isfinite(horizon))) return 1.0;  // (a bad horizon is check_scene's to say)
    if (horizon >= 1.0 && horizon < 100.0) return 1.0;
    // the largest power of ten not above the horizon (a short scene), or a tenth of it (a long one)
    const double limit = horizon < 1.0 ? horizon : horizon / 10.0;
    // log10 and pow round: the power put at or below the limit, within a factor of 10, each
    // candidate from pow itself (10·p is inexact among subnormals)
    int k = static_cast<int>(std::floor(std::log10(limit)));
    if (std::pow(10.0, k) > limit) --k;
    if (std::pow(10.0, k + 1) <= limit) ++k;
    const double power = std::pow(10.0, k);
    return power > 0.0 ? power : horizon;  // (a horizon near the least double: the horizon itself)
}

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
    // the first check comes within one step of t = 0 (as the window's phase slider allows): a
    // phase past dt only drops checks, and past the horizon it leaves none to miss anything. Said
    // before the steps' own check, which would blame dt for a phase of 1e150.
    const bool step_given = std::isfinite(scene.discrete.dt) && scene.discrete.dt > 0.0 && std::isfinite(scene.discrete.phase);
    if (step_given && scene.discrete.phase > scene.discrete.dt)
        return fail("discrete.phase must be at most discrete.dt (" + format_number(scene.discrete.dt) + "), got " +
                    format_number(scene.discrete.phase));
    if (auto error = check_sampling(sampling, {"discrete.dt", "discrete.phase", "time.horizon"})) return error;
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

namespace {

// "x", "x and y", "x, y and z"
std::string joined(const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += i + 1 == parts.size() ? " and " : ", ";
        out += parts[i];
    }
    return out;
}

}  // namespace

std::string describe_change(const Scene& before, const Scene& after) {
    std::vector<std::string> parts;  // "B's radius", "dt"
    std::vector<std::string> fields_of_one_body;
    int bodies_changed = 0;
    std::string body_name;
    for (std::size_t i = 0; i < after.bodies.size(); ++i) {
        const SceneBody& was = before.bodies[i];
        const SceneBody& now = after.bodies[i];
        std::vector<std::string> fields;
        if (was.body.position != now.body.position) fields.emplace_back("position");
        if (was.body.velocity != now.body.velocity) fields.emplace_back("velocity");
        if (was.body.radius != now.body.radius) fields.emplace_back("radius");
        if (was.body.mass != now.body.mass) fields.emplace_back("mass");
        if (was.label != now.label) fields.emplace_back("name");
        if (was.color != now.color) fields.emplace_back("colour");
        if (fields.empty()) continue;
        ++bodies_changed;
        body_name = now.label.empty() ? std::string(1, static_cast<char>('A' + i)) : now.label;
        for (const std::string& field : fields) parts.push_back(body_name + "'s " + field);
        fields_of_one_body = fields;
    }
    const auto note = [&parts](bool changed, const char* what) {
        if (changed) parts.emplace_back(what);
    };
    note(before.caption != after.caption, "the caption");
    note(before.time.horizon != after.time.horizon, "the horizon");
    note(before.time.current != after.time.current, "the time");
    note(before.time.speed != after.time.speed, "the playback speed");
    note(before.time.loop != after.time.loop, "looping");
    note(before.discrete.enabled != after.discrete.enabled, "the overlap check");
    note(before.discrete.dt != after.discrete.dt, "dt");
    note(before.discrete.phase != after.discrete.phase, "the phase");
    note(before.response.enabled != after.response.enabled, "the collision response");
    note(before.response.restitution != after.response.restitution, "the restitution e");
    const ShowSettings& s0 = before.show;
    const ShowSettings& s1 = after.show;
    note(s0.plot != s1.plot, "the time plot");
    note(s0.relative_frame != s1.relative_frame, "the relative frame");
    note(s0.distance_now != s1.distance_now, "the overlap check now");  // as View names it
    note(s0.paths != s1.paths || s0.closest != s1.closest || s0.ghosts != s1.ghosts || s0.labels != s1.labels,
         "what is drawn");
    note(s0.theme != s1.theme, "the theme");
    note(s0.pitfall != s1.pitfall, "the pitfall shown");
    note(before.view != after.view, "the view");
    // one body alone: its fields together ("B's position, radius and colour")
    if (bodies_changed == 1 && parts.size() == fields_of_one_body.size()) return body_name + "'s " + joined(fields_of_one_body);
    constexpr std::size_t kNamed = 3;  // a menu item, not a list
    if (parts.size() > kNamed) {
        const std::size_t rest = parts.size() - (kNamed - 1);
        parts.resize(kNamed - 1);
        parts.push_back(std::to_string(rest) + " more");
    }
    return joined(parts);
}

}  // namespace tangent
