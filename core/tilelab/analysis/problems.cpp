// The kind-agnostic entry to the level problems (problems.hpp); each kind's checks live in its folder.
#include "tilelab/analysis/problems.hpp"

namespace tilelab {

std::vector<Warning> level_problems(const Level& level) {
    switch (level.kind) {
    case Kind::match3: return match3::level_problems(level);
    case Kind::link: return link::level_problems(level);
    case Kind::lines:
    case Kind::slide: return {};
    }
    return {};
}

}  // namespace tilelab
