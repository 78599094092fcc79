#include "number_field.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <limits>

#include <imgui_internal.h>

#include "core/format.h"
#include "draw/text_metrics.h"
#include "scene/number_text.h"

namespace tangent {

std::string fitting_field_format(double value, float room) {
    std::string format = field_format(value);
    if (!format.ends_with("\u2026")) {
        // exact in its digits but wider than the field: Dear ImGui would cut it off unmarked, and
        // 1.000000002 would read "1.00000000", as if exactly 1; shortened with "…" instead
        char text[48];
        std::snprintf(text, sizeof text, format.c_str(), value);
        if (ImGui::CalcTextSize(text).x <= room) return format;
    }
    // zeros kept: a value an ulp from -0.4 would read "-0.4…", as if -0.43; "-0.400000000…".
    // The digits cut, not rounded: "…" says more digits follow, and -9.99999999999 read
    // "-10.0000000…", as if a hair past -10 (a game-dev teacher's recheck: B's y of 0.9999999999
    // read "1.00000000…", a graze, beside a hit). The text itself is the format (no % in it).
    if (!std::isfinite(value) || value == 0.0) return format;
    // the value's exact decimal digits (glibc prints them all), "-d.ddd…e±x"
    char exact[64];
    std::snprintf(exact, sizeof exact, "%.30e", value);
    const std::string digits_of(exact);
    const std::size_t e_at = digits_of.find('e');
    const auto cut_to = [&](int digits) {
        // the first `digits` of them, read back (within a double's 17: printed at `digits`, they come back alike)
        const std::size_t mantissa_end = digits_of.find('.') + static_cast<std::size_t>(digits);
        const double cut = std::strtod((digits_of.substr(0, mantissa_end) + digits_of.substr(e_at)).c_str(), nullptr);
        char text[48];
        std::snprintf(text, sizeof text, "%#.*g\u2026", digits, cut);
        return std::string(text);
    };
    for (int digits = 12; digits > 4; --digits)
        if (const std::string text = cut_to(digits); ImGui::CalcTextSize(text.c_str()).x <= room) return text;
    // (a value that needs more than 12 digits keeps its 4 and "…", cut as well)
    return format.ends_with("\u2026") ? cut_to(4) : format;
}

DragRange drag_range(double value, double least, double most) {
    DragRange range{least, most};
    if (!(value > 0.0) || !std::isfinite(value)) return range;
    if (value < least) {
        range.min = value * 1e-3;
        if (!(range.min > 0.0)) range.min = value;  // (below the least double: no room under it)
        range.max = std::min(most, value * 1e3);
    }
    if (value > most) {
        range.max = std::max(std::min(value * 1e3, 1e30), value);
        range.min = std::max(least, value * 1e-3);  // (a radius of 1e20 dragged far left stopped at 0.001: a recheck)
    }
    return range;
}

NumberFields::Outcome NumberFields::drag(const char* label, double* value, float speed, const double* min,
                                         const double* max, const char* format, ImGuiSliderFlags flags, bool stretch) {
    Outcome outcome;
    const bool clamp = (flags & ImGuiSliderFlags_AlwaysClamp) != 0;  // as Dear ImGui clamps typed values
    if (!typed(outcome, label)) {
        // the limits stretched around the value the drag started from (from the value now, they
        // would move with it, and a drag past the least would halve it by 1000 a frame)
        DragRange range;
        if (stretch && min != nullptr && max != nullptr) {
            const bool dragging = ImGui::GetActiveID() == ImGui::GetID(label) && stretched_.id == ImGui::GetActiveID();
            range = drag_range(dragging ? stretched_.from : *value, *min, *max);
            min = &range.min;
            max = &range.max;
        }
        const double before = *value;
        // no format: as many digits as the value needs (scene/number_text.h)
        const std::string shown =
            format ? std::string(format) : fitting_field_format(*value, ImGui::CalcItemWidth() - 2.0f * ImGui::GetStyle().FramePadding.x);
        const bool logarithmic = (flags & ImGuiSliderFlags_Logarithmic) != 0 && min != nullptr && max != nullptr && *min > 0.0 &&
                                 *max > *min && *value > 0.0 && std::isfinite(*value) && std::isfinite(*max);
        if (logarithmic) {
            // Dragged here as its decimal logarithm, linearly, `speed` decades a pixel: Dear ImGui's
            // own logarithmic drag moved speed / (max - min) of its range a pixel (0.01 over
            // [1e-3, 1e6] moved a horizon 1.0000002 times a pixel), and it takes values under the
            // format's last digit for 0 (a mass of 1e-12 jumped to 1e-4 at the first pixels: a
            // recheck). The field shows the value itself: the text, formatted here, is the format.
            char text[64];
            if (shown.find('%') != std::string::npos) {
                std::snprintf(text, sizeof text, shown.c_str(), *value);
            } else {
                std::snprintf(text, sizeof text, "%s", shown.c_str());
            }
            double decades = std::log10(*value);
            const double least = std::log10(*min);
            const double most = std::log10(*max);
            const double was = decades;
            ImGui::DragScalar(label, ImGuiDataType_Double, &decades, speed, &least, &most, text,
                              (flags & ~ImGuiSliderFlags_Logarithmic) | ImGuiSliderFlags_NoRoundToFormat);
            if (decades != was) {
                // the digits a pixel tells (a hundredth of a decade is 2.3%): four
                char digits[40];
                std::snprintf(digits, sizeof digits, "%.4g", std::pow(10.0, decades));
                const double dragged = std::strtod(digits, nullptr);
                outcome.changed |= dragged != *value;
                *value = dragged;
            }
        } else {
            outcome.changed |= ImGui::DragScalar(label, ImGuiDataType_Double, value, speed, min, max, shown.c_str(), flags);
        }
        if (stretch && ImGui::IsItemActivated()) stretched_ = {ImGui::GetItemID(), before};
        note_typing_start(value, clamp ? min : nullptr, clamp ? max : nullptr);
    }
    outcome.activated = ImGui::IsItemActivated();
    outcome.committed |= ImGui::IsItemDeactivatedAfterEdit();
    return outcome;
}

// Dear ImGui 1.86's DragScalarN, step for step (the same IDs, widths and label), each component
// a drag() field.
NumberFields::Outcome NumberFields::drag2(const char* label, double* values, float speed, const char* format) {
    Outcome outcome;
    if (ImGui::GetCurrentWindow()->SkipItems) return outcome;
    const ImGuiStyle& style = ImGui::GetStyle();
    ImGui::BeginGroup();
    ImGui::PushID(label);
    ImGui::PushMultiItemsWidths(2, ImGui::CalcItemWidth());
    for (int i = 0; i < 2; ++i) {
        ImGui::PushID(i);
        if (i > 0) ImGui::SameLine(0, style.ItemInnerSpacing.x);
        const Outcome component = drag("", &values[i], speed, nullptr, nullptr, format);
        const ImVec2 min = ImGui::GetItemRectMin();
        const ImVec2 max = ImGui::GetItemRectMax();
        component_rects_[static_cast<std::size_t>(i)] = ImVec4(min.x, min.y, max.x, max.y);
        outcome.changed |= component.changed;
        outcome.committed |= component.committed;
        outcome.left |= component.left;
        if (component.error) outcome.error = component.error;
        if (component.note) outcome.note = component.note;
        ImGui::PopID();
        ImGui::PopItemWidth();
    }
    ImGui::PopID();
    const char* label_end = ImGui::FindRenderedTextEnd(label);
    if (label != label_end) {
        ImGui::SameLine(0, style.ItemInnerSpacing.x);
        ImGui::TextEx(label, label_end);
    }
    ImGui::EndGroup();
    outcome.activated = ImGui::IsItemActivated();
    outcome.committed |= ImGui::IsItemDeactivatedAfterEdit();
    return outcome;
}

namespace {
// How far the pointer goes on a slider before its value moves (px): a tap's jitter moves nothing.
constexpr float kSliderDeadZonePx = 5.0f;
}  // namespace

NumberFields::Outcome NumberFields::slider(const char* label, double* value, double min, double max, const char* format,
                                           ImGuiSliderFlags flags) {
    // Dear ImGui's sliders assert bounds within ±DBL_MAX/2: a horizon of 1e308 (a valid scene)
    // would abort the window
    // (typed values keep the real bounds: a dt of 1e308 typed under a horizon of 1e308 stays so)
    constexpr double kLimit = std::numeric_limits<double>::max() / 2.0;
    const double slider_min = std::clamp(min, -kLimit, kLimit);
    const double slider_max = std::clamp(max, -kLimit, kLimit);
    Outcome outcome;
    const bool clamp = (flags & ImGuiSliderFlags_AlwaysClamp) != 0;
    if (!typed(outcome, label)) {
        const double before = *value;
        outcome.changed |= ImGui::SliderScalar(label, ImGuiDataType_Double, value, &slider_min, &slider_max, format, flags);
        note_typing_start(value, clamp ? &min : nullptr, clamp ? &max : nullptr);
        // A double-click types, as in the drag fields (Dear ImGui 1.86's sliders type on Ctrl+click
        // only, and a double-click sets the value where it lands, twice): the value goes back to
        // what it was before the first click, and the next frame opens the text box on it.
        if (ImGui::IsItemActivated()) {
            const ImGuiID id = ImGui::GetItemID();
            if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && press_.id == id) {
                outcome.reverted = press_.value != before;  // the first click moved it (and was entered)
                *value = press_.value;
                outcome.changed = *value != before || outcome.changed;
                ImGui::ClearActiveID();
                ImGui::SetKeyboardFocusHere(-1);
                press_ = {};
            } else {
                press_ = {id, before};
            }
        }
        // A tap changes nothing, as on the drag fields: Dear ImGui's slider takes the value under
        // the press at once, and one stray tap on the phase at a whiteboard turned MISSED into
        // caught (a whiteboard teacher's review). The value moves once the pointer has gone 5 px.
        if (ImGui::IsItemActive() && press_.id == ImGui::GetItemID() && ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
            !ImGui::IsMouseDragging(ImGuiMouseButton_Left, kSliderDeadZonePx)) {
            *value = press_.value;
            outcome.changed = *value != before;
        }
    }
    outcome.activated = ImGui::IsItemActivated();
    outcome.committed |= ImGui::IsItemDeactivatedAfterEdit();
    return outcome;
}

