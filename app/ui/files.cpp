// Files and figures from the window: open, save, save as, recent files, autosave, export, the
// F12 screenshot, and asking before unsaved changes are lost.

#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: quitting closes a text box first
#include <imgui_stdlib.h>
#include <SDL_keycode.h>
#include <SDL_scancode.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <ctime>

#include <unistd.h>

#include "app.h"
#include "draw/figure_words.h"
#include "draw/text_metrics.h"
#include "draw/theme.h"
#include "scene/scene_file.h"
#include "window.h"

namespace tangent::ui {

namespace {

constexpr double kAutosaveSeconds = 10.0;

// Two scenes are the same document when they differ only in the moment shown, the framing and
// what is shown (View's toggles, the time plot, the relative frame, the pitfall row): else a
// student who only looks at the plot is asked to save changes to a preset. A save still writes
// them; undo still steps through them.
bool same_document(Scene a, Scene b) {
    a.time.current = b.time.current = 0.0;
    a.view = b.view = ViewSettings{};
    a.show = b.show = ShowSettings{};
    return a == b;
}

// ~/`name` if it exists, else the home folder (when `or_home`), else the working directory.
std::filesystem::path home_folder(const char* name, bool or_home) {
    std::error_code ec;
    if (const char* home = std::getenv("HOME"); home && *home) {
        const std::filesystem::path folder = std::filesystem::path(home) / name;
        if (std::filesystem::is_directory(folder, ec)) return folder;
        if (or_home && std::filesystem::is_directory(home, ec)) return home;
    }
    return std::filesystem::current_path(ec);
}

// Where F12 and the export dialog put figures: ~/Pictures, else the home folder, else here (not
// the working directory first: started from a desktop launcher it may be / or not writable).
std::filesystem::path pictures_folder() { return home_folder("Pictures", true); }

// Whether the name typed is an extension alone, ".png" or ".svg" in any case (a folder's figure).
bool bare_extension(const std::string& typed) {
    std::string name = std::filesystem::path(typed).filename().string();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    return name == ".png" || name == ".svg";
}

// The extension of a figure's file name as a format: true for .svg, false for .png, in any case
// ("UP.PNG"), none for another or none at all.
std::optional<bool> figure_format(const std::string& typed) {
    const std::filesystem::path path(typed);
    // (".png" alone is a name with no stem, and so, to std::filesystem, with no extension)
    std::string extension = bare_extension(typed) ? path.filename().string() : path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
    if (extension == ".svg") return true;
    if (extension == ".png") return false;
    return std::nullopt;
}

// The export's file for the format chosen: a name ending in .png or .svg (in any case) is kept as
// typed, the format following it; a format chosen later takes the other's extension; any other
// name is kept whole with the extension added ("fig-3.1" is fig-3.1.png: its ".1" is no extension
// to replace, and replaced, figure 3.1 would go over figure 3; "fig." is fig.png; a folder gets
// tangent-figure.png in it).
std::string figure_path(const std::string& as_typed, bool svg) {
    if (as_typed.empty()) return as_typed;
    // "~/Pictures/fig1" as the file dialog reads it (it was a folder named "~": a teacher's review)
    const std::string typed = with_home(as_typed).string();
    // a folder (typed with its slash, or one that is there) gets a file in it, not ".png" beside it
    std::error_code ec;
    if (typed.ends_with('/') || std::filesystem::is_directory(typed, ec))
        return (std::filesystem::path(typed) / (svg ? "tangent-figure.svg" : "tangent-figure.png")).lexically_normal().string();
    // an extension alone names the format, not the file (else "figures/.png" writes a hidden ".png.png")
    if (bare_extension(typed))
        return (std::filesystem::path(typed).parent_path() / (svg ? "tangent-figure.svg" : "tangent-figure.png")).string();
    const std::optional<bool> format = figure_format(typed);
    if (format == svg) return typed;
    std::filesystem::path path(typed);
    if (format) return path.replace_extension(svg ? ".svg" : ".png").string();
    return typed + (typed.ends_with('.') ? "" : ".") + (svg ? "svg" : "png");
}

// Where a new scene file is offered to go: ~/Documents, else the home folder, else here.
std::filesystem::path documents_folder() { return home_folder("Documents", true); }

std::string timestamp() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[32];
    std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &local);
    return text;
}

// "tangent-20261128-091944.png", or with "-2", "-3", … where that is taken: F12 twice in one
// second (before and after J) wrote the second picture over the first (a file-system review).
std::filesystem::path unused_figure_path(const std::filesystem::path& folder, const std::string& stem) {
    std::filesystem::path path = folder / (stem + ".png");
    std::error_code error;
    for (int n = 2; n < 1000 && std::filesystem::exists(std::filesystem::symlink_status(path, error)); ++n)
        path = folder / (stem + "-" + std::to_string(n) + ".png");
    return path;
}

}  // namespace

bool App::dirty() const { return restored_unsaved_ || !same_document(scene_, saved_scene_); }

std::string App::document_name() const {
    return file_ ? file_->filename().string() : !preset_name_.empty() ? preset_name_ + " (preset)" : "this scene";
}

std::string App::body_name(int i) const { return scene_.name(i); }

