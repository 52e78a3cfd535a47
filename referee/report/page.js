// The report page's script (oaq report). It is embedded in the oaq binary at build time
// (oaq_embed in referee/report/CMakeLists.txt) and inlined into the page, so the page stays a
// single file. It holds no rules logic: it parses the position strings the referee computed (RULES.md section 5) and draws
// them. When its start-up ran without an exception it sets <body data-ok="1">; an uncaught error
// sets data-error (the browser test reads both). URL parameters: ?game=<id> selects a game,
// ?step=<n> then advances its replay n plies, as if Next had been pressed n times.
(function () {
  'use strict';
  var body = document.body;
  window.onerror = function (message, source, line) {
    body.setAttribute('data-error', String(message) + ' (line ' + line + ')');
  };
  var data = JSON.parse(document.getElementById('oaq-data').textContent);
  var games = data.games;
  var viewer = document.getElementById('viewer');
  var rows = document.querySelectorAll('#game-list tbody tr');
  var state = { game: -1, ply: 0 };
  var el = {};
  var NAMES = ['QW', 'S1', 'S2', 'S3', 'S4', 'S5', 'QE', 'N1', 'N2', 'N3', 'N4', 'N5'];
  var MAX_DOTS = 24;

  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // `<12 cells> <S|N> <sc>+<sp> <nc>+<np> <sdebt> <ndebt>`; a cell is <n> or Q<n>.
  function parsePosition(text) {
    var f = text.split(' ');
    if (f.length !== 6) throw new Error('bad position string: ' + text);
    var cells = f[0].split(',');
    if (cells.length !== 12) throw new Error('bad pits field: ' + f[0]);
    var pits = cells.map(function (c) {
      var piece = c.charAt(0) === 'Q';
      return { piece: piece, count: parseInt(piece ? c.slice(1) : c, 10) };
    });
    function store(s) {
      var p = s.split('+');
      return { citizens: parseInt(p[0], 10), pieces: parseInt(p[1], 10) };
    }
    return { pits: pits, side: f[1], stores: [store(f[2]), store(f[3])],
             debts: [parseInt(f[4], 10), parseInt(f[5], 10)] };
  }

  function pitElement(i) {
    var e = make('div', 'pit' + (i === 0 ? ' quan west' : i === 6 ? ' quan east' : ''));
    e.id = 'pit-' + i;
    e.setAttribute('data-pit', String(i));
    e.appendChild(make('span', 'pname', NAMES[i]));
    e.appendChild(make('div', 'stones'));
    e.appendChild(make('span', 'count'));
    return e;
  }

  function playerElement(side) {
    var e = make('div', 'player ' + (side === 'S' ? 'south' : 'north'));
    e.id = side === 'S' ? 'player-south' : 'player-north';
    e.appendChild(make('span', 'who', side === 'S' ? 'South' : 'North'));
    e.appendChild(make('span', 'name'));
    e.appendChild(make('span', 'store'));
    e.appendChild(make('span', 'debt'));
    e.appendChild(make('span', 'tomove', 'to move'));
    e.appendChild(make('span', 'score'));
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

  function buildViewer() {
    viewer.textContent = '';
    el.title = make('h3', 'game-title');
    el.sub = make('div', 'game-sub');
    el.north = playerElement('N');
    el.south = playerElement('S');
    var board = make('div', 'board');
    board.id = 'board';
    el.pits = [];
    for (var i = 0; i < 12; ++i) el.pits.push(pitElement(i));
    var squares = make('div', 'squares');
    var northRow = make('div', 'row north');
    var southRow = make('div', 'row south');
    for (var k = 5; k >= 1; --k) northRow.appendChild(el.pits[6 + k]);
    for (k = 1; k <= 5; ++k) southRow.appendChild(el.pits[k]);
    squares.appendChild(northRow);
    squares.appendChild(southRow);
    board.appendChild(el.pits[0]);
    board.appendChild(squares);
    board.appendChild(el.pits[6]);
    var controls = make('div', 'controls');
    controls.appendChild(button('first', '« First', 'first position (Home)', function () { go(0); }));
    controls.appendChild(button('prev', '◀ Prev', 'previous ply (Left arrow)', function () { go(state.ply - 1); }));
    controls.appendChild(button('next', 'Next ▶', 'next ply (Right arrow)', function () { go(state.ply + 1); }));
    controls.appendChild(button('last', 'Last »', 'final position (End)', function () { go(lastPly()); }));
    el.counter = make('span', '');
    el.counter.id = 'ply-counter';
    controls.appendChild(el.counter);
    el.moveLine = make('span', '');
    el.moveLine.id = 'move-line';
    controls.appendChild(el.moveLine);
    el.moves = make('div', 'movelist');
    el.moves.id = 'move-list';
    el.final = make('div', 'final');
    el.position = make('code', 'posstring');
    el.position.id = 'position-string';
    [el.title, el.sub, el.north, board, el.south, controls, el.moves, el.final, el.position].forEach(function (e) {
      viewer.appendChild(e);
    });
  }

  function lastPly() { return games[state.game].positions.length - 1; }

  function drawStones(pitEl, pit) {
    var box = pitEl.querySelector('.stones');
    box.textContent = '';
    var target = box;
    if (pitEl.classList.contains('quan')) {
      if (pit.piece) box.appendChild(make('div', 'mandarin'));
      target = make('div', 'citizens');
      box.appendChild(target);
    }
    var shown = Math.min(pit.count, MAX_DOTS);
    for (var i = 0; i < shown; ++i) target.appendChild(make('span', 'dot'));
    if (pit.count > MAX_DOTS) target.appendChild(make('span', 'more', '+' + (pit.count - MAX_DOTS)));
  }

  function drawPlayer(e, name, side, pos, score, over) {
    var i = side === 'S' ? 0 : 1;
    e.querySelector('.name').textContent = name;
    e.querySelector('.store').textContent = 'store ' + pos.stores[i].citizens + ' + ' +
      pos.stores[i].pieces + (pos.stores[i].pieces === 1 ? ' mandarin' : ' mandarins');
    e.querySelector('.debt').textContent = 'debt ' + pos.debts[i];
    e.querySelector('.score').textContent = String(score);
    e.classList.toggle('active', !over && pos.side === side);
  }

  function draw() {
    var g = games[state.game];
    var ply = state.ply;
    var last = lastPly();
    var pos = parsePosition(g.positions[ply]);
    var prev = ply > 0 ? parsePosition(g.positions[ply - 1]) : null;
    var from = ply > 0 ? g.from[ply - 1] : -1;
    var over = ply === last && g.moves.length === last;
    for (var i = 0; i < 12; ++i) {
      var p = pos.pits[i];
      var e = el.pits[i];
      e.setAttribute('data-count', String(p.count));
      e.setAttribute('data-piece', p.piece ? '1' : '0');
      e.querySelector('.count').textContent = String(p.count);
      e.title = NAMES[i] + ': ' + p.count + (p.piece ? ' citizens + mandarin' : ' citizens');
      drawStones(e, p);
      var changed = prev && (prev.pits[i].count !== p.count || prev.pits[i].piece !== p.piece);
      e.classList.toggle('changed', !!changed && i !== from);
      e.classList.toggle('from', i === from);
      var arrow = e.querySelector('.arrow');
      if (arrow) e.removeChild(arrow);
      if (i === from) {
        // Where the sowing heads on screen: South's R and North's L run left to right.
        var mv = g.moves[ply - 1];
        var rightward = (prev.side === 'S') === (mv.charAt(mv.length - 1) === 'R');
        e.appendChild(make('span', 'arrow', rightward ? '→' : '←'));
      }
    }
    drawPlayer(el.north, g.north, 'N', pos, g.scores[ply][1], over);
    drawPlayer(el.south, g.south, 'S', pos, g.scores[ply][0], over);
    viewer.setAttribute('data-ply', String(ply));
    viewer.setAttribute('data-position', g.positions[ply]);
    el.counter.textContent = 'Ply ' + ply + ' / ' + last;
    el.moveLine.textContent = '';
    if (ply > 0) {
      el.moveLine.appendChild(document.createTextNode(ply + '. ' + (prev.side === 'S' ? 'South' : 'North') + ' '));
      el.moveLine.appendChild(make('b', '', g.moves[ply - 1]));
    } else {
      el.moveLine.textContent = g.opening ? 'after opening ' + g.opening : 'start position';
    }
    el.position.textContent = g.positions[ply];
    document.getElementById('first').disabled = document.getElementById('prev').disabled = ply === 0;
    document.getElementById('next').disabled = document.getElementById('last').disabled = ply === last;
    var spans = el.moves.children;
    for (i = 0; i < spans.length; ++i) spans[i].classList.toggle('cur', i === ply - 1);
    if (ply > 0 && spans[ply - 1] && spans[ply - 1].scrollIntoView) spans[ply - 1].scrollIntoView({ block: 'nearest' });
    el.final.textContent = '';
    if (g.error) {
      el.final.className = 'final error';
      el.final.textContent = 'Replay stopped: ' + g.error;
    } else if (ply === last) {
      el.final.className = 'final';
      el.final.textContent = 'Result ' + g.result_text + ' (score ' + g.score[0] + ' : ' + g.score[1] + '), ' +
        g.termination + (g.detail ? ': ' + g.detail : '');
    }
  }

  function go(ply) {
    if (state.game < 0) return;
    state.ply = Math.max(0, Math.min(lastPly(), ply));
    draw();
  }

  function select(index) {
    if (index < 0 || index >= games.length) return;
    if (!el.pits) buildViewer();
    state.game = index;
    state.ply = 0;
    var g = games[index];
    for (var i = 0; i < rows.length; ++i) rows[i].classList.toggle('selected', i === index);
    el.title.textContent = 'Game ' + g.index + ' · round ' + g.round;
    el.sub.textContent = '';
    el.sub.appendChild(make('b', '', g.south));
    el.sub.appendChild(document.createTextNode(' (South) vs '));
    el.sub.appendChild(make('b', '', g.north));
    el.sub.appendChild(document.createTextNode(' (North) · ' + g.result_text + ' · ' + g.termination +
      ' · ' + g.moves.length + ' plies · ' + g.time_control));
    el.moves.textContent = '';
    g.moves.forEach(function (m, j) {
      var s = make('span', j % 2 === 0 ? 's' : 'n', (j + 1) + '.' + m);
      s.addEventListener('click', function () { go(j + 1); });
      el.moves.appendChild(s);
    });
    viewer.setAttribute('data-game-id', String(g.id));
    draw();
  }

  for (var r = 0; r < rows.length; ++r) {
    (function (index) {
      rows[index].addEventListener('click', function () { select(index); });
      rows[index].addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter') select(index);
      });
    })(r);
  }

  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var handled = true;
    if (ev.key === 'ArrowRight') go(state.ply + 1);
    else if (ev.key === 'ArrowLeft') go(state.ply - 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(state.game < 0 ? 0 : lastPly());
    else handled = false;
    if (handled && state.game >= 0) ev.preventDefault();
  });

  var params = new URLSearchParams(window.location.search);
  var start = 0;
  if (params.has('game')) {
    for (var j = 0; j < games.length; ++j) if (String(games[j].id) === params.get('game')) start = j;
  }
  if (games.length > 0) {
    select(start);
    var steps = parseInt(params.get('step') || '0', 10) || 0;
    for (var n = 0; n < steps; ++n) document.getElementById('next').click();
  }
  body.setAttribute('data-ok', '1');
})();
