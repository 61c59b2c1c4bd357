// The one save routine (write_file_atomically) and the CLI's writers around it: file names up to
// NAME_MAX, mode and owner kept, symlinks written through, read-only files refused, the backup rotated
// by rename, real errno text, temporary files of killed writers removed; fmt's stdout errors and
// pack export's refusals. The fault-injection sweep (tests/fault) covers every failing call.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/run.hpp"
#include "tilelab/io/atomic_file.hpp"

namespace fs = std::filesystem;
using namespace tilelab;
using tilelab::test::run_cli;
using tilelab::test::run_shell;
using tilelab::test::shell_quote;
using tilelab::test::slurp;

namespace {

struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& name) {
        dir = fs::temp_directory_path() / ("tilelab-atomic-" + name + "-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(dir, ec);
    }
};

using tilelab::test::put;

struct stat stat_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st;
}

int temporaries_in(const fs::path& dir) {
    int n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += is_temporary_save_name(e.path().filename().string());
    return n;
}

WriteOptions with_backup() {
    WriteOptions o;
    o.keep_backup = true;
    return o;
}

}  // namespace

TEST_CASE("a file name of 250 characters saves (the temporary name is short)", "[io][save]") {
    Scratch s("long");
    const fs::path path = s.dir / (std::string(245, 'n') + ".json");
    REQUIRE(path.filename().string().size() == 250);
    REQUIRE(write_file_atomically(path, "first\n", with_backup()).ok());
    WriteResult second = write_file_atomically(path, "second\n", with_backup());
    INFO(second.error);
    REQUIRE(second.ok());
    CHECK(slurp(path) == "second\n");
    // Its backup would be 254 characters: still within NAME_MAX.
    CHECK(slurp(path.string() + ".bak") == "first\n");
    CHECK(temporaries_in(s.dir) == 0);
}

TEST_CASE("file names of 252 to 255 bytes save with a backup under a shortened name", "[io][save]") {
    Scratch s("longer");
    for (std::size_t size = 252; size <= 255; ++size) {
        const fs::path path = s.dir / (std::string(size - 5, 'n') + ".json");
        REQUIRE(path.filename().string().size() == size);
        REQUIRE(write_file_atomically(path, "first\n", with_backup()).ok());
        WriteResult second = write_file_atomically(path, "second\n", with_backup());
        INFO(size << ": " << second.error);
        REQUIRE(second.ok());
        CHECK(slurp(path) == "second\n");
        const fs::path backup = tilelab::backup_path(path);
        CHECK(backup.filename().string().size() <= 255);
        CHECK(backup.filename().string().ends_with(".bak"));
        CHECK(slurp(backup) == "first\n");
    }
    // Four names, four backups: the hash keeps them apart.
    std::size_t backups = 0;
    for (const auto& entry : fs::directory_iterator(s.dir)) backups += entry.path().extension() == ".bak";
    CHECK(backups == 4);
    CHECK(temporaries_in(s.dir) == 0);
}

TEST_CASE("the file keeps its mode (600, 640, 755) and a new file gets the umask's", "[io][save]") {
    Scratch s("mode");
    for (mode_t mode : {0600, 0640, 0755}) {
        const fs::path path = s.dir / ("m" + std::to_string(mode) + ".json");
        put(path, "old\n");
        REQUIRE(::chmod(path.c_str(), mode) == 0);
        REQUIRE(write_file_atomically(path, "new\n", with_backup()).ok());
        CHECK(slurp(path) == "new\n");
        CHECK((stat_of(path).st_mode & 07777) == mode);
    }
    const mode_t mask = ::umask(022);
    ::umask(mask);
    const fs::path fresh = s.dir / "fresh.json";
    REQUIRE(write_file_atomically(fresh, "x\n", false).empty());
    CHECK((stat_of(fresh).st_mode & 07777) == (0666 & ~mask));
}

TEST_CASE("the file keeps its owner and group when permitted", "[io][save]") {
    if (::geteuid() != 0) SUCCEED("needs root to give a file away; the mode test covers the rest");
    else {
        Scratch s("owner");
        const fs::path path = s.dir / "owned.json";
        put(path, "old\n");
        REQUIRE(::chown(path.c_str(), 65534, 65534) == 0);
        REQUIRE(::chmod(path.c_str(), 0640) == 0);
        REQUIRE(write_file_atomically(path, "new\n", false).empty());
        const struct stat st = stat_of(path);
        CHECK(st.st_uid == 65534u);
        CHECK(st.st_gid == 65534u);
        CHECK((st.st_mode & 07777) == 0640);
    }
}

