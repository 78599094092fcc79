#pragma once
// The window's state and its frame: the scene being edited, its undo history, the core's answers
// about it, and everything about how it is being looked at. The App computes no physics: it
// edits the scene, asks the core, and shows the picture the draw module builds.

#include <algorithm>
#include <limits>
#include <chrono>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <cstdint>
#include <utility>
#include <vector>

#include <imgui.h>

#include "core/discrete.h"
#include "core/encounter.h"
#include "core/response.h"
#include "draw/picture_builder.h"
#include "draw/plot_builder.h"
#include "embedded/embedded.h"
#include "render/figure.h"
#include "render/fonts.h"
#include "scene/scene.h"
#include "scene/tour.h"
#include "file_dialog.h"
#include "history.h"
#include "number_field.h"
#include "session.h"

namespace tangent {
struct Derivation;  // teach/derivation.h
}  // namespace tangent

namespace tangent::ui {

/// How long a notice stays over the canvas: at least kNoticeSeconds, and as long as it takes to
/// read it aloud, up to kLongestNoticeSeconds; an error longer, to be read and acted on.
inline constexpr double kNoticeSeconds = 5.0;
/// In presentation mode, how long after the pointer last moved its hover hints still come up.
inline constexpr double kPointerRestSeconds = 2.0;
inline constexpr double kLongestNoticeSeconds = 15.0;
inline constexpr double kErrorNoticeSeconds = 20.0;
/// Words a second, read aloud to a class.
inline constexpr double kNoticeWordsPerSecond = 2.5;

/// A figure to render and write: the window does it after the frame, with its renderer.
struct FigureRequest {
    Picture picture;  ///< built for a canvas of width/ratio x height/ratio
    FigureFile file;
};

/// Things the app asks of the window, once per frame.
struct FrameRequests {
    bool quit = false;             ///< the user asked to quit and nothing stops it
    bool rebuild_fonts = false;    ///< the UI scale changed
    std::optional<bool> fullscreen;  ///< presentation mode went on (true) or off (false)
    std::optional<FigureRequest> figure;
};

/// The derivation window's title, which is also its ID (tab_scope).
inline constexpr const char* kDerivationTitle = "From |Δp + tΔv| = R to the roots, with these numbers";

/// The field of a notice that speaks of presentation mode: it goes when that mode is left.
inline constexpr const char* kPresentationNotice = "presentation mode";
inline constexpr const char* kUiScaleNotice = "ui scale";
/// The field of a notice about the scene's file (changed on disk, gone, not written): it goes once
/// the file is as this window knows it again (mended, reopened, saved).
inline constexpr std::string_view kFileNotice = "scene file";

/// Seconds on a steady clock, for the notices' lives. Not ImGui::GetTime(): that stands still
/// while the window waits for events, and the first frame after a long wait moves it on at once,
/// so a notice given while idle (the scene's file edited elsewhere) went unseen, already "old".
[[nodiscard]] double notice_clock();
/// A press held this long without moving on a body that has no arrow to grab (at rest, or its
/// arrow shorter than the grab's reach) pulls the body's velocity out of its centre, as Ctrl does.
inline constexpr double kHoldToPullSeconds = 0.6;

/// A short message shown over the canvas for a few seconds ("Snap to graze: the circles overlap now").
struct Notice {
    std::string text;
    bool error = false;
    double shown_at = 0.0;  ///< seconds, notice_clock()
    int repeats = 1;        ///< the same message again in a row (Ctrl+Z held): shown once, "×3"
    std::string field;      ///< the field an error is about: it goes once that field's next edit is entered
    bool caption = false;   ///< the scene's caption as it opened: it goes once the bodies are edited

    /// How long it stays: "Snapped to a graze: …", 30 words, takes a teacher more than 5 s to
    /// read to the class.
    [[nodiscard]] double seconds() const {
        if (error) return kErrorNoticeSeconds;
        const auto words = static_cast<double>(1 + std::count(text.begin(), text.end(), ' '));
        return std::clamp(1.5 + words / kNoticeWordsPerSecond, kNoticeSeconds, kLongestNoticeSeconds);
    }
};

/// A message about one field of the side panel, drawn under it (a typed value refused, or kept at
/// the field's least or most): beside what the student typed, not over the canvas. It stays until
/// the field's value changes (however: typed, dragged, undone), typing in it ends again (the next
/// entry brings its own message, if any), or another scene opens.
struct FieldMessage {
    std::string field;  ///< as the layout report names the field: "body_a_radius", "discrete_dt"
    std::string text;
    bool error = false;
    std::vector<double> values;  ///< the field's value(s) when the message was first drawn
};

struct DragState {
    Handle handle;
    /// What is grabbed minus the cursor when the drag began (world): the body's centre, or the
    /// arrow's tip; a rim keeps the radius minus the cursor's distance from the centre. A press
    /// a few pixels off a handle then moves nothing (it jumped to the cursor: a touchpad's tap
    /// near an arrow's tip changed the velocity).
    glm::dvec2 grab_offset{0.0};
    double rim_offset = 0.0;
    Scene before;  ///< for the single undo step the whole drag makes
    bool changed = false;
    glm::dvec2 press_px{0.0};  ///< the cursor at the press (canvas pixels)
    bool moving = false;       ///< past kDragDeadZonePx from the press: a tap's jitter moves nothing
    /// A body with no arrow to grab, pressed (notice_clock()): held still for kHoldToPullSeconds,
    /// the press pulls its velocity out instead (a finger has no Ctrl). Empty for other presses.
    std::optional<double> hold_since;
};

struct PanState {
    bool active = false;
    glm::dvec2 last_mouse{0.0};
    /// Moving the view: at once for the right or middle button, past kDragDeadZonePx for the
    /// left, whose taps (a finger's, a touchpad's) would otherwise drift the view by their jitter.
    bool moving = false;
};

struct AppOptions {
    std::optional<std::filesystem::path> scene_path;  ///< open this scene (else the session, or the oblique-hit preset)
    std::optional<std::filesystem::path> save_on_exit;  ///< write the scene here when the window closes
    float dpi_scale = 1.0f;  ///< the display's DPI over 96; the user's UI scale multiplies it
    bool remember_session = true;  ///< restore and autosave the session, keep recent files
    bool hide_answers = false;     ///< start with the answers hidden (H): nothing of them shows as it opens
    /// Said in the window as it opens (a kept window size that did not read, say), as errors.
    std::vector<std::string> startup_errors;
};

/// A saved caption the bodies were edited away from starts with this, so that a restored session
/// or a reopened copy does not present it as the scene's description.
inline constexpr std::string_view kEditedCaptionPrefix = "As first written, before edits: ";

class App {
public:
    explicit App(const AppOptions& options);

