// The list of the kinds' own data types, each kind's rules and goal (`<kind>/data.hpp`): the
// alternatives of Level's Rules and Goal (board/level.hpp). The one place that lists them, one
// include and one line of KindsData a kind, in the order of Kind (docs/architecture.md "Adding a
// kind").
#pragma once
#include <cstddef>
#include <variant>

#include "tilelab/board/board.hpp"
#include "tilelab/match3/data.hpp"
#include "tilelab/link/data.hpp"
#include "tilelab/lines/data.hpp"
#include "tilelab/slide/data.hpp"
#include "tilelab/collapse/data.hpp"

namespace tilelab {

// A kind's data types.
template <Kind K, class RulesType, class GoalType>
struct KindData {
    static constexpr Kind kind = K;
    using Rules = RulesType;
    using Goal = GoalType;
};

// Kinds' data in the order of Kind: the variants of their rules and of their goals.
template <class... Kinds>
struct KindDataList {
    using Rules = std::variant<typename Kinds::Rules...>;
    using Goal = std::variant<typename Kinds::Goal...>;
    static constexpr std::size_t size = sizeof...(Kinds);
    // Each entry's kind is its index: variant index i holds the data of Kind(i).
    static constexpr bool in_kind_order() {
        const Kind kinds[] = {Kinds::kind...};
        for (std::size_t i = 0; i < size; ++i)
            if (static_cast<std::size_t>(kinds[i]) != i) return false;
        return true;
    }
};

using KindsData = KindDataList<KindData<Kind::match3, match3::Rules, match3::Goal>,  //
                               KindData<Kind::link, link::Rules, link::Goal>,        //
                               KindData<Kind::lines, lines::Rules, lines::Goal>,     //
                               KindData<Kind::slide, slide::Rules, slide::Goal>,     //
                               KindData<Kind::collapse, collapse::Rules, collapse::Goal>>;

static_assert(KindsData::in_kind_order(), "KindsData lists the kinds in the order of enum class Kind (board/board.hpp)");
static_assert(KindsData::size == kind_count, "KindsData lists every kind of enum class Kind (board/board.hpp)");

}  // namespace tilelab
