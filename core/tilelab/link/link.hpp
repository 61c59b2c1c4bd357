// The link kind's entry in the kind table (analysis/game.hpp).
#pragma once
#include "tilelab/analysis/game.hpp"

namespace tilelab::link {

const KindOps& ops();

}  // namespace tilelab::link
