#pragma once
// The guided tour: an ordered list of scenes, each with a title and a caption to read aloud.
// A tour file is JSON, format version 1, that a teacher can reorder or extend:
//   {"version": 1, "title": "Colliding circles",
//    "steps": [{"title": "A near miss", "preset": "near-miss", "caption": "..."},
//              {"scene": "my-scene.json"}]}
// A step names a preset compiled into Tangent or a scene file relative to the tour file's
// directory. Errors name the tour file and the key path, as scene files do.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "scene.h"

namespace tangent {

inline constexpr int kTourFormatVersion = 1;
/// Larger tour files are refused before parsing (a tour of 100 steps is a few tens of kB).
inline constexpr std::uintmax_t kMaxTourFileBytes = 1 << 20;
/// A tour is a lesson, not a data set: more steps than this is a mistake in the file.
inline constexpr std::size_t kMaxTourSteps = 100;

struct TourStep {
    std::string title;       ///< the step's "title", or else the scene's name
    std::string caption;     ///< 1-3 short sentences for the class: "caption", or else the scene's
    std::string scene_name;  ///< the preset ("head-on-hit") or the file as written ("my-scene.json")
    Scene scene;             ///< as its file says (its own caption included)
};

struct Tour {
    std::string title;                  ///< "title", or else the tour file's name without extension
    std::vector<TourStep> steps;        ///< at least one, at most kMaxTourSteps
    std::vector<std::string> warnings;  ///< "steps[2].captoin: unknown key, ignored"
};

/// Reads a tour file; step scene files are found relative to its directory.
[[nodiscard]] Result<Tour> load_tour(const std::filesystem::path& path);

/// Parses a tour from JSON text. `source` names it in messages ("tour.json"); relative step
/// scene files are read from `base_directory`.
[[nodiscard]] Result<Tour> parse_tour(std::string_view text, std::string_view source,
                                      const std::filesystem::path& base_directory);

/// The tour compiled into Tangent (assets/tour.json), whose steps name presets only.
[[nodiscard]] Result<Tour> default_tour();

}  // namespace tangent
