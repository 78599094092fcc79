#pragma once
// What Tangent remembers between runs: the recent files and the last session's scene, kept in
// $TANGENT_STATE_DIR, else $XDG_STATE_HOME/tangent, else ~/.local/state/tangent.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "scene/scene.h"

namespace tangent::ui {

/// Where the autosaved scene came from, kept beside it: the file it was opened from or last saved
/// to, or else the shipped preset it was opened as, and whether it held changes not saved there.
/// A session kept by an older Tangent has none and comes back untitled, as that Tangent restores it.
struct SessionOrigin {
    std::optional<std::filesystem::path> file;  ///< absolute
    std::string file_digest;      ///< file_digest() of that file when it was last opened or saved ("" unknown)
    std::string preset;           ///< the preset's file name ("near-miss.json") when there is no file
    bool unsaved = false;         ///< the scene differed from the file or preset (or was edited, untitled)
    std::string autosave_digest;  ///< file_digest() of the autosave this describes: another one is not its
    bool operator==(const SessionOrigin&) const = default;
};

/// What became of a kept session's file since it was kept (its digest then in hand).
enum class KeptFileState {
    Same,           ///< a regular file with the digest kept
    Changed,        ///< a regular file with other bytes (or none kept to compare)
    Missing,        ///< gone from a folder that is still there
    FolderMissing,  ///< its folder is gone too
    Folder,         ///< a folder now stands at its path
    NotRegular,     ///< a pipe, a device or a socket at its path
};

class SessionStore {
public:
    /// The store in the usual place; empty (remembers nothing) when no place can be found.
    static SessionStore locate();
    /// `personal`: the folder is Tangent's own in the user's state folder (XDG_STATE_HOME or
    /// ~/.local/state), kept to its owner (0700) as the XDG base directory spec asks.
    explicit SessionStore(std::filesystem::path directory, bool personal = false)
        : directory_(std::move(directory)), personal_(personal) {}

    [[nodiscard]] bool usable() const { return !directory_.empty(); }
    /// Most recent first, files that no longer exist left out; an error names the list's file and
    /// what is wrong with it (not a regular file, too large), read as a scene file is.
    [[nodiscard]] Result<std::vector<std::filesystem::path>> recent_files() const;
    /// The most a kept list of recent files may hold: ten paths of up to PATH_MAX bytes.
    static constexpr std::uintmax_t kMaxRecentFileBytes = 64 * 1024;
    /// Puts `path` first (at most 10 kept); errors are reported, not fatal.
    std::optional<Error> remember(const std::filesystem::path& path) const;
    /// Where the session's scene is saved as you work and restored at the next start.
    [[nodiscard]] std::filesystem::path autosave_path() const { return directory_ / "autosave.json"; }
    /// Where the autosave's origin is kept (session.json).
    [[nodiscard]] std::filesystem::path origin_path() const { return directory_ / "session.json"; }
    /// The autosave's origin, or none when none was kept (an older Tangent's session); an error
    /// names the file, the key and what is wrong with it.
    [[nodiscard]] Result<std::optional<SessionOrigin>> origin() const;
    /// Keeps `origin` beside the autosave (written whole, or not at all).
    std::optional<Error> remember_origin(const SessionOrigin& origin) const;
    /// The bytes of a file of at most a scene file's size as 16 hex digits (64-bit FNV-1a): a
    /// file changed since shows another. "" when it cannot be read.
    [[nodiscard]] static std::string file_digest(const std::filesystem::path& path);
    /// The same digest of bytes in hand (those just written: another window's write in between
    /// cannot be taken for them, as a read back could).
    [[nodiscard]] static std::string text_digest(std::string_view text);
    /// What became of `file` since it had `digest` (SessionOrigin::file_digest).
    [[nodiscard]] static KeptFileState kept_file_state(const std::filesystem::path& file, const std::string& digest);
    /// Whether the kept session holds work found nowhere else, which writing over it would drop:
    /// it had unsaved changes, its file changed or went since, or where it came from cannot be
    /// trusted (unreadable, or kept for another autosave). False with no autosave, and for an
    /// older Tangent's session (it comes back untitled and unsaved-free, as that Tangent restores it).
    [[nodiscard]] bool holds_unsaved_work() const;
    /// "changes to my.json", "changes to near-miss.json (preset)", or "" for an untitled scene:
    /// the kept session's work, for a notice.
    [[nodiscard]] std::string describe_work() const;
    /// The slot for one session kept apart: the last session's unsaved work, set aside by a start
    /// with a file (its folder "previous" inside this one; at most one is kept).
    [[nodiscard]] SessionStore previous() const { return SessionStore(usable() ? directory_ / "previous" : directory_); }
    /// Moves the kept session (the autosave and session.json) into previous(), replacing what was
    /// there; nothing is moved when the autosave cannot be.
    std::optional<Error> keep_as_previous() const;
    /// Moves previous()'s session back into place, replacing the kept one.
    std::optional<Error> bring_back_previous() const;
    /// Moves an autosave that does not load (a newer Tangent's, a hand edit) out of the next
    /// autosave's way, to "autosave-unreadable-N.json" beside it (N the first number free); the
    /// path it went to.
    [[nodiscard]] Result<std::filesystem::path> set_aside_autosave() const;
    /// Creates the directory when missing.
    std::optional<Error> prepare() const;

