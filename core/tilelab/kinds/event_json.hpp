// The events of a move (analysis/events.hpp) as JSON: what `tilelab apply --json` prints, what the
// C API's tl_game_events returns, and so what the bindings hand a runtime. The one place above the
// kinds that turns events into JSON; the shapes are those of docs/match3.md, docs/link.md,
// docs/lines.md and docs/slide.md, keys in the order each event struct lists its fields, after
// "type".
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/events.hpp"
#include "tilelab/kinds/table.hpp"

namespace tilelab {

// {"type": ..., fields...}: {"type": "swap", "a": [2, 2], "b": [2, 3]}.
nlohmann::ordered_json event_json(const Event& event);
// A JSON array of the events, in order.
nlohmann::ordered_json events_json(const std::vector<Event>& events);

// A replay's event with its move first: {"move": 0, "type": "swap", ...} (apply_moves).
nlohmann::ordered_json event_json(const AppliedEvent& event);
nlohmann::ordered_json events_json(const std::vector<AppliedEvent>& events);

}  // namespace tilelab
