#include "json_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

#include "core/format.h"

namespace tangent::detail {

namespace {

// "3:14" for the byte offset nlohmann reports (1-based, pointing at the last byte read), the
// column counted in characters (UTF-8 continuation bytes do not start one).
std::string line_and_column(std::string_view text, std::size_t byte) {
    std::size_t line = 1;
    std::size_t column = 1;
    const std::size_t end = std::min(byte == 0 ? 0 : byte - 1, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if (starts_utf8_character(text[i])) {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

// The deepest a scene or tour nests lists and objects (they need 3 or 4): deeper input is refused
// before parsing, so that nothing downstream recurses that far.
constexpr int kMaxDepth = 32;

// The 1-based position of the bracket that goes deeper than kMaxDepth, or 0 when none does.
std::size_t too_deep_at(std::string_view text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (in_string) {
            if (ch == '\\') ++i;  // skip the escaped character
            else if (ch == '"') in_string = false;
        } else if (ch == '"') {
            in_string = true;
        } else if (ch == '[' || ch == '{') {
            if (++depth > kMaxDepth) return i + 1;
        } else if (ch == ']' || ch == '}') {
            --depth;
        }
    }
    return 0;
}

}  // namespace

std::string json_error_reason(const char* what) {
    std::string reason = what;
    const auto column = reason.find("column ");
    if (column != std::string::npos) {
        const auto colon = reason.find(": ", column);
        if (colon != std::string::npos) return reason.substr(colon + 2);
    }
    const auto bracket = reason.find("] ");
    return bracket == std::string::npos ? reason : reason.substr(bracket + 2);
}

Result<std::string> read_small_file(const std::filesystem::path& path, const std::string& name, std::string_view kind,
                                    std::uintmax_t limit) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) return Error{"cannot open " + name + ": " + ec.message()};
    if (!std::filesystem::exists(status))
        return Error{"cannot open " + name + ": " + std::make_error_code(std::errc::no_such_file_or_directory).message()};
    if (std::filesystem::is_directory(status)) return Error{name + " is a directory, not a " + std::string(kind) + " file"};
    // a pipe would block the open until a writer came, a device (/dev/zero) never ends
    if (!std::filesystem::is_regular_file(status))
        return Error{name + " is not a regular file (a pipe, a device or a socket), not a " + std::string(kind) + " file"};
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit)
        return Error{name + " is too large for a " + std::string(kind) + " file: " + std::to_string(size) +
                     " bytes (at most " + std::to_string(limit) + ")"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{"cannot open " + name + ": " + std::strerror(errno)};
    // read to the end rather than trust the size (files in /proc say 0), stopping past the limit
    std::string text;
    char chunk[65536];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > limit)
            return Error{name + " is too large for a " + std::string(kind) + " file: over " + std::to_string(limit) +
                         " bytes"};
    }
    if (in.bad()) return Error{"cannot read " + name + ": " + std::strerror(errno)};
    return text;
}

Result<nlohmann::json> parse_json(std::string_view text, const std::string& name) {
    if (const std::size_t at = too_deep_at(text))
        return Error{name + ":" + line_and_column(text, at) + ": lists and objects nested more than " +
                     std::to_string(kMaxDepth) + " deep"};
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        return Error{name + ":" + line_and_column(text, e.byte) + ": " + json_error_reason(e.what())};
    } catch (const nlohmann::json::exception& e) {
        // out_of_range: a number beyond the double range, "number overflow parsing '1e999'";
        // nlohmann gives no position, so find the number's text
        const std::string reason = json_error_reason(e.what());
        std::string where;
        const auto open = reason.find('\'');
        const auto close = open == std::string::npos ? open : reason.find('\'', open + 1);
        if (close != std::string::npos) {
            const std::string number = reason.substr(open + 1, close - open - 1);
            const auto at = number.empty() ? std::string_view::npos : text.find(number);
            if (at != std::string_view::npos) where = ":" + line_and_column(text, at + 1);
        }
        return Error{name + where + ": " + reason + " (numbers must fit in a double)"};
    }
}

namespace {

std::string kind_of(const nlohmann::json& value) {
    using Kind = nlohmann::json::value_t;
    switch (value.type()) {
        case Kind::string: return "a string";
        case Kind::array: return "a list";
        case Kind::object: return "an object";
        default: return "something else";
    }
}

}  // namespace

std::string key_path(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string bad_value_message(const std::string& path, const std::string& what, const nlohmann::json& value) {
    std::string shown = value.dump();
    if (shown.size() > 40) shown = shown.substr(0, 37) + "...";
    const bool plain = value.is_number() || value.is_null() || value.is_boolean();
    return path + " " + what + ", got " + shown + (plain ? "" : " (" + kind_of(value) + ")");
}

void warn_unknown_keys(const nlohmann::json& object, const std::string& path, std::initializer_list<std::string_view> known,
                       std::vector<std::string>& warnings) {
    for (const auto& item : object.items()) {
        bool found = false;
        for (std::string_view key : known) found = found || item.key() == key;
        if (!found) warnings.push_back(key_path(path, item.key()) + ": unknown key, ignored");
    }
}

}  // namespace tangent::detail
