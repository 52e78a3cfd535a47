// The run lock (db/006_run_locks.sql): one process plays a run; a second is refused naming the
// holder; a lock whose holder is gone (kill -9, a reused pid) is taken over; a holder on another
// host is never guessed dead. Processes are identities here: a test pretends to be several.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include "fixtures.hpp"
#include "store/process_identity.hpp"
#include "store/run_recorder.hpp"
#include "store/store.hpp"

using namespace oaq;
using namespace oaq::store;
using namespace oaq::store::test;
using Catch::Matchers::Contains;

namespace {

// The pid of a process that has exited and been reaped: nothing runs under it (for a while).
std::int64_t gone_pid() {
    const pid_t child = ::fork();
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);
    return child;
}

ProcessIdentity other_host() {
    auto p = this_process();
    p.host += "-elsewhere";
    return p;
}

}  // namespace

TEST_CASE("the presence of a lock holder is known on this host only", "[store][lock]") {
    const auto me = this_process();
    CHECK(me.pid == ::getpid());
    CHECK_FALSE(me.host.empty());
    CHECK_FALSE(me.start.empty());
    CHECK(presence(me) == Presence::Running);
    auto reaped = me;
    reaped.pid = gone_pid();
    CHECK(presence(reaped) == Presence::Gone);
    auto reused = me;  // our pid, but a process that started at another time
    reused.start += "0";
    CHECK(presence(reused) == Presence::Gone);
    CHECK(presence(other_host()) == Presence::Unknown);
}

TEST_CASE("a run lock is taken once, refused to others and given back by its holder",
          "[store][lock]") {
    Store db = Store::open_memory();
    const RowId t = make_tournament(db, "t");
    const auto gone_always = [](const RunLockRow&) { return true; };
    const auto gone_never = [](const RunLockRow&) { return false; };
    const RunLockRow a{t, {100, "h", "b:1"}, at_ms(1'700'000'000'000)};
    const RunLockRow b{t, {200, "h", "b:2"}, at_ms(1'700'000'001'000)};

    REQUIRE(db.lock_tournament(a, gone_never));
    auto refused = db.lock_tournament(b, gone_never);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().holder == a.holder);
    CHECK(refused.error().since == a.since);
    CHECK_FALSE(db.lock_tournament(a, gone_always));  // its own holder cannot take it twice
    db.unlock_tournament(t, b.holder);                // not b's to give back
    CHECK(db.tournament_lock(t)->holder == a.holder);
    REQUIRE(db.lock_tournament(b, gone_always));  // a is gone: b takes over
    CHECK(db.tournament_lock(t)->holder == b.holder);
    db.unlock_tournament(t, b.holder);
    CHECK_FALSE(db.tournament_lock(t));
}

TEST_CASE("a second process on a run is refused naming the first, and a dead one's lock is taken",
          "[store][lock]") {
    TempDir dir;
    Store db = Store::open(dir.file("locks.db"));
    const RowId t = make_tournament(db, "cup");
    StoreRunRecorder first(db);
    REQUIRE(first.lock_run(t));

    auto second_identity = this_process();
    second_identity.start += "1";
    StoreRunRecorder second(db, second_identity);
    auto refused = second.lock_run(t);
    REQUIRE_FALSE(refused);
    CHECK_THAT(refused.error().message,
               Contains("run \"cup\" is being played by pid " + std::to_string(::getpid())) &&
                   Contains("on host " + this_process().host) && Contains(" since 20"));
    CHECK(refused.error().message.find('\n') == std::string::npos);

    // kill -9 leaves the row behind: a holder that is gone does not keep it.
    first.unlock_run(t);
    auto dead = this_process();
    dead.pid = gone_pid();
    REQUIRE(db.lock_tournament({t, dead, at_ms(0)}, [](const RunLockRow&) { return false; }));
    REQUIRE(second.lock_run(t));
    CHECK(db.tournament_lock(t)->holder == second_identity);
    second.unlock_run(t);

    // A holder on another host cannot be checked from here: the message says how to clear it.
    REQUIRE(
        db.lock_tournament({t, other_host(), at_ms(0)}, [](const RunLockRow&) { return false; }));
    CHECK_THAT(first.lock_run(t).error().message,
               Contains("-elsewhere") &&
                   Contains("DELETE FROM run_locks WHERE tournament_id = " + std::to_string(t)));
}
