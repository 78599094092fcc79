// Scene files: the first form still reads, a save reads back identical, and every kind of broken
// file gets one message that says where.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <string>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "core/format.h"
#include "embedded/embedded.h"
#include "scene/scene_file.h"
#include "support/process.h"

namespace tangent {
namespace {

using test::TempDir;

constexpr const char* kFirstForm = R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
            {"position": [10, 0], "velocity": [-1, 0], "radius": 1}],
 "discrete": {"dt": 0.5, "phase": 0, "horizon": 10}})";

std::string error_of(std::string_view text) {
    const Result<LoadedScene> loaded = parse_scene(text, "s.json");
    EXPECT_FALSE(loaded.ok()) << "accepted: " << text;
    return loaded.ok() ? std::string() : loaded.error().message;
}

TEST(SceneFile, FirstFormReadsWithDefaults) {
    const Result<LoadedScene> loaded = parse_scene(kFirstForm, "s.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const Scene& s = loaded->scene;
    EXPECT_TRUE(loaded->warnings.empty());
    EXPECT_TRUE(loaded->has_discrete_block);
    EXPECT_EQ(s.bodies[1].body.position, glm::dvec2(10, 0));
    EXPECT_EQ(s.bodies[1].body.velocity, glm::dvec2(-1, 0));
    EXPECT_EQ(s.bodies[0].body.mass, 1.0);
    EXPECT_EQ(s.bodies[0].label, "A");
    EXPECT_EQ(s.bodies[1].label, "B");
    EXPECT_TRUE(s.discrete.enabled);
    EXPECT_EQ(s.discrete.dt, 0.5);
    EXPECT_EQ(s.time.horizon, 10.0);
}

Scene random_scene(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> uniform(-1e3, 1e3), positive(1e-3, 1e3), unit(0, 1);
    std::uniform_int_distribution<int> byte(0, 255), coin(0, 1);
    Scene s;
    s.caption = "random scene " + std::to_string(byte(rng));
    for (SceneBody& b : s.bodies) {
        b.body = Body{{uniform(rng), uniform(rng)}, {uniform(rng), uniform(rng)}, positive(rng),
                      coin(rng) ? std::numeric_limits<double>::infinity() : positive(rng)};
        b.label = "body " + std::to_string(byte(rng));
        if (coin(rng)) b.color = Color{static_cast<float>(byte(rng)) / 255.0f, static_cast<float>(byte(rng)) / 255.0f, static_cast<float>(byte(rng)) / 255.0f};
    }
    s.time = {positive(rng), uniform(rng), positive(rng), coin(rng) == 1};
    const double dt = positive(rng) * 1e-2;
    s.discrete = {coin(rng) == 1, dt, unit(rng) * dt};  // the phase within one step
    if (coin(rng)) s.view.center = glm::dvec2(uniform(rng), uniform(rng));
    if (coin(rng)) s.view.zoom = positive(rng);
    s.show = {coin(rng) == 1, coin(rng) == 1, coin(rng) == 1, coin(rng) == 1, coin(rng) == 1, coin(rng) == 1,
              coin(rng) == 1, static_cast<Theme>(byte(rng) % 3), std::nullopt};
    if (coin(rng)) s.show.pitfall = seeds::kVariants[byte(rng) % std::size(seeds::kVariants)];
    s.response = {coin(rng) == 1, unit(rng)};
    return s;
}

TEST(SceneFile, SaveLoadRoundTripIsIdentical) {
    TempDir dir;
    std::mt19937_64 rng(99);
    for (int i = 0; i < 300; ++i) {
        const Scene scene = random_scene(rng);
        ASSERT_FALSE(check_scene(scene)) << check_scene(scene)->message;
        const std::string path = dir.file("scene.json");
        const std::optional<Error> saved = save_scene(path, scene);
        ASSERT_FALSE(saved) << saved->message;
        const Result<LoadedScene> loaded = load_scene(path);
        ASSERT_TRUE(loaded.ok()) << loaded.error().message;
        EXPECT_TRUE(loaded->warnings.empty());
        EXPECT_EQ(loaded->scene, scene) << scene_to_json(scene) << "\nread back as\n" << scene_to_json(loaded->scene);
    }
}

TEST(SceneFile, SaveIsAtomicAndLeavesNoTemporaries) {
    TempDir dir;
    Scene first;
    first.caption = "first";
    const std::string path = dir.file("scene.json");
    ASSERT_FALSE(save_scene(path, first));
    // a save that cannot complete (the target is a directory) fails and keeps nothing half-done
    const std::string blocked = dir.file("blocked.json");
    std::filesystem::create_directory(blocked);
    const std::optional<Error> failed = save_scene(blocked, first);
    ASSERT_TRUE(failed);
    EXPECT_NE(failed->message.find("blocked.json"), std::string::npos) << failed->message;
    // an invalid scene is refused before anything is written: the old file survives
    Scene broken = first;
    broken.bodies[1].body.radius = -1;
    const std::optional<Error> refused = save_scene(path, broken);
    ASSERT_TRUE(refused);
    EXPECT_NE(refused->message.find("bodies[1].radius"), std::string::npos);
    const Result<LoadedScene> kept = load_scene(path);
    ASSERT_TRUE(kept.ok());
    EXPECT_EQ(kept->scene.caption, "first");
    int entries = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        ++entries;
        // (the temporaries' names)
        EXPECT_EQ(entry.path().filename().string().find(".tangent-"), std::string::npos) << entry.path();
    }
    EXPECT_EQ(entries, 2);  // scene.json and the blocking directory (no temporary left)
    // written whole beside it and renamed over it, never in place (a mutation test: only an export
    // test saw an in-place write): a hard link to the old file keeps the old scene, whole
    const std::string old_link = dir.file("old.json");
    std::filesystem::create_hard_link(path, old_link);
    Scene second = first;
    second.caption = "second";
    ASSERT_FALSE(save_scene(path, second));
    EXPECT_EQ(load_scene(path)->scene.caption, "second");
    const Result<LoadedScene> old = load_scene(old_link);
    ASSERT_TRUE(old.ok()) << old.error().message;
    EXPECT_EQ(old->scene.caption, "first") << "the save wrote into the old file";
    std::filesystem::remove(old_link);
    const std::optional<Error> nowhere = save_scene(dir.file("missing/dir/scene.json"), first);
    ASSERT_TRUE(nowhere);
    EXPECT_NE(nowhere->message.find("cannot write"), std::string::npos);
}

// A signal that ends the process while a save's temporary file (".tangent-XXXXXX" beside the
// target) exists left it behind: an export interrupted with Ctrl+C or a kill in those few
// milliseconds (an outside review). A child raises SIGTERM from inside the save, with the file
// written and not yet renamed (a test hook), and must die of SIGTERM leaving nothing behind.
TEST(SceneFile, ASignalDuringASaveTakesTheTemporaryFileWithIt) {
    TempDir dir;
    const std::string target = dir.file("figure.svg");
    for (const int signal_number : {SIGTERM, SIGINT, SIGHUP}) {
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            // the disposition a process starts with, whatever the test runner's
            ::signal(signal_number, SIG_DFL);
            static int raised = 0;
            raised = signal_number;
            detail::set_write_file_atomic_hook([](const char* temp) {
                if (::access(temp, F_OK) != 0) ::_exit(3);  // no temporary file to test with
                ::raise(raised);
            });
            (void)write_file_atomic(target, "<svg/>");
            ::_exit(4);  // not reached: the signal ends the child
        }
        int status = 0;
        ASSERT_EQ(::waitpid(child, &status, 0), child);
        EXPECT_TRUE(WIFSIGNALED(status)) << signal_number << ": exited with " << (WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        if (WIFSIGNALED(status)) {
            EXPECT_EQ(WTERMSIG(status), signal_number);
        }
        for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
            ADD_FAILURE() << signal_number << ": left behind: " << entry.path();
    }
}