    /// Builds the panels and handles the canvas for this frame. `now` is ImGui's clock.
    FrameRequests frame(double dt_seconds);

    /// The picture for the canvas as it is after frame(), and the canvas rectangle (ImGui
    /// coordinates) it goes into. Labels are added to ImGui's background draw list by frame().
    [[nodiscard]] const Picture& picture() const { return picture_; }
    /// The time plot and where it goes (ImGui coordinates), when it is shown.
    [[nodiscard]] const Picture* plot_picture() const { return scene_.show.plot && analysis_valid_ ? &plot_picture_ : nullptr; }
    [[nodiscard]] glm::dvec2 plot_origin() const { return plot_origin_; }
    [[nodiscard]] glm::dvec2 plot_size() const { return plot_size_; }
    [[nodiscard]] glm::dvec2 canvas_origin() const { return canvas_origin_; }
    [[nodiscard]] glm::dvec2 canvas_size() const { return canvas_size_; }
    /// Where a few named widgets were drawn in the last frame (ImGui coordinates: min x, min y,
    /// max x, max y), for tests that click them: "body_b_radius", "plot_gap", ...
    [[nodiscard]] const std::vector<std::pair<std::string, glm::dvec4>>& widget_rects() const { return widget_rects_; }
    /// The notices showing now, as drawn ("Undo  ×3").
    [[nodiscard]] std::vector<std::string> notice_texts() const;
    /// Where the canvas's overlays stand (the case badge, its sentences, the MISSED banner, its
    /// legend, the time stamp, the caption): text boxes in ImGui coordinates (min x, min y, max x,
    /// max y), measured with the labels' font; what a notice keeps off.
    [[nodiscard]] std::vector<glm::dvec4> overlay_rects() const;
    /// The bodies' names on the canvas: (body, its name's box on the screen), for the layout report.
    [[nodiscard]] std::vector<std::pair<int, glm::dvec4>> body_name_rects() const;
    /// The tour's caption as its bar last showed it ("" with no tour), for the layout report.
    [[nodiscard]] const std::string& canvas_hint_text() const { return canvas_hint_; }
    [[nodiscard]] std::string tour_caption_text() const { return tour_ ? tour_caption_lines_.caption : std::string(); }
    /// The case in capitals when an edit changed it from the tour step's as written, else "".
    /// The screen blanked in presentation mode (B or .), for the tests.
    [[nodiscard]] bool blanked() const { return blanked_; }
    /// A menu of the bar opened from the keyboard (F10, Alt+F/E/V/H) is open: Dear ImGui's
    /// keyboard navigation runs in it, and Enter presses the item as Space does.
    [[nodiscard]] bool keyboard_menu() const { return keyboard_menu_; }
    [[nodiscard]] std::string edited_case_word() const;
    /// The unsaved-changes question and its note, as the last frame showed them ("" when none
    /// showed), for the layout report.
    [[nodiscard]] const std::string& question_text() const { return question_text_; }
    /// The side panel's field messages now: the field (as widget_rects() names it) and the text.
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> field_message_texts() const;
    [[nodiscard]] bool plotting_gap() const { return plot_quantity_ == PlotQuantity::Gap; }

    /// Whether anything moves by itself (playback, an animated view change): the window then
    /// renders continuously instead of waiting for events.
    [[nodiscard]] bool animating() const;
    /// Called while the window waits for events (about twice a second): an autosave that fell
    /// due while nothing happened is written then, not at the next key or mouse move.
    /// Returns whether the window should draw again (the scene's file changed on disk, say).
    bool idle() {
        const bool changed = watch_file();
        autosave(false);
        // a notice whose time is up is drawn away, and one raised here (the autosave failing) is
        // drawn at once: the window stayed waiting, and it went unseen (a code review)
        return changed || redraw_due_in() <= 0.0 || notices_raised_ != notices_drawn_;
    }
    /// Says once a session that Arabic or Hebrew text (a body's name, the note) is drawn left to
    /// right here and in PNG figures, its letters unjoined, and that SVG figures lay it out.
    void say_right_to_left() {
        if (std::exchange(right_to_left_said_, true)) return;
        notify("Right-to-left text (Arabic, Hebrew) is drawn left to right here and in PNG figures, its letters unjoined; "
               "SVG figures (File > Export Figure…, Ctrl+E) lay it out properly");
    }
    /// Seconds until the first notice on show is due to go (negative: overdue; infinite: none).
    /// The window waits for events no longer than that.
    [[nodiscard]] double notice_due_in() const;
    /// The same, or sooner where the pointer comes to rest in presentation mode (its hover ring
    /// and hint then go): the window waits for events no longer than that.
    [[nodiscard]] double redraw_due_in() const {
        const double rest = presenting_ && pointer_rest_due_ ? *pointer_rest_due_ - notice_clock() : std::numeric_limits<double>::infinity();
        // and when the side panel's height, held for a moment after a click, may shrink: else it
        // stayed as it was until the next input, and a tap then hit another control (a whiteboard
        // teacher's recheck: "Halve dt" tapped where it was drawn moved the phase)
        const double held = panel_release_due_ ? *panel_release_due_ - notice_clock() : std::numeric_limits<double>::infinity();
        // and when a finger held still on a body at rest turns its press into a velocity's pull
        const double pull = drag_ && drag_->hold_since ? *drag_->hold_since + kHoldToPullSeconds - notice_clock()
                                                       : std::numeric_limits<double>::infinity();
        return std::min({notice_due_in(), rest, held, pull});
    }
    /// The sampled overlap check missed the contact: the MISSED banner is up.
    [[nodiscard]] bool missed_now() const { return analysis_valid_ && sampling_ && sampling_->missed; }
    /// The overlays that the fit keeps the story clear of, beside the badge: the checks' legend
    /// (the overlap check on) and the MISSED banner, as bits.
    [[nodiscard]] int overlays_now() const { return (scene_.discrete.enabled ? 1 : 0) | (missed_now() ? 2 : 0); }

