#include "scene_file.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <mutex>
#include <random>
#include <span>
#include <sstream>
#include <utility>

#include <nlohmann/json.hpp>

#include "composed_text.h"
#include "core/format.h"
#include "json_file.h"

namespace tangent {

namespace {

using Json = nlohmann::json;

/// Thrown inside the reader only; parse_scene turns it into an Error.
struct ReadError {
    std::string message;
};

using detail::key_path;

class Reader {
public:
    std::vector<std::string> warnings;

    const Json& object(const Json& value, const std::string& path) {
        if (!value.is_object()) fail(path.empty() ? "the scene" : path, "must be an object {...}", value);
        return value;
    }

    void known_keys(const Json& object, const std::string& path, std::span<const std::string_view> known) {
        detail::warn_unknown_keys(object, path, known, warnings);
    }

    double number(const Json& value, const std::string& path) {
        if (!value.is_number()) fail(path, "must be a number", value);
        return value.get<double>();
    }

    bool boolean(const Json& value, const std::string& path) {
        if (!value.is_boolean()) fail(path, "must be true or false", value);
        return value.get<bool>();
    }

    std::string string(const Json& value, const std::string& path) {
        if (const std::string problem = detail::text_problem(value); !problem.empty()) fail(path, problem, value);
        return value.get<std::string>();
    }

    glm::dvec2 vec2(const Json& value, const std::string& path) {
        if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number()) {
            // [10,5, 0]: three whole numbers where a decimal comma split one (a robustness review):
            // the pair it may have meant, [10.5, 0]
            const auto whole = [&](std::size_t i) { return value[i].is_number_integer() && (i == 0 || value[i].is_number_unsigned()); };
            std::string meant;
            if (value.is_array() && value.size() == 3 && whole(0) && whole(1) && value[2].is_number())
                meant = "[" + value[0].dump() + "." + value[1].dump() + ", " + value[2].dump() + "]";
            if (value.is_array() && value.size() == 4 && whole(0) && whole(1) && value[2].is_number_integer() && whole(3))
                meant = "[" + value[0].dump() + "." + value[1].dump() + ", " + value[2].dump() + "." + value[3].dump() + "]";
            fail(path, meant.empty() ? "must be two finite numbers [x, y]"
                                     : "must be two finite numbers [x, y] (a decimal comma? JSON writes " + meant + " with points)",
                 value);
        }
        return {value[0].get<double>(), value[1].get<double>()};
    }

    Color color(const Json& value, const std::string& path) {
        const std::string text = value.is_string() ? value.get<std::string>() : std::string();
        unsigned rgb = 0;
        char tail = 0;
        if (text.size() != 7 || text[0] != '#' || std::sscanf(text.c_str() + 1, "%6x%c", &rgb, &tail) != 1 ||
            text.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos)
            fail(path, "must be a colour \"#rrggbb\"", value);
        return {static_cast<float>((rgb >> 16) & 0xFF) / 255.0f, static_cast<float>((rgb >> 8) & 0xFF) / 255.0f,
                static_cast<float>(rgb & 0xFF) / 255.0f};
    }

