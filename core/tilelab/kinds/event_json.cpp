// The events as JSON (kinds/event_json.hpp): one writer per event type, each adding the event's
// fields to an object that already holds whatever comes before them ("move" for apply).
#include "tilelab/kinds/event_json.hpp"

#include <string>
#include <utility>

namespace tilelab {

namespace {
using ojson = nlohmann::ordered_json;

ojson group_json(const event::ClearGroup& g) {
    ojson out;
    out["cells"] = cells_json(g.cells);
    out["points"] = g.points;
    return out;
}

// Adds "type" and the event's fields to `out`, in the documented order.
struct Fields {
    ojson& out;

    void operator()(const event::Swap& e) const {
        out["a"] = cell_json(e.a);
        out["b"] = cell_json(e.b);
    }
    void operator()(const event::Clear& e) const {
        out["step"] = e.step;
        auto groups = ojson::array();
        for (const event::ClearGroup& g : e.groups) groups.push_back(group_json(g));
        out["groups"] = std::move(groups);
        if (e.cells) out["cells"] = cells_json(*e.cells);
        out["points"] = e.points;
        out["jelly"] = cells_json(e.jelly);
    }
    void operator()(const event::Fall& e) const {
        out["step"] = e.step;
        out["from"] = cell_json(e.from);
        out["to"] = cell_json(e.to);
    }
    void operator()(const event::Spawn& e) const {
        out["step"] = e.step;
        out["cell"] = cell_json(e.cell);
        out["color"] = e.color;
    }
    void operator()(const event::Summary& e) const {
        out["first_step"] = e.first_step;
        out["last_step"] = e.last_step;
        out["points"] = e.points;
        out["cleared"] = e.cleared;
        out["jelly"] = e.jelly;
        out["falls"] = e.falls;
        out["spawns"] = e.spawns;
        out["cascade_capped"] = e.cascade_capped;
    }
    void operator()(const event::Combo& e) const {
        out["step"] = e.step;
        out["a"] = cell_json(e.a);
        out["b"] = cell_json(e.b);
        out["area"] = cells_json(e.area);
    }
    void operator()(const event::Fired& e) const {
        out["step"] = e.step;
        out["cell"] = cell_json(e.cell);
        out["token"] = e.token;
        out["area"] = cells_json(e.area);
    }
    void operator()(const event::Unlocked& e) const {
        out["step"] = e.step;
        out["cell"] = cell_json(e.cell);
    }
    void operator()(const event::CrateHit& e) const {
        out["step"] = e.step;
        out["cell"] = cell_json(e.cell);
        out["hp"] = e.hp;
    }
    void operator()(const event::Created& e) const {
        out["step"] = e.step;
        out["cell"] = cell_json(e.cell);
        out["token"] = e.token;
    }
    void operator()(const event::Collected& e) const {
        out["step"] = e.step;
        out["cell"] = cell_json(e.cell);
    }
    void operator()(const event::Remove& e) const {
        out["a"] = cell_json(e.a);
        out["b"] = cell_json(e.b);
        out["turns"] = e.turns;
        out["path"] = cells_json(e.path);
    }
    void operator()(const event::Cleared&) const {}
    void operator()(const event::Stuck&) const {}
    void operator()(const event::Shift& e) const {
        out["axis"] = e.axis == event::Shift::Axis::row ? "row" : "col";
        out["index"] = e.index;
        out["step"] = e.step;
    }
    void operator()(const event::Closed& e) const {
        out["cells"] = cells_json(e.cells);
        out["new"] = e.is_new;
    }
    void operator()(const event::TileMove& e) const {
        out["id"] = e.id;
        out["from"] = cell_json(e.from);
        out["to"] = cell_json(e.to);
    }
    void operator()(const event::TileMerge& e) const {
        out["ids"] = ojson::array({e.nearer, e.farther});
        out["into"] = e.into;
        out["cell"] = cell_json(e.cell);
        out["value"] = e.value;
    }
    void operator()(const event::TileSpawn& e) const {
        out["id"] = e.id;
        out["cell"] = cell_json(e.cell);
        out["value"] = e.value;
    }
    void operator()(const event::Reshuffle& e) const {
        out["attempts"] = e.attempts;
        out["found"] = e.found;
    }
};

void add_fields(ojson& out, const Event& event) {
    out["type"] = std::string(event_type(event));
    std::visit(Fields{out}, event);
}
}  // namespace

ojson event_json(const Event& event) {
    ojson out = ojson::object();
    add_fields(out, event);
    return out;
}

ojson events_json(const std::vector<Event>& events) {
    auto out = ojson::array();
    for (const Event& e : events) out.push_back(event_json(e));
    return out;
}

ojson event_json(const AppliedEvent& event) {
    ojson out = ojson::object();
    out["move"] = event.move;
    add_fields(out, event.event);
    return out;
}

ojson events_json(const std::vector<AppliedEvent>& events) {
    auto out = ojson::array();
    for (const AppliedEvent& e : events) out.push_back(event_json(e));
    return out;
}

}  // namespace tilelab