    void set_fonts(const FontSet& fonts) { fonts_ = fonts; }
    [[nodiscard]] float ui_scale() const { return ui_scale_; }
    /// The theme the window draws in: the one chosen in View › Theme (kept between starts, for
    /// every scene), else the scene's own.
    [[nodiscard]] Theme theme() const { return theme_choice_.value_or(scene_.show.theme); }

    /// A key press from the window's event loop (SDL keycode and modifier state); handled in
    /// the next frame(), where ImGui says whether a text field has the keyboard.
    void queue_key(int keycode, unsigned modifiers) { keys_.push_back({keycode, modifiers, false}); }
    /// Whether Tab is the window's own now, not Dear ImGui's: no dialog or question open. Then
    /// Tab goes to the stop after the one last left (a field, a button, a check box or a header;
    /// the first field at the start), Shift+Tab to the one before: from the keyboard alone, with
    /// no click into the panel first (Dear ImGui's Tab needs its window focused, after Enter
    /// starts over at the first field, and skips everything but text fields).
    [[nodiscard]] bool takes_tab() const;
    /// The window Tab goes through alone now: Help or the derivation when in front, else 0 (all).
    [[nodiscard]] ImGuiID tab_scope() const;

    /// A .json dropped on the window or chosen in a dialog. A bad file leaves the scene as it was
    /// and says why over the canvas. With unsaved changes it asks first (save, don't save, cancel).
    void open_file(const std::filesystem::path& path, bool announce = true);
    /// A scene file's warnings (unknown keys, a newer version), as notices: three, then the rest in one.
    void notify_warnings(const std::string& name, const std::vector<std::string>& warnings);
    /// The notices about the scene's file (kFileNotice) go: it is as this window knows it again.
    void clear_file_notices();
    /// Starts over with `scene` (no undo history, time at the scene's own, view refitted).
    void set_scene(const Scene& scene);
    /// The window's close button or Ctrl+Q: true when it may close now; with unsaved changes it
    /// asks first (and a later frame() returns quit once the user has chosen).
    bool request_quit();
    /// The window wrote (or failed to write) a figure the app asked for.
    void figure_written(const std::filesystem::path& path, const std::optional<Error>& error);
    /// "name.json • — Tangent": the scene's file, and a dot when there are unsaved changes.
    [[nodiscard]] std::string title() const;
    /// Every text on show that the user wrote or chose (the bodies' names, the note and its
    /// draft, file names, notices and field messages, the tour's caption, the file dialog's
    /// listing), joined: the window bakes glyphs for what its fonts lack (wish_glyphs).
    [[nodiscard]] std::string user_text() const;
    /// The scene's own text as shown: the bodies' names, the note and its draft.
    [[nodiscard]] std::string scene_text() const;
    /// Whether there are changes not saved to a file (what the title's '*' shows).
    [[nodiscard]] bool unsaved() const { return dirty(); }
    /// Called once as the window closes: the autosave, and the --save-on-exit file. False when
    /// that file was not written (an error, or a file given that did not open as a scene: it is
    /// never written over), with the reason on stderr.
    [[nodiscard]] bool on_exit();

    /// The tour Esc ended, taken up again at the step it was on, with its steps' edits.
    void resume_tour();
    /// Whether the field just left refused its text ("2+"): a Page Down that closed it then
    /// stays at the step, the text and its message where they are (a step would clear both). A
    /// refusal under another field, left there from before, does not count (refusals_before_).
    [[nodiscard]] bool refused_typing();
    /// The fields' refusals showing now, as "field: message".
    [[nodiscard]] std::vector<std::string> field_refusals() const;
    std::vector<std::string> refusals_before_;
    /// The guided tour: its first step now, in presentation mode (the window goes full screen).
    void start_tour(Tour tour);
    /// Presentation mode on or off from outside (the tour starts in it); fonts follow next frame.
    void set_presenting(bool on);
    /// Presentation mode on or off from a key or the menu: the window goes full screen or back, and
    /// a notice that said how to leave it goes once it is left.
    void request_presenting(bool on, FrameRequests& requests);
    /// How much larger presentation mode draws: 2 on a 1080-line screen, less on smaller ones.
    [[nodiscard]] float presentation_factor() const;
    /// dpi_scale_ * user_scale_ * presentation_factor(), in presentation mode no more than the
    /// screen's lines / kPresentationLinesPerScale, in a window no more than its lines /
    /// kWindowLinesPerScale and its width / kWindowColumnsPerScale (but never below dpi_scale_).
    [[nodiscard]] float combined_ui_scale() const;
    static constexpr float kPresentationLinesPerScale = 450.0f;
    // A window's panels need about 640 px and 360 lines per unit of scale: at 3× in 1280×720 the
    // derivation showed no line, Help's tables one letter a line, the time plot's labels piled up
    // (a low-vision review); 1920×1080 holds 3×, 1280×720 2×, 1024×768 1.6×.
    static constexpr float kWindowColumnsPerScale = 640.0f;
    static constexpr float kWindowLinesPerScale = 360.0f;

    // For the frame-time benchmark: drive a drag without a mouse.
    void bench_step(int frame_index);
    void open_all_panels();