    [[noreturn]] static void fail(const std::string& path, const std::string& what, const Json& value) {
        throw ReadError{detail::bad_value_message(path, what, value)};
    }
    [[noreturn]] static void missing(const std::string& path) { throw ReadError{path + " is missing"}; }
};

/// Fills `target` from `object[key]` when the key is there.
template <class Read>
void optional_field(const Json& object, std::string_view key, Read read) {
    const auto it = object.find(std::string(key));
    if (it != object.end()) read(*it);
}

/// `object[key]`, which must be there; where it is not, the keys beside it that this version does
/// not know are named too (else "raduis" gives only "bodies[0].radius is missing", the warning
/// that names the typo being for files that load).
const Json& required_field(const Json& object, std::string_view key, const std::string& path,
                           std::span<const std::string_view> known) {
    const auto it = object.find(std::string(key));
    if (it != object.end()) return *it;
    std::string unknown;
    for (const auto& [name, value] : object.items())
        if (std::find(known.begin(), known.end(), name) == known.end())
            unknown += (unknown.empty() ? "'" : ", '") + detail::shown_key(name) + "'";  // (a 500,000-character key in a line)
    if (unknown.empty()) Reader::missing(key_path(path, key));
    throw ReadError{key_path(path, key) + " is missing (" + (path.empty() ? "the scene" : path) + " has " + unknown +
                    ", which Tangent does not know: a misspelling?)"};
}

// The objects whose keys a scene file names, each with the keys this version reads.
constexpr std::string_view kTopKeys[] = {"version", "caption", "bodies", "time", "discrete", "view", "show", "response"};
constexpr std::string_view kBodyKeys[] = {"position", "velocity", "radius", "mass", "label", "color"};
constexpr std::string_view kTimeKeys[] = {"horizon", "current", "speed", "loop"};
constexpr std::string_view kDiscreteKeys[] = {"enabled", "dt", "phase", "horizon"};
constexpr std::string_view kViewKeys[] = {"center", "zoom"};
constexpr std::string_view kShowKeys[] = {"paths", "closest", "ghosts", "labels", "plot", "relative_frame", "distance_now", "theme", "pitfall"};
constexpr std::string_view kResponseKeys[] = {"enabled", "restitution"};
// the known objects below the top level, by their key
constexpr std::pair<std::string_view, std::span<const std::string_view>> kSections[] = {
    {"time", kTimeKeys}, {"discrete", kDiscreteKeys}, {"view", kViewKeys}, {"show", kShowKeys}, {"response", kResponseKeys}};

// A name or caption in composed form, a run of over 30 accents on one letter cut to 30 and said
// (and control characters left out, a tab made a space, said: a bell, U+0007, drew "?" in a PNG's
// caption and nothing in its SVG, and went raw into the PNG's title: an author's review)
std::string composed_text(Reader& reader, const Json& value, const std::string& path) {
    std::size_t cut = 0;
    std::string text = composed(reader.string(value, path), &cut);
    if (cut > 0)
        reader.warnings.push_back(path + ": " + std::to_string(cut) +
                                  " combining marks past 30 in a row on one letter left out (no language needs more)");
    std::string warning;
    std::string kept = without_controls(text, path, warning);
    if (!warning.empty()) reader.warnings.push_back(warning);
    return kept;
}

SceneBody read_body(Reader& reader, const Json& value, const std::string& path, std::size_t index) {
    reader.object(value, path);
    reader.known_keys(value, path, kBodyKeys);
    SceneBody body;
    body.label = index == 0 ? "A" : "B";
    body.body.position = reader.vec2(required_field(value, "position", path, kBodyKeys), key_path(path, "position"));
    body.body.velocity = reader.vec2(required_field(value, "velocity", path, kBodyKeys), key_path(path, "velocity"));
    body.body.radius = reader.number(required_field(value, "radius", path, kBodyKeys), key_path(path, "radius"));
    optional_field(value, "mass", [&](const Json& mass) {
        if (mass.is_string() && mass.get<std::string>() == "infinite") {
            body.body.mass = std::numeric_limits<double>::infinity();
        } else if (mass.is_number()) {
            body.body.mass = mass.get<double>();
        } else {
            Reader::fail(key_path(path, "mass"), "must be a number > 0 or \"infinite\"", mass);
        }
    });
    optional_field(value, "label", [&](const Json& v) { body.label = composed_text(reader, v, key_path(path, "label")); });
    optional_field(value, "color", [&](const Json& v) { body.color = reader.color(v, key_path(path, "color")); });
    return body;
}

// The keys of `object` outside `known`, with their values (an empty object when there are none).
Json unknown_part(const Json& object, std::span<const std::string_view> known) {
    Json part = Json::object();
    if (!object.is_object()) return part;
    for (const auto& item : object.items())
        if (std::find(known.begin(), known.end(), item.key()) == known.end()) part[item.key()] = item.value();
    return part;
}

// What the file holds that this version does not read, in the file's own shape (see
// Scene::kept_from_file): "" when that is nothing.
std::string kept_from_file(const Json& root, std::int64_t version) {
    Json kept = unknown_part(root, kTopKeys);
    if (version > kSceneFormatVersion) kept["version"] = version;
    const auto bodies = root.find("bodies");
    Json kept_bodies = Json::array();
    bool any_body = false;
    for (std::size_t i = 0; i < 2; ++i) {
        kept_bodies.push_back(unknown_part(bodies->at(i), kBodyKeys));
        any_body = any_body || !kept_bodies.back().empty();
    }
    if (any_body) kept["bodies"] = std::move(kept_bodies);
    for (const auto& [key, known] : kSections) {
        const auto section = root.find(std::string(key));
        if (section == root.end()) continue;
        Json part = unknown_part(*section, known);
        if (!part.empty()) kept[std::string(key)] = std::move(part);
    }
    return kept.empty() ? std::string() : kept.dump();
}

// Adds the keys of `kept` that `object` does not have (a newer version's, never one written here).
template <class Object>
void add_kept_keys(Object& object, const Object& kept) {
    for (const auto& item : kept.items())
        if (!object.contains(item.key())) object[item.key()] = item.value();
}

LoadedScene read_scene(const Json& root) {
    Reader reader;
    LoadedScene loaded;
    Scene& scene = loaded.scene;
    reader.object(root, "");
    std::int64_t version = kSceneFormatVersion;
    optional_field(root, "version", [&](const Json& v) {
        const std::optional<std::int64_t> whole = detail::whole_version(v);
        if (!whole) Reader::fail("version", "must be a whole number", v);
        // (a version past 2^63 would wrap to a negative number as int64)
        if ((v.is_number_unsigned() && v.get<std::uint64_t>() > 1'000'000) || *whole > 1'000'000)
            Reader::fail("version", "must be a format version from 1 to 1000000", v);
        version = *whole;
        if (version < 1) Reader::fail("version", "must be 1 or more", v);
        if (version > kSceneFormatVersion)
            reader.warnings.push_back("written by a newer Tangent (format version " + std::to_string(version) +
                                      ", this one reads " + std::to_string(kSceneFormatVersion) +
                                      "): what this version does not know is not used, and a save here keeps it");
    });
    reader.known_keys(root, "", kTopKeys);
    optional_field(root, "caption", [&](const Json& v) { scene.caption = composed_text(reader, v, "caption"); });

    // a tour opened as a scene (`tangent analyze tour.json`): said as such, not as a scene short of its bodies
    if (!root.contains("bodies") && root.contains("steps") && root.at("steps").is_array())
        throw ReadError{"this is a tour, not a scene (it has \"steps\" and no \"bodies\"): open it with tangent --tour, "
                        "or open one of its steps' scenes"};
    const Json& bodies = required_field(root, "bodies", "", kTopKeys);
    if (!bodies.is_array() || bodies.size() != 2) Reader::fail("bodies", "must be a list of exactly two bodies", bodies);
    for (std::size_t i = 0; i < 2; ++i) scene.bodies[i] = read_body(reader, bodies[i], "bodies[" + std::to_string(i) + "]", i);

    bool has_time_horizon = false;
    optional_field(root, "time", [&](const Json& time) {
        reader.object(time, "time");
        reader.known_keys(time, "time", kTimeKeys);
        optional_field(time, "horizon", [&](const Json& v) {
            scene.time.horizon = reader.number(v, "time.horizon");
            has_time_horizon = true;
        });
        optional_field(time, "current", [&](const Json& v) { scene.time.current = reader.number(v, "time.current"); });
        optional_field(time, "speed", [&](const Json& v) { scene.time.speed = reader.number(v, "time.speed"); });
        optional_field(time, "loop", [&](const Json& v) { scene.time.loop = reader.boolean(v, "time.loop"); });
    });

    optional_field(root, "discrete", [&](const Json& discrete) {
        reader.object(discrete, "discrete");
        reader.known_keys(discrete, "discrete", kDiscreteKeys);
        loaded.has_discrete_block = true;
        scene.discrete.enabled = true;  // a discrete block asks for sampling unless it says otherwise
        optional_field(discrete, "enabled", [&](const Json& v) { scene.discrete.enabled = reader.boolean(v, "discrete.enabled"); });
        optional_field(discrete, "dt", [&](const Json& v) { scene.discrete.dt = reader.number(v, "discrete.dt"); });
        optional_field(discrete, "phase", [&](const Json& v) { scene.discrete.phase = reader.number(v, "discrete.phase"); });
        optional_field(discrete, "horizon", [&](const Json& v) {
            // files of the first scene form keep the horizon here; it is the scene's time horizon
            const double horizon = reader.number(v, "discrete.horizon");
            if (!std::isfinite(horizon) || !(horizon > 0.0))
                throw ReadError{"discrete.horizon must be a finite number > 0, got " + format_number(horizon)};
            if (has_time_horizon && horizon != scene.time.horizon)
                throw ReadError{"discrete.horizon " + format_number(horizon) + " disagrees with time.horizon " +
                                format_number(scene.time.horizon) + "; give one of them"};
            scene.time.horizon = horizon;
        });
    });

    optional_field(root, "view", [&](const Json& view) {
        reader.object(view, "view");
        reader.known_keys(view, "view", kViewKeys);
        optional_field(view, "center", [&](const Json& v) { scene.view.center = reader.vec2(v, "view.center"); });
        optional_field(view, "zoom", [&](const Json& v) { scene.view.zoom = reader.number(v, "view.zoom"); });
    });

    optional_field(root, "show", [&](const Json& show) {
        reader.object(show, "show");
        reader.known_keys(show, "show", kShowKeys);
        ShowSettings& s = scene.show;
        optional_field(show, "paths", [&](const Json& v) { s.paths = reader.boolean(v, "show.paths"); });
        optional_field(show, "closest", [&](const Json& v) { s.closest = reader.boolean(v, "show.closest"); });
        optional_field(show, "ghosts", [&](const Json& v) { s.ghosts = reader.boolean(v, "show.ghosts"); });
        optional_field(show, "labels", [&](const Json& v) { s.labels = reader.boolean(v, "show.labels"); });
        optional_field(show, "plot", [&](const Json& v) { s.plot = reader.boolean(v, "show.plot"); });
        optional_field(show, "relative_frame", [&](const Json& v) { s.relative_frame = reader.boolean(v, "show.relative_frame"); });
        optional_field(show, "distance_now", [&](const Json& v) { s.distance_now = reader.boolean(v, "show.distance_now"); });
        optional_field(show, "theme", [&](const Json& v) {
            const auto theme = theme_from_string(reader.string(v, "show.theme"));
            if (!theme) Reader::fail("show.theme", "must be \"dark\", \"light\" or \"print\"", v);
            s.theme = *theme;
        });
        optional_field(show, "pitfall", [&](const Json& v) {
            if (v.is_null()) return;
            const auto variant = seeds::variant_from_string(reader.string(v, "show.pitfall"));
            if (!variant)
                Reader::fail("show.pitfall", "must be \"missing-radius\", \"precedence\", \"swapped-square\", \"exact-zero\" or \"textbook\"", v);
            s.pitfall = *variant;
        });
    });

    optional_field(root, "response", [&](const Json& response) {
        reader.object(response, "response");
        reader.known_keys(response, "response", kResponseKeys);
        // a response block asks for the bounce unless it says otherwise, as a discrete block does
        scene.response.enabled = true;
        optional_field(response, "enabled", [&](const Json& v) { scene.response.enabled = reader.boolean(v, "response.enabled"); });
        optional_field(response, "restitution", [&](const Json& v) { scene.response.restitution = reader.number(v, "response.restitution"); });
    });

    scene.kept_from_file = kept_from_file(root, version);
    loaded.warnings = std::move(reader.warnings);
    return loaded;
}

std::string hex_color(const Color& color) {
    const auto channel = [](float v) { return static_cast<unsigned>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    char text[8];
    std::snprintf(text, sizeof text, "#%02x%02x%02x", channel(color.r), channel(color.g), channel(color.b));
    return text;
}

std::string errno_text(int error) { return std::strerror(error); }

}  // namespace

Result<LoadedScene> parse_scene(std::string_view text, std::string_view source) {
    const std::string name(source);
    Result<Json> parsed = detail::parse_json(text, name);
    if (!parsed) return parsed.error();
    const Json& root = parsed.value();
    try {
        LoadedScene loaded = read_scene(root);
        if (auto error = check_scene(loaded.scene)) return Error{name + ": " + error->message};
        return loaded;
    } catch (const ReadError& e) {
        return Error{name + ": " + e.message};
    } catch (const Json::exception& e) {
        return Error{name + ": " + detail::json_error_reason(e.what())};
    }
}

Result<LoadedScene> load_scene(const std::filesystem::path& path) {
    const std::string name = path.string();
    Result<std::string> text = detail::read_small_file(path, name, "scene", kMaxSceneFileBytes);
    if (!text) return text.error();
    return parse_scene(text.value(), name);
}

namespace {

/// `value` as a person reads and edits it: on one line where that fits in about a hundred
/// characters ({"label": "A", "position": [0.0, 0.0], ...}), else a key or an item a line, indented
/// by two; ", " and ": " between, as the presets are written. (nlohmann's dump(2) gave every number
/// of a position a line of its own: a nine-line scene file came back sixty lines long.)
// A number as the presets write it: a whole one with no ".0" ("position": [0, 0]; nlohmann writes
// [0.0, 0.0], and the first save of a hand-written scene kept in git changed every line: a
// file-system review). It reads back as the same double; -0 keeps its sign as -0.0.
std::string readable_scalar(const nlohmann::ordered_json& value) {
    if (value.is_number_float()) {
        const double x = value.get<double>();
        if (x == std::trunc(x) && std::abs(x) < 0x1p53 && !(x == 0.0 && std::signbit(x)))
            return std::to_string(static_cast<long long>(x));
    }
    return value.dump();
}

void write_readable(const nlohmann::ordered_json& value, int indent, std::string& out) {
    if (!value.is_structured() || value.empty()) {
        out += value.is_structured() ? value.dump() : readable_scalar(value);
        return;
    }
    const auto one_line = [](const nlohmann::ordered_json& v, const auto& self) -> std::string {
        if (!v.is_structured()) return readable_scalar(v);
        if (v.empty()) return v.dump();
        std::string line = v.is_object() ? "{" : "[";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (!first) line += ", ";
            first = false;
            if (v.is_object()) line += nlohmann::ordered_json(it.key()).dump() + ": ";
            line += self(*it, self);
        }
        return line + (v.is_object() ? "}" : "]");
    };
    constexpr std::size_t kLine = 100;
    if (indent > 0) {
        const std::string line = one_line(value, one_line);
        if (line.size() + static_cast<std::size_t>(indent) <= kLine) {
            out += line;
            return;
        }
    }
    const std::string inner(static_cast<std::size_t>(indent) + 2, ' ');
    out += value.is_object() ? "{\n" : "[\n";
    bool first = true;
    for (auto it = value.begin(); it != value.end(); ++it) {
        if (!first) out += ",\n";
        first = false;
        out += inner;
        if (value.is_object()) out += nlohmann::ordered_json(it.key()).dump() + ": ";
        write_readable(*it, indent + 2, out);
    }
    out += "\n" + std::string(static_cast<std::size_t>(indent), ' ') + (value.is_object() ? "}" : "]");
}

}  // namespace