std::string App::title() const {
    const std::string name = file_ || !preset_name_.empty() ? document_name() : "untitled";
    // ASCII only: window managers that read the old WM_NAME property show UTF-8 as mojibake
    return shown_name(name) + (dirty() ? " *" : "") + " - Tangent";
}

std::string App::scene_text() const {
    std::string text = scene_.caption + caption_draft_.value_or(std::string());
    for (const SceneBody& body : scene_.bodies) text += body.label;
    return text;
}

std::string App::user_text() const {
    std::string text = title() + scene_text() + export_.path + question_text_ + tour_caption_text() + file_dialog_.shown_text();
    for (const Notice& notice : notices_) text += notice.text;
    for (const FieldMessage& message : field_messages_) text += message.text;
    for (const std::filesystem::path& path : recent_) text += shown_name(path.string());
    return text;
}

void App::remember(const std::filesystem::path& path) {
    if (auto error = session_.remember(path)) notify("Recent files: " + error->message, true);
    Result<std::vector<std::filesystem::path>> recent = session_.recent_files();
    recent_ = recent ? std::move(recent).value() : std::vector<std::filesystem::path>();
}

bool App::save_to(const std::filesystem::path& path, std::string* why) {
    Scene saved = scene_for_file();
    // a view that is not finite (bodies drawn at t = 1e308) is not one to save: the file then
    // opens fitted, where the writer would refuse the whole save
    const double zoom = view_.pixels_per_unit * kReferenceCanvasHeight / std::max(canvas_size_.y, 1.0);
    if (std::isfinite(view_.center.x) && std::isfinite(view_.center.y) && std::isfinite(zoom) && zoom > 0.0) {
        saved.view.center = view_.center;
        saved.view.zoom = zoom;
    } else {
        saved.view = {};
    }
    std::string written;
    if (auto error = save_scene(path, saved, &written)) {
        // nothing was overwritten: saves are atomic; a caller that asks why says it itself
        if (why) {
            *why = error->message;
        } else {
            notify(error->message, true, std::string(kFileNotice));
        }
        return false;
    }
    clear_file_notices();  // ("cannot write …: read-only" stayed beside "Saved", a hand-editing review)
    file_ = path;
    file_digest_ = SessionStore::text_digest(written);
    file_stale_.clear();
    stale_from_watch_ = false;
    watched_digest_.clear();
    restored_unsaved_ = false;
    std::error_code ec;
    last_folder_ = std::filesystem::absolute(path, ec).parent_path();
    saved_scene_ = scene_;
    remember(path);
    notify("Saved " + path.filename().string());
    // the session at once as saved: a crash within the autosave's spacing would bring back the scene
    // before the save, unsaved, with a false "changed on disk", and its Save write it over the newer
    autosave(true);
    return true;
}

std::string App::stale_reason(KeptFileState state, const std::string& since) const {
    if (!file_) return {};
    const std::string name = file_->filename().string();
    switch (state) {
        case KeptFileState::Same: return {};
        case KeptFileState::Missing:
            return name + " is no longer in " + file_->parent_path().string() + ": Save puts this scene there again, or choose another name.";
        case KeptFileState::FolderMissing:
            // the dialog cannot start in a folder that is gone (it starts in the one last used,
            // or ~/Documents): it says so rather than promise "there again"
            return "The folder of " + name + ", " + file_->parent_path().string() + ", no longer exists: Save asks where to put this scene.";
        case KeptFileState::Folder: return file_->string() + " is now a folder, not your scene file: Save asks for another name.";
        case KeptFileState::NotRegular:
            return file_->string() + " is not a regular file now (a pipe or a device): Save asks for another name.";
        case KeptFileState::Changed:
            return name + " has changed on disk " + since + ": Save writes this scene over those changes, or choose another name to keep both.";
    }
    return {};
}

void App::clear_file_notices() {
    std::erase_if(notices_, [](const Notice& n) { return n.field == kFileNotice; });
}

