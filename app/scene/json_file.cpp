#include "json_file.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <system_error>

namespace tangent::detail {

namespace {

// "3:14" for the byte offset nlohmann reports (1-based, pointing at the last byte read).
std::string line_and_column(std::string_view text, std::size_t byte) {
    std::size_t line = 1;
    std::size_t column = 1;
    const std::size_t end = std::min(byte == 0 ? 0 : byte - 1, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
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
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit)
        return Error{name + " is too large for a " + std::string(kind) + " file: " + std::to_string(size) +
                     " bytes (at most " + std::to_string(limit) + ")"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{"cannot open " + name + ": " + std::strerror(errno)};
    std::string text;
    text.resize(static_cast<std::size_t>(ec ? 0 : size));
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (!in || in.peek() != std::char_traits<char>::eof()) {
        if (ec || in.bad()) return Error{"cannot read " + name + ": " + std::strerror(errno)};
        return Error{name + " changed while it was read"};
    }
    return text;
}

Result<nlohmann::json> parse_json(std::string_view text, const std::string& name) {
    try {
        return nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        return Error{name + ":" + line_and_column(text, e.byte) + ": " + json_error_reason(e.what())};
    } catch (const nlohmann::json::exception& e) {  // out_of_range: a number beyond the double range
        return Error{name + ": " + json_error_reason(e.what()) + " (numbers must fit in a double)"};
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
