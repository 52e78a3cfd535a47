// The board of oaq's pages: the report's replay (page.js) and the live page (referee/live/live.js)
// draw it with this one script, embedded in the oaq binary at build time and inlined before the
// page's own script. It holds no rules logic: it parses the position strings the referee
// computed (protocol-spec/rules.md, the position notation) and draws them with the classes of
// page.css. Every text it shows is set with textContent.
var OaqBoard = (function () {
  'use strict';
  var NAMES = ['QW', 'S1', 'S2', 'S3', 'S4', 'S5', 'QE', 'N1', 'N2', 'N3', 'N4', 'N5'];
  var MAX_DOTS = 24;

  function make(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // `<12 cells> <S|N> <sc>+<sp> <nc>+<np> <sdebt> <ndebt> [shares]`; a cell is <n> or Q<n>.
  function parsePosition(text) {
    var f = text.split(' ');
    if (f.length !== 6 && f.length !== 7) throw new Error('bad position string: ' + text);
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

  // `idPrefix`: each pit's element gets the id idPrefix + its number (one board on the page).
  function pitElement(i, idPrefix) {
    var e = make('div', 'pit' + (i === 0 ? ' quan west' : i === 6 ? ' quan east' : ''));
    if (idPrefix) e.id = idPrefix + i;
    e.setAttribute('data-pit', String(i));
    e.appendChild(make('span', 'pname', NAMES[i]));
    e.appendChild(make('div', 'stones'));
    e.appendChild(make('span', 'count'));
    return e;
  }

  // A new empty board: { element, pits } (pits by number, 0 = QW, 1-5 South, 6 = QE, 7-11 North).
  function create(idPrefix) {
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
    return { element: board, pits: pits };
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
    var shown = Math.min(pit.count, MAX_DOTS);
    for (var i = 0; i < shown; ++i) target.appendChild(make('span', 'dot'));
    if (pit.count > MAX_DOTS) target.appendChild(make('span', 'more', '+' + (pit.count - MAX_DOTS)));
  }

  // Where a move's sowing heads on screen: South's R and North's L run left to right. `side` is
  // the mover's ('S' or 'N'), `move` the move text ("3R").
  function rightward(side, move) {
    return (side === 'S') === (move.charAt(move.length - 1) === 'R');
  }

  // Draws `pos` (parsePosition) on `board` (create()). `prev`: the position before (the pits it
  // changed are marked), or null; `from`: the pit the last move was sown from (-1: none), marked
  // with an arrow the way the sowing went (`toRight`).
  function draw(board, pos, prev, from, toRight) {
    for (var i = 0; i < 12; ++i) {
      var p = pos.pits[i];
      var e = board.pits[i];
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
      if (i === from) e.appendChild(make('span', 'arrow', toRight ? '→' : '←'));
    }
  }

  return { NAMES: NAMES, make: make, parsePosition: parsePosition, create: create, draw: draw,
           rightward: rightward };
})();
