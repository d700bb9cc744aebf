/*
 * review.js: a game's review in the page of `samegame serve` (docs/web.md,
 * "Reviewing a game"), on the words, server calls, live region and tile drawing
 * of game.js (window.samegamePage).
 *
 * - POST /api/reviews starts (or joins) the review of a saved game; while it runs
 *   the page asks GET /api/reviews/ID every POLL_MS, shows the progress of its
 *   phase (a <progress> and its line, said in the live region each tenth of the
 *   positions valued and of the positions searched again, and once when the last
 *   searches begin, as the command says them), and "Stop the review" sends
 *   POST /api/reviews/ID/cancel.
 * - Once it has ended, the view shows, in the order of A45: the summary with the
 *   accuracy; the key moments as a listbox with one tab stop (arrow keys, Home,
 *   End; each option named by its move's sentence; Enter, Space or a click opens
 *   it); the position of the moment opened, a read-only grid of the game's cell
 *   names with the move played and the move preferred marked (outline and dot,
 *   and in each cell's name), the move's sentences said in the live region; and
 *   the game move by move as a chart for the eye (aria-hidden) over a table of
 *   the same numbers.
 * - Practice: on the position, Enter, Space or a click on a cell, or a line typed
 *   in the box (a cell, hint, a query), is judged by the server in the command's
 *   words (POST /api/reviews/ID/practice) and said in the live region; H on the
 *   grid asks for the hint; skip (or s) in the box opens the next key moment (the
 *   first after the last), as the practice's "type skip" says; Escape on the grid
 *   goes back to the key moments.
 */
'use strict';