bool App::watch_file(bool now) {
    // the file edited elsewhere (a text editor, another window) while open here: else Ctrl+S writes
    // this window's scene over those edits without a word
    if (!file_ || file_digest_.empty()) return false;  // nothing known to compare with
    if (!file_stale_.empty() && !stale_from_watch_) return false;  // the restore said so already
    // not in the middle of a gesture or of typing: a reopen would drop what is being entered
    if (!now && (drag_ || (ImGui::GetCurrentContext() && ImGui::IsAnyItemActive()))) return false;
    const auto clock = std::chrono::steady_clock::now();
    if (!now && clock - last_watch_ < std::chrono::seconds(1)) return false;
    last_watch_ = clock;
    const KeptFileState state = SessionStore::kept_file_state(*file_, file_digest_);
    if (state == KeptFileState::Same) {
        watched_digest_.clear();
        if (!stale_from_watch_) return false;
        file_stale_.clear();  // back as this window knows it (an edit elsewhere undone)
        stale_from_watch_ = false;
        clear_file_notices();
        return true;
    }
    std::string on_disk = state == KeptFileState::Changed ? SessionStore::file_digest(*file_)
                                                          : "state " + std::to_string(static_cast<int>(state));
    // a file that cannot be read (too large, no permission) has no digest: it is no more this
    // window's than any other (read as "said already", Ctrl+S would write over it)
    if (on_disk.empty()) on_disk = "unreadable";
    // said already; but a change said while there were unsaved edits here is reopened once they
    // are undone (else the window stayed on the old scene, clean, and said nothing again)
    if (on_disk == watched_digest_ && !(watched_dirty_ && !dirty() && state == KeptFileState::Changed)) return false;
    const std::string name = file_->filename().string();
    Result<LoadedScene> loaded = Error{""};
    if (state == KeptFileState::Changed) {
        loaded = load_scene(*file_);
        // a file that does not read as a scene may be half written (truncated, then written): said
        // only if it is still so at the next look (else a false parse error flashes)
        if (!loaded && !now && unsettled_digest_ != on_disk) {
            unsettled_digest_ = on_disk;
            return false;
        }
    }
    unsettled_digest_.clear();
    watched_digest_ = on_disk;
    watched_dirty_ = dirty();
    if (state == KeptFileState::Changed && !dirty()) {
        // nothing here is unsaved: the file as it is now, as one undo step
        if (loaded) {
            const Scene before = scene_;
            // what is shown here stays (no unsaved change, it is this window's: the student's
            // plot and relative frame do not go with an edit elsewhere), unless the edit elsewhere
            // is to what is shown ("plot": true typed in the file was dropped, and the next save
            // wrote false over it: a hand-editing review)
            Scene reopened = loaded->scene;
            if (reopened.show == saved_scene_.show) reopened.show = scene_.show;
            take_scene_as_saved(reopened);
            file_digest_ = on_disk;
            if (scene_.time.current != before.time.current) time_ = scene_.time.current;
            if (!view_framed_by_user_ || scene_.view != before.view) fit_pending_ = true;
            edit(before);
            clear_file_notices();  // (the broken file's error, said before it was mended)
            notify(name + " changed on disk: reopened as it is now (Ctrl+Z goes back to the scene as it was)");
            notify_warnings(name, loaded->warnings);  // (an unknown key typed in the file: said, as on opening)
            return true;
        }
        file_stale_ = loaded.error().message + ": Save writes this scene over it, or choose another name.";
    } else {
        file_stale_ = stale_reason(state, "since Tangent last opened or saved it");
    }
    stale_from_watch_ = true;
    notify(file_stale_ + " (Ctrl+S asks where to save)", true, std::string(kFileNotice));
    return true;
}

bool App::may_save_in_place() {
    if (!file_) return false;
    watch_file(true);  // an edit elsewhere within the last second is not written over either
    return file_stale_.empty();
}

void App::save() {
    // nothing here unsaved and the file edited elsewhere: Ctrl+S reopens it and has nothing to
    // write (writing would put the file straight back, in this window's view)
    const std::string digest_before = file_digest_;
    const bool clean = !dirty();
    if (file_ && clean && watch_file(true) && file_digest_ != digest_before) return;
    if (may_save_in_place()) {
        save_in_place_or_ask();
    } else {
        choose_file(DialogPurpose::SaveAs);
    }
}

bool App::save_in_place_or_ask() {
    std::string why;
    if (save_to(*file_, &why)) return true;
    // Save As at once, saying why, for another place: a read-only folder (a mounted lesson disk)
    // only said so, and the quit question's Save then failed again (a robustness review). It
    // starts in the file's own folder where that can be written (a full disk: another name
    // there will not do either, but the user sees why), else in Documents.
    choose_file(DialogPurpose::SaveAs);
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::absolute(*file_, ec).parent_path();
    if (::access(folder.c_str(), W_OK) != 0)
        file_dialog_.open(FileDialog::Mode::Save, "Save scene as", documents_folder(), {".json"}, file_->filename().string());
    file_dialog_.show_error(why);
    return false;
}

SessionOrigin App::session_origin() const {
    SessionOrigin origin;
    std::error_code ec;
    if (file_) origin.file = std::filesystem::absolute(*file_, ec);
    origin.file_digest = file_digest_;
    origin.preset = file_ ? std::string() : preset_name_;
    origin.unsaved = dirty();
    origin.autosave_digest = autosave_digest_;
    return origin;
}

