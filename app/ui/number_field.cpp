#include "number_field.h"

#include <algorithm>
#include <cstring>

#include <imgui_internal.h>

#include "scene/number_text.h"

namespace tangent {
namespace {

/// The value `text` reads as, within the clamp (as Dear ImGui clamps typed values), or why not.
Result<double> typed_value(const char* text, const double* clamp_min, const double* clamp_max) {
    Result<double> read = read_number_text(text);
    if (!read) return read;
    double value = *read + 0.0;  // -0 reads as 0
    if (clamp_min) value = std::max(value, *clamp_min);
    if (clamp_max) value = std::min(value, *clamp_max);
    return value;
}

}  // namespace

NumberFields::Outcome NumberFields::drag(const char* label, double* value, float speed, const double* min,
                                         const double* max, const char* format, ImGuiSliderFlags flags) {
    Outcome outcome;
    const bool clamp = (flags & ImGuiSliderFlags_AlwaysClamp) != 0;  // as Dear ImGui clamps typed values
    if (!typed(outcome, label, value, clamp ? min : nullptr, clamp ? max : nullptr)) {
        outcome.changed = ImGui::DragScalar(label, ImGuiDataType_Double, value, speed, min, max, format, flags);
        note_typing_start(*value);
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
        outcome.changed |= component.changed;
        outcome.committed |= component.committed;
        if (component.error) outcome.error = component.error;
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

NumberFields::Outcome NumberFields::slider(const char* label, double* value, double min, double max, const char* format,
                                           ImGuiSliderFlags flags) {
    Outcome outcome;
    const bool clamp = (flags & ImGuiSliderFlags_AlwaysClamp) != 0;
    if (!typed(outcome, label, value, clamp ? &min : nullptr, clamp ? &max : nullptr)) {
        outcome.changed = ImGui::SliderScalar(label, ImGuiDataType_Double, value, &min, &max, format, flags);
        note_typing_start(*value);
    }
    outcome.activated = ImGui::IsItemActivated();
    outcome.committed |= ImGui::IsItemDeactivatedAfterEdit();
    return outcome;
}

bool NumberFields::typing(const char* label) const {
    const ImGuiID id = ImGui::GetID(label);
    return typing_id_ == id && ImGui::TempInputIsActive(id);
}

void NumberFields::note_typing_start(double value) {
    const ImGuiID id = ImGui::GetItemID();
    if (!ImGui::TempInputIsActive(id) || typing_id_ == id) return;
    // Dear ImGui opened its text box this frame, with the value as shown; from the next frame
    // typed() draws the box instead
    typing_id_ = id;
    value_before_ = value;
    text_.fill('\0');
    if (const ImGuiInputTextState* state = ImGui::GetInputTextState(id); state && state->InitialTextA.Data)
        std::strncpy(text_.data(), state->InitialTextA.Data, text_.size() - 1);
}

bool NumberFields::typed(Outcome& outcome, const char* label, double* value, const double* clamp_min,
                         const double* clamp_max) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    if (window->SkipItems) return false;
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    // a field that went away while typed in (its panel closed) is forgotten
    if (typing_id_ != 0 && g.ActiveId != typing_id_ && g.ActiveIdPreviousFrame != typing_id_) typing_id_ = 0;
    const ImGuiID id = window->GetID(label);
    if (typing_id_ != id || !ImGui::TempInputIsActive(id)) return false;

    // the frame and label exactly where DragScalar and SliderScalar put theirs
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 label_size = ImGui::CalcTextSize(label, nullptr, true);
    const ImVec2 pos = window->DC.CursorPos;
    const ImRect frame(pos, ImVec2(pos.x + ImGui::CalcItemWidth(), pos.y + label_size.y + style.FramePadding.y * 2.0f));
    const float label_width = label_size.x > 0.0f ? style.ItemInnerSpacing.x + label_size.x : 0.0f;
    const ImRect total(frame.Min, ImVec2(frame.Max.x + label_width, frame.Max.y));
    ImGui::ItemSize(total, style.FramePadding.y);
    if (!ImGui::ItemAdd(total, id, &frame, ImGuiItemFlags_Inputable)) return true;
    // Dear ImGui's text box without its character filter
    const ImGuiInputTextFlags flags = static_cast<ImGuiInputTextFlags>(ImGuiInputTextFlags_AutoSelectAll) |
                                      static_cast<ImGuiInputTextFlags>(ImGuiInputTextFlags_NoMarkEdited);
    const bool edited = ImGui::TempInputText(frame, id, label, text_.data(), static_cast<int>(text_.size()), flags);
    const double shown = *value;
    const bool left = !ImGui::TempInputIsActive(id);
    const ImGuiInputTextState* state = ImGui::GetInputTextState(id);
    const bool as_shown = state && state->InitialTextA.Data && std::strcmp(text_.data(), state->InitialTextA.Data) == 0;
    if (left) {
        typing_id_ = 0;
        if (as_shown) {
            *value = value_before_;  // nothing typed, or Esc: the exact value, not its rounded text
        } else if (const Result<double> read = typed_value(text_.data(), clamp_min, clamp_max)) {
            *value = *read;
        } else {
            *value = value_before_;
            outcome.error = "'" + std::string(text_.data()) + "' is not a number: " + read.error().message;
        }
        outcome.committed = *value != value_before_;
    } else if (edited && !as_shown) {
        // the value follows the text while it reads as a number
        if (const Result<double> read = typed_value(text_.data(), clamp_min, clamp_max)) *value = *read;
    }
    outcome.changed = *value != shown;
    return true;
}

}  // namespace tangent
