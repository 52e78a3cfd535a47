// The live page's script (oaq tournament/match --live, oaq serve): it follows the server's event
// stream (GET /events, Server-Sent Events; a reconnect resumes after the last event id) and draws
// every running game with the report's board (board.js, OaqBoard), the seats' clocks (the side to
// move counts down between events), the engines' last depth, score and principal variation, the
// standings, the latest finished games (a click replays one) and, for a match with an SPRT, the
// LLR against its bounds. Every text from the run (names, PV, details) is set with textContent,
// never parsed as HTML. Sets <body data-ok="1"> once started, data-error on an uncaught error,
// data-events with the number of events drawn (the browser test reads them).
(function () {
  'use strict';
  var body = document.body;
  window.onerror = function (message, source, line) {
    body.setAttribute('data-error', String(message) + ' (line ' + line + ')');
  };
  var make = OaqBoard.make;
  var MAX_FINISHED = 100;
  var state = { run: null, running: {}, finished: [], sprt: [], selected: null, step: 0, events: 0 };

  function byId(id) { return document.getElementById(id); }

  function clockText(us) {
    if (us === null || us === undefined) return '';
    var neg = us < 0;
    // Rounded to tenths first: 69.96 s is "1:10.0", never "1:010.0".
    var tenths = Math.round(Math.abs(us) / 1e5);
    var m = Math.floor(tenths / 600);
    var rest = (tenths - m * 600) / 10;
    return (neg ? '-' : '') + (m > 0 ? m + ':' + (rest < 10 ? '0' : '') + rest.toFixed(1) : rest.toFixed(1) + ' s');
  }

  function evalText(e) {
    if (!e) return '';
    if (e.kind === 'mate') return (e.value < 0 ? '-M' : 'M') + Math.abs(e.value);
    return (e.value >= 0 ? '+' : '') + (e.value / 100).toFixed(2);
  }

  // What an engine said: its last move's data, or an info event while it searches (which may
  // carry an `info string` too). Text only.
  function thinkText(m) {
    if (!m) return '';
    var parts = [];
    if (m.depth !== null && m.depth !== undefined) parts.push('d' + m.depth);
    if (m.eval) parts.push(evalText(m.eval));
    if (m.nodes) parts.push(m.nodes.toLocaleString('en-US') + ' nodes');
    if (m.pv && m.pv.length) parts.push('pv ' + m.pv.join(' '));
    if (m.string) parts.push(m.string);
    return parts.join(' · ');
  }

  // ---- the run's header -------------------------------------------------------------------

  function drawRun() {
    var r = state.run;
    if (!r) return;
    byId('run-name').textContent = (r.kind === 'stored' ? 'oaq serve – ' : 'oaq live – ') + r.tournament;
    document.title = 'oaq live – ' + r.tournament;
    byId('run-engines').textContent = (r.engines || []).join(', ');
    byId('run-games').textContent = String(r.games);
  }

  // ---- running games ----------------------------------------------------------------------

  function seatElement(seat) {
    var e = make('div', 'seat');
    e.appendChild(make('span', 'who', seat.side));
    e.appendChild(make('span', 'engine', seat.engine));
    e.appendChild(make('span', 'think'));
    e.appendChild(make('span', 'clock'));
    return e;
  }

  function newGame(start) {
    var g = { start: start, moves: [], end: null, received: Date.now(), el: null };
    g.clocks = (start.clocks_us || []).slice();
    g.toMove = start.to_move - 1;
    g.think = [];
    return g;
  }

  function gameTitle(s) {
    if (s.seats && s.seats.length > 2) return 'Game ' + s.game + ' · ' + s.seats.length + ' seats';
    return 'Game ' + s.game + ' · round ' + s.round + ' · pair ' + s.pair;
  }

  function cardFor(g) {
    var s = g.start;
    var card = make('div', 'live-game');
    card.setAttribute('data-game', String(s.game));
    card.appendChild(make('h3', '', gameTitle(s)));
    var seats = s.seats.map(seatElement);
    var n = OaqBoard.parsePosition(s.start_position).seats;
    // North's seat above the board, South's below, as the report draws them; a ring's seats all
    // below it, in turn order.
    if (seats[1] && n === 2) card.appendChild(seats[1]);
    var board = OaqBoard.create(null, n);
    s.seats.forEach(function (seat, i) { OaqBoard.setSeatName(board, i, seat.engine); });
    card.appendChild(board.element);
    if (seats[0]) card.appendChild(seats[0]);
    for (var i = n === 2 ? 2 : 1; i < seats.length; ++i) card.appendChild(seats[i]);
    var last = make('div', 'last');
    card.appendChild(last);
    var list = make('div', 'movelist');
    card.appendChild(list);
    g.el = { card: card, seats: seats, board: board, last: last, list: list };
    return card;
  }

  function currentPosition(g) {
    return g.moves.length ? g.moves[g.moves.length - 1].position : g.start.start_position;
  }

  function drawGame(g) {
    if (!g.el) return;
    var pos = currentPosition(g);
    var card = g.el.card;
    card.setAttribute('data-ply', String(g.moves.length));
    card.setAttribute('data-position', pos);
    var parsed = OaqBoard.parsePosition(pos);
    var m = g.moves.length ? g.moves[g.moves.length - 1] : null;
    var prev = g.moves.length > 1 ? OaqBoard.parsePosition(g.moves[g.moves.length - 2].position) :
      (m ? OaqBoard.parsePosition(g.start.start_position) : null);
    // The pit a move was sown from: its square on the mover's row (3R from South is S3).
    var from = m && prev ? OaqBoard.fromPit(prev, m.move) : -1;
    OaqBoard.draw(g.el.board, parsed, prev, from, m && prev ? OaqBoard.rightward(prev.side, m.move) : false);
    g.el.last.textContent = m ? 'ply ' + m.ply + ': ' + m.side + ' played ' + m.move : 'start position';
    g.el.seats.forEach(function (e, i) {
      e.querySelector('.think').textContent = thinkText(g.think[i]);
      e.classList.toggle('active', g.toMove === i && !g.end);
    });
    drawClocks(g);
  }

  function drawClocks(g) {
    if (!g.el) return;
    var now = Date.now();
    g.el.seats.forEach(function (e, i) {
      var us = g.clocks[i];
      if (us !== null && us !== undefined && g.toMove === i && !g.end) us -= (now - g.received) * 1000;
      e.querySelector('.clock').textContent = clockText(us);
    });
  }

  function addMoveChip(g, m) {
    if (!g.el) return;
    var chip = make('span', 'mv ' + (m.seat === 1 ? 's' : m.seat === 2 ? 'n' : 'seat' + m.seat), m.move);
    chip.setAttribute('data-ply', String(m.ply));
    g.el.list.appendChild(chip);
    g.el.list.scrollTop = g.el.list.scrollHeight;
  }

  function onGameStart(start) {
    var old = state.running[start.game];
    if (old && old.el) old.el.card.remove();
    var g = newGame(start);
    state.running[start.game] = g;
    var grid = byId('running');
    var cards = grid.querySelectorAll('.live-game');
    var card = cardFor(g);
    var before = null;
    for (var i = 0; i < cards.length; ++i) {
      if (Number(cards[i].getAttribute('data-game')) > start.game) { before = cards[i]; break; }
    }
    grid.insertBefore(card, before);
    drawGame(g);
    drawRunningNote();
  }

  function applyMove(g, m) {
    if (m.ply <= g.moves.length) return;  // already have it (a resumed stream)
    g.moves.push(m);
    g.clocks = m.clocks_us.slice();
    g.received = Date.now();
    g.think[m.seat - 1] = m;
    g.toMove = OaqBoard.parsePosition(m.position).toMove;
    addMoveChip(g, m);
  }

  function onMove(m) {
    var g = state.running[m.game];
    if (!g) return;
    applyMove(g, m);
    drawGame(g);
  }

  function onInfo(info) {
    var g = state.running[info.game];
    if (!g || info.ply !== g.moves.length + 1) return;  // late: the move came first
    g.think[info.seat - 1] = info;
    if (!g.el) return;
    var seat = g.el.seats[info.seat - 1];
    if (seat) seat.querySelector('.think').textContent = thinkText(info);
  }

  function drawRunningNote() {
    var n = Object.keys(state.running).length;
    byId('running-note').textContent = n === 0 ? 'No game is being played now.' :
      n + (n === 1 ? ' game' : ' games') + ' being played.';
  }

  // ---- finished games and their replay --------------------------------------------------

  function tableGame(end) { return !!(end.seats && end.seats.length > 2); }

  function resultText(end) {
    if (end.termination === 'aborted') return 'aborted';
    if (tableGame(end)) return 'ranks ' + end.seats.map(function (s) { return s.rank; }).join(', ');
    return end.result === 'south_win' ? '1-0' : end.result === 'north_win' ? '0-1' : '½-½';
  }

  function finishedRow(g) {
    var e = g.end;
    var tr = make('tr');
    tr.setAttribute('data-game', String(e.game));
    var names = tableGame(e) ? [e.seats.map(function (s) { return s.engine; }).join(', '), ''] : [e.south, e.north];
    [String(e.game), names[0], names[1], resultText(e), e.termination, String(e.plies)].forEach(function (t, i) {
      tr.appendChild(make('td', i === 1 || i === 2 || i === 4 ? 'l' : '', t));
    });
    tr.tabIndex = 0;
    tr.addEventListener('click', function () { replay(g, 0); });
    tr.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') replay(g, 0); });
    g.row = tr;
    return tr;
  }

  function addFinished(g) {
    state.finished.push(g);
    var tbody = byId('finished').tBodies[0];
    tbody.insertBefore(finishedRow(g), tbody.firstChild);
    while (state.finished.length > MAX_FINISHED) {
      var old = state.finished.shift();
      if (old.row) old.row.remove();
    }
    byId('finished-note').textContent = state.finished.length ? '' : 'No game has finished yet.';
    if (tableGame(g.end)) setHeads('finished', [null, 'seats 1, 2, ..', '']);
  }

  function onGameEnd(end) {
    var g = state.running[end.game];
    if (g) {
      delete state.running[end.game];
      if (g.el) g.el.card.remove();
    } else {
      g = { start: null, moves: [], clocks: [], think: [] };
    }
    g.end = end;
    g.el = null;
    drawRunningNote();
    if (end.termination !== 'aborted') addFinished(g);
  }

  function replay(g, step) {
    state.selected = g;
    state.finished.forEach(function (f) { if (f.row) f.row.classList.toggle('selected', f === g); });
    var box = byId('replay');
    box.textContent = '';
    box.setAttribute('data-game', String(g.end.game));
    var e = g.end;
    box.appendChild(make('h3', 'game-title', gameTitle(e)));
    var sub = make('div', 'game-sub');
    if (tableGame(e)) {
      e.seats.forEach(function (s, i) {
        if (i) sub.appendChild(document.createTextNode(' vs '));
        sub.appendChild(make('b', '', s.engine));
        sub.appendChild(document.createTextNode(' (seat ' + s.seat + ', rank ' + s.rank + ')'));
      });
    } else {
      sub.appendChild(make('b', '', e.south));
      sub.appendChild(document.createTextNode(' (South) vs '));
      sub.appendChild(make('b', '', e.north));
      sub.appendChild(document.createTextNode(' (North)'));
    }
    sub.appendChild(document.createTextNode(' · ' + resultText(e) + ' · ' + e.termination +
      (e.detail ? ': ' + e.detail : '') + ' · ' + e.plies + ' plies'));
    box.appendChild(sub);
    if (!g.start || g.moves.length === 0 && e.plies > 0) {
      box.appendChild(make('p', 'note', 'The moves of this game were not seen here (it ended before the page followed it).'));
      return;
    }
    var board = OaqBoard.create(null, OaqBoard.parsePosition(g.start.start_position).seats);
    (g.start.seats || []).forEach(function (seat, i) { OaqBoard.setSeatName(board, i, seat.engine); });
    box.appendChild(board.element);
    var controls = make('div', 'controls');
    var counter = make('span', '');
    counter.id = 'replay-ply';
    var line = make('div', 'move-line');
    function go(k) {
      state.step = Math.max(0, Math.min(g.moves.length, k));
      var pos = state.step === 0 ? g.start.start_position : g.moves[state.step - 1].position;
      var prevText = state.step > 1 ? g.moves[state.step - 2].position : g.start.start_position;
      var prev = state.step > 0 ? OaqBoard.parsePosition(prevText) : null;
      var m = state.step > 0 ? g.moves[state.step - 1] : null;
      var from = m ? OaqBoard.fromPit(prev, m.move) : -1;
      OaqBoard.draw(board, OaqBoard.parsePosition(pos), prev, from, m ? OaqBoard.rightward(prev.side, m.move) : false);
      box.setAttribute('data-step', String(state.step));
      box.setAttribute('data-position', pos);
      counter.textContent = 'Ply ' + state.step + ' / ' + g.moves.length;
      line.textContent = m ? m.ply + '. ' + m.side + ' played ' + m.move + (thinkText(m) ? ' · ' + thinkText(m) : '') :
        'start position';
    }
    [['« First', function () { go(0); }], ['◀ Prev', function () { go(state.step - 1); }],
     ['Next ▶', function () { go(state.step + 1); }], ['Last »', function () { go(g.moves.length); }]]
      .forEach(function (b) {
        var button = make('button', '', b[0]);
        button.type = 'button';
        button.addEventListener('click', b[1]);
        controls.appendChild(button);
      });
    controls.appendChild(counter);
    box.appendChild(controls);
    box.appendChild(line);
    var list = make('div', 'movelist');
    g.moves.forEach(function (m) {
      var chip = make('span', 'mv ' + (m.seat === 1 ? 's' : m.seat === 2 ? 'n' : 'seat' + m.seat), m.move);
      chip.addEventListener('click', function () { go(m.ply); });
      list.appendChild(chip);
    });
    box.appendChild(list);
    go(step);
  }

  // ---- standings and the SPRT ---------------------------------------------------------

  function ratingText(r) {
    if (!r || r.value === null || r.value === undefined) return r ? r.status : '';
    return r.value.toFixed(1) + (r.error !== null && r.error !== undefined ? ' ± ' + r.error.toFixed(1) : '');
  }

  // The column heads of a table whose games have 3 or 4 seats (`seats`) or 2.
  function setHeads(id, heads) {
    var cells = byId(id).tHead.rows[0].cells;
    heads.forEach(function (h, i) { if (h !== null) cells[i].textContent = h; });
  }

  function standingCells(row) {
    if (row.average_rank !== undefined) {
      return [String(row.rank), row.engine, String(row.games), String(Math.round(row.points * 100) / 100),
              row.average_rank.toFixed(2), '', String(row.failures), ''];
    }
    return [String(row.rank), row.engine, String(row.games), String(row.points), (row.score * 100).toFixed(1) + '%',
            row.wins + '/' + row.draws + '/' + row.losses, String(row.failures), ratingText(row.rating)];
  }

  function onStandings(s) {
    var tbody = byId('standings-table').tBodies[0];
    tbody.textContent = '';
    var table = (s.standings || []).some(function (row) { return row.average_rank !== undefined; });
    setHeads('standings-table', [null, null, null, null, table ? 'avg rank' : 'score', table ? '' : 'W/D/L']);
    (s.standings || []).forEach(function (row) {
      var tr = make('tr');
      standingCells(row)
        .forEach(function (t, i) { tr.appendChild(make('td', i === 1 ? 'l name' : '', t)); });
      tbody.appendChild(tr);
    });
    byId('run-done').textContent = String(s.games_done);
  }

  var SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    return e;
  }

  function drawSprt() {
    var points = state.sprt;
    var box = byId('sprt');
    box.hidden = points.length === 0;
    if (!points.length) return;
    var last = points[points.length - 1];
    byId('sprt-summary').textContent = last.summary || '';
    var chart = byId('sprt-chart');
    chart.textContent = '';
    var W = 640, H = 220, L = 44, R = 10, T = 10, B = 24;
    var maxGames = Math.max(2, last.games);
    var lo = Math.min(last.lower_bound, Math.min.apply(null, points.map(function (p) { return p.llr; })));
    var hi = Math.max(last.upper_bound, Math.max.apply(null, points.map(function (p) { return p.llr; })));
    function x(g) { return L + (W - L - R) * g / maxGames; }
    function y(v) { return T + (H - T - B) * (hi - v) / (hi - lo || 1); }
    [last.lower_bound, last.upper_bound].forEach(function (b) {
      chart.appendChild(svg('line', { 'class': 'bound', x1: L, x2: W - R, y1: y(b), y2: y(b) }));
      var t = svg('text', { 'class': 'axis', x: L - 4, y: y(b) + 4, 'text-anchor': 'end' });
      t.textContent = b.toFixed(2);
      chart.appendChild(t);
    });
    chart.appendChild(svg('line', { 'class': 'zero', x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: '#8c959f' }));
    var d = points.map(function (p, i) { return (i ? 'L' : 'M') + x(p.games).toFixed(1) + ',' + y(p.llr).toFixed(1); }).join(' ');
    chart.appendChild(svg('path', { 'class': 'line', d: d }));
    var t = svg('text', { 'class': 'axis', x: W - R, y: H - 6, 'text-anchor': 'end' });
    t.textContent = last.games + ' games';
    chart.appendChild(t);
    chart.setAttribute('data-llr', String(last.llr));
  }

  // ---- the stream -------------------------------------------------------------------------

  function clearAll() {
    state.running = {};
    state.finished = [];
    state.sprt = [];
    byId('running').textContent = '';
    byId('finished').tBodies[0].textContent = '';
  }

  function onState(s) {
    clearAll();
    state.run = s.run;
    drawRun();
    s.running.forEach(function (r) {
      onGameStart(r.start);
      var g = state.running[r.start.game];
      r.moves.forEach(function (m) { applyMove(g, m); });
      drawGame(g);
      if (r.info) onInfo(r.info);
    });
    s.finished.forEach(function (f) {
      if (f.end.termination === 'aborted') return;  // not stored: resume plays it again
      addFinished({ start: f.start, moves: f.moves, end: f.end, clocks: [], think: [] });
    });
    if (s.standings) onStandings(s.standings);
    state.sprt = s.sprt.slice();
    drawSprt();
    if (s.run_end) onRunEnd(s.run_end);
    drawRunningNote();
  }

  function onRunEnd(e) {
    byId('run-status').textContent = e.finished ? 'finished' : 'stopped';
    if (e.standings) onStandings({ standings: e.standings, games_done: e.games_done });
  }

  var handlers = {
    state: onState,
    run: function (r) { state.run = r; drawRun(); },
    game_start: onGameStart,
    move: onMove,
    info: onInfo,
    game_end: onGameEnd,
    standings: onStandings,
    sprt: function (s) { state.sprt.push(s); drawSprt(); },
    run_end: onRunEnd
  };

  function connect() {
    if (!window.EventSource) {
      byId('live-status').textContent = 'this browser has no EventSource';
      return;
    }
    var source = new EventSource('events');
    var status = byId('live-status');
    source.onopen = function () { status.textContent = 'connected'; status.className = 'live-status on'; };
    source.onerror = function () { status.textContent = 'reconnecting…'; status.className = 'live-status off'; };
    Object.keys(handlers).forEach(function (type) {
      source.addEventListener(type, function (ev) {
        handlers[type](JSON.parse(ev.data));
        state.events += 1;
        body.setAttribute('data-events', String(state.events));
        body.setAttribute('data-last-event-id', ev.lastEventId || '');
      });
    });
  }

  setInterval(function () {
    Object.keys(state.running).forEach(function (k) { drawClocks(state.running[k]); });
  }, 200);
  drawRunningNote();
  connect();
  body.setAttribute('data-ok', '1');
})();