(() => {
  const page = window.samegamePage;
  const { $, word, call, say, element, drawTile, showView, gridMoves } = page;
  const POLL_MS = 250;
  const SKIP_WORDS = ['skip', 's']; // as samegame review --practice takes them
  const SVG = 'http://www.w3.org/2000/svg';

  let review = null; // the server's id of the review shown
  let told = 0; // the tenths of the progress said so far, in its phase
  let phaseTold = null; // the phase of the review those tenths are of
  let moments = []; // the key moments of the review shown
  let opened = null; // the key moment whose position is shown
  const focus = { row: 0, col: 0 }; // the position grid's tab stop, row from the top

  // -- the review's life -----------------------------------------------------------

  /** Opens the review view on saved game `game` and starts (or joins) its review. */
  async function openReview(game) {
    review = null;
    told = 0;
    phaseTold = null;
    moments = [];
    opened = null;
    showView('review');
    for (const id of ['review-running', 'moments-section', 'position-section', 'graph-section']) {
      $(id).hidden = true;
    }
    $('review-summary').replaceChildren();
    $('review-heading').focus();
    try {
      const data = await call('POST', '/api/reviews', { game, lang: page.language() });
      review = data.review;
      say(data.said);
      show(data);
    } catch (error) {
      say([error.message]);
    }
  }
  page.openReview = openReview;

  /** Shows where a review stands; asks again while it runs. */
  function show(data) {
    if (data.review !== review) return; // the view has moved on
    if (data.state === 'running') {
      $('review-running').hidden = false;
      const [done, total] = data.step;
      const bar = $('review-progress');
      if (data.phase === 'checking') {
        bar.removeAttribute('value'); // no count to show: the bar says work goes on
      } else {
        bar.max = Math.max(total, 1);
        bar.value = done;
      }
      $('review-progress-text').textContent = data.progress;
      if (data.phase !== phaseTold) {
        phaseTold = data.phase;
        told = 0;
        if (data.phase === 'checking') say([data.progress]); // said once, as the command does
      }
      const tenths = Math.floor((done * 10) / Math.max(total, 1));
      if (data.phase !== 'checking' && tenths > told) {
        told = tenths;
        say([data.progress]);
      }
      setTimeout(poll, POLL_MS);
      return;
    }
    const focusWasHere = $('review-running').contains(document.activeElement);
    $('review-running').hidden = true;
    if (focusWasHere) $('review-heading').focus();
    if (data.state === 'failed') {
      say([data.error]);
      return;
    }
    showResult(data.result);
    say(data.result.summary.concat(data.said)); // the summary first (A45)
  }

  async function poll() {
    if (!review) return;
    try {
      const path = `/api/reviews/${encodeURIComponent(review)}?lang=${encodeURIComponent(page.language())}`;
      show(await call('GET', path));
    } catch (error) {
      say([error.message]);
    }
  }

  async function cancel() {
    if (!review) return;
    try {
      const path = `/api/reviews/${encodeURIComponent(review)}/cancel`;
      show(await call('POST', path, { lang: page.language() }));
    } catch (error) {
      say([error.message]);
    }
  }

  // -- what a review says ---------------------------------------------------------------

  function showResult(result) {
    $('review-summary').replaceChildren(...result.summary.map((line) => element('p', {}, line)));
    moments = result.moments;
    $('moments-section').hidden = false;
    $('no-moments').hidden = moments.length > 0;
    $('moments').hidden = moments.length === 0;
    $('moments').replaceChildren(...moments.map((moment, index) => {
      const option = element('li', { role: 'option', id: `moment-${moment.move}`, class: 'moment' }, moment.name);
      option.setAttribute('aria-selected', index === 0 ? 'true' : 'false');
      option.tabIndex = index === 0 ? 0 : -1;
      return option;
    }));
    showSeries(result.series, new Set(moments.map((moment) => moment.move)));
  }

  /** The key moment at `index` becomes the listbox's tab stop and its selected option. */
  function chooseMoment(index, focusIt = true) {
    const options = [...$('moments').children];
    if (options.length === 0) return;
    const at = Math.max(0, Math.min(options.length - 1, index));
    options.forEach((option, i) => {
      option.setAttribute('aria-selected', i === at ? 'true' : 'false');
      option.tabIndex = i === at ? 0 : -1;
    });
    if (focusIt) options[at].focus();
  }

  /** Opens a key moment: its position, its sentences said, the focus on the played move. */
  function openMoment(index) {
    const moment = moments[index];
    if (!moment) return;
    opened = moment;
    chooseMoment(index, false);
    $('position-section').hidden = false;
    $('position-heading').textContent = word('web.review.position', { move: moment.move });
    $('position-lines').replaceChildren(...moment.lines.map((line) => element('p', {}, line)));
    drawPosition(moment);
    const anchor = moment.played.map(place).sort((a, b) => a.col - b.col || b.row - a.row)[0];
    focus.row = anchor ? anchor.row : 0;
    focus.col = anchor ? anchor.col : 0;
    focusCell();
    say(moment.lines);
  }

  /** (row from the top, column) of a cell name such as C5 on the opened position. */
  const place = (name) => ({ row: opened.height - Number(name.slice(1)), col: name.charCodeAt(0) - 65 });

  function drawPosition(moment) {
    const grid = $('position');
    $('position-frame').style.setProperty('--columns', String(moment.width));
    const played = new Set(moment.played);
    const preferred = new Set(moment.preferred);
    // As the game's grid: row 1 (the bottom) first, drawn bottom up.
    const rows = moment.rows.map((cells, row) => element('div', { role: 'row' }, ...cells.map((tile, col) => {
      const name = String.fromCharCode(65 + col) + String(moment.height - row);
      const kind = played.has(name) ? ' played' : preferred.has(name) ? ' preferred' : '';
      const cell = element('div', { role: 'gridcell', class: `cell${kind}` });
      cell.tabIndex = -1;
      cell.dataset.row = String(row);
      cell.dataset.col = String(col);
      cell.dataset.name = name;
      if (col === 0) cell.dataset.rowName = String(moment.height - row);
      if (row === moment.height - 1) cell.dataset.colName = String.fromCharCode(65 + col);
      cell.setAttribute('aria-label', tile ? tile.label : word('web.cell.empty', { cell: name }));
      if (tile) cell.append(drawTile(tile, false));
      if (kind === ' preferred') cell.append(element('span', { class: 'dot', 'aria-hidden': 'true' }));
      return cell;
    })));
    grid.replaceChildren(...rows.reverse());
  }

  const cellAt = (row, col) => {
    const rows = $('position').children;
    return rows[rows.length - 1 - row].children[col];
  };

  function focusCell() {
    if (!opened) return;
    $('position').querySelectorAll('[tabindex="0"]').forEach((cell) => { cell.tabIndex = -1; });
    focus.row = Math.max(0, Math.min(opened.height - 1, focus.row));
    focus.col = Math.max(0, Math.min(opened.width - 1, focus.col));
    const cell = cellAt(focus.row, focus.col);
    cell.tabIndex = 0;
    cell.focus();
  }

  /** The evaluation over the game: a table of the numbers, and a chart of them for the eye. */
  function showSeries(series, marked) {
    $('graph-section').hidden = series.length === 0;
    const shown = (value) => (value === null || value === undefined ? '' : String(value));
    $('series-rows').replaceChildren(...series.map((entry) => {
      const head = element('th', { scope: 'row' }, entry.move === 0 ? word('web.review.table.start') : String(entry.move));
      return element('tr', {}, head, ...[entry.played, entry.points, entry.loss, entry.label, entry.value]
        .map((value) => element('td', {}, shown(value))));
    }));
    $('chart').replaceChildren(chart(series, marked));
  }

  function svg(name, attributes) {
    const made = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
    return made;
  }

  /** A line of the best final score known, from the start to the last move; the key
   * moments' points drawn larger, as squares. */
  function chart(series, marked) {
    const width = 400; // drawn at most 40rem wide: compact for a short game or a long one
    const height = 120;
    const step = (width - 40) / Math.max(1, series.length - 1);
    const values = series.map((entry) => entry.value);
    const low = Math.min(...values);
    const high = Math.max(...values);
    const y = (value) => (high === low ? 20 : 20 + ((high - value) * (height - 40)) / (high - low));
    const x = (index) => 30 + index * step;
    const drawn = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart-svg', focusable: 'false' });
    drawn.append(svg('line', { x1: 30, y1: height - 20, x2: width - 10, y2: height - 20, class: 'axis' }));
    const top = svg('text', { x: 26, y: 24, 'text-anchor': 'end', class: 'chart-label' });
    top.textContent = String(high);
    const foot = svg('text', { x: 26, y: height - 20, 'text-anchor': 'end', class: 'chart-label' });
    foot.textContent = String(low);
    drawn.append(top, foot);
    drawn.append(svg('polyline', {
      points: series.map((entry, index) => `${x(index)},${y(entry.value)}`).join(' '), class: 'chart-line',
    }));
    series.forEach((entry, index) => {
      if (marked.has(entry.move)) {
        drawn.append(svg('rect', { x: x(index) - 4, y: y(entry.value) - 4, width: 8, height: 8, class: 'chart-moment' }));
      } else {
        drawn.append(svg('circle', { cx: x(index), cy: y(entry.value), r: 2.5, class: 'chart-point' }));
      }
    });
    return drawn;
  }

  // -- practice ---------------------------------------------------------------------------

  async function practise(line) {
    if (!review || !opened) return;
    try {
      const path = `/api/reviews/${encodeURIComponent(review)}/practice`;
      const data = await call('POST', path, { move: opened.move, line, lang: page.language() });
      say(data.lines);
    } catch (error) {
      say([error.message]);
    }
  }

  // -- events ----------------------------------------------------------------------------

  const optionIndex = (target) => [...$('moments').children].indexOf(target.closest('[role="option"]'));

  $('moments').addEventListener('keydown', (event) => {
    const at = optionIndex(event.target);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = $('moments').children.length - 1;
    const moves = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: last };
    if (event.key in moves) chooseMoment(moves[event.key]);
    else if (event.key === 'Enter' || event.key === ' ') openMoment(at);
    else return;
    event.preventDefault();
  });
  $('moments').addEventListener('click', (event) => {
    const at = optionIndex(event.target);
    if (at >= 0) openMoment(at);
  });

  const MOVES = gridMoves(focus, () => opened);

  $('position').addEventListener('keydown', (event) => {
    if (!opened || event.altKey || event.metaKey) return;
    if (MOVES[event.key]) {
      [focus.row, focus.col] = MOVES[event.key](event);
      focusCell();
    } else if (event.key === 'Enter' || event.key === ' ') {
      if (!event.repeat) practise(cellAt(focus.row, focus.col).dataset.name);
    } else if (!event.ctrlKey && event.key.toLowerCase() === 'h') {
      practise('hint');
    } else if (event.key === 'Escape') {
      chooseMoment(moments.indexOf(opened));
    } else {
      return;
    }
    event.preventDefault();
  });
  $('position').addEventListener('click', (event) => {
    const cell = event.target instanceof Element ? event.target.closest('[role="gridcell"]') : null;
    if (!cell) return;
    focus.row = Number(cell.dataset.row);
    focus.col = Number(cell.dataset.col);
    focusCell();
    practise(cell.dataset.name);
  });
  $('position').addEventListener('focusin', (event) => {
    const cell = event.target instanceof Element ? event.target.closest('[role="gridcell"]') : null;
    if (!cell) return;
    focus.row = Number(cell.dataset.row);
    focus.col = Number(cell.dataset.col);
  });

  $('practice-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $('practice');
    const line = input.value.trim();
    if (line === '') return;
    input.value = '';
    if (SKIP_WORDS.includes(line.toLowerCase())) openMoment((moments.indexOf(opened) + 1) % moments.length);
    else practise(line);
  });

  $('review-cancel').addEventListener('click', () => cancel());
  $('review-back').addEventListener('click', () => {
    review = null;
    opened = null;
    page.leave();
  });
})();
