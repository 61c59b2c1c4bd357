// A level's typed rules and goal (board/level.hpp, each kind's <kind>/data.hpp, listed in
// board/kind_data.hpp): every shipped level holds its own kind's, as<T>() of another kind's type
// throws, set_kind resets them, and == compares across kinds.
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <string>

#include "support/shipped_levels.hpp"
#include "tilelab/board/level.hpp"
#include "tilelab/io/level_io.hpp"

using namespace tilelab;

namespace level_data_test {  // named: the test executable is one unity batch

// For one kind's data D: the level holds D's rules and goal exactly when it is of D's kind, and
// as<>() of D's types throws std::logic_error otherwise.
template <class D>
void check_kind_data(const Level& level) {
    using Rules = typename D::Rules;
    using Goal = typename D::Goal;
    const bool own = D::kind == level.kind;
    CHECK(level.rules.is<Rules>() == own);
    CHECK(level.goal.is<Goal>() == own);
    if (own) {
        CHECK_NOTHROW(level.rules.as<Rules>());
        CHECK_NOTHROW(level.goal.as<Goal>());
    } else {
        CHECK_THROWS_AS(level.rules.as<Rules>(), std::logic_error);
        CHECK_THROWS_AS(level.goal.as<Goal>(), std::logic_error);
    }
}

// Every kind of the list against the level.
template <class... D>
void check_every_kind(const Level& level, KindDataList<D...>) {
    (check_kind_data<D>(level), ...);
}

void check_holds_own_kind(const Level& level) {
    CHECK(level.rules.kind() == level.kind);
    CHECK(level.goal.kind() == level.kind);
    check_every_kind(level, KindsData{});
}

}  // namespace level_data_test

TEST_CASE("level data: every shipped level holds the rules and goal of its kind", "[io][level]") {
    std::map<Kind, int> levels;
    for (int k = 0; k < kind_count; ++k) {
        const Kind kind = static_cast<Kind>(k);
        test::for_each_shipped_level(TILELAB_SOURCE_DIR, kind,
                                     [&](const Level& level, const std::string& file, const std::string&) {
                                         INFO(file);
                                         CHECK(level.kind == kind);
                                         level_data_test::check_holds_own_kind(level);
                                         // Written and read back: the same kind's types, the same level.
                                         const LevelLoad back = parse_level(write_level(level), file);
                                         REQUIRE(back.level);
                                         level_data_test::check_holds_own_kind(*back.level);
                                         CHECK(*back.level == level);
                                         ++levels[kind];
                                     });
    }
    // The samples and packs alone have several of each kind; tests/data the corpora (Netslide's
    // lines levels, the problem levels, the version 1 levels of every kind).
    CHECK(levels[Kind::match3] >= 9);
    CHECK(levels[Kind::link] >= 3);
    CHECK(levels[Kind::lines] >= 20);
    CHECK(levels[Kind::slide] >= 4);
}

TEST_CASE("level data: new levels hold their kind's rules and goal", "[level]") {
    for (int k = 0; k < kind_count; ++k) {
        const Kind kind = static_cast<Kind>(k);
        INFO(kind_name(kind));
        level_data_test::check_holds_own_kind(make_blank_level(kind, 4, 4));
        CHECK(Rules(kind).kind() == kind);
        CHECK(Goal(kind).kind() == kind);
    }
    // A default level is of the first kind, with its rules and goal.
    const Level level;
    CHECK(level.kind == Kind{});
    level_data_test::check_holds_own_kind(level);
    // match3's blank rules beyond the defaults (KindFormat::blank_rules).
    CHECK(make_blank_level(Kind::match3, 4, 4).rules.as<match3::Rules>().colors == 5);
}

