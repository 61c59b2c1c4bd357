// `tilelab pack merge PART...`: a whole set of shard parts put back together, as one run gives it;
// and the writing of a shard's part, shared by `pack check --shard` and `estimate --shard`.
#include <chrono>
#include <iostream>
#include <cstdlib>
#include <new>

#include <unistd.h>

#include "cli/verbs.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/output_policy.hpp"
#include "tilelab/pack/report.hpp"
#include "tilelab/pack/shard.hpp"

namespace tilelab::cli {

int write_shard_part(const std::string& verb, const std::string& out, const nlohmann::ordered_json& header,
                     const std::function<std::optional<nlohmann::ordered_json>()>& make, const int* from_cache) {
    const std::string shard = header["shard"][0].dump() + "/" + header["shard"][1].dump();
    const pack::ExistingPart existing = pack::look_for_part(out, header);
    if (existing.state == pack::ExistingPart::State::done) {
        std::cerr << "tilelab " << verb << ": shard " << shard << ": " << existing.message << "\n";
        return exit_ok;
    }
    if (existing.state == pack::ExistingPart::State::refused) {
        std::cerr << "tilelab " << verb << ": refused: " << existing.message << " (nothing written)\n";
        return exit_usage;
    }
    if (existing.state == pack::ExistingPart::State::damaged)
        std::cerr << "tilelab " << verb << ": shard " << shard << ": " << existing.message << "\n";
    const auto started = std::chrono::steady_clock::now();
    std::optional<nlohmann::ordered_json> part = make();
    if (!part) {
        std::cerr << "tilelab " << verb << ": shard " << shard << " stopped; nothing written to " << out << "\n";
        return exit_invalid;
    }
    if (std::string error = write_file_atomically(out, part->dump() + "\n", false); !error.empty()) {
        std::cerr << "tilelab " << verb << ": " << out << ": error: " << error << "\n";
        return exit_invalid;
    }
    std::size_t playouts = 0;
    for (const auto& unit : (*part)["units"])
        if (unit.contains("outcomes")) playouts += unit["outcomes"].size();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    char timing[32];
    std::snprintf(timing, sizeof timing, "%.2f s", seconds);
    std::cerr << "tilelab " << verb << ": shard " << shard << ": wrote " << out << " (" << (*part)["units"].size() << " units, ";
    if (from_cache && *from_cache > 0) std::cerr << *from_cache << " read from the cache, ";
    std::cerr << playouts << " playouts, " << timing << ")\n";
    return exit_ok;
}

namespace {

const char* const merge_usage =
    "usage: tilelab pack merge PART... [-o OUT] [--report REPORT.html]\n"
    "\n"
    "Puts the parts written by `tilelab pack check PACK --shard K/N -o PART` (K = 0 .. N-1) back\n"
    "together and prints exactly what `tilelab pack check PACK --json` prints for the same options,\n"
    "with its exit status (0 ok, 1 the check failed); its messages go to stderr. Parts of\n"
    "`tilelab estimate LEVEL --shard K/N -o PART` merge the same way into what `estimate --json` prints.\n"
    "The pack (or level) is read again from the path the parts name, which must not have changed.\n"
    "  -o OUT            write the JSON to OUT (atomically) instead of stdout\n"
    "  --report FILE     also write the pack report (as `tilelab pack report`)\n"
    "  --force           write -o and --report over whatever is there (see below)\n"
    "Refused, with nothing printed or written (exit 2): a set with a shard missing or given twice,\n"
    "or a part of another pack, other options or another N (each named). Exit 1: a part that does\n"
    "not read, or a pack that changed since the parts were made. Also refused (exit 2) unless --force:\n"
    "an output that is the pack, one of its levels or a part being merged, or an existing file of\n"
    "another kind than the one written there (docs/cli.md \"Where outputs may go\").\n";

// The output policy (io/output_policy.hpp) for one of merge's outputs: never the pack or level the
// parts were made from, one of the pack's levels, or a part being merged; an existing file only when
// it is of the kind written there. "" when it may be written.
std::string refusal(const std::string& source, bool of_estimate, const std::vector<std::string>& levels,
                    const std::vector<std::string>& parts, const std::string& out, OutputKind kind, bool force) {
    if (out.empty()) return "";
    OutputRequest request;
    request.out = out;
    request.kind = kind;
    request.force = force;
    request.inputs.push_back({source, of_estimate ? "the level the parts estimate" : "the pack itself"});
    const std::filesystem::path folder = std::filesystem::path(source).parent_path();
    for (const std::string& level : levels)
        request.inputs.push_back({(folder / level).lexically_normal(), "a level of the pack (" + level + ")"});
    for (const std::string& part : parts) request.inputs.push_back({part, "a part being merged"});
    return output_refusal(request);
}

int write_or_print(const std::string& out, const std::string& text) {
    if (out.empty()) {
        std::cout << text;
        return exit_ok;
    }
    if (std::string error = write_file_atomically(out, text, false); !error.empty()) {
        std::cerr << "tilelab pack merge: " << out << ": error: " << error << "\n";
        return exit_invalid;
    }
    return exit_ok;
}

// The merge itself.
int merge_verb(const Args& args) {
    const std::string verb = "pack merge";
    if (wants_help(args)) {
        std::cout << merge_usage;
        return exit_ok;
    }
    std::vector<std::string> files;
    std::string out;
    std::string report_path;
    bool force = false;
    FlagReader flags{verb, args};
    while (!flags.done()) {
        if (flags.is("-o") || flags.is("--output")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            out = *v;
        } else if (flags.is("--report")) {
            auto v = flags.value();
            if (!v) return usage_error(verb, flags.error);
            report_path = *v;
        } else if (flags.is("--force")) {
            force = true;
            ++flags.i;
        } else if (flags.is("--json")) {
            ++flags.i;  // the output is always JSON
        } else if (flags.word().size() > 1 && flags.word()[0] == '-') {
            return usage_error(verb, "unknown option '" + flags.word() + "'");
        } else {
            files.push_back(flags.word());
            ++flags.i;
        }
    }
    if (files.empty()) return usage_error(verb, "needs the part files (PART...)");

    std::vector<pack::PartFile> parts;
    bool unreadable = false;
    for (const std::string& file : files) {
        std::string error;
        auto part = pack::read_part(file, error);
        if (!part) {
            std::cerr << "tilelab " << verb << ": " << file << ": error: " << error << "\n";
            unreadable = true;
            continue;
        }
        parts.push_back(std::move(*part));
    }
    if (unreadable) {
        std::cerr << "tilelab " << verb << ": nothing merged\n";
        return exit_invalid;
    }
    const pack::PartSet set = pack::check_part_set(parts);
    if (!set.ok()) {
        for (const std::string& line : set.refusals) std::cerr << "tilelab " << verb << ": refused: " << line << "\n";
        std::cerr << "tilelab " << verb << ": refused: not a whole set of parts; nothing merged\n";
        return exit_usage;
    }
    const std::string source = set.reference["source"].get<std::string>();

    if (set.reference["of"] == "estimate") {
        if (!report_path.empty()) return usage_error(verb, "--report is for the parts of a pack check, not of an estimate");
        if (std::string why = refusal(source, true, {}, files, out, OutputKind::estimate_json, force); !why.empty()) {
            std::cerr << "tilelab " << verb << ": refused: " << why << " (nothing written)\n";
            return exit_usage;
        }
        pack::EstimateMerge merge = pack::merge_estimate_parts(set);
        if (!merge.result) {
            std::cerr << "tilelab " << verb << ": error: " << merge.error << "\n";
            return exit_invalid;
        }
        return write_or_print(out, json_text(merge.result->json));
    }

    pack::PackMerge merge = pack::merge_check_parts(set);
    if (!merge.report) {
        std::cerr << "tilelab " << verb << ": error: " << merge.error << "\n";
        return exit_invalid;
    }
    const pack::PackReport& report = *merge.report;
    std::vector<std::string> levels;
    for (const auto& l : report.levels) levels.push_back(l.path);
    for (const auto& [target, kind] : {std::pair{out, OutputKind::check_json}, std::pair{report_path, OutputKind::report}})
        if (std::string why = refusal(source, false, levels, files, target, kind, force); !why.empty()) {
            std::cerr << "tilelab " << verb << ": refused: " << why << " (nothing written)\n";
            return exit_usage;
        }
    if (!out.empty() && !report_path.empty() && same_file(out, report_path)) {
        std::cerr << "tilelab " << verb << ": refused: -o and --report are the same file (nothing written)\n";
        return exit_usage;
    }
    print_diagnostics(report.pack_problems);
    for (const auto& l : report.levels) print_diagnostics(l.problems);
    if (int status = write_or_print(out, json_text(report.to_json())); status != exit_ok) return status;
    if (!report_path.empty()) {
        if (std::string error = write_file_atomically(report_path, pack::report_html(report), false); !error.empty()) {
            std::cerr << "tilelab " << verb << ": " << report_path << ": error: " << error << "\n";
            return exit_invalid;
        }
    }
    return report.ok() ? exit_ok : exit_invalid;
}

}  // namespace

// A part too large for the memory at hand (docs/scale.md) ends the merge with exit 1 and a message,
// not an abort. The message comes from the new-handler rather than a catch: a std::bad_alloc thrown
// mid-parse unwinds through the JSON library's destructors, which allocate and would terminate.
// Nothing is written before the merge is whole (outputs go through write_file_atomically).
namespace {
std::string out_of_memory_message;
[[noreturn]] void out_of_memory() {
    const std::string& m = out_of_memory_message;
    [[maybe_unused]] auto n = ::write(2, m.data(), m.size());
    std::_Exit(exit_invalid);
}
}  // namespace

int run_pack_merge(const Args& args) {
    std::string merging;
    for (std::size_t i = 0; i < args.size(); ++i)
        if (!args[i].empty() && args[i][0] != '-' &&
            (i == 0 || (args[i - 1] != "-o" && args[i - 1] != "--output" && args[i - 1] != "--report")))
            merging += (merging.empty() ? "" : ", ") + args[i];
    out_of_memory_message = "tilelab pack merge: error: out of memory merging " + merging +
                            " (nothing merged; give the merge more memory or the shards fewer runs each)\n";
    const std::new_handler before = std::set_new_handler(out_of_memory);
    const int status = merge_verb(args);
    std::set_new_handler(before);
    return status;
}

}  // namespace tilelab::cli