std::string scene_to_json(const Scene& scene) {
    using Ordered = nlohmann::ordered_json;
    const auto vec = [](glm::dvec2 v) { return Ordered::array({v.x, v.y}); };
    Ordered root;
    root["version"] = kSceneFormatVersion;
    if (!scene.caption.empty()) root["caption"] = scene.caption;
    root["bodies"] = Ordered::array();
    for (const SceneBody& b : scene.bodies) {
        Ordered body;
        body["label"] = b.label;
        body["position"] = vec(b.body.position);
        body["velocity"] = vec(b.body.velocity);
        body["radius"] = b.body.radius;
        if (b.body.immovable()) {
            body["mass"] = "infinite";
        } else {
            body["mass"] = b.body.mass;
        }
        if (b.color) body["color"] = hex_color(*b.color);
        root["bodies"].push_back(body);
    }
    root["time"] = {{"horizon", scene.time.horizon}, {"current", scene.time.current}, {"speed", scene.time.speed},
                    {"loop", scene.time.loop}};
    root["discrete"] = {{"enabled", scene.discrete.enabled}, {"dt", scene.discrete.dt}, {"phase", scene.discrete.phase}};
    if (scene.view.center || scene.view.zoom) {
        Ordered view = Ordered::object();
        if (scene.view.center) view["center"] = vec(*scene.view.center);
        if (scene.view.zoom) view["zoom"] = *scene.view.zoom;
        root["view"] = view;
    }
    const ShowSettings& s = scene.show;
    root["show"] = {{"paths", s.paths},   {"closest", s.closest}, {"ghosts", s.ghosts},
                    {"labels", s.labels}, {"plot", s.plot},       {"relative_frame", s.relative_frame},
                    {"distance_now", s.distance_now}, {"theme", std::string(to_string(s.theme))}};
    if (s.pitfall) root["show"]["pitfall"] = std::string(seeds::to_string(*s.pitfall));
    root["response"] = {{"enabled", scene.response.enabled}, {"restitution", scene.response.restitution}};
    // what a newer Tangent wrote goes back where it was (else a Ctrl+S on its file would drop it,
    // and write version 1, without a word); "view" is made for it if the scene has no view of its own
    if (!scene.kept_from_file.empty()) {
        const Ordered kept = Ordered::parse(scene.kept_from_file.str());
        for (const auto& item : kept.items()) {
            if (item.key() == "version") {
                root["version"] = item.value();
            } else if (item.key() == "bodies") {
                for (std::size_t i = 0; i < 2 && i < item.value().size(); ++i) add_kept_keys(root["bodies"][i], item.value()[i]);
            } else if (root.contains(item.key()) && root[item.key()].is_object()) {
                add_kept_keys(root[item.key()], item.value());
            } else if (!root.contains(item.key())) {
                root[item.key()] = item.value();  // a key of the top level, or a "view" this scene does not write
            }
        }
    }
    // indented, as a person reads it; a newer Tangent's long arrays kept above grow about five
    // times so (150,000 numbers take 1.65 MB, past what a scene file may hold, and the saved file
    // would not open again): then on one line
    std::string text;
    write_readable(root, 0, text);
    text += "\n";
    if (text.size() > kMaxSceneFileBytes) text = root.dump() + "\n";
    return text;
}

