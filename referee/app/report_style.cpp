// The report page's stylesheet, kept as one raw string so the page stays a single file.
#include "app/report_html.hpp"

namespace oaq::app {

std::string_view report_css() {
    return R"CSS(
:root { --ink:#1f2328; --muted:#656d76; --line:#d0d7de; --bg:#f6f8fa; --card:#fff; --accent:#0969da;
        --good:#1a7f37; --bad:#cf222e; --wood:#d9b27c; --wood-dark:#a87a43; --pit:#b98b52; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
       color:var(--ink); background:var(--bg); }
header { background:#24292f; color:#fff; padding:18px 28px 14px; }
header h1 { margin:0 0 6px; font-size:22px; font-weight:600; }
.meta { margin:0; color:#c9d1d9; }
.meta span { margin-right:18px; white-space:nowrap; }
.meta b { color:#fff; font-weight:600; }
main { padding:18px 28px; max-width:1400px; }
section { background:var(--card); border:1px solid var(--line); border-radius:8px; padding:14px 18px;
          margin-bottom:18px; overflow-x:auto; }
h2 { margin:0 0 10px; font-size:17px; }
h3 { margin:16px 0 6px; font-size:14px; }
h3 small, .note { color:var(--muted); font-weight:normal; }
.note { margin:8px 0 0; font-size:12px; }
.two { display:grid; grid-template-columns: minmax(0,1fr) minmax(0,1fr); gap:18px; }
.two section { margin-bottom:18px; }
@media (max-width: 1000px) { .two { grid-template-columns: 1fr; } }
table.grid { border-collapse:collapse; font-variant-numeric: tabular-nums; }
.grid th, .grid td { padding:4px 10px; text-align:right; border-bottom:1px solid #eaeef2; white-space:nowrap; }
.grid th { font-weight:600; color:var(--muted); border-bottom:1px solid var(--line); font-size:12px; }
.grid .l { text-align:left; }
.grid td.name { font-weight:600; }
.grid td.bad, .grid td.l.bad { color:var(--bad); }
.standings tbody tr:first-child td { background:#fff8c5; }
.cross td { text-align:center; min-width:54px; }
.cross td.self { background:repeating-linear-gradient(45deg,#eaeef2 0 4px,#f6f8fa 4px 8px); }
.cross td.plus { background:#dafbe1; }
.cross td.minus { background:#ffebe9; }
.cross td.even { background:#f6f8fa; }
.cross td.none { color:var(--muted); }
.cross td small { color:var(--muted); font-size:11px; }
.terms tr.zero td { color:#8c959f; }
.meter { display:inline-block; height:10px; border-radius:5px; background:var(--accent); vertical-align:middle; }
.meter.fail { background:var(--bad); }
svg.chart { display:block; max-width:100%; height:auto; font-size:12px; }
svg.chart .gridline { stroke:#eaeef2; }
svg.chart .zero { stroke:#8c959f; stroke-dasharray:3 3; }
svg.chart .tick { fill:var(--muted); text-anchor:middle; }
svg.chart .label { text-anchor:end; font-weight:600; fill:var(--ink); }
svg.chart .value { fill:var(--ink); font-variant-numeric: tabular-nums; }
svg.chart .unrated { fill:var(--muted); font-style:italic; }
svg.chart .bar rect { fill:#b6d7ff; }
svg.chart .bar line { stroke:#0550ae; stroke-width:2; }
svg.chart .bar circle { fill:var(--accent); stroke:#fff; stroke-width:2; }
svg.chart .bar.disconnected rect { fill:#ffd8b5; }
svg.chart .bar.disconnected circle { fill:#bc4c00; }
.games-wrap { display:flex; gap:20px; align-items:flex-start; flex-wrap:wrap; }
.games-wrap .list { flex:1 1 520px; max-height:640px; overflow:auto; border:1px solid #eaeef2; border-radius:6px; }
.games { width:100%; }
.games thead th { position:sticky; top:0; background:#fff; }
.games tbody tr { cursor:pointer; }
.games tbody tr:hover td { background:#f3f8ff; }
.games tbody tr.selected td { background:#ddf4ff; }
.games tbody tr:focus { outline:2px solid var(--accent); outline-offset:-2px; }
.viewer { flex:0 1 640px; min-width:560px; }
.game-title { margin:0 0 2px; font-size:16px; }
.game-sub { color:var(--muted); margin-bottom:10px; }
.game-sub b { color:var(--ink); }
.player { display:flex; align-items:center; gap:14px; padding:6px 12px; border-radius:6px; background:#f6f8fa;
          border:1px solid #eaeef2; font-variant-numeric: tabular-nums; }
.player .who { font-weight:700; width:44px; }
.player .name { font-weight:600; flex:1; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
.player .score { font-weight:700; font-size:16px; min-width:70px; text-align:right; }
.player .tomove { visibility:hidden; background:var(--good); color:#fff; border-radius:10px; padding:1px 8px;
                  font-size:11px; font-weight:600; }
.player.active { border-color:var(--good); background:#eefbf1; }
.player.active .tomove { visibility:visible; }
.board { display:flex; align-items:stretch; margin:8px 0; padding:12px; background:linear-gradient(180deg,var(--wood),#cfa46b);
         border-radius:18px; border:3px solid var(--wood-dark); box-shadow: inset 0 2px 6px rgba(0,0,0,.18), 0 2px 6px rgba(0,0,0,.12); }
.squares { display:flex; flex-direction:column; }
.row { display:flex; }
.pit { position:relative; width:88px; height:88px; border:3px solid var(--wood-dark); background:var(--pit);
       box-shadow: inset 0 3px 8px rgba(0,0,0,.35); display:flex; align-items:center; justify-content:center; }
.row + .row .pit { border-top:0; }
.pit + .pit { border-left:0; }
.quan { width:96px; height:176px; }
.quan.west { border-radius:100% 0 0 100% / 50% 0 0 50%; border-right:0; }
.quan.east { border-radius:0 100% 100% 0 / 0 50% 50% 0; border-left:0; }
.pname { position:absolute; top:3px; left:6px; font-size:10px; font-weight:700; color:rgba(255,255,255,.75); }
.quan.west .pname { left:auto; right:8px; }
.count { position:absolute; bottom:2px; right:6px; font-size:15px; font-weight:700; color:#fff;
         text-shadow:0 1px 2px rgba(0,0,0,.6); }
.quan.east .count { right:auto; left:8px; }
.stones { display:flex; flex-wrap:wrap; justify-content:center; align-content:center; gap:2px; width:62px; }
.quan .stones { flex-direction:column; flex-wrap:nowrap; align-items:center; width:70px; gap:6px; }
.quan .citizens { display:flex; flex-wrap:wrap; justify-content:center; gap:2px; width:60px; }
.dot { width:9px; height:9px; border-radius:50%; background:radial-gradient(circle at 35% 30%,#ffffff,#c9ced6 60%,#8c959f); }
.mandarin { width:40px; height:40px; border-radius:50%; background:radial-gradient(circle at 35% 30%,#ff9a8a,#c0392b 55%,#6e1b12);
            box-shadow:0 2px 4px rgba(0,0,0,.45); }
.more { font-size:10px; color:#fff; font-weight:700; }
.pit.changed { background:#c99a5b; box-shadow: inset 0 0 0 2px rgba(255,243,107,.55), inset 0 3px 8px rgba(0,0,0,.35); }
.pit.from { box-shadow: inset 0 0 0 3px #fff36b, inset 0 3px 8px rgba(0,0,0,.35); background:#caa05f; }
.arrow { position:absolute; top:1px; right:6px; color:#fff36b; font-weight:900; font-size:14px; }
.quan.east .arrow { right:auto; left:8px; }
.controls { display:flex; align-items:center; gap:6px; margin-top:10px; }
.controls button { font:inherit; padding:4px 12px; border:1px solid var(--line); border-radius:6px; background:#f6f8fa;
                   cursor:pointer; }
.controls button:hover { background:#eaeef2; }
.controls button:disabled { opacity:.45; cursor:default; }
#ply-counter { margin-left:10px; font-weight:600; font-variant-numeric: tabular-nums; }
#move-line { margin-left:auto; color:var(--muted); }
#move-line b { color:var(--ink); }
.movelist { margin-top:10px; display:flex; flex-wrap:wrap; gap:3px; max-height:120px; overflow:auto; }
.movelist span { padding:1px 5px; border-radius:4px; cursor:pointer; font-family:ui-monospace,Menlo,Consolas,monospace; font-size:12px; }
.movelist span.s { background:#f6f8fa; }
.movelist span.n { background:#eef1f4; }
.movelist span.cur { background:var(--accent); color:#fff; }
.posstring { display:block; margin-top:8px; font-size:12px; color:var(--muted); font-family:ui-monospace,Menlo,Consolas,monospace; }
.final { margin-top:6px; font-weight:600; }
.error { color:var(--bad); font-weight:600; }
footer { color:var(--muted); font-size:12px; padding:0 28px 24px; }
)CSS";
}

}  // namespace oaq::app
