// The session store's UI scale: a teacher's choice for the room survives a restart, and a kept
// value that is not one (a hand-edited or half-written file) is refused with the file's name,
// never taken. Judged by the file on disk, written here by hand or by the store.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

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

}  // namespace
}  // namespace tangent::ui