bool NumberFields::typing(const char* label) const {
    const ImGuiID id = ImGui::GetID(label);
    return current_.id == id && ImGui::TempInputIsActive(id);
}

void NumberFields::forget() {
    current_ = Session{};
    closing_ = Session{};
    last_left_ = 0;
    focus_request_ = 0;
}

void NumberFields::register_tab_stop(ImGuiID id, bool may_open, bool control) {
    // in the order drawn, for Tab; the one asked for opens now, its window focused
    const int frame = ImGui::GetFrameCount();
    if (drawn_frame_ != frame) {
        drawn_before_ = std::exchange(drawn_now_, {});
        drawn_frame_ = frame;
    }
    drawn_now_.push_back({id, control, ImGui::GetCurrentWindow()->ID});
    if (focus_request_ == id && may_open) {
        focus_request_ = 0;
        ImGui::SetWindowFocus();
        ImGui::SetKeyboardFocusHere();
    }
}

void NumberFields::tab_stop(const char* label) {
    if (ImGui::GetCurrentWindow()->SkipItems) return;
    register_tab_stop(ImGui::GetID(label), true);
}

void NumberFields::tab_stop_left() {
    if (ImGui::IsItemDeactivated()) leave(ImGui::GetItemID());
}

const std::vector<NumberFields::Stop>& NumberFields::last_stops() const {
    return drawn_frame_ == ImGui::GetFrameCount() ? drawn_before_ : drawn_now_;
}