// The handler is there only during the save, and only over a default action: an ignored signal
// stays ignored (nohup's SIGHUP), a program's own handler stays its own (the window's SIGTERM,
// which ends it cleanly), and each is what it was once the save returns.
TEST(SceneFile, ASaveLeavesTheSignalHandlersAsItFoundThem) {
    TempDir dir;
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    struct sigaction own {};
    own.sa_handler = [](int) {};
    sigemptyset(&own.sa_mask);
    struct sigaction fallback {};
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    struct sigaction old_int {}, old_term {}, old_hup {};
    ASSERT_EQ(::sigaction(SIGINT, &ignore, &old_int), 0);
    ASSERT_EQ(::sigaction(SIGTERM, &own, &old_term), 0);
    ASSERT_EQ(::sigaction(SIGHUP, &fallback, &old_hup), 0);
    static void (*during[3])(int) = {};
    detail::set_write_file_atomic_hook([](const char*) {
        struct sigaction now {};
        for (int i = 0; i < 3; ++i) {
            ::sigaction(std::array{SIGINT, SIGTERM, SIGHUP}[static_cast<std::size_t>(i)], nullptr, &now);
            during[i] = now.sa_handler;
        }
    });
    const std::optional<Error> error = write_file_atomic(dir.file("scene.json"), "{}");
    detail::set_write_file_atomic_hook(nullptr);
    EXPECT_FALSE(error) << error->message;
    EXPECT_EQ(during[0], SIG_IGN);
    EXPECT_EQ(during[1], own.sa_handler);
    EXPECT_NE(during[2], SIG_DFL) << "no handler to take the temporary file away";
    struct sigaction after {};
    ::sigaction(SIGINT, nullptr, &after);
    EXPECT_EQ(after.sa_handler, SIG_IGN);
    ::sigaction(SIGTERM, nullptr, &after);
    EXPECT_EQ(after.sa_handler, own.sa_handler);
    ::sigaction(SIGHUP, nullptr, &after);
    EXPECT_EQ(after.sa_handler, SIG_DFL);
    ::sigaction(SIGINT, &old_int, nullptr);
    ::sigaction(SIGTERM, &old_term, nullptr);
    ::sigaction(SIGHUP, &old_hup, nullptr);
}

// A "response" block without "enabled" was silently no bounce, where a "discrete" block without it
// is switched on (a student scripting the CLI): a block given asks for what it holds, unless it
// says "enabled": false. A scene as the window saves it (with "enabled" either way) reads back
// unchanged.
TEST(SceneFile, AResponseBlockWithoutEnabledIsOnAsADiscreteOneIs) {
    const std::string bodies = R"("bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
                                            {"position": [10, 0], "velocity": [-1, 0], "radius": 1}])";
    const auto read = [&](const std::string& extra) {
        const Result<LoadedScene> loaded = parse_scene("{" + bodies + extra + "}", "s.json");
        EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message);
        return loaded.ok() ? loaded->scene : Scene{};
    };
    const Scene given = read(R"(, "response": {"restitution": 0.5})");
    EXPECT_TRUE(given.response.enabled);
    EXPECT_EQ(given.response.restitution, 0.5);
    EXPECT_TRUE(read(R"(, "response": {})").response.enabled);
    EXPECT_FALSE(read(R"(, "response": {"enabled": false, "restitution": 0.5})").response.enabled);
    EXPECT_FALSE(read("").response.enabled);
    EXPECT_TRUE(read(R"(, "discrete": {"dt": 0.5})").discrete.enabled);  // the rule it follows
    for (const bool enabled : {false, true}) {
        Scene scene = given;
        scene.response.enabled = enabled;
        const std::string saved = scene_to_json(scene);
        const Result<LoadedScene> again = parse_scene(saved, "saved.json");
        ASSERT_TRUE(again.ok()) << again.error().message;
        EXPECT_EQ(again->scene, scene) << saved;
        EXPECT_EQ(scene_to_json(again->scene), saved);
    }
}

// JSON has no infinity or NaN: a scene holding one (built through the API, not read from a file)
// would be written as null and never open again. Every number a scene holds is refused by the
// save, naming its key, and the file on disk stays as it was. Judge: the message and the file.
TEST(SceneFile, ASaveRefusesEveryNumberJsonCannotHold) {
    TempDir dir;
    const std::string path = dir.file("scene.json");
    Scene kept;
    kept.caption = "kept";
    kept.view.center = glm::dvec2(1.0, 2.0);
    kept.view.zoom = 40.0;
    ASSERT_FALSE(save_scene(path, kept));
    const std::string before = test::read_file(path);
    struct Field {
        std::string key;
        std::function<void(Scene&, double)> set;
    };
    const std::vector<Field> fields = {
        {"bodies[0].position", [](Scene& s, double v) { s.bodies[0].body.position.x = v; }},
        {"bodies[1].position", [](Scene& s, double v) { s.bodies[1].body.position.y = v; }},
        {"bodies[0].velocity", [](Scene& s, double v) { s.bodies[0].body.velocity.y = v; }},
        {"bodies[1].velocity", [](Scene& s, double v) { s.bodies[1].body.velocity.x = v; }},
        {"bodies[1].radius", [](Scene& s, double v) { s.bodies[1].body.radius = v; }},
        {"time.horizon", [](Scene& s, double v) { s.time.horizon = v; }},
        {"time.current", [](Scene& s, double v) { s.time.current = v; }},
        {"time.speed", [](Scene& s, double v) { s.time.speed = v; }},
        {"discrete.dt", [](Scene& s, double v) { s.discrete.dt = v; }},
        {"discrete.phase", [](Scene& s, double v) { s.discrete.phase = v; }},
        {"view.center", [](Scene& s, double v) { s.view.center->y = v; }},
        {"view.zoom", [](Scene& s, double v) { s.view.zoom = v; }},
        {"response.restitution", [](Scene& s, double v) { s.response.restitution = v; }},
    };
    for (const Field& field : fields) {
        for (const double bad : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                 std::numeric_limits<double>::quiet_NaN()}) {
            Scene scene = kept;
            field.set(scene, bad);
            const std::optional<Error> refused = save_scene(path, scene);
            ASSERT_TRUE(refused) << field.key << " = " << bad << " was saved as:\n" << test::read_file(path);
            EXPECT_NE(refused->message.find(field.key), std::string::npos) << field.key << ": " << refused->message;
            EXPECT_EQ(test::read_file(path), before) << field.key;
        }
    }
    // (mass may be infinite, an immovable body, and is written as a word JSON can hold)
    Scene immovable = kept;
    immovable.bodies[0].body.mass = std::numeric_limits<double>::infinity();
    ASSERT_FALSE(save_scene(path, immovable));
    const Result<LoadedScene> back = load_scene(path);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_TRUE(std::isinf(back->scene.bodies[0].body.mass));
}

// What an atomic save must not do to the file it replaces (found by an outside review): widen
// its permissions, turn a symbolic link into a plain file, or fail on a long but valid name.
TEST(SceneFile, SaveKeepsPermissionsLinksAndLongNames) {
    TempDir dir;
    Scene scene;
    scene.caption = "kept";
    const std::string secret = dir.file("secret.json");
    ASSERT_FALSE(save_scene(secret, Scene{}));
    ASSERT_EQ(::chmod(secret.c_str(), 0600), 0);
    ASSERT_FALSE(save_scene(secret, scene));
    struct stat after {};
    ASSERT_EQ(::stat(secret.c_str(), &after), 0);
    EXPECT_EQ(after.st_mode & 07777, 0600u);

    const std::string real = dir.file("real.json");
    const std::string link = dir.file("link.json");
    ASSERT_FALSE(save_scene(real, Scene{}));
    std::filesystem::create_symlink(real, link);
    ASSERT_FALSE(save_scene(link, scene));
    EXPECT_TRUE(std::filesystem::is_symlink(link));
    const Result<LoadedScene> through = load_scene(real);
    ASSERT_TRUE(through.ok());
    EXPECT_EQ(through->scene.caption, "kept");

    // 250 characters: a temporary named after it would pass the 255-byte limit
    const std::string long_name = dir.file(std::string(245, 'n') + ".json");
    const std::optional<Error> saved = save_scene(long_name, scene);
    EXPECT_FALSE(saved) << saved->message;
    EXPECT_TRUE(load_scene(long_name).ok());
}

