// load_bundle / parse_bundle (io/level_io.hpp): a runtime reads back exactly the levels and
// summaries `pack export` wrote, and a damaged bundle gives located errors and no bundle.
#include <catch2/catch.hpp>

#include <string>

#include "pack_test_support.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/pack/pack.hpp"

using namespace tilelab;

namespace {

const std::string bundle_demo = std::string(TILELAB_SOURCE_DIR) + "/levels/packs/demo.json";

// The first error's pointer and message, as "pointer: message".
std::string first_error(const BundleLoad& load) {
    for (const auto& d : load.diagnostics)
        if (d.severity == Diagnostic::Severity::error) return d.pointer + ": " + d.message;
    return "";
}

}  // namespace

TEST_CASE("bundles: load_bundle gives back the levels and summaries pack export wrote", "[pack][bundle]") {
    const pack::LoadedPack loaded = pack::load_pack_levels(bundle_demo);
    pack::CheckOptions options;
    options.runs = 20;
    options.bot = "greedy";
    const pack::PackReport report = pack::check_pack(loaded, options);
    REQUIRE(report.ok());
    const nlohmann::ordered_json bundle = pack::make_bundle(report);
    const test::ScratchDir dir("bundle-load");
    for (bool minify : {false, true}) {
        const auto path = dir.write(minify ? "min.json" : "demo.bundle.json", pack::bundle_text(bundle, minify));
        const BundleLoad load = load_bundle(path);
        INFO(first_error(load));
        REQUIRE(load.bundle);
        CHECK(load.bundle->name == loaded.pack->name);
        REQUIRE(load.bundle->levels.size() == loaded.entries.size());
        for (std::size_t i = 0; i < loaded.entries.size(); ++i) {
            CHECK(load.bundle->levels[i] == *loaded.entries[i].level);
            // The canonical bytes too: the level a runtime plays is the level the designer saved.
            CHECK(write_level(load.bundle->levels[i]) == write_level(*loaded.entries[i].level));
        }
        CHECK(load.bundle->report == bundle["report"]);
    }
}

TEST_CASE("bundles: a damaged bundle gives located errors and no bundle", "[pack][bundle]") {
    const std::string level = *read_whole_file(std::string(TILELAB_SOURCE_DIR) + "/levels/samples/link/01-pairs.json");
    auto with = [&](const std::string& levels, const std::string& extra = "") {
        return R"({"format": "tilelab.bundle", "version": 1, "name": "B", "levels": )" + levels + extra + "}";
    };
    // A good one first, so that each refusal below is the damage's.
    const BundleLoad good = parse_bundle(with("[" + level + "]"), "b.json");
    INFO(first_error(good));
    REQUIRE(good.bundle);
    CHECK(good.bundle->levels.size() == 1);
    CHECK(good.bundle->report.is_null());

    struct Case {
        std::string text;
        std::string error;  // the start of the first error, "pointer: message"
    };
    const std::vector<Case> cases = {
        {"[1, 2]", ": a bundle is a JSON object, not an array"},
        {R"({"format": "tilelab.pack", "version": 1, "name": "B", "levels": []})",
         "/format: format is 'tilelab.pack', expected 'tilelab.bundle'"},
        {R"({"format": "tilelab.bundle", "version": 2, "name": "B", "levels": [)" + level + "]}", "/version: version 2 is newer"},
        {with("{}"), "/levels: levels must be an array of level objects, not an object"},
        {with("[" + level + ", 7]"), "/levels/1: "},
        {with("[" + level + "]", R"(, "report": [])"), "/report: report has 0 summaries for 1 levels"},
        {with("[" + level + "]", R"(, "reprot": [])"), "/reprot: unknown key"},
        {"{\"format\": \"tilelab.bundle\", ", ""},  // cut short: a syntax error, no pointer
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const BundleLoad load = parse_bundle(c.text, "b.json");
        CHECK_FALSE(load.bundle);
        REQUIRE_FALSE(load.diagnostics.empty());
        CHECK(first_error(load).rfind(c.error, 0) == 0);
        for (const auto& d : load.diagnostics) CHECK(d.file == "b.json");
    }
}
