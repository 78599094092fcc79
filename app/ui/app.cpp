// The App's state and what changes it: the scene and its answer (reanalysed after every edit),
// undo and redo, the session kept between runs, the notices, time and play, the commands the
// keys and menus call (snap to graze, jump to contact, fit view, the safe dt, presenting).

#include "app.h"

#include <algorithm>
#include <limits>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <imgui.h>
#include <imgui_internal.h>  // HoveredIdTimer: how long the field has been hovered

#include "core/discrete.h"
#include "core/format.h"
#include "draw/text_metrics.h"
#include "core/graze.h"
#include "embedded/embedded.h"
#include "scene/composed_text.h"
#include "scene/scene_file.h"
#include "teach/graze_notice.h"

namespace tangent::ui {

namespace {

constexpr const char* kDefaultPreset = "oblique-hit.json";
// the field of the snap to a graze's notices: a later answer takes the earlier one's place
constexpr const char* kSnapNotice = "snap to graze";
constexpr const char* kStepNotice = "the checks' step";  // U, [ and ] with nothing to do

Scene default_scene() {
    if (const embedded::File* file = embedded::find(embedded::presets(), kDefaultPreset)) {
        Result<LoadedScene> loaded = parse_scene(file->text(), kDefaultPreset);
        if (loaded.ok()) return loaded->scene;
    }
    return Scene{};
}

}  // namespace

void help_marker(const char* text) {
    ImGui::SameLine();
    // on the next line where the row leaves it no room (else at a projector's UI scale on a
    // 1024-pixel window "immovable (?)" loses its "(?)" at the panel's edge)
    if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize("(?)").x) ImGui::NewLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) wrapped_tooltip(text);
}

void wrapped_tooltip(std::string_view text) {
    ImGui::BeginTooltip();
    text_wrapped_at_spaces(text, std::nullopt, tooltip_room());
    ImGui::EndTooltip();
}

float tooltip_room() {
    return std::min(ImGui::GetFontSize() * 28.0f, ImGui::GetIO().DisplaySize.x - 4.0f * ImGui::GetStyle().WindowPadding.x);
}

const char* fitting_label(const char* full, const char* brief, float beside) {
    return ImGui::CalcTextSize(full, nullptr, true).x + beside <= ImGui::GetContentRegionAvail().x ? full : brief;
}

void same_line_if_room(float width) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

std::vector<std::string_view> lines_at_spaces(std::string_view text, float room) {
    struct Word {
        std::size_t begin, end;
    };
    std::vector<Word> words;
    for (std::size_t at = 0;;) {
        const std::size_t end = std::min(text.find(' ', at), text.size());
        // a run of spaces is one break: the empty word between two spaces ("(1, 0),  R = …") would
        // be a line of its own, a blank line in the derivation
        if (end > at || (words.empty() && end == text.size())) words.push_back({at, end});
        if (end == text.size()) break;
        at = end + 1;
    }
    const auto word = [&](std::size_t i) { return text.substr(words[i].begin, words[i].end - words[i].begin); };
    const auto relation = [&](std::size_t i) { return is_relation(word(i)); };
    const auto operation = [&](std::size_t i) { return is_operation(word(i)); };
    // a number standing alone ("2", "−3", "1.5e−9"): before a factor it is its coefficient
    const auto number = [&](std::size_t i) {
        std::string_view w = word(i);
        if (w.starts_with("−")) w.remove_prefix(std::string_view("−").size());
        if (w.empty() || w[0] < '0' || w[0] > '9') return false;
        for (std::size_t k = 0; k < w.size(); ++k) {
            const char c = w[k];
            if ((c >= '0' && c <= '9') || c == '.' || c == 'e') continue;
            if (w.substr(k).starts_with("−") && k > 0 && w[k - 1] == 'e') {
                k += std::string_view("−").size() - 1;
                continue;
            }
            return false;
        }
        return true;
    };
    // what a coefficient multiplies: a symbol, Δ, a bracket, a root or a bar ("2 Δp·Δv", "2 t",
    // "2 t_enter"), not a word of prose ("1e−12 relative")
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    const auto factor = [&](std::size_t i) {
        const std::string_view w = word(i);
        if (w.empty()) return false;
        return (letter(w[0]) && (w.size() == 1 || !letter(w[1]))) || w[0] == '(' || w[0] == '[' || w[0] == '|' ||
               w.starts_with("Δ") || w.starts_with("√");
    };
    // a coefficient: a number, or a one-letter symbol before a factor ("b t" in "a t² + b t + c":
    // else the panel reads "… + b" over "t + c = 0" at UI scale 1.5)
    const auto coefficient = [&](std::size_t i) {
        const std::string_view w = word(i);
        return number(i) || (w.size() == 1 && letter(w[0]));
    };
    // brackets open before word i: a vector "(−1, 1.25)" stays whole
    std::vector<int> depth(words.size(), 0);
    for (std::size_t i = 1; i < words.size(); ++i) {
        depth[i] = depth[i - 1];
        for (const char c : word(i - 1)) depth[i] = std::max(0, depth[i] + (c == '(' || c == '[') - (c == ')' || c == ']'));
    }
    // but an aside in words breaks as prose does: kept whole, "(in double-double, about 32 digits)"
    // would go to the next line and leave 40% of the derivation's line empty. A bracket
    // is prose when two of its words are words of four letters or more ("about", "digits"), not
    // symbols ("(dvx, dvy)", "(rA, rB)") or numbers; a vector inside an aside stays whole.
    const auto prose_word = [&](std::size_t i) {
        std::string_view w = word(i);
        while (!w.empty() && (w.front() == '(' || w.front() == '[')) w.remove_prefix(1);
        while (!w.empty() && std::string_view(")],;:.").find(w.back()) != std::string_view::npos) w.remove_suffix(1);
        return w.size() >= 4 && std::all_of(w.begin(), w.end(), [&](char c) { return letter(c) || c == '-' || c == '\''; });
    };
    // the space before word i lies inside an aside in words, the innermost bracket around it
    // (the first to close, so an inner one claims its spaces first)
    std::vector<std::optional<bool>> innermost_prose(words.size());
    std::vector<std::size_t> opened;  // the words that opened the brackets still open
    for (std::size_t i = 0; i < words.size(); ++i)
        for (const char c : word(i)) {
            if (c == '(' || c == '[') opened.push_back(i);
            if ((c == ')' || c == ']') && !opened.empty()) {
                const std::size_t from = opened.back();
                opened.pop_back();
                int prose = 0;
                for (std::size_t k = from; k <= i; ++k) prose += prose_word(k);
                for (std::size_t k = from + 1; k <= i; ++k)
                    if (!innermost_prose[k]) innermost_prose[k] = prose >= 2;
            }
        }
    const auto outside = [&](std::size_t i) { return depth[i] == 0 || innermost_prose[i].value_or(false); };
    // How readily the space before word i ends a line, 1 the most. 1: outside brackets, with no
    // relation nor operator beside it ("t = 5.63" and "(1, 0) − (−1, 0)" stay whole) and not
    // between a coefficient and what it multiplies ("2 Δp·Δv"); 2: before a relation outside
    // brackets, as typeset mathematics breaks
    // a long equation (the next line starts "= …"); 3: after an operator between two terms
    // ("… + (−1)(0.7)"), inside brackets too; 4: any other space but one after a relation, beside
    // an operator or between a coefficient and its factor ("(1.52," and "0.26)"); 5: any space, where a
    // run of words has no other break and is wider than a line on its own.
    constexpr int kAnySpace = 5;
    const auto level = [&](std::size_t i) {
        // before an equivalence between two equations, first of all ("… = R" over "⇔ … = 0")
        if (outside(i) && (word(i) == "⇔" || word(i) == "⇒")) return 1;
        if (outside(i) && !relation(i - 1) && !relation(i) && !operation(i - 1) && !operation(i) && !(coefficient(i - 1) && factor(i)))
            return 1;
        if (outside(i) && relation(i) && !relation(i - 1)) return 2;
        if (operation(i - 1) && i >= 2 && !relation(i - 2) && !operation(i - 2) && !relation(i) && !operation(i)) return 3;
        if (!relation(i - 1) && !operation(i - 1) && !operation(i) && !(coefficient(i - 1) && factor(i))) return 4;
        return kAnySpace;
    };
    // words first..last on one line, measured as a whole (the sum of the words' widths rounds)
    const auto width = [&](std::size_t first, std::size_t last) {
        return ImGui::CalcTextSize(text.data() + words[first].begin, text.data() + words[last].end).x;
    };
    std::vector<std::string_view> lines;
    std::size_t line_first = 0;
    const auto end_line_before = [&](std::size_t i) {
        lines.push_back(text.substr(words[line_first].begin, words[i - 1].end - words[line_first].begin));
        line_first = i;
    };
    // words first..last-1 filled greedily in runs broken only at spaces of level `at` or readier;
    // a run wider than a line on its own is filled at the next level and, at level 2, ends
    // its last line: "(−1)(0.7)) = −55.29" would read as an equation of its own
    const auto fill = [&](const auto& self, std::size_t first, std::size_t last, int at) -> void {
        for (std::size_t i = first; i < last;) {
            std::size_t next = i + 1;  // the run: words i..next-1, up to the next space of this level
            while (next < last && level(next) > at) ++next;
            if (i > line_first && width(line_first, next - 1) > room) end_line_before(i);
            if (width(line_first, next - 1) > room && at < kAnySpace) {
                const std::size_t lines_before = lines.size();
                self(self, i, next, at + 1);
                if (at == 2 && lines.size() > lines_before && next < last && line_first < next) end_line_before(next);
            }
            i = next;
        }
    };
    fill(fill, 0, words.size(), 1);
    end_line_before(words.size());
    return lines;
}

