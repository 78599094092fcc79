#pragma once
// The panel's number fields: Dear ImGui's drag fields and sliders, with typed text read as
// arithmetic (scene/number_text.h) instead of with sscanf. Typing "-1/3" gives -1/3, not -1;
// "2*pi", "sqrt(2)" and "(1+2)/3" work (Dear ImGui's own text box lets through only digits and
// + - * / . e E); text that is not a number leaves the value as it was and says why; leaving the
// text as it was shown (or Esc) keeps the exact value, not its 4-digit display. The value
// changes once, when the field is left (Enter, Tab, a click elsewhere), never half-typed.

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

namespace tangent {

/// The field's printf format for `value` in `room` pixels of the current font: field_format(), the
/// digits that give the value back (up to 12), or for a value that needs more, as many of its
/// digits as fit, cut (not rounded), with "…" after them, zeros kept (at least 4), as the text
/// itself (no conversion in it): with 4 alone, B's velocity after Snap to graze would read
/// "-0.9345…" in a field with room for "-0.934475…".
[[nodiscard]] std::string fitting_field_format(double value, float room);

/// A drag field's limits: [least, most] for a value within them; for one outside, three decades
/// either side of it, so that a drag never rewrites a value far outside them (a code review: a
/// radius of 1e-6 dragged 10 px became 0.08, a horizon of 1e8 became 999999), nor takes it to the
/// far end of the usual range (a radius of 1e20 dragged left became 0.001: a recheck). At most
/// 1e30 above, or the value itself.
struct DragRange {
    double min = 0.0;
    double max = 0.0;
};
[[nodiscard]] DragRange drag_range(double value, double least, double most);

class NumberFields {
public:
    /// What a field did this frame.
    struct Outcome {
        bool changed = false;    ///< the value changed (dragged, slid, or typed and left)
        bool activated = false;  ///< the field was just clicked, or typing in it began
        bool committed = false;  ///< it was left after a change: one undo step
        std::optional<std::string> error;  ///< typed text that is not a number, in words
        std::optional<std::string> note;   ///< a typed value outside the field's range, kept at its end
        bool reverted = false;  ///< a double-click put back the value its first click had set: take that step back
        bool left = false;      ///< typing in it ended (Enter, Tab, Esc, a click elsewhere), whatever came of it
    };

    /// The ring around a control Tab reached, or a field being typed in (in the current window).
    static void draw_ring(ImVec2 min, ImVec2 max);

    /// ImGui::DragScalar of a double; with no `format`, the digits the value needs (field_format()).
    /// `stretch`: [min, max] stretch to a value outside them (see drag_range()), taken as the
    /// drag starts. With ImGuiSliderFlags_Logarithmic, `speed` is in decades a pixel.
    Outcome drag(const char* label, double* value, float speed, const double* min, const double* max,
                 const char* format, ImGuiSliderFlags flags = 0, bool stretch = false);
    /// ImGui::DragScalarN of two doubles (the same IDs and layout).
    Outcome drag2(const char* label, double* values, float speed, const char* format);
    /// ImGui::SliderScalar of a double; a double-click types in it, as Ctrl+click does.
    Outcome slider(const char* label, double* value, double min, double max, const char* format,
                   ImGuiSliderFlags flags = 0);

    /// Whether the field `label` (in the current ID scope) is being typed in.
    [[nodiscard]] bool typing(const char* label) const;
    /// What was typed in a field that went away before it could read it (its panel closed),
    /// entered by the field's own rules; once.
    [[nodiscard]] std::optional<Outcome> take_orphan() { return std::exchange(orphan_, std::nullopt); }
    /// Drops what is being typed (another scene opens): nothing of it is entered.
    void forget();
    /// Tab (`direction` 1) or Shift+Tab (-1): what is being typed is entered, as by Enter, and
    /// the stop after the one last left (before it) opens, a field for typing, a control ringed;
    /// with none left yet, the first (last) number field. In the order drawn in the last frame;
    /// the stop opens when next drawn, its window focused.
    void tab(int direction, ImGuiID scope = 0);
    /// At the start of a frame: a ring on a control not drawn in the last frame (pressed away,
    /// its panel closed or hidden) goes, and a press not taken by the frame it was meant for.
    /// `scope`: the one window Tab goes through now (Help, the derivation in front), or 0.
    void begin_frame(ImGuiID scope);