    [[nodiscard]] const Scene& scene() const { return scene_; }
    [[nodiscard]] double time() const { return time_; }

private:
    bool right_to_left_said_ = false;
    std::uint64_t notices_raised_ = 0;  // notify() calls so far
    std::uint64_t notices_drawn_ = 0;   // notices_raised_ when the notices were last drawn
    // state of the document
    Scene scene_;
    /// Each body's mass when it was last made immovable, given back when it is made movable again.
    std::array<double, 2> mass_before_immovable_{1.0, 1.0};
    Scene saved_scene_;  // as last opened or saved: what "unsaved changes" compares with
    Scene caption_scene_;  // the scene its caption was written for (as opened)
    /// The scene as a file keeps it (a save, the autosave, --save-on-exit): at the time shown, and
    /// with a caption the edited bodies may contradict marked as written before the edits.
    [[nodiscard]] Scene scene_for_file() const;
    [[nodiscard]] bool caption_outdated() const;
    /// Whether what the caption (or the tour step's caption) speaks of was edited since it was
    /// written: the bodies; the checks' dt, phase and horizon where it opened with them on; the
    /// pitfall drawn where it opened with one; the bounce where it opened with it on.
    bool story_edited() const;
    SceneHistory history_;
    bool undo_limit_said_ = false;  // the notice that the oldest undo steps are let go, said once
    // the dt and speed sliders' spans as a drag on them began, held until it ends
    std::optional<std::pair<double, double>> dt_span_held_;
    std::optional<std::pair<double, double>> speed_span_held_;
    std::optional<std::filesystem::path> file_;
    std::string preset_name_;
    bool export_from_dialog_ = false;  ///< the figure being written was asked for by the export dialog  ///< the shipped preset the scene came from, when it has no file of its own
    std::optional<std::filesystem::path> save_on_exit_;
    std::vector<std::pair<std::filesystem::path, std::string>> unopened_files_;  // and why: never written over on exit
    SessionStore session_;
    std::vector<std::filesystem::path> recent_;
    std::chrono::steady_clock::time_point last_autosave_{};
    Scene autosaved_scene_;
    std::optional<SessionOrigin> autosaved_origin_;  // as last kept beside the autosave (none yet this run)
    std::string autosave_digest_;  // SessionStore::file_digest() of the autosave as last written this run
    std::string file_digest_;  // of file_ as last opened or saved here ("" unknown)
    /// Why Save may not write over file_ unasked ("" when it may): the file changed on disk or
    /// went since it was opened, saved or kept with the session. Save then asks where, as Save As.
    std::string file_stale_;
    /// Looks at file_ on disk (at most once a second): changed there while this window has no
    /// unsaved changes, it is reopened as one undo step; with unsaved changes, or gone, Save
    /// stops writing over it unasked (file_stale_). Says so once for each change. Returns
    /// whether anything changed.
    bool watch_file(bool now = false);
    /// "Use the safe dt": the step (the safe dt rounded down to the digits the field shows) and
    /// the phase with its share of it, where the overlap check is on, dt is not safe already, and
    /// such a step runs.
    [[nodiscard]] std::optional<std::pair<double, double>> safe_step() const;
    void use_safe_step();
    /// L: the pitfalls lab's next formula drawn on the canvas (none after the last), its panel
    /// opened and the formula named: the lab from the keyboard (its rows are radio buttons).
    void next_pitfall();
    /// A seed formula as the pitfalls lab writes it: "(−B − √D)/2*A".
    static const char* pitfall_formula(seeds::Variant variant);
    /// dt times `factor` within the dt slider's range, the phase keeping its share (one undo step).
    void scale_step(double factor);
    /// The scene as a file has it, nothing unsaved: what was being typed and the watch's findings
    /// belonged to the scene before (set_scene, and a file reopened after an edit elsewhere).
    void take_scene_as_saved(const Scene& scene);
    /// Whether Save may write file_ without asking where: it has one, unchanged on disk.
    bool may_save_in_place();
    /// The stale reason for file_ in this state ("" for KeptFileState::Same).
    [[nodiscard]] std::string stale_reason(KeptFileState state, const std::string& since) const;
    std::chrono::steady_clock::time_point last_watch_{};
    std::string watched_digest_;   // of file_ on disk as watch_file() last answered for it
    bool watched_dirty_ = false;      // there were unsaved edits here when watched_digest_ was said
    std::string unsettled_digest_;  // of file_ on disk not reading as a scene at the last look (maybe half written)
    bool stale_from_watch_ = false;  // file_stale_ was set by watch_file(), not by the restore
    /// The restored session had changes not saved, which no file or preset here can show by
    /// comparison (its file changed or went, it had none, or where it came from was unreadable).
    bool restored_unsaved_ = false;
    /// Where the file dialogs start when the scene has no file: the folder of the file last
    /// opened or saved, or chosen in a dialog (this run, else the newest recent file's).
    std::filesystem::path last_folder_;
    /// The last session's autosave and where it came from, as the scene now shown. False when
    /// where it came from could not be trusted (unreadable, or kept for another autosave): it is
    /// then kept anew at the first autosave.
    bool restore_session();
    /// The scene's file (or preset) and whether it has unsaved changes, for the session store.
    [[nodiscard]] SessionOrigin session_origin() const;
    std::string autosave_error_;  // why the last autosave failed ("" when it worked or none was tried)
    /// Whether the session is autosaved: a place for it, the last autosave did not fail, and no
    /// other window has taken the session over.
    [[nodiscard]] bool session_kept() const;
    /// The autosave as this window expects to find it on disk (SessionStore::text_digest): as it
    /// was at the start or a restore, then as this window last wrote it ("" none).
    std::string autosave_claim_;
    /// Another window wrote the autosave since this one did: this one no longer writes it (the
    /// last window to write the session keeps it) and no longer promises it.
    bool session_taken_ = false;
    /// Whether the autosave on disk is still this window's; if not, says so (once) and sets
    /// session_taken_.
    bool session_still_ours();
    /// Started with a file while the kept session held unsaved work: that session is moved to
    /// the previous-session slot before this window first writes over it.
    bool keep_last_session_apart_ = false;
    bool started_ = false;  // the constructor is done: an open or a save is autosaved at once
    /// File › Restore previous session: the session set apart by a start with a file (still in
    /// place, or moved to the previous slot), as a start without a file restores it.
    [[nodiscard]] bool previous_session_available() const;
    void restore_previous_session();
    /// The File menu's items about the session, appended to it (after the menu bar's own).
    void session_menu_items();

