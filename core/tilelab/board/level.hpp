// A level of any kind as a value: identity, board, layers, rules and goal (docs/format.md "A level").
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/board/board.hpp"
#include "tilelab/board/kind_data.hpp"
#include "tilelab/limits.hpp"

namespace tilelab {

// The newest format version this reader knows (docs/format.md "Versions and migration"): new
// levels (editor, generate) are written at it; a loaded level keeps its file's version
// (Level::version) unless the writer needs a newer one for what the level uses, or `fmt --upgrade`
// asks. Version 1 match3 levels play as "specials": false.
inline constexpr int level_format_version = 3;
static_assert(newest_token_version == level_format_version, "board.hpp's token default is the newest version");
inline constexpr int max_board_side = limits::board_side;

namespace level_detail {
// The index of T among the alternatives of `Variant` (a compile error when it is none of them).
template <class T, class Variant>
struct alternative;
template <class T, class... Ts>
struct alternative<T, std::variant<Ts...>> {
    static constexpr std::size_t count = (std::size_t{std::is_same_v<T, Ts>} + ...);
    static_assert(count == 1, "not a kind's rules or goal type (board/kind_data.hpp)");
    static constexpr std::size_t index = [] {
        const bool same[] = {std::is_same_v<T, Ts>...};
        std::size_t i = 0;
        while (!same[i]) ++i;
        return i;
    }();
};

template <class T, class Variant>
inline constexpr bool is_alternative = false;
template <class T, class... Ts>
inline constexpr bool is_alternative<T, std::variant<Ts...>> = (std::is_same_v<T, Ts> || ...);

// The defaults of the alternative of `kind`.
template <class Variant, std::size_t... I>
Variant defaults_of(Kind kind, std::index_sequence<I...>) {
    Variant out;
    ((static_cast<std::size_t>(kind) == I ? static_cast<void>(out.template emplace<I>()) : static_cast<void>(0)), ...);
    return out;
}
template <class Variant>
Variant defaults_of(Kind kind) {
    return defaults_of<Variant>(kind, std::make_index_sequence<std::variant_size_v<Variant>>{});
}

// as<T>() of a value holding another kind's alternative: throws std::logic_error naming both.
[[noreturn]] void wrong_kind(const char* part, std::size_t held, std::size_t asked);

template <class T, class Variant>
T* get(Variant& value, const char* part) {
    constexpr std::size_t index = alternative<std::remove_const_t<T>, std::remove_const_t<Variant>>::index;
    if (value.index() != index) [[unlikely]]
        wrong_kind(part, value.index(), index);
    return std::get_if<index>(&value);
}
}  // namespace level_detail

// The level's rules: those of its kind, one of the kinds' types (match3::Rules, link::Rules ...,
// `<kind>/data.hpp`, listed in board/kind_data.hpp). A level holds the rules of Level::kind
// (Level::set_kind); kind code reads its own with `level.rules.as<match3::Rules>()`, bound once
// outside a loop. Fields hold their effective value (the default when the file omits them);
// Level::present remembers which keys the file wrote so that saving a loaded file gives the same
// bytes.
class Rules {
public:
    using Variant = KindsData::Rules;

    Rules() = default;  // the first kind's defaults, as a Level's default kind
    explicit Rules(Kind kind) : value_(level_detail::defaults_of<Variant>(kind)) {}
    template <class T>
    requires level_detail::is_alternative<T, Variant>
    explicit Rules(T rules) : value_(std::move(rules)) {}

    // The kind whose rules these are.
    Kind kind() const { return static_cast<Kind>(value_.index()); }
    template <class T>
    bool is() const {
        return value_.index() == level_detail::alternative<T, Variant>::index;
    }
    // The rules as the kind's type; throws std::logic_error when they are another kind's.
    template <class T>
    const T& as() const {
        return *level_detail::get<const T>(value_, "rules");
    }
    template <class T>
    T& as() {
        return *level_detail::get<T>(value_, "rules");
    }

    // Equal when of the same kind and equal as that kind's rules.
    friend bool operator==(const Rules&, const Rules&) = default;

private:
    Variant value_;
};

// The level's goal: the move limit, every kind's, and the rest of its kind (match3::Goal ...,
// `<kind>/data.hpp`), read like the rules with `level.goal.as<match3::Goal>()`. Absent optionals
// mean "not part of the goal".
class Goal {
public:
    using Variant = KindsData::Goal;

    std::optional<int> moves;  // a move limit, every kind

    Goal() = default;  // the first kind's defaults, as a Level's default kind
    explicit Goal(Kind kind) : value_(level_detail::defaults_of<Variant>(kind)) {}
    template <class T>
    requires level_detail::is_alternative<T, Variant>
    explicit Goal(T goal) : value_(std::move(goal)) {}

    // The kind whose goal this is.
    Kind kind() const { return static_cast<Kind>(value_.index()); }
    template <class T>
    bool is() const {
        return value_.index() == level_detail::alternative<T, Variant>::index;
    }
    // The kind's part of the goal as its type; throws std::logic_error when it is another kind's.
    template <class T>
    const T& as() const {
        return *level_detail::get<const T>(value_, "goal");
    }
    template <class T>
    T& as() {
        return *level_detail::get<T>(value_, "goal");
    }

    // Equal when of the same kind, with the same move limit and the same kind's part.
    friend bool operator==(const Goal&, const Goal&) = default;

private:
    Variant value_;
};

struct Level {
    int version = level_format_version;  // the file's format version (a new level: the newest)
    std::string id;
    std::string name;
    // Read freely; changed only through set_kind, which gives the level that kind's rules and goal.
    Kind kind{};  // value-initialised: the first enumerator of Kind (board/board.hpp)
    std::uint64_t seed = 0;
    Rules rules;                  // the rules of `kind`
    Goal goal;                    // the goal of `kind`
    Board board;                  // width and height live here
    std::optional<Grid> jelly;    // layers.jelly (match3)
    std::optional<Grid> lock;     // layers.lock (match3 v2): 1 on a locked piece, special or colour bomb
    nlohmann::ordered_json meta;  // free-form, kept as it is (null when absent)
    // Keys of "rules" and "goal" that the file wrote, as "rules/min_match", "goal/moves"; the
    // canonical writer writes these and every field that differs from its default.
    std::set<std::string> present;

    int width() const { return board.width; }
    int height() const { return board.height; }

    // Makes the level one of `k`: `kind`, and the kind's default rules and goal, the move limit
    // unset too (the whole goal), so that a level whose kind is set at once (the reader, new
    // levels) is exactly a fresh one of that kind. Every change of `kind` goes through here, so
    // that the rules and goal always hold the kind's types.
    void set_kind(Kind k) {
        kind = k;
        rules = Rules(k);
        goal = Goal(k);
    }

    friend bool operator==(const Level&, const Level&) = default;
};

// A random (version 4) UUID drawn from `entropy`, for the id of a new level.
std::string make_level_uuid(std::uint64_t entropy);

// A blank level of the kind: every cell empty (match3: random pieces), sensible rules.
Level make_blank_level(Kind kind, int width, int height);

}  // namespace tilelab
