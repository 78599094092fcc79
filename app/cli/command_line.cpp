#include "command_line.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <set>
#include <utility>

#include "core/format.h"
#include "scene/number_text.h"
#include "terminal_text.h"

namespace tangent::cli {

namespace {

// An argument as an error message quotes it: a 120 KB expression is said by its ends (a QA review).
std::string shown_argument(const std::string& text) { return tangent::utf8_elided(text, 60, 20); }

}  // namespace

// What the user typed, echoed in a message, with control characters escaped (else an escape
// sequence in an output path reaches the terminal raw)
std::string shown(std::string_view text) { return tangent::cli::terminal_text(text); }

// A validator for a whole number in decimal, all of the text, from `low` to `high` ("x", "2.5",
// "30fps" and "0x10" are named as what they are; CLI11 alone would read 010 as octal 8).
CLI::Validator whole_number(long long low, long long high, const std::string& unit) {
    const std::string range = std::to_string(low) + " to " + std::to_string(high);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            long long value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (error != std::errc() || end != text.data() + text.size() || value < low || value > high)
                return "must be a whole number of " + unit + " from " + range + ", got '" + shown_argument(text) + "'";
            return {};
        },
        "INT in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
}

namespace {

// The command line's option names ("-o", "--theme"), gathered once every option is defined.
std::set<std::string>& option_names() {
    static std::set<std::string> names;
    return names;
}

}  // namespace

void gather_option_names(const CLI::App& app) {
    for (const CLI::Option* option : app.get_options()) {
        for (const std::string& name : option->get_lnames()) option_names().insert("--" + name);
        for (const std::string& name : option->get_snames()) option_names().insert("-" + name);
    }
}

// A scene file named with a leading '-' reads to CLI11 as an option, and is dropped ("scene is
// required") or refused ("unexpected: -good.json") without a word on why: where such an argument
// (not an option's value) names a file, how to give it.
std::string dash_file_hint(const CLI::App& command, int argc, char** argv) {
    const auto takes_value = [&](std::string_view name) {
        for (const CLI::Option* option : command.get_options()) {
            for (const std::string& long_name : option->get_lnames())
                if (name == "--" + long_name) return option->get_expected_max() > 0;
            for (const std::string& short_name : option->get_snames())
                if (name == "-" + short_name) return option->get_expected_max() > 0;
        }
        return false;
    };
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") break;
        if (arg.size() < 2 || arg[0] != '-' || option_names().contains(arg.substr(0, arg.find('=')))) continue;
        if (i > 1 && takes_value(argv[i - 1])) continue;
        std::error_code ec;
        if (std::filesystem::is_regular_file(arg, ec))
            return "; " + shown(arg) + " is a file, but a name starting with '-' reads as an option: write ./" + shown(arg) +
                   ", or put it last, after the options and a -- (\"-- " + shown(arg) + "\" at the end)";
    }
    return {};
}

// The option of `command` named `name` ("--theme", "-o"), or null.
const CLI::Option* find_option(const CLI::App& command, std::string_view name) {
    for (const CLI::Option* option : command.get_options()) {
        for (const std::string& long_name : option->get_lnames())
            if (name == "--" + long_name) return option;
        for (const std::string& short_name : option->get_snames())
            if (name == "-" + short_name) return option;
    }
    return nullptr;
}

// With no command on the line, the first option that is not the window's but export's or
// analyze's, said as such with the command that takes it; empty when there is none.
std::string other_command_option_hint(const CLI::App& window, const CLI::App& analyze, const CLI::App& exporter, int argc,
                                      char** argv) {
    const auto find = find_option;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--") break;
        if (arg == "analyze" || arg == "export") return {};
    }
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") break;
        const std::string name = arg.substr(0, arg.find('='));
        if (name.size() < 2 || name[0] != '-' || find(window, name) != nullptr) continue;
        const CLI::Option* figure = find(exporter, name);
        const CLI::Option* printed = find(analyze, name);
        const CLI::Option* option = figure != nullptr ? figure : printed;
        if (option == nullptr) continue;
        // the option as given, with its value where that is the next argument
        std::string given = shown(arg);
        if (arg.find('=') == std::string::npos && option->get_expected_max() > 0 && i + 1 < argc) given += " " + shown(argv[i + 1]);
        // the scene, if one is named: the first argument that is a file
        std::string scene = "SCENE.json";
        for (int j = 1; j < argc; ++j) {
            std::error_code ec;
            if (argv[j][0] != '-' && std::filesystem::is_regular_file(argv[j], ec)) {
                scene = shown(argv[j]);
                break;
            }
        }
        if (figure != nullptr && printed != nullptr)
            return shown(name) + " is an option of 'tangent analyze' and 'tangent export' (the window has no " + shown(name) +
                   "): tangent analyze " + scene + " " + given + ", or tangent export " + scene + " -o FIGURE.png " + given;
        if (figure != nullptr)
            return shown(name) + " is an option of 'tangent export', which writes a figure (the window has no " + shown(name) +
                   "): tangent export " + scene + (name == "-o" || name == "--output" ? " " + given : " -o FIGURE.png " + given);
        return shown(name) + " is an option of 'tangent analyze', which prints the encounter (the window has no " + shown(name) +
               "): tangent analyze " + scene + " " + given;
    }
    return {};
}

