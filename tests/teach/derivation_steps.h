#pragma once
// Finding a derivation's step by its title, for the derivation's tests.

#include <string_view>

#include <gtest/gtest.h>

#include "teach/derivation.h"

namespace tangent::test {

/// The step titled `title`; a test failure (and an empty step) where there is none.
inline const DerivationStep& step(const Derivation& derivation, std::string_view title) {
    for (const DerivationStep& s : derivation.steps)
        if (s.title == title) return s;
    ADD_FAILURE() << "no step titled \"" << title << "\"";
    static const DerivationStep none;
    return none;
}

}  // namespace tangent::test
