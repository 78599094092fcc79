#pragma once
// A test suite that draws with the real shape renderer on a headless OpenGL context (Mesa's
// llvmpipe, no display): one context and one renderer for the whole suite.

#include <gtest/gtest.h>

#include <memory>

#include "render/gl_context.h"
#include "render/shape_renderer.h"

namespace tangent::test {

class GlTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        Result<std::unique_ptr<HeadlessGl>> gl = HeadlessGl::create();
        ASSERT_TRUE(gl.ok()) << gl.error().message;
        gl_ = std::move(gl).value();
        Result<std::unique_ptr<ShapeRenderer>> renderer = ShapeRenderer::create();
        ASSERT_TRUE(renderer.ok()) << renderer.error().message;
        renderer_ = std::move(renderer).value();
    }
    static void TearDownTestSuite() {
        renderer_.reset();
        gl_.reset();
    }
    void SetUp() override { ASSERT_TRUE(renderer_) << "no GL context or renderer (see the suite's setup)"; }

    // one context and renderer per suite (each suite deriving from GlTest sets them up anew)
    inline static std::unique_ptr<HeadlessGl> gl_;
    inline static std::unique_ptr<ShapeRenderer> renderer_;
};

}  // namespace tangent::test
