#pragma once
// The panel's number fields: Dear ImGui's drag fields and sliders, with typed text read as
// arithmetic (scene/number_text.h) instead of with sscanf. Typing "-1/3" gives -1/3, not -1;
// "2*pi", "sqrt(2)" and "(1+2)/3" work (Dear ImGui's own text box lets through only digits and
// + - * / . e E); text that is not a number leaves the value as it was and says why; leaving the
// text as it was shown (or Esc) keeps the exact value, not its 4-digit display.

#include <array>
#include <optional>
#include <string>

#include <imgui.h>

namespace tangent {

class NumberFields {
public:
    /// What a field did this frame.
    struct Outcome {
        bool changed = false;    ///< the value changed (dragged, slid, or typed and read)
        bool activated = false;  ///< the field was just clicked, or typing in it began
        bool committed = false;  ///< it was left after an edit: one undo step
        std::optional<std::string> error;  ///< typed text that is not a number, in words
    };

    /// ImGui::DragScalar of a double.
    Outcome drag(const char* label, double* value, float speed, const double* min, const double* max,
                 const char* format, ImGuiSliderFlags flags = 0);
    /// ImGui::DragScalarN of two doubles (the same IDs and layout).
    Outcome drag2(const char* label, double* values, float speed, const char* format);
    /// ImGui::SliderScalar of a double.
    Outcome slider(const char* label, double* value, double min, double max, const char* format,
                   ImGuiSliderFlags flags = 0);

    /// Whether the field `label` (in the current ID scope) is being typed in.
    [[nodiscard]] bool typing(const char* label) const;

private:
    /// Whether the field `label` is being typed in since an earlier frame; if so, draws its
    /// text box in place of the widget and reads the text (for drag and slider alike).
    bool typed(Outcome& outcome, const char* label, double* value, const double* clamp_min, const double* clamp_max);
    /// After the widget: whether it has just begun to take typing (this frame).
    void note_typing_start(double value);

    ImGuiID typing_id_ = 0;          ///< the field being typed in: one at a time
    double value_before_ = 0.0;      ///< its value when typing began
    std::array<char, 64> text_{};    ///< what is typed
};

}  // namespace tangent