TEST(SceneFile, TruncatedFileNamesLineAndColumn) {
    const std::string first_form = kFirstForm;
    const std::string text = first_form.substr(0, first_form.find('\n') + 30);
    const std::string message = error_of(text);
    EXPECT_EQ(message.rfind("s.json:2:", 0), 0u) << message;
    EXPECT_NE(message.find("syntax error"), std::string::npos) << message;
}

TEST(SceneFile, NaNIsNotJson) {
    const std::string message = error_of(R"({"bodies": [{"position": [NaN, 0], "velocity": [1, 0], "radius": 1},
        {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})");
    EXPECT_EQ(message.rfind("s.json:1:", 0), 0u) << message;
}

TEST(SceneFile, HugeNumberIsRefusedWhereItStands) {
    const std::string message = error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [1e999, 0], "velocity": [1, 0], "radius": 1}]})");
    // line 2, column 23: where "1e999" starts
    EXPECT_EQ(message.rfind("s.json:2:23: ", 0), 0u) << message;
    EXPECT_NE(message.find("1e999"), std::string::npos) << message;
}

// The other end of the range: "1e-400" read as 0 (a radius of 1e-400 was refused as "got 0", a
// position moved to 0 without a word). Refused where it stands, as 1e999 is; 1e-310, a
// subnormal double, and "0e-999" (zero written so) still read.
TEST(SceneFile, TinyNumberIsRefusedWhereItStands) {
    const std::string message = error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [0, 0], "velocity": [1, 0], "radius": 1e-400}]})");
    // line 2, column 60: where "1e-400" starts
    EXPECT_EQ(message.rfind("s.json:2:60: ", 0), 0u) << message;
    EXPECT_NE(message.find("1e-400"), std::string::npos) << message;
    EXPECT_NE(message.find("underflow"), std::string::npos) << message;
    const Result<LoadedScene> fine = parse_scene(R"({"bodies": [{"position": [1e-310, 0e-999], "velocity": [1, 0], "radius": 1},
        {"position": [5, 0], "velocity": [0, 0], "radius": 1}]})", "s.json");
    ASSERT_TRUE(fine.ok()) << fine.error().message;
    EXPECT_EQ(fine->scene.body_a().position.x, 1e-310);
    EXPECT_EQ(fine->scene.body_a().position.y, 0.0);
}

// Where the marker '@' stands in `marked` (which has it once), as "line:column" counted by hand
// here: lines end at "\n", "\r\n" or a lone "\r"; columns count characters; a leading
// byte-order mark is no column. The text itself is `marked` without the '@'.
std::string place_of_marker(std::string_view marked) {
    std::size_t line = 1;
    std::size_t column = 1;
    std::size_t i = marked.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    for (; marked[i] != '@'; ++i) {
        if (marked.substr(i, 2) == "\r\n") continue;  // the "\n" ends the line
        if (marked[i] == '\n' || marked[i] == '\r') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(marked[i]) & 0xC0) != 0x80) {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

std::string without_markers(std::string text) {
    std::erase(text, '@');
    return text;
}

// A key given twice in one object is refused where it is given again, naming the object and
// where the key was first: nlohmann keeps the last without a word, so a scene could silently
// not be what its author reads at the top.
TEST(SceneFile, KeyGivenTwiceIsRefusedWithBothPlaces) {
    const std::string marked = "{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1},\n"
                               "  {\"position\": [1, 0], \"velocity\": [1, 0], #\"radius\": 1,\n"
                               "   @\"radius\": 2}]}";
    std::string first = marked;
    std::erase(first, '@');
    std::string second = marked;
    std::erase(second, '#');
    const std::string message = error_of(without_markers(second));
    EXPECT_EQ(message, "s.json:" + place_of_marker(second) + ": bodies[1] has the key \"radius\" twice (first at " +
                           place_of_marker(std::string(first).replace(first.find('#'), 1, "@")) + "): keep one");

    // at the top level, deeper down, and a key with an escaped quote in it
    EXPECT_NE(error_of(R"({"bodies": [], "bodies": []})").find("s.json:1:16: the top level has the key \"bodies\" twice"),
              std::string::npos);
    const std::string deeper = error_of(
        R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [1, 0], "velocity": [1, 0], "radius": 1}],)"
        R"( "discrete": {"dt": 0.5, "dt": 0.25}})");
    EXPECT_NE(deeper.find(" discrete has the key \"dt\" twice"), std::string::npos) << deeper;
    const std::string escaped = error_of(R"({"a\"b": 1, "a\"b": 2})");
    EXPECT_EQ(escaped, R"(s.json:1:13: the top level has the key "a\"b" twice (first at 1:2): keep one)");
    // the top level is the outermost object, not any object under an empty key
    EXPECT_NE(error_of(R"({"": {"c": 1, "c": 2}})").find(R"(: "" has the key "c" twice)"), std::string::npos)
        << error_of(R"({"": {"c": 1, "c": 2}})");
    // the same key in two objects, or in an object inside, is no repeat
    const Result<LoadedScene> fine = parse_scene(
        R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": "A"},
                      {"position": [1, 0], "velocity": [1, 0], "radius": 1, "label": "B"}]})",
        "s.json");
    EXPECT_TRUE(fine.ok()) << fine.error().message;
}

// Editors on other systems write a byte-order mark, "\r\n" or (old Macs) a lone "\r": a file
// with either loads, and an error in it is placed where an editor shows it.
TEST(SceneFile, ByteOrderMarkAndLineEndingsDoNotMovePlaces) {
    std::string form = kFirstForm;
    const std::string bom = "\xEF\xBB\xBF";
    for (const std::string ending : {"\r\n", "\r"}) {
        std::string text = form;
        for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + ending.size()))
            text.replace(at, 1, ending);
        const Result<LoadedScene> loaded = parse_scene(bom + text, "s.json");
        ASSERT_TRUE(loaded.ok()) << loaded.error().message;
        EXPECT_EQ(loaded->scene.bodies[1].body.position, glm::dvec2(10, 0));

        const std::string marked = bom + "{\"bodies\":" + ending + ending + "  [@x]}";
        EXPECT_EQ(error_of(without_markers(marked)).rfind("s.json:" + place_of_marker(marked) + ": syntax error", 0), 0u)
            << error_of(without_markers(marked));
    }
    // on the mark's own line too: the mark is no column (a mutation test: only line 3 was tried)
    const std::string first_line = bom + "{\"bodies\": @x}";
    EXPECT_EQ(error_of(without_markers(first_line)).rfind("s.json:" + place_of_marker(first_line) + ": syntax error", 0), 0u)
        << error_of(without_markers(first_line));
    EXPECT_EQ(place_of_marker("\xEF\xBB\xBF{@"), "1:2");  // the judge itself
    EXPECT_EQ(place_of_marker("{\r\r\n\n  @"), "4:3");
}

// A number too large for a double is placed where it stands, not at an earlier string that
// happens to hold the same text.
TEST(SceneFile, HugeNumberIsPlacedEvenAfterTheSameTextInAString) {
    const std::string marked = R"({"caption": "1e999 is too big", "bodies": [{"position": [@1e999, 0], "velocity": [1, 0], "radius": 1},
        {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})";
    const std::string message = error_of(without_markers(marked));
    EXPECT_EQ(message.rfind("s.json:" + place_of_marker(marked) + ": number overflow parsing '1e999'", 0), 0u) << message;
}

// A NUL byte ended the parse where it stood: a scene followed by a NUL and binary junk was read
// as if the junk were not there, and one before the scene said "unexpected end of input" (an
// outside review). It is named where it is, whatever follows.
TEST(SceneFile, ANulByteIsRefusedWhereItIs) {
    const std::string nul(1, '\0');
    for (const std::string& marked : {std::string(kFirstForm) + "\n@" + nul + "\xff\xfe garbage {{{", "  @" + nul + " " + std::string(kFirstForm),
                                      "{\"caption\": \"a@" + nul + "b\"}"}) {
        const std::string message = error_of(without_markers(marked));
        EXPECT_EQ(message.rfind("s.json:" + place_of_marker(marked) + ": a NUL byte", 0), 0u) << message;
    }
}