namespace {

/// The file a path names through its symbolic links, link by link (the last may name a file not
/// there yet, which weakly_canonical would not keep), or why it cannot be followed.
Result<std::filesystem::path> link_target(const std::filesystem::path& path) {
    std::error_code ec;
    std::filesystem::path target = path;
    for (int links = 0; std::filesystem::is_symlink(std::filesystem::symlink_status(target, ec)); ++links) {
        if (links == 40) return Error{"too many levels of symbolic links"};
        const std::filesystem::path next = std::filesystem::read_symlink(target, ec);
        if (ec) return Error{ec.message()};
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return target;
}

}  // namespace

std::optional<std::string> why_unwritable(const std::filesystem::path& link) {
    // a link that leads to a pipe or a device through /proc (/dev/stdout, /proc/self/fd/1: its
    // text is "pipe:[…]", no path) is judged by what the kernel follows it to, not by its text
    std::error_code link_ec;
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(link, link_ec))) {
        const std::filesystem::file_status through = std::filesystem::status(link, link_ec);
        if (std::filesystem::exists(through) && !std::filesystem::is_regular_file(through) && !std::filesystem::is_directory(through))
            return link.string() + " is a link to something that is not a regular file (a device, a pipe or a socket)";
    }
    const Result<std::filesystem::path> resolved = link_target(link);  // a link is written through
    if (!resolved) return resolved.error().message;
    const std::filesystem::path& path = resolved.value();
    const std::filesystem::path directory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::error_code ec;
    const std::filesystem::file_status parent = std::filesystem::status(directory, ec);
    if (!std::filesystem::exists(parent)) return "the directory " + directory.string() + " does not exist";
    if (!std::filesystem::is_directory(parent)) return directory.string() + " is not a directory";
    // a directory with no write permission for anyone is read-only, for root too, as a file is
    // below (access() lets root write anything, and so does the probe)
    using std::filesystem::perms;
    const perms any_write = perms::owner_write | perms::group_write | perms::others_write;
    if ((parent.permissions() & any_write) == perms::none) return "the directory " + directory.string() + " is read-only";
    if (::access(directory.c_str(), W_OK) != 0) return "the directory " + directory.string() + " is not writable";
    // root passes access() everywhere, yet /proc takes no new file: the save's own first step,
    // a file made beside the target, tried and taken back (else an export fails there only after
    // rendering, with code 1)
    std::string probe = (directory / ".tangent-XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0) return "cannot create a file in " + directory.string() + " (" + errno_text(errno) + ")";
    ::close(fd);
    ::unlink(probe.c_str());
    // a name longer than the folder takes would fail only at the rename, after the work
    const long name_max = ::pathconf(directory.c_str(), _PC_NAME_MAX);
    const std::size_t name_bytes = path.filename().string().size();
    if (name_max > 0 && name_bytes > static_cast<std::size_t>(name_max))
        return "its name is " + std::to_string(name_bytes) + " bytes long, more than the " + std::to_string(name_max) +
               " the directory " + directory.string() + " allows";
    const std::filesystem::file_status status = std::filesystem::status(path, ec);  // through links
    if (std::filesystem::is_directory(status)) return path.string() + " is a directory";
    if (!std::filesystem::exists(status)) return std::nullopt;
    // the file is replaced by a new one: a device or a pipe would be replaced too (as root, an
    // export to a link to /dev/full would turn it into a PNG)
    if (!std::filesystem::is_regular_file(status)) return path.string() + " is not a regular file (a device, a pipe or a socket)";
    // no write permission for anyone is read-only, for root too (access() lets root write anything)
    const bool no_write_bit = (status.permissions() & any_write) == perms::none;
    if (no_write_bit || ::access(path.c_str(), W_OK) != 0) return path.string() + " is read-only";
    return std::nullopt;
}

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code ec;
    if (std::filesystem::equivalent(a, b, ec)) return true;
    // where the two cannot be compared as files, by their resolved names (an error gives an
    // empty name, which must not count as a match)
    std::error_code ec_a, ec_b;
    const std::filesystem::path resolved_a = std::filesystem::weakly_canonical(a, ec_a);
    const std::filesystem::path resolved_b = std::filesystem::weakly_canonical(b, ec_b);
    return !ec_a && !ec_b && resolved_a == resolved_b;
}

