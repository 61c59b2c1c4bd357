// Test support: run a command (the real `tilelab` binary) and capture its exit status and output.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace tilelab::test {

struct RunResult {
    int status = -1;  // exit status, or 128 + signal
    std::string out;
    std::string err;
};

inline std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Writes TEXT to PATH as it is (binary), replacing the file.
inline void put(const std::filesystem::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

inline std::string shell_quote(const std::string& word) {
    std::string out = "'";
    for (char c : word) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}

// A fresh, empty folder under the system's temporary folder, named for the test and this process.
inline std::filesystem::path scratch_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("tilelab-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// A scratch folder of the test (scratch_dir), removed when it goes out of scope; at(name) is a
// file in it, quoted for a shell command line.
struct ScratchFolder {
    std::filesystem::path dir;
    explicit ScratchFolder(const std::string& name) : dir(scratch_dir(name)) {}
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(dir, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    std::string at(const std::string& name) const { return shell_quote((dir / name).string()); }
};

// Runs `command` (a shell command line) with stdout and stderr captured separately.
inline RunResult run_shell(const std::string& command) {
    static int counter = 0;
    auto dir = std::filesystem::temp_directory_path() / ("tilelab-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto out_path = dir / ("out" + std::to_string(counter));
    auto err_path = dir / ("err" + std::to_string(counter++));
    std::string full = command + " >" + shell_quote(out_path.string()) + " 2>" + shell_quote(err_path.string()) + " </dev/null";
    int raw = std::system(full.c_str());
    RunResult r;
    if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
    else if (raw != -1 && WIFSIGNALED(raw)) r.status = 128 + WTERMSIG(raw);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    std::filesystem::remove(out_path);
    std::filesystem::remove(err_path);
    return r;
}

// The command that starts the tilelab CLI, quoted for a shell. In the sanitizer build, LeakSanitizer's
// scan at exit costs the sanitized CLI more than most runs' own work, so only the
// first run of a test process and every 8th after it look for leaks (the others add detect_leaks=0
// to ASAN_OPTIONS); every run keeps ASan's and UBSan's checks, and the test executables themselves
// are scanned at their exit (docs/testing.md "Sizes and soaks").
inline std::string cli_command() {
#ifdef TILELAB_CLI
#if defined(TILELAB_SANITIZED)
    static int runs = 0;
    if (runs++ % 8 != 0) return "ASAN_OPTIONS=\"${ASAN_OPTIONS}:detect_leaks=0\" " + shell_quote(TILELAB_CLI);
#endif
    return shell_quote(TILELAB_CLI);
#else
    return "false";
#endif
}

// Runs the tilelab CLI with the given argument string (already quoted as needed).
inline RunResult run_cli(const std::string& args) { return run_shell(cli_command() + " " + args); }

}  // namespace tilelab::test