// A comma left out before a key was placed at the key's closing quote, where an editor's cursor
// lands on its opening one (an outside review): the place is the string's start, escaped quotes
// inside it and all. Judge: the '@' marker in the text.
TEST(SceneFile, AStringWhereItDoesNotBelongIsPlacedAtItsStart) {
    for (const std::string& marked : {std::string(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
 {"position": [10, 0] @"velocity": [-1, 0], "radius": 1}]})"),
                                     std::string("{\"caption\": \"x\"\n   @\"a_very_long_key_with_\\\"quotes\\\"_in_it\": 1}")}) {
        const std::string message = error_of(without_markers(marked));
        EXPECT_EQ(message.rfind("s.json:" + place_of_marker(marked) + ": syntax error", 0), 0u) << message;
    }
}

// A file saved by Windows' Notepad as "ANSI" (Latin-1 or Windows-1252) got the parser's "ill-formed
// UTF-8 byte; last read: …" (a locale review): said in words, at the byte, with the way out.
// Judge: the '@' marker, the bytes named in hexadecimal.
TEST(SceneFile, AFileNotInUtf8IsSaidToBeInAnotherEncoding) {
    for (const auto& [marked, byte] : std::vector<std::pair<std::string, std::string>>{
             {"{\"caption\": \"Schr@\xE4g\"}", "the byte \\xE4 is"},
             {"{\"caption\": \"5 @\x80 each\"}", "the byte \\x80 is"},
             {"{\"caption\": \"ok\",\n \"bodies\": [{\"label\": \"Zo@\xEB\"}]}", "the byte \\xEB is"},
             {"{\"caption\": \"cut @\xE2\x82\"}", "the bytes \\xE2\\x82 are"}}) {
        const std::string message = error_of(without_markers(marked));
        EXPECT_EQ(message.rfind("s.json:" + place_of_marker(marked) + ": " + byte + " not UTF-8 text", 0), 0u) << message;
        EXPECT_NE(message.find("save it as UTF-8"), std::string::npos) << message;
    }
}

// What a person writing JSON by hand trips on is said in words, at its place (a hand-editing
// review: a comment read "invalid literal; last read: '…/'"). Judge: the '@' marker in the text,
// and the words each mistake calls for.
TEST(SceneFile, HandWritingMistakesAreSaidInWords) {
    const std::string body_b = R"({"position": [10, 0], "velocity": [-1, 0], "radius": 1})";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{\"bodies\": [\n  @// A first\n  " + body_b + ", " + body_b + "]}", "JSON has no comments"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [@NaN, 0], \"radius\": 1}, " + body_b + "]}", "NaN and Infinity"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [@-Infinity, 0], \"radius\": 1}, " + body_b + "]}",
         "NaN and Infinity"},
        {"{@'bodies': []}", "double quotes"},
        {"{\"bodies\": [{\"position\": [0, 0, @], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "a comma before ']'"},
        {"{\"bodies\": [" + body_b + ", " + body_b + ",\n @]}", "a comma before ']'"},
        {"{\"bodies\": [{\"position\": [0, 0] @\"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "a comma is missing"},
        // and between two bodies, or two numbers (the parser's own words were all an author got)
        {"{\"bodies\": [" + body_b + "\n  @" + body_b + "]}", "a comma is missing"},
        {"{\"bodies\": [{\"position\": [1 @0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "a comma is missing"},
        {"{\"bodies\": [{\"position\": [1, 0], \"velocity\": [1, 0], \"radius\": 1 @\"mass\": 2}, " + body_b + "]}", "a comma is missing"},
        {"{\"bodies\": [{\"position\": [1, 0], \"velocity\": [[1, 0] @[2, 0]], \"radius\": 1}, " + body_b + "]}", "a comma is missing"},
        // a leading zero is no missing comma, Python's None no NaN, a capital True no JSON (a QA review)
        {"{\"bodies\": [{\"position\": [@01, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "does not start with 0"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1, \"mass\": @None}, " + body_b + "]}",
         "None is Python's; JSON writes null"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1, \"mass\": @True}, " + body_b + "]}",
         "JSON knows no other words"},
        {"@Name:\ttangent\n", "JSON knows no other words"},
        // slips of a robustness review: a decimal comma, curly quotes and a no-break space from a
        // word processor, a key without quotes, two commas, text after the end, numbers JSON does
        // not write
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1,@5}, " + body_b + "]}", "a decimal comma?"},
        {"{\"bodies\": [{@\u201Cposition\u201D: [0, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "curly quotes"},
        {"{\"bodies\": [{\"position\":@\u00A0[0, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "a no-break space"},
        {"{\"bodies\": [{@position: [0, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}",
         "a key takes double quotes: \"position\", not position"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1,@,}, " + body_b + "]}", "two commas in a row"},
        {"{\"bodies\": [{\"position\": [@,1, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}",
         "a comma with nothing before it"},
        {"{\"bodies\": [" + body_b + ", " + body_b + "]}\n@garbage\n", "text after the end of the scene"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": @0x1F}, " + body_b + "]}", "write 31, not 0x1F"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": @.5}, " + body_b + "]}", "write 0.5, not .5"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": @+10}, " + body_b + "]}", "no + sign"},
        // and a recheck's: a hexadecimal float, a thousands separator, a typeset minus, narrow space
        // and power of ten (as Tangent's derivation writes them), numbers cut short
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": @0x1p3}, " + body_b + "]}", "not hexadecimal (0x1p3)"},
        {"{\"bodies\": [{\"position\": [1,@000, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}", "a thousands separator?"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [@\u22121, 0], \"radius\": 1}, " + body_b + "]}", "a minus sign"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1@\u202F000, 0], \"radius\": 1}, " + body_b + "]}", "a narrow space"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 2@\u00B710\u207B\u00B3}, " + body_b + "]}",
         "write 2e-3"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1@.}, " + body_b + "]}", "ends with a digit"},
        {"{\"bodies\": [{\"position\": [0, 0], \"velocity\": [1, 0], \"radius\": 1@e}, " + body_b + "]}", "needs its digits"},
        // a whole file that is one hexadecimal number (the 0 read as the scene: "its last closing
        // bracket" was named where there is none), and text after a scene with no bracket
        {"@0x10", "write 16, not 0x10"},
        {"  @0X1F\n", "write 31, not 0X1F"},
        {"5 @6", "text after the end of the value"},
    };
    for (const auto& [marked, words] : cases) {
        const std::string message = error_of(without_markers(marked));
        EXPECT_EQ(message.rfind("s.json:" + place_of_marker(marked) + ": syntax error: ", 0), 0u) << message;
        EXPECT_NE(message.find(words), std::string::npos) << message;
    }
    // a decimal comma inside a list makes three numbers of two: the key's message says so
    const std::string split = error_of("{\"bodies\": [{\"position\": [10,5, 0], \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}");
    EXPECT_NE(split.find("bodies[0].position must be two finite numbers [x, y] (a decimal comma? JSON writes [10.5, 0] with points)"),
              std::string::npos)
        << split;
    // and a wrong closing bracket is no missing comma (a code review: "[0, 0}" was said to lack one)
    for (const std::string& text : {"{\"bodies\": [{\"position\": [0, 0}, \"velocity\": [1, 0], \"radius\": 1}, " + body_b + "]}",
                                    "{\"bodies\": [" + body_b + ", " + body_b + "}"}) {
        const std::string message = error_of(text);
        EXPECT_EQ(message.find("a comma is missing"), std::string::npos) << message;
    }
}