void App::autosave(bool force) {
    if (!session_.usable() || (scene_ == autosaved_scene_ && session_origin() == autosaved_origin_)) return;
    // not in the middle of a gesture: a slider's first click of a double-click (dt at the click,
    // put back a moment later) would be saved, and come back as "your last session" after a crash
    if (!force && (drag_ || (ImGui::GetCurrentContext() && ImGui::IsAnyItemActive()))) return;
    // by the wall clock: ImGui's time stands still while the window waits for events
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_autosave_ < std::chrono::duration<double>(kAutosaveSeconds)) return;
    last_autosave_ = now;
    // the last window to write the session keeps it: one that finds another's autosave in place
    // of its own leaves it (else two windows write in turns, the last one's scene wins, and the
    // first one's quit question goes on promising its session)
    if (!session_still_ours()) return;
    std::optional<Error> error = session_.prepare();
    if (!error && keep_last_session_apart_) {
        // the last session's unsaved work (announced at the start) goes to the previous slot
        // before anything is written over it; one with unsaved work there already gives way,
        // and says so
        const SessionStore previous = session_.previous();
        const bool replacing = previous.holds_unsaved_work();
        const std::string replaced = replacing ? previous.describe_work() : std::string();
        error = session_.keep_as_previous();
        if (!error) {
            keep_last_session_apart_ = false;
            autosave_claim_.clear();
            if (replacing)
                notify("The session kept before your last one (" + (replaced.empty() ? std::string("an untitled scene") : replaced) +
                           ") is replaced by it: File › Restore previous session brings back the last one only",
                       true);
        }
    }
    // the scene first, then where it came from, naming the autosave it goes with (a crash between
    // the two leaves them apart, and the next start says so rather than trust it)
    if (!error && (scene_ != autosaved_scene_ || autosave_digest_.empty())) {
        std::string written;
        error = save_scene(session_.autosave_path(), scene_for_file(), &written);
        if (!error) {
            autosaved_scene_ = scene_;
            // of the bytes this window wrote: read back, another window's autosave written in
            // between would be taken for this one's, and its scene come back under this one's file
            autosave_digest_ = SessionStore::text_digest(written);
            autosave_claim_ = autosave_digest_;
        }
    }
    const SessionOrigin origin = session_origin();
    if (!error) error = session_.remember_origin(origin);
    if (error) {
        // said once, not every 10 s; again when the reason changes (the disk filled, then the
        // folder went) and after it has worked again. Silent, it would leave the quit question
        // promising that the session is kept.
        if (error->message != autosave_error_)
            notify("The session is not being kept: autosave failed (" + error->message + "). Save your work with Ctrl+S.", true);
        autosave_error_ = error->message;
        // what is on disk is no longer known to be this scene: the next try writes it whole, even
        // if the scene is back to the one last written (the autosave, gone with the failure, was
        // never written again once the edit was undone: a recheck)
        autosave_digest_.clear();
        return;
    }
    autosaved_origin_ = origin;
    if (!autosave_error_.empty()) notify("Autosave works again: the session is kept in " + session_.autosave_path().string());
    autosave_error_.clear();
}

bool App::session_kept() const { return session_.usable() && autosave_error_.empty() && !session_taken_; }

bool App::session_still_ours() {
    if (session_taken_) return false;
    if (!session_.usable() || SessionStore::file_digest(session_.autosave_path()) == autosave_claim_) return true;
    // gone, the file or its folder (removed by hand, or by a cleaner): no other window's, which
    // would have written its own; the next autosave writes it again (a robustness review: the
    // window said another kept the session, and kept nothing from then on)
    // Nor is anything there but a file (a folder in its place: the autosave then fails, and says
    // why, where "another window" was blamed: a recheck); another window writes a file.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(session_.autosave_path(), ec)) return true;
    session_taken_ = true;
    notify("Another Tangent window now keeps the session; save this one with Ctrl+S", true);
    return false;
}

void App::session_menu_items() {
    // in the File menu, above Quit
    if (ImGui::MenuItem("Restore previous session", nullptr, false, previous_session_available()))
        replace_scene("your previous session", [this] { restore_previous_session(); });
    note_widget("menu_restore_previous");
}

void App::choose_file(DialogPurpose purpose) {
    dialog_purpose_ = purpose;
    // the scene's own folder, else the one last used (this run or the last), else ~/Documents
    std::error_code ec;
    const std::filesystem::path file_folder = file_ ? std::filesystem::absolute(*file_, ec).parent_path() : std::filesystem::path();
    std::filesystem::path start = documents_folder();
    if (!file_folder.empty() && std::filesystem::is_directory(file_folder, ec))
        start = file_folder;
    else if (!last_folder_.empty() && std::filesystem::is_directory(last_folder_, ec))
        start = last_folder_;
    switch (purpose) {
        case DialogPurpose::Open:
            file_dialog_.open(FileDialog::Mode::Open, "Open scene", start, {".json"});
            break;
        case DialogPurpose::SaveAs:
            file_dialog_.open(FileDialog::Mode::Save, "Save scene as", start, {".json"},
                              file_ ? file_->filename().string() : !preset_name_.empty() ? preset_name_ : "scene.json");
            if (!file_stale_.empty()) file_dialog_.show_error(file_stale_);  // (Save comes here for such a file)
            break;
        case DialogPurpose::Tour:
            file_dialog_.open(FileDialog::Mode::Open, "Open a tour", start, {".json"});
            break;
        case DialogPurpose::ExportPath: {
            const std::filesystem::path current(export_.path);
            file_dialog_.open(FileDialog::Mode::Save, "Export figure to", current.has_parent_path() ? current.parent_path() : start,
                              {export_.svg ? ".svg" : ".png"}, current.filename().string());
            break;
        }
    }
}

