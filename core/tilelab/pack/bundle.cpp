// The bundle of docs/format.md "Bundles": a checked pack's levels and their analysis summaries in one
// file.
#include "tilelab/pack/pack.hpp"
#include "tilelab/limits.hpp"

#include <system_error>

#include "tilelab/io/level_io.hpp"
#include "tilelab/io/output_policy.hpp"

namespace tilelab::pack {

nlohmann::ordered_json make_bundle(const PackReport& report) {
    nlohmann::ordered_json bundle;
    bundle["format"] = "tilelab.bundle";
    bundle["version"] = 1;
    bundle["name"] = report.name;
    auto levels = nlohmann::ordered_json::array();
    auto summaries = nlohmann::ordered_json::array();
    for (const LevelReport& l : report.levels) {
        if (!l.level) continue;  // ok() reports rule this out; never write a half level
        levels.push_back(level_to_json(*l.level));
        summaries.push_back(l.summary());
    }
    bundle["levels"] = std::move(levels);
    bundle["report"] = std::move(summaries);
    return bundle;
}

std::string bundle_text(const nlohmann::ordered_json& bundle, bool minify) {
    return (minify ? bundle.dump() : bundle.dump(2)) + "\n";
}

std::string bundle_size_refusal(std::size_t bytes) {
    if (bytes <= limits::max_bundle_bytes) return "";
    return "the bundle would be " + std::to_string(bytes) + " bytes, over the limit of " +
           std::to_string(limits::max_bundle_bytes) + " that readers take (" + std::to_string(limits::max_bundle_bytes >> 20) +
           " MiB): split the pack into smaller packs";
}

std::string output_refusal(const std::filesystem::path& pack_path, const std::vector<std::string>& levels,
                           const std::filesystem::path& out, PackOutput kind, bool force, bool mention_force) {
    OutputRequest request;
    request.out = out;
    request.kind = kind == PackOutput::bundle          ? OutputKind::bundle
                   : kind == PackOutput::calibration   ? OutputKind::calibration
                   : kind == PackOutput::check_json    ? OutputKind::check_json
                   : kind == PackOutput::estimate_json ? OutputKind::estimate_json
                                                       : OutputKind::report;
    request.inputs.push_back({pack_path, "the pack itself"});
    for (const std::string& listed : levels)
        request.inputs.push_back({(pack_path.parent_path() / listed).lexically_normal(), "a level of the pack (" + listed + ")"});
    request.force = force;
    request.mention_force = mention_force;
    return tilelab::output_refusal(request);
}

}  // namespace tilelab::pack