// A key of 500,000 characters filled the canvas's notice and the terminal, its "unknown key,
// ignored" cut off (a QA review): it is said by its first 40 characters and its length.
TEST(SceneFile, AVeryLongUnknownKeyIsSaidByItsStartAndLength) {
    const std::string key(500000, 'k');
    const Result<LoadedScene> loaded = parse_scene(R"({")" + key + R"(": 1, "bodies": [
        {"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})",
                                                   "s.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->warnings.size(), 1u);
    const std::string& warning = loaded->warnings[0];
    EXPECT_LT(warning.size(), 200u) << warning.substr(0, 300);
    EXPECT_EQ(warning.rfind(std::string(40, 'k') + "\u2026 (a key of 500000 characters): unknown key, ignored", 0), 0u) << warning.substr(0, 300);
}

// A bad value's text is shortened between characters, not inside one: 3,000 accents after "1"
// were cut in the middle of an accent's two bytes, leaving a stray \xCC (a QA review). Judge:
// the message is well-formed UTF-8 (every lead byte followed by its continuation bytes).
TEST(SceneFile, ABadValueIsShortenedBetweenCharacters) {
    std::string marks;
    for (int i = 0; i < 3000; ++i) marks += "\xCC\x81";
    const std::string message = error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": "1)" + marks +
                                         R"("}, {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})");
    ASSERT_NE(message.find("bodies[0].radius must be"), std::string::npos) << message;
    EXPECT_LT(message.size(), 300u);
    for (std::size_t i = 0; i < message.size();) {
        const auto lead = static_cast<unsigned char>(message[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
        ASSERT_GT(length, 0u) << "a stray continuation byte at " << i;
        ASSERT_LE(i + length, message.size()) << "a character cut at the end";
        for (std::size_t k = 1; k < length; ++k)
            ASSERT_EQ(static_cast<unsigned char>(message[i + k]) & 0xC0, 0x80) << "a character cut at " << i;
        i += length;
    }
}

// A scene written by the window reads as the presets do, short lists and objects on one line
// ("position": [-6.0, -3.0]): nlohmann's indent gave each number a line, and a nine-line
// hand-written file came back sixty lines long (a hand-editing review). Judge: the text itself,
// and the scene read back the same.
TEST(SceneFile, ASavedSceneKeepsShortListsOnOneLine) {
    const Result<LoadedScene> loaded = parse_scene(kFirstForm, "s.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const std::string text = scene_to_json(loaded->scene);
    EXPECT_NE(text.find("\"position\": [0, 0]"), std::string::npos) << text;
    EXPECT_NE(text.find("\"time\": {\"horizon\": "), std::string::npos) << text;
    std::size_t lines = 0, longest = 0;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line); ++lines) longest = std::max(longest, line.size());
    EXPECT_LE(lines, 25u) << text;
    EXPECT_LE(longest, 100u) << text;
    const Result<LoadedScene> again = parse_scene(text, "again.json");
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(again->scene, loaded->scene);
}

// A whole number is written as the presets write it, 0 not 0.0 (the first save of a hand-written
// scene kept in git changed every line: a file-system review), and every number reads back as the
// same double, the sign of a zero too. Judge: the text, and the doubles read back bit for bit.
TEST(SceneFile, ASavedNumberReadsBackBitForBitAndAWholeOneHasNoPoint) {
    std::mt19937_64 rng(20261128);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::vector<double> values = {0.0, -0.0, 1.0, -4.0, 14.0, 0.5, 1e15, 0x1p53, 0x1p53 + 2.0, 1e20, -1e300, 5e-324, 0.1};
    for (int i = 0; i < 200; ++i) values.push_back(i % 2 ? std::round(1e6 * unit(rng)) : std::ldexp(unit(rng), static_cast<int>(60 * unit(rng))));
    for (const double x : values) {
        Scene scene;
        scene.bodies[0].body.position = {x, -x};
        const std::string text = scene_to_json(scene);
        const Result<LoadedScene> back = parse_scene(text, "s.json");
        ASSERT_TRUE(back.ok()) << back.error().message << "\n" << text;
        const glm::dvec2 p = back->scene.bodies[0].body.position;
        EXPECT_EQ(std::bit_cast<std::uint64_t>(p.x), std::bit_cast<std::uint64_t>(x)) << x << " in\n" << text;
        EXPECT_EQ(std::bit_cast<std::uint64_t>(p.y), std::bit_cast<std::uint64_t>(-x)) << -x << " in\n" << text;
        const std::size_t at = text.find("\"position\": [");
        ASSERT_NE(at, std::string::npos) << text;
        const std::string written = text.substr(at + 13, text.find(']', at) - at - 13);
        if (x == std::trunc(x) && std::abs(x) < 0x1p53 && x != 0.0) {
            EXPECT_EQ(written.find('.'), std::string::npos) << x << " written as " << written;
        }
    }
    EXPECT_NE(scene_to_json(Scene{}).find("\"horizon\": 10,"), std::string::npos) << scene_to_json(Scene{});
}

// Written as the escape "\u0000" the NUL passed, and garbled every label of a PNG figure (its
// text drawn as C strings): a label or caption holding it is refused, naming the key.
TEST(SceneFile, AnEscapedNulInATextIsRefusedWithItsKey) {
    EXPECT_EQ(error_of(R"({"caption": "Hello\u0000World", "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
                      {"position": [5, 0], "velocity": [0, 0], "radius": 1}]})"),
              "s.json: caption must not hold the character U+0000 (\\u0000), got \"Hello\\u0000World\" (a string)");
    EXPECT_EQ(error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": "a\u0000"},
                      {"position": [5, 0], "velocity": [0, 0], "radius": 1}]})"),
              "s.json: bodies[0].label must not hold the character U+0000 (\\u0000), got \"a\\u0000\" (a string)");
}

// A scene saved as UTF-16 (Notepad's "Unicode") is named as such, with or without its byte-order
// mark, in either byte order: the NUL check alone called it binary data.
TEST(SceneFile, Utf16IsNamedAsSuch) {
    const auto utf16 = [](const std::string& ascii, bool little_endian, bool mark) {
        std::string out = mark ? (little_endian ? "\xFF\xFE" : "\xFE\xFF") : "";
        for (const char c : ascii) {
            const std::string unit = little_endian ? std::string{c, '\0'} : std::string{'\0', c};
            out += unit;
        }
        return out;
    };
    for (const bool little_endian : {true, false}) {
        for (const bool mark : {true, false}) {
            const std::string message = error_of(utf16(kFirstForm, little_endian, mark));
            EXPECT_NE(message.find("UTF-16"), std::string::npos) << message;
        }
    }
}

// UTF-32 was named UTF-16 (its little-endian mark begins as UTF-16's does): it is named as itself,
// with or without its mark, in either byte order.
TEST(SceneFile, Utf32IsNamedAsSuch) {
    const auto utf32 = [](const std::string& ascii, bool little_endian, bool mark) {
        std::string out = mark ? (little_endian ? std::string("\xFF\xFE\0\0", 4) : std::string("\0\0\xFE\xFF", 4)) : "";
        for (const char c : ascii) out += little_endian ? std::string{c, '\0', '\0', '\0'} : std::string{'\0', '\0', '\0', c};
        return out;
    };
    for (const bool little_endian : {true, false}) {
        for (const bool mark : {true, false}) {
            const std::string message = error_of(utf32(kFirstForm, little_endian, mark));
            EXPECT_NE(message.find("UTF-32"), std::string::npos) << little_endian << mark << ": " << message;
        }
    }
}

// A scene that begins with two UTF-8 byte-order marks was an "invalid literal" with the marks'
// invisible bytes echoed ("last read: '\xEF'"): it is named, with no raw mark in the message.
// One mark alone is allowed.
TEST(SceneFile, TwoByteOrderMarksAreNamed) {
    const std::string bom = "\xEF\xBB\xBF";
    const std::string message = error_of(bom + bom + kFirstForm);
    EXPECT_NE(message.find("two byte-order marks"), std::string::npos) << message;
    EXPECT_EQ(message.find(bom), std::string::npos) << "the message echoes a mark";
    EXPECT_EQ(message.find('\xEF'), std::string::npos) << message;
    EXPECT_TRUE(parse_scene(bom + kFirstForm, "s.json").ok());
}

TEST(SceneFile, ColumnsCountCharactersNotBytes) {
    // "é" is two bytes in UTF-8: the x after it is the 15th character of its line, the 16th byte
    const std::string message = error_of("{\"label\": \"é\" x}");
    EXPECT_EQ(message.rfind("s.json:1:15: ", 0), 0u) << message;
}