    // the core's answers, recomputed when the scene changes
    Scene analyzed_scene_;
    bool analysis_valid_ = false;
    Encounter encounter_;
    std::optional<SamplingResult> sampling_;
    std::optional<Impact> impact_;
    std::string analysis_error_;
    // the derivation window's steps, made again only when the bodies change (~0.6 ms each time)
    std::optional<std::pair<Body, Body>> derived_for_;
    std::shared_ptr<const Derivation> derivation_;

    // how it is looked at
    double time_ = 0.0;
    double relative_blend_ = 0.0;  // 0 world frame, 1 A's frame; eases towards scene_.show.relative_frame
    View view_from_;               // the frame change animates the view between these
    View view_to_;
    bool view_animating_ = false;
    // a scene opened shows the side panel from its top: else, scrolled down to the tunnelling
    // section, the next preset opens with its caption and analysis out of view
    bool panel_to_top_ = false;
    /// The scene's note (its caption) as it is being edited in the side panel, or nothing.
    std::optional<std::string> caption_draft_;
    bool caption_focus_ = false;  ///< the note's field takes the keys at its first frame
    void caption_editor();
    bool playing_ = false;
    View view_;
    bool fit_pending_ = true;
    // the side panel's content height, kept a moment after a click (see side_panel)
    double panel_hold_until_ = 0.0;
    std::optional<double> panel_release_due_;  // panel_hold_until_ on notice_clock(), while it is to come
    float panel_held_bottom_ = 0.0f;
    bool view_framed_by_user_ = false;  // panned or zoomed: a resize then keeps the view
    int framed_with_overlays_ = 0;  // overlays_now() when the view was last fitted
    bool framed_with_bounce_ = false;  // the bounce (response) on when the view was last fitted
    bool drag_kept_view_ = false;      // a drag on the canvas just ended: its view stands (canvas())
    bool view_from_file_ = false;       // the scene file's saved view, not a fit of the story
    glm::dvec2 canvas_origin_{0.0};
    glm::dvec2 canvas_size_{800.0, 600.0};
    Handle hover_;
    Handle hint_handle_;       // the handle hovered since hint_since_: what dragging it does shows after a moment
    Handle hint_dragged_;      // the handle just dragged: no hint over it until the pointer leaves it
    double hint_since_ = 0.0;
    double pointer_moved_at_ = -1e9;  // ImGui::GetTime() of the pointer's last move
    // when the pointer will have rested long enough (notice_clock()), until a frame is drawn then:
    // the window waits for events, and the hover ring and hint of a touch stayed up for good (a
    // review at an interactive whiteboard: a finger lifted leaves the pointer where it was)
    std::optional<double> pointer_rest_due_;
    std::string canvas_hint_;         // the hover hint over the canvas this frame ("" for none)
    /// Whether hover hints and rings show: always, but in presentation mode only within
    /// kPointerRestSeconds of the pointer's last move (a teacher stepping with a clicker).
    [[nodiscard]] bool pointer_in_use() const {
        return !presenting_ || ImGui::GetTime() - pointer_moved_at_ < kPointerRestSeconds;
    }
    std::optional<DragState> drag_;
    PanState pan_;
    float dpi_scale_ = 1.0f;
    float user_scale_ = 1.0f;
    float remembered_user_scale_ = 1.0f;  // as kept in the session store
    // View › Theme: the window's, not the scene's (else a teacher's light theme goes dark with
    // every scene opened, and Ctrl+Z of the lesson's edits undoes it)
    std::optional<Theme> theme_choice_;
    float ui_scale_ = 1.0f;  // combined_ui_scale()
    bool scale_hold_said_ = false;  // the notice that a window too small holds the scale, once shown
    float presentation_lines_ = 0.0f;  // the window height presentation_factor() last followed
    FontSet fonts_;
    Picture picture_;
    std::vector<Notice> notices_;
    std::vector<FieldMessage> field_messages_;
    bool hint_pending_ = false;  ///< a field's typing hint is due: keep drawing until it shows

    // the time plot
    Picture plot_picture_;
    glm::dvec2 plot_origin_{0.0};
    glm::dvec2 plot_size_{0.0};
    PlotQuantity plot_quantity_ = PlotQuantity::Quadratic;
    std::vector<std::pair<std::string, glm::dvec4>> widget_rects_;  // this frame's, see widget_rects()
    /// Notes where the last item is, under `name`, for widget_rects().
    void note_widget(std::string name);
    void clear_field_errors();
    /// The current window's rectangle in the layout report, under `name`.
    void note_window(std::string name);
    PlotAxes plot_axes_;
    bool plot_zoomed_ = false;  // the user zoomed or panned the time axis: keep it
    std::optional<double> plot_hover_;
    bool plot_dragging_ = false;
    double plot_time_before_click_ = 0.0;  // the time when the plot was last clicked (a double-click takes its first click back)
    double plot_clicked_at_ = -1e9;         // when (ImGui's clock) the plot last took a click
    bool plot_panning_ = false;
    double plot_pan_from_ = 0.0;
    struct KeyPress {
        int keycode;
        unsigned modifiers;
        bool deferred = false;  ///< held back a frame for a text box to close first
    };
    std::vector<KeyPress> keys_;
    std::vector<KeyPress> keys_next_frame_;
    bool quit_after_typing_ = false;  // the close button came while a field was typed in
    Scene field_before_;  // the scene when a panel field became active: one undo step per edit
    // the slider whose release made the last undo step, and the history's depth after it
    std::string last_slider_step_;
    std::size_t last_slider_serial_ = 0;
    NumberFields number_fields_;  // the panel's number fields, reading typed text as arithmetic

