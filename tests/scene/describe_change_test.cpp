// What an undo step changed, in words: each field alone is named, with the body's own label, and
// a step that changes many things stays a menu item's length.

#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "scene/scene.h"

using namespace tangent;

namespace {

struct OneChange {
    const char* words;  // what the description must say
    std::function<void(Scene&)> apply;
};

std::vector<OneChange> one_changes() {
    return {
        {"B's position", [](Scene& s) { s.bodies[1].body.position.x += 0.5; }},
        {"A's velocity", [](Scene& s) { s.bodies[0].body.velocity.y = -2.0; }},
        {"B's radius", [](Scene& s) { s.bodies[1].body.radius = 3.0; }},
        {"A's mass", [](Scene& s) { s.bodies[0].body.mass = std::numeric_limits<double>::infinity(); }},
        {"B's colour", [](Scene& s) { s.bodies[1].color = Color{1.0f, 0.0f, 0.0f}; }},
        {"the horizon", [](Scene& s) { s.time.horizon = 4.0; }},
        {"the overlap check", [](Scene& s) { s.discrete.enabled = true; }},
        {"dt", [](Scene& s) { s.discrete.dt = 2.0; }},
        {"the phase", [](Scene& s) { s.discrete.phase = 0.25; }},
        {"the collision response", [](Scene& s) { s.response.enabled = true; }},
        {"the restitution e", [](Scene& s) { s.response.restitution = 0.5; }},
        {"the time plot", [](Scene& s) { s.show.plot = true; }},
        {"the relative frame", [](Scene& s) { s.show.relative_frame = true; }},
        {"what is drawn", [](Scene& s) { s.show.ghosts = false; }},
        {"the theme", [](Scene& s) { s.show.theme = Theme::Light; }},
        {"the caption", [](Scene& s) { s.caption = "something else"; }},
    };
}

}  // namespace

TEST(DescribeChange, EqualScenesSayNothing) {
    const Scene scene;
    EXPECT_EQ(describe_change(scene, scene), "");
}

TEST(DescribeChange, EachFieldAloneIsNamed) {
    for (const OneChange& change : one_changes()) {
        const Scene before;
        Scene after = before;
        change.apply(after);
        ASSERT_NE(before, after) << change.words;
        EXPECT_EQ(describe_change(before, after), change.words);
        // the same words going back (redo names the step as undo did)
        EXPECT_EQ(describe_change(after, before), change.words);
    }
}

TEST(DescribeChange, BodiesGoByTheirLabelsAndFieldsOfOneBodyGoTogether) {
    const Scene before;
    Scene after = before;
    after.bodies[0].label = "Earth";
    after.bodies[0].body.position = {1.0, 2.0};
    after.bodies[0].body.radius = 0.5;
    EXPECT_EQ(describe_change(before, after), "Earth's position, radius and name");
    Scene both = before;
    both.bodies[0].body.velocity = {0.0, 1.0};
    both.bodies[1].body.velocity = {0.0, -1.0};
    EXPECT_EQ(describe_change(before, both), "A's velocity and B's velocity");
    both.discrete.dt = 0.25;
    both.bodies[1].body.radius = 2.0;  // with more than one thing changed, each field is its own
    EXPECT_EQ(describe_change(before, both), "A's velocity, B's velocity and 2 more");
}

TEST(DescribeChange, ManyChangesStayShort) {
    // changes that touch one body each at most once, so that each is its own phrase
    const std::vector<OneChange> all = one_changes();
    std::vector<OneChange> changes;
    for (const OneChange& c : all)
        if (std::string(c.words) != "B's radius" && std::string(c.words) != "B's colour") changes.push_back(c);
    const auto applied = [&changes](std::size_t count, const std::string& phrase) {
        for (std::size_t i = 0; i < count; ++i)
            if (phrase == changes[i].words) return true;
        return false;
    };
    for (std::size_t count = 2; count <= changes.size(); ++count) {
        const Scene before;
        Scene after = before;
        for (std::size_t i = 0; i < count; ++i) changes[i].apply(after);
        const std::string said = describe_change(before, after);
        // "x and y", "x, y and z", or "x, y and N more": every change named or counted
        const std::size_t and_at = said.rfind(" and ");
        ASSERT_NE(and_at, std::string::npos) << said;
        const std::string last = said.substr(and_at + 5);
        std::vector<std::string> named;
        std::string head = said.substr(0, and_at);
        for (std::size_t comma; (comma = head.find(", ")) != std::string::npos; head.erase(0, comma + 2))
            named.push_back(head.substr(0, comma));
        named.push_back(head);
        ASSERT_LE(named.size(), 2u) << said;
        for (const std::string& phrase : named) EXPECT_TRUE(applied(count, phrase)) << phrase << " in " << said;
        if (count <= 3) {
            EXPECT_EQ(named.size() + 1, count) << said;
            EXPECT_TRUE(applied(count, last)) << last << " in " << said;
        } else {
            EXPECT_EQ(last, std::to_string(count - 2) + " more") << said;
        }
    }
}
