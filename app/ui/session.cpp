#include "session.h"

#include <cstdlib>
#include <fstream>
#include <string>

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

std::vector<std::filesystem::path> SessionStore::recent_files() const {
    std::vector<std::filesystem::path> files;
    if (!usable()) return files;
    std::ifstream in(recent_path());
    std::string line;
    std::error_code ec;
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
    for (const std::filesystem::path& other : recent_files()) {
        if (other == absolute || kept >= kRecentFiles) continue;
        text += other.string() + "\n";
        ++kept;
    }
    return write_file_atomic(recent_path(), text);
}

}  // namespace tangent::ui
