// The session store's UI scale: a teacher's choice for the room survives a restart, and a kept
// value that is not one (a hand-edited or half-written file) is refused with the file's name,
// never taken. Judged by the file on disk, written here by hand or by the store.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "ui/session.h"

namespace tangent::ui {
namespace {

class SessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("tangent-session-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    void write(const std::string& text) {
        std::filesystem::create_directories(dir_);
        std::ofstream(dir_ / "ui-scale.txt") << text;
    }
    std::filesystem::path dir_;
};

TEST_F(SessionTest, NoKeptScaleIsNoScale) {
    const SessionStore store(dir_);
    const Result<std::optional<float>> kept = store.ui_scale();
    ASSERT_TRUE(kept.ok());
    EXPECT_FALSE(kept.value().has_value());
    const SessionStore nowhere{std::filesystem::path()};
    ASSERT_TRUE(nowhere.ui_scale().ok());
    EXPECT_FALSE(nowhere.ui_scale().value().has_value());
}

TEST_F(SessionTest, AKeptScaleComesBackAsKept) {
    const SessionStore store(dir_);
    std::mt19937 rng(20261121);
    std::uniform_real_distribution<float> scale(SessionStore::kMinUiScale, SessionStore::kMaxUiScale);
    for (int i = 0; i < 50; ++i) {
        const float chosen = scale(rng);
        ASSERT_FALSE(store.remember_ui_scale(chosen).has_value());
        std::ifstream in(dir_ / "ui-scale.txt");
        double on_disk = 0.0;
        in >> on_disk;
        EXPECT_NEAR(on_disk, chosen, 1e-3 * chosen) << "the file holds the scale";
        const Result<std::optional<float>> kept = store.ui_scale();
        ASSERT_TRUE(kept.ok()) << kept.error().message;
        ASSERT_TRUE(kept.value().has_value());
        EXPECT_NEAR(*kept.value(), chosen, 1e-3f * chosen);
    }
}

TEST_F(SessionTest, AKeptScaleThatIsNotOneIsRefusedByName) {
    const SessionStore store(dir_);
    for (const std::string text : {"", "abc", "2x", "0.1", "7", "nan", "inf", "-1", "1.5 2"}) {
        write(text);
        const Result<std::optional<float>> kept = store.ui_scale();
        ASSERT_FALSE(kept.ok()) << "\"" << text << "\" was taken";
        EXPECT_NE(kept.error().message.find("ui-scale.txt"), std::string::npos) << kept.error().message;
        EXPECT_NE(kept.error().message.find("0.6 to 3"), std::string::npos) << kept.error().message;
    }
    write(std::string("2\0garbage", 9));  // a number, then a NUL byte and more
    EXPECT_FALSE(store.ui_scale().ok()) << "a scale followed by a NUL byte was taken";
    write(std::string(1 << 20, '1'));  // a megabyte in its place: refused, not read whole
    EXPECT_FALSE(store.ui_scale().ok());
    write("2.25\n");
    ASSERT_TRUE(store.ui_scale().ok());
    EXPECT_FLOAT_EQ(*store.ui_scale().value(), 2.25f);
}

// Ctrl+= and Ctrl+- step the UI scale: in 15% steps 1.749 went to 2.011, so a projector's 2x
// could not be had from the keyboard (an outside review). Judged by properties of the steps:
// from 1, up reaches 1.25, 1.5, 2 and 3 exactly and down reaches 0.6; each step moves by 5% to
// 25% within [0.6, 3]; down after up comes back; from any slider value in between (fixed seed)
// a step moves to a neighbour that stepping from 1 also reaches.
TEST(UiScaleSteps, ReachAProjectorsScalesExactly) {
    std::vector<float> ladder{1.0f};
    for (float s = 1.0f; s < SessionStore::kMaxUiScale;) ladder.push_back(s = SessionStore::step_ui_scale(s, true));
    for (float s = 1.0f; s > SessionStore::kMinUiScale;) ladder.insert(ladder.begin(), s = SessionStore::step_ui_scale(s, false));
    ASSERT_LT(ladder.size(), 30u);
    for (const float wanted : {0.6f, 1.0f, 1.25f, 1.5f, 2.0f, 3.0f})
        EXPECT_NE(std::find(ladder.begin(), ladder.end(), wanted), ladder.end()) << wanted << " is not reached";
    for (std::size_t k = 0; k + 1 < ladder.size(); ++k) {
        EXPECT_GE(ladder[k + 1], ladder[k] * 1.05f) << ladder[k];
        EXPECT_LE(ladder[k + 1], ladder[k] * 1.25f + 1e-6f) << ladder[k];
        EXPECT_EQ(SessionStore::step_ui_scale(ladder[k + 1], false), ladder[k]);
    }
    EXPECT_EQ(SessionStore::step_ui_scale(SessionStore::kMaxUiScale, true), SessionStore::kMaxUiScale);
    EXPECT_EQ(SessionStore::step_ui_scale(SessionStore::kMinUiScale, false), SessionStore::kMinUiScale);
    std::mt19937 rng(20261126);
    std::uniform_real_distribution<float> slider(SessionStore::kMinUiScale, SessionStore::kMaxUiScale);
    for (int n = 0; n < 1000; ++n) {
        const float s = slider(rng);
        const float up = SessionStore::step_ui_scale(s, true);
        const float down = SessionStore::step_ui_scale(s, false);
        EXPECT_NE(std::find(ladder.begin(), ladder.end(), up), ladder.end()) << s;
        EXPECT_NE(std::find(ladder.begin(), ladder.end(), down), ladder.end()) << s;
        EXPECT_TRUE(up > s || up == SessionStore::kMaxUiScale) << s;
        EXPECT_TRUE(down < s || down == SessionStore::kMinUiScale) << s;
        // the neighbours: nothing on the ladder strictly between them and s
        for (const float step : ladder) EXPECT_FALSE((step > s + 1e-3f && step < up) || (step < s - 1e-3f && step > down)) << s;
    }
}

}  // namespace
}  // namespace tangent::ui
