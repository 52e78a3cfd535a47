// The `oaq` subcommands. Each takes argv with argv[0] set to its own name ("rules", "match", ...)
// and returns the process exit code: 0 success, 1 "ran but the answer is no" (e.g. a failed
// compliance check), 2 bad input or environment (after printing one line to stderr).
#pragma once

namespace oaq::app {

int run_rules(int argc, char** argv);
int run_match(int argc, char** argv);
int run_play(int argc, char** argv);
int run_check_engine(int argc, char** argv);
int run_tournament(int argc, char** argv);
int run_ratings(int argc, char** argv);
int run_results(int argc, char** argv);
int run_report(int argc, char** argv);
int run_merge(int argc, char** argv);
int run_serve(int argc, char** argv);

}  // namespace oaq::app
