/*
 * game.js: the page of `samegame serve` (plain JavaScript, no build step).
 *
 * The server plays every game through the same Session as `samegame play`, so the
 * page only sends command lines and shows what comes back (docs/web.md):
 *
 * - Start view: the presets, languages, unfinished and finished games of GET
 *   /api/start; Start or Resume opens a game (POST /api/games), Review reviews a
 *   saved game (review.js, as does "Review this game" once a game has ended).
 * - Game view: the board is a WAI-ARIA grid with one tab stop (roving tabindex).
 *   Arrow keys, Home, End, Ctrl+Home, Ctrl+End, PageUp and PageDown (PAGE_ROWS
 *   rows) move; Enter, Space, a click or a tap send the cell's name (the server
 *   selects, then removes); Escape sends `cancel`, Z `undo`, H `hint`. The keys of
 *   A43 (docs/web.md): C, L and S send the queries `cell NAME`, `last` and
 *   `summary` (the line interface's own answers); N and P jump to the next and
 *   previous group of the state's list (largest first) and say its sentence; T
 *   moves to the next tile of the same colour; a digit jumps to a row (two typed
 *   within JUMP_MS make rows 10 and up) and Shift with a letter to a column; slash
 *   goes to the command box, Escape there comes back; R says the last
 *   announcement again. The state's `keys` list them all (the help section). The
 *   buttons and the command box send their lines.
 * - Every reply's lines replace the polite live region (#reply) and are appended
 *   to the visible log; a reply with a `question` opens a modal <dialog> (A42):
 *   the keys y and n answer it as its words say (as do its Yes and No buttons),
 *   Escape answers no, Tab and Shift+Tab stay inside it, and the answer's reply
 *   is spoken in the live region once it closes.
 * - Focus is never lost: cells are updated in place; after a reply focus goes back
 *   to the grid's cell at the same place (clamped into the board) whenever it was
 *   on the board or on nothing (a button or the command box keeps it); a closed
 *   question gives the focus back to where it was when the question opened.
 *
 * All words come from the `web.*` words of /api/start in the chosen language; a
 * word with plural forms comes as KEY (other) and KEY#one (one).
 */
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const TOKEN = document.querySelector('meta[name="samegame-token"]').content;
  const SESSION_KEY = 'samegame-session';
  const LANGUAGE_KEY = 'samegame-language';
  const LETTERS_KEY = 'samegame-letters';
  const LOG_LIMIT = 300;
  const PAGE_ROWS = 5; // PageUp and PageDown move this many rows (web.keys.page)
  const JUMP_MS = 1000; // digits typed within this time make one row number

  let words = {}; // web.* words of the page's language
  let language = document.documentElement.lang || 'en';
  let session = null; // the server's id of the game on the board
  let state = null; // the last STATE the server sent
  const focus = { row: 0, col: 0 }; // the grid's tab stop: row from the top, column
  let queue = Promise.resolve(); // commands go to the server one at a time, in order
  let lastSaid = []; // the live region's last lines, which R says again
  let typedRow = { digits: '', at: 0 }; // a row number being typed

  // -- words ------------------------------------------------------------------------

  /** The word of `key` with its {placeholders} filled; the `#one` form when count is 1. */
  function word(key, params = {}) {
    const one = params.count === 1 ? words[`${key}#one`] : undefined;
    let text = one !== undefined ? one : words[key];
    if (text !== null && typeof text === 'object') {
      text = params.count === 1 && text.one !== undefined ? text.one : text.other;
    }
    if (typeof text !== 'string') return key;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in params ? String(params[name]) : all));
  }

  /** Writes the words into every element marked data-word. */
  function showWords() {
    document.querySelectorAll('[data-word]').forEach((element) => {
      element.textContent = word(element.dataset.word);
    });
    document.title = word('web.title');
    if (state) showState(state);
  }

  // -- talking to the server --------------------------------------------------------

  /** The JSON answer of a request; throws an Error with the server's words on failure. */
  async function call(method, path, body) {
    const options = { method, headers: { 'X-Samegame-Token': TOKEN } };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      throw new Error(word('web.error.network'));
    }
    const data = await response.json().catch(() => null);
    if (!response.ok || data === null) {
      const failure = new Error((data && data.error) || word('web.error.network'));
      failure.closed = Boolean(data && data.closed);
      throw failure;
    }
    return data;
  }

  /** Sends one command line after those already sent; resolves when it is shown. */
  function send(line) {
    queue = queue.then(() => perform(line));
    return queue;
  }

  async function perform(line) {
    if (!session) return;
    addToLog([line], 'sent');
    try {
      const path = `/api/games/${encodeURIComponent(session)}/command`;
      const data = await call('POST', path, { line, lang: language });
      say(data.lines);
      if (data.quit) {
        await leaveGame();
        return;
      }
      showState(data.state);
      if (data.question) ask(data.question);
    } catch (error) {
      say([error.message]);
      // The server closed the game (a plugin's fault, a store that could not save).
      if (error.closed) await leaveGame();
    }
  }

  // -- the live region and the log ---------------------------------------------------

  /** Speaks `lines` and logs them: one new <p> whose one text holds the lines, one
   * to a shown line (so the same words are spoken again). One text, because a
   * screen reader told of several paragraphs at once may say them out of order or
   * drop some (Orca 43 with Chromium: docs/web.md). */
  function say(lines, log = true) {
    if (!lines || lines.length === 0) return;
    lastSaid = lines.slice();
    $('reply').replaceChildren(element('p', {}, lines.join('\n')));
    if (log) addToLog(lines, 'said');
  }

  function addToLog(lines, kind) {
    const log = $('log');
    for (const line of lines) log.append(element('li', { class: kind }, line));
    while (log.children.length > LOG_LIMIT) log.firstElementChild.remove();
  }

  // -- the start view ----------------------------------------------------------------

  /** Loads the words, presets and unfinished games in `lang` (the server's choice if none). */
  async function loadStart(lang) {
    const query = lang ? `?lang=${encodeURIComponent(lang)}` : '';
    const data = await call('GET', `/api/start${query}`);
    words = data.words;
    language = data.language;
    document.documentElement.lang = language;
    sessionStorage.setItem(LANGUAGE_KEY, language);
    showWords();
    showPresets(data.presets);
    showLanguages(data.languages);
    showUnfinished(data.unfinished);
    showFinished(data.finished || []);
  }

  function showPresets(presets) {
    const chosen = $('start-form').elements.preset;
    const keep = chosen && chosen.value ? chosen.value : 'basic';
    const fieldset = $('presets');
    fieldset.querySelectorAll('.preset').forEach((old) => old.remove());
    presets.forEach((preset, index) => {
      const id = `preset-${index}`;
      const input = element('input', { type: 'radio', name: 'preset', id, value: preset.name });
      input.setAttribute('aria-describedby', `${id}-about`);
      input.checked = preset.name === keep || (index === 0 && !presets.some((p) => p.name === keep));
      fieldset.append(element('div', { class: 'preset' }, input,
        element('label', { for: id }, preset.title),
        element('span', { id: `${id}-about`, class: 'hint' }, preset.description)));
    });
  }

  function showLanguages(languages) {
    $('language').replaceChildren(...languages.map((choice) => {
      const option = element('option', { value: choice.code, lang: choice.code }, choice.name);
      option.selected = choice.code === language;
      return option;
    }));
  }

  function showUnfinished(games) {
    $('no-unfinished').hidden = games.length > 0;
    $('unfinished').replaceChildren(...games.map((game, index) => {
      const button = element('button', { type: 'button', id: `resume-${index}` }, word('web.start.resume'));
      button.setAttribute('aria-labelledby', `resume-${index} unfinished-${index}`);
      button.addEventListener('click', () => openGame({ preset: game.preset, game: game.game }));
      return element('li', {}, element('span', { id: `unfinished-${index}` }, game.text), button,
        reviewButton(`review-unfinished-${index}`, `unfinished-${index}`, game.game));
    }));
  }

  function showFinished(games) {
    $('no-finished').hidden = games.length > 0;
    $('finished').replaceChildren(...games.map((game, index) => element('li', {},
      element('span', { id: `finished-${index}` }, game.text),
      reviewButton(`review-finished-${index}`, `finished-${index}`, game.game))));
  }

  /** A Review button named with the game's line (review.js opens the review). */
  function reviewButton(id, about, game) {
    const button = element('button', { type: 'button', id }, word('web.start.review'));
    button.setAttribute('aria-labelledby', `${id} ${about}`);
    button.addEventListener('click', () => page.openReview(game));
    return button;
  }

  /** Opens a game (POST /api/games) and shows it with the grid focused. */
  async function openGame(choice) {
    try {
      const body = { preset: null, board_number: null, game: null, fresh: false, lang: language };
      const data = await call('POST', '/api/games', Object.assign(body, choice));
      session = data.session;
      sessionStorage.setItem(SESSION_KEY, session);
      $('log').replaceChildren();
      showView('game');
      say(data.lines);
      showState(data.state);
      focusCell();
      if (data.question) ask(data.question);
    } catch (error) {
      say([error.message]);
    }
  }

  /** Back to the start view with a fresh list of unfinished games. */
  async function leaveGame() {
    session = null;
    state = null;
    sessionStorage.removeItem(SESSION_KEY);
    showView('start');
    $('start-heading').focus();
    try {
      await loadStart(language);
    } catch (error) {
      say([error.message]);
    }
  }

  function showView(name) {
    $('start-view').hidden = name !== 'start';
    $('game-view').hidden = name !== 'game';
    $('review-view').hidden = name !== 'review';
  }

  // -- the game view -----------------------------------------------------------------

  /** Shows a STATE: headings, numbers, preview, ending and the board. */
  function showState(next) {
    state = next;
    const onBoard = $('board').contains(document.activeElement);
    $('game-heading').textContent = next.game == null
      ? next.title : word('web.game.heading', { game: next.game, title: next.title });
    $('board-term').hidden = next.board_number == null;
    $('board-value').hidden = next.board_number == null;
    $('board-value').textContent = next.board_number == null ? '' : String(next.board_number);
    $('score').textContent = String(next.score);
    $('tiles').textContent = String(next.tiles_left);
    $('groups').textContent = String(next.groups_left);
    $('preview').textContent = next.selected.length === 0 ? word('web.preview.none')
      : word('web.preview', { count: next.selected.length, points: next.selected_points });
    $('keys').replaceChildren(...next.keys.map((key) => element('li',
      key.key === 'web.keys.select' ? { id: 'keys-select' } : {}, key.text)));
    $('ending').hidden = !next.ending;
    $('ending-lines').replaceChildren(...(next.ending || []).map((line) => element('p', {}, line)));
    drawBoard(next);
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (onBoard || lost) focusCell();
  }

  /** Builds the grid when its size changes, else updates its cells in place. */
  function drawBoard(next) {
    const board = $('board');
    board.setAttribute('aria-label', word('web.board.label', { width: next.width, height: next.height }));
    if (board.dataset.size !== `${next.width}x${next.height}`) {
      board.dataset.size = `${next.width}x${next.height}`;
      $('board-frame').style.setProperty('--columns', String(next.width));
      // The grid's rows are in the game's order, row 1 (the bottom) first, so that a
      // screen reader that numbers a grid's rows says the game's numbers ("row 1"
      // on A1); the style draws them bottom up. ``cellAt`` takes rows top first.
      const rows = next.rows.map((cells, row) => element('div', { role: 'row' },
        ...cells.map((_, col) => newCell(row, col, next.width, next.height))));
      board.replaceChildren(...rows.reverse());
    }
    focus.row = clamp(focus.row, next.height);
    focus.col = clamp(focus.col, next.width);
    const selected = new Set(next.selected);
    next.rows.forEach((cells, row) => cells.forEach((tile, col) => {
      const cell = cellAt(row, col);
      const name = cell.dataset.name;
      const chosen = selected.has(name);
      cell.setAttribute('aria-label', tile ? tile.label : word('web.cell.empty', { cell: name }));
      if (chosen) cell.setAttribute('aria-selected', 'true');
      else cell.removeAttribute('aria-selected');
      cell.classList.toggle('selected', chosen);
      cell.tabIndex = row === focus.row && col === focus.col ? 0 : -1;
      const look = tile ? `${tile.colour} ${tile.shape} ${tile.letter} ${chosen}` : '';
      if (cell.dataset.look !== look) { // redrawn only when it looks different
        cell.dataset.look = look;
        cell.replaceChildren(...(tile ? [drawTile(tile, chosen)] : []));
      }
    }));
  }

  function newCell(row, col, width, height) {
    const cell = element('div', { role: 'gridcell', class: 'cell' });
    cell.tabIndex = -1;
    cell.dataset.row = String(row);
    cell.dataset.col = String(col);
    cell.dataset.name = String.fromCharCode(65 + col) + String(height - row);
    if (col === 0) cell.dataset.rowName = String(height - row); // drawn left of the row
    if (row === height - 1) cell.dataset.colName = String.fromCharCode(65 + col); // below
    return cell;
  }

  /** The cell at (row from the top, column); the grid holds the rows bottom first. */
  const cellAt = (row, col) => {
    const rows = $('board').children;
    return rows[rows.length - 1 - row].children[col];
  };
  const clamp = (value, size) => Math.max(0, Math.min(size - 1, value));

  /** Moves the tab stop to (row, col), clamped into the board, and focuses it. */
  function moveFocus(row, col) {
    if (!state) return;
    const old = cellAt(focus.row, focus.col);
    if (old) old.tabIndex = -1;
    focus.row = clamp(row, state.height);
    focus.col = clamp(col, state.width);
    focusCell();
  }

  function focusCell() {
    if (!state || $('question').open) return;
    const cell = cellAt(focus.row, focus.col);
    cell.tabIndex = 0;
    if (document.activeElement !== cell) cell.focus();
  }

  // -- drawing a tile: its colour and its shape (and, if asked, its letter) ------------

  const SVG = 'http://www.w3.org/2000/svg';
  const round = (n) => Math.round(n * 10) / 10;

  /** The points of a star (or, with inner equal to outer, a polygon of 2 times
   * corners sides) around (50, centre) in a 100 by 100 box, a point at the top. */
  function polygon(corners, outer, inner, centre) {
    const step = Math.PI / corners;
    const points = [];
    for (let i = 0; i < corners * 2; i += 1) {
      const radius = i % 2 === 0 ? outer : inner;
      const angle = -Math.PI / 2 + i * step;
      points.push(`${round(50 + radius * Math.cos(angle))},${round(centre + radius * Math.sin(angle))}`);
    }
    return points.join(' ');
  }

  const SHAPES = {
    circle: ['circle', { cx: 50, cy: 50, r: 38 }],
    triangle: ['polygon', { points: '50,9 93,87 7,87' }],
    square: ['rect', { x: 14, y: 14, width: 72, height: 72 }],
    diamond: ['polygon', { points: '50,5 95,50 50,95 5,50' }],
    star: ['polygon', { points: polygon(5, 47, 20, 53) }],
    hexagon: ['polygon', { points: polygon(3, 45, 45, 50) }],
    cross: ['polygon', { points: '35,8 65,8 65,35 92,35 92,65 65,65 65,92 35,92 35,65 8,65 8,35 35,35' }],
    heart: ['path', { d: 'M50 90C22 70 7 54 7 35C7 20 18 10 31 10C40 10 47 15 50 24C53 15 60 10 69 10C82 10 93 20 93 35C93 54 78 70 50 90Z' }],
    ring: ['path', { 'fill-rule': 'evenodd', d: 'M7 50A43 43 0 1 0 93 50A43 43 0 1 0 7 50ZM29 50A21 21 0 1 0 71 50A21 21 0 1 0 29 50Z' }],
  };

  function svgElement(name, attributes) {
    const made = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
    return made;
  }

  /** The picture of a tile: its shape filled in its colour, on stripes when selected. */
  function drawTile(tile, selected) {
    const svg = svgElement('svg', { viewBox: '0 0 100 100', 'aria-hidden': 'true', class: `tile colour-${tile.colour}` });
    if (selected) { // stripes behind the shape
      const stripes = svgElement('g', { class: 'stripes' });
      for (let at = -100; at < 100; at += 16) {
        stripes.append(svgElement('line', { x1: at, y1: 100, x2: at + 100, y2: 0 }));
      }
      svg.append(stripes);
    }
    const [name, attributes] = SHAPES[tile.shape] || SHAPES.square;
    svg.append(svgElement(name, Object.assign({ class: 'shape' }, attributes)));
    const letter = svgElement('text', { class: 'letter', x: 50, y: 50, 'text-anchor': 'middle', 'dominant-baseline': 'central' });
    letter.textContent = tile.letter;
    svg.append(letter);
    return svg;
  }

  // -- questions -----------------------------------------------------------------------

  let asker = null; // what had the focus when the question opened

  function ask(question) {
    const dialog = $('question');
    $('question-text').textContent = question;
    if (!dialog.open) {
      const active = document.activeElement;
      asker = active && active !== document.body && !dialog.contains(active) ? active : null;
      dialog.showModal();
    }
    $('no').focus();
  }

  /** Answers the question: closes it, gives the focus back to where it was (the
   * board's cell when that is gone) and sends the answer, whose reply is spoken. */
  async function answer(line) {
    const dialog = $('question');
    if (!dialog.open) return;
    dialog.close();
    const back = asker;
    asker = null;
    if (back && back.isConnected && !back.closest('[hidden]') && !cellOf(back)) back.focus();
    else focusCell();
    await send(line);
  }

  /** The question's keys: y and n answer it, Tab and Shift+Tab go round its buttons. */
  function questionKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'y' || key === 'n') {
      if (!event.repeat) answer(key);
    } else if (event.key === 'Tab') {
      const stops = [...$('question').querySelectorAll('button')];
      const at = stops.indexOf(document.activeElement);
      const step = event.shiftKey ? -1 : 1;
      stops[(at + step + stops.length) % stops.length].focus();
    } else {
      return;
    }
    event.preventDefault();
  }

  // -- small helpers -------------------------------------------------------------------

  /** A new HTML element with attributes and children (strings become text). */
  function element(name, attributes, ...children) {
    const made = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
    made.append(...children);
    return made;
  }

  function cellOf(target) {
    const cell = target instanceof Element ? target.closest('[role="gridcell"]') : null;
    return cell && $('board').contains(cell) ? cell : null;
  }

  // -- events ----------------------------------------------------------------------------

  /**
   * The keys that move a grid's tab stop `at` ({row, col}, row from the top) and
   * where each takes it, before it is kept inside the grid: arrows, Home and End
   * (with Ctrl, the corners), and, when `pageRows` is given, PageUp and PageDown.
   * `size()` gives the grid's {width, height} at the time of the key. The board's
   * grid and the review's position grid both move by it.
   */
  function gridMoves(at, size, pageRows = 0) {
    const moves = {
      ArrowUp: () => [at.row - 1, at.col],
      ArrowDown: () => [at.row + 1, at.col],
      ArrowLeft: () => [at.row, at.col - 1],
      ArrowRight: () => [at.row, at.col + 1],
      Home: (e) => [e.ctrlKey ? 0 : at.row, 0],
      End: (e) => [e.ctrlKey ? size().height - 1 : at.row, size().width - 1],
    };
    if (pageRows) {
      moves.PageUp = () => [at.row - pageRows, at.col];
      moves.PageDown = () => [at.row + pageRows, at.col];
    }
    return moves;
  }
  const MOVES = gridMoves(focus, () => state, PAGE_ROWS);
  // Keys that send a line: the line interface answers them in its own words.
  const KEY_COMMANDS = {
    escape: () => 'cancel',
    z: () => 'undo',
    h: () => 'hint',
    c: () => `cell ${cellAt(focus.row, focus.col).dataset.name}`,
    l: () => 'last',
    s: () => 'summary',
  };
  // Keys the page answers itself, from the state it was sent.
  const KEY_ACTIONS = {
    n: () => jumpToGroup(1),
    p: () => jumpToGroup(-1),
    t: () => nextOfSameColour(),
    r: () => say(lastSaid, false),
    '/': () => $('command').focus(),
  };

  const nameAt = (row, col) => String.fromCharCode(65 + col) + String(state.height - row);
  const tileAt = (row, col) => state.rows[row][col];

  /** N and P: the focus to the anchor of the next (or previous) group, largest
   * first, after the one the focus is in; its sentence is said. */
  function jumpToGroup(step) {
    const groups = state.groups;
    if (groups.length === 0) {
      say([word('groups.none')]);
      return;
    }
    const here = nameAt(focus.row, focus.col);
    const at = groups.findIndex((group) => group.cells.includes(here));
    const next = at < 0 ? (step > 0 ? 0 : groups.length - 1) : (at + step + groups.length) % groups.length;
    const group = groups[next];
    const col = group.anchor.charCodeAt(0) - 65;
    moveFocus(state.height - Number(group.anchor.slice(1)), col);
    say([group.said]);
  }

  /** T: the focus to the next tile of the same colour, in reading order (top row
   * first, left to right), round to the start; said when there is none. */
  function nextOfSameColour() {
    const tile = tileAt(focus.row, focus.col);
    if (!tile) {
      say([word('cell.empty', { cell: nameAt(focus.row, focus.col) })]);
      return;
    }
    const cells = state.width * state.height;
    const start = focus.row * state.width + focus.col;
    for (let step = 1; step < cells; step += 1) {
      const at = (start + step) % cells;
      const other = tileAt(Math.floor(at / state.width), at % state.width);
      if (other && other.colour === tile.colour) {
        moveFocus(Math.floor(at / state.width), at % state.width);
        return;
      }
    }
    const name = state.legend.find((entry) => entry.colour === tile.colour);
    say([word('web.same.none', { tile: name ? name.name : tile.colour })]);
  }

  /** A digit: the focus to that row; a second digit within JUMP_MS makes a row
   * number of two digits when the board has that row. */
  function jumpToRow(digit) {
    const now = Date.now();
    const joined = now - typedRow.at < JUMP_MS ? typedRow.digits + digit : '';
    const number = joined && Number(joined) <= state.height ? joined : digit;
    typedRow = { digits: number, at: now };
    const row = Number(number);
    if (row < 1 || row > state.height) {
      say([word('query.bad_row', { number: row, height: state.height })]);
      return;
    }
    moveFocus(state.height - row, focus.col);
  }

  /** Shift with a letter: the focus to that column. */
  function jumpToColumn(letter) {
    const col = letter.charCodeAt(0) - 65;
    if (col >= state.width) {
      say([word('query.bad_column', { last: String.fromCharCode(64 + state.width) })]);
      return;
    }
    moveFocus(focus.row, col);
  }

  $('board').addEventListener('keydown', (event) => {
    if (!state || event.altKey || event.metaKey || !cellOf(event.target)) return;
    const key = event.key.toLowerCase();
    const plain = !event.ctrlKey;
    if (MOVES[event.key]) {
      moveFocus(...MOVES[event.key](event));
    } else if (event.key === 'Enter' || event.key === ' ') {
      if (!event.repeat) send(cellAt(focus.row, focus.col).dataset.name);
    } else if (plain && event.shiftKey && /^[A-Za-z]$/.test(event.key)) {
      jumpToColumn(event.key.toUpperCase());
    } else if (plain && /^[0-9]$/.test(event.key)) {
      jumpToRow(event.key);
    } else if (plain && KEY_COMMANDS[key]) {
      send(KEY_COMMANDS[key]());
    } else if (plain && KEY_ACTIONS[key]) {
      KEY_ACTIONS[key]();
    } else {
      return;
    }
    event.preventDefault();
  });

  // Escape in the command box goes back to the board, where the focus was.
  $('command').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !state) return;
    event.preventDefault();
    focusCell();
  });

  // Focus that reaches a cell any other way (a screen reader, a script) moves the tab stop.
  $('board').addEventListener('focusin', (event) => {
    const cell = cellOf(event.target);
    if (!cell || !state) return;
    const old = cellAt(focus.row, focus.col);
    if (old !== cell) old.tabIndex = -1;
    focus.row = Number(cell.dataset.row);
    focus.col = Number(cell.dataset.col);
    cell.tabIndex = 0;
  });

  $('board').addEventListener('click', (event) => {
    const cell = cellOf(event.target);
    if (!cell) return;
    moveFocus(Number(cell.dataset.row), Number(cell.dataset.col));
    send(cell.dataset.name);
  });

  document.querySelectorAll('button[data-command]').forEach((button) => {
    button.addEventListener('click', () => send(button.dataset.command));
  });
  $('back').addEventListener('click', () => leaveGame());
  $('review-game').addEventListener('click', () => {
    if (state && state.game != null) page.openReview(state.game);
  });

  $('command-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $('command');
    const line = input.value.trim();
    if (line === '') return;
    input.value = '';
    send(line);
  });

  $('start-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const preset = $('start-form').elements.preset;
    const board = $('board-number');
    const number = board.value.trim();
    const wrong = !/^[0-9]*$/.test(number);
    if (wrong) board.setAttribute('aria-invalid', 'true');
    else board.removeAttribute('aria-invalid');
    if (wrong) {
      say([word('web.start.board.invalid')]);
      board.focus();
      return;
    }
    openGame({
      preset: preset && preset.value ? preset.value : null,
      board_number: number === '' ? null : Number(number),
    });
  });

  $('language').addEventListener('change', (event) => {
    loadStart(event.target.value).catch((error) => say([error.message]));
  });

  $('letters').addEventListener('change', (event) => {
    $('board').classList.toggle('letters', event.target.checked);
    localStorage.setItem(LETTERS_KEY, event.target.checked ? 'yes' : 'no');
  });

  $('yes').addEventListener('click', () => answer('y'));
  $('no').addEventListener('click', () => answer('n'));
  $('question').addEventListener('keydown', questionKey);
  $('question').addEventListener('cancel', (event) => {
    event.preventDefault(); // Escape answers no
    answer('n');
  });

  // -- what review.js shares: the words, the server, the live region, the views ----------

  const page = window.samegamePage = {
    $, word, call, say, element, drawTile, showView, gridMoves,
    language: () => language,
    leave: () => leaveGame(),
    openReview: () => {}, // set by review.js
  };

  // -- start: the words, then the game of this tab if the page was reloaded --------------

  async function begin() {
    const letters = localStorage.getItem(LETTERS_KEY) === 'yes';
    $('letters').checked = letters;
    $('board').classList.toggle('letters', letters);
    try {
      await loadStart(sessionStorage.getItem(LANGUAGE_KEY));
    } catch (error) {
      say([error.message]);
      return;
    }
    const saved = sessionStorage.getItem(SESSION_KEY);
    if (!saved) return;
    try {
      const data = await call('GET', `/api/games/${encodeURIComponent(saved)}?lang=${encodeURIComponent(language)}`);
      session = saved;
      showView('game');
      showState(data.state);
      focusCell();
      if (data.question) ask(data.question);
    } catch (error) {
      sessionStorage.removeItem(SESSION_KEY);
    }
  }

  begin();
})();