    // dialogs and modes
    enum class DialogPurpose { Open, SaveAs, ExportPath, Tour };
    FileDialog file_dialog_;
    DialogPurpose dialog_purpose_ = DialogPurpose::Open;
    struct ExportSettings {
        bool visible = false;
        bool svg = false;
        int width = 1600;
        int height = 1000;
        float scale = 1.0f;
        int theme = 0;  // 0: as the window shows it, then dark, light, print
        bool transparent = false;
        bool caption = false;
        std::string path;
        std::string folder_shown;   // the folder of the name as it was when typing in it began
        std::string field_message;  // why a value typed in width, height or scale was not taken, or was clamped
        std::string replace_asked;  // a file that exists, whose replacing Export was pressed for once
        int settling = 0;           // frames still to draw while the window grows to a new note
    } export_;
    std::string question_text_;  // see question_text()
    bool confirm_quit_ = false;
    bool quit_confirmed_ = false;
    // opening another scene (a file, a preset, a new one, a tour) over unsaved changes: what to
    // do once the user has answered, and what it is called in the question
    std::function<void()> pending_replace_;
    std::string pending_replace_what_;
    bool save_then_replace_ = false;  // Save As is open for the question's "Save"
    bool save_then_quit_ = false;     // Save As is open for the quitting question's "Save"
    bool enter_presentation_ = false;  // the built-in tour started: full screen from the next frame
    bool presenting_ = false;
    // In presentation mode, B or . blanks the screen as a presenter remote's "black screen" button
    // does in slide software; the next key or click brings the picture back (and does nothing else).
    bool blanked_ = false;
    std::string menu_to_open_;     // a menu of the bar asked for by a key, opened as the bar is drawn
    bool keyboard_menu_ = false;   // see keyboard_menu()
    std::string open_bar_menu_;    // the menu of the bar open this frame ("" for none)
    std::string menu_step_from_;   // ← or → pressed in this menu, opened from the keyboard
    int menu_step_ = 0;            // -1 for ←, +1 for →
    bool open_presenting_menu_ = false;  // a key asked for presentation mode's Menu
    glm::dvec4 presenting_menu_rect_{0.0};  // its button this frame (min x, min y, max x, max y)
    bool presenting_menu_open_ = false;      // its menu was open when last drawn
    int question_choice_ = 0;            // the save question's ringed button: Save, Don't save, Cancel
    int menu_highlight_frames_ = 0;  // frames left to light the first item of a menu opened by a key

    // the guided tour
    std::optional<Tour> tour_;
    int tour_step_ = 0;
    // a step edited and left (Page Up / Page Down): as it was left, with its undo steps, until the
    // tour ends; going back to the step brings it back
    struct EditedTourStep {
        Scene scene;
        SceneHistory history;
        double time = 0.0;
    };
    std::map<int, EditedTourStep> tour_edits_;
    // The tour Esc ended, to take up again where it was (Page Down, Help): Esc is a presenter
    // remote's key and slide software's habit, and the tour it ended had to be stepped through from
    // its start again, the steps' edits gone (a lecturer's review).
    struct EndedTour {
        Tour tour;
        int step = 0;
        std::map<int, EditedTourStep> edits;
        Scene scene_at_end;  // the scene as the tour left it: explored since, taking the tour up asks first
    };
    std::optional<EndedTour> ended_tour_;
    void leave_tour_step();

    // panels
    bool show_formulas_ = false;
    /// H: the answers kept back, for a class to predict first. The canvas asks the question
    /// (PictureInput::answers false); the analysis, the checks' results, the bounce, the pitfalls,
    /// the time plot, the derivation and the jumps to the contact wait until H shows them again.
    bool answers_hidden_ = false;
    bool hover_pulled_ = false;              ///< the Velocity hovered is Ctrl over a body: pulled out of its centre
    bool pressed_on_locked_handle_ = false;  ///< a press on a circle that cannot be dragged now (said so): no pan
    bool show_side_panel_ = true;
    bool show_help_ = false;
    /// B turned the bounce on: its panel opens, so that Tab reaches the restitution
    bool reveal_response_ = false;
    /// L chose a formula: the pitfalls lab opens
    bool reveal_pitfalls_ = false;
    /// Up/Down (lines) and, with no tour, Page Up/Down (pages) asked of Help, else the
    /// derivation: applied to the window's scroll when next drawn (apply_key_scroll)
    float scroll_lines_ = 0.0f;
    float scroll_pages_ = 0.0f;
    /// Scrolls the current window by what the keys asked, and forgets it.
    void apply_key_scroll(bool keys = true);
    /// Set while a drag scrolls a menu: its release then takes no item (the one under the finger
    /// at the end of a drag was picked: a whiteboard teacher's review).
    bool menu_drag_scrolled_ = false;  // keys: the queued Down/Up/Page keys too, else a drag alone
    bool show_analysis_ = true;
    bool show_bodies_ = true;
    bool show_tunnelling_ = true;
    bool show_response_ = false;
    int response_into_sight_ = 0;  ///< frames left to scroll the bounce's section into sight (B opened it)
    int pitfalls_into_sight_ = 0;  ///< the same for the pitfalls lab
    bool show_pitfalls_ = false;

