#pragma once
// The time plot: f(t) = a t² + b t + c (or the gap |Δp + tΔv| - R) against t, with the roots,
// the vertex, the horizon, the sampled checks and the current time marked. Built as primitives
// in canvas pixels (Space::Screen), so the window, the PNG and the SVG draw it alike.

#include <optional>

#include "core/discrete.h"
#include "core/encounter.h"
#include "core/response.h"
#include "picture.h"
#include "scene/scene.h"

namespace tangent {

enum class PlotQuantity : std::uint8_t {
    Quadratic,  ///< f(t) = a t² + b t + c = |Δp + tΔv|² - R²: zero at contact
    Gap,        ///< g(t) = |Δp + tΔv| - R: the distance between the rims (negative when they overlap)
};

/// The value plotted at time t, from the core's coefficients.
[[nodiscard]] double plot_value(const Encounter& encounter, PlotQuantity quantity, double t);

/// The plot's window onto (t, value), and where it sits in the picture's canvas.
struct PlotAxes {
    double t_min = 0.0;
    double t_max = 10.0;
    double y_min = -1.0;
    double y_max = 1.0;
    glm::dvec2 origin_px{0.0};  ///< top-left of the plotting area (inside the axis labels)
    glm::dvec2 size_px{400.0, 200.0};

    [[nodiscard]] glm::dvec2 to_screen(double t, double y) const {
        return {origin_px.x + (t - t_min) / (t_max - t_min) * size_px.x,
                origin_px.y + (y_max - y) / (y_max - y_min) * size_px.y};
    }
    [[nodiscard]] double t_at(double x_px) const { return t_min + (x_px - origin_px.x) / size_px.x * (t_max - t_min); }
    [[nodiscard]] double y_at(double y_px) const { return y_max - (y_px - origin_px.y) / size_px.y * (y_max - y_min); }
    /// Zooms the time axis by `factor` around time `t` (the value axis refits to what is shown).
    void zoom_time(double t, double factor);
};

/// Axes that show [0, horizon] widened to the roots and the vertex, and the values there with
/// the zero line always in view, inside a canvas of `canvas_px` at `scale`.
[[nodiscard]] PlotAxes default_plot_axes(const Scene& scene, const Encounter& encounter, PlotQuantity quantity,
                                         glm::dvec2 canvas_px, float scale);
/// The value range for the time range the axes show (after a zoom or pan in time), with room
/// for the vertex's label (axes.size_px must be set; `scale` as the plot is drawn).
void fit_plot_values(PlotAxes& axes, const Encounter& encounter, PlotQuantity quantity, float scale);

struct PlotInput {
    const Scene* scene = nullptr;
    const Encounter* encounter = nullptr;
    const SamplingResult* sampling = nullptr;
    /// When the collision response applies: after it the curve is the motion without the bounce
    /// (faint, dashed), and t_exit says so.
    const Impact* impact = nullptr;
    std::optional<Theme> theme;  ///< drawn in this theme, not the scene's (the window's choice)
    PlotQuantity quantity = PlotQuantity::Quadratic;
    PlotAxes axes;
    glm::dvec2 canvas_px{800.0, 300.0};  ///< the whole plot panel
    double time = 0.0;                   ///< the cursor
    std::optional<double> hover_time;    ///< a readout of the values there
    float scale = 1.0f;
    double reserved_right_px = 0.0;      ///< width kept clear at the top right (the window's f(t) / gap switch)
    double reserved_top_px = 0.0;        ///< and its height: no label goes under the switch
};

[[nodiscard]] Picture build_plot(const PlotInput& input);

}  // namespace tangent
