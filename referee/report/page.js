// The report page's script (oaq report). It is embedded in the oaq binary at build time
// (oaq_embed in referee/report/CMakeLists.txt) and inlined into the page, so the page stays a
// single file. It holds no rules logic: it parses the position strings the referee computed
// (protocol-spec/rules.md, the position notation) and draws them with board.js (OaqBoard, inlined
// before it). When its start-up ran without an exception it sets <body data-ok="1">; an uncaught error sets data-error (the browser test reads
// both).
//
// Addresses (docs/report.md): ?game=N selects game N of the tournament (its schedule number, as
// `oaq results game NAME#N`), &step=K shows it after K plies (the step after the last ply is the
// settlement when the rules ended the game), #engine-NAME opens that engine's page.
(function () {
  'use strict';
  var body = document.body;
  window.onerror = function (message, source, line) {
    body.setAttribute('data-error', String(message) + ' (line ' + line + ')');
  };
  var data = JSON.parse(document.getElementById('oaq-data').textContent);
  var games = data.games;
  var viewer = document.getElementById('viewer');
  var list = document.getElementById('game-list');
  var rows = list ? Array.prototype.slice.call(list.querySelectorAll('tbody tr')) : [];
  var state = { game: -1, step: 0 };
  var table = { page: 0, size: 50, sort: 'game', descending: false, shown: rows };
  var el = {};
  var NAMES = OaqBoard.NAMES;
  var make = OaqBoard.make;

  function byId(id) { return document.getElementById(id); }

  // ---- the games table: search, filters, sorting and pages ----------------------------------

  var NUMERIC = { game: true, round: true, plies: true };

  function rowMatches(row, text, result, termination) {
    if (result && row.getAttribute('data-result') !== result) return false;
    if (termination && row.getAttribute('data-termination') !== termination) return false;
    if (!text) return true;
    var number = text.charAt(0) === '#' ? text.slice(1) : text;
    if (number === row.getAttribute('data-game')) return true;
    return (row.getAttribute('data-south') + ' ' + row.getAttribute('data-north')).toLowerCase()
      .indexOf(text) >= 0;
  }

  function compareRows(a, b) {
    var key = 'data-' + table.sort;
    var x = a.getAttribute(key), y = b.getAttribute(key);
    var order = NUMERIC[table.sort] ? Number(x) - Number(y) : (x < y ? -1 : x > y ? 1 : 0);
    if (order === 0) order = Number(a.getAttribute('data-game')) - Number(b.getAttribute('data-game'));
    return table.descending ? -order : order;
  }

  function refreshTable() {
    if (!list) return;
    var text = byId('game-search').value.trim().toLowerCase();
    var result = byId('filter-result').value;
    var termination = byId('filter-termination').value;
    table.shown = rows.filter(function (r) { return rowMatches(r, text, result, termination); });
    table.shown.sort(compareRows);
    var pages = Math.max(1, Math.ceil(table.shown.length / table.size));
    table.page = Math.max(0, Math.min(table.page, pages - 1));
    var first = table.page * table.size, last = Math.min(table.shown.length, first + table.size);
    var tbody = list.tBodies[0];
    rows.forEach(function (r) { r.hidden = true; });
    table.shown.forEach(function (r, i) {
      tbody.appendChild(r);
      r.hidden = i < first || i >= last;
    });
    var note = table.shown.length === 0 ? 'no game matches' :
      'showing ' + (first + 1) + '–' + last + ' of ' + table.shown.length +
      (table.shown.length < rows.length ? ' matching (' + rows.length + ' games)' : '');
    byId('games-shown').textContent = note;
    byId('page-prev').disabled = table.page === 0;
    byId('page-next').disabled = table.page >= pages - 1;
    Array.prototype.forEach.call(list.querySelectorAll('th[data-sort]'), function (th) {
      var on = th.getAttribute('data-sort') === table.sort;
      th.classList.toggle('sorted', on);
      th.setAttribute('aria-sort', on ? (table.descending ? 'descending' : 'ascending') : 'none');
    });
  }

  // Shows the page of the table that holds `row`, if the filters let it show.
  function showRow(row) {
    var i = table.shown.indexOf(row);
    if (i < 0) return;
    var page = Math.floor(i / table.size);
    if (page !== table.page) {
      table.page = page;
      refreshTable();
    }
  }

  function setUpTable() {
    if (!list) return;
    ['game-search', 'filter-result', 'filter-termination'].forEach(function (id) {
      byId(id).addEventListener('input', function () { table.page = 0; refreshTable(); });
    });
    byId('page-prev').addEventListener('click', function () { table.page -= 1; refreshTable(); });
    byId('page-next').addEventListener('click', function () { table.page += 1; refreshTable(); });
    Array.prototype.forEach.call(list.querySelectorAll('th[data-sort]'), function (th) {
      th.tabIndex = 0;
      th.addEventListener('click', function () {
        var key = th.getAttribute('data-sort');
        table.descending = table.sort === key ? !table.descending : false;
        table.sort = key;
        refreshTable();
      });
    });
    rows.forEach(function (row) {
      var index = Number(row.getAttribute('data-index'));
      row.addEventListener('click', function () { select(index, 0); });
      row.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') select(index, 0); });
    });
    refreshTable();
  }

  // ---- the board --------------------------------------------------------------------------------

  var parsePosition = OaqBoard.parsePosition;

  function playerElement(side) {
    var e = make('div', 'player ' + (side === 'S' ? 'south' : 'north'));
    e.id = side === 'S' ? 'player-south' : 'player-north';
    ['who', 'name', 'tc', 'store', 'debt', 'tomove', 'score'].forEach(function (cls) {
      e.appendChild(make('span', cls));
    });
    e.querySelector('.who').textContent = side === 'S' ? 'South' : 'North';
    e.querySelector('.tomove').textContent = 'to move';
    return e;
  }

  function button(id, label, title, action) {
    var b = make('button', '', label);
    b.id = id;
    b.title = title;
    b.type = 'button';
    b.addEventListener('click', action);
    return b;
  }

  function boardElement(seats) {
    el.board = OaqBoard.create('pit-', seats);
    el.board.element.id = 'board';
    el.pits = el.board.pits;
    return el.board.element;
  }

  // A game of 3 or 4 seats (its `seats` list): drawn on the ring, its seats in the ring's labels.
  function seatsOf(g) { return g.seats ? g.seats.length : 2; }

  // The viewer's board for `g`: the rectangle or the ring of its seats (replaced when it changes).
  function boardFor(g) {
    var n = seatsOf(g);
    if (el.board.seats !== n) {
      var old = el.board.element;
      old.parentNode.replaceChild(boardElement(n), old);
    }
    el.north.style.display = el.south.style.display = n > 2 ? 'none' : '';
    if (n > 2) g.seats.forEach(function (s, i) { OaqBoard.setSeatName(el.board, i, s.engine); });
  }

  // The mover of ply `ply` (from 1): its index in the game's seats (South 0, North 1).
  function moverIndex(g, ply) {
    var c = g.movers.charAt(ply - 1);
    return c === 'N' ? 1 : c === 'S' ? 0 : Number(c) - 1;
  }

  function controlsElement() {
    var controls = make('div', 'controls');
    controls.appendChild(button('first', '« First', 'first position (Home)', function () { go(0); }));
    controls.appendChild(button('prev', '◀ Prev', 'previous step (Left arrow)', function () { go(state.step - 1); }));
    controls.appendChild(button('next', 'Next ▶', 'next step (Right arrow)', function () { go(state.step + 1); }));
    controls.appendChild(button('last', 'Last »', 'final position (End)', function () { go(lastStep()); }));
    el.counter = make('span', '');
    el.counter.id = 'ply-counter';
    controls.appendChild(el.counter);
    el.link = make('a', 'position-link', 'link to this position');
    el.link.id = 'position-link';
    controls.appendChild(el.link);
    return controls;
  }

  function moveTableElement() {
    var wrap = make('div', 'move-table-wrap');
    var t = make('table', 'grid move-table');
    t.id = 'move-table';
    var head = make('tr');
    ['ply', 'side', 'move', 'eval', 'depth', 'nodes', 'time', 'clock', 'pv'].forEach(function (h, i) {
      head.appendChild(make('th', i === 1 || i === 2 || i === 8 ? 'l' : '', h));
    });
    t.appendChild(make('thead')).appendChild(head);
    el.moveRows = make('tbody');
    t.appendChild(el.moveRows);
    wrap.appendChild(t);
    return wrap;
  }

  function buildViewer() {
    viewer.textContent = '';
    el.title = make('h3', 'game-title');
    el.sub = make('div', 'game-sub');
    el.north = playerElement('N');
    el.south = playerElement('S');
    el.moveLine = make('div', 'move-line');
    el.moveLine.id = 'move-line';
    el.plyData = make('div', 'ply-data');
    el.plyData.id = 'ply-data';
    el.moves = make('div', 'movelist');
    el.moves.id = 'move-list';
    el.final = make('div', 'final');
    el.position = make('code', 'posstring');
    el.position.id = 'position-string';
    [el.title, el.sub, el.north, boardElement(), el.south, controlsElement(), el.moveLine,
     el.plyData, el.moves, el.final, el.position, moveTableElement()].forEach(function (e) {
      viewer.appendChild(e);
    });
  }

  function lastStep() { return games[state.game].positions.length - 1; }

  function drawPlayer(e, name, side, pos, score, over, g) {
    var i = side === 'S' ? 0 : 1;
    e.querySelector('.name').textContent = name;
    e.querySelector('.tc').textContent = side === 'S' ? g.time_control.south : g.time_control.north;
    e.querySelector('.store').textContent = 'store ' + pos.stores[i].citizens + ' + ' +
      pos.stores[i].pieces + (pos.stores[i].pieces === 1 ? ' mandarin' : ' mandarins');
    e.querySelector('.debt').textContent = 'debt ' + pos.debts[i];
    e.querySelector('.score').textContent = String(score);
    e.classList.toggle('active', !over && pos.side === side);
  }

  function drawPits(g, step, pos, prev) {
    var from = step > 0 && step <= g.moves.length ? g.from[step - 1] : -1;
    OaqBoard.draw(el.board, pos, prev, from,
                  from >= 0 && OaqBoard.rightward(prev.side, g.moves[step - 1]));
  }

  function sideName(g, ply) {
    if (seatsOf(g) > 2) return 'seat ' + g.movers.charAt(ply - 1);
    return g.movers.charAt(ply - 1) === 'N' ? 'North' : 'South';
  }

  function isSettlement(g, step) { return g.settlement && step === g.positions.length - 1; }

  function secondsText(s) { return s.toFixed(3) + ' s'; }

  function plyFacts(g, ply) {
    var d = g.plies[ply - 1];
    var clock = g.clock[moverIndex(g, ply)];
    var facts = [];
    facts.push(d.eval === null ? 'no evaluation' : 'eval ' + d.eval);
    if (d.depth !== null) facts.push('depth ' + d.depth);
    if (d.nodes !== null) facts.push(d.nodes.toLocaleString('en-US') + (d.nodes === 1 ? ' node' : ' nodes'));
    facts.push(secondsText(d.used) + ' used');
    if (clock) facts.push('clock ' + secondsText(d.left));
    if (d.pv) facts.push('pv ' + d.pv);
    return facts.join(' · ');
  }

  function drawText(g, step) {
    var moves = g.moves.length;
    var ply = Math.min(step, moves);
    var settle = isSettlement(g, step);
    el.counter.textContent = settle ? 'Settlement (after ply ' + moves + ')' : 'Ply ' + ply + ' / ' + moves;
    el.moveLine.textContent = '';
    el.plyData.textContent = '';
    if (settle) {
      el.moveLine.textContent = 'Settlement: each side takes the citizens left on its own squares';
    } else if (step > 0) {
      el.moveLine.appendChild(document.createTextNode(ply + '. ' + sideName(g, ply) + ' played '));
      el.moveLine.appendChild(make('b', '', g.moves[ply - 1]));
      el.plyData.textContent = plyFacts(g, ply);
    } else {
      el.moveLine.textContent = g.opening ? 'after the opening ' + g.opening : 'start position';
    }
    el.link.href = '?game=' + g.game + '&step=' + step;
    el.final.textContent = '';
    if (g.error) {
      el.final.className = 'final error';
      el.final.textContent = 'Replay stopped: ' + g.error;
    } else if (step === lastStep()) {
      el.final.className = 'final';
      el.final.textContent = (seatsOf(g) > 2 ? 'Result ' + g.seats.map(function (s) {
        return s.engine + ' ' + s.score + ' (rank ' + s.rank + ')';
      }).join(', ') : 'Result ' + g.result_text + ' (score ' + g.score[0] + ' : ' + g.score[1] + ')') + ', ' +
        g.termination_text + (g.detail_text ? ': ' + g.detail_text : '');
    }
  }

  function markCurrent(g, step) {
    var ply = isSettlement(g, step) ? -1 : step;
    var chips = el.moves.querySelectorAll('.mv');
    for (var i = 0; i < chips.length; ++i) {
      var on = Number(chips[i].getAttribute('data-step')) === step;
      chips[i].classList.toggle('cur', on);
      if (on && chips[i].scrollIntoView) chips[i].scrollIntoView({ block: 'nearest' });
    }
    var trs = el.moveRows.children;
    for (i = 0; i < trs.length; ++i) trs[i].classList.toggle('cur', i === ply - 1);
  }

  function draw() {
    var g = games[state.game];
    var step = state.step;
    var last = lastStep();
    var pos = parsePosition(g.positions[step]);
    var prev = step > 0 ? parsePosition(g.positions[step - 1]) : null;
    // After the move that ended the game nobody is to move, before and after the settlement.
    var over = !g.error && (step === last || (g.settlement && step === g.moves.length));
    drawPits(g, step, pos, prev);
    if (seatsOf(g) === 2) {
      drawPlayer(el.north, g.north, 'N', pos, g.scores[step][1], over, g);
      drawPlayer(el.south, g.south, 'S', pos, g.scores[step][0], over, g);
    }
    viewer.setAttribute('data-step', String(step));
    viewer.setAttribute('data-ply', String(Math.min(step, g.moves.length)));
    viewer.setAttribute('data-position', g.positions[step]);
    viewer.setAttribute('data-settlement', isSettlement(g, step) ? '1' : '0');
    el.position.textContent = g.positions[step];
    byId('first').disabled = byId('prev').disabled = step === 0;
    byId('next').disabled = byId('last').disabled = step === last;
    drawText(g, step);
    markCurrent(g, step);
  }

  function go(step) {
    if (state.game < 0) return;
    state.step = Math.max(0, Math.min(lastStep(), step));
    draw();
  }

  // Move chips in numbered moves, "1. 3R 7L 2. ...": the number is a chip of its own, so "10"
  // and "1R" never read as one decimal number.
  function fillMoves(g) {
    el.moves.textContent = '';
    var number = 0;
    g.moves.forEach(function (m, j) {
      var mover = moverIndex(g, j + 1);
      var south = mover === 0;
      if (south || j === 0) {
        number += 1;
        el.moves.appendChild(make('span', 'num', number + (south ? '.' : '…')));
      }
      var chip = make('span', 'mv ' + (south ? 's' : mover === 1 ? 'n' : 'seat' + (mover + 1)), m);
      chip.setAttribute('data-step', String(j + 1));
      chip.title = sideName(g, j + 1) + ', ply ' + (j + 1);
      chip.addEventListener('click', function () { go(j + 1); });
      el.moves.appendChild(chip);
    });
    if (g.settlement) {
      var settle = make('span', 'mv settle', 'settlement');
      settle.setAttribute('data-step', String(g.positions.length - 1));
      settle.addEventListener('click', function () { go(lastStep()); });
      el.moves.appendChild(settle);
    }
  }

  function fillMoveTable(g) {
    el.moveRows.textContent = '';
    g.plies.forEach(function (d, j) {
      var tr = make('tr');
      var clock = g.clock[moverIndex(g, j + 1)];
      [String(j + 1), sideName(g, j + 1), g.moves[j], d.eval === null ? '' : d.eval,
       d.depth === null ? '' : String(d.depth), d.nodes === null ? '' : d.nodes.toLocaleString('en-US'),
       d.used.toFixed(3), clock ? d.left.toFixed(3) : '', d.pv].forEach(function (text, i) {
        tr.appendChild(make('td', i === 1 || i === 2 || i === 8 ? 'l' : '', text));
      });
      tr.addEventListener('click', function () { go(j + 1); });
      el.moveRows.appendChild(tr);
    });
  }

  function select(index, step) {
    if (index < 0 || index >= games.length) return;
    if (!el.pits) buildViewer();
    state.game = index;
    state.step = 0;
    var g = games[index];
    rows.forEach(function (r) {
      var on = Number(r.getAttribute('data-index')) === index;
      r.classList.toggle('selected', on);
      if (on) showRow(r);
    });
    boardFor(g);
    el.sub.textContent = '';
    if (seatsOf(g) > 2) {
      el.title.textContent = 'Game ' + g.game + ' · ' + seatsOf(g) + ' seats';
      g.seats.forEach(function (s, i) {
        if (i) el.sub.appendChild(document.createTextNode(' vs '));
        el.sub.appendChild(make('b', '', s.engine));
        el.sub.appendChild(document.createTextNode(' (seat ' + s.seat + ', ' + s.time_control + ')'));
      });
      el.sub.appendChild(document.createTextNode(' · ' + g.termination_text + ' · ' + g.moves.length +
        ' plies · ended ' + g.ended));
    } else {
      el.title.textContent = 'Game ' + g.game + ' · round ' + g.round + ' · pair ' + g.pair;
      el.sub.appendChild(make('b', '', g.south));
      el.sub.appendChild(document.createTextNode(' (South) vs '));
      el.sub.appendChild(make('b', '', g.north));
      el.sub.appendChild(document.createTextNode(' (North) · ' + g.result_text + ' · ' + g.termination_text +
        ' · ' + g.moves.length + ' plies · ended ' + g.ended));
    }
    fillMoves(g);
    fillMoveTable(g);
    viewer.setAttribute('data-game', String(g.game));
    viewer.setAttribute('data-game-id', String(g.db_id));
    go(step || 0);
  }

  function indexOfGame(number) {
    for (var j = 0; j < games.length; ++j) if (String(games[j].game) === String(number)) return j;
    return -1;
  }

  // ---- links, keys and engine pages -------------------------------------------------------------

  document.addEventListener('click', function (ev) {
    var a = ev.target.closest ? ev.target.closest('a[data-game-link]') : null;
    if (!a) return;
    var index = indexOfGame(a.getAttribute('data-game-link'));
    if (index < 0) return;
    ev.preventDefault();
    select(index, 0);
    location.hash = 'games';  // leaves an engine page (hashchange)
    showEnginePage();
    byId('games').scrollIntoView();
  });

  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    var handled = true;
    if (ev.key === 'ArrowRight') go(state.step + 1);
    else if (ev.key === 'ArrowLeft') go(state.step - 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(state.game < 0 ? 0 : lastStep());
    else handled = false;
    if (handled && state.game >= 0) ev.preventDefault();
  });

  // An engine's page replaces the rest of the page while its anchor is the target.
  function showEnginePage() {
    var id = decodeURIComponent(location.hash.slice(1));
    var page = id ? byId(id) : null;
    var on = !!(page && page.classList.contains('engine-page'));
    body.classList.toggle('engine-view', on);
    body.setAttribute('data-engine-page', on ? id : '');
    if (on) window.scrollTo(0, 0);
  }
  window.addEventListener('hashchange', showEnginePage);

  setUpTable();
  showEnginePage();
  var params = new URLSearchParams(window.location.search);
  var start = params.has('game') ? indexOfGame(params.get('game')) : 0;
  if (games.length > 0) select(start < 0 ? 0 : start, parseInt(params.get('step') || '0', 10) || 0);
  body.setAttribute('data-ok', '1');
})();
