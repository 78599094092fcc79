#pragma once
// Reading the JSON files of this directory (scenes, tours): the shared part, so that every file
// is refused for the same reasons in the same words.

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace tangent::detail {

/// The whole of a file no larger than `limit` bytes, or why not, naming it as `name`:
/// "cannot open my.json: No such file or directory", "my.json is a directory, not a scene file",
/// "my.json is too large for a scene file: 2097152 bytes (at most 1048576)".
[[nodiscard]] Result<std::string> read_small_file(const std::filesystem::path& path, const std::string& name,
                                                  std::string_view kind, std::uintmax_t limit);

/// The JSON value in `text`, or one message naming `name` and where the syntax breaks
/// ("my.json:3:14: syntax error while parsing value - invalid literal; last read: '{x'").
[[nodiscard]] Result<nlohmann::json> parse_json(std::string_view text, const std::string& name);

/// nlohmann's exception text without its "[json.exception.…] … column N: " prefix.
[[nodiscard]] std::string json_error_reason(const char* what);

/// A key as a path shows it: as it is, or "" for the empty key. (Control characters in keys are
/// escaped where messages reach a terminal, cli/terminal_text.h.)
[[nodiscard]] std::string shown_key(std::string_view key);

/// "bodies[1].radius": `key` under `path` (just `key` at the top).
[[nodiscard]] std::string key_path(const std::string& path, std::string_view key);

/// "bodies[1].radius must be a number, got \"big\" (a string)": the value cut short when long,
/// its kind named unless it is a number, true/false or null.
[[nodiscard]] std::string bad_value_message(const std::string& path, const std::string& what, const nlohmann::json& value);

/// A format version written as a number: a whole one, as an integer or as "1.0" (JSON does not
/// tell the two apart, and an editor may write either); none for any other value.
[[nodiscard]] std::optional<std::int64_t> whole_version(const nlohmann::json& value);

/// What is wrong with `value` as a text field (a label, a caption, a title), or "": "must be a
/// string", or the character U+0000, which no text can show (written "\u0000" it garbles every
/// label of a PNG figure and cuts the window's short).
[[nodiscard]] std::string text_problem(const nlohmann::json& value);

/// Appends "path.key: unknown key, ignored" for each key of `object` outside `known`: a typo is
/// reported, not silently dropped.
void warn_unknown_keys(const nlohmann::json& object, const std::string& path, std::span<const std::string_view> known,
                       std::vector<std::string>& warnings);
inline void warn_unknown_keys(const nlohmann::json& object, const std::string& path, std::initializer_list<std::string_view> known,
                              std::vector<std::string>& warnings) {
    warn_unknown_keys(object, path, std::span<const std::string_view>(known.begin(), known.size()), warnings);
}

}  // namespace tangent::detail