// Nesting deeper than any scene needs is refused before parsing, with where it goes too deep: a
// message that printed the value once overflowed the stack at 100,000 levels (an outside review).
TEST(SceneFile, DeepNestingIsRefusedWithItsPlace) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string message = error_of(deep);
    EXPECT_EQ(message, "s.json:1:33: lists and objects nested more than 32 deep");
    const std::string in_label =
        R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": )" + deep +
        R"(}, {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})";
    EXPECT_NE(error_of(in_label).find("nested more than 32 deep"), std::string::npos);
    // brackets inside strings do not count
    const std::string quoted = R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": "\")" +
                               std::string(100, '[') + R"("}, {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})";
    EXPECT_NE(error_of(quoted).find("label"), std::string::npos) << error_of(quoted);
}

TEST(SceneFile, WrongTypesNameTheKeyPath) {
    EXPECT_EQ(error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": "big"},
        {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})"),
              "s.json: bodies[0].radius must be a number, got \"big\" (a string)");
    EXPECT_EQ(error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [1, 0, 3], "velocity": [1, 0], "radius": 1}]})"),
              "s.json: bodies[1].position must be two finite numbers [x, y] (a decimal comma? JSON writes [1.0, 3] with points), got "
              "[1,0,3] (a list of 3 items)");
    // one body and three read differently: the count is said, not only the start of the list
    const std::string one = error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1}]})");
    EXPECT_EQ(one.rfind("s.json: bodies must be a list of exactly two bodies, got [{", 0), 0u) << one;
    EXPECT_TRUE(one.ends_with("(a list of 1 item)")) << one;
    const std::string three = error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [0, 0], "velocity": [1, 0], "radius": 1}]})");
    EXPECT_TRUE(three.ends_with("(a list of 3 items)")) << three;
    EXPECT_EQ(error_of(R"({"bodies": [{"velocity": [1, 0], "radius": 1}, {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})"),
              "s.json: bodies[0].position is missing");
    // a key given but misspelt is named beside the one missing (the warning that names it is only for files that load)
    EXPECT_EQ(error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "raduis": 1}, {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})"),
              "s.json: bodies[0].radius is missing (bodies[0] has 'raduis', which Tangent does not know: a misspelling?)");
    EXPECT_EQ(error_of(R"({"bodes": []})"), "s.json: bodies is missing (the scene has 'bodes', which Tangent does not know: a misspelling?)");
    // a version written 1.0 is version 1 (an editor may write it so); 1.5 is no version
    EXPECT_TRUE(parse_scene(R"({"version": 1.0, "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [5, 0], "velocity": [0, 0], "radius": 1}]})", "s.json").ok());
    EXPECT_EQ(error_of(R"({"version": 1.5, "bodies": []})"), "s.json: version must be a whole number, got 1.5");
    EXPECT_EQ(error_of(R"({"version": 1e300, "bodies": []})"), "s.json: version must be a format version from 1 to 1000000, got 1e+300");
    // a huge phase is blamed, not the dt it is compared with
    for (const char* phase : {"3", "1e150"}) {
        const std::string scene = std::string(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [5, 0], "velocity": [0, 0], "radius": 1}],
            "discrete": {"dt": 0.5, "phase": )") + phase + R"(, "horizon": 10}})";
        EXPECT_EQ(error_of(scene).rfind("s.json: discrete.phase must be at most discrete.dt (0.5), got ", 0), 0u) << error_of(scene);
    }
    EXPECT_EQ(error_of(R"([1, 2])"), "s.json: the scene must be an object {...}, got [1,2] (a list of 2 items)");
    EXPECT_EQ(error_of(std::string(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [1, 0], "velocity": [1, 0], "radius": 1}],)") +
                       R"( "show": {"theme": "neon"}})"),
              "s.json: show.theme must be \"dark\", \"light\" or \"print\", got \"neon\" (a string)");
}

TEST(SceneFile, BadValuesNameTheKeyPath) {
    const std::string bodies = R"("bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
                                             {"position": [1, 0], "velocity": [1, 0], "radius": -1}])";
    EXPECT_EQ(error_of("{" + bodies + "}"), "s.json: bodies[1].radius must be a finite number > 0, got -1");
    const std::string good = R"("bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "mass": 0},
                                           {"position": [1, 0], "velocity": [1, 0], "radius": 1}])";
    EXPECT_EQ(error_of("{" + good + "}"), "s.json: bodies[0].mass must be > 0 (or infinite: immovable), got 0");
    const std::string ok = R"("bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
                                         {"position": [1, 0], "velocity": [1, 0], "radius": 1}])";
    EXPECT_EQ(error_of("{" + ok + R"(, "discrete": {"dt": 0}})"),
              "s.json: discrete.dt must be a finite number > 0, got 0");
    EXPECT_EQ(error_of("{" + ok + R"(, "time": {"horizon": -2}})"),
              "s.json: time.horizon must be a finite number > 0, got -2");
    EXPECT_EQ(error_of("{" + ok + R"(, "response": {"restitution": 2}})"),
              "s.json: response.restitution must be between 0 and 1, got 2");
    EXPECT_EQ(error_of("{" + ok + R"(, "time": {"horizon": 5}, "discrete": {"horizon": 10}})"),
              "s.json: discrete.horizon 10 disagrees with time.horizon 5; give one of them");
    EXPECT_EQ(error_of("{" + ok + R"(, "version": 0})"), "s.json: version must be 1 or more, got 0");
    // bounds a mutation test found unpinned: a speed of 0, a zoom of 0 or below, a mass that is a
    // string but not "infinite", and the phase at most dt (a whole step, as the window keeps it, loads)
    EXPECT_EQ(error_of("{" + ok + R"(, "time": {"speed": 0}})"), "s.json: time.speed must be a finite number > 0, got 0");
    EXPECT_EQ(error_of("{" + ok + R"(, "view": {"zoom": 0}})"), "s.json: view.zoom must be a finite number > 0, got 0");
    EXPECT_EQ(error_of("{" + ok + R"(, "view": {"zoom": -1}})"), "s.json: view.zoom must be a finite number > 0, got -1");
    std::string misspelt = "{" + ok + "}";
    misspelt.insert(misspelt.find("\"radius\": 1}"), "\"mass\": \"infinit\", ");
    EXPECT_EQ(error_of(misspelt), "s.json: bodies[0].mass must be a number > 0 or \"infinite\", got \"infinit\" (a string)");
    EXPECT_TRUE(parse_scene("{" + ok + R"(, "discrete": {"dt": 0.5, "phase": 0.5}})", "s.json").ok());
    EXPECT_EQ(error_of("{" + ok + R"(, "discrete": {"dt": 0.5, "phase": 0.6}})"),
              "s.json: discrete.phase must be at most discrete.dt (0.5), got 0.6");
    // a version beyond int64 is not "less than 1"; labels count characters, not bytes
    EXPECT_EQ(error_of("{" + ok + R"(, "version": 18446744073709551615})"),
              "s.json: version must be a format version from 1 to 1000000, got 18446744073709551615");
    std::string accented = "{" + ok + "}";
    const std::string thirty = [] {
        std::string s;
        for (int i = 0; i < 30; ++i) s += "é";
        return s;
    }();
    accented.insert(accented.find("\"radius\": 1}"), "\"label\": \"" + thirty + "\", ");
    EXPECT_TRUE(parse_scene(accented, "s.json").ok()) << error_of(accented);
    // the key the user wrote, not the one it feeds (found by an outside review)
    EXPECT_EQ(error_of("{" + ok + R"(, "discrete": {"dt": 0.5, "horizon": 0}})"),
              "s.json: discrete.horizon must be a finite number > 0, got 0");
    EXPECT_EQ(error_of(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "color": "red"},
                                     {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})"),
              "s.json: bodies[0].color must be a colour \"#rrggbb\", got \"red\" (a string)");
}

// Without sampling switched on, the step does not limit the horizon: a scene with only
// "time": {"horizon": 1e12} once failed on the hidden default dt of 0.5 (an outside review).
// Labels are limited in characters, and the window cuts a long one between characters.
TEST(SceneFile, LabelsCountAndCutCharacters) {
    const std::string accented = "aé€😀";  // 1, 2, 3 and 4 bytes
    EXPECT_EQ(utf8_length(accented), 4u);
    EXPECT_EQ(utf8_prefix(accented, 2), "aé");
    EXPECT_EQ(utf8_prefix(accented, 3), "aé€");
    EXPECT_EQ(utf8_prefix(accented, 9), accented);
    EXPECT_EQ(utf8_prefix(accented, 0), "");
}

