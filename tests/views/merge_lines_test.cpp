// The progress line of `oaq merge` (views/merge_lines.hpp): files and games so far and the time
// left, estimated from the rate so far.
#include <catch2/catch.hpp>

#include "views/merge_lines.hpp"

using namespace oaq;

TEST_CASE("a merge's progress line estimates the time left from the games read so far",
          "[views][merge]") {
    store::MergeProgress p;
    p.files_done = 1;
    p.files = 4;
    p.seen = 250;
    p.incoming = 1000;
    p.added = 200;
    p.seconds = 2.0;
    CHECK(views::merge_progress_text(p) ==
          "merge: 1 of 4 files, 250 of 1000 games read, 200 added, 2.0 s, about 6 s left\n");
    p.seen = 0;
    CHECK(views::merge_progress_text(p).find("about 0 s left") != std::string::npos);
}