std::vector<std::string_view> lines_within(std::string_view text, float room) {
    std::vector<std::string_view> out;
    const float scale = ImGui::GetFontSize() / ImGui::GetFont()->FontSize;
    for (const std::string_view line : lines_at_spaces(text, room)) {
        const char* begin = line.data();
        const char* const end = line.data() + line.size();
        // a line lines_at_spaces() fitted stays whole (cut again at a pixel less, a line within
        // that pixel of the room lost its last word to a line of its own: "is", "apart" "now.",
        // "box": a teacher's review); only a word wider than the room is cut
        if (ImGui::CalcTextSize(begin, end).x <= room) {
            out.push_back(line);
            continue;
        }
        while (begin < end) {
            // where the line must be cut, or its end: a scan as far as the room, not a measure of
            // all that is left each time (a word of 900,000 characters in a tour's caption took that
            // to the square) (a pixel less: CalcTextSize rounds a width up to the next whole pixel)
            const char* cut = ImGui::GetFont()->CalcWordWrapPositionA(scale, begin, end, room - 1.0f);
            if (cut > end) cut = end;
            if (cut <= begin) {  // narrower than one character: one character
                cut = begin + 1;
                while (cut < end && (static_cast<unsigned char>(*cut) & 0xC0) == 0x80) ++cut;
            }
            out.emplace_back(begin, static_cast<std::size_t>(cut - begin));
            begin = cut;
            while (begin < end && *begin == ' ') ++begin;
        }
    }
    return out;
}

std::size_t text_wrapped_at_spaces(std::string_view text, std::optional<ImVec4> color, float room) {
    if (room <= 0.0f) room = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
    // (and a word wider than the room cut: a pasted path or a typed run of letters ran off the window)
    const std::vector<std::string_view> lines = lines_within(text, room);
    for (const std::string_view line : lines) {
        const std::string owned(line);
        if (color)
            ImGui::TextColored(*color, "%s", owned.c_str());
        else
            ImGui::TextUnformatted(owned.c_str());
    }
    return lines.size();
}

std::string shown_name(std::string_view bytes) { return composed(well_formed_utf8(bytes)); }

std::size_t text_disabled_at_spaces(std::string_view text, float room) {
    return text_wrapped_at_spaces(text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), room);
}

bool drag_to_scroll(bool over_items) {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 pressed = io.MouseClickedPos[ImGuiMouseButton_Left];
    if (!window->Rect().Contains(pressed) || window->TitleBarRect().Contains(pressed)) return false;
    // (a press on no item makes the window's move its active id, the move itself cancelled off the
    // title bar: io.ConfigWindowsMoveFromTitleBarOnly; the scroll bar is an item of its own)
    const ImGuiID active = g.ActiveId;
    // (in a child window, as the tour's caption, the press is its parent's move)
    const bool free = active == 0 || active == window->MoveId || active == window->RootWindow->MoveId || (over_items && g.ActiveIdWindow == window &&
                                                                    active != ImGui::GetWindowScrollbarID(window, ImGuiAxis_Y));
    if (!free || !ImGui::IsMouseDragging(ImGuiMouseButton_Left) || io.MouseDelta.y == 0.0f || ImGui::GetScrollMaxY() <= 0.0f) return false;
    ImGui::SetScrollY(std::clamp(ImGui::GetScrollY() - io.MouseDelta.y, 0.0f, ImGui::GetScrollMaxY()));
    return true;
}

