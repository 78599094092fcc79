#pragma once
// A file chooser drawn with Dear ImGui (it has none of its own): a folder listing with the
// scene files in it, a path field, and Open / Save buttons.

#include <array>
#include <map>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tangent::ui {

/// A path typed by a person: "~" and "~/…" (and "~//…") in the home folder, as a shell reads them;
/// "~user" and anything else as typed.
[[nodiscard]] std::filesystem::path with_home(const std::string& typed);

class FileDialog {
public:
    enum class Mode { Open, Save };

    /// Shows the dialog from the next frame: `extensions` like {".json"} (lower case).
    void open(Mode mode, const std::string& title, const std::filesystem::path& start,
              std::vector<std::string> extensions, const std::string& suggested_name = "");

    /// Draws it when shown; returns the chosen path once, when the user confirms.
    std::optional<std::filesystem::path> draw(float scale);

    [[nodiscard]] bool visible() const { return visible_; }
    /// Shown, and not yet drawn on the screen: it opens in a later frame and is hidden in the
    /// frame it appears (ImGui sizes it then). The window draws on until it shows (else a Save As
    /// refused on a quick click reopens with its reason, but stays undrawn until the next event).
    [[nodiscard]] bool appearing() const { return visible_ && appearing_frames_ > 0; }
    /// Says, in the dialog, why the last choice could not be used (a save that failed).
    /// Says why in red over the name. It is about the name shown (a failed save, a file changed
    /// on disk): Save then replaces that file without asking again.
    void show_error(std::string message) {
        error_ = std::move(message);
        replace_asked_ = folder_ / file_name_;
    }
    /// Where the file name field was drawn last (window coordinates: min x, min y, max x, max y).
    [[nodiscard]] const std::array<float, 4>& name_rect() const { return name_rect_; }
    /// Where its Open or Save button was drawn last, in the same coordinates.
    [[nodiscard]] const std::array<float, 4>& confirm_rect() const { return confirm_rect_; }
    /// Where the error under the list was drawn last, all its lines (zero before any error), and
    /// the dialog's window, in the same coordinates.
    [[nodiscard]] const std::array<float, 4>& error_rect() const { return error_rect_; }
    [[nodiscard]] const std::array<float, 4>& window_rect() const { return window_rect_; }
    /// Where the listing's entry `name` (as on disk) was drawn last, or nothing where it was not.
    [[nodiscard]] std::optional<std::array<float, 4>> entry_rect(const std::string& name) const {
        const auto found = entry_rects_.find(name);
        return found == entry_rects_.end() ? std::nullopt : std::optional(found->second);
    }
    /// The folder listed.
    [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
    /// The text it shows that the user or the file system wrote (the folder, the names listed,
    /// the name typed, the error), joined: what the fonts must have glyphs for.
    [[nodiscard]] std::string shown_text() const;

private:
    struct Entry {
        std::string name;
        bool directory = false;
    };
    Mode mode_ = Mode::Open;
    std::string title_;
    std::filesystem::path folder_;
    std::string file_name_;
    std::vector<unsigned int> typed_ahead_;  // typed with no field active: for the name field, focused next frame
    bool name_active_ = false;               // the name field had the keyboard last frame
    bool enter_ahead_ = false;               // Enter pressed while typed_ahead_ waited: confirms once it is in
    std::filesystem::path replace_asked_;    // Save asked to replace this existing file: a second Save does
    std::vector<std::string> extensions_;
    std::vector<Entry> entries_;
    std::string error_;
    bool visible_ = false;
    bool open_requested_ = false;
    int appearing_frames_ = 0;  // frames to draw before it is surely on the screen
    std::array<float, 4> name_rect_{};
    std::array<float, 4> confirm_rect_{};
    std::array<float, 4> error_rect_{};
    std::array<float, 4> window_rect_{};
    std::map<std::string, std::array<float, 4>> entry_rects_;
    double listed_at_ = -1e9;  // ImGui's clock when the listing last changed folder

    void list(const std::filesystem::path& folder);
    [[nodiscard]] bool matches(const std::filesystem::path& path) const;
};

/// A dialog's largest size, {width, height}: nearly the whole window (at a projector's UI scale a
/// fixed size reaches past a small window's edges, its buttons out of sight).
[[nodiscard]] std::array<float, 2> dialog_size_limit();
/// ImGuiWindowFlags_NoScrollbar for the window `name` unless it was held to the size limit last
/// frame: below it there is nothing to scroll (at a UI scale of 1.25 a fraction of a pixel of
/// rounding showed a scroll bar over a dialog that fitted).
[[nodiscard]] int scrollbar_only_at_the_limit(const char* name);
/// Moves the current window back inside the main window where it reaches past an edge; called
/// after its Begin, every frame (a window resized smaller would leave it there).
void keep_dialog_in_window();

}  // namespace tangent::ui
