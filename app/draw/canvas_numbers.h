#pragma once
// How the canvas writes its numbers: short forms of lengths and times, digits enough to tell two
// values apart, the grid lines' numbers, and the steps of the grid and of every axis and time scale.

#include <string>
#include <utility>

#include "core/encounter.h"
#include "scene/scene.h"
#include "view.h"

namespace tangent {

/// The smallest of 1, 2 or 5 times a power of ten that is at least `at_least` (1 for a value
/// that is not positive and finite): the step of every axis and time scale.
[[nodiscard]] double nice_step(double at_least);

/// The grid's spacing in world units for this zoom and UI scale (1, 2 or 5 times a power of ten,
/// lines at least 90 pixels apart, or on a small canvas where that leaves fewer than three lines
/// across its shorter side, as close as 45 pixels): shared by the grid and by Shift-snapping.
[[nodiscard]] double grid_step(const View& view, float scale);

/// A grid line's number on an axis of lines `spacing` apart whose numbers reach `largest` in
/// size, with the digits that tell it from its neighbours, written alike along the axis; in
/// powers of ten, with as many digits as the other axis, whose numbers reach `largest_both`
/// with these.
/// `whole_below`: whole numbers are written out below it (a billion; a narrow column of numbers
/// takes powers of ten from a smaller size).
[[nodiscard]] std::string grid_number(double value, double spacing, double largest, double largest_both = 0.0,
                                      double whole_below = 1e9);

/// Short readable numbers for the canvas: four significant digits, no trailing zeros, a bare
/// exponent ("4e8", "1.5e-7"), whole numbers below a million in full ("12350", not "1.235e4"),
/// and 0 below an absolute 5e-13 (for numbers of a scene's ordinary size; a length or a time of
/// any size goes through short_number(value, 4), short_number_beside() or time_number()).
[[nodiscard]] std::string short_number(double value);
/// The same with `digits` significant digits (1 to 17), and no value below 5e-13 written as 0.
[[nodiscard]] std::string short_number(double value, int digits);
/// Four digits, and 0 for a value within 5e-13 of `size` from 0 (rounding: a coordinate of a
/// scene 1e-20 across read beside its size, not as 0 below an absolute 5e-13).
[[nodiscard]] std::string short_number_beside(double value, double size);
/// A time as the canvas writes it, at `digits` (four, or what contact_time_digits() gave to tell
/// times apart), 0 within 1e-12 of `scale` from 0 (rounding: a touch at t = 0 computed as
/// 1.4e-17), not below an absolute 5e-13 (a scene of radii 1e-20 touches at t = 4e-20).
[[nodiscard]] std::string time_number(double t, int digits, double scale);
/// The scene's scale of time: the horizon, or a contact time or the closest approach beyond it.
[[nodiscard]] double time_scale(const Scene& scene, const Encounter& encounter);
/// The scale t_closest is known to (1e-12 of it): max(|t_closest|, |Δp|/|Δv|). Beside the
/// contact times of circles 1e20 across, t_closest = 2.6 read as 0 on the canvas.
[[nodiscard]] double closest_time_scale(const Encounter& encounter);
/// The digits the contact's times are written with: four, or as many as tell t_enter, t_closest
/// and t_exit apart (a hit lasting 5.7e-5 at t = 1e4 would read "1e4" for all three, as a graze).
[[nodiscard]] int contact_time_digits(const Encounter& e);
/// `x` and `y` in short form, with more digits (up to 17) where the short forms of two different
/// values read alike: (2.000000001, 2) gives "2.000000001" and "2", not "2" and "2".
[[nodiscard]] std::pair<std::string, std::string> telling_apart(double x, double y);
/// The same, with values within 5e-13 of `size` from 0 written 0 (telling_apart's size is the
/// larger of the two: d_min = 2.19 beside R = 1e20 read 0, though it is known to 1e-16 of |Δp|).
[[nodiscard]] std::pair<std::string, std::string> telling_apart(double x, double y, double size);

}  // namespace tangent
