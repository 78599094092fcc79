#pragma once
// `tangent analyze SCENE.json [--json | --derivation | --latex]`: the encounter of a scene, for a student to read or a
// program to parse.

#include <array>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

#include "core/discrete.h"
#include "core/encounter.h"
#include "core/response.h"

namespace tangent::cli {

/// A scene's bounce at first contact (its `response` block, when enabled): the impact, or why
/// there is none (no contact ahead, both bodies immovable).
struct Bounce {
    double restitution = 1.0;
    std::optional<Impact> impact;
    std::string why_none;  ///< respond()'s message where impact is empty
};

/// The bounce of a scene whose response is enabled, from respond().
[[nodiscard]] Bounce bounce_of(const Encounter& encounter, double restitution);

/// The keys a, b, c, discriminant, case, t_closest, min_distance, t_enter, t_exit,
/// contact_point, contact_normal; discrete {...} when sampling is given; response {...} when a
/// bounce is given. Numbers with 17 significant digits, null where a value is undefined (or
/// does not fit in a double).
[[nodiscard]] std::string encounter_json(const Encounter& encounter, const std::optional<SamplingResult>& sampling,
                                         const std::optional<Bounce>& bounce = std::nullopt);

/// The same answer as sentences and formulas with the numbers substituted.
/// `names`: the bodies' labels in the scene, said beside "A" and "B" where they differ from them.
[[nodiscard]] std::string encounter_summary(const Encounter& encounter, const std::optional<SamplingResult>& sampling,
                                            const std::array<std::string, 2>& names = {"A", "B"},
                                            const std::optional<Bounce>& bounce = std::nullopt);

/// What `tangent analyze` prints: the summary, the JSON object, or the window's derivation page
/// (F2) as plain text or as a LaTeX document.
enum class AnalyzeOutput { Summary, Json, Derivation, Latex };

/// Exit code 0, or 2 with one line on `err` naming the file and what is wrong with it (with
/// `strict`, the scene's warnings and a line saying they stopped it).
/// `strict`: the scene's warnings are errors (exit 2, nothing on `out`).
int run_analyze(const std::filesystem::path& scene_path, AnalyzeOutput output, std::ostream& out, std::ostream& err,
                bool strict = false);

}  // namespace tangent::cli