TEST_CASE("a symlinked file is written through: the link stays a link, its target gets the bytes", "[io][save]") {
    Scratch s("link");
    fs::create_directories(s.dir / "real");
    const fs::path real = s.dir / "real" / "level.json";
    put(real, "old\n");
    const fs::path link = s.dir / "level.json";
    fs::create_symlink("real/level.json", link);  // relative, as users make them
    REQUIRE(write_file_atomically(link, "new\n", with_backup()).ok());
    CHECK(fs::is_symlink(link));
    CHECK(fs::read_symlink(link) == "real/level.json");
    CHECK(slurp(real) == "new\n");
    CHECK(slurp(s.dir / "real" / "level.json.bak") == "old\n");  // the backup is beside the real file
    CHECK_FALSE(fs::exists(s.dir / "level.json.bak"));
    CHECK(temporaries_in(s.dir / "real") == 0);
    CHECK(temporaries_in(s.dir) == 0);

    // A chain of links and a dangling link (its target is created).
    fs::create_symlink("level.json", s.dir / "chain.json");
    REQUIRE(write_file_atomically(s.dir / "chain.json", "newer\n", false).empty());
    CHECK(slurp(real) == "newer\n");
    CHECK(fs::is_symlink(s.dir / "chain.json"));
    fs::create_symlink("real/new.json", s.dir / "dangling.json");
    REQUIRE(write_file_atomically(s.dir / "dangling.json", "made\n", false).empty());
    CHECK(slurp(s.dir / "real" / "new.json") == "made\n");
    CHECK(fs::is_symlink(s.dir / "dangling.json"));
}

TEST_CASE("a read-only file is refused with a clear message and left as it is", "[io][save]") {
    Scratch s("readonly");
    const fs::path path = s.dir / "level.json";
    put(path, "old\n");
    REQUIRE(::chmod(path.c_str(), 0444) == 0);
    WriteResult r = write_file_atomically(path, "new\n", with_backup());
    CHECK_FALSE(r.ok());
    CHECK(r.read_only);
    CHECK(r.error.find("read-only") != std::string::npos);
    CHECK(r.error.find(path.string()) != std::string::npos);
    CHECK(slurp(path) == "old\n");
    CHECK((stat_of(path).st_mode & 07777) == 0444);
    CHECK_FALSE(fs::exists(path.string() + ".bak"));
    CHECK(temporaries_in(s.dir) == 0);
}

TEST_CASE("the backup rotates by rename: the old .bak stays whole until a whole one replaces it", "[io][save]") {
    Scratch s("backup");
    const fs::path path = s.dir / "level.json";
    REQUIRE(write_file_atomically(path, "one\n", with_backup()).ok());
    CHECK_FALSE(fs::exists(path.string() + ".bak"));
    const ino_t first_inode = stat_of(path).st_ino;
    REQUIRE(write_file_atomically(path, "two\n", with_backup()).ok());
    CHECK(slurp(path.string() + ".bak") == "one\n");
    // The very file that was replaced becomes the backup (renamed, not copied over the old .bak).
    CHECK(stat_of(path.string() + ".bak").st_ino == first_inode);
    CHECK(stat_of(path).st_nlink == 1);
    const ino_t two_inode = stat_of(path).st_ino;
    REQUIRE(write_file_atomically(path, "three\n", with_backup()).ok());
    CHECK(slurp(path) == "three\n");
    CHECK(slurp(path.string() + ".bak") == "two\n");
    CHECK(stat_of(path.string() + ".bak").st_ino == two_inode);
    CHECK(temporaries_in(s.dir) == 0);
}

TEST_CASE("a .bak that is a folder, a target that is a folder, a missing folder: clear errors, no stale errno", "[io][save]") {
    Scratch s("errors");
    const fs::path path = s.dir / "a.json";
    put(path, "old\n");
    fs::create_directory(s.dir / "a.json.bak");
    WriteResult r = write_file_atomically(path, "new\n", with_backup());
    CHECK_FALSE(r.ok());
    CHECK(r.error == "cannot keep a backup of " + path.string() + ": " + path.string() + ".bak is a folder; nothing written");
    CHECK(slurp(path) == "old\n");

    fs::create_directory(s.dir / "folder.json");
    r = write_file_atomically(s.dir / "folder.json", "x", WriteOptions{});
    CHECK(r.error == "cannot save " + (s.dir / "folder.json").string() + ": it is a folder");

    // The folder is a file: the system's reason, not a guess.
    r = write_file_atomically(path / "x.json", "x", WriteOptions{});
    CHECK(r.error.find("Not a directory") != std::string::npos);
    r = write_file_atomically(s.dir / "no-such-folder" / "x.json", "x", WriteOptions{});
    CHECK(r.error.find("No such file or directory") != std::string::npos);
    CHECK(r.error.find(" is unchanged") != std::string::npos);
    CHECK(r.error.find("Success") == std::string::npos);
    CHECK(temporaries_in(s.dir) == 0);
}