void NumberFields::begin_frame(ImGuiID scope) {
    scope_ = scope;
    key_press_ = 0;  // (a press is taken in the frame it is made, or never: else it fired frames later)
    const std::vector<Stop>& stops = last_stops();
    const auto ringed = std::find_if(stops.begin(), stops.end(), [&](const Stop& s) { return s.id == ring_; });
    // gone (pressed away, its panel closed or hidden by F11), or behind Help or the derivation
    if (ring_ != 0 && (ringed == stops.end() || (scope_ != 0 && ringed->window != scope_))) drop_ring();
}

void NumberFields::tab(int direction, ImGuiID scope) {
    scope_ = scope;
    // a field typed in is left as by Enter: its box closes now, and the field (number or label)
    // reads it when drawn this frame
    if (ImGui::GetIO().WantTextInput && ImGui::GetActiveID() != 0) {
        last_left_ = ImGui::GetActiveID();
        ImGui::ClearActiveID();
    }
    // the stops Tab goes through: all, or those of the window in front (Help, the derivation),
    // not the side panel's behind it, where a ring was out of sight and Enter pressed it
    std::vector<Stop> stops;
    for (const Stop& stop : last_stops())
        if (scope_ == 0 || stop.window == scope_) stops.push_back(stop);
    const auto count = static_cast<std::ptrdiff_t>(stops.size());
    const auto at = [&](ImGuiID id) {
        return std::find_if(stops.begin(), stops.end(), [&](const Stop& s) { return s.id == id; }) - stops.begin();
    };
    std::ptrdiff_t index = -1;
    if (const std::ptrdiff_t left = at(last_left_); left < count) {
        index = (left + (direction > 0 ? 1 : -1) + count) % count;
    } else if (const auto was = std::find_if(order_when_left_.begin(), order_when_left_.end(), [&](const Stop& s) { return s.id == last_left_; });
               last_left_ != 0 && was != order_when_left_.end()) {
        // the stop last left is gone (the note's editor closed with Done): the next one in the
        // order as it was that is still there (the one before, with Shift+Tab)
        const auto seen = static_cast<std::ptrdiff_t>(order_when_left_.size());
        for (std::ptrdiff_t k = 1; k < seen && index < 0; ++k) {
            const std::ptrdiff_t i = ((was - order_when_left_.begin()) + (direction > 0 ? k : -k) + seen) % seen;
            if (const std::ptrdiff_t now = at(order_when_left_[static_cast<std::size_t>(i)].id); now < count) index = now;
        }
    }
    if (index < 0) {
        // none left yet: the first number field (the last), not "Add a note" or a header
        for (std::ptrdiff_t k = 0; k < count && index < 0; ++k) {
            const std::ptrdiff_t i = direction > 0 ? k : count - 1 - k;
            if (!stops[static_cast<std::size_t>(i)].control) index = i;
        }
        if (index < 0 && count > 0) index = direction > 0 ? 0 : count - 1;  // (the derivation's buttons alone)
    }
    drop_ring();
    if (index < 0) return;
    order_when_left_ = stops;
    const Stop& next = stops[static_cast<std::size_t>(index)];
    if (next.control) {
        ring_ = next.id;
        last_left_ = next.id;  // the next Tab goes on from it
        scroll_to_ring_ = true;
    } else {
        focus_request_ = next.id;
        last_left_ = next.id;  // (a second Tab before it opens goes on from it, not to it again)
    }
}