void App::file_dialog() {
    const bool was_open = file_dialog_.visible();
    const std::optional<std::filesystem::path> chosen = file_dialog_.draw(ui_scale_);
    if (file_dialog_.visible()) {
        const std::array<float, 4>& r = file_dialog_.name_rect();
        widget_rects_.emplace_back("file_dialog_name", glm::dvec4(r[0], r[1], r[2], r[3]));
        const std::array<float, 4>& c = file_dialog_.confirm_rect();
        widget_rects_.emplace_back("file_dialog_confirm", glm::dvec4(c[0], c[1], c[2], c[3]));
    }
    if (!chosen) {
        // closed with no file chosen (Cancel, Esc): the scene the "Save" of the unsaved-changes
        // question was to open does not open. Left waiting, it would block that question for every
        // later New or Open, which would then do nothing, and open after the next Save As.
        if (was_open && !file_dialog_.visible() && dialog_purpose_ == DialogPurpose::SaveAs && save_then_replace_) {
            save_then_replace_ = false;
            pending_replace_ = nullptr;
        }
        // the quitting question's Save cancelled: back to the scene, not quitting (as desktop editors do)
        if (was_open && !file_dialog_.visible() && dialog_purpose_ == DialogPurpose::SaveAs && save_then_quit_) {
            save_then_quit_ = false;
            confirm_quit_ = false;
        }
        return;
    }
    // (a folder the next dialogs start in once something was opened or saved there: save_to and
    // open_file set it; a refused save into a read-only folder would make that the start)
    switch (dialog_purpose_) {
        case DialogPurpose::Open:
            last_folder_ = chosen->parent_path();  // (browsed to, even if the file does not open)
            open_file(*chosen);
            break;
        case DialogPurpose::SaveAs: {
            std::string why;
            if (save_to(*chosen, &why)) {
                if (confirm_quit_) quit_confirmed_ = true;
                if (save_then_replace_ && pending_replace_) std::exchange(pending_replace_, nullptr)();
                save_then_replace_ = false;
                save_then_quit_ = false;
            } else {
                // the dialog stays, saying why, for another name or place (closed, it would leave
                // the reason to a passing notice)
                file_dialog_.open(FileDialog::Mode::Save, "Save scene as", chosen->parent_path(), {".json"},
                                  chosen->filename().string());
                file_dialog_.show_error(why);
            }
            break;
        }
        case DialogPurpose::ExportPath:
            export_.path = chosen->string();
            export_.replace_asked = export_.path;  // the dialog asked before choosing a file that exists
            break;
        case DialogPurpose::Tour: {
            Result<Tour> tour = load_tour(*chosen);
            if (tour) {
                replace_scene(chosen->filename().string(), [this, started = std::make_shared<Tour>(std::move(tour).value())] {
                    start_tour(std::move(*started));
                });
            } else {
                notify(tour.error().message, true);  // the scene open now stays
            }
            break;
        }
    }
}

Picture App::figure_picture(int width, int height, double scale, std::optional<Theme> theme, bool caption) const {
    const Scene& scene = scene_;
    const glm::dvec2 size_px = glm::dvec2(width, height) / scale;
    View view;
    if (view_framed_by_user_ || view_from_file_ || view_animating_) {
        // the canvas's framing: the same centre, and all that the canvas shows, whatever the
        // figure's shape (else a figure narrower than the canvas can cut off a body at its side)
        view = view_;
        view.size_px = size_px;
        view.pixels_per_unit = view_.pixels_per_unit * std::min(size_px.y / std::max(canvas_size_.y, 1.0),
                                                                size_px.x / std::max(canvas_size_.x, 1.0));
    } else {
        // the canvas fits the story: so does the figure, in its own shape and with its own room for
        // the badge (the canvas's, made short by the time plot and sized for the UI scale, would put
        // the story in a corner of the figure)
        view = story_view(size_px, 1.0f, false, caption);
    }
    PictureInput in = picture_input(scene);
    in.theme = theme.value_or(this->theme());  // "as shown", or the one chosen
    in.view = view;
    in.scale = 1.0f;  // the figure's own pixel ratio sizes lines and text
    in.tip_handles = false;  // (nothing to drag on paper)
    in.caption = caption;
    in.time_stamp = time_ != 0.0;  // a figure of a moment other than the start says which
    return build_picture(in);
}

void App::screenshot(FrameRequests& requests) {
    if (!analysis_valid_) return;
    FigureRequest figure;
    figure.file.width = static_cast<int>(canvas_size_.x);
    figure.file.height = static_cast<int>(canvas_size_.y);
    const PictureInput in = picture_input(scene_);
    figure.picture = build_picture(in);  // the canvas exactly, at its own scale
    FigureWords words = figure_words(in, figure.picture);  // (its PNG's words too)
    figure.file.title = std::move(words.title);
    figure.file.description = std::move(words.description);
    figure.file.path = unused_figure_path(pictures_folder(), "tangent-" + timestamp());
    requests.figure = std::move(figure);
}

void App::figure_written(const std::filesystem::path& path, const std::optional<Error>& error) {
    if (error) {
        notify(error->message, true);
        // back to the dialog that asked for it, its path still there to correct
        if (export_from_dialog_) export_.visible = true;
    } else {
        notify("Wrote " + path.string());
    }
    export_from_dialog_ = false;
}

