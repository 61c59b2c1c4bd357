// Every input the fuzzers found (tests/data/fuzz/) replayed through the fuzz targets' own checks
// (tests/fuzz/harness.hpp): the reader, analyze + apply, the merge of a shard part, the calibration
// CSV; each file through every check. Runs in the ordinary and the sanitizer builds, so a fixed
// finding stays fixed without clang or libFuzzer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "fuzz/harness.hpp"
#include "support/run.hpp"

namespace fs = std::filesystem;

TEST_CASE("every input in tests/data/fuzz passes the fuzz targets' checks", "[fuzz]") {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(TILELAB_TEST_DATA "/fuzz"))
        if (e.is_regular_file() && e.path().filename() != "README.md") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 10);
    for (const auto& file : files) {
        INFO(file.filename().string());
        const std::string bytes = tilelab::test::slurp(file);
        std::string why;
        REQUIRE_NOTHROW(why = tilelab::fuzz::check_reader(bytes));
        CHECK(why == std::string());
        REQUIRE_NOTHROW(why = tilelab::fuzz::check_play(bytes));
        CHECK(why == std::string());
        bool merged = false;
        REQUIRE_NOTHROW(why = tilelab::fuzz::check_merge(bytes, &merged));
        CHECK(why == std::string());
        // The seed parts of one shard merge: they were made from the fixture's files (harness.hpp).
        const std::string name = file.filename().string();
        if (name.rfind("merge-", 0) == 0 && name.find("-0-of-1.json") != std::string::npos) CHECK(merged);
        REQUIRE_NOTHROW(why = tilelab::fuzz::check_calibration(bytes));
        CHECK(why == std::string());
    }
}