bool typing_hint(bool drag) {
    // after half a second on the field (not while it is dragged or typed in): how to type a value
    // on the field itself: its label and the gaps of a two-field row count as the item's box but
    // hover no widget, and there the hover timer never runs (the window would draw for ever)
    if (!ImGui::IsItemHovered() || ImGui::IsItemActive() || ImGui::GetCurrentContext()->HoveredId == 0) return false;
    // nor while a field is typed in: the pointer resting on the field Tab opened put the hint over
    // the very digits being typed (a recheck)
    if (ImGui::GetIO().WantTextInput) return false;
    const float hovered_for = ImGui::GetCurrentContext()->HoveredIdTimer;
    if (hovered_for >= kTypingHintDelay) {
        // wrapped to the screen (at UI scale 2 in a 1024-px window its one line ran off the edge)
        ImGui::BeginTooltip();
        text_wrapped_at_spaces(drag ? "Drag sideways to change it; double-click (or Ctrl+click) to type an exact value:"
                                    : "Slide to change it; double-click (or Ctrl+click) to type an exact value:",
                               std::nullopt, tooltip_room());
        ImGui::TextUnformatted(drag ? "0.25, 1/3, 2*pi, sqrt(2)/2, 1.5e-3 ..." : "0.25, 1/3, 2*pi, sqrt(2)/2 ...");
        ImGui::EndTooltip();
    }
    // a new tooltip sizes itself unseen in its first frame: a few more frames bring it on screen
    return hovered_for < kTypingHintDelay + 0.1f;
}

App::App(const AppOptions& options)
    : scene_(default_scene()),
      saved_scene_(scene_),
      save_on_exit_(options.save_on_exit),
      session_(options.remember_session ? SessionStore::locate() : SessionStore(std::filesystem::path())),
      dpi_scale_(options.dpi_scale),
      ui_scale_(options.dpi_scale),
      answers_hidden_(options.hide_answers) {
    caption_scene_ = scene_;
    bool origin_in_order = true;  // false: what is kept beside the autosave is written anew at the first autosave
    if (options.scene_path) {
        // the last session's unsaved work is set apart before this window first writes over it
        keep_last_session_apart_ = session_.holds_unsaved_work();
        open_file(*options.scene_path, false);  // the side panel shows its caption already
        // said in the window, and where it was started from too
        if (!unopened_files_.empty()) std::fprintf(stderr, "tangent: %s\n", unopened_files_.back().second.c_str());
    } else if (session_.usable()) {
        std::error_code ec;
        const bool first_start = !std::filesystem::exists(session_.autosave_path(), ec) && !session_.welcomed();
        origin_in_order = restore_session();
        // once: a newcomer is pointed to the lesson, a teacher starting it in every class is not
        if (first_start) {
            notify("New to Tangent? Help › Guided tour walks through the lesson step by step; F1 lists the keys; View › UI scale (or Ctrl+= and Ctrl+-) makes the text larger and smaller.");
            if (auto error = session_.remember_welcomed()) notify(error->message, true);
        }
    }
    // with no place to keep them, the UI scale, the theme and the session were dropped without a
    // word (a locale review: HOME unset)
    if (options.remember_session && !session_.usable())
        notify("Nothing is kept for the next start (the session, recent files, the UI scale and theme): HOME is not "
               "set; set HOME or TANGENT_STATE_DIR",
               true);
    // (after the scene: opening one clears the notices)
    if (Result<std::vector<std::filesystem::path>> recent = session_.recent_files()) {
        recent_ = std::move(recent).value();
    } else {
        notify(recent.error().message, true);
    }
    if (last_folder_.empty() && !recent_.empty()) last_folder_ = recent_.front().parent_path();
    for (const std::string& error : options.startup_errors) notify(error, true);
    // the UI scale a teacher chose for the room's projector stays chosen
    if (Result<std::optional<float>> kept = session_.ui_scale(); !kept) {
        notify(kept.error().message, true);
    } else if (kept.value()) {
        user_scale_ = *kept.value();
        ui_scale_ = combined_ui_scale();
    }
    remembered_user_scale_ = user_scale_;
    if (Result<std::optional<Theme>> kept = session_.theme(); !kept) {
        notify(kept.error().message, true);
    } else {
        theme_choice_ = kept.value();
    }
    autosaved_scene_ = scene_;
    // nothing is kept until something changes: a start with a file leaves the last session (its
    // autosave and where it came from) for the next start, unless it is edited or saved here
    if (origin_in_order) autosaved_origin_ = session_origin();
    if (session_.usable()) autosave_claim_ = SessionStore::file_digest(session_.autosave_path());
    if (keep_last_session_apart_) {
        const std::string work = session_.describe_work();
        notify(work.empty() ? "Your last session's unsaved scene is kept: File › Restore previous session"
                            : "Your last session's unsaved " + work + " are kept: File › Restore previous session");
    }
    time_ = scene_.time.current;
    started_ = true;
}

bool App::previous_session_available() const {
    std::error_code ec;
    return session_.usable() && (keep_last_session_apart_ || std::filesystem::exists(session_.previous().autosave_path(), ec));
}

void App::restore_previous_session() {
    // the session set apart comes back into place (unless it is there still), then as at a start
    if (!session_still_ours()) return;  // (another window's session is not written over; it says so)
    if (!keep_last_session_apart_) {
        if (auto error = session_.bring_back_previous()) {
            notify("Could not restore the previous session: " + error->message, true);
            return;
        }
    }
    keep_last_session_apart_ = false;
    autosave_digest_.clear();
    const bool origin_in_order = restore_session();
    autosaved_scene_ = scene_;
    autosaved_origin_.reset();
    if (origin_in_order) autosaved_origin_ = session_origin();
    autosave_claim_ = SessionStore::file_digest(session_.autosave_path());
}


