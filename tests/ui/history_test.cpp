// Undo's history keeps a whole scene per step. A soak test opened a scene file holding most of a
// megabyte that a newer Tangent wrote (kept to be saved back), and 500 steps took 0.6 GB. The
// kept text is shared between the steps. Judge: the memory glibc reports in use (its heap and
// the chunks it maps on their own), before and after.

#include <vector>
#include <gtest/gtest.h>

#include <malloc.h>

#include <string>

#include "scene/scene_file.h"
#include "ui/history.h"

namespace tangent::ui {
namespace {

TEST(SceneHistory, FiveHundredStepsOfALargeSceneFileShareWhatItKeeps) {
    // a newer Tangent's file: 900 kB under a key this version does not read
    const std::string text = R"({"version": 1, "notes_from_colleague": ")" + std::string(900'000, 'x') +
                             R"(", "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
                                             {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})";
    const Result<LoadedScene> loaded = parse_scene(text, "big.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    Scene scene = loaded->scene;
    ASSERT_GT(scene.kept_from_file.str().size(), 900'000u) << "the key was not kept: the test proves nothing";
    SceneHistory history;
    // in use: the arena's chunks and those mapped on their own (a copy this size may be either)
    const auto in_use = [] {
        const struct mallinfo2 info = mallinfo2();
        return info.uordblks + info.hblkhd;
    };
    const std::size_t before = in_use();
    for (int i = 0; i < 500; ++i) {
        history.record(scene);
        scene.bodies[0].body.position.x += 0.01;  // an edit: a drag's step
    }
    const std::size_t grown = in_use() - before;
    EXPECT_LT(grown, 10'000'000u) << "500 undo steps took " << grown << " bytes";
    // and each step still gives back the scene as it was, with what it keeps
    Scene current = scene;
    ASSERT_TRUE(history.undo(current));
    EXPECT_EQ(current.kept_from_file.str(), loaded->scene.kept_from_file.str());
    EXPECT_NE(scene_to_json(current).find("notes_from_colleague"), std::string::npos);
}

// The oldest step is let go past the limit, and record() says so (the window then says it once:
// Undo went grey short of the scene as opened, with nothing said: a QA review).
TEST(SceneHistory, RecordSaysWhenItLetsTheOldestStepGo) {
    SceneHistory history(3);
    Scene scene;
    const double start = scene.bodies[0].body.position.x;
    std::vector<bool> dropped;
    for (int i = 0; i < 5; ++i) {
        dropped.push_back(history.record(scene));
        scene.bodies[0].body.position.x += 1.0;
    }
    EXPECT_EQ(dropped, (std::vector<bool>{false, false, false, true, true}));
    EXPECT_EQ(history.depth(), 3u);
    Scene current = scene;
    int undone = 0;
    while (history.undo(current)) ++undone;
    EXPECT_EQ(undone, 3);
    EXPECT_EQ(current.bodies[0].body.position.x, start + 2.0);  // the first two steps let go
}

// A slider's double-click takes back its first click's step if that step is still the last
// (a code review): it asked whether the depth had changed, and at the limit a new step comes as
// the oldest goes, so another step (a reload of the file edited elsewhere) was taken back in its
// place. The serial tells every change to the steps, the depth staying put or not.
TEST(SceneHistory, TheSerialTellsANewStepAtTheLimit) {
    SceneHistory history(3);
    Scene scene;
    for (int i = 0; i < 3; ++i) history.record(scene);
    const std::size_t depth = history.depth();
    const std::size_t serial = history.serial();
    EXPECT_TRUE(history.record(scene)) << "the premise: the oldest step is let go";
    EXPECT_EQ(history.depth(), depth) << "the premise: the depth alone does not tell";
    EXPECT_NE(history.serial(), serial);
    // and every other change to the steps
    for (const auto change : {+[](SceneHistory& h, Scene& s) { h.undo(s); }, +[](SceneHistory& h, Scene& s) { h.redo(s); },
                              +[](SceneHistory& h, Scene& s) { h.take_back(s); }, +[](SceneHistory& h, Scene&) { h.clear(); }}) {
        const std::size_t was = history.serial();
        change(history, scene);
        EXPECT_NE(history.serial(), was);
    }
    // nothing to undo: no change, the same serial
    const std::size_t idle = history.serial();
    EXPECT_FALSE(history.undo(scene));
    EXPECT_EQ(history.serial(), idle);
}

}  // namespace
}  // namespace tangent::ui