TEST(SceneFile, LongHorizonWithoutSamplingLoads) {
    const Result<LoadedScene> loaded = parse_scene(R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [10, 0], "velocity": [-1, 0], "radius": 1}], "time": {"horizon": 1e12}})",
                                                   "s.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_FALSE(loaded->scene.discrete.enabled);
    // switched on, the same step is refused, naming it
    Scene sampled = loaded->scene;
    sampled.discrete.enabled = true;
    const std::optional<Error> error = check_scene(sampled);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->message.rfind("discrete.dt 0.5 is too small for time.horizon 1e+12", 0), 0u) << error->message;
}

TEST(SceneFile, UnknownKeysAndNewerVersionsWarn) {
    const Result<LoadedScene> loaded = parse_scene(R"({"version": 7, "wind": 3,
        "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "colour": "#ff0000"},
                   {"position": [1, 0], "velocity": [1, 0], "radius": 1}]})",
                                                   "s.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    ASSERT_EQ(loaded->warnings.size(), 3u);
    EXPECT_NE(loaded->warnings[0].find("format version 7"), std::string::npos) << loaded->warnings[0];
    EXPECT_EQ(loaded->warnings[1], "wind: unknown key, ignored");
    // a key two edits or less from one it knows is named (an author's "colour" went unnoticed)
    EXPECT_EQ(loaded->warnings[2], "bodies[0].colour: unknown key, ignored; did you mean \"color\"?");
}

// Each unknown key near a known one is asked about, whatever its section, and one far from every
// known key is not. Judge: the known keys of each section, mistyped one edit at a time here.
TEST(SceneFile, AMistypedKeyIsAskedAboutByTheKeyItIsNear) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"bodies": [{"positon": [0, 0], "position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [3, 0], "velocity": [0, 0], "radius": 1}]})", "position"},
        {R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "Radius": 2, "radius": 1}, {"position": [3, 0], "velocity": [0, 0], "radius": 1}]})", "radius"},
        {R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [3, 0], "velocity": [0, 0], "radius": 1}], "discrete": {"dt": 0.5, "phaze": 0}})", "phase"},
        {R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1}, {"position": [3, 0], "velocity": [0, 0], "radius": 1}], "time": {"horizn": 5}})", "horizon"},
    };
    for (const auto& [text, meant] : cases) {
        const Result<LoadedScene> loaded = parse_scene(text, "s.json");
        ASSERT_TRUE(loaded.ok()) << loaded.error().message;
        ASSERT_EQ(loaded->warnings.size(), 1u) << text;
        EXPECT_NE(loaded->warnings[0].find("did you mean \"" + meant + "\"?"), std::string::npos) << loaded->warnings[0];
    }
    const Result<LoadedScene> far = parse_scene(R"({"wind": 3, "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [3, 0], "velocity": [0, 0], "radius": 1}]})", "s.json");
    ASSERT_TRUE(far.ok());
    ASSERT_EQ(far->warnings.size(), 1u);
    EXPECT_EQ(far->warnings[0].find("did you mean"), std::string::npos) << far->warnings[0];
}

// A newer Tangent's file opened and saved here (Ctrl+S) came back as version 1 without what this
// version does not read, silently (an outside review). Whatever the file held beyond this
// version's keys, at the top, in a body or in a section, is written back where it was, with the
// newer version number; the keys this version reads take the scene's values; saved again, the
// same text. A "view" holding only unknown keys, which this scene would not write, is made for them.
TEST(SceneFile, WhatANewerVersionWroteSurvivesASave) {
    const Result<LoadedScene> loaded = parse_scene(R"({"version": 2, "wind": {"speed": 3, "gusts": [1, 2]},
        "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "spin": 0.5},
                   {"position": [5, 0], "velocity": [-1, 0], "radius": 1, "shape": "square"}],
        "time": {"horizon": 10, "friction": 0.1}, "discrete": {"dt": 0.5, "substeps": 4},
        "view": {"tilt": 30}, "show": {"grid": false}, "response": {"restitution": 0.5, "spin_transfer": true}})",
                                                   "new.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    Scene edited = loaded->scene;
    edited.bodies[1].body.radius = 2.0;  // an edit in this version
    const std::string saved = scene_to_json(edited);
    const nlohmann::json j = nlohmann::json::parse(saved);
    EXPECT_EQ(j.at("version"), 2) << saved;
    EXPECT_EQ(j.at("wind"), nlohmann::json::parse(R"({"speed": 3, "gusts": [1, 2]})")) << saved;
    EXPECT_EQ(j.at("bodies").at(0).at("spin"), 0.5) << saved;
    EXPECT_EQ(j.at("bodies").at(1).at("shape"), "square") << saved;
    EXPECT_EQ(j.at("bodies").at(1).at("radius"), 2.0) << "the edit is saved: " << saved;
    EXPECT_EQ(j.at("time").at("friction"), 0.1) << saved;
    EXPECT_EQ(j.at("discrete").at("substeps"), 4) << saved;
    EXPECT_EQ(j.at("view").at("tilt"), 30) << saved;
    EXPECT_EQ(j.at("show").at("grid"), false) << saved;
    EXPECT_EQ(j.at("response").at("spin_transfer"), true) << saved;
    EXPECT_EQ(j.at("response").at("restitution"), 0.5) << saved;
    // read again (with the same warnings) and saved again: the same file
    const Result<LoadedScene> again = parse_scene(saved, "new.json");
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(again->warnings.size(), loaded->warnings.size());
    EXPECT_EQ(scene_to_json(again->scene), saved);
    // a version-1 file with nothing unknown is written as before: version 1, no extra keys
    const Result<LoadedScene> plain = parse_scene(kFirstForm, "s.json");
    ASSERT_TRUE(plain.ok());
    const nlohmann::json plain_saved = nlohmann::json::parse(scene_to_json(plain->scene));
    EXPECT_EQ(plain_saved.at("version"), 1);
    for (const auto& item : plain_saved.items())
        EXPECT_TRUE(item.key() == "version" || item.key() == "bodies" || item.key() == "time" || item.key() == "discrete" ||
                    item.key() == "show" || item.key() == "response")
            << item.key();
}

// A newer file's long array kept on save grew fivefold indented (150,000 numbers: 300 kB read,
// 1.65 MB written), past what a scene file may hold: the saved file, and the autosave, would not
// open again (an outside review). Such a file is written on one line, and opens again; one that
// would still be too large is not written at all, and the old file stays.
TEST(SceneFile, ASaveThatKeepsALongArrayOpensAgain) {
    TempDir dir;
    const auto scene_with = [](std::size_t numbers) {
        std::string trail = "[0";
        for (std::size_t i = 1; i < numbers; ++i) trail += ",0";
        return R"({"version": 2, "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1, "trail": )" + trail +
               R"(]}, {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})";
    };
    const std::string text = scene_with(150000);
    ASSERT_LT(text.size(), kMaxSceneFileBytes);
    const Result<LoadedScene> loaded = parse_scene(text, "long.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const std::string path = dir.file("long.json");
    ASSERT_FALSE(save_scene(path, loaded->scene).has_value());
    const Result<LoadedScene> again = load_scene(path);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(nlohmann::json::parse(scene_to_json(again->scene)).at("bodies").at(0).at("trail").size(), 150000u);
    // past the limit even on one line: refused, the file as it was
    const std::string before = scene_to_json(again->scene);
    const Result<LoadedScene> huge = parse_scene(scene_with(600000), "huge.json");  // (parsed from memory: no size limit)
    ASSERT_TRUE(huge.ok()) << huge.error().message;
    const std::optional<Error> refused = save_scene(path, huge->scene);
    ASSERT_TRUE(refused.has_value());
    EXPECT_NE(refused->message.find("more than a scene file may hold"), std::string::npos) << refused->message;
    EXPECT_NE(refused->message.find("with what a newer Tangent wrote in it"), std::string::npos) << refused->message;
    EXPECT_EQ(scene_to_json(load_scene(path).value().scene), before);
    // a version 1 scene too large for its caption: the caption is named, no newer Tangent (a README review)
    Scene captioned = again->scene;
    captioned.kept_from_file.clear();
    captioned.caption = std::string(kMaxSceneFileBytes, 'x');
    const std::optional<Error> long_caption = save_scene(path, captioned);
    ASSERT_TRUE(long_caption.has_value());
    EXPECT_EQ(long_caption->message.find("newer Tangent"), std::string::npos) << long_caption->message;
    EXPECT_NE(long_caption->message.find("its caption alone is " + std::to_string(kMaxSceneFileBytes) + " bytes"), std::string::npos)
        << long_caption->message;
    EXPECT_EQ(scene_to_json(load_scene(path).value().scene), before);
}