namespace {

// The temporary file of the save in progress, for the handler below, which may not allocate.
char g_temp_path[PATH_MAX];
std::atomic<bool> g_temp_armed{false};
static_assert(std::atomic<bool>::is_always_lock_free, "read in a signal handler");
void (*g_write_hook)(const char*) = nullptr;

constexpr std::array kEndingSignals{SIGINT, SIGTERM, SIGHUP};

// A signal that ends the process mid-save takes the temporary file with it: unlink it, then end
// as the signal would have (the default action back, the signal raised again, delivered as the
// handler returns and unblocks it). Async-signal-safe: unlink, sigaction and raise only.
extern "C" void remove_temp_file_and_end(int signal_number) {
    if (g_temp_armed.load()) ::unlink(g_temp_path);
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    ::sigaction(signal_number, &fallback, nullptr);
    ::raise(signal_number);
}

/// While it lives, SIGINT, SIGTERM and SIGHUP remove the armed temporary file before they end the
/// process; each where its action was the default only (an ignored one stays ignored, and a
/// handler of the program's own, as the window's for SIGTERM, keeps the process alive to finish
/// or clean up the save itself). The destructor puts back what was there.
class TempFileOnSignal {
public:
    TempFileOnSignal() : lock_(mutex()) {
        for (std::size_t i = 0; i < kEndingSignals.size(); ++i) {
            if (::sigaction(kEndingSignals[i], nullptr, &previous_[i]) != 0 || (previous_[i].sa_flags & SA_SIGINFO) != 0 ||
                previous_[i].sa_handler != SIG_DFL)
                continue;
            struct sigaction action {};
            action.sa_handler = remove_temp_file_and_end;
            sigemptyset(&action.sa_mask);
            installed_[i] = ::sigaction(kEndingSignals[i], &action, nullptr) == 0;
        }
    }
    ~TempFileOnSignal() {
        g_temp_armed.store(false);
        for (std::size_t i = 0; i < kEndingSignals.size(); ++i)
            if (installed_[i]) ::sigaction(kEndingSignals[i], &previous_[i], nullptr);
    }
    TempFileOnSignal(const TempFileOnSignal&) = delete;
    TempFileOnSignal& operator=(const TempFileOnSignal&) = delete;

