#include "session.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "scene/json_file.h"
#include "scene/scene_file.h"

namespace tangent::ui {

namespace {

constexpr std::size_t kRecentFiles = 10;

}  // namespace

SessionStore SessionStore::locate() {
    if (const char* dir = std::getenv("TANGENT_STATE_DIR"); dir && *dir) return SessionStore(dir);
    if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) return SessionStore(std::filesystem::path(state) / "tangent");
    if (const char* home = std::getenv("HOME"); home && *home)
        return SessionStore(std::filesystem::path(home) / ".local" / "state" / "tangent");
    return SessionStore(std::filesystem::path());
}

std::optional<Error> SessionStore::prepare() const {
    if (!usable()) return Error{"no place to keep the session (HOME is not set)"};
    std::error_code ec;
    std::filesystem::create_directories(directory_, ec);
    if (ec) return Error{"cannot create " + directory_.string() + ": " + ec.message()};
    return std::nullopt;
}

Result<std::vector<std::filesystem::path>> SessionStore::recent_files() const {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    if (!usable() || !std::filesystem::exists(recent_path(), ec)) return files;
    // through the scene files' reader: a pipe in its place blocked the start, a link to /dev/zero
    // read one endless line until the memory ran out
    const Result<std::string> text = detail::read_small_file(recent_path(), recent_path().string(), "state", kMaxRecentFileBytes);
    if (!text) return Error{text.error().message + " (the list of recent files is ignored)"};
    std::istringstream in(text.value());
    std::string line;
    while (std::getline(in, line) && files.size() < kRecentFiles)
        if (!line.empty() && std::filesystem::is_regular_file(line, ec)) files.emplace_back(line);
    return files;
}

std::optional<Error> SessionStore::remember(const std::filesystem::path& path) const {
    if (auto error = prepare()) return error;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    std::string text = absolute.string() + "\n";
    std::size_t kept = 1;
    // a list that cannot be read is started anew (written over, if it is a file that can be)
    const Result<std::vector<std::filesystem::path>> listed = recent_files();
    for (const std::filesystem::path& other : listed ? listed.value() : std::vector<std::filesystem::path>()) {
        if (other == absolute || kept >= kRecentFiles) continue;
        text += other.string() + "\n";
        ++kept;
    }
    return write_file_atomic(recent_path(), text);
}

Result<std::optional<float>> SessionStore::ui_scale() const {
    if (!usable()) return std::optional<float>();
    std::error_code ec;
    if (!std::filesystem::exists(ui_scale_path(), ec)) return std::optional<float>();
    constexpr const char* kIgnored = " (ignored; the next change of scale writes it anew)";
    // through the scene files' reader, 64 bytes at most (a number): a pipe in its place blocked
    // the start for good, and a directory was "got \"\""
    Result<std::string> text = detail::read_small_file(ui_scale_path(), ui_scale_path().string(), "state", 64);
    if (!text) return Error{text.error().message + kIgnored};
    std::string word = std::move(text).value();
    while (!word.empty() && std::isspace(static_cast<unsigned char>(word.back()))) word.pop_back();
    char* end = nullptr;
    const double value = word.empty() ? NAN : std::strtod(word.c_str(), &end);
    if (word.empty() || end != word.c_str() + word.size() || !(value >= kMinUiScale - 1e-6 && value <= kMaxUiScale + 1e-6)) {
        char range[96];
        std::snprintf(range, sizeof range, " should hold one UI scale from %g to %g, got \"", static_cast<double>(kMinUiScale),
                      static_cast<double>(kMaxUiScale));
        // bytes that are not printable ASCII shown as \xNN: a NUL byte cut the message short
        std::string shown;
        for (const char c : word.substr(0, 40)) {
            const auto byte = static_cast<unsigned char>(c);
            if (byte >= 0x20 && byte < 0x7F && c != '\\') {
                shown += c;
            } else {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
                shown += escaped;
            }
        }
        return Error{ui_scale_path().string() + range + shown + "\"" + kIgnored};
    }
    return std::optional<float>(static_cast<float>(value));
}

std::optional<Error> SessionStore::remember_ui_scale(float scale) const {
    if (auto error = prepare()) return error;
    char text[32];
    std::snprintf(text, sizeof text, "%.4g\n", static_cast<double>(scale));
    return write_file_atomic(ui_scale_path(), text);
}

float SessionStore::step_ui_scale(float scale, bool up) {
    static constexpr float kLadder[] = {0.6f, 0.7f, 0.8f, 0.9f, 1.0f, 1.1f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};
    static_assert(kLadder[0] == kMinUiScale && kLadder[std::size(kLadder) - 1] == kMaxUiScale);
    constexpr float kSame = 1e-3f;  // a kept scale read back from text, or the slider's two decimals
    if (up) {
        for (const float step : kLadder)
            if (step > scale + kSame) return step;
        return kMaxUiScale;
    }
    for (auto step = std::rbegin(kLadder); step != std::rend(kLadder); ++step)
        if (*step < scale - kSame) return *step;
    return kMinUiScale;
}

}  // namespace tangent::ui
