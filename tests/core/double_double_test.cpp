// The error-free transformations are exact: checked in binary128, which holds every sum and
// product of two doubles (of similar size) without rounding.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/double_double.h"

namespace tangent::dd {
namespace {

using Quad = __float128;

TEST(DoubleDouble, TwoSumAndTwoProdAreExact) {
    std::mt19937_64 rng(5);
    std::uniform_real_distribution<double> mantissa(-1, 1);
    std::uniform_int_distribution<int> exponent(-30, 30);
    for (int i = 0; i < 200000; ++i) {
        const double x = std::ldexp(mantissa(rng), exponent(rng));
        const double y = std::ldexp(mantissa(rng), exponent(rng));
        const DD s = two_sum(x, y);
        EXPECT_TRUE(Quad(s.hi) + Quad(s.lo) == Quad(x) + Quad(y)) << x << " + " << y;
        EXPECT_EQ(s.hi, x + y);
        const DD p = two_prod(x, y);
        EXPECT_TRUE(Quad(p.hi) + Quad(p.lo) == Quad(x) * Quad(y)) << x << " * " << y;
    }
}

TEST(DoubleDouble, ProductsAndSumsKeep100Bits) {
    // dd arithmetic on exact inputs: relative error about 2^-104 of the terms
    std::mt19937_64 rng(6);
    std::uniform_real_distribution<double> uniform(-1, 1);
    for (int i = 0; i < 100000; ++i) {
        const DD x = two_sum(uniform(rng), 1e-9 * uniform(rng));
        const DD y = two_sum(uniform(rng), 1e-9 * uniform(rng));
        const Quad qx = Quad(x.hi) + Quad(x.lo), qy = Quad(y.hi) + Quad(y.lo);
        const DD product = mul(x, y);
        const Quad product_error = Quad(product.hi) + Quad(product.lo) - qx * qy;
        EXPECT_LE(std::abs(double(product_error)), 0x1p-102 * std::abs(double(qx * qy)));
        const DD square = sqr(x);
        EXPECT_LE(std::abs(double(Quad(square.hi) + Quad(square.lo) - qx * qx)), 0x1p-102 * double(qx * qx));
        const DD sum = add(x, y);
        const Quad sum_error = Quad(sum.hi) + Quad(sum.lo) - (qx + qy);
        EXPECT_LE(std::abs(double(sum_error)), 0x1p-102 * (std::abs(double(qx)) + std::abs(double(qy))));
    }
}

}  // namespace
}  // namespace tangent::dd
