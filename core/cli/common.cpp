// What the verbs share: flag parsing with clear usage errors, loading with diagnostics, JSON output.
#include <charconv>
#include <iostream>

#include "cli/verbs.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::cli {

int usage_error(const std::string& verb, const std::string& message) {
    std::cerr << "tilelab " << verb << ": " << message << "\n";
    std::cerr << "Try 'tilelab " << verb << " --help'.\n";
    return exit_usage;
}

bool FlagReader::is(const char* name) const {
    const std::string& w = args[i];
    const std::size_t n = std::char_traits<char>::length(name);
    return w == name || (w.size() > n && w.compare(0, n, name) == 0 && w[n] == '=');
}

std::optional<std::string> FlagReader::value() {
    const std::string& w = args[i];
    auto eq = w.find('=');
    if (w.rfind("--", 0) == 0 && eq != std::string::npos) {
        ++i;
        return w.substr(eq + 1);
    }
    if (i + 1 >= args.size()) {
        error = w + " needs a value";
        ++i;
        return std::nullopt;
    }
    i += 2;
    return args[i - 1];
}

std::optional<std::int64_t> FlagReader::integer(std::int64_t min, std::int64_t max) {
    std::string flag = args[i].substr(0, args[i].find('='));
    auto text = value();
    if (!text) return std::nullopt;
    std::int64_t n = 0;
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), n);
    if (text->empty() || ec != std::errc() || ptr != text->data() + text->size()) {
        error = flag + " takes a whole number, not '" + *text + "'";
        return std::nullopt;
    }
    if (n < min || n > max) {
        error = flag + " takes a number from " + std::to_string(min) + " to " + std::to_string(max) + ", not " + *text;
        return std::nullopt;
    }
    return n;
}

std::optional<double> FlagReader::fraction() {
    std::string flag = args[i].substr(0, args[i].find('='));
    auto text = value();
    if (!text) return std::nullopt;
    std::string number = *text;
    const bool percent = !number.empty() && number.back() == '%';
    if (percent) number.pop_back();
    double v = 0;
    auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), v);
    if (number.empty() || number[0] == '-' || ec != std::errc() || ptr != number.data() + number.size() ||
        (percent ? v > 100.0 : v > 1.0)) {
        error = flag + " takes a fraction from 0 to 1 or a percentage (0.4 or 40%), not '" + *text + "'";
        return std::nullopt;
    }
    return percent ? v / 100.0 : v;
}

std::optional<std::uint64_t> FlagReader::unsigned_integer() {
    std::string flag = args[i].substr(0, args[i].find('='));
    auto text = value();
    if (!text) return std::nullopt;
    std::uint64_t n = 0;
    auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), n);
    if (text->empty() || ec != std::errc() || ptr != text->data() + text->size()) {
        error = flag + " takes a whole number from 0 to 2^64-1, not '" + *text + "'";
        return std::nullopt;
    }
    return n;
}

bool wants_help(const Args& args) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
}

void print_diagnostics(const Diagnostics& diagnostics) {
    for (const auto& d : diagnostics) std::cerr << d.format() << "\n";
}

std::optional<Level> load_level_reporting(const std::string& path) {
    LevelLoad load = load_level(path);
    print_diagnostics(load.diagnostics);
    return load.level;
}

std::string json_text(const nlohmann::ordered_json& value) {
    return value.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

void print_json(const nlohmann::ordered_json& value) { std::cout << json_text(value); }

std::optional<double> parse_fraction(std::string text) {
    bool is_percent = !text.empty() && text.back() == '%';
    if (is_percent) text.pop_back();
    double v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    if (is_percent) v /= 100.0;
    if (!(v >= 0.0 && v <= 1.0)) return std::nullopt;
    return v;
}

}  // namespace tilelab::cli
