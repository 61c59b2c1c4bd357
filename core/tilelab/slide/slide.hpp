// The slide kind's entry in the kind table (analysis/game.hpp).
#pragma once
#include "tilelab/analysis/game.hpp"

namespace tilelab::slide {

const KindOps& ops();

}  // namespace tilelab::slide