void App::export_dialog(FrameRequests& requests) {
    if (!export_.visible) return;
    if (export_.path.empty()) {
        // beside the scene file, or in ~/Pictures for a scene that has none
        export_.path = file_ ? (file_->parent_path() / (file_->stem().string() + ".png")).string()
                             : (pictures_folder() / "tangent-figure.png").string();
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    // its height fits what it shows every frame: a note that appears (a canvas too small, light ink
    // on no background) would push the Export button out of sight
    const std::array<float, 2> limit = dialog_size_limit();
    ImGui::SetNextWindowSize(ImVec2(std::min(520 * ui_scale_, limit[0]), 0), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(limit[0], limit[1]));
    if (!ImGui::Begin("Export figure", &export_.visible,
                      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | scrollbar_only_at_the_limit("Export figure"))) {
        ImGui::End();
        return;
    }
    keep_dialog_in_window();
    // Every control in Tab's own order, as the side panel's are (from the keyboard only the text
    // fields could be reached, and the print theme could not be chosen: a keyboard-only review);
    // the fields open for typing, the others are ringed, and Space or Enter presses them
    bool renamed = false;
    if (number_fields_.radio_button("PNG", !export_.svg)) renamed = std::exchange(export_.svg, false);
    ImGui::SameLine();
    if (number_fields_.radio_button("SVG (vector, text stays text)", export_.svg)) renamed = !std::exchange(export_.svg, true);
    if (renamed) export_.path = figure_path(export_.path, export_.svg);
    // the side panel's number fields: drag, or double-click (or Tab) and type, 1/3 and 2*pi too
    // (Dear ImGui's InputInt left by Tab's own order asserted in MarkItemEdited)
    static constexpr double kLeast = 16.0;
    static constexpr double kMost = 8192.0;
    // a value typed that is no number, or out of range, is said under the fields until the next is
    // taken (else "abc" in width went back to 1600 without a word)
    const auto said = [this](const char* field, const NumberFields::Outcome& typed) {
        if (typed.error) export_.field_message = std::string(field) + ": " + *typed.error;
        else if (typed.note) export_.field_message = std::string(field) + ": " + *typed.note;
        else if (typed.left) export_.field_message.clear();
    };
    for (const auto& [label, value] : {std::pair{"width", &export_.width}, std::pair{"height", &export_.height}}) {
        double pixels = *value;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
        const NumberFields::Outcome typed = number_fields_.drag(label, &pixels, 4.0f, &kLeast, &kMost, "%.0f", ImGuiSliderFlags_AlwaysClamp);
        if (!typed.error && std::isfinite(pixels)) *value = static_cast<int>(std::lround(std::clamp(pixels, kLeast, kMost)));
        said(label, typed);
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
    {  // (the side panel's slider: Tab opens it for typing, and a value typed is checked)
        double scale = export_.scale;
        const NumberFields::Outcome typed =
            number_fields_.slider("scale", &scale, 0.5, 8.0, "%.2f×", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
        if (!typed.error) export_.scale = static_cast<float>(std::clamp(scale, 0.5, 8.0));
        said("scale", typed);
    }
    help_marker("Pixels per canvas pixel: lines and text grow with it while the framing stays. 2 suits slides, 4 a poster.");
    if (!export_.field_message.empty()) {
        text_wrapped_at_spaces(export_.field_message, error_text_color());
        note_widget("export_field_message");
    }
    // the theme as four choices in a row (a list that drops down cannot be opened from the keyboard)
    ImGui::AlignTextToFramePadding();  // (on the choices' line, not above it)
    ImGui::TextUnformatted("theme");
    static constexpr const char* kThemes[] = {"as shown", "dark", "light", "print"};
    for (int option = 0; option < 4; ++option) {
        ImGui::SameLine();
        if (number_fields_.radio_button(kThemes[option], export_.theme == option)) export_.theme = option;
        note_widget(std::string("export_theme_") + kThemes[option]);
    }
    number_fields_.checkbox("transparent background", &export_.transparent);
    note_widget("export_transparent");
    // "as shown", or the theme chosen
    const std::optional<Theme> theme = export_.theme == 0 ? std::nullopt : std::optional<Theme>(static_cast<Theme>(export_.theme - 1));
    if (export_.transparent && theme.value_or(this->theme()) == Theme::Dark) {  // light ink on no background: white paper hides it
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.35f, 1.0f), "Dark theme: light lines and text need a dark page.\nFor white paper choose print or light.");
        note_widget("export_dark_note");
    }
    number_fields_.checkbox("caption along the bottom", &export_.caption);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 120 * ui_scale_);
    // Enter in the name exports, as Enter in the file dialog opens or saves (from the keyboard alone
    // the dialog could not be finished: a keyboard-only review)
    number_fields_.tab_stop("##path");
    const bool entered = ImGui::InputText("##path", &export_.path, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemActivated()) export_.folder_shown = std::filesystem::path(with_home(export_.path)).parent_path().string();
    number_fields_.tab_stop_left();
    // typed "fig-3.1" is fig-3.1.png, not fig-3.png (its ".1" taken for an extension and replaced,
    // figure 3.1 would go over figure 3)
    if (ImGui::IsItemDeactivated() || entered) {
        // a bare name goes in the folder the field showed, not in the folder tangent was started
        // from, which the dialog shows nowhere (a keyboard-only review: "Wrote kbfig.svg", where?)
        const std::filesystem::path name = with_home(export_.path);
        if (!export_.path.empty() && name.is_relative() && std::filesystem::path(export_.folder_shown).is_absolute())
            export_.path = (std::filesystem::path(export_.folder_shown) / name).lexically_normal().string();
        // a name typed with .svg or .png chooses that format (else "UP.PNG" becomes a new UP.png)
        if (const std::optional<bool> typed = figure_format(export_.path)) export_.svg = *typed;
        export_.path = figure_path(export_.path, export_.svg);
    }
    note_widget("export_path");
    ImGui::SameLine();
    if (number_fields_.button("Choose…")) choose_file(DialogPurpose::ExportPath);
    const bool canvas_too_small = export_.width < 16.0 * export_.scale || export_.height < 16.0 * export_.scale;
    if (canvas_too_small) ImGui::TextColored(error_text_color(), "The scale leaves a canvas under 16 pixels.");
    // as Save As asks: else an export onto a figure that exists replaces it without a word
    std::error_code ec;
    const std::string target = figure_path(export_.path, export_.svg);
    const bool exists = !export_.path.empty() && std::filesystem::exists(target, ec);
    const bool disabled = export_.path.empty() || canvas_too_small || !analysis_valid_;
    ImGui::BeginDisabled(disabled);
    const bool pressed = (number_fields_.button("Export", ImVec2(120 * ui_scale_, 0)) && !disabled) || (entered && !disabled);
    if (pressed && exists && target != export_.replace_asked) {
        export_.replace_asked = target;
        export_.settling = 3;  // the window grows to the note over the next frames: draw them
    } else if (pressed) {
        export_.path = target;
        export_.replace_asked.clear();
        FigureRequest figure;
        figure.file.width = export_.width;
        figure.file.height = export_.height;
        figure.file.pixel_ratio = export_.scale;
        figure.file.svg = export_.svg;
        figure.file.transparent = export_.transparent;
        // the figure in words (its SVG's title and desc, its PNG's text), with the answers as shown
        // (hidden, the scene's note is kept back, as the panel keeps it)
        figure.file.path = export_.path;
        figure.picture = figure_picture(figure.file.width, figure.file.height, figure.file.pixel_ratio, theme, export_.caption);
        PictureInput words_of = picture_input(scene_);
        words_of.caption = export_.caption;
        FigureWords words = figure_words(words_of, figure.picture);
        figure.file.title = std::move(words.title);
        figure.file.description = std::move(words.description);
        requests.figure = std::move(figure);
        export_.visible = false;
        export_from_dialog_ = true;
    }
    note_widget("export_button");
    ImGui::EndDisabled();
    // under the button, which stays where it was for the second press (above it, the note would move
    // it down under the pointer, out of the window until the mouse moves)
    if (exists && target == export_.replace_asked) {
        // (in a colour that reads on the window's background: light orange on the light theme's
        // grey is only 1.43:1)
        const ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
        const Rgba warning = text_color_on(palette(this->theme()).missed, Rgba{bg.x, bg.y, bg.z, 1.0f});
        text_wrapped_at_spaces(std::filesystem::path(target).filename().string() + " already exists: Export again to replace it, or change the name.",
                               ImVec4(warning.r, warning.g, warning.b, warning.a));
        note_widget("export_replace_note");
    }
    if (export_.settling > 0) {
        --export_.settling;
        hint_pending_ = true;
    }
    note_window("export_window");
    ImGui::End();
}