TEST_CASE("temporary files of killed writers are removed by the next save in that folder", "[io][save]") {
    Scratch s("leftover");
    // A pid that is surely gone: a child that has exited and been reaped.
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    REQUIRE(child > 0);
    ::waitpid(child, nullptr, 0);
    const std::string dead = temporary_save_name_of(child);
    const std::string alive = temporary_save_name_of(::getppid());  // a running writer's
    put(s.dir / dead, "half a lev");
    put(s.dir / alive, "in progress");
    CHECK(is_temporary_save_name(dead));
    CHECK_FALSE(is_temporary_save_name("level.json"));
    CHECK_FALSE(is_temporary_save_name(".tilelab-12-xyz.tmp"));
    CHECK_FALSE(is_temporary_save_name(".tilelab-1234567-12-0badf00d.tmp"));  // the space is 8 hex digits
    REQUIRE(write_file_atomically(s.dir / "level.json", "new\n", false).empty());
    CHECK_FALSE(fs::exists(s.dir / dead));
    CHECK(fs::exists(s.dir / alive));
    // Never mistaken for a level: the names are hidden and do not end in .json.
    CHECK(fs::path(dead).extension() == ".tmp");
}

TEST_CASE("tilelab fmt keeps mode and links, refuses read-only files, and fails on a stdout it cannot write", "[cli][save]") {
    Scratch s("fmt");
    const fs::path level = s.dir / "level.json";
    // (Redirections inside braces: run_shell adds its own after the command.)
    REQUIRE(run_shell("{ jq -c . " + shell_quote(TILELAB_SOURCE_DIR "/levels/samples/match3/01-intro.json") + " > " +
                      shell_quote(level.string()) + "; }")
                .status == 0);
    const std::string compact = slurp(level);
    REQUIRE(::chmod(level.c_str(), 0600) == 0);
    fs::create_symlink("level.json", s.dir / "link.json");

    // stdout on /dev/full: exit 1 and say so (the file itself is written).
    auto full = run_shell("{ " + shell_quote(TILELAB_CLI) + " fmt " + shell_quote((s.dir / "link.json").string()) +
                          " >/dev/full; }");
    CHECK(full.status == 1);
    CHECK(full.err.find("cannot write to standard output: No space left on device") != std::string::npos);
    CHECK(fs::is_symlink(s.dir / "link.json"));
    CHECK(slurp(level) == slurp(TILELAB_SOURCE_DIR "/levels/samples/match3/01-intro.json"));
    CHECK((stat_of(level).st_mode & 07777) == 0600);

    // A read-only level: refused, named, unchanged.
    put(level, compact);
    REQUIRE(::chmod(level.c_str(), 0444) == 0);
    auto ro = run_cli("fmt " + shell_quote(level.string()));
    CHECK(ro.status == 1);
    CHECK(ro.err.find("read-only") != std::string::npos);
    CHECK(slurp(level) == compact);

    // Other verbs' stdout too (one place checks it).
    auto validate = run_shell("{ " + shell_quote(TILELAB_CLI) + " validate " +
                              shell_quote(TILELAB_SOURCE_DIR "/levels/samples/link/01-pairs.json") + " >/dev/full; }");
    CHECK(validate.status == 1);
    CHECK(validate.err.find("cannot write to standard output") != std::string::npos);

    // Verbs whose output passes the stream's buffer meet the error mid-run: the reason is still given.
    // The demo pack's 18 levels with 10 playouts each: the same lines and keys as its full check
    // (10 KB of JSON), at a hundredth of the playouts.
    const std::string link = shell_quote(TILELAB_SOURCE_DIR "/levels/samples/link/01-pairs.json");
    const std::string pack = shell_quote(TILELAB_SOURCE_DIR "/levels/packs/demo.json") + " --runs 10 --threads 1";
    for (const std::string& verb : {"analyze --json " + link, "estimate --json --runs 20 --threads 1 " + link,
                                    "pack check " + pack, "pack check --json " + pack}) {
        auto r = run_shell("{ " + shell_quote(TILELAB_CLI) + " " + verb + " >/dev/full; }");
        INFO(verb << ": " << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find("cannot write to standard output: No space left on device") != std::string::npos);
    }
}

