#pragma once
// Scene files: JSON, format version 1. Reading names what is wrong by line and column (syntax)
// or by key path (values); unknown keys and newer versions are read with a warning. Writing is
// atomic: a temporary file in the same directory, flushed, then renamed over the target.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "scene.h"

namespace tangent {

inline constexpr int kSceneFormatVersion = 1;
/// Larger files are refused before parsing: a scene is a few hundred bytes.
inline constexpr std::uintmax_t kMaxSceneFileBytes = 1 << 20;

struct LoadedScene {
    Scene scene;
    std::vector<std::string> warnings;  ///< "bodies[0].colour: unknown key, ignored"
    bool has_discrete_block = false;    ///< the file had a "discrete" object
};

/// Parses a scene from JSON text. `source` names it in messages ("scene.json").
[[nodiscard]] Result<LoadedScene> parse_scene(std::string_view text, std::string_view source);

/// Reads and parses a file; errors name the file.
[[nodiscard]] Result<LoadedScene> load_scene(const std::filesystem::path& path);

/// The scene as version-1 JSON text, indented, every number round-tripping exactly.
[[nodiscard]] std::string scene_to_json(const Scene& scene);

/// Why a file cannot be written at `path`, checked before any work is done, or nothing: its
/// directory is missing, not a directory, read-only (no write bit, also for root) or not writable,
/// or the path (through links) is a directory, not a regular file (a device, a pipe) or a
/// read-only file (no write bit, also for root).
[[nodiscard]] std::optional<std::string> why_unwritable(const std::filesystem::path& path);

/// Whether `a` and `b` name the same file (through links, or where either does not exist yet, by
/// their resolved names): an output that is an input would replace it.
[[nodiscard]] bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

/// Writes `text` to `path` atomically; the error names the path and the reason. SIGINT, SIGTERM or
/// SIGHUP ending the process meanwhile (where its action is the default) removes the temporary
/// file first; the handlers are the previous ones again on return.
[[nodiscard]] std::optional<Error> write_file_atomic(const std::filesystem::path& path, std::string_view text);

namespace detail {
/// For tests: called with the temporary file's path once it is written, before it is renamed.
void set_write_file_atomic_hook(void (*hook)(const char* temp_path));
}  // namespace detail

/// check_scene(), then scene_to_json() written atomically; on success `written` (if given) holds
/// the bytes written.
[[nodiscard]] std::optional<Error> save_scene(const std::filesystem::path& path, const Scene& scene,
                                              std::string* written = nullptr);

}  // namespace tangent
