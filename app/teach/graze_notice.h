#pragma once
// What "Snap to graze" says it reached, in a teacher's words and then the numbers.

#include <string>

#include "core/encounter.h"

namespace tangent {

/// The notice for `grazing`, the pair after the snap (a graze): an exact graze when D is exactly
/// 0; otherwise B's velocity, rounded to doubles, leaves D a hair from 0, and the notice gives D
/// and how far the closest approach is from R, relative to R.
[[nodiscard]] std::string graze_snap_notice(const Encounter& grazing);

}  // namespace tangent