// A save replaces the file with a new one: as root it turned a user's file into root's (the mode
// was kept, the owner not), which the user could then no longer save over (an outside review).
// Root gives the new file the old one's owner and group. (The tests run as root; elsewhere there
// is no other user's file to save over.)
TEST(SceneFile, ASaveAsRootKeepsTheFilesOwner) {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root, to own a file as another user";
    TempDir dir;
    const std::string path = dir.write("theirs.json", kFirstForm);
    ASSERT_EQ(::chown(path.c_str(), 65534, 65534), 0);
    ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
    const Result<LoadedScene> loaded = load_scene(path);
    ASSERT_TRUE(loaded.ok());
    ASSERT_FALSE(save_scene(path, loaded->scene).has_value());
    struct stat after {};
    ASSERT_EQ(::stat(path.c_str(), &after), 0);
    EXPECT_EQ(after.st_uid, 65534u) << "the owner";
    EXPECT_EQ(after.st_gid, 65534u) << "the group";
    EXPECT_EQ(after.st_mode & 07777, 0640u) << "the mode";
    // a new file is the saver's own
    const std::string mine = dir.file("mine.json");
    ASSERT_FALSE(save_scene(mine, loaded->scene).has_value());
    ASSERT_EQ(::stat(mine.c_str(), &after), 0);
    EXPECT_EQ(after.st_uid, 0u);
}

TEST(SceneFile, FileProblemsNameTheFile) {
    TempDir dir;
    const Result<LoadedScene> missing = load_scene(dir.file("nope.json"));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "cannot open " + dir.file("nope.json") + ": No such file or directory");
    const Result<LoadedScene> directory = load_scene(dir.path());
    ASSERT_FALSE(directory.ok());
    EXPECT_NE(directory.error().message.find("is a directory"), std::string::npos);
    // a 10 MB array is refused by size before any parsing
    std::string big = R"({"bodies": [)";
    while (big.size() < 10'000'000) big += "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], ";
    big += "1]}";
    const Result<LoadedScene> huge = load_scene(dir.write("big.json", big));
    ASSERT_FALSE(huge.ok());
    EXPECT_NE(huge.error().message.find("too large for a scene file"), std::string::npos) << huge.error().message;
    // and the same array passed as text still fails cleanly on its shape
    EXPECT_NE(error_of(big).find("bodies must be a list of exactly two bodies"), std::string::npos);
    // a pipe would block the open until someone wrote to it, a device never ends: both refused
    const std::string fifo = dir.file("pipe.json");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const Result<LoadedScene> pipe = load_scene(fifo);
    ASSERT_FALSE(pipe.ok());
    EXPECT_EQ(pipe.error().message, fifo + " is not a regular file (a pipe, a device or a socket), not a scene file");
    const Result<LoadedScene> device = load_scene("/dev/zero");
    ASSERT_FALSE(device.ok());
    EXPECT_NE(device.error().message.find("is not a regular file"), std::string::npos) << device.error().message;
}

// A bell (U+0007) in a caption drew "?" in a PNG, nothing in the SVG, and went raw into the PNG's
// title (an author's review): control characters are left out at loading, a tab made a space,
// the line break kept, and a warning names the first. Judge: every byte of what is kept.
TEST(SceneFile, ControlCharactersInTextAreLeftOutAndSaid) {
    const std::string body_b = R"({"position": [5, 0], "velocity": [-1, 0], "radius": 1})";
    const std::string text = R"({"caption": "a\u0007b\tc\nd\u007fe\u0085f", "bodies": [{"position": [0, 0], "velocity": [1, 0],
        "radius": 1, "label": "M\u0001x"}, )" + body_b + "]}";
    const Result<LoadedScene> loaded = parse_scene(text, "s.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->scene.caption, "ab c\nde\nf");  // (U+0085, next line, is a line break)
    EXPECT_EQ(loaded->scene.bodies[0].label, "Mx");
    for (const char c : loaded->scene.caption + loaded->scene.bodies[0].label)
        EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 || c == '\n') << static_cast<int>(c);
    const std::string warnings = [&] {
        std::string all;
        for (const std::string& w : loaded->warnings) all += w + "\n";
        return all;
    }();
    EXPECT_NE(warnings.find("caption: 2 control characters (U+0007 and others) left out"), std::string::npos) << warnings;
    EXPECT_NE(warnings.find("bodies[0].label: 1 control character (U+0001) left out"), std::string::npos) << warnings;
}

TEST(SceneFile, ThemeNamesRoundTrip) {
    for (Theme theme : {Theme::Dark, Theme::Light, Theme::Print}) EXPECT_EQ(theme_from_string(to_string(theme)), theme);
    EXPECT_FALSE(theme_from_string("neon"));
}

// The window's dt slider moves the phase with it: clamped at each step, a dt dragged down and up
// again left the phase at the smallest dt's (0.25 became 0.0217), and whether the tunnelling
// demo still missed was luck. Judged against the fraction computed by hand in exact steps.
TEST(SceneFile, ThePhaseKeepsItsFractionOfTheStep) {
    std::mt19937_64 rng(20261121);
    std::uniform_real_distribution<double> unit(0, 1), log_dt(-3, 1);
    for (int i = 0; i < 2000; ++i) {
        DiscreteSettings d;
        d.dt = std::pow(10.0, log_dt(rng));
        d.phase = unit(rng) * d.dt;
        DiscreteSettings moved = d;
        // dragged down through several values, then back to where it started
        for (double dt : {d.dt * 0.7, d.dt * 0.05, d.dt * 0.003, d.dt}) {
            moved.phase = moved.phase_for_step(dt);
            moved.dt = dt;
            EXPECT_GE(moved.phase, 0.0);
            EXPECT_LE(moved.phase, moved.dt);
            EXPECT_NEAR(moved.phase / moved.dt, d.phase / d.dt, 1e-14);
        }
        EXPECT_NEAR(moved.phase, d.phase, 1e-13 * d.dt);
    }
    // exact where the numbers are: half of 0.5 is half of 0.1
    DiscreteSettings half{true, 0.5, 0.25};
    EXPECT_EQ(half.phase_for_step(0.1), 0.05);
    EXPECT_EQ(DiscreteSettings({true, 0.1, 0.05}).phase_for_step(0.5), 0.25);
    EXPECT_EQ(DiscreteSettings({true, 0.5, 0.5}).phase_for_step(0.1), 0.1);  // a whole step stays a whole step
}

}  // namespace
// Every preset goes by a short, distinct name in the menu, the lead-in of its caption, and a
// scene without one by its file name.
TEST(SceneFile, PresetsHaveShortDistinctTitlesFromTheirCaptions) {
    std::vector<std::string> titles;
    for (const embedded::File& file : embedded::presets()) {
        const Result<LoadedScene> loaded = parse_scene(file.text(), file.name);
        ASSERT_TRUE(loaded.ok()) << file.name;
        const std::string title = scene_title(loaded->scene.caption, file.name);
        EXPECT_FALSE(title.empty()) << file.name;
        EXPECT_LE(title.size(), 40u) << file.name;
        EXPECT_EQ(loaded->scene.caption.rfind(title + ":", 0), 0u) << file.name << ": " << title;
        EXPECT_EQ(std::count(titles.begin(), titles.end(), title), 0) << title;
        titles.push_back(title);
    }
    EXPECT_GE(titles.size(), 10u);
    EXPECT_EQ(scene_title("", "my-own-scene.json"), "my own scene");
    EXPECT_EQ(scene_title("No lead-in here, only a sentence that runs on: and on", "x.json"), "x");
}

}  // namespace tangent
