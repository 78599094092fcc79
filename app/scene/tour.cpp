#include "tour.h"

#include "composed_text.h"
#include "core/format.h"
#include "json_file.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <system_error>

#include <nlohmann/json.hpp>

#include "embedded/embedded.h"
#include "scene_file.h"

namespace tangent {

namespace {

using Json = nlohmann::json;

/// Thrown inside the reader only; parse_tour turns it into an Error naming the tour file.
struct TourError {
    std::string message;
};

/// "steps[2].preset must be a string, got 3", the value cut short when long.
[[noreturn]] void fail(const std::string& path, const std::string& what, const Json& value) {
    throw TourError{detail::bad_value_message(path, what, value)};
}

using detail::key_path;
using detail::warn_unknown_keys;

const Json* find_key(const Json& object, std::string_view key) {
    const auto it = object.find(std::string(key));
    return it == object.end() ? nullptr : &*it;
}

std::string string_field(const Json& value, const std::string& path) {
    if (const std::string problem = detail::text_problem(value); !problem.empty()) fail(path, problem, value);
    return value.get<std::string>();
}

std::string without_json_extension(std::string_view name) {
    constexpr std::string_view extension = ".json";
    if (name.size() > extension.size() && name.substr(name.size() - extension.size()) == extension)
        name.remove_suffix(extension.size());
    return std::string(name);
}

/// "chase, clear-miss, exact-graze, ...": what an unknown preset name could have been.
std::string preset_names() {
    std::string names;
    for (const embedded::File& file : embedded::presets())
        names += (names.empty() ? "" : ", ") + without_json_extension(file.name);
    return names;
}

/// Fills the step's scene and scene_name, and the title it gets by default, from a preset or from
/// a file beside the tour; the scene's warnings are added to `warnings` under the step's key path.
void read_step_scene(const Json& step, const std::string& path, const std::filesystem::path& base_directory,
                     TourStep& out, std::vector<std::string>& warnings) {
    const Json* preset = find_key(step, "preset");
    const Json* file = find_key(step, "scene");
    if (preset != nullptr && file != nullptr) throw TourError{path + " must have 'preset' or 'scene', not both"};
    if (preset == nullptr && file == nullptr) throw TourError{path + " must have 'preset' or 'scene'"};

    const Json& value = preset != nullptr ? *preset : *file;
    const std::string where = key_path(path, preset != nullptr ? "preset" : "scene");
    const std::string name = string_field(value, where);
    if (name.empty()) fail(where, preset != nullptr ? "must name a preset" : "must name a scene file", value);
    out.scene_name = name;

    std::string text;
    std::string source;  // how the scene's own messages name it
    if (preset != nullptr) {
        source = without_json_extension(name) + ".json";
        const embedded::File* embedded_file = embedded::find(embedded::presets(), source);
        if (embedded_file == nullptr)
            throw TourError{where + ": no preset named \"" + utf8_elided(name, 60, 10) + "\" (the presets are " + preset_names() + ")"};
        text = std::string(embedded_file->text());
        out.title = without_json_extension(name);
    } else {
        source = name;
        // named as written, and, where that is read beside the tour, as the path that was tried
        // ("cannot open good.json" alone, from a tour in sub/, misleads where good.json lies in the
        // current folder)
        const std::filesystem::path tried = base_directory / name;
        const std::string shown = tried == std::filesystem::path(name) ? name : name + " (as " + tried.string() + ")";
        Result<std::string> read = detail::read_small_file(tried, shown, "scene", kMaxSceneFileBytes);
        if (!read) throw TourError{where + ": " + read.error().message};
        text = std::move(read).value();
        out.title = composed(std::filesystem::path(name).stem().string());
    }

    Result<LoadedScene> loaded = parse_scene(text, source);
    if (!loaded) throw TourError{where + ": " + loaded.error().message};
    for (const std::string& warning : loaded->warnings) warnings.push_back(where + ": " + source + ": " + warning);
    out.scene = std::move(loaded).value().scene;
}

Tour read_tour(const Json& root, std::string_view source, const std::filesystem::path& base_directory) {
    Tour tour;
    if (!root.is_object()) fail("the tour", "must be an object {...}", root);
    if (const Json* version = find_key(root, "version")) {
        const std::optional<std::int64_t> whole = detail::whole_version(*version);
        if (!whole) fail("version", "must be a whole number", *version);
        const std::int64_t number = *whole;
        if (number < 1) fail("version", "must be 1 or more", *version);
        if (number > 1'000'000) fail("version", "must be a format version from 1 to 1000000", *version);
        if (number > kTourFormatVersion)
            tour.warnings.push_back("written by a newer Tangent (tour format version " + std::to_string(number) +
                                    ", this one reads " + std::to_string(kTourFormatVersion) +
                                    "): what this version does not know is ignored");
    }
    warn_unknown_keys(root, "", {"version", "title", "steps"}, tour.warnings);
    tour.title = composed(std::filesystem::path(source).stem().string());
    // (control characters left out and said, as a scene's are: a QA recheck found "Tour? bell")
    const auto words = [&](const Json& value, const std::string& path) {
        std::string warning;
        std::string text = without_controls(composed(string_field(value, path)), path, warning);
        if (!warning.empty()) tour.warnings.push_back(warning);
        return text;
    };
    if (const Json* title = find_key(root, "title")) tour.title = words(*title, "title");

    const Json* steps = find_key(root, "steps");
    if (steps == nullptr) {
        // a scene opened as a tour (`tangent --tour scene.json`): said as such, not as a tour short of its steps
        if (find_key(root, "bodies") != nullptr)
            throw TourError{"this is a scene, not a tour (it has \"bodies\" and no \"steps\"): open it without --tour, "
                            "or name it in a tour's step as {\"scene\": \"" +
                            std::filesystem::path(source).filename().string() + "\"}"};
        throw TourError{"steps is missing: a tour must have a non-empty list of steps"};
    }
    if (!steps->is_array()) fail("steps", "must be a non-empty list", *steps);
    if (steps->empty()) throw TourError{"steps must be a non-empty list, got []"};
    if (steps->size() > kMaxTourSteps)
        throw TourError{"steps has " + std::to_string(steps->size()) + " steps, more than a tour may have (" +
                        std::to_string(kMaxTourSteps) + ")"};

    tour.steps.reserve(steps->size());
    for (std::size_t i = 0; i < steps->size(); ++i) {
        const Json& step = (*steps)[i];
        const std::string path = "steps[" + std::to_string(i) + "]";
        if (!step.is_object()) fail(path, "must be an object {\"preset\": ...} or {\"scene\": ...}", step);
        warn_unknown_keys(step, path, {"title", "caption", "preset", "scene"}, tour.warnings);
        TourStep out;
        read_step_scene(step, path, base_directory, out, tour.warnings);
        out.caption = out.scene.caption;
        if (const Json* title = find_key(step, "title")) out.title = words(*title, key_path(path, "title"));
        if (const Json* caption = find_key(step, "caption")) out.caption = words(*caption, key_path(path, "caption"));
        tour.steps.push_back(std::move(out));
    }
    return tour;
}

}  // namespace

Result<Tour> parse_tour(std::string_view text, std::string_view source, const std::filesystem::path& base_directory) {
    const std::string name(source);
    Result<Json> parsed = detail::parse_json(text, name);
    if (!parsed) return parsed.error();
    try {
        return read_tour(parsed.value(), source, base_directory);
    } catch (const TourError& e) {
        return Error{name + ": " + e.message};
    } catch (const Json::exception& e) {
        return Error{name + ": " + detail::json_error_reason(e.what())};
    }
}

Result<Tour> load_tour(const std::filesystem::path& path) {
    const std::string name = path.string();
    Result<std::string> text = detail::read_small_file(path, name, "tour", kMaxTourFileBytes);
    if (!text) return text.error();
    return parse_tour(text.value(), name, path.parent_path());
}

Result<Tour> default_tour() {
    const embedded::File* file = embedded::find(embedded::tours(), "tour.json");
    if (file == nullptr) return Error{"tour.json: not compiled into this build of Tangent"};
    return parse_tour(file->text(), file->name, {});
}

}  // namespace tangent
