// The events' type names (analysis/events.hpp).
#include "tilelab/analysis/events.hpp"

namespace tilelab {

namespace {
struct TypeName {
    std::string_view operator()(const event::Swap&) const { return "swap"; }
    std::string_view operator()(const event::Clear&) const { return "clear"; }
    std::string_view operator()(const event::Fall&) const { return "fall"; }
    std::string_view operator()(const event::Spawn&) const { return "spawn"; }
    std::string_view operator()(const event::Summary&) const { return "summary"; }
    std::string_view operator()(const event::Combo&) const { return "combo"; }
    std::string_view operator()(const event::Fired&) const { return "fired"; }
    std::string_view operator()(const event::Unlocked&) const { return "unlocked"; }
    std::string_view operator()(const event::CrateHit&) const { return "crate_hit"; }
    std::string_view operator()(const event::Created&) const { return "created"; }
    std::string_view operator()(const event::Collected&) const { return "collected"; }
    std::string_view operator()(const event::Remove&) const { return "remove"; }
    std::string_view operator()(const event::Cleared&) const { return "cleared"; }
    std::string_view operator()(const event::Stuck&) const { return "stuck"; }
    std::string_view operator()(const event::Shift&) const { return "shift"; }
    std::string_view operator()(const event::Closed&) const { return "closed"; }
    std::string_view operator()(const event::TileMove&) const { return "move"; }
    std::string_view operator()(const event::TileMerge&) const { return "merge"; }
    std::string_view operator()(const event::TileSpawn&) const { return "spawn"; }
    std::string_view operator()(const event::Reshuffle&) const { return "reshuffle"; }
};
}  // namespace

std::string_view event_type(const Event& event) { return std::visit(TypeName{}, event); }

}  // namespace tilelab
