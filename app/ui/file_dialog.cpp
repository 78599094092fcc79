#include "file_dialog.h"

#include <imgui.h>
#include <imgui_internal.h>  // FindWindowByName: a dialog's size last frame
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <system_error>
#include <utility>

#include "app.h"  // text_wrapped_at_spaces
#include "draw/text_metrics.h"
#include "number_field.h"
#include "scene/composed_text.h"
#include "window.h"  // error_text_color

namespace tangent::ui {

namespace {
// said where Open or Save is pressed with no name
constexpr const char* kChooseFirst = "Choose a file in the list first (a tap or click on its name), or type its name.";
constexpr const char* kTypeFirst = "Type a name for the file first.";
}  // namespace

// "~" and "~/…" typed as a shell and desktop dialogs read them: the home folder ("~/typed.json"
// was a folder named "~" in the current one: a file-system review). "~user" is left as typed.
std::filesystem::path with_home(const std::string& typed) {
    const char* home = std::getenv("HOME");
    if (home == nullptr || *home == '\0' || typed.empty() || typed[0] != '~' || (typed.size() > 1 && typed[1] != '/')) return typed;
    // (every slash after it: "~//tmp" is the home folder's tmp, as a shell reads it, not /tmp)
    const std::size_t rest = std::min(typed.find_first_not_of('/', 1), typed.size());
    return std::filesystem::path(home) / typed.substr(rest);
}

namespace {

// Why `path` cannot be opened or saved where it names something that is there and is not a file
// (a device such as /dev/null, a named pipe, a socket: Save As turned "/dev/null" into
// "/dev/null.json", and onto a pipe asked twice before it replaced it: a QA review), or a link
// that leads round in a loop (read as "does not exist"), or, to open, one that leads nowhere (a
// save writes through it, as Ctrl+S does); nothing for a file, a folder, or nothing there at all.
// `name`: the path as the user reads it.
std::optional<std::string> not_a_file(const std::filesystem::path& path, const std::string& name, bool opening) {
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
        if (ec == std::errc::too_many_symbolic_link_levels)
            return name + " is a symbolic link that leads round in a loop, to no file";
        return name + " cannot be reached: " + ec.message();
    }
    if (!std::filesystem::exists(status)) {
        const std::filesystem::file_status link = std::filesystem::symlink_status(path, ec);
        if (opening && !ec && std::filesystem::is_symlink(link)) return name + " is a symbolic link to a file that does not exist";
        return std::nullopt;
    }
    if (std::filesystem::is_regular_file(status) || std::filesystem::is_directory(status)) return std::nullopt;
    const char* kind = std::filesystem::is_character_file(status) || std::filesystem::is_block_file(status) ? "a device"
                       : std::filesystem::is_fifo(status)                                                  ? "a named pipe"
                       : std::filesystem::is_socket(status)                                                ? "a socket"
                                                                                                           : "not a regular file";
    return name + " is " + kind + ", not a file to " + (opening ? "open" : "save in") + ": choose or type another name";
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

}  // namespace

void FileDialog::open(Mode mode, const std::string& title, const std::filesystem::path& start,
                      std::vector<std::string> extensions, const std::string& suggested_name) {
    mode_ = mode;
    title_ = title;
    extensions_ = std::move(extensions);
    file_name_ = suggested_name;
    error_.clear();
    std::error_code ec;
    std::filesystem::path folder = start.empty() ? std::filesystem::current_path(ec) : start;
    if (!std::filesystem::is_directory(folder, ec)) folder = folder.parent_path();
    if (folder.empty() || !std::filesystem::is_directory(folder, ec)) folder = std::filesystem::current_path(ec);
    list(folder);
    visible_ = true;
    typed_ahead_.clear();
    enter_ahead_ = false;
    replace_asked_.clear();
    appearing_frames_ = 4;
    open_requested_ = true;
}

bool FileDialog::matches(const std::filesystem::path& path) const {
    const std::string extension = lower(path.extension().string());
    return extensions_.empty() || std::find(extensions_.begin(), extensions_.end(), extension) != extensions_.end();
}

void FileDialog::list(const std::filesystem::path& folder) {
    std::error_code ec;
    std::vector<Entry> entries;
    std::filesystem::directory_iterator it(folder, std::filesystem::directory_options::skip_permission_denied, ec);
    if (ec) {
        error_ = "cannot list " + folder.string() + ": " + ec.message();
        return;
    }
    // stepped with the error code: the range-for's ++ throws where reading the folder fails part
    // way (EIO, a stale NFS handle), and nothing above here would catch it (a code review)
    for (const std::filesystem::directory_iterator end; it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;  // hidden files, as file managers do
        std::error_code type_error;
        const bool directory = it->is_directory(type_error);
        if (directory || matches(it->path())) entries.push_back({name, directory});
    }
    if (ec) {
        error_ = "cannot list " + folder.string() + ": " + ec.message();
        return;
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
        return a.directory != b.directory ? a.directory : lower(a.name) < lower(b.name);
    });
    if (folder != folder_) listed_at_ = ImGui::GetCurrentContext() ? ImGui::GetTime() : -1e9;
    folder_ = folder;
    entries_ = std::move(entries);
    entry_rects_.clear();
    error_.clear();
}