void App::replace_scene(std::string what, std::function<void()> action) {
    // another scene (or tour) in place of a tour's step ends that tour: its caption would go on
    // describing the step no longer shown ("both roots are negative" over a hit)
    action = [this, act = std::move(action)] {
        tour_.reset();
        tour_edits_.clear();
        act();
    };
    if (!dirty()) {
        action();
        return;
    }
    pending_replace_ = std::move(action);
    pending_replace_what_ = std::move(what);
}

App::Answer App::save_question(const char* title, const std::string& question, const std::string& note, bool warning) {
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    const std::array<float, 2> limit = dialog_size_limit();
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(limit[0], limit[1]));
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize | scrollbar_only_at_the_limit(title))) return Answer::None;
    keep_dialog_in_window();
    // lines no wider than the window leaves (at a projector's UI scale in a small window the
    // question and its note ran past the dialog's edge)
    // (less a scrollbar's width: at the limit the window may need one)
    const float widest = limit[0] - 2.0f * ImGui::GetStyle().WindowPadding.x - ImGui::GetStyle().ScrollbarSize;
    text_wrapped_at_spaces(question, std::nullopt, std::min(ImGui::CalcTextSize(question.c_str()).x + 1.0f, widest));
    if (warning) {
        // in the errors' colour, wrapped: it may carry a long path
        const float room = std::min(std::max(ImGui::CalcTextSize(question.c_str()).x, 480.0f * ui_scale_), widest);
        text_wrapped_at_spaces(note, error_text_color(), room);
    } else {
        text_disabled_at_spaces(note, std::min(ImGui::CalcTextSize(note.c_str()).x + 1.0f, widest));
    }
    question_text_ = question + "\n" + note;
    ImGui::Spacing();
    // from the keyboard too, as desktop dialogs answer (a presenter's remote has no mouse); not on
    // the frame it appears, nor by a held key's repeat
    const bool keys = !ImGui::IsWindowAppearing() && !ImGui::IsAnyItemActive();
    const auto pressed = [&](int key) { return keys && ImGui::IsKeyPressed(key, false); };
    const ImVec2 button(120 * ui_scale_, 0);
    // the three in a row where the window has room for them, else one under another
    const bool in_a_row = 3.0f * button.x + 2.0f * ImGui::GetStyle().ItemSpacing.x <= widest;
    // Tab and Shift+Tab ring another button, Enter presses the ringed one (Save, as the dialog
    // opens): a keyboard-only student saw no ring and Tab did nothing here
    if (ImGui::IsWindowAppearing()) question_choice_ = 0;
    // (Shift as the key's own press had it: Dear ImGui's state may be past its release, and
    // Shift+Tab went forward: a recheck)
    if (keys)
        for (const KeyPress& key : keys_)
            if (key.keycode == SDLK_TAB) question_choice_ = (question_choice_ + ((key.modifiers & KMOD_SHIFT) != 0 ? 2 : 1)) % 3;
    const bool enter = pressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) || pressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter));
    const auto ringed = [&](int choice) {
        if (question_choice_ == choice) NumberFields::draw_ring(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
        return enter && question_choice_ == choice;
    };
    Answer answer = Answer::None;
    if (ImGui::Button("Save", button) | ringed(0)) answer = Answer::Save;
    note_widget("question_save");
    if (in_a_row) ImGui::SameLine();
    if (ImGui::Button("Don't save", button) | ringed(1) || pressed(SDL_SCANCODE_D)) answer = Answer::DontSave;
    note_widget("question_dont_save");
    if (in_a_row) ImGui::SameLine();
    if (ImGui::Button("Cancel", button) | ringed(2) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) answer = Answer::Cancel;
    // (no-break spaces inside each key's pair: a narrow dialog breaks between the pairs only)
    static constexpr const char* kRinged[] = {"Save", "Don't\u00a0save", "Cancel"};
    const std::string keys_line = std::string("Enter:\u00a0") + kRinged[question_choice_] +
                                  "    D:\u00a0Don't\u00a0save    Esc:\u00a0Cancel    Tab:\u00a0another";
    const char* kKeys = keys_line.c_str();
    text_disabled_at_spaces(kKeys, std::min(ImGui::CalcTextSize(kKeys).x + 1.0f, widest));
    if (answer != Answer::None) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return answer;
}