bool App::restore_session() {
    // the last session comes back; an autosave that does not load is moved out of the next
    // autosave's way first, and the notice says where (it may be a newer Tangent's, or hand-edited:
    // the only copy of someone's work, which the first edit here would write over)
    std::error_code ec;
    if (!std::filesystem::exists(session_.autosave_path(), ec)) {
        // gone (deleted, a link to nothing) while the session says it held unsaved work: said, not
        // dropped without a word
        const Result<std::optional<SessionOrigin>> kept = session_.origin();
        if (kept && kept.value() && kept.value()->unsaved && !kept.value()->autosave_digest.empty())
            notify("Your last session had unsaved changes, but its autosave " + session_.autosave_path().string() +
                       " is gone: they could not be restored",
                   true);
        return true;
    }
    Result<LoadedScene> restored = load_scene(session_.autosave_path());
    if (!restored) {
        const Result<std::filesystem::path> kept = session_.set_aside_autosave();
        notify("Could not restore the last session: " + restored.error().message +
                   (kept ? ". It is kept as " + kept.value().string() + " (File › Open once it is fixed)"
                         : ", and it could not be set aside (" + kept.error().message + "): the next autosave replaces it"),
               true);
        return true;
    }
    set_scene(restored->scene);
    notify("Restored your last session (File › New scene starts afresh)");
    const Result<std::optional<SessionOrigin>> kept = session_.origin();
    if (!kept) {
        // where it came from is unknown: unsaved, so that nothing drops it without asking
        restored_unsaved_ = true;
        notify(kept.error().message + " (the session is restored as unsaved, with no file)", true);
        return false;
    }
    if (!kept.value()) return true;  // kept by an older Tangent: untitled, as that Tangent restores it
    const SessionOrigin& origin = *kept.value();
    const std::string autosave_digest = SessionStore::file_digest(session_.autosave_path());
    if (origin.autosave_digest != autosave_digest) {
        // the two are written one after the other: a crash between them leaves them apart
        restored_unsaved_ = true;
        notify("Where your last session came from was kept for another autosave: it is restored as unsaved, with no file", true);
        return false;
    }
    autosave_digest_ = autosave_digest;
    // the scene it was opened or saved as: unsaved changes are those from it, as in the run that kept them
    const auto compare_with = [this](const Scene& as_saved) {
        saved_scene_ = as_saved;
        caption_scene_ = as_saved;
        // the autosave marks a caption the edits may contradict; the scene edited here carries
        // the caption as written (a save marks it again)
        if (scene_.caption == std::string(kEditedCaptionPrefix) + as_saved.caption) scene_.caption = as_saved.caption;
    };
    if (origin.file) {
        file_ = *origin.file;
        file_digest_ = origin.file_digest;
        last_folder_ = origin.file->parent_path();
        const KeptFileState state = SessionStore::kept_file_state(*origin.file, origin.file_digest);
        if (state != KeptFileState::Same) {
            file_stale_ = stale_reason(state, "since your last session was kept");
        } else if (Result<LoadedScene> as_saved = load_scene(*origin.file)) {
            compare_with(as_saved->scene);
        } else {
            file_stale_ = as_saved.error().message + ": Save writes this scene over it, or choose another name.";
        }
        if (!file_stale_.empty()) {
            // this scene is now nowhere else on disk: unsaved, whatever it was when kept
            restored_unsaved_ = true;
            notify(file_stale_ + " (Ctrl+S asks where to save)", true, std::string(kFileNotice));
            // said, as the watch would say it: the watch goes on, and says the file's next change
            // (a hand-editing review: it was off for the rest of the session)
            stale_from_watch_ = true;
            watched_digest_ = state == KeptFileState::Changed ? SessionStore::file_digest(*origin.file)
                                                              : "state " + std::to_string(static_cast<int>(state));
        }
    } else if (!origin.preset.empty()) {
        if (const embedded::File* preset = embedded::find(embedded::presets(), origin.preset); !preset) {
            notify("Your last session came from the preset " + origin.preset + ", which this Tangent does not have", true);
        } else if (const Result<LoadedScene> shipped = parse_scene(preset->text(), origin.preset)) {
            compare_with(shipped->scene);
            preset_name_ = origin.preset;
        }
    }
    if (origin.unsaved && !dirty()) restored_unsaved_ = true;
    return true;
}

void App::notify_warnings(const std::string& name, const std::vector<std::string>& warnings) {
    // at most four notices show at once: many warnings (15 unknown keys) would hide the first, that the
    // file is from a newer Tangent; past three, the rest are counted in one
    for (std::size_t i = 0; i < warnings.size() && i < 3; ++i) notify(name + ": " + warnings[i]);
    if (warnings.size() > 3) {
        std::string rest;
        for (std::size_t i = 3; i < warnings.size() && i < 8; ++i) rest += (i == 3 ? "" : "; ") + warnings[i];
        notify(name + ": " + std::to_string(warnings.size() - 3) + " more warnings: " + rest +
               (warnings.size() > 8 ? "; …" : ""));
    }
}

void App::open_file(const std::filesystem::path& path, bool announce) {
    replace_scene(path.filename().string(), [this, path, announce] { open_file_now(path, announce); });
}

void App::open_preset(const embedded::File& preset) {
    Result<LoadedScene> loaded = parse_scene(preset.text(), preset.name);
    if (!loaded) {
        notify(loaded.error().message, true);
        return;
    }
    set_scene(loaded->scene);
    preset_name_ = std::string(preset.name);  // a template: Save asks where to keep the copy
    if (!answers_hidden_) notify(scene_.caption);  // (with the answers hidden, the note is kept back too)
    if (!answers_hidden_ && !notices_.empty() && !scene_.caption.empty()) notices_.back().caption = true;
}

void App::open_file_now(const std::filesystem::path& path, bool announce) {
    Result<LoadedScene> loaded = load_scene(path);
    if (!loaded) {
        unopened_files_.emplace_back(path, loaded.error().message);
        notify(loaded.error().message, true);  // the current scene stays as it was
        return;
    }
    set_scene(loaded->scene);
    file_ = path;
    file_digest_ = SessionStore::file_digest(path);
    std::error_code ec;
    last_folder_ = std::filesystem::absolute(path, ec).parent_path();
    remember(path);
    // a shipped preset (the same name and the same scene as one built in) is a template: saving
    // asks where to keep the copy instead of overwriting the file that came with Tangent
    const std::string name = path.filename().string();
    if (const embedded::File* preset = embedded::find(embedded::presets(), name)) {
        const Result<LoadedScene> shipped = parse_scene(preset->text(), name);
        if (shipped && shipped->scene == loaded->scene) {
            file_.reset();
            file_digest_.clear();
            preset_name_ = name;
        }
    }
    notify_warnings(path.filename().string(), loaded->warnings);
    if (announce) {
        const bool said = !scene_.caption.empty() && !answers_hidden_;
        notify("Opened " + path.filename().string() + (said ? ": " + scene_.caption : ""));
        notices_.back().caption = said;
    }
    // kept at once: a crash within the autosave's spacing would bring back the scene before
    if (started_) autosave(true);
}

Scene App::default_scene_for_new() { return default_scene(); }

void App::take_scene_as_saved(const Scene& scene) {
    // a field typed in is closed with nothing entered: its text belonged to the scene before
    number_fields_.forget();
    caption_draft_.reset();  // (a note half typed spoke of the scene before: Done put it on this one)
    caption_focus_ = false;
    if (ImGui::GetCurrentContext()) ImGui::ClearActiveID();
    scene_ = scene;
    saved_scene_ = scene;
    caption_scene_ = scene;
    file_stale_.clear();
    stale_from_watch_ = false;  // (the watch's state was the last file's, or the file before its edit)
    watched_digest_.clear();
    unsettled_digest_.clear();
}

void App::set_scene(const Scene& scene) {
    // another scene opened (a file, New): a tour ended before is no longer taken up by Page Down
    if (!tour_) ended_tour_.reset();
    take_scene_as_saved(scene);
    file_.reset();
    file_digest_.clear();
    restored_unsaved_ = false;
    preset_name_.clear();
    history_.clear();
    time_ = scene_.time.current;
    playing_ = false;
    drag_.reset();
    relative_blend_ = scene_.show.relative_frame ? 1.0 : 0.0;  // a scene opens in its frame, no animation
    view_animating_ = false;
    fit_pending_ = true;
    panel_to_top_ = true;
    notices_.clear();  // they spoke of the scene before
    field_messages_.clear();
}

