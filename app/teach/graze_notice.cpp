#include "graze_notice.h"

#include <cmath>
#include <cstdio>

#include "core/format.h"

namespace tangent {

std::string graze_snap_notice(const Encounter& grazing) {
    // first in a teacher's words, then the numbers
    // Sentences, not a parenthesis: the window's wrapping keeps a bracket whole as it does a
    // vector's, so a whole aside would go to the next line, leaving "just touches" alone above it
    // (when: "B now just touches A" read as touching at once, beside a touch at t = 4.253: an
    // education researcher's review)
    const std::string snapped = "Snapped to a graze: the circles now just touch, once, at t = " +
                                (grazing.t_enter ? format_number(*grazing.t_enter) : std::string("?")) + ".";
    if (grazing.exact_graze()) return snapped + " It is an exact graze, D = 0: the closest distance is exactly R.";
    char d[32];
    std::snprintf(d, sizeof d, "%.3g", grazing.discriminant);
    // (D may round to 0 and not be 0: lengths near 1e-80)
    // (in words a class can follow: "leaves D = -7.32e-15, which counts as 0" on a step about D < 0
    // invited the wrong question: a teacher's review)
    const std::string leaves = "; B's velocity, rounded to the 16 digits a computer keeps, leaves " +
                               (grazing.discriminant == 0.0 ? std::string("a D below a double's range") : "D = " + std::string(d)) +
                               ", not 0: that is rounding, and Tangent counts it as D = 0.";
    // |d_min - R| / R: 0 when the closest approach rounds to R itself
    const double off = std::abs(grazing.min_distance - grazing.radius_sum) / grazing.radius_sum;
    if (off == 0.0) return snapped + " The closest distance is R to the last digit kept" + leaves;
    char within[32];
    std::snprintf(within, sizeof within, "%.2g", off);
    return snapped + " The closest distance is R to within " + std::string(within) + "·R" + leaves;
}

}  // namespace tangent
