// The board of oaq's pages: the report's replay (page.js) and the live page (referee/live/live.js)
// draw it with this one script, embedded in the oaq binary at build time and inlined before the
// page's own script. It holds no rules logic: it parses the position strings the referee
// computed (protocol-spec/rules.md, the position notation) and draws them with the classes of
// page.css. Every text it shows is set with textContent.
var OaqBoard = (function () {
  'use strict';
  var NAMES = ['QW', 'S1', 'S2', 'S3', 'S4', 'S5', 'QE', 'N1', 'N2', 'N3', 'N4', 'N5'];
  var MAX_DOTS = 24;
  var MAX_RING_DOTS = 12;  // a ring's squares are smaller

  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function store(s) {
    var p = s.split('+');
    return { citizens: parseInt(p[0], 10), pieces: parseInt(p[1], 10) };
  }

  // Two seats: `<12 cells> <S|N> <sc>+<sp> <nc>+<np> <sdebt> <ndebt> [shares]`; a cell is <n> or
  // Q<n>. Three or four (RULES.md section 9): `<6N cells> <seat> <store 1>..<store N>
  // <balance 1>..<balance N>`. Every result has `seats`, `toMove` (the seat to move, from 0),
  // `stores` and `debts` (two seats: debts; more: balances) in seat order.
  function parsePosition(text) {
    var f = String(text).split(' ');
    var cells = f[0].split(',');
    var n = cells.length / 6;
    var ring = n >= 3 && n <= 4 && f.length === 2 * n + 2;
    if (!ring && ((f.length !== 6 && f.length !== 7) || cells.length !== 12))
      throw new Error('bad position string: ' + text);
    var pits = cells.map(function (c) {
      var piece = c.charAt(0) === 'Q';
      return { piece: piece, count: parseInt(piece ? c.slice(1) : c, 10) };
    });
    if (!ring) {
      return { pits: pits, seats: 2, side: f[1], toMove: f[1] === 'N' ? 1 : 0,
               stores: [store(f[2]), store(f[3])], debts: [parseInt(f[4], 10), parseInt(f[5], 10)] };
    }
    var stores = [], balances = [];
    for (var s = 0; s < n; ++s) {
      stores.push(store(f[2 + s]));
      balances.push(parseInt(f[2 + n + s], 10));
    }
    return { pits: pits, seats: n, side: f[1], toMove: parseInt(f[1], 10) - 1, stores: stores,
             debts: balances, balances: balances };
  }

  // A pit's name: QW, S1..S5, QE, N1..N5 with two seats; with more, a mandarin pit is Q<corner>
  // (Q1 at pit 0) and seat s's square k is <s>.<k>.
  function pitName(i, seats) {
    if (seats === 2) return NAMES[i];
    return i % 6 === 0 ? 'Q' + (i / 6 + 1) : (Math.floor(i / 6) + 1) + '.' + (i % 6);
  }

  // `idPrefix`: each pit's element gets the id idPrefix + its number (one board on the page).
  function pitElement(i, idPrefix, seats) {
    var ring = seats === 3 || seats === 4;
    var e = make('div', 'pit' + (ring ? (i % 6 === 0 ? ' quan corner' : ' square') :
                                 (i === 0 ? ' quan west' : i === 6 ? ' quan east' : '')));
    if (idPrefix) e.id = idPrefix + i;
    e.setAttribute('data-pit', String(i));
    e.appendChild(make('span', 'pname', pitName(i, ring ? seats : 2)));
    e.appendChild(make('div', 'stones'));
    e.appendChild(make('span', 'count'));
    return e;
  }

  // A new empty board: { element, pits, seats } (pits by number, 0 = QW, 1-5 South, 6 = QE,
  // 7-11 North). `seats` 3 or 4: the ring of RULES.md section 9 (createRing).
  function create(idPrefix, seats) {
    if (seats === 3 || seats === 4) return createRing(idPrefix, seats);
    var board = make('div', 'board');
    var pits = [];
    for (var i = 0; i < 12; ++i) pits.push(pitElement(i, idPrefix));
    var squares = make('div', 'squares');
    var northRow = make('div', 'row north');
    var southRow = make('div', 'row south');
    for (var k = 5; k >= 1; --k) northRow.appendChild(pits[6 + k]);
    for (k = 1; k <= 5; ++k) southRow.appendChild(pits[k]);
    squares.appendChild(northRow);
    squares.appendChild(southRow);
    board.appendChild(pits[0]);
    board.appendChild(squares);
    board.appendChild(pits[6]);
    return { element: board, pits: pits, seats: 2, labels: [] };
  }

  var RING_STEP = 64;  // pixels between neighbouring pits along a side

  // The corners of the ring on screen, in units of a side (y down): seat 1's row along the bottom
  // from left to right, then counter-clockwise as the pits are numbered (a triangle, a square).
  function corners(seats) {
    if (seats === 3) return [[0, Math.sqrt(3) / 2], [1, Math.sqrt(3) / 2], [0.5, 0]];
    return [[0, 1], [1, 1], [1, 0], [0, 0]];
  }

  // The ring of 3 or 4 seats: 6N pits on the sides of a triangle or a square, the mandarin pits at
  // the corners, each seat's five squares along its side from its own left (pit 6(s-1)+k), and by
  // each side the seat's label (`labels[s]`: its number, store and balance): outside a triangle,
  // inside a square (it has the room there).
  function createRing(idPrefix, seats) {
    var c = corners(seats);
    var inside = seats === 4;
    var RING_MARGIN = inside ? 48 : 120;
    var side = 6 * RING_STEP;
    var height = side * (seats === 3 ? Math.sqrt(3) / 2 : 1);
    var board = make('div', 'board ring ring' + seats);
    board.style.width = (side + 2 * RING_MARGIN) + 'px';
    board.style.height = (height + 2 * RING_MARGIN) + 'px';
    var cx = 0, cy = 0;
    c.forEach(function (p) { cx += p[0] / seats; cy += p[1] / seats; });
    var pits = [], labels = [];
    for (var s = 0; s < seats; ++s) {
      var a = c[s], b = c[(s + 1) % seats];
      for (var k = 0; k < 6; ++k) {
        var i = 6 * s + k;
        var e = pitElement(i, idPrefix, seats);
        e.style.left = (RING_MARGIN + side * (a[0] + (b[0] - a[0]) * k / 6)) + 'px';
        e.style.top = (RING_MARGIN + side * (a[1] + (b[1] - a[1]) * k / 6)) + 'px';
        pits.push(e);
        board.appendChild(e);
      }
      // The label sits outside the middle of the seat's side.
      var mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      var dx = mx - cx, dy = my - cy, len = Math.sqrt(dx * dx + dy * dy) || 1;
      var across = Math.abs(dx / len);  // a label is wider than high: further off a slanted side
      var away = inside ? -(58 + 35 * across) : 60 + 75 * across;
      var label = make('div', 'ring-seat');
      label.setAttribute('data-seat', String(s + 1));
      label.style.left = (RING_MARGIN + side * mx + dx / len * away) + 'px';
      label.style.top = (RING_MARGIN + side * my + dy / len * away) + 'px';
      label.appendChild(make('span', 'ring-name', 'seat ' + (s + 1)));
      label.appendChild(make('span', 'ring-store'));
      label.appendChild(make('span', 'ring-balance'));
      labels.push(label);
      board.appendChild(label);
    }
    return { element: board, pits: pits, seats: seats, labels: labels };
  }

  // Shows `name` (an engine's) in seat `seat`'s label (from 0) on a ring board; nothing on two seats.
  function setSeatName(board, seat, name) {
    var label = board.labels && board.labels[seat];
    if (label) label.querySelector('.ring-name').textContent = 'seat ' + (seat + 1) + ' · ' + name;
  }

  function drawStones(pitEl, pit) {
    var box = pitEl.querySelector('.stones');
    box.textContent = '';
    var target = box;
    if (pitEl.classList.contains('quan')) {
      if (pit.piece) box.appendChild(make('div', 'mandarin'));
      target = make('div', 'citizens');
      box.appendChild(target);
    }
    var most = pitEl.classList.contains('square') ? MAX_RING_DOTS : MAX_DOTS;
    var shown = Math.min(pit.count, most);
    for (var i = 0; i < shown; ++i) target.appendChild(make('span', 'dot'));
    if (pit.count > most) target.appendChild(make('span', 'more', '+' + (pit.count - most)));
  }

  // Where a move's sowing heads on screen: South's R and North's L run left to right. `side` is
  // the mover's ('S' or 'N'; on a ring its seat number), `move` the move text ("3R"). On a ring
  // R runs counter-clockwise (+1 in pit index) for every seat.
  function rightward(side, move) {
    var r = move.charAt(move.length - 1) === 'R';
    if (side !== 'S' && side !== 'N') return r;
    return (side === 'S') === r;
  }

  // The pit a move was sown from: `pos` the position before it (parsePosition), `move` "3R".
  function fromPit(pos, move) {
    var square = parseInt(move, 10);
    if (pos.seats === 2) return (pos.side === 'S' ? 0 : 6) + square;
    return 6 * pos.toMove + square;
  }

  function arrowText(board, i, toRight) {
    if (board.seats === 2) return toRight ? '→' : '←';
    return toRight ? '↺' : '↻';  // R: counter-clockwise along the ring
  }

  function drawLabels(board, pos) {
    (board.labels || []).forEach(function (label, s) {
      var st = pos.stores[s];
      label.classList.toggle('to-move', pos.toMove === s);
      label.querySelector('.ring-store').textContent =
        'store ' + st.citizens + (st.pieces ? ' + ' + st.pieces + ' Q' : '');
      var b = pos.debts[s];
      label.querySelector('.ring-balance').textContent = 'balance ' + (b > 0 ? '+' + b : String(b));
    });
  }

  // Draws `pos` (parsePosition) on `board` (create()). `prev`: the position before (the pits it
  // changed are marked), or null; `from`: the pit the last move was sown from (-1: none), marked
  // with an arrow the way the sowing went (`toRight`).
  function draw(board, pos, prev, from, toRight) {
    if (pos.pits.length !== board.pits.length)
      throw new Error('a position of ' + pos.seats + ' seats on a board of ' + board.seats);
    drawLabels(board, pos);
    for (var i = 0; i < board.pits.length; ++i) {
      var p = pos.pits[i];
      var e = board.pits[i];
      e.setAttribute('data-count', String(p.count));
      e.setAttribute('data-piece', p.piece ? '1' : '0');
      e.querySelector('.count').textContent = String(p.count);
      e.title = pitName(i, board.seats) + ': ' + p.count + (p.piece ? ' citizens + mandarin' : ' citizens');
      drawStones(e, p);
      var changed = prev && (prev.pits[i].count !== p.count || prev.pits[i].piece !== p.piece);
      e.classList.toggle('changed', !!changed && i !== from);
      e.classList.toggle('from', i === from);
      var arrow = e.querySelector('.arrow');
      if (arrow) e.removeChild(arrow);
      if (i === from) e.appendChild(make('span', 'arrow', arrowText(board, i, toRight)));
    }
  }

  return { NAMES: NAMES, make: make, parsePosition: parsePosition, create: create, draw: draw,
           rightward: rightward, fromPit: fromPit, pitName: pitName, setSeatName: setSeatName };
})();