bool App::story_edited() const {
    const Scene& written = caption_scene_;
    if (!(scene_.bodies[0].body == written.bodies[0].body && scene_.bodies[1].body == written.bodies[1].body)) return true;
    // "checking only every dt = 0.5 skips a contact" no longer holds once U makes dt safe; a scene
    // opened without the checks or the bounce has a caption that does not speak of them, and
    // turning them on leaves it true
    if (written.discrete.enabled && (scene_.discrete != written.discrete || scene_.time.horizon != written.time.horizon)) return true;
    // a pitfall preset's caption speaks of its formula: another row picked draws another's ghost
    // under it ("/2*A: t = 14.65" under "the centres meet (t = 8)")
    if (written.show.pitfall && scene_.show.pitfall != written.show.pitfall) return true;
    // the bounce turned on where they meet: a note of their passing through ("B passes straight
    // through A") no longer holds (B on a presenter's remote did it unmarked: a lecturer's review)
    if (!written.response.enabled && scene_.response.enabled && impact_) return true;
    return written.response.enabled && scene_.response != written.response;
}

bool App::caption_outdated() const {
    return story_edited() && !scene_.caption.empty() && !scene_.caption.starts_with(kEditedCaptionPrefix);
}

Scene App::scene_for_file() const {
    Scene saved = scene_;
    saved.time.current = time_;
    if (caption_outdated()) saved.caption = std::string(kEditedCaptionPrefix) + scene_.caption;
    return saved;
}

bool App::on_exit() {
    autosave(true);
    // (a signal ends the window with no question: stderr is then the only place to say so)
    if (!autosave_error_.empty() && scene_ != autosaved_scene_)
        std::fprintf(stderr, "tangent: the session was not kept: autosave failed (%s)\n", autosave_error_.c_str());
    if (session_taken_ && dirty())
        std::fprintf(stderr, "tangent: the session was not kept: another Tangent window keeps the session\n");
    if (!save_on_exit_) return true;
    // a scene file that did not open (a typo in a hand-edited file) is the user's work: the
    // scene shown instead must not replace it
    for (const auto& [path, why] : unopened_files_) {
        if (same_file(path, *save_on_exit_)) {
            std::fprintf(stderr, "tangent: --save-on-exit: not written over %s, which did not open as a scene (%s)\n",
                         save_on_exit_->string().c_str(), why.c_str());
            return false;
        }
    }
    if (auto error = save_scene(*save_on_exit_, scene_for_file())) {
        std::fprintf(stderr, "tangent: --save-on-exit: %s\n", error->message.c_str());
        return false;
    }
    return true;
}

bool App::animating() const {
    const double target = scene_.show.relative_frame ? 1.0 : 0.0;
    if (relative_blend_ != target) return true;
    // (a notice on show needs no frames: it stands still, and the window wakes to take it away
    // when its time is up, notice_due_in(); drawing on while one showed kept a core busy)
    // a dialog on its way to the screen, or a modal's dimming still fading in
    const bool modal_settling = file_dialog_.appearing() || (ImGui::GetTopMostPopupModal() != nullptr && GImGui->DimBgRatio < 1.0f);
    return playing_ || drag_.has_value() || pan_.active || hint_pending_ || modal_settling;
}

double App::notice_due_in() const {
    const double now = notice_clock();
    double due = std::numeric_limits<double>::infinity();
    for (const Notice& n : notices_) due = std::min(due, n.shown_at + n.seconds() - now);
    return due;
}

void App::reanalyze_if_changed() {
    if (analysis_valid_ && scene_ == analyzed_scene_) return;
    analyzed_scene_ = scene_;
    analysis_valid_ = false;
    sampling_.reset();
    impact_.reset();
    if (auto error = check_scene(scene_)) {
        analysis_error_ = error->message;
        return;
    }
    Result<Encounter> encounter = analyze(scene_.body_a(), scene_.body_b());
    if (!encounter) {
        analysis_error_ = encounter.error().message;
        return;
    }
    encounter_ = std::move(encounter).value();
    if (scene_.discrete.enabled) {
        Result<SamplingResult> sampled = sample_overlaps(encounter_, scene_.sampling());
        if (sampled) sampling_ = std::move(sampled).value();
    }
    if (scene_.response.enabled) {
        Result<Impact> impact = respond(encounter_, scene_.response.restitution);
        if (impact) impact_ = std::move(impact).value();
    }
    analysis_error_.clear();
    analysis_valid_ = true;
}

void App::edit(const Scene& before) {
    if (before == scene_) return;
    // said once a session: else Undo went grey short of the scene as opened, with nothing said (a QA review)
    if (history_.record(before) && !std::exchange(undo_limit_said_, true))
        notify("Undo keeps the last " + std::to_string(history_.limit()) + " steps: the oldest are let go as new ones come");
    // the caption says what the scene did as it opened ("... so D < 0 and they never touch."):
    // beside a snapped graze's GRAZE badge, or checks made safe by U, it no longer holds (as the
    // panel's note then says)
    if (story_edited()) std::erase_if(notices_, [](const Notice& n) { return n.caption; });
    // and a snap's "the circles now just touch, once, at t = …" no longer holds once either body
    // moves, grows or turns (it stayed up over OVERLAPPING after a drag: a student's review)
    const auto motion = [](const Body& body) { return std::tuple(body.position, body.velocity, body.radius); };
    if (motion(before.body_a()) != motion(scene_.body_a()) || motion(before.body_b()) != motion(scene_.body_b()))
        std::erase_if(notices_, [](const Notice& n) { return n.field == kSnapNotice; });
}

void App::clear_field_errors() {
    // a refused entry's error is out of date once the scene moves on by other means than the
    // panel's fields (else "'1/0' is not a number" stays under B's y through a snap and an undo);
    // typing into another field leaves it (it is still the last word on its own field)
    std::erase_if(field_messages_, [](const FieldMessage& m) { return m.error; });
}

void App::note_widget(std::string name) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    widget_rects_.emplace_back(std::move(name), glm::dvec4(min.x, min.y, max.x, max.y));
}

void App::note_window(std::string name) {
    const ImVec2 min = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    widget_rects_.emplace_back(std::move(name), glm::dvec4(min.x, min.y, min.x + size.x, min.y + size.y));
}

