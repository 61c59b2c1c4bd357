// The one output policy (docs/cli.md "Where outputs may go"), verb by verb and target by target:
// every verb that writes refuses, with exit 2 and nothing written, an output that is the pack, one
// of its levels, a shard part, a file of another kind or another level, unless --force.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/run.hpp"
#include "tilelab/io/output_policy.hpp"

namespace fs = std::filesystem;
using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

using tilelab::test::put;

TEST_CASE("every writing verb refuses the pack, its levels, a part, notes and another level without --force", "[cli][output]") {
    tilelab::test::ScratchFolder f("output-verbs");
    const std::string samples = TILELAB_SOURCE_DIR "/levels/samples/";
    fs::copy_file(samples + "match3/02-jelly.json", f.dir / "a.json");
    fs::copy_file(samples + "link/01-pairs.json", f.dir / "b.json");
    fs::copy_file(samples + "match3/01-intro.json", f.dir / "other.json");  // another level (another id)
    put(f.dir / "pack.json",
        "{\"format\": \"tilelab.pack\", \"version\": 1, \"name\": \"P\", \"levels\": [\"a.json\", \"b.json\"]}\n");
    put(f.dir / "notes.txt", "the designer's notes\n");
    for (int k = 0; k < 2; ++k)
        REQUIRE(run_cli("pack check " + f.at("pack.json") + " --runs 20 --shard " + std::to_string(k) + "/2 -o " +
                        f.at("part-" + std::to_string(k) + ".json"))
                    .status == 0);
    const std::string parts = f.at("part-0.json") + " " + f.at("part-1.json");

    // Each verb's command line, with OUT where its output goes.
    const std::vector<std::pair<std::string, std::string>> verbs = {
        {"tune -o", "tune " + f.at("a.json") + " --target 50% --runs 100 -o OUT"},
        {"generate -o", "generate --kind match3 --width 6 --height 6 --seed 3 -o OUT"},
        {"pack report -o", "pack report " + f.at("pack.json") + " --runs 20 -o OUT"},
        {"pack export -o", "pack export " + f.at("pack.json") + " --runs 20 -o OUT"},
        {"pack merge -o", "pack merge " + parts + " -o OUT"},
        {"pack merge --report", "pack merge " + parts + " --report OUT"},
    };
    const std::vector<std::pair<std::string, std::string>> targets = {
        {"the pack", "pack.json"},  {"a level of the pack", "b.json"}, {"a shard part", "part-1.json"},
        {"notes.txt", "notes.txt"}, {"another level", "other.json"},
    };
    int refused = 0;
    for (const auto& [verb, command] : verbs)
        for (const auto& [what, file] : targets) {
            if (verb == "tune -o" && file == "a.json") continue;  // tune's own input: rewritten in place by default
            INFO(verb << " onto " << what);
            const std::string before = slurp(f.dir / file);
            std::string line = command;
            line.replace(line.find("OUT"), 3, f.at(file));
            auto r = run_cli(line);
            CHECK(r.status == 2);
            CHECK(r.err.find("refused: " + (f.dir / file).string()) != std::string::npos);
            CHECK(r.err.find("or --force to replace it (nothing written)") != std::string::npos);
            CHECK(slurp(f.dir / file) == before);
            ++refused;
        }
    CHECK(refused == 30);

    // --force writes over each kind of target.
    for (const auto& [verb, command] : verbs) {
        INFO(verb << " --force");
        put(f.dir / "forced.txt", "notes\n");
        std::string line = command;
        line.replace(line.find("OUT"), 3, f.at("forced.txt") + " --force");
        auto r = run_cli(line);
        CHECK(r.status == 0);
        CHECK(slurp(f.dir / "forced.txt") != "notes\n");
    }
}

TEST_CASE("outputs of the verb's own kind are replaced, and the same level is rewritten", "[cli][output]") {
    tilelab::test::ScratchFolder f("output-same");
    const std::string samples = TILELAB_SOURCE_DIR "/levels/samples/";
    fs::copy_file(samples + "match3/02-jelly.json", f.dir / "a.json");
    fs::copy_file(samples + "match3/02-jelly.json", f.dir / "copy.json");  // the same level (same id)
    put(f.dir / "pack.json", "{\"format\": \"tilelab.pack\", \"version\": 1, \"name\": \"P\", \"levels\": [\"a.json\"]}\n");
    // generate twice onto one file (the same options make the same level), tune onto a copy of its level
    // and in place, export and report twice, merge twice.
    for (int i = 0; i < 2; ++i) {
        INFO("round " << i);
        CHECK(run_cli("generate --kind match3 --width 6 --height 6 --seed 3 -o " + f.at("g.json")).status == 0);
        CHECK(run_cli("tune " + f.at("a.json") + " --target 50% --runs 100 -o " + f.at("copy.json")).status == 0);
        CHECK(run_cli("tune " + f.at("a.json") + " --target 50% --runs 100").status == 0);
        CHECK(run_cli("pack export " + f.at("pack.json") + " --runs 20 -o " + f.at("b.bundle.json")).status == 0);
        CHECK(run_cli("pack report " + f.at("pack.json") + " --runs 20 -o " + f.at("r.html")).status == 0);
        REQUIRE(run_cli("pack check " + f.at("pack.json") + " --runs 20 --shard 0/1 -o " + f.at("p.json")).status == 0);
        CHECK(run_cli("pack merge " + f.at("p.json") + " -o " + f.at("m.json") + " --report " + f.at("m.html")).status == 0);
        REQUIRE(run_cli("estimate " + f.at("a.json") + " --runs 20 --shard 0/1 -o " + f.at("e.part.json")).status == 0);
        CHECK(run_cli("pack merge " + f.at("e.part.json") + " -o " + f.at("e.json")).status == 0);
    }
    // Another seed makes another level (another id): refused onto g.json.
    auto other = run_cli("generate --kind match3 --width 6 --height 6 --seed 4 -o " + f.at("g.json"));
    CHECK(other.status == 2);
    CHECK(other.err.find("exists and is another level") != std::string::npos);
    // A result of another kind: an estimate's merge over a pack check's, and the other way round.
    CHECK(run_cli("pack merge " + f.at("e.part.json") + " -o " + f.at("m.json")).status == 2);
    CHECK(run_cli("pack merge " + f.at("p.json") + " -o " + f.at("e.json")).status == 2);
    // A part being merged, as -o or --report.
    CHECK(run_cli("pack merge " + f.at("p.json") + " -o " + f.at("p.json")).status == 2);
    // One file for -o and --report.
    CHECK(run_cli("pack merge " + f.at("p.json") + " -o " + f.at("x.json") + " --report " + f.at("x.json")).status == 2);
}

TEST_CASE("output_refusal names what the existing file is", "[io][output]") {
    tilelab::test::ScratchFolder f("output-names");
    put(f.dir / "notes.txt", "notes\n");
    OutputRequest r;
    r.out = f.dir / "notes.txt";
    r.kind = OutputKind::bundle;
    CHECK(output_refusal(r) ==
          r.out.string() + " exists and is not a tilelab file, not a bundle; choose another name, or --force to replace it");
    r.force = true;
    CHECK(output_refusal(r).empty());
    r.out = f.dir;
    CHECK(output_refusal(r) == f.dir.string() + " is a folder; choose a file name");
    r.force = false;
    r.out = f.dir / "new.json";
    CHECK(output_refusal(r).empty());
    r.inputs.push_back({f.dir / "sub" / ".." / "new.json", "the observed CSV"});
    CHECK(output_refusal(r) == r.out.string() + " is the observed CSV; choose another name, or --force to replace it");
}
