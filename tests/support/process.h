#pragma once
// Runs a program the way a user would and collects what it says: for tests of the real binary.

#include <string>
#include <vector>

namespace tangent::test {

struct ProcessResult {
    int exit_code = -1;  ///< -1 if it did not exit normally (signal)
    std::string out;
    std::string err;
};

/// Runs argv[0] with argv (no shell), with extra environment entries "NAME=value" added (or,
/// with an empty value "NAME=", removed), waiting for it to finish.
ProcessResult run_process(const std::vector<std::string>& argv, const std::vector<std::string>& environment = {});

/// A fresh empty directory under the system temp directory, removed by the destructor.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    [[nodiscard]] const std::string& path() const { return path_; }
    [[nodiscard]] std::string file(const std::string& name) const { return path_ + "/" + name; }
    /// Writes `text` to `name` inside the directory and returns the full path.
    std::string write(const std::string& name, const std::string& text) const;

private:
    std::string path_;
};

std::string read_file(const std::string& path);

}  // namespace tangent::test