bool NumberFields::drew_stops_in(ImGuiID window) const {
    const std::vector<Stop>& stops = last_stops();
    return std::any_of(stops.begin(), stops.end(), [&](const Stop& s) { return s.window == window; });
}

bool NumberFields::press_ringed() {
    if (ring_ == 0) return false;
    key_press_ = ring_;
    return true;
}

bool NumberFields::control_stop() {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    // (a collapsed window draws no item: the last item's ID would be another's)
    if (window->SkipItems) return false;
    const ImGuiID id = ImGui::GetItemID();
    if (id == 0 || (ImGui::GetItemFlags() & ImGuiItemFlags_Disabled) != 0) return false;
    register_tab_stop(id, false, true);
    if (ring_ != id) return false;
    const ImRect rect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    // brought to the middle when out of sight or within two rows of an edge (at the edge, what it
    // belongs to stayed out of sight: the note above "Edit the note")
    if (std::exchange(scroll_to_ring_, false)) {
        const float margin = 2.0f * ImGui::GetFrameHeightWithSpacing();
        const ImRect& seen = window->InnerClipRect;
        if (rect.Min.y < seen.Min.y + margin || rect.Max.y > seen.Max.y - margin)
            ImGui::ScrollToRect(window, rect, ImGuiScrollFlags_AlwaysCenterY);
    }
    draw_ring(rect.Min, rect.Max);
    if (key_press_ != id) return false;
    key_press_ = 0;
    return true;
}