    /// As mkstemp() on `temp` ("…XXXXXX"), but the name is armed for the handler before the file
    /// is made (open with O_EXCL), so that no signal, in this thread or another (a signal may be
    /// delivered to any thread: Mesa's and SDL's too), falls between the file's creation and the
    /// handler knowing it: a signal before the open removes a name not yet there.
    int make(std::string& temp) {
        static constexpr char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        const std::size_t x = temp.rfind("XXXXXX");
        if (x == std::string::npos || temp.size() >= sizeof g_temp_path) return ::mkstemp(temp.data());  // (no room to arm it)
        std::random_device entropy;
        std::mt19937_64 pick(entropy());
        for (int attempt = 0; attempt < 100; ++attempt) {
            for (std::size_t i = 0; i < 6; ++i) temp[x + i] = kLetters[pick() % (sizeof kLetters - 1)];
            g_temp_armed.store(false);
            std::memcpy(g_temp_path, temp.c_str(), temp.size() + 1);
            g_temp_armed.store(true);
            const int fd = ::open(temp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
            if (fd >= 0) return fd;
            const int error = errno;
            g_temp_armed.store(false);
            if (error != EEXIST) {
                errno = error;
                return -1;
            }
        }
        errno = EEXIST;
        return -1;
    }
    /// The file is renamed or removed: nothing left for a signal to remove.
    void disarm() { g_temp_armed.store(false); }

private:
    // one save at a time holds the handlers and the buffer
    static std::mutex& mutex() {
        static std::mutex m;
        return m;
    }
    std::lock_guard<std::mutex> lock_;
    std::array<struct sigaction, kEndingSignals.size()> previous_{};
    std::array<bool, kEndingSignals.size()> installed_{};
};

}  // namespace

namespace detail {
void set_write_file_atomic_hook(void (*hook)(const char* temp_path)) { g_write_hook = hook; }
}  // namespace detail

std::optional<Error> write_file_atomic(const std::filesystem::path& path, std::string_view text) {
    const std::string name = path.string();
    // through a symbolic link to the file it names, so that the link stays a link
    const Result<std::filesystem::path> resolved = link_target(path);
    if (!resolved) return Error{"cannot write " + name + ": " + resolved.error().message};
    const std::filesystem::path& target = resolved.value();
    if (auto why = why_unwritable(target)) return Error{"cannot write " + name + ": " + *why};
    // an existing file keeps its permissions; a new one gets 0666 less the umask, as any editor's
    struct stat existing {};
    mode_t mode = 0;
    const bool replacing = ::stat(target.c_str(), &existing) == 0;
    if (replacing) {
        mode = existing.st_mode & 07777;
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    const std::filesystem::path directory = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
    // a short name beside it: the same file system (rename is atomic), and room under NAME_MAX
    std::string temp = (directory / ".tangent-XXXXXX").string();
    TempFileOnSignal on_signal;
    const int fd = on_signal.make(temp);
    if (fd < 0)
        return Error{"cannot write " + name + ": cannot create a file in " + directory.string() + " (" + errno_text(errno) + ")"};
    const auto abandon = [&](const char* what) {
        const int error = errno;
        ::close(fd);
        ::unlink(temp.c_str());
        on_signal.disarm();
        return Error{"cannot write " + name + ": " + what + errno_text(error)};
    };
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            return abandon("");
        }
        written += static_cast<std::size_t>(n);
    }
    // and its owner, where this process may give it one (root: else a save by root turns a user's
    // file into root's, which the user can then no longer save over); before the mode, which
    // a change of owner may clear setuid bits from
    if (replacing && ::geteuid() == 0 && (existing.st_uid != ::geteuid() || existing.st_gid != ::getegid()) &&
        ::fchown(fd, existing.st_uid, existing.st_gid) != 0)
        return abandon("cannot give the new file the old one's owner: ");
    if (::fchmod(fd, mode) != 0) return abandon("");
    if (::fsync(fd) != 0) return abandon("");
    if (g_write_hook != nullptr) g_write_hook(temp.c_str());
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        on_signal.disarm();
        return Error{"cannot write " + name + ": " + errno_text(error)};
    }
    if (::rename(temp.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        on_signal.disarm();
        // a file bound into a container (mount --bind) cannot be replaced, only written into,
        // which a save whole or not at all never does: "Device or resource busy" alone left the
        // user guessing (a file-system review)
        return Error{"cannot write " + name + ": " + errno_text(error) +
                     (error == EBUSY ? " (it is a mount point, a file bound in from elsewhere: it cannot be replaced whole; "
                                       "write elsewhere and copy)"
                                     : "")};
    }
    on_signal.disarm();
    // the rename itself to disk: without the folder's own sync a power cut soon after "Saved" can
    // bring back the old file (a code review). A file system that cannot sync a folder (EINVAL)
    // has nothing more to do: the save stands either way.
    if (const int folder = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); folder >= 0) {
        ::fsync(folder);
        ::close(folder);
    }
    return std::nullopt;
}

std::optional<Error> save_scene(const std::filesystem::path& path, const Scene& scene, std::string* written) {
    if (auto error = check_scene(scene)) return Error{"not saved: " + error->message};
    const std::string text = scene_to_json(scene);
    // a file that could not be opened again is not written (the old one stays)
    // (the message names what made it so large: what a newer Tangent wrote, or the caption)
    if (text.size() > kMaxSceneFileBytes)
        return Error{"not saved: " + path.string() + " would be " + std::to_string(text.size()) +
                     " bytes, more than a scene file may hold (" + std::to_string(kMaxSceneFileBytes) + ")" +
                     (!scene.kept_from_file.empty() ? ", with what a newer Tangent wrote in it"
                      : scene.caption.size() > kMaxSceneFileBytes / 2
                          ? ": its caption alone is " + std::to_string(scene.caption.size()) + " bytes"
                          : std::string())};
    if (auto error = write_file_atomic(path, text)) return error;
    if (written) *written = text;
    return std::nullopt;
}

}  // namespace tangent