TEST_CASE("tilelab pack export refuses to overwrite the pack, one of its levels, or a file that is not a bundle", "[cli][save]") {
    Scratch s("export");
    const std::string samples = TILELAB_SOURCE_DIR "/levels/samples";
    fs::copy_file(samples + "/match3/01-intro.json", s.dir / "a.json");
    fs::copy_file(samples + "/link/01-pairs.json", s.dir / "b.json");
    const fs::path pack = s.dir / "pack.json";
    put(pack, R"({"format": "tilelab.pack", "version": 1, "name": "p", "levels": ["a.json", "b.json"]})"
              "\n");
    put(s.dir / "notes.txt", "my notes\n");
    const std::string flags = " --runs 10 --threads 1";
    struct Case {
        fs::path out;
        std::string says;
    };
    for (const Case& c : {Case{pack, "is the pack itself"}, Case{s.dir / "b.json", "is a level of the pack (b.json)"},
                          Case{s.dir / "sub" / ".." / "a.json", "is a level of the pack (a.json)"},
                          Case{s.dir / "notes.txt", "exists and is not a tilelab file, not a bundle"}}) {
        const std::string before = slurp(c.out);
        auto r = run_cli("pack export " + shell_quote(pack.string()) + " -o " + shell_quote(c.out.string()) + flags);
        INFO(c.out.string() << ": " << r.err);
        CHECK(r.status == 2);
        CHECK(r.err.find(c.says) != std::string::npos);
        CHECK(r.err.find("nothing written") != std::string::npos);
        CHECK(slurp(c.out) == before);
    }
    // A symlink to the pack is the pack.
    fs::create_symlink("pack.json", s.dir / "alias.json");
    auto alias = run_cli("pack export " + shell_quote(pack.string()) + " -o " + shell_quote((s.dir / "alias.json").string()) +
                         flags);
    CHECK(alias.status == 2);
    CHECK(alias.err.find("is the pack itself") != std::string::npos);
    // A new file, then over the bundle it wrote: fine.
    const fs::path out = s.dir / "p.bundle.json";
    CHECK(run_cli("pack export " + shell_quote(pack.string()) + " -o " + shell_quote(out.string()) + flags).status == 0);
    CHECK(run_cli("pack export " + shell_quote(pack.string()) + " -o " + shell_quote(out.string()) + flags).status == 0);
    // The report refuses the pack and its levels too.
    auto report = run_cli("pack report " + shell_quote(pack.string()) + " -o " + shell_quote((s.dir / "a.json").string()) +
                          flags);
    CHECK(report.status == 2);
    CHECK(slurp(s.dir / "a.json") == slurp(samples + "/match3/01-intro.json"));
}

TEST_CASE("temporary files of writers in another pid space are left alone until a day old", "[io][save]") {
    Scratch s("foreign");
    // A pid that is surely gone here, in names from another machine or pid namespace (whose pid means
    // nothing here: that writer may be alive, a Slurm shard on another host writing into this NFS
    // folder) and from a tilelab before the space was in the name.
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    REQUIRE(child > 0);
    ::waitpid(child, nullptr, 0);
    std::string mine = temporary_save_name_of(child);
    std::string other = mine;
    const std::size_t at = std::string(".tilelab-").size();
    other[at] = other[at] == '0' ? '1' : '0';  // another SPACE
    const std::string legacy = ".tilelab-" + std::to_string(child) + "-0badf00d.tmp";
    REQUIRE(is_temporary_save_name(other));
    REQUIRE(is_temporary_save_name(legacy));
    const std::string old_other = other.substr(0, other.size() - 12) + "0000beef.tmp";
    const std::string old_legacy = ".tilelab-" + std::to_string(child) + "-0000beef.tmp";
    for (const std::string& name : {other, legacy, old_other, old_legacy}) put(s.dir / name, "in progress elsewhere");
    for (const std::string& name : {old_other, old_legacy})
        fs::last_write_time(s.dir / name, fs::file_time_type::clock::now() - std::chrono::hours(25));
    REQUIRE(write_file_atomically(s.dir / "level.json", "new\n", false).empty());
    CHECK(fs::exists(s.dir / other));
    CHECK(fs::exists(s.dir / legacy));
    CHECK_FALSE(fs::exists(s.dir / old_other));
    CHECK_FALSE(fs::exists(s.dir / old_legacy));
}