void NumberFields::draw_ring(ImVec2 rect_min, ImVec2 rect_max) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const ImRect rect(rect_min, rect_max);
    // in the text's colour (Dear ImGui's focus blue was 1.5:1 on a light theme's button), a line
    // as thick as a fifth of the text's height, around it, within the window (a header spans it:
    // its ring's sides were cut off)
    const float thickness = std::max(3.0f, std::round(ImGui::GetFontSize() / 5.0f));
    const ImRect& clip = window->InnerClipRect;
    const float half = 0.5f * thickness;
    const ImVec2 min(std::max(rect.Min.x - half, clip.Min.x + half), rect.Min.y - half);
    const ImVec2 max(std::min(rect.Max.x + half, clip.Max.x - half), rect.Max.y + half);
    window->DrawList->AddRect(min, max, ImGui::GetColorU32(ImGuiCol_Text), ImGui::GetStyle().FrameRounding + half, 0, thickness);
}

bool NumberFields::button(const char* label, const ImVec2& size) {
    const bool clicked = ImGui::Button(label, size);
    return control_stop() || clicked;
}

bool NumberFields::small_button(const char* label) {
    const bool clicked = ImGui::SmallButton(label);
    return control_stop() || clicked;
}

bool NumberFields::arrow_button(const char* id, ImGuiDir direction) {
    const bool clicked = ImGui::ArrowButton(id, direction);
    return control_stop() || clicked;
}

bool NumberFields::checkbox(const char* label, bool* value) {
    bool changed = ImGui::Checkbox(label, value);
    if (control_stop()) {
        *value = !*value;
        changed = true;
    }
    return changed;
}

bool NumberFields::radio_button(const char* label, bool active) {
    const bool clicked = ImGui::RadioButton(label, active);
    return control_stop() || clicked;
}

bool NumberFields::header(const char* label) {
    const ImGuiID id = ImGui::GetID(label);
    if (key_press_ == id && !ImGui::GetCurrentWindow()->SkipItems) {
        key_press_ = 0;
        // (after the caller's SetNextItemOpen, which this consumes)
        ImGui::SetNextItemOpen(!ImGui::TreeNodeBehaviorIsOpen(id, ImGuiTreeNodeFlags_CollapsingHeader));
    }
    const bool open = ImGui::CollapsingHeader(label);
    control_stop();
    return open;
}

void NumberFields::note_typing_start(double* value, const double* clamp_min, const double* clamp_max) {
    const ImGuiID id = ImGui::GetItemID();
    if (!ImGui::TempInputIsActive(id) || current_.id == id) return;
    ImGuiInputTextState* state = ImGui::GetInputTextState(id);
    if (state == nullptr || state->InitialTextA.Data == nullptr) return;
    // a field still being typed in (Shift+Tab moves to one drawn earlier) is read when next drawn
    if (current_.id != 0) closing_ = current_;
    current_ = Session{};
    current_.id = id;
    current_.last_frame = ImGui::GetFrameCount();
    current_.value = value;
    if (clamp_min) current_.clamp_min = *clamp_min;
    if (clamp_max) current_.clamp_max = *clamp_max;
    std::strncpy(current_.text.data(), state->InitialTextA.Data, current_.text.size() - 1);
    // Dear ImGui opened the box for its 32-byte buffer; room for what typed() gives it
    if (state->TextW.Size < static_cast<int>(current_.text.size()) + 1) state->TextW.resize(static_cast<int>(current_.text.size()) + 1);
    // A value shown cut ("0.252636…": too many digits for the field) opened the box with the cut
    // text, "…" and all: its digits could not be read, and a digit typed at its end was refused
    // (a keyboard-only student's review, after a snap to graze). The box opens with every digit
    // of the value instead (the shortest that reads back as it), selected, as Dear ImGui's are.
    const Result<double> opened = read_number_text(current_.text.data());
    if (std::isfinite(*value) && !(opened && *opened == *value)) {
        const std::string full = format_number(*value);
        if (full.size() < current_.text.size()) {
            current_.text.fill('\0');
            std::memcpy(current_.text.data(), full.c_str(), full.size());
            state->CurLenW = ImTextStrFromUtf8(state->TextW.Data, state->TextW.Size, full.c_str(), nullptr);
            state->CurLenA = static_cast<int>(full.size());
            state->TextA.resize(static_cast<int>(full.size()) + 1);
            std::memcpy(state->TextA.Data, full.c_str(), full.size() + 1);
            state->TextAIsValid = true;
            state->InitialTextA.resize(static_cast<int>(full.size()) + 1);
            std::memcpy(state->InitialTextA.Data, full.c_str(), full.size() + 1);
            state->SelectAll();
        }
    }
    current_.shown = current_.text;
}