// Writes `text` to standard output: 0, or 1 with the reason where it could not be written (a
// full disk, a closed pipe: `tangent --help > /dev/full` said nothing and exited 0, as analyze
// does not: a robustness review).
int printed(const std::string& text, const char* what) {
    std::cout << text << std::flush;
    if (std::cout) return 0;
    const int error = errno;
    std::cerr << "tangent: cannot write " << what << " to standard output" << (error != 0 ? std::string(": ") + std::strerror(error) : "")
              << "\n";
    return 1;
}

// "-" for standard input, as many tools take it: a scene is read from a file (a file named "-"
// is read as any other).
bool standard_input_asked(const std::string& path) {
    std::error_code ec;
    return path == "-" && !std::filesystem::exists(path, ec);
}

// Refuses an option's name where its value belongs: "--theme -o x.svg" would otherwise give
// the theme "-o" and then complain that --output is missing. Anything else starting with '-'
// (a negative number, a file named -x.png) is a value.
CLI::Validator a_value() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (!option_names().contains(text.substr(0, text.find('=')))) return {};
            return "needs a value, but got the option '" + shown_argument(text) + "' (the value goes right after the option)";
        },
        "");
}

// A value that says something: an empty path or size would be taken as "not given" (a script with
// an empty $OUT would save nothing and say nothing; --screenshot "" would leave the window open).
CLI::Validator not_empty(std::string what) {
    return CLI::Validator(
        [what](std::string& text) -> std::string { return text.empty() ? "is empty: give " + what : std::string(); }, "");
}

// A finite number, all of the text, as strtod reads it ("1/2" and "fast" are named as what they
// are; an option's name as a_value() names it).
CLI::Validator real_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (std::string option = a_value()(text); !option.empty()) return option;
            char* end = nullptr;
            const double number = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size()) {
                // "1,5" as a German or French teacher writes it: said as the window's fields say it
                const bool comma = end != text.c_str() && *end == ',' && std::isdigit(static_cast<unsigned char>(end[1])) &&
                                   text.find('.') == std::string::npos && text.find(',') == text.rfind(',');
                return "must be a number, got '" + shown_argument(text) + "'" + (comma ? ": use a point for decimals (1.5, not 1,5)" : "");
            }
            if (!std::isfinite(number)) return "must be a finite number, got '" + shown_argument(text) + "'";
            // written in decimal, as the integer options must be (strtod also reads "0x10" as 16 and " 2" as 2)
            const bool decimal = (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-' || text[0] == '+' || text[0] == '.') &&
                                 text.find_first_of("xXpP") == std::string::npos;
            if (!decimal) return "must be a number written in decimal, got '" + shown_argument(text) + "'";
            return {};
        },
        "NUMBER");
}

// A real_number() from `low` to `high`, said with the text as typed: "1e-400" read as 0 would be quoted "got 0".
CLI::Validator number_within(double low, double high, std::string range) {
    return CLI::Validator(
        [low, high, range = std::move(range)](std::string& text) -> std::string {
            const double number = std::strtod(text.c_str(), nullptr);
            return number >= low && number <= high ? std::string() : "must be between " + range + ", got '" + shown_argument(text) + "'";
        },
        "");
}

// A moment for --time: a decimal number as real_number() reads it (but not one below the doubles,
// "+1e-400", which the window's fields refuse too), or the
// arithmetic the window's number fields take ("1/3", "2*pi", "sqrt(2)"; read_number_text). The
// error, when neither reads it, says why; "-inf" and "0x10" are named as real_number() names them.
std::optional<double> time_value(const std::string& text, std::string* error) {
    std::string copy = text;
    if (std::string option = a_value()(copy); !option.empty()) {
        if (error != nullptr) *error = option;
        return std::nullopt;
    }
    const std::string decimal_error = real_number()(copy);
    if (decimal_error.empty()) {
        const double value = std::strtod(text.c_str(), nullptr);
        // a number below the doubles (1e-400) is refused as the window's fields refuse it, not
        // drawn silently at t = 0 with no time stamp (a QA review)
        const std::string mantissa = text.substr(0, text.find_first_of("eE"));
        if (value == 0.0 && mantissa.find_first_of("123456789") != std::string::npos) {
            if (error != nullptr) *error = "must be a number a double can hold: " + text + " is too small (the least is about 5e-324)";
            return std::nullopt;
        }
        return value;
    }
    const tangent::Result<double> arithmetic = tangent::read_number_text(text);
    if (arithmetic) return *arithmetic + 0.0;  // -0 as 0
    if (error != nullptr) {
        char* end = nullptr;
        std::strtod(text.c_str(), &end);
        // strtod read all of it (inf, nan, hexadecimal): what real_number() says is the reason
        if (!text.empty() && end == text.c_str() + text.size())
            *error = decimal_error;
        else
            *error = "must be a number (or arithmetic such as 1/3 or 2*pi), got '" + shown_argument(text) + "': " + arithmetic.error().message;
    }
    return std::nullopt;
}

CLI::Validator time_number() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            std::string error;
            return time_value(text, &error) ? std::string() : error;
        },
        "NUMBER");
}

}  // namespace tangent::cli