TEST_CASE("level data: as<T>() of another kind's type throws and says which kinds", "[level]") {
    Level level = make_blank_level(Kind::match3, 3, 3);
    CHECK_THROWS_WITH(level.rules.as<link::Rules>(), "as<link::Rules>(): the level's rules are match3's, not link's");
    CHECK_THROWS_WITH(level.goal.as<slide::Goal>(), "as<slide::Goal>(): the level's goal is match3's, not slide's");
    const Level& seen = level;
    CHECK_THROWS_AS(seen.rules.as<lines::Rules>(), std::logic_error);
    CHECK_THROWS_AS(seen.goal.as<link::Goal>(), std::logic_error);
    CHECK_FALSE(seen.rules.is<lines::Rules>());
    // The kind's own: a reference into the level, changed in place.
    level.rules.as<match3::Rules>().colors = 7;
    level.goal.as<match3::Goal>().score = 900;
    CHECK(seen.rules.as<match3::Rules>().colors == 7);
    CHECK(seen.goal.as<match3::Goal>().score == 900);
}

TEST_CASE("level data: set_kind gives the kind's default rules and goal, the move limit unset", "[level]") {
    Level level = make_blank_level(Kind::match3, 3, 3);
    level.rules.as<match3::Rules>().min_match = 4;
    level.goal.as<match3::Goal>().jelly = true;
    level.goal.moves = 12;

    level.set_kind(Kind::link);
    CHECK(level.kind == Kind::link);
    CHECK(level.rules == Rules(Kind::link));
    CHECK(level.goal == Goal(Kind::link));
    CHECK_FALSE(level.goal.moves);
    CHECK(level.rules.as<link::Rules>().max_turns == 2);
    CHECK(level.goal.as<link::Goal>().clear);
    level_data_test::check_holds_own_kind(level);

    // Back to match3: its defaults, not what the level held before.
    level.set_kind(Kind::match3);
    CHECK(level.rules == Rules(Kind::match3));
    CHECK(level.rules.as<match3::Rules>().min_match == 3);
    CHECK_FALSE(level.goal.as<match3::Goal>().jelly);
    // The same kind again resets too.
    level.rules.as<match3::Rules>().colors = 6;
    level.set_kind(Kind::match3);
    CHECK(level.rules.as<match3::Rules>().colors == 0);

    for (int k = 0; k < kind_count; ++k) {
        const Kind kind = static_cast<Kind>(k);
        Level fresh;
        fresh.set_kind(kind);
        INFO(kind_name(kind));
        level_data_test::check_holds_own_kind(fresh);
        CHECK(fresh.rules == Rules(kind));
        CHECK(fresh.goal == Goal(kind));
    }
}

TEST_CASE("level data: == compares rules and goals across kinds", "[level]") {
    // Different kinds are never equal, even with every field at its default.
    for (int a = 0; a < kind_count; ++a)
        for (int b = 0; b < kind_count; ++b) {
            INFO(a << " " << b);
            CHECK((Rules(static_cast<Kind>(a)) == Rules(static_cast<Kind>(b))) == (a == b));
            CHECK((Goal(static_cast<Kind>(a)) == Goal(static_cast<Kind>(b))) == (a == b));
        }
    // Within a kind, the fields decide.
    match3::Rules six;
    six.colors = 6;
    CHECK(Rules(six) == Rules(six));
    match3::Rules seven = six;
    seven.colors = 7;
    CHECK_FALSE(Rules(six) == Rules(seven));
    CHECK(Rules(match3::Rules{}) == Rules(Kind::match3));
    // The goal: the move limit and the kind's part.
    Goal a(Kind::slide), b(Kind::slide);
    CHECK(a == b);
    a.moves = 30;
    CHECK_FALSE(a == b);
    b.moves = 30;
    CHECK(a == b);
    b.as<slide::Goal>().target = 4096;
    CHECK_FALSE(a == b);
    Goal lines_goal(Kind::lines);
    lines_goal.moves = 30;
    CHECK_FALSE(a == lines_goal);  // the same move limit, another kind
    // Levels: another kind is another level, the board and the rest the same.
    const Level link_level = make_blank_level(Kind::link, 2, 2);
    Level other = link_level;
    CHECK(other == link_level);
    other.set_kind(Kind::match3);
    CHECK_FALSE(other == link_level);
}
