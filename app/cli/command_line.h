#pragma once
// The command line's helpers for main(): CLI11 validators that say what is wrong with a value, the
// hints that say where an option or a file belongs, and what a message echoes of what was typed.

#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace tangent::cli {

/// What the user typed, for a message: control characters escaped (terminal_text()).
[[nodiscard]] std::string shown(std::string_view text);

/// A validator for a whole number in decimal, all of the text, from `low` to `high` `unit`.
[[nodiscard]] CLI::Validator whole_number(long long low, long long high, const std::string& unit);

/// Adds the option names of `app` ("-o", "--theme") to those a_value() and dash_file_hint() know.
void gather_option_names(const CLI::App& app);

/// Where an argument starting with '-' names a file, how to give it ("; ... write ./-x.json"); else empty.
[[nodiscard]] std::string dash_file_hint(const CLI::App& command, int argc, char** argv);

/// The option of `command` named `name` ("--theme", "-o"), or null.
[[nodiscard]] const CLI::Option* find_option(const CLI::App& command, std::string_view name);

/// With no command on the line, the first option of analyze's or export's given to the window, said with its command; else empty.
[[nodiscard]] std::string other_command_option_hint(const CLI::App& window, const CLI::App& analyze, const CLI::App& exporter,
                                                    int argc, char** argv);

/// Writes `text` to standard output: 0, or 1 with the reason on standard error where it could not be written.
int printed(const std::string& text, const char* what);

/// Whether `path` is "-", asking for standard input (and no file of that name exists).
[[nodiscard]] bool standard_input_asked(const std::string& path);

/// What follows the command's name where standard_input_asked(): a scene is read from a file.
constexpr const char* kNoStandardInput =
    ": '-' is no file here; tangent reads a scene from a file, not from standard input (save the scene to a file and give its path)";

/// A validator that refuses an option's name where its value belongs ("--theme -o x.svg").
[[nodiscard]] CLI::Validator a_value();

/// A validator that refuses an empty value, asking for `what`.
[[nodiscard]] CLI::Validator not_empty(std::string what);

/// A validator for a finite number in decimal, all of the text, as strtod reads it.
[[nodiscard]] CLI::Validator real_number();

/// A validator for a real_number() from `low` to `high` (`range` says them, "0.1 and 16").
[[nodiscard]] CLI::Validator number_within(double low, double high, std::string range);

/// A moment for --time: a decimal number or arithmetic ("1/3", "2*pi"); nullopt with the reason in `error` (if given).
[[nodiscard]] std::optional<double> time_value(const std::string& text, std::string* error);

/// A validator for what time_value() reads, with its reason when it reads nothing.
[[nodiscard]] CLI::Validator time_number();

}  // namespace tangent::cli
