// The teaching windows: the derivation with the scene's numbers, and the guided tour.

#include <imgui.h>

#include <algorithm>
#include <array>

#include "app.h"
#include "draw/theme.h"
#include "teach/derivation.h"
#include "window.h"

namespace tangent::ui {

namespace {

ImVec4 to_imvec(const Rgba& c) { return {c.r, c.g, c.b, c.a}; }

}  // namespace

void App::derivation_window() {
    if (!show_formulas_) return;
    static constexpr const char* kCopyText = "Copy as text";
    static constexpr const char* kCopyLatex = "Copy as LaTeX";
    static constexpr const char* kCopyDocument = "Copy as a LaTeX document";
    // at the window's right, over the side panel (whose numbers it derives), so that the canvas
    // stays in view beside it: at the canvas's left it would hide the bodies at 1366 x 768
    const float first_width = 600 * ui_scale_;
    const ImVec2 at(std::max(static_cast<float>(canvas_origin_.x + 40 * ui_scale_), ImGui::GetIO().DisplaySize.x - first_width - 8.0f),
                    static_cast<float>(canvas_origin_.y + 60 * ui_scale_));
    ImGui::SetNextWindowSize(ImVec2(first_width, 640 * ui_scale_), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowPos(at, ImGuiCond_FirstUseEver);
    // At least as wide as its title and its buttons at the current text size (sized in the window,
    // F11 would then cut them: "Copy as a LaTeX docum"); never reaching the time bar nor the screen's
    // right edge (in presentation mode it would cover the play controls): its content scrolls instead.
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto button = [&](const char* label) { return ImGui::CalcTextSize(label).x + style.FramePadding.x * 2; };
    const float buttons = button(kCopyText) + button(kCopyLatex) + button(kCopyDocument) + style.ItemSpacing.x * 2;
    const float title = ImGui::CalcTextSize(kDerivationTitle).x + ImGui::GetFontSize() * 2 + style.FramePadding.x * 2 + style.ItemInnerSpacing.x * 2;
    const float bottom = static_cast<float>(canvas_origin_.y + canvas_size_.y + plot_height());
    // as wide as the screen from the canvas's left edge: moved left below when it would pass the
    // right edge (opened at the right, the larger text of F11 can widen it off the screen)
    const float leftmost = static_cast<float>(canvas_origin_.x) + 8.0f;
    const ImVec2 largest(std::max(200.0f, ImGui::GetIO().DisplaySize.x - leftmost - 8.0f), std::max(160.0f, bottom - at.y - 8.0f));
    const float narrowest = std::min(std::max(buttons, title) + style.WindowPadding.x * 2 + style.ScrollbarSize, largest.x);
    ImGui::SetNextWindowSizeConstraints(ImVec2(narrowest, 0), largest);
    // (F2 while a field is typed in leaves it the keyboard, as F1 does)
    const ImGuiWindowFlags keep_typing = ImGui::GetIO().WantTextInput ? ImGuiWindowFlags_NoFocusOnAppearing : 0;
    if (!ImGui::Begin(kDerivationTitle, &show_formulas_, ImGuiWindowFlags_NoSavedSettings | keep_typing)) {
        ImGui::End();
        return;
    }
    const float right = ImGui::GetIO().DisplaySize.x - 8.0f;
    if (ImGui::GetWindowPos().x + ImGui::GetWindowWidth() > right)
        ImGui::SetWindowPos(ImVec2(std::max(leftmost, right - ImGui::GetWindowWidth()), ImGui::GetWindowPos().y));
    keep_title_bar_reachable();
    note_window("derivation_window");
    if (!analysis_valid_) {
        ImGui::TextColored(error_text_color(), "%s", analysis_error_.c_str());
        ImGui::End();
        return;
    }
    if (!derived_for_ || derived_for_->first != encounter_.body_a || derived_for_->second != encounter_.body_b) {
        derivation_ = std::make_shared<const Derivation>(derive(encounter_));
        derived_for_.emplace(encounter_.body_a, encounter_.body_b);
    }
    const Derivation& derivation = *derivation_;
    if (number_fields_.button(kCopyText)) {
        ImGui::SetClipboardText(to_plain_text(derivation).c_str());
        notify("The derivation is on the clipboard as text");
    }
    ImGui::SameLine();
    if (number_fields_.button(kCopyLatex)) {
        ImGui::SetClipboardText(to_latex(derivation).c_str());
        notify("The derivation is on the clipboard as LaTeX (needs amsmath)");
    }
    ImGui::SameLine();
    if (number_fields_.button(kCopyDocument)) {
        ImGui::SetClipboardText(to_latex_document(derivation).c_str());
        notify("A complete LaTeX document is on the clipboard");
    }
    note_widget("derivation_copy_document");
    ImGui::Separator();
    ImGui::BeginChild("steps");
    apply_key_scroll(!show_help_);  // (Help, in front, takes the keys first; a drag on this text is this window's)
    const Rgba highlight = case_text_color(encounter_.kind, theme());
    int number = 1;
    for (const DerivationStep& step : derivation.steps) {
        ImGui::PushID(number);
        ImGui::PushFont(fonts_.ui_bold);
        ImGui::Text("%d. %s", number, step.title.c_str());
        ImGui::PopFont();
        if (step.highlighted) {
            ImGui::SameLine();
            ImGui::TextColored(to_imvec(highlight), "  this decides the case");
        }
        ImGui::Indent(ImGui::GetFontSize() * 1.2f);
        ImGui::PushFont(fonts_.mono);
        text_wrapped_at_spaces(step.formula, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        text_wrapped_at_spaces(step.substituted, step.highlighted ? std::optional<ImVec4>(to_imvec(highlight)) : std::nullopt);
        ImGui::PopFont();
        text_wrapped_at_spaces(step.meaning, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::Unindent(ImGui::GetFontSize() * 1.2f);
        ImGui::Spacing();
        ImGui::PopID();
        ++number;
    }
    ImGui::EndChild();
    ImGui::End();
}

void App::start_tour(Tour tour) {
    if (tour.steps.empty()) return;
    ended_tour_.reset();
    const std::vector<std::string> warnings = tour.warnings;
    tour_ = std::move(tour);
    tour_step_ = 0;
    tour_edits_.clear();
    show_tour_step();
    // nothing else on the screen says how to reach the panels from the tour, to type a value
    notify("The tour: Page Down and Page Up step through it, Esc ends it; F11 shows or hides the menus and panels");
    for (const std::string& warning : warnings) notify("Tour: " + warning);  // after the first step's scene clears notices
}

void App::show_tour_step() {
    if (!tour_) return;
    tour_step_ = std::clamp(tour_step_, 0, static_cast<int>(tour_->steps.size()) - 1);
    set_scene(tour_->steps[static_cast<std::size_t>(tour_step_)].scene);
    playing_ = true;  // each step starts moving: the class sees the motion first
    // a step edited before comes back as it was left (else Page Down drops a teacher's edit unasked);
    // its undo steps lead back to the step as written
    if (const auto kept = tour_edits_.find(tour_step_); kept != tour_edits_.end()) {
        scene_ = kept->second.scene;
        history_ = std::move(kept->second.history);
        time_ = kept->second.time;
        relative_blend_ = scene_.show.relative_frame ? 1.0 : 0.0;
        tour_edits_.erase(kept);
        notify("This step as you left it: Ctrl+Z takes back your edits");
    }
}

void App::leave_tour_step() {
    if (!tour_) return;
    if (scene_ == saved_scene_ && !history_.can_undo()) return;  // nothing edited
    tour_edits_[tour_step_] = EditedTourStep{scene_, history_, time_};
}

namespace {
// The tour's caption takes as many lines as it needs, from kTourCaptionMinLines (so that the
// canvas does not jump between short steps) to kTourCaptionMaxLines (then it scrolls).
constexpr std::size_t kTourCaptionMinLines = 3;
constexpr std::size_t kTourCaptionMaxLines = 6;
}  // namespace

const std::vector<std::string_view>& App::tour_caption_lines() const {
    CaptionLines& cached = tour_caption_lines_;
    if (!tour_) {
        cached = {};
        return cached.lines;
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float room = std::max(canvas_width() - style.WindowPadding.x * 2 - style.ScrollbarSize, ImGui::GetFontSize() * 4.0f);
    // edited away from the step's scene, the caption says it speaks of the step as it began
    // (a graze snapped in the step "D > 0: a hit" leaves "t = 4 … t = 6" under a badge saying GRAZE)
    // (a step's words tell what happens: kept back with the answers)
    const std::string caption = answers_hidden_ ? std::string("The step's words are hidden with the answers: the canvas asks the question. "
                                                              "H shows them.")
                                                : (story_edited() ? "As the step began, before your edits: " : "") +
                                                      tour_->steps[static_cast<std::size_t>(tour_step_)].caption;
    if (cached.caption != caption || cached.room != room || cached.font_size != ImGui::GetFontSize()) {
        cached.caption = caption;
        cached.room = room;
        cached.font_size = ImGui::GetFontSize();
        cached.lines = lines_within(cached.caption, room);  // (a word wider than the room cut)
    }
    return cached.lines;
}

std::string App::edited_case_word() const {
    if (!tour_ || !analysis_valid_ || !story_edited()) return "";
    const Result<Encounter> written = analyze(caption_scene_.bodies[0].body, caption_scene_.bodies[1].body);
    if (written && written->kind == encounter_.kind) return "";
    return to_capitals(encounter_.kind);
}

float App::tour_bar_height() const {
    if (!tour_) return 0.0f;
    const ImGuiStyle& style = ImGui::GetStyle();
    const std::size_t lines = std::clamp(tour_caption_lines().size(), kTourCaptionMinLines, kTourCaptionMaxLines);
    return ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(1 + lines) + ImGui::GetFrameHeightWithSpacing() +
           style.WindowPadding.y * 2;
}

// The tour's step, docked under the canvas (and the plot) so that it hides nothing.
void App::tour_bar() {
    if (!tour_) return;
    const TourStep& step = tour_->steps[static_cast<std::size_t>(tour_step_)];
    const float width = static_cast<float>(canvas_size_.x);
    const float height = tour_bar_height();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvas_origin_.x),
                                   static_cast<float>(canvas_origin_.y + canvas_size_.y + plot_height())));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    ImGui::Begin("##tour", nullptr, flags);
    ImGui::PushFont(fonts_.ui_bold);
    // an edit that changed the case leaves the step's title ("D = 0: a graze") beside a badge
    // saying HIT: the title then says it was written for the step as it began, and what holds now
    const std::string changed = answers_hidden_ ? std::string() : edited_case_word();
    const std::string edited_note = changed.empty() ? std::string() : "(edited: now " + changed + ")";
    // a title too long for the row is cut at a word, with "…", the whole of it in a tooltip (else it
    // runs off the screen's edge mid-word)
    const std::string numbered = std::to_string(tour_step_ + 1) + " / " + std::to_string(tour_->steps.size()) + "   ";
    const float step_title_room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(numbered.c_str()).x -
                             (edited_note.empty() ? 0.0f : ImGui::CalcTextSize(("  " + edited_note).c_str()).x);
    const std::string whole_title = answers_hidden_ ? std::string("(answers hidden)") : step.title;  // ("D < 0: a miss")
    std::string title = whole_title;
    if (ImGui::CalcTextSize(title.c_str()).x > step_title_room) {
        const std::vector<std::string_view> cut = lines_at_spaces(whole_title, step_title_room - ImGui::CalcTextSize(" …").x);
        title = (cut.empty() ? std::string() : std::string(cut[0])) + " …";
    }
    ImGui::TextUnformatted((numbered + title).c_str());
    if (title != whole_title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", whole_title.c_str());
    note_widget("tour_step_" + std::to_string(tour_step_ + 1));
    if (!changed.empty()) {
        ImGui::SameLine(0.0f, ImGui::CalcTextSize("  ").x);
        const ImVec4 bar = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
        const Rgba color = text_color_on(case_color(encounter_.kind, theme()), Rgba{bar.x, bar.y, bar.z, 1.0f});
        ImGui::TextColored(ImVec4(color.r, color.g, color.b, color.a), "%s", edited_note.c_str());
        note_widget("tour_step_edited");
    }
    ImGui::PopFont();
    // the tour's own title after the step's, where it fits: cut at a word, with "…", or left out
    // (at a projector's scale it would run off the screen's edge)
    ImGui::SameLine(0.0f, ImGui::CalcTextSize("   ").x);
    const std::string_view tour_title = tour_->title;
    const float title_room = ImGui::GetContentRegionAvail().x;
    if (ImGui::CalcTextSize(tour_title.data(), tour_title.data() + tour_title.size()).x <= title_room) {
        ImGui::TextDisabled("%s", tour_->title.c_str());
        note_widget("tour_title");
    } else if (const std::vector<std::string_view> cut = lines_at_spaces(tour_title, title_room - ImGui::CalcTextSize(" …").x);
               !cut.empty() && ImGui::CalcTextSize(cut[0].data(), cut[0].data() + cut[0].size()).x + ImGui::CalcTextSize(" …").x <= title_room) {
        ImGui::TextDisabled("%s …", std::string(cut[0]).c_str());
        note_widget("tour_title");
    } else {
        ImGui::NewLine();
    }
    // broken at spaces only (Dear ImGui's wrapping puts "t = 5." and "63" on two lines)
    const std::vector<std::string_view>& lines = tour_caption_lines();
    const std::size_t shown = std::clamp(lines.size(), kTourCaptionMinLines, kTourCaptionMaxLines);
    ImGui::BeginChild("caption", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(shown)), false);
    drag_to_scroll(false);  // a long caption by a finger too (only its scroll bar moved it)
    ImGui::BeginGroup();
    for (const std::string_view line : lines) ImGui::TextUnformatted(line.data(), line.data() + line.size());
    ImGui::EndGroup();
    note_widget("tour_caption_text");
    ImGui::EndChild();
    note_widget("tour_caption");
    // the buttons name their keys where the three fit on the row; else short words, the keys in
    // their tooltips (at a projector's scale on a 4:3 screen "End the tour (Esc)" would be cut off)
    static constexpr std::array<const char*, 3> kLong{"◀ Previous (Page Up)", "Next (Page Down) ▶", "End the tour (Esc)"};
    static constexpr std::array<const char*, 3> kShort{"◀ Previous", "Next ▶", "End the tour"};
    static constexpr std::array<const char*, 3> kKeys{"Page Up", "Page Down", "Esc"};
    const ImGuiStyle& style = ImGui::GetStyle();
    float long_width = 2.0f * style.ItemSpacing.x;
    for (const char* label : kLong) long_width += ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x;
    const bool named_keys = long_width <= ImGui::GetContentRegionAvail().x;
    const auto button = [&](std::size_t i, const char* widget) {
        const bool pressed = ImGui::Button(named_keys ? kLong[i] : kShort[i]);
        if (!named_keys && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", kKeys[i]);
        note_widget(widget);
        return pressed;
    };
    ImGui::BeginDisabled(tour_step_ == 0);
    if (button(0, "tour_previous")) previous_tour_step();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(tour_step_ + 1 >= static_cast<int>(tour_->steps.size()));
    if (button(1, "tour_next")) next_tour_step();
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (button(2, "tour_end")) end_tour();
    ImGui::End();
}

void App::next_tour_step() {
    if (!tour_) return;
    if (tour_step_ + 1 >= static_cast<int>(tour_->steps.size())) {
        // a presenter's clicker pressed past the end: say so, rather than nothing (a teacher's review)
        std::erase_if(notices_, [](const Notice& n) { return n.field == "tour end"; });
        notify("This is the tour's last step: Esc ends the tour, Page Up goes back", false, "tour end");
        return;
    }
    leave_tour_step();
    ++tour_step_;
    show_tour_step();
}

void App::previous_tour_step() {
    if (!tour_ || tour_step_ == 0) return;
    leave_tour_step();
    --tour_step_;
    show_tour_step();
}

void App::end_tour() {
    if (!tour_) return;
    leave_tour_step();  // (the step's edits are kept with the rest)
    const int step = tour_step_;
    ended_tour_ = EndedTour{std::move(*tour_), step, std::move(tour_edits_), scene_};
    tour_.reset();
    tour_edits_.clear();
    const std::string again = "; Page Down takes it up again at step " + std::to_string(step + 1);
    notify(presenting_ ? "The tour is over; the last scene stays open to explore" + again + " (F11 brings back the menus and panels)"
                       : "The tour is over; the last scene stays open to explore" + again,
           false, presenting_ ? kPresentationNotice : "");
}

void App::resume_tour() {
    if (!ended_tour_ || ended_tour_->tour.steps.empty()) return;
    // (the ended tour stays where it is until the scene is replaced: moved into the question's
    // action, a Cancel left a hollow one behind, and the next Page Down ran its empty steps: a
    // crash, a recheck's review)
    const auto resume = [this] {
        if (!ended_tour_ || ended_tour_->tour.steps.empty()) return;
        EndedTour ended = std::move(*ended_tour_);
        ended_tour_.reset();
        tour_ = std::move(ended.tour);
        tour_step_ = ended.step;
        tour_edits_ = std::move(ended.edits);
        show_tour_step();
        std::erase_if(notices_, [](const Notice& n) { return n.text.starts_with("The tour is over"); });
    };
    // nothing done since the tour ended (its step's edits are kept): straight back; else as any
    // other scene in place of this one, with the question about unsaved changes
    if (scene_ == ended_tour_->scene_at_end) {
        resume();
        return;
    }
    replace_scene("the tour", resume);
}

}  // namespace tangent::ui