    void reanalyze_if_changed();
    void edit(const Scene& before);  // records an undo step if the scene differs from `before`
    void notify(std::string text, bool error = false, std::string field = {});
    /// Checks the scene after an edit in the field `field` and makes it one undo step, or puts it
    /// back and says why: under the field (a side panel field, as the layout report names it,
    /// `under_field`) or over the canvas (a notice about `field`).
    void enter_field_edit(const std::string& field, bool under_field = false);
    /// A side panel field after its frame: typing in it ended (its messages go), an edit left
    /// (checked, one undo step), and what the entry said (refused, kept at an end) under it.
    void panel_field_done(const NumberFields::Outcome& outcome, const std::string& field);
    /// A slider after its frame: the typing hint, one undo step per edit, a message for typed
    /// text that is not a number: under the slider when it is in the side panel (`panel_field`
    /// names it), else over the canvas.
    void slider_done(const NumberFields::Outcome& field, const Scene& before, const char* name,
                     const char* panel_field = nullptr);
    void field_message(const std::string& field, std::string text, bool error);
    void clear_field_messages(const std::string& field);
    /// Whether `field` has a message showing, under it or over the canvas (its typing hint then waits).
    [[nodiscard]] bool field_has_message(const std::string& field) const;
    /// Under the side panel field just drawn (its row, with any "(?)"), its messages wrapped to
    /// the panel's width; `values` are the field's now: changed since, the messages go.
    void draw_field_messages(const std::string& field, std::initializer_list<double> values);
    void fit_view();
    /// F, the menu's and the panel's Fit view: the view fitted, and the time plot's time axis
    /// back to its whole story (a wheel-zoomed plot went back only on a quick double-click).
    void fit_view_and_plot();
    /// One step of + and - and of the menus' Zoom in and out.
    static constexpr double kZoomStep = 1.25;
    /// Zooms the canvas about its middle by `factor` (kZoomStep or its inverse for + and -).
    void zoom_view(double factor) {
        view_.zoom_at(view_.size_px * 0.5, factor);
        view_framed_by_user_ = true;
    }
    /// The story at the time shown framed on a canvas of `size_px` at UI scale `scale`, as the
    /// scene file's saved view says when `saved_view` and it has one; clear of the caption along
    /// the bottom when `caption` (a figure's).
    [[nodiscard]] View story_view(glm::dvec2 size_px, float scale, bool saved_view, bool caption = false) const;
    void step_time(int direction);
    void toggle_play();
    void snap_to_graze();
    void toggle_relative_frame();
    /// The overlap check's dt slider's range, which [ and ] and turning the check on keep to too.
    /// The dt that turning the checks on brings a file's out-of-reach dt into: a thousandth of
    /// the horizon to the horizon.
    [[nodiscard]] std::pair<double, double> dt_range() const { return {scene_.time.horizon * 1e-3, scene_.time.horizon}; }
    /// The dt slider's span: dt_range(), widened to take in the dt as it is (the safe dt, a
    /// halving or a typed value may lie outside it, and the slider must not pull it back).
    [[nodiscard]] std::pair<double, double> dt_slider_range() const {
        return {std::min(dt_range().first, scene_.discrete.dt), std::max(dt_range().second, scene_.discrete.dt)};
    }
    void set_checks(bool enabled);  // the overlap check on or off (T, the checkbox), dt brought within reach
    void travel_to_frame();  // the view to the fit of the frame the scene now shows, animated
    void animate_frame(double dt_seconds);
    [[nodiscard]] bool editable() const;  // the handles work in the world frame, before any impact
    /// Whether body `i`'s arrow is too short to grab by its tip (at rest, or drawn within the
    /// grab's reach of its centre): a drag there moves the body, Ctrl or a held press pulls the arrow.
    [[nodiscard]] bool arrow_hidden(int i) const;
    /// Body i's velocity arrow ends off the canvas (its tip, a handle, out of reach).
    [[nodiscard]] bool arrow_tip_off_canvas(int i) const;
    void response_panel();
    void pitfalls_panel();
    void derivation_window();
    void tour_bar();
    [[nodiscard]] float tour_bar_height() const;
    /// The step's caption as shown (kept while the step, the width and the font stay: the layout
    /// asks for it several times a frame).
    [[nodiscard]] const std::vector<std::string_view>& tour_caption_lines() const;
    struct CaptionLines {
        std::string caption;  ///< its own copy: the lines point into it, whatever becomes of the tour
        float room = 0.0f;
        float font_size = 0.0f;
        std::vector<std::string_view> lines;
    };
    mutable CaptionLines tour_caption_lines_;
    void show_tour_step();
    void next_tour_step();
    void previous_tour_step();
    void end_tour();
    void undo();
    /// "Undo B's velocity" / "Redo dt": the Edit menu's item and the notice, naming the step.
    [[nodiscard]] std::string history_item(bool redo) const;
    /// The time to the first contact (J) or to the closest approach (K), within the time range;
    /// a notice says why not when there is none, or where it lies when the range cuts it.
    void toggle_answers();
    void toggle_plot();  ///< P and View › Time plot
    [[nodiscard]] bool plot_shown() const { return scene_.show.plot && !answers_hidden_; }
    /// The bounce as the canvas shows it: none while the answers are hidden (the motion drawn,
    /// framed, dragged and placed around is then the one without it).
    [[nodiscard]] const Impact* impact_shown() const { return impact_ && !answers_hidden_ ? &*impact_ : nullptr; }
    /// With the answers hidden: says so, naming `what` would have shown one, and returns true.
    bool answers_kept_back(const std::string& what);
    void jump_to_contact();
    void jump_to_closest();
    void jump_to(double t, const char* what);
    /// A time as the notices write it: as the canvas does (time_number), beside the scene's scale of time.
    [[nodiscard]] std::string time_text(double t) const;
    void redo();
    [[nodiscard]] bool dirty() const;
    [[nodiscard]] static Scene default_scene_for_new();
    bool save_to(const std::filesystem::path& path, std::string* why = nullptr);
    /// Saves to the scene's own file; where that fails, Save As opens, saying why (in the
    /// Documents folder if the file's own cannot be written), and this returns false.
    bool save_in_place_or_ask();
    void save();
    void autosave(bool force);
    void remember(const std::filesystem::path& path);
    void choose_file(DialogPurpose purpose);
    void file_dialog();
    void export_dialog(FrameRequests& requests);
    void quit_dialog(FrameRequests& requests);
    /// Runs `action` (which replaces the scene) now, or, with unsaved changes, once the user
    /// has saved them or chosen not to; `what` names what would open ("near-miss.json").
    void replace_scene(std::string what, std::function<void()> action);
    void replace_dialog();
    enum class Answer { None, Save, DontSave, Cancel };
    /// The modal "Save, Don't save, Cancel" question (Esc cancels); None while it waits. A
    /// `warning` note is drawn in the errors' colour, else in grey.
    Answer save_question(const char* title, const std::string& question, const std::string& note, bool warning = false);
    /// "lesson.json", "near-miss.json (preset)" or "this scene", for questions about saving.
    [[nodiscard]] std::string document_name() const;
    /// Body i's label, or "A" / "B" when it has none.
    [[nodiscard]] std::string body_name(int i) const;
    void open_file_now(const std::filesystem::path& path, bool announce);
    void open_preset(const embedded::File& preset);
    [[nodiscard]] Picture figure_picture(int width, int height, double scale, std::optional<Theme> theme, bool caption) const;
    void screenshot(FrameRequests& requests);