    /// The UI scale chosen last time (View › UI scale, Ctrl+= and Ctrl+-), if one was kept;
    /// an error names the file and what is wrong with it.
    [[nodiscard]] Result<std::optional<float>> ui_scale() const;
    /// Keeps the UI scale for the next start (written whole, or not at all).
    std::optional<Error> remember_ui_scale(float scale) const;
    /// The theme chosen last time in View › Theme, if one was kept: the window's, for every
    /// scene it opens (a projector that washes out dark colours wants light for the whole lesson);
    /// an error names the file and what is wrong with it.
    [[nodiscard]] Result<std::optional<Theme>> theme() const;
    /// Keeps the theme for the next start (written whole, or not at all).
    std::optional<Error> remember_theme(Theme theme) const;
    /// The window's size when it last closed (its size before full screen), and whether it was
    /// maximized: a teacher who set the window up for the projector finds it so at the next
    /// start. An error names the file and what is wrong with it.
    struct WindowSize {
        int width = 0;
        int height = 0;
        bool maximized = false;
        friend bool operator==(const WindowSize&, const WindowSize&) = default;
    };
    [[nodiscard]] Result<std::optional<WindowSize>> window_size() const;
    /// Keeps the window's size for the next start (written whole, or not at all).
    std::optional<Error> remember_window_size(const WindowSize& size) const;
    /// Whether the newcomer's hint (Help › Guided tour, F1) was shown at an earlier start.
    [[nodiscard]] bool welcomed() const;
    /// Keeps that it was shown, so that it is said once, not at every start without an edit.
    std::optional<Error> remember_welcomed() const;
    /// The range a kept UI scale must lie in (the slider's).
    static constexpr float kMinUiScale = 0.6f;
    static constexpr float kMaxUiScale = 3.0f;
    /// The UI scale one Ctrl+= (`up`) or Ctrl+- step from `scale`: the next of 0.6, 0.7, 0.8,
    /// 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3 (a projector's 1.5 and 2 are reached exactly;
    /// steps of 15% would go 1.749 -> 2.011), from a slider's value in between to its neighbour.
    [[nodiscard]] static float step_ui_scale(float scale, bool up);

private:
    std::filesystem::path directory_;
    bool personal_ = false;
    [[nodiscard]] std::filesystem::path recent_path() const { return directory_ / "recent-files.txt"; }
    [[nodiscard]] std::filesystem::path ui_scale_path() const { return directory_ / "ui-scale.txt"; }
    [[nodiscard]] std::filesystem::path theme_path() const { return directory_ / "theme.txt"; }
    [[nodiscard]] std::filesystem::path welcomed_path() const { return directory_ / "welcomed.txt"; }
    [[nodiscard]] std::filesystem::path window_size_path() const { return directory_ / "window.txt"; }
    [[nodiscard]] Result<std::optional<std::string>> read_state_word(const std::filesystem::path& path, const char* ignored) const;
};

}  // namespace tangent::ui