double notice_clock() {
    static const auto start = std::chrono::steady_clock::now();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void App::notify(std::string text, bool error, std::string field) {
    ++notices_raised_;  // (idle() draws a notice raised while the window waits)
    text = composed(well_formed_utf8(text));  // (a file's name in Latin-1 garbled the words after it; a Mac's accents come apart)
    // at most a screenful, its end kept (where it says what happened): a caption of 900,000
    // characters in a notice froze the window for a minute while its lines were measured (a QA review)
    text = utf8_elided(text, 400, 200);
    const double now = notice_clock();
    if (!notices_.empty() && notices_.back().text == text && notices_.back().error == error) {
        notices_.back().shown_at = now;
        ++notices_.back().repeats;
        return;
    }
    notices_.push_back({std::move(text), error, now, 1, std::move(field)});
    if (notices_.size() > 4) notices_.erase(notices_.begin());
}

void App::fit_view() {
    if (!analysis_valid_) return;
    // "fit" on demand ignores the saved view
    view_from_file_ = scene_.view.center && scene_.view.zoom && fit_pending_;
    view_ = story_view(canvas_size_, ui_scale_, view_from_file_);
    framed_with_overlays_ = overlays_now();
    framed_with_bounce_ = scene_.response.enabled;
    fit_pending_ = false;
    view_framed_by_user_ = false;
}

void App::fit_view_and_plot() {
    fit_view();
    plot_zoomed_ = false;
}

View App::story_view(glm::dvec2 size_px, float scale, bool saved_view, bool caption) const {
    const Impact* impact = impact_shown();
    // the bodies as drawn now are framed: at the time shown, not the time the scene was opened at
    Scene shown = scene_;
    shown.time.current = time_;
    if (!saved_view) shown.view = {};
    return scene_view(shown, encounter_, size_px, scale, impact, scene_.show.relative_frame ? 1.0 : 0.0, caption);
}

void App::toggle_play() {
    playing_ = !playing_;
    // Play at the end of the time range starts again from its beginning (with loop off it would do nothing)
    const TimeSpan range = time_range();
    if (playing_ && time_ >= range.end) time_ = range.begin;
}

std::vector<std::string> App::field_refusals() const {
    std::vector<std::string> refusals;
    for (const FieldMessage& m : field_messages_)
        if (m.error) refusals.push_back(m.field + ": " + m.text);
    return refusals;
}

bool App::refused_typing() {
    // a refusal that was not there before the field closed: that field's ("2+" under A's radius
    // from before, and 0.7 typed into B's, kept the step: a code review)
    const std::vector<std::string> now = field_refusals();
    const bool refused = std::any_of(now.begin(), now.end(), [&](const std::string& r) {
        return std::find(refusals_before_.begin(), refusals_before_.end(), r) == refusals_before_.end();
    });
    if (refused) notify("The value typed is not taken (see under its field): Page Down and Page Up step the tour once it is put right", true);
    return refused;
}

void App::step_time(int direction) {
    playing_ = false;
    // about 50 steps over the horizon, each a round 1, 2 or 5 times a power of ten, so that the
    // times stepped to are round too (an 8 s scene stepped 2.88, 3.04, never 3: a teacher's review)
    const double step = scene_.discrete.enabled ? scene_.discrete.dt : nice_step(scene_.time.horizon / 50.0);
    if (scene_.discrete.enabled) {
        // from sample to sample: t = φ + k·dt
        const double k = std::round((time_ - scene_.discrete.phase) / step) + direction;
        time_ = scene_.discrete.phase + k * step;
    } else {
        // onto the steps k·step: added up, three steps on and three back left t = 5.6e-17
        time_ = (std::round(time_ / step) + direction) * step;
    }
    const TimeSpan range = time_range();
    const double before = time_;
    time_ = std::clamp(time_, range.begin, range.end);
    // a presenter remote that sends → and ← steps the time: at the step's end it went on silently
    // doing nothing (a lecturer's review); say which keys step the tour
    if (tour_ && time_ != before && (time_ == range.end ? direction > 0 : direction < 0)) {
        std::erase_if(notices_, [](const Notice& n) { return n.field == "tour time end"; });
        notify(std::string(direction > 0 ? "The step's time ends here" : "The step's time starts here") +
                   ": Page Down and Page Up step the tour (→ and ← step the time)",
               false, "tour time end");
    }
}

void App::snap_to_graze() {
    if (answers_kept_back("snap to graze")) return;  // (its notice says D = 0 and the contact's time)
    // aim from where the bodies are drawn now; the relative path is a line, so a graze from
    // time t is the same graze from t = 0
    Body a_now = scene_.body_a();
    Body b_now = scene_.body_b();
    a_now.position = a_now.position_at(time_);
    b_now.position = b_now.position_at(time_);
    Result<glm::dvec2> velocity = grazing_velocity(a_now, b_now);
    // a refusal earlier no longer holds once this one is answered (it would stand above the success)
    std::erase_if(notices_, [](const Notice& n) { return n.field == kSnapNotice; });
    const std::string shown = "t = " + time_text(time_);
    if (!velocity) {
        // at a time other than 0, "the circles overlap now" reads as contradicting the panel's c > 0,
        // which is of t = 0: say which moment, and the way back
        // (only for that refusal: "B does not move relative to A" is no overlap)
        const bool apart_at_start = analysis_valid_ && encounter_.c > 0.0;
        const bool overlap_shown = analysis_valid_ && encounter_.overlaps_at(time_);
        // overlapping at the time shown and at t = 0 too: the times they are apart, as the way
        // forward (at t = -0.84 in an overlapping pair it said "overlap now" and no more: a
        // teacher's review)
        const bool contact_times = encounter_.t_enter && encounter_.t_exit && *encounter_.t_enter < *encounter_.t_exit;
        std::string message = "Snap to graze: " + velocity.error().message;
        // touching, not overlapping: at the contact just jumped to (J), the "overlap" read as
        // wrong, and named no way back (a student's review)
        // (at the contact time itself, whichever side of the touch the double nearest it falls:
        // a fast bullet's t_enter lies a hair inside, and J then G said "overlap": a recheck)
        const bool touching_shown = analysis_valid_ && encounter_.t_enter &&
                                    (time_ == *encounter_.t_enter || (encounter_.t_exit && time_ == *encounter_.t_exit));
        if (touching_shown) {
            // apart before the first contact, after the last (and at t = 0 only if that is before it)
            const bool first = time_ == *encounter_.t_enter;
            message = "Snap to graze: at the time shown, " + shown + ", the circles touch (" + (first ? "first" : "last") +
                      " contact): a graze is aimed from a time when they are apart. " +
                      (first ? std::string("Go back a little (←)") + (*encounter_.t_enter > 0.0 ? ", or to t = 0 (Home)." : ".")
                             : std::string("Go on a little (→)."));
        } else if (overlap_shown && time_ != 0.0 && apart_at_start) {
            message = "Snap to graze: at the time shown, " + shown +
                      ", the circles overlap: there is no graze to aim for from inside. Go back to a time when they are apart (Home: t = 0).";
        } else if (overlap_shown && contact_times) {
            message = "Snap to graze: at the time shown, " + shown +
                      ", the circles overlap: there is no graze to aim for from inside. Go to a time when they are apart, before t = " +
                      time_text(*encounter_.t_enter) + " or after t = " + time_text(*encounter_.t_exit) + " (← and → step the time).";
        }
        notify(message, true, kSnapNotice);
        return;
    }
    const Scene before = scene_;
    clear_field_errors();
    Body& b = scene_.bodies[1].body;
    b.velocity = *velocity;
    b.position = b_now.position - time_ * b.velocity;  // B stays where it is drawn
    edit(before);
    // B's new velocity is rounded to doubles: D may be a hair from 0, which the panel shows
    // (-9.2e-16, say); the notice says so, and "exact" only when D is exactly 0
    const Result<Encounter> grazing = analyze(scene_.body_a(), scene_.body_b());
    if (!grazing || grazing->kind != Case::Graze) return;  // the panel says what happened instead
    // aimed from the time shown, B keeps its place there and its start moves: said, else a notice
    // of the velocity only leaves B's position fields changed unexplained
    const glm::dvec2 start = b.position;
    const double size = std::max({std::abs(start.x), std::abs(start.y), scene_.body_a().radius + b.radius});
    const std::string moved = start == before.body_b().position
                                  ? std::string()
                                  : " B keeps its place at " + shown + ", so its start moves to (" + short_number_beside(start.x, size) +
                                        ", " + short_number_beside(start.y, size) + ").";
    notify(graze_snap_notice(*grazing) + moved, false, kSnapNotice);
}

std::optional<std::pair<double, double>> App::safe_step() const {
    if (!analysis_valid_ || !sampling_ || !scene_.discrete.enabled || !sampling_->safe_dt || !sampling_->max_safe_dt) return std::nullopt;
    // As the field shows it (4 digits), rounded down: safe_dt itself, 0.2384848…, would read "0.2385"
    // there, the very step the canvas calls unsafe, and typing that would change nothing. Also below
    // the slider's range, where the checks it makes can run; the phase keeps its share of the step.
    const double safe = *sampling_->safe_dt;
    // a dt that already catches the contact whatever the phase needs no button ("use the safe
    // dt" beside a safe one reads as if it were not)
    if (scene_.discrete.dt <= safe) return std::nullopt;
    const double step = std::strtod(format_at_most(safe, 4).c_str(), nullptr);
    const double phase = scene_.discrete.phase_for_step(step);
    if (!(step > 0.0 && step <= safe) || check_sampling({step, phase, scene_.time.horizon})) return std::nullopt;
    return std::pair{step, phase};
}

void App::use_safe_step() {
    if (answers_kept_back("the safe dt")) return;  // (the safe dt is the contact's duration)
    const auto step = safe_step();
    if (!step) {
        // said, not silent: a key that does nothing reads as broken
        if (!scene_.discrete.enabled) {
            notify("U sets the overlap check's dt, and the check is off: T turns it on.", false, kStepNotice);
        } else if (analysis_valid_ && sampling_ && sampling_->safe_dt && scene_.discrete.dt <= *sampling_->safe_dt) {
            notify("dt = " + format_at_most(scene_.discrete.dt, 4) + " is safe already: the checks catch the contact whatever the phase.",
                   false, kStepNotice);
        } else if (analysis_valid_ && sampling_ && sampling_->contact_ends_at_start) {
            notify("The contact ends at t = 0, as the circles part: nothing lies ahead for the checks to catch, so no dt is "
                   "safer than another.", false, kStepNotice);
        } else if (analysis_valid_ && sampling_ && !sampling_->max_safe_dt) {
            notify("There is no contact between t = 0 and the horizon for the checks to catch: no dt is safer than another.", false,
                   kStepNotice);
        } else if (analysis_valid_ && sampling_ && *sampling_->max_safe_dt == 0.0) {
            notify("A graze touches for an instant only: no dt is sure to catch it.", false, kStepNotice);
        }
        return;
    }
    const Scene before = scene_;
    scene_.discrete.dt = step->first;
    scene_.discrete.phase = step->second;
    edit(before);
}

void App::set_checks(bool enabled) {
    const Scene before = scene_;
    scene_.discrete.enabled = enabled;
    // a scene kept with its checks off may hold a dt its own rules refuse once they are on (1e-12
    // over a horizon of 8: 8e12 checks): the analysis gave way to that error, and the scene could
    // no longer be saved (an outside review). dt is brought into the slider's range, as it clamps.
    if (enabled && check_scene(scene_)) {
        const double dt = std::clamp(scene_.discrete.dt, dt_range().first, dt_range().second);
        scene_.discrete.phase = scene_.discrete.phase_for_step(dt);
        scene_.discrete.dt = dt;
        if (const std::optional<Error> error = check_scene(scene_)) {
            scene_ = before;
            notify("The overlap check cannot be turned on here: " + error->message, true);
            return;
        }
        notify("The overlap check's dt, " + format_at_most(before.discrete.dt, 4) + ", is out of reach over the horizon " +
               format_at_most(scene_.time.horizon, 4) + ": it is " + format_at_most(dt, 4) + " now");
    }
    edit(before);
}

void App::scale_step(double factor) {
    if (!scene_.discrete.enabled) {
        notify(std::string(factor < 1.0 ? "[ halves" : "] doubles") + " the overlap check's dt, and the check is off: T turns it on.",
               false, kStepNotice);
        return;
    }
    // exactly halved or doubled, or said why not (clamped to the slider's span, "halve" after "use
    // the safe dt" made dt 2.5 times larger, and the checks missed again: a game-dev teacher's review)
    const double horizon = scene_.time.horizon;
    const double dt = scene_.discrete.dt * factor;
    const double phase = scene_.discrete.phase_for_step(dt);
    if (const std::optional<Error> error = check_sampling({dt, phase, horizon}); error || !(dt > 0.0) || !std::isfinite(dt)) {
        notify(std::string("dt cannot be ") + (factor < 1.0 ? "halved" : "doubled") + " here: " +
                   (error ? error->message : std::string("it would leave the numbers a computer holds")),
               true, kStepNotice);
        return;
    }
    const Scene before = scene_;
    scene_.discrete.dt = dt;
    scene_.discrete.phase = phase;
    edit(before);
}

void App::toggle_relative_frame() {
    const Scene before = scene_;
    scene_.show.relative_frame = !scene_.show.relative_frame;
    edit(before);
    travel_to_frame();
}

void App::travel_to_frame() {
    if (!analysis_valid_) return;
    // the view travels with the picture: from where it is to the fit of the other frame
    view_from_ = view_;
    view_to_ = story_view(canvas_size_, ui_scale_, false);
    view_animating_ = true;
    view_from_file_ = false;
}

void App::animate_frame(double dt_seconds) {
    constexpr double kSeconds = 0.7;  // the frame change takes this long
    const double target = scene_.show.relative_frame ? 1.0 : 0.0;
    const double step = dt_seconds / kSeconds;
    relative_blend_ = target > relative_blend_ ? std::min(target, relative_blend_ + step) : std::max(target, relative_blend_ - step);
    if (!view_animating_) return;
    // eased progress of the view, from view_from_ to view_to_ (zoom interpolated in log space)
    const double progress = scene_.show.relative_frame ? relative_blend_ : 1.0 - relative_blend_;
    const double eased = progress * progress * (3.0 - 2.0 * progress);
    view_.center = glm::mix(view_from_.center, view_to_.center, eased);
    view_.pixels_per_unit = std::exp(glm::mix(std::log(view_from_.pixels_per_unit), std::log(view_to_.pixels_per_unit), eased));
    if (progress >= 1.0) view_animating_ = false;
}

void App::request_presenting(bool on, FrameRequests& requests) {
    // "(F11 brings back the menus and panels)" is out of date once F11 has brought them back
    if (presenting_ && !on) std::erase_if(notices_, [](const Notice& n) { return n.field == kPresentationNotice; });
    presenting_ = on;
    requests.fullscreen = on;
    requests.rebuild_fonts = true;
}

void App::set_presenting(bool on) {
    // a notice that said how to leave presentation mode is out of date once it is left
    if (presenting_ && !on) std::erase_if(notices_, [](const Notice& n) { return n.field == kPresentationNotice; });
    presenting_ = on;
    ui_scale_ = combined_ui_scale();
}

float App::presentation_factor() const {
    if (!presenting_) return 1.0f;
    // twice as large on a 1080-line projector; less on a smaller screen, so the canvas keeps room
    const float lines = ImGui::GetCurrentContext() ? ImGui::GetIO().DisplaySize.y : 1080.0f;
    return std::clamp(lines / 540.0f, 1.25f, 2.0f);
}

float App::combined_ui_scale() const {
    const float scale = dpi_scale_ * user_scale_ * presentation_factor();
    if (!presenting_) {
        const ImVec2 size = ImGui::GetCurrentContext() ? ImGui::GetIO().DisplaySize : ImVec2(0.0f, 0.0f);
        if (!(size.x > 0.0f && size.y > 0.0f)) return scale;
        // in steps of 0.05 (a window dragged larger rebuilds the fonts at each step, not each pixel)
        const float room = std::min(size.x / kWindowColumnsPerScale, size.y / kWindowLinesPerScale);
        return std::min(scale, std::max(dpi_scale_, std::floor(room * 20.0f) / 20.0f));
    }
    // The class reads the canvas: at most 1/450 of the screen's height per unit of scale, where a
    // six-line tour caption and the time bar leave the canvas about half the screen (a projector's
    // scale of 2, times 1.33 on a 720-line screen, would leave the tour a canvas 155 px high)
    const float lines = ImGui::GetCurrentContext() ? ImGui::GetIO().DisplaySize.y : 0.0f;
    return lines > 0.0f ? std::min(scale, lines / kPresentationLinesPerScale) : scale;
}

bool App::editable() const {
    if (relative_blend_ > 0.0) return false;
    return !(impact_shown() && time_ > impact_->time);
}

std::string App::history_item(bool redo) const {
    // "Undo B's velocity": what the step changes, as desktop tools' Edit menus say it
    const Scene* other = redo ? history_.next_redo() : history_.next_undo();
    const std::string verb = redo ? "Redo" : "Undo";
    if (!other) return verb;
    const std::string what = describe_change(*other, scene_);
    return what.empty() ? verb : verb + " " + what;
}

void App::undo() {
    const std::string said = history_item(false);
    const bool relative = scene_.show.relative_frame;
    if (!history_.undo(scene_)) return;
    // a step that changes the frame frames it as R does (else the world view was left framed
    // for the relative frame, B against the edge)
    if (scene_.show.relative_frame != relative) travel_to_frame();
    caption_draft_.reset();
    notices_.clear();  // they spoke of the scene as it was ("Snapped to a graze" over D = 64)
    field_messages_.clear();
    notify(said);
}

void App::toggle_plot() {
    if (answers_kept_back("the time plot")) return;
    const Scene before = scene_;
    scene_.show.plot = !scene_.show.plot;
    edit(before);
}

void App::toggle_answers() {
    answers_hidden_ = !answers_hidden_;
    if (answers_hidden_) {
        show_formulas_ = false;
        std::erase_if(notices_, [](const Notice& n) { return n.caption; });  // (the scene's note, said as it opened)
    }
    // what was said of the answers before goes: "The answers are hidden…" stayed beside the badge
    // H had just brought back (a recheck)
    std::erase_if(notices_, [](const Notice& n) { return n.text.starts_with("The answers are"); });
    notify(answers_hidden_ ? "The answers are hidden: the canvas asks the question, for the class to predict (H shows them)"
                           : "The answers are shown (H hides them)");
}

bool App::answers_kept_back(const std::string& what) {
    if (!answers_hidden_) return false;
    notify("The answers are hidden, and " + what + " would give one away: H shows them");
    return true;
}

void App::jump_to_contact() {
    if (!analysis_valid_ || answers_kept_back("a jump to the contact")) return;
    if (!encounter_.t_enter) {
        // (with no relative motion the circles stay as they are: apart, touching or overlapping for good)
        if (encounter_.kind == Case::Overlapping) {
            notify("No moment of first contact: with no relative motion they overlap at every time");
        } else if (encounter_.kind == Case::Static) {
            notify(encounter_.c > 0.0 ? "No contact to jump to: with no relative motion their distance never changes, and they stay apart"
                                      : "No moment of first contact: with no relative motion they touch at every time");
        } else {
            notify("No contact to jump to: the closest approach stays apart (D < 0)");
        }
        return;
    }
    jump_to(*encounter_.t_enter, "the first contact");
}

void App::jump_to_closest() {
    if (!analysis_valid_ || answers_kept_back("a jump to the closest approach")) return;
    if (!encounter_.t_closest) {
        notify("No closest approach to jump to: with no relative motion the distance never changes");
        return;
    }
    // with the bounce, the paths part at the impulse: their closest approach after it is the
    // paths' without the bounce, a moment the picture does not draw (K went to t = 4, the bodies
    // apart and no d_min shown: a teacher's review). The nearest they come is at the bounce.
    if (impact_ && impact_->approaching && *encounter_.t_closest > impact_->time) {
        jump_to(impact_->time, "the bounce");
        notify("With the bounce, the nearest they come is at the bounce, t = " + time_text(impact_->time) + ", touching; t_closest = " +
               time_text(*encounter_.t_closest) + " is for the paths without it");
        return;
    }
    jump_to(*encounter_.t_closest, "the closest approach");
}

std::string App::time_text(double t) const { return time_number(t, 4, time_scale(scene_, encounter_)); }

void App::jump_to(double t, const char* what) {
    const TimeSpan range = time_range();
    time_ = std::clamp(t, range.begin, range.end);
    playing_ = false;
    if (time_ != t) notify(std::string(what) + " is at t = " + time_text(t) + ", outside the time range; showing t = " + time_text(time_));
}

void App::redo() {
    const std::string said = history_item(true);
    const bool relative = scene_.show.relative_frame;
    if (!history_.redo(scene_)) return;
    // a step that changes the frame frames it as R does (else the world view was left framed
    // for the relative frame, B against the edge)
    if (scene_.show.relative_frame != relative) travel_to_frame();
    caption_draft_.reset();
    notices_.clear();
    field_messages_.clear();
    notify(said);
}

void App::open_all_panels() {
    show_side_panel_ = show_analysis_ = show_bodies_ = show_tunnelling_ = true;
}

void App::bench_step(int frame_index) {
    // a drag of B's centre in a slow circle, one scene edit per frame as a mouse drag makes
    Body& b = scene_.bodies[1].body;
    const double angle = frame_index * 0.02;
    b.position = glm::dvec2(-9.0 + 0.8 * std::cos(angle), 0.3 + 0.8 * std::sin(angle));
}

}  // namespace tangent::ui
