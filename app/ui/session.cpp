#include "session.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <charconv>
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
// a path of up to PATH_MAX bytes, escaped, and the rest
constexpr std::uintmax_t kMaxOriginBytes = 64 * 1024;

bool is_digest(const std::string& text) {
    return text.size() == 16 && std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace

SessionStore SessionStore::locate() {
    if (const char* dir = std::getenv("TANGENT_STATE_DIR"); dir && *dir) return SessionStore(dir);
    if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
        return SessionStore(std::filesystem::path(state) / "tangent", true);
    if (const char* home = std::getenv("HOME"); home && *home)
        return SessionStore(std::filesystem::path(home) / ".local" / "state" / "tangent", true);
    return SessionStore(std::filesystem::path());
}

std::optional<Error> SessionStore::prepare() const {
    if (!usable()) return Error{"no place to keep the session (HOME is not set)"};
    std::error_code ec;
    // The autosave holds the scene being edited, which may come from a file only its owner reads
    // (0600): the folder Tangent makes for it is its owner's alone (it was 0755, its files 0644:
    // a file-system review), and its own folder in the user's state folder is kept so.
    const bool made = !std::filesystem::exists(directory_, ec);
    std::filesystem::create_directories(directory_, ec);
    // (what is lost, said with it: a bare "cannot create …: Permission denied" left a teacher to
    // guess what it meant: a locale review)
    // (one that exists but is no folder, /dev/null or a file, is said to be so: "cannot create
    // /dev/null: Not a directory" read as if it were missing: a robustness review)
    std::error_code kind;
    if (ec && std::filesystem::exists(directory_, kind) && !std::filesystem::is_directory(directory_, kind))
        return Error{directory_.string() + " is not a folder, so the session, recent files, UI scale and theme cannot be kept "
                     "there (it must be a folder)"};
    if (ec)
        return Error{"cannot create " + directory_.string() + ", where the session, recent files, UI scale and theme are kept: " +
                     ec.message()};
    struct stat status {};
    if ((made || personal_) && ::stat(directory_.c_str(), &status) == 0 && status.st_uid == ::geteuid() &&
        (status.st_mode & 077) != 0)
        ::chmod(directory_.c_str(), status.st_mode & 0700);
    return std::nullopt;
}

Result<std::vector<std::filesystem::path>> SessionStore::recent_files() const {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    if (!usable() || !std::filesystem::exists(recent_path(), ec)) return files;
    // through the scene files' reader: else a pipe in its place blocks the start, a link to
    // /dev/zero reads one endless line until the memory runs out
    const Result<std::string> text = detail::read_small_file(recent_path(), recent_path().string(), "state", kMaxRecentFileBytes);
    if (!text) return Error{text.error().message + " (the list of recent files is ignored)"};
    std::istringstream in(text.value());
    std::string line;
    // (a line twice, in a list edited by hand, is listed once)
    while (std::getline(in, line) && files.size() < kRecentFiles)
        if (!line.empty() && std::filesystem::is_regular_file(line, ec) &&
            std::find(files.begin(), files.end(), std::filesystem::path(line)) == files.end())
            files.emplace_back(line);
    return files;
}

std::optional<Error> SessionStore::remember(const std::filesystem::path& path) const {
    if (auto error = prepare()) return error;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    // one path a line: a name with a line break in it would come back as two paths, neither
    // there, and the list lost the file open now (a QA review); such a name is not listed
    if (absolute.string().find_first_of("\n\r") != std::string::npos) return std::nullopt;
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

Result<std::optional<SessionOrigin>> SessionStore::origin() const {
    std::error_code ec;
    if (!usable() || !std::filesystem::exists(origin_path(), ec)) return std::optional<SessionOrigin>();
    const std::string name = origin_path().string();
    const Result<std::string> text = detail::read_small_file(origin_path(), name, "state", kMaxOriginBytes);
    if (!text) return Error{text.error().message};
    const Result<nlohmann::json> parsed = detail::parse_json(text.value(), name);
    if (!parsed) return Error{parsed.error().message};
    const nlohmann::json& root = parsed.value();
    if (!root.is_object()) return Error{detail::bad_value_message(name, "must hold an object", root)};
    const auto bad = [&](const char* key, const char* what) { return Error{name + ": " + detail::bad_value_message(key, what, root.at(key))}; };
    // keys a newer Tangent may add are passed over: what this one needs is all checked
    SessionOrigin origin;
    const auto unsaved = root.find("unsaved");
    if (unsaved == root.end()) return Error{name + ": unsaved is missing (true or false)"};
    if (!unsaved->is_boolean()) return bad("unsaved", "must be true or false");
    origin.unsaved = unsaved->get<bool>();
    if (const auto file = root.find("file"); file != root.end() && !file->is_null()) {
        const std::string* path = file->get_ptr<const std::string*>();
        if (!path || path->empty() || path->find('\0') != std::string::npos || path->size() > 4096 ||
            !std::filesystem::path(*path).is_absolute())
            return bad("file", "must be an absolute path or null");
        origin.file = std::filesystem::path(*path);
    } else if (const auto bytes = root.find("file_bytes"); bytes != root.end() && !bytes->is_null()) {
        // a path that is not UTF-8, its bytes in hexadecimal
        const std::string* hex = bytes->get_ptr<const std::string*>();
        std::string path;
        const auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
        bool good = hex && !hex->empty() && hex->size() % 2 == 0 && hex->size() <= 8192;
        for (std::size_t i = 0; good && i < hex->size(); i += 2) {
            const int high = digit((*hex)[i]), low = digit((*hex)[i + 1]);
            good = high >= 0 && low >= 0 && (high | low) != 0;
            path += static_cast<char>(high * 16 + low);
        }
        if (!good || !std::filesystem::path(path).is_absolute())
            return bad("file_bytes", "must be an absolute path's bytes in hexadecimal, or null");
        origin.file = std::filesystem::path(path);
    }
    if (const auto preset = root.find("preset"); preset != root.end() && !preset->is_null()) {
        const std::string* file_name = preset->get_ptr<const std::string*>();
        if (!file_name || file_name->empty() || file_name->size() > 255 || file_name->find('/') != std::string::npos ||
            file_name->find('\0') != std::string::npos)
            return bad("preset", "must be a preset's file name or null");
        origin.preset = *file_name;
    }
    for (const auto& [key, digest] : {std::pair<const char*, std::string*>{"file_digest", &origin.file_digest},
                                      std::pair<const char*, std::string*>{"autosave_digest", &origin.autosave_digest}}) {
        const auto found = root.find(key);
        if (found == root.end() || found->is_null()) continue;
        const std::string* value = found->get_ptr<const std::string*>();
        if (!value || !(value->empty() || is_digest(*value))) return bad(key, "must be 16 hex digits (0-9, a-f) or \"\"");
        *digest = *value;
    }
    return std::optional<SessionOrigin>(std::move(origin));
}

std::optional<Error> SessionStore::remember_origin(const SessionOrigin& origin) const {
    if (auto error = prepare()) return error;
    nlohmann::json root = {{"file", nullptr},
                           {"file_digest", origin.file_digest},
                           {"preset", origin.preset.empty() ? nlohmann::json() : nlohmann::json(origin.preset)},
                           {"unsaved", origin.unsaved},
                           {"autosave_digest", origin.autosave_digest}};
    if (origin.file) root["file"] = origin.file->string();
    std::string text;
    try {
        text = root.dump(2) + "\n";
    } catch (const nlohmann::json::type_error&) {
        // a path that is not UTF-8 (a Latin-1 "é" in a file's name) cannot be JSON text: its bytes
        // are kept in hexadecimal (the session forgot the file, and the next start was untitled: a
        // file-system review)
        static constexpr char kHex[] = "0123456789abcdef";
        std::string hex;
        for (const char c : origin.file->string()) {
            hex += kHex[(static_cast<unsigned char>(c) >> 4) & 0xF];
            hex += kHex[static_cast<unsigned char>(c) & 0xF];
        }
        root["file"] = nullptr;
        root["file_bytes"] = hex;
        text = root.dump(2) + "\n";
    }
    return write_file_atomic(origin_path(), text);
}

KeptFileState SessionStore::kept_file_state(const std::filesystem::path& file, const std::string& digest) {
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(file, ec);  // (through links)
    if (status.type() == std::filesystem::file_type::not_found || status.type() == std::filesystem::file_type::none) {
        return std::filesystem::is_directory(file.parent_path(), ec) ? KeptFileState::Missing : KeptFileState::FolderMissing;
    }
    if (status.type() == std::filesystem::file_type::directory) return KeptFileState::Folder;
    if (status.type() != std::filesystem::file_type::regular) return KeptFileState::NotRegular;
    return !digest.empty() && file_digest(file) == digest ? KeptFileState::Same : KeptFileState::Changed;
}

bool SessionStore::holds_unsaved_work() const {
    std::error_code ec;
    if (!usable() || !std::filesystem::exists(autosave_path(), ec)) return false;
    const Result<std::optional<SessionOrigin>> kept = origin();
    if (!kept) return true;  // restored as unsaved
    if (!kept.value()) return false;
    const SessionOrigin& origin = *kept.value();
    if (origin.autosave_digest != file_digest(autosave_path())) return true;  // restored as unsaved
    if (origin.unsaved) return true;
    return origin.file && kept_file_state(*origin.file, origin.file_digest) != KeptFileState::Same;
}

std::string SessionStore::describe_work() const {
    const Result<std::optional<SessionOrigin>> kept = origin();
    if (!kept || !kept.value()) return {};
    const SessionOrigin& origin = *kept.value();
    if (origin.file) return "changes to " + origin.file->filename().string();
    if (!origin.preset.empty()) return "changes to " + origin.preset + " (preset)";
    return {};
}

std::optional<Error> SessionStore::keep_as_previous() const {
    const SessionStore slot = previous();
    if (auto error = slot.prepare()) return error;
    std::error_code ec;
    // the autosave first: a crash before session.json follows leaves the two apart, which a
    // restore notices by the digest and takes as unsaved
    std::filesystem::rename(autosave_path(), slot.autosave_path(), ec);
    if (ec) return Error{"cannot move " + autosave_path().string() + " to " + slot.autosave_path().string() + ": " + ec.message()};
    if (std::filesystem::exists(origin_path(), ec)) {
        std::filesystem::rename(origin_path(), slot.origin_path(), ec);
    } else {
        std::filesystem::remove(slot.origin_path(), ec);  // (one of an older session would not describe it)
    }
    if (ec) return Error{"cannot move " + origin_path().string() + " to " + slot.origin_path().string() + ": " + ec.message()};
    return std::nullopt;
}

std::optional<Error> SessionStore::bring_back_previous() const {
    const SessionStore slot = previous();
    std::error_code ec;
    std::filesystem::rename(slot.autosave_path(), autosave_path(), ec);
    if (ec) return Error{"cannot move " + slot.autosave_path().string() + " to " + autosave_path().string() + ": " + ec.message()};
    if (std::filesystem::exists(slot.origin_path(), ec)) {
        std::filesystem::rename(slot.origin_path(), origin_path(), ec);
    } else {
        std::filesystem::remove(origin_path(), ec);
    }
    if (ec) return Error{"cannot move " + slot.origin_path().string() + " to " + origin_path().string() + ": " + ec.message()};
    return std::nullopt;
}

Result<std::filesystem::path> SessionStore::set_aside_autosave() const {
    std::error_code ec;
    for (int n = 1; n < 1000; ++n) {
        const std::filesystem::path target = directory_ / ("autosave-unreadable-" + std::to_string(n) + ".json");
        if (std::filesystem::exists(target, ec) || ec) continue;
        std::filesystem::rename(autosave_path(), target, ec);
        if (ec) return Error{"cannot move " + autosave_path().string() + " to " + target.string() + ": " + ec.message()};
        return target;
    }
    return Error{"cannot move " + autosave_path().string() + " aside: 999 unreadable autosaves are kept beside it already"};
}

std::string SessionStore::file_digest(const std::filesystem::path& path) {
    const Result<std::string> text = detail::read_small_file(path, path.string(), "scene", kMaxSceneFileBytes);
    if (!text) return {};
    return text_digest(text.value());
}

std::string SessionStore::text_digest(std::string_view text) {
    std::uint64_t hash = 14695981039346656037ull;  // FNV-1a: xor each byte in, multiply by the prime
    for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

namespace {

// A state file's first 40 bytes for a message, those that are not printable ASCII as \xNN (a NUL
// byte would cut the message short)
std::string shown_bytes(std::string_view word) {
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
    return shown;
}

}  // namespace

// A one-word state file (ui-scale.txt, theme.txt) without its trailing white space; none when the
// store is not usable or the file is not there. Through the scene files' reader, 64 bytes at most:
// else a pipe in its place blocks the start for good, and a directory reads "got \"\"".
Result<std::optional<std::string>> SessionStore::read_state_word(const std::filesystem::path& path, const char* ignored) const {
    if (!usable()) return std::optional<std::string>();
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return std::optional<std::string>();
    Result<std::string> text = detail::read_small_file(path, path.string(), "state", 64);
    if (!text) return Error{text.error().message + ignored};
    std::string word = std::move(text).value();
    while (!word.empty() && std::isspace(static_cast<unsigned char>(word.back()))) word.pop_back();
    return std::optional<std::string>(std::move(word));
}

Result<std::optional<float>> SessionStore::ui_scale() const {
    constexpr const char* kIgnored = " (ignored; the next change of scale writes it anew)";
    Result<std::optional<std::string>> kept = read_state_word(ui_scale_path(), kIgnored);
    if (!kept) return kept.error();
    if (!kept.value()) return std::optional<float>();
    const std::string& word = *kept.value();
    char* end = nullptr;
    const double value = word.empty() ? NAN : std::strtod(word.c_str(), &end);
    if (word.empty() || end != word.c_str() + word.size() || !(value >= kMinUiScale - 1e-6 && value <= kMaxUiScale + 1e-6)) {
        char range[96];
        std::snprintf(range, sizeof range, " should hold one UI scale from %g to %g, got \"", static_cast<double>(kMinUiScale),
                      static_cast<double>(kMaxUiScale));
        return Error{ui_scale_path().string() + range + shown_bytes(word) + "\"" + kIgnored};
    }
    return std::optional<float>(static_cast<float>(value));
}

Result<std::optional<Theme>> SessionStore::theme() const {
    constexpr const char* kIgnored = " (ignored; the next choice of theme writes it anew)";
    Result<std::optional<std::string>> kept = read_state_word(theme_path(), kIgnored);
    if (!kept) return kept.error();
    if (!kept.value()) return std::optional<Theme>();
    const std::string& word = *kept.value();
    if (const std::optional<Theme> theme = theme_from_string(word)) return std::optional<Theme>(*theme);
    return Error{theme_path().string() + " should hold one theme, dark, light or print, got \"" + shown_bytes(word) + "\"" + kIgnored};
}

std::optional<Error> SessionStore::remember_theme(Theme theme) const {
    if (auto error = prepare()) return error;
    return write_file_atomic(theme_path(), std::string(to_string(theme)) + "\n");
}

Result<std::optional<SessionStore::WindowSize>> SessionStore::window_size() const {
    constexpr const char* kIgnored = " (ignored; the window's size as it closes next writes it anew)";
    Result<std::optional<std::string>> kept = read_state_word(window_size_path(), kIgnored);
    if (!kept) return kept.error();
    if (!kept.value()) return std::optional<WindowSize>();
    const std::string& text = *kept.value();
    // "W x H" or "W x H maximized", read with from_chars (sscanf's %d overflowed into a size: a
    // test audit's "4294968576 x 800" came back 1280 x 800)
    WindowSize size;
    std::string_view rest = text;
    const auto whole_number = [&rest](int& value) {
        const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
        if (error != std::errc() || end == rest.data()) return false;
        rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
        return true;
    };
    const auto skip_spaces = [&rest] {
        while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    };
    bool read = whole_number(size.width);
    skip_spaces();
    read = read && !rest.empty() && rest.front() == 'x';
    if (read) rest.remove_prefix(1);
    skip_spaces();
    read = read && whole_number(size.height);
    skip_spaces();
    if (read && rest == "maximized") {
        size.maximized = true;
        rest = {};
    }
    if (!read || !rest.empty() || size.width < 200 || size.height < 150 || size.width > 32768 || size.height > 32768)
        return Error{window_size_path().string() + " should hold the window's size, \"1280 x 800\" or \"1920 x 1080 maximized\", got \"" +
                     shown_bytes(text) + "\"" + kIgnored};
    return std::optional<WindowSize>(size);
}

std::optional<Error> SessionStore::remember_window_size(const WindowSize& size) const {
    if (auto error = prepare()) return error;
    return write_file_atomic(window_size_path(),
                             std::to_string(size.width) + " x " + std::to_string(size.height) + (size.maximized ? " maximized" : "") + "\n");
}

bool SessionStore::welcomed() const {
    std::error_code ec;
    return usable() && std::filesystem::exists(welcomed_path(), ec);
}

std::optional<Error> SessionStore::remember_welcomed() const {
    if (auto error = prepare()) return error;
    return write_file_atomic(welcomed_path(), "the newcomer's hint was shown\n");
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
