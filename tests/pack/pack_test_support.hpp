// What the pack tests share: a scratch folder, small level files written in the test, running the CLI.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tilelab::test {

namespace fs = std::filesystem;

// A fresh folder under the system's temporary folder, removed at the end of the test.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& tag) {
        static std::atomic<int> counter{0};
        path_ = fs::temp_directory_path() /
                ("tilelab-pack-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignore;
        fs::remove_all(path_, ignore);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const fs::path& path() const { return path_; }
    fs::path operator/(const std::string& name) const { return path_ / name; }

    fs::path write(const std::string& name, const std::string& text) const {
        const fs::path file = path_ / name;
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }

private:
    fs::path path_;
};

inline std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline std::string quote(const std::string& word) {
    std::string out = "'";
    for (char ch : word) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
}

struct CommandResult {
    int status = -1;
    std::string out;
    std::string err;
};

// Runs a command with stdout and stderr sent to files (so neither is a terminal).
inline CommandResult run_command(const std::vector<std::string>& words, const fs::path& scratch) {
    std::string line;
    for (const auto& w : words) line += quote(w) + " ";
    const fs::path out = scratch / "stdout.txt", err = scratch / "stderr.txt";
    line += "> " + quote(out.string()) + " 2> " + quote(err.string()) + " < /dev/null";
    const int raw = std::system(line.c_str());
    CommandResult result;
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.out = read_file(out);
    result.err = read_file(err);
    return result;
}

inline CommandResult run_tilelab(const std::vector<std::string>& args, const fs::path& scratch) {
    std::vector<std::string> words{TILELAB_CLI};
    words.insert(words.end(), args.begin(), args.end());
    return run_command(words, scratch);
}

// Level files written in the tests, in the format of docs/format.md.
inline std::string slide_level(const std::string& id, const std::vector<std::string>& rows, int target, std::uint64_t seed = 7) {
    std::string board;
    for (std::size_t i = 0; i < rows.size(); ++i) board += (i ? ", \"" : "\"") + rows[i] + "\"";
    std::size_t width = 1;
    for (char ch : rows.at(0)) width += ch == ' ';
    return "{\"format\": \"tilelab.level\", \"version\": 1, \"id\": \"" + id + "\", \"name\": \"" + id +
           "\", \"kind\": \"slide\", \"width\": " + std::to_string(width) + ", \"height\": " + std::to_string(rows.size()) +
           ", \"seed\": " + std::to_string(seed) + ", \"goal\": {\"target\": " + std::to_string(target) + "}, \"board\": [" +
           board + "]}\n";
}

inline std::string link_level(const std::string& id, const std::vector<std::string>& rows) {
    std::string board;
    for (std::size_t i = 0; i < rows.size(); ++i) board += (i ? ", \"" : "\"") + rows[i] + "\"";
    std::size_t width = 1;
    for (char ch : rows.at(0)) width += ch == ' ';
    return "{\"format\": \"tilelab.level\", \"version\": 1, \"id\": \"" + id + "\", \"name\": \"" + id +
           "\", \"kind\": \"link\", \"width\": " + std::to_string(width) + ", \"height\": " + std::to_string(rows.size()) +
           ", \"seed\": 1, \"board\": [" + board + "]}\n";
}

inline std::string pack_file(const std::string& name, const std::vector<std::string>& levels) {
    nlohmann::ordered_json pack;
    pack["format"] = "tilelab.pack";
    pack["version"] = 1;
    pack["name"] = name;
    pack["levels"] = levels;
    return pack.dump(2) + "\n";
}

}  // namespace tilelab::test