void App::replace_dialog() {
    // (nor over the quitting question's Save As: a scene dropped on the window then waits)
    if (!pending_replace_ || save_then_replace_ || save_then_quit_) return;
    switch (save_question("Unsaved changes##replace",
                          "Save the changes to " + document_name() + " before opening " + pending_replace_what_ + "?",
                          "Don't save drops them: undo does not reach past opening another scene.")) {
        case Answer::None: break;
        case Answer::Save:
            if (may_save_in_place()) {
                // a failed save asks where else (Save As, saying why); the scene opens once saved there
                if (save_in_place_or_ask()) std::exchange(pending_replace_, nullptr)();
                else save_then_replace_ = true;
            } else {
                save_then_replace_ = true;  // opens once saved (or not at all if the dialog is cancelled)
                choose_file(DialogPurpose::SaveAs);
            }
            break;
        case Answer::DontSave: std::exchange(pending_replace_, nullptr)(); break;
        case Answer::Cancel: pending_replace_ = nullptr; break;
    }
}

bool App::request_quit() {
    // the window's close button while a field is typed in: the value is entered first (next frame)
    if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput && !quit_after_typing_) {
        ImGui::ClearActiveID();
        quit_after_typing_ = true;
        return false;
    }
    if (save_on_exit_ || !dirty() || quit_confirmed_) return true;
    // the question says whether the session is kept: an autosave now makes that true of the
    // scene as it is (or finds that it cannot be kept, and says why)
    if (!confirm_quit_) {
        session_still_ours();  // (an autosave with nothing new to write does not look)
        autosave(true);
    }
    confirm_quit_ = true;
    return false;
}

void App::quit_dialog(FrameRequests& requests) {
    if (quit_confirmed_) {
        requests.quit = true;
        return;
    }
    // (not while its Save As is open: the question opened again over it and took its place)
    if (!confirm_quit_ || save_then_quit_ || save_then_replace_) return;
    // the reason itself, not "see the notice": the notice goes after 20 s, the question waits
    const std::string note = session_kept() ? std::string("Your session is also kept and comes back at the next start.")
                             : session_taken_
                                 ? std::string("Your session is NOT kept: another Tangent window now keeps the session. Don't save loses the changes.")
                             : session_.usable()
                                 ? "Your session is NOT kept: autosave failed (" + autosave_error_ + "). Don't save loses the changes."
                                 : std::string("Your session is NOT kept (no place for it: HOME is not set). Don't save loses the changes.");
    switch (save_question("Unsaved changes", "Save the changes to " + document_name() + " before quitting?", note, !session_kept())) {
        case Answer::None: break;
        case Answer::Save:
            if (may_save_in_place()) {
                if (save_in_place_or_ask()) {
                    requests.quit = true;
                    confirm_quit_ = false;
                } else {
                    save_then_quit_ = true;  // asked where else: quits once saved there; Cancel goes back to the scene
                }
            } else {
                save_then_quit_ = true;  // quits once saved; Cancel goes back to the scene
                choose_file(DialogPurpose::SaveAs);
            }
            break;
        case Answer::DontSave: requests.quit = true; break;
        case Answer::Cancel: confirm_quit_ = false; break;
    }
}

}  // namespace tangent::ui