std::optional<std::filesystem::path> FileDialog::draw(float scale) {
    if (!visible_) return std::nullopt;
    if (appearing_frames_ > 0) --appearing_frames_;
    if (open_requested_) {
        ImGui::OpenPopup(title_.c_str());
        open_requested_ = false;
    }
    std::optional<std::filesystem::path> chosen;
    const std::array<float, 2> limit = dialog_size_limit();
    ImGui::SetNextWindowSize(ImVec2(std::min(640 * scale, limit[0]), std::min(460 * scale, limit[1])), ImGuiCond_Appearing);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(limit[0], limit[1]));
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    bool keep_open = true;
    if (!ImGui::BeginPopupModal(title_.c_str(), &keep_open)) {
        visible_ = keep_open && ImGui::IsPopupOpen(title_.c_str());
        return std::nullopt;
    }
    keep_dialog_in_window();
    if (ImGui::Button("Up")) list(folder_.parent_path());
    ImGui::SameLine();
    std::string folder_text = folder_.string();
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::InputText("##folder", &folder_text, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll))
        list(with_home(folder_text));  // (all selected on a click: typing a path replaces it)
    if (ImGui::IsItemActive()) NumberFields::draw_ring(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());

    // the line under the list: the folder, or an error wrapped to the dialog's width in as many
    // lines as it takes (cut at the edge, "…is read-on" would be all a failed save says)
    const float room = ImGui::GetContentRegionAvail().x;
    const std::size_t message_lines = error_.empty() ? 1 : std::max<std::size_t>(1, lines_within(error_, room).size());
    const float footer = ImGui::GetFrameHeightWithSpacing() * 2 +
                         ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(message_lines);
    // the row under a finger lifted from it lit no brighter than the row chosen (the hover's bright
    // blue over the choice's dark one read as the file that would open: a whiteboard teacher)
    ImVec4 faint = ImGui::GetStyleColorVec4(ImGuiCol_Header);
    faint.w *= 0.5f;
    ImGui::PushStyleColor(ImGuiCol_HeaderHovered, faint);
    ImGui::BeginChild("entries", ImVec2(0, -footer), true);
    drag_to_scroll(true);  // (15 of 19 files showed, the rest behind a 22-px scroll bar)
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& entry = entries_[i];
        // a name as it reads (a Mac's "é" is "e" and its accent apart; a Latin-1 byte as \xE9),
        // told apart by its place: two such names can read alike
        const std::string shown = shown_name(entry.name);
        const std::string text = entry.directory ? "[" + shown + "]" : shown;
        const bool selected = !entry.directory && entry.name == file_name_;
        ImGui::PushID(static_cast<int>(i));
        const bool pressed = ImGui::Selectable(text.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick);
        ImGui::PopID();
        entry_rects_[entry.name] = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
        // a click just after the listing changed is the second of a double-click that opened it:
        // not one on what now lies under the pointer
        if (pressed && ImGui::GetTime() - listed_at_ > ImGui::GetIO().MouseDoubleClickTime) {
            if (entry.directory) {
                // a folder opens on one click: one is all a touchpad's tap gives reliably, and a
                // folder cannot be the choice (clicked once, then Save, saved in the folder above)
                list(folder_ / entry.name);
                break;  // (entries_ is the new folder's now)
            } else {
                file_name_ = entry.name;
                if (error_.starts_with(kChooseFirst) || error_.starts_with(kTypeFirst)) error_.clear();  // (answered)
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
                    // (the listing shows any name with the extension: a pipe or a link in a loop
                    // is refused here too, as typed: a code review)
                    const std::filesystem::path path = folder_ / file_name_;
                    if (const auto refused = not_a_file(path, file_name_, mode_ == Mode::Open)) error_ = *refused;
                    else chosen = path;
                }
            }
        }
    }
    if (entries_.empty()) {
        // (the dialog opens scenes and tours, and saves scenes and figures: said by its extensions)
        std::string kinds;
        for (std::size_t i = 0; i < extensions_.size(); ++i)
            kinds += (i == 0 ? "" : i + 1 == extensions_.size() ? " or " : ", ") + extensions_[i];
        ImGui::TextDisabled("%s", ("No " + kinds + " files here" + (mode_ == Mode::Open ? "." : " yet.")).c_str());
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();

    if (!error_.empty()) {
        ImGui::BeginGroup();
        text_wrapped_at_spaces(error_, error_text_color(), room);
        ImGui::EndGroup();
        error_rect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
    } else {
        ImGui::TextDisabled("%s", folder_.string().c_str());
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 220 * scale);
    // Typed into with no field chosen, as a desktop file dialog is (else Ctrl+O, a name and Enter
    // type nothing: no field has the keyboard focus): the name field takes the keyboard next frame,
    // all selected, and the characters typed meanwhile once it has it, in place of the name there.
    // (Focused as the dialog appears, a quick click and Ctrl+A in the field would race the focus
    // and leave the old name in front.)
    // Held out of the queue until the field has the keyboard, then put in front of what came since
    // (added after it, "other" comes out "toher" at 60 ms a key); an Enter among them confirms once
    // they are in (else it confirms the old name).
    ImGuiIO& io = ImGui::GetIO();
    const auto enter_pressed = [] {  // a new press: a held Enter, still down from the question that
                                     // opened this dialog, would save over a file unasked
        return ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
               ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
    };
    bool enter_typed_ahead = false;
    if (!typed_ahead_.empty() && name_active_) {
        for (auto c = typed_ahead_.rbegin(); c != typed_ahead_.rend(); ++c) io.InputQueueCharacters.push_front(static_cast<ImWchar>(*c));
        typed_ahead_.clear();
        enter_typed_ahead = std::exchange(enter_ahead_, false);
    } else if (!ImGui::IsAnyItemActive() && (!io.InputQueueCharacters.empty() || !typed_ahead_.empty()) && !io.KeyCtrl &&
               !io.KeyAlt) {
        typed_ahead_.insert(typed_ahead_.end(), io.InputQueueCharacters.begin(), io.InputQueueCharacters.end());
        io.InputQueueCharacters.resize(0);
        enter_ahead_ = enter_ahead_ || enter_pressed();
        ImGui::SetKeyboardFocusHere();
    }
    // all selected on a click, as the folder field: typing a name or a path replaces it
    const bool entered =
        ImGui::InputText("##name", &file_name_, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll) ||
        enter_typed_ahead;
    name_active_ = ImGui::IsItemActive();
    name_rect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
    // ringed where typing goes: the name field, typed in or taking what is typed next (the dialog
    // opened with no caret, selection or ring, though typing went there: a keyboard-only review)
    if (name_active_ || !ImGui::IsAnyItemActive()) NumberFields::draw_ring(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ImGui::SameLine();
    const bool confirmed = ImGui::Button(mode_ == Mode::Open ? "Open" : "Save", ImVec2(100 * scale, 0));
    confirm_rect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(100 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        ImGui::CloseCurrentPopup();
        visible_ = false;
    }
    // Enter anywhere in the dialog (not only in the name field) opens or saves, as the button does
    const bool enter_key = !ImGui::IsAnyItemActive() && typed_ahead_.empty() && enter_pressed();
    // nothing chosen yet: say so, rather than nothing at all (a tap on Open after a folder opened,
    // with only a row lit under the finger: a whiteboard teacher's review)
    if ((confirmed || entered || enter_key) && file_name_.empty()) error_ = mode_ == Mode::Open ? kChooseFirst : kTypeFirst;
    if ((entered || confirmed || enter_key) && !file_name_.empty()) {
        const std::filesystem::path typed = with_home(file_name_);
        std::filesystem::path path = typed.is_absolute() ? typed : folder_ / typed;
        std::error_code ec;
        // a folder typed (with its slash or not) is gone into, as Open does; any other name without
        // an extension gets the first one (else a folder's name becomes "sv.json" beside it), but
        // not a device or pipe typed as it is (/dev/null is refused, not made /dev/null.json)
        // (named as typed where it is a whole path: "/dev/null is a device", not "null is")
        const auto shown = [&] { return typed.is_absolute() ? path.string() : path.filename().string(); };
        std::optional<std::string> refused = not_a_file(path, shown(), mode_ == Mode::Open);
        if (!refused && mode_ == Mode::Save && !std::filesystem::is_directory(path, ec) && path.extension().empty() &&
            !extensions_.empty()) {
            path += extensions_.front();
            refused = not_a_file(path, shown(), false);
        }
        if (refused) {
            error_ = *refused;
        } else if (std::filesystem::is_directory(path, ec)) {
            list(path);
            file_name_.clear();
        } else if (mode_ == Mode::Open && !std::filesystem::exists(path, ec)) {
            error_ = path.filename().string() + " does not exist";
        } else if (mode_ == Mode::Save && !std::filesystem::is_directory(path.parent_path(), ec)) {
            // said here, the name left as typed: else the save failed, the dialog came back in the
            // nearest folder that exists, and a second Enter saved there unasked (a robustness review)
            // (a file on the way, "a.json/z.json", is said to be one: a recheck)
            std::filesystem::path blocked = path.parent_path();
            while (!blocked.empty() && !std::filesystem::exists(blocked, ec) && blocked.has_parent_path() && blocked != blocked.parent_path())
                blocked = blocked.parent_path();
            error_ = std::filesystem::exists(blocked, ec) && !std::filesystem::is_directory(blocked, ec)
                         ? blocked.string() + " is a file, not a folder: type a folder to save in"
                         : "the folder " + path.parent_path().string() + " does not exist: type a folder that does (Tangent makes none)";
        } else if (mode_ == Mode::Save && !matches(path)) {
            error_ = "the name must end in " + extensions_.front();
        } else if (mode_ == Mode::Save && std::filesystem::exists(path, ec) && path != replace_asked_) {
            // as desktop dialogs ask: else Save As onto a lesson file replaces it without a word
            error_ = path.filename().string() + " already exists in " + path.parent_path().string() +
                     ": Save again to replace it, or change the name.";
            replace_asked_ = path;
        } else {
            chosen = path;
        }
    }
    if (chosen) {
        ImGui::CloseCurrentPopup();
        visible_ = false;
    }
    window_rect_ = {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                    ImGui::GetWindowPos().y + ImGui::GetWindowSize().y};
    ImGui::EndPopup();
    return chosen;
}

std::array<float, 2> dialog_size_limit() {
    const ImVec2 work = ImGui::GetMainViewport()->WorkSize;
    return {std::max(0.96f * work.x, 1.0f), std::max(0.96f * work.y, 1.0f)};
}

int scrollbar_only_at_the_limit(const char* name) {
    const ImGuiWindow* window = ImGui::FindWindowByName(name);
    const std::array<float, 2> limit = dialog_size_limit();
    const bool held = window && (window->Size.x >= limit[0] - 1.0f || window->Size.y >= limit[1] - 1.0f);
    return held ? 0 : ImGuiWindowFlags_NoScrollbar;
}

void keep_dialog_in_window() {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 low = viewport->WorkPos;
    const ImVec2 high(low.x + viewport->WorkSize.x, low.y + viewport->WorkSize.y);
    const ImVec2 at = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    const ImVec2 inside(std::clamp(at.x, low.x, std::max(low.x, high.x - size.x)), std::clamp(at.y, low.y, std::max(low.y, high.y - size.y)));
    if (inside.x != at.x || inside.y != at.y) ImGui::SetWindowPos(inside);
}

std::string FileDialog::shown_text() const {
    if (!visible_) return {};
    std::string text = title_ + folder_.string() + file_name_ + error_;
    for (const Entry& entry : entries_) text += shown_name(entry.name);
    return text;
}

}  // namespace tangent::ui
