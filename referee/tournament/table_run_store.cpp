#include "tournament/table_run_store.hpp"

#include "common/error.hpp"
#include "tournament/run_name.hpp"

namespace oaq::tournament {

namespace {

constexpr int kNameSuffixes = 1000;

bool taken(const Error& e) {
    return e.kind == ErrorKind::NameTaken;
}

}  // namespace

TableRunStore::~TableRunStore() {
    if (id_ && locked_) recorder_.unlock_run(*id_);
}

std::vector<std::int64_t> TableRunStore::resume(const StoredRun& stored) {
    id_ = stored.id;
    return recorder_.completed_games(*id_);
}

void TableRunStore::open(std::string& name, const NewTable& t) {
    if (id_) {
        lock();
        recorder_.reopen_run(*id_, t.definition);
        return;
    }
    const auto& d = t.definition;
    const std::string base = name;
    for (int n = 2;; ++n) {
        NewRun row{name,
                   d,
                   to_json(d),
                   fingerprint(d),
                   t.settings_json,
                   clock_.wall(),
                   t.shard,
                   planned_games(d, t.shard),
                   planned_games(d)};
        auto id = recorder_.create_run(row);
        if (id) {
            id_ = *id;
            break;
        }
        if (t.name_given || !taken(id.error()) || n > kNameSuffixes)
            throw OaqError("run \"" + name + "\": " + id.error().message);
        name = base + "-" + std::to_string(n);
    }
    lock();
}

void TableRunStore::record(const TableGame& g, const game::GameRecord& record) {
    if (!id_ || record.termination == game::Termination::Aborted) return;
    const Pairing p{g.game_index, g.group, g.round, g.group, g.seating[0], g.seating[1]};
    if (auto stored = recorder_.record_game(*id_, p, record); !stored)
        throw OaqError(stored.error().message);
}

void TableRunStore::finish(bool interrupted) {
    if (!id_) return;
    recorder_.set_status(*id_, interrupted ? RunStatus::Interrupted : RunStatus::Finished,
                         clock_.wall());
}

void TableRunStore::lock() {
    if (auto locked = recorder_.lock_run(*id_); !locked) throw OaqError(locked.error().message);
    locked_ = true;
}

TablePlan table_plan(const RunDefinition& d, const std::optional<Shard>& shard, int concurrency,
                     const std::vector<std::int64_t>& done) {
    TablePlan plan;
    plan.settings.rules = d.rules;
    plan.settings.max_plies = d.max_plies;
    plan.settings.margin = d.time_margin;
    for (std::size_t i = 0; i < d.engines.size(); ++i)
        plan.time_controls.push_back(d.time_control(i));
    auto schedule = table_schedule(d);
    if (!schedule) throw OaqError(schedule.error().message);
    plan.list = table_games(*schedule, shard, done);
    plan.games = static_cast<std::int64_t>(plan.list.size());
    plan.concurrency = concurrency;
    if (d.openings.kind == OpeningsDefinition::Kind::Random) {
        plan.opening_for = [rules = d.rules, openings = d.openings](std::int64_t group) {
            return random_ring_opening(rules, openings.plies, openings.seed, group);
        };
    }
    return plan;
}

}  // namespace oaq::tournament
