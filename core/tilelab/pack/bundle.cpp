// The bundle of the contract: a checked pack's levels and their analysis summaries in one file.
#include "tilelab/pack/pack.hpp"

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

}  // namespace tilelab::pack