bool NumberFields::typed(Outcome& outcome, const char* label) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    if (window->SkipItems) return false;
    const int frame = ImGui::GetFrameCount();
    // a field not drawn in the last frame (its panel closed as it was left): what was typed in
    // it is entered now, and the app hears of it through take_orphan()
    for (Session* session : {&current_, &closing_}) {
        if (session->id == 0 || session->last_frame >= frame - 1) continue;
        Outcome orphan;
        finish(*session, orphan);
        if (orphan.committed || orphan.error || orphan.note) orphan_ = orphan;
        *session = Session{};
    }
    const ImGuiID id = window->GetID(label);
    register_tab_stop(id, current_.id != id);
    if (closing_.id == id) {
        finish(closing_, outcome);
        closing_ = Session{};
        return false;
    }
    if (current_.id != id) return false;
    current_.last_frame = frame;
    if (!ImGui::TempInputIsActive(id)) {  // closed by something earlier in this frame
        finish(current_, outcome);
        leave(id);
        current_ = Session{};
        return false;
    }

    // the frame and label exactly where DragScalar and SliderScalar put theirs
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 label_size = ImGui::CalcTextSize(label, nullptr, true);
    const ImVec2 pos = window->DC.CursorPos;
    const ImRect box(pos, ImVec2(pos.x + ImGui::CalcItemWidth(), pos.y + label_size.y + style.FramePadding.y * 2.0f));
    const float label_width = label_size.x > 0.0f ? style.ItemInnerSpacing.x + label_size.x : 0.0f;
    const ImRect total(box.Min, ImVec2(box.Max.x + label_width, box.Max.y));
    ImGui::ItemSize(total, style.FramePadding.y);
    if (!ImGui::ItemAdd(total, id, &box, ImGuiItemFlags_Inputable)) return true;
    // Dear ImGui's text box without its character filter
    const ImGuiInputTextFlags flags = static_cast<ImGuiInputTextFlags>(ImGuiInputTextFlags_AutoSelectAll) |
                                      static_cast<ImGuiInputTextFlags>(ImGuiInputTextFlags_NoMarkEdited);
    ImGui::TempInputText(box, id, label, current_.text.data(), static_cast<int>(current_.text.size()), flags);
    if (!ImGui::TempInputIsActive(id)) {  // Enter, Esc or a click elsewhere, in this call
        finish(current_, outcome);
        leave(id);
        current_ = Session{};
        return true;
    }
    // ringed as a Tab stop is: among twenty grey fields, a selected "0" and a 1-px caret were all
    // that showed where typing goes (a keyboard-only student's review)
    draw_ring(box.Min, box.Max);
    return true;
}

void NumberFields::finish(const Session& session, Outcome& outcome) {
    outcome.left = true;
    // nothing typed, or Esc (which puts the shown text back): the exact value stays
    if (std::strcmp(session.text.data(), session.shown.data()) == 0 || session.value == nullptr) return;
    const Result<double> read = read_number_text(session.text.data());
    // a full field may have been cut: said so for a number that reads, not for text that is no
    // number anyway (a letter and 105 accents were "63 characters", advised to write 1e65: a QA review)
    if (std::strlen(session.text.data()) >= session.text.size() - 1 && read) {
        outcome.error = "the text fills the field (" + std::to_string(session.text.size() - 1) +
                        " bytes) and may have been cut: type it shorter (1e65, not 1000...0)";
        return;
    }
    if (!read) {
        // (a full field's last character may be cut in two: shown whole or not at all)
        outcome.error = "'" + well_formed_utf8(session.text.data()) + "' is not a number: " + read.error().message;
        return;
    }
    double typed_value = *read + 0.0;  // -0 reads as 0
    if (session.clamp_min && typed_value < *session.clamp_min) {
        outcome.note = format_number(typed_value) + " is below the least, " + format_number(*session.clamp_min) + ": kept at that";
        typed_value = *session.clamp_min;
    } else if (session.clamp_max && typed_value > *session.clamp_max) {
        outcome.note = format_number(typed_value) + " is above the most, " + format_number(*session.clamp_max) + ": kept at that";
        typed_value = *session.clamp_max;
    }
    if (typed_value == *session.value) return;
    *session.value = typed_value;
    outcome.changed = true;
    outcome.committed = true;
}

}  // namespace tangent