    // frame parts (panels.cpp, canvas.cpp)
    void shortcuts(FrameRequests& requests);
    void menu_bar(FrameRequests& requests);
    void side_panel();
    void bodies_panel();
    void analysis_panel();
    void tunnelling_panel();
    void time_bar();
    void help_window();
    void canvas();
    void presenting_menu(FrameRequests& requests);
    /// "The bodies are out of view: press F …" in the canvas's middle while nothing of them shows.
    void out_of_view_hint();
    void canvas_input(glm::dvec2 mouse_canvas, bool hovered);
    void plot_panel();
    [[nodiscard]] float plot_height() const;
    [[nodiscard]] TimeSpan time_range() const;
    void draw_notices();

    void build_picture_for_canvas();
    /// What the canvas draws now (its view, time, scale and frame) for `scene`.
    [[nodiscard]] PictureInput picture_input(const Scene& scene) const;
    /// The time bar's rows at the current width and text size: the time row (Play, step, the time
    /// slider, its readout) and the controls row (speed, loop, the two jumps), each split in two
    /// where it does not fit (a projector's UI scale in a small window), so nothing is cut off.
    struct TimeBarLayout {
        bool split_time = false;      ///< the time slider and its readout on a row of their own, below Play
        bool split_controls = false;  ///< the two jump buttons on a row of their own
        bool long_labels = true;      ///< "Jump to contact (J)" rather than "Contact (J)"
        bool speed_label = true;      ///< the word "speed" beside its slider
        float speed_width = 0.0f;
        int rows = 2;
    };
    [[nodiscard]] TimeBarLayout time_bar_layout() const;
    [[nodiscard]] float time_bar_height() const;
    [[nodiscard]] float canvas_width() const;  ///< the window's width less the side panel's
    /// The area below the menu bar, from the first frame on (ImGui's own work area only
    /// shrinks for the menu bar from the frame after it first appears).
    struct Area {
        glm::dvec2 pos{0.0};
        glm::dvec2 size{0.0};
    };
    [[nodiscard]] Area work_area() const;
    /// Inside Begin() of a floating window: its title bar stays below the menu bar and partly on
    /// screen, where it can be grabbed (a drag inside it could carry it over the menus).
    void keep_title_bar_reachable() const;
    float menu_bar_height_ = 0.0f;
    [[nodiscard]] float side_panel_width() const;
};

/// Hovering "(?)" shows `text`: the ImGui demo's HelpMarker.
void help_marker(const char* text);
/// A drag on the current window's content scrolls it, as on a phone: a whiteboard has no wheel and
/// no keys, and scroll bars are a finger's width at best. From a press inside the window, off its
/// title bar, and on no item; `over_items`: on an item too (a menu's or a list's rows, which act
/// on a tap, not a drag). True when it scrolled.
bool drag_to_scroll(bool over_items);
/// A tooltip of `text` wrapped as a help marker's is, within the window.
void wrapped_tooltip(std::string_view text);
/// `full` where it fits the space left on the row with `beside` pixels more (a header's arrow, a
/// checkbox's box and help marker), else `brief`: at a projector's UI scale on a 1024-pixel
/// window the side panel is 40% of it, and "Check for overlap only every c" is all a long label
/// shows. Give both the same "###id" so that the item keeps its state.
/// How wide a tooltip's lines may be: 28 characters' heights, or the screen less its padding.
[[nodiscard]] float tooltip_room();
[[nodiscard]] const char* fitting_label(const char* full, const char* brief, float beside);
/// ImGui::SameLine(), or a new line where `width` pixels do not fit after it.
void same_line_if_room(float width);

/// `text` in lines no wider than `room` pixels in the current font, filled greedily and broken only
/// at spaces (never inside a number: Dear ImGui's own wrapping also breaks after '.' and ','), and
/// not inside brackets, beside a relation (=, ≤, ≥, <, >, ≈, ≠) or an operator, nor between a
/// coefficient and its factor ("(−1, 1.25)", "t = 5.63" and "2 Δp·Δv" stay whole) unless that is
/// wider than a line on its own. Then a long equation breaks before a relation (its next line
/// starts "= …"), a term too long for a line after an operator ("… +"), and only then elsewhere;
/// a word wider than `room` has a line of its own.
std::vector<std::string_view> lines_at_spaces(std::string_view text, float room);

/// lines_at_spaces()'s lines, and a line still wider than `room` (a word wider than a line: a
/// long typed text or a file's path, quoted in a message) cut where it must be, so that none is
/// wider than `room` (but a single character wider than it).
std::vector<std::string_view> lines_within(std::string_view text, float room);

/// `text` wrapped as lines_within() breaks it, to `room` pixels (0: the space left on the
/// line), in `color` or the text colour. Every wrapped text in the window goes through here.
/// Returns the number of lines drawn.
std::size_t text_wrapped_at_spaces(std::string_view text, std::optional<ImVec4> color = std::nullopt, float room = 0.0f);
/// The same in the disabled (grey) text colour.
std::size_t text_disabled_at_spaces(std::string_view text, float room = 0.0f);

/// A file's name as the window shows it: its bytes as read (a Latin-1 byte written "\xE9") and
/// composed (a Mac's "é" is "e" and its accent apart). Only for showing: the file has the bytes.
std::string shown_name(std::string_view bytes);

/// Hovering the last item, a drag field or (drag false) a slider, for kTypingHintDelay seconds
/// says how to type an exact value into it (not obvious to a student meeting Dear ImGui's
/// fields). True while the hint is due but not yet shown: the window must keep drawing frames.
inline constexpr float kTypingHintDelay = 0.5f;
bool typing_hint(bool drag);

}  // namespace tangent::ui