    /// Dear ImGui's buttons, check boxes, radio buttons and headers, in Tab's order too (Dear
    /// ImGui 1.86 tabs only to text fields, and its keyboard navigation would take the arrows and
    /// Space, which are the time's): when Tab lands on one it is ringed, and Space or Enter then
    /// presses it, as a click would. Each returns what its Dear ImGui widget does.
    bool button(const char* label, const ImVec2& size = ImVec2(0, 0));
    bool small_button(const char* label);
    bool arrow_button(const char* id, ImGuiDir direction);
    bool checkbox(const char* label, bool* value);
    bool radio_button(const char* label, bool active);
    bool header(const char* label);
    /// Space or Enter: presses the ringed control when it is next drawn (true), if one is.
    bool press_ringed();
    [[nodiscard]] bool ringed() const { return ring_ != 0; }
    /// Whether `window` drew any stop in the last frame (a collapsed derivation draws none).
    [[nodiscard]] bool drew_stops_in(ImGuiID window) const;
    /// Esc, a click, a dialog: the ring goes (Tab goes on from it).
    void drop_ring() { ring_ = 0, key_press_ = 0; }
    /// Before a text field that is not a number field (a body's label): it takes its place in
    /// Tab's order, and opens when tab() lands on it. After it, tab_stop_left() notes it
    /// as the field last left when its typing ends.
    void tab_stop(const char* label);
    void tab_stop_left();

    /// Where the last drag2()'s component `i` (0 or 1) was drawn: min x, min y, max x, max y.
    [[nodiscard]] ImVec4 component_rect(int i) const { return component_rects_[static_cast<std::size_t>(i)]; }

private:
    /// Typing in one field: from the frame Dear ImGui opens its text box to the frame the field
    /// reads the text, after the box has closed (Enter, Esc, Tab, a click anywhere).
    struct StretchedDrag {
        ImGuiID id = 0;
        double from = 0.0;  ///< the value as the drag started
    };
    StretchedDrag stretched_;

    struct Session {
        ImGuiID id = 0;
        int last_frame = 0;              ///< the last frame the field was drawn
        double* value = nullptr;         ///< the field's value (in the app's scene: its address stays)
        std::optional<double> clamp_min, clamp_max;
        std::array<char, 64> text{};     ///< what is typed
        std::array<char, 64> shown{};    ///< the text the box opened with
    };

    /// The field `id` in Tab's order this frame; opened now if tab() asked for it and `may_open`.
    void register_tab_stop(ImGuiID id, bool may_open, bool control = false);
    /// After a control's widget: its place in Tab's order, its ring; whether keys pressed it.
    bool control_stop();
    /// A field's typing ended: Tab goes on from it (unless Tab, leaving it, ringed a control).
    void leave(ImGuiID id) {
        if (ring_ == 0) last_left_ = id;
    }
    /// Before the widget: draws the field's text box in its place while it is typed in (true),
    /// and reads the text once the box has closed.
    bool typed(Outcome& outcome, const char* label);
    /// After the widget: whether Dear ImGui has just opened its text box (this frame).
    void note_typing_start(double* value, const double* clamp_min, const double* clamp_max);
    /// The text of a closed box into its value, or why not.
    static void finish(const Session& session, Outcome& outcome);

    Session current_;  ///< the field being typed in
    Session closing_;  ///< one whose box closed as the next opened (Shift+Tab): read when it is next drawn
    std::array<ImVec4, 2> component_rects_{};
    /// The slider last pressed, and its value from before: a double-click puts it back and types.
    struct Press {
        ImGuiID id = 0;
        double value = 0.0;
    } press_;
    std::optional<Outcome> orphan_;
    /// The stops drawn, in order: this frame's so far, and the last frame's whole (for Tab).
    struct Stop {
        ImGuiID id = 0;
        bool control = false;  ///< a button, check box or header (else a text field)
        ImGuiID window = 0;    ///< the window it is in
    };
    std::vector<Stop> drawn_now_, drawn_before_;
    /// The last frame's stops (complete), and the order as it was when Tab last moved: where the
    /// stop last left has gone (the note's editor closed), Tab goes on from the next that is left.
    [[nodiscard]] const std::vector<Stop>& last_stops() const;
    std::vector<Stop> order_when_left_;
    ImGuiID scope_ = 0;
    int drawn_frame_ = -1;
    ImGuiID last_left_ = 0;      ///< the field whose typing ended last (Enter, Esc, Tab, a click)
    ImGuiID focus_request_ = 0;  ///< the field to open when next drawn (tab)
    ImGuiID ring_ = 0;           ///< the control Tab last landed on (0: none)
    bool scroll_to_ring_ = false;
    ImGuiID key_press_ = 0;      ///< the ringed control, pressed by Space or Enter, until drawn
};

}  // namespace tangent
