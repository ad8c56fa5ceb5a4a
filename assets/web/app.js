/* Aztec Arcade: a seat (or a spectator's view) on a phone or browser.
 *
 * Plain JavaScript, no build step. It speaks the JSON protocol of docs/remote.md over
 * /ws: join a room, claim a seat or watch, show the seat's state, send the actions the
 * person taps. The host's engine decides everything; this page only shows and asks.
 * Every text from the server is put in with textContent, never as HTML.
 */
"use strict";

const PROTOCOL = 2;
const $ = (id) => document.getElementById(id);
const MANY = 12;          // a verb with more actions than this starts folded, with a filter
const STORE = "aztec-arcade:";

const app = {
  ws: null, room: "", seat: null, joined: false, role: null,
  state: null, seats: null, game: null, nextId: 0, waiting: false,
  retry: 0, timer: null, closedForGood: false, wasDeciding: false, token: null,
  picture: null, pictures: true, place: null, tool: null, whole: false,
  walk: null,  // a plan being played: {text, steps, done, version} (see followPlan)
  paused: false,  // the host said the game goes on later: reconnecting is no alarm
  lang: "", texts: {}, textLang: "",  // the language asked for, the words in it (T)
};

/* ------------------------------------------------------------------ words --- */
/* The page's words come from the server in the language the page asked for (a "texts"
 * message, by English text: docs/remote.md); a text not there stays English. */
function T(id, values, context) {
  let text = app.texts[context ? context + "|" + id : id] || id;
  for (const key in values || {}) text = text.split("{" + key + "}").join(String(values[key]));
  return text;
}

function chosenLanguage() {
  const params = new URLSearchParams(location.search);
  let wish = params.get("lang");
  try { wish = wish || localStorage.getItem(STORE + "lang"); } catch (e) { /* */ }
  wish = wish || navigator.language || "";
  return /^[A-Za-z0-9_-]{1,16}$/.test(wish) ? wish : "";
}

function applyTexts() {
  for (const node of document.querySelectorAll("[data-t]")) {
    const [context, id] = node.dataset.t.includes("|") ? node.dataset.t.split("|") :
      [null, node.dataset.t];
    node.textContent = T(id, null, context);
  }
  for (const node of document.querySelectorAll("[data-t-placeholder]"))
    node.placeholder = T(node.dataset.tPlaceholder);
}

/* ---------------------------------------------------------------- storage --- */
function saved(room) {
  try { return JSON.parse(localStorage.getItem(STORE + room) || "null"); }
  catch (e) { return null; }
}
function save(room, data) {
  try {
    if (data) localStorage.setItem(STORE + room, JSON.stringify(data));
    else localStorage.removeItem(STORE + room);
  } catch (e) { /* private mode: the seat lasts as long as the page */ }
}
function remember() {
  if (app.token) save(app.room, { token: app.token, nextId: app.nextId });
}

/* --------------------------------------------------------------- elements --- */
function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function markIcon(mark, colour, size) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("width", size || 36);
  svg.setAttribute("height", size || 36);
  svg.setAttribute("class", "mark");
  svg.setAttribute("aria-hidden", "true");
  const add = (name, attrs) => {
    const shape = document.createElementNS(SVG, name);
    for (const key in attrs) shape.setAttribute(key, attrs[key]);
    svg.appendChild(shape);
    return shape;
  };
  add("rect", { x: 0, y: 0, width: 40, height: 40, rx: 8, fill: colour || "#888" });
  const ink = "#10141e";
  const star = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + i * Math.PI / 5, r = i % 2 ? 5.4 : 12;
    star.push((20 + r * Math.cos(a)).toFixed(1) + "," + (20 + r * Math.sin(a)).toFixed(1));
  }
  const shapes = {
    circle: () => add("circle", { cx: 20, cy: 20, r: 11, fill: ink }),
    square: () => add("rect", { x: 10, y: 10, width: 20, height: 20, fill: ink }),
    triangle: () => add("polygon", { points: "20,8 32,30 8,30", fill: ink }),
    diamond: () => add("polygon", { points: "20,7 33,20 20,33 7,20", fill: ink }),
    star: () => add("polygon", { points: star.join(" "), fill: ink }),
    cross: () => add("path", { d: "M10 10 L30 30 M10 30 L30 10", stroke: ink,
                               "stroke-width": 6, "stroke-linecap": "round" }),
    ring: () => add("circle", { cx: 20, cy: 20, r: 10, fill: "none", stroke: ink,
                                "stroke-width": 5 }),
  };
  (shapes[mark] || shapes.ring)();
  return svg;
}

function seatInfo(seat) {
  return (app.seats && app.seats.seats && app.seats.seats[seat]) ||
    { name: "Player " + (seat + 1), colour: "#888", mark: "ring" };
}

function show(section) {
  $("lobby").hidden = section !== "lobby";
  $("game").hidden = section !== "game";
}

function setConn(id, bad) {  // a text id: said again in the page's language when it comes
  app.conn = [id, bad];
  const node = $("conn");
  node.textContent = T(id);
  node.classList.toggle("bad", !!bad);
}

/* ------------------------------------------------------------- connection --- */
function connect() {
  clearTimeout(app.timer);
  if (app.ws && app.ws.readyState <= 1) return;
  app.closedForGood = false;
  setConn("Connecting…");
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + "/ws");
  app.ws = ws;
  ws.onopen = () => {
    app.retry = 0;
    setConn("Connected");
    if (app.room) join();
    else show("lobby");
  };
  ws.onmessage = (event) => {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    const handler = HANDLERS[msg.type];
    if (handler) handler(msg);
  };
  ws.onclose = () => {
    app.joined = false;
    if (app.closedForGood || !app.room) return;
    if (app.paused) setConn("Paused: waiting for the game to go on…");
    else setConn("Connection lost: trying again…", true);
    const wait = Math.min(10000, 1000 * Math.pow(2, app.retry++));
    app.timer = setTimeout(connect, wait);
  };
}

function send(message) {
  if (message.type === "join" && app.lang) message.lang = app.lang;
  if (app.ws && app.ws.readyState === 1) {
    app.ws.send(JSON.stringify(Object.assign({ v: PROTOCOL }, message)));
    return true;
  }
  return false;
}

function join() {
  const mine = saved(app.room);
  if (mine && mine.token) {
    app.token = mine.token;
    app.nextId = mine.nextId || 0;
    send({ type: "join", room: app.room, token: mine.token });
  } else {
    send({ type: "join", room: app.room });
  }
}

function claim(seat) {
  const name = $("name").value.trim();
  const message = { type: "join", room: app.room, seat: seat };
  if (name) message.name = name;
  try { localStorage.setItem(STORE + "name", name); } catch (e) { /* ignore */ }
  send(message);
}

function act(action) {
  if (!app.state || app.waiting) return;
  app.waiting = true;
  const id = app.nextId++;
  remember();
  $("refusal").hidden = true;
  send({ type: "act", id: id, version: app.state.version, action: action });
  if (app.walk) app.walk.version = app.state.version;
  app.place = null;
  renderActions();
  renderPicture();
}

/* --------------------------------------------------------------- messages --- */
const HANDLERS = {
  texts(msg) {
    app.texts = msg.texts || {};
    app.textLang = msg.lang || "";
    document.documentElement.lang = msg.lang || "en";
    const select = $("lang");
    select.textContent = "";
    for (const choice of msg.languages || []) {
      const option = el("option", null, choice.name);
      option.value = choice.code;
      option.selected = choice.code === msg.lang;
      select.appendChild(option);
    }
    applyTexts();
    if (app.conn) setConn(...app.conn);
    renderLobby();
    renderMe();
    if (app.state) render();
  },
  seats(msg) {
    app.seats = msg;
    app.game = msg.game || app.game;
    renderLobby();
    renderMe();
    if (app.state) renderPlayers();
  },
  welcome(msg) {
    app.joined = true;
    app.seat = msg.seat;
    app.token = msg.token;
    app.nextId = Math.max(app.nextId, msg.next_id || 0);
    if (msg.seat !== null) remember();
    $("lobby-error").textContent = "";
    $("notice").hidden = true;  // back after a goodbye that promised the game goes on
    app.paused = false;
    $("invite-url").textContent = msg.url || "";
    drawQr(msg.qr || []);
    app.pictures = !!msg.pictures;
    if (!msg.pictures) $("picture-note").textContent = T("The host sends no table picture.");
    renderMe();
    show("game");
  },
  state(msg) {
    const before = app.state;
    app.state = msg;
    app.waiting = false;
    const stopped = app.walk ? followPlan(msg, before) : "";
    render();
    if (stopped) {  // after render, which hides a refusal once the seat no longer decides
      $("refusal").hidden = false;
      $("refusal").textContent = stopped;
    }
  },
  picture(msg) {
    if (msg.error) { $("picture-note").textContent = msg.error; return; }
    const img = $("picture");
    img.src = "data:image/jpeg;base64," + msg.jpeg;
    img.hidden = false;
    app.picture = { version: msg.version || 0, width: msg.width || 1, height: msg.height || 1,
                    places: Array.isArray(msg.places) ? msg.places : [] };
    renderPicture();
  },
  refused(msg) {
    app.waiting = false;
    const box = $("refusal");
    box.hidden = false;
    box.textContent = T("Not allowed: {reason}", { reason: T(msg.reason) }) + stopPlan(1);
    renderActions();
    renderWalk();
  },
  error(msg) {
    app.waiting = false;
    if (msg.code === "wrong-token") {
      save(app.room, null);
      app.token = null;
      send({ type: "join", room: app.room });
    } else if (!app.joined) {
      $("lobby-error").textContent = T(msg.message);
      show("lobby");
    } else {
      const box = $("refusal");
      box.hidden = false;
      box.textContent = msg.message + stopPlan(1);
    }
    if (app.state) renderActions();
    renderWalk();
  },
  bye(msg) {
    app.joined = false;
    app.walk = null;
    if (msg.final) {  // the connection closes: the server stopped, or the seat moved on
      // a game that goes on later (saved with its seats): keep the token, keep trying
      app.closedForGood = !msg.resume;
      app.paused = !!msg.resume;
      setConn(msg.reason, true);
      const note = $("notice");
      note.hidden = false;
      note.textContent = T(msg.reason);
    } else {  // the host took the seat back: its token is spent
      save(app.room, null);
      app.token = null;
      app.seat = null;
      app.state = null;
      $("lobby-error").textContent = T(msg.reason);
      show("lobby");
    }
    renderMe();
  },
};

/* ---------------------------------------------------------------- drawing --- */
function renderLobby() {
  const s = app.seats;
  $("game-name").textContent = s && s.game && s.game.name
    ? T("{game} · room {room}", { game: s.game.name, room: s.room })
    : (s ? T("Room {room}", { room: s.room }) : "");
  $("seat-choice").hidden = !s;
  const list = $("seats");
  list.textContent = "";
  if (!s) return;
  for (const seat of s.seats) {
    const item = el("li");
    const button = el("button", "seat");
    button.type = "button";
    button.appendChild(markIcon(seat.mark, seat.colour, 44));
    const words = el("span", "seat-words");
    words.appendChild(el("strong", null, seat.name));
    const status = {
      open: T("free: tap to take it"),
      taken: seat.device ? T("taken by {device}", { device: seat.device }) : T("taken", null, "seat"),
      away: T("taken (device away)"), closed: seat.driver || T("played at the television"),
    }[seat.status] || seat.status;
    words.appendChild(el("span", "dim", status));
    button.appendChild(words);
    button.disabled = seat.status !== "open";
    button.addEventListener("click", () => claim(seat.seat));
    item.appendChild(button);
    list.appendChild(item);
  }
}

function renderMe() {
  const box = $("me");
  box.textContent = "";
  if (app.seat === null || app.seat === undefined || !app.joined) {
    box.appendChild(el("span", "dim", app.joined ? T("Spectator") : "Aztec Arcade"));
    return;
  }
  const info = seatInfo(app.seat);
  box.appendChild(markIcon(info.mark, info.colour, 32));
  box.appendChild(el("strong", null, info.name));
}

function legalSet() {
  const out = new Set();
  for (const group of (app.state && app.state.actions) || [])
    for (const item of group.actions) out.add(item.action);
  return out;
}

function render() {
  const s = app.state;
  const banner = $("banner");
  banner.className = "banner";
  if (s.over) {
    banner.textContent = T("Game over");
    banner.classList.add("over");
  } else if (s.deciding) {
    banner.textContent = T("Your turn");
    banner.classList.add("yours");
  } else if (s.current !== null && s.current !== undefined) {
    banner.textContent = T("Waiting for {player}", { player: seatInfo(s.current).name });
  } else {
    banner.textContent = "";
  }
  if (s.deciding && !app.wasDeciding && navigator.vibrate) navigator.vibrate([160, 90, 160]);
  app.wasDeciding = !!s.deciding;
  const results = $("results");
  results.hidden = !s.results;
  if (s.results) results.textContent = s.results.text;
  if (!s.deciding) $("refusal").hidden = true;
  renderActions();
  renderPanel();  // after the actions: a card may open a verb's group
  // the decision comes first: the panel when it offers the moves, else the buttons
  const legal = legalSet();
  const verbs = new Set(((app.state && app.state.actions) || []).map((g) => g.verb));
  const offers = [...panelActions()].some((a) => legal.has(a)) ||
    [...panelVerbs()].some((v) => verbs.has(v));
  $("panel").classList.toggle("first", offers);
  $("actions").classList.toggle("first", !offers);
  renderPlayers();
  renderLog();
  renderView();
  renderPicture();
}

function actionButton(item, disabled) {
  const button = el("button", "action" + (item.plan ? " plan" : ""));
  button.type = "button";
  button.appendChild(el("span", "action-text", item.text));
  const code = item.plan ? planCode(item.plan) : item.action;
  if (item.text !== code) button.appendChild(el("code", null, code));
  button.disabled = disabled;
  button.addEventListener("click", () => item.plan ? startPlan(item) : act(item.action));
  return button;
}

/* ------------------------------------------------------------------ plans --- */
/* a plan's actions in short: "move g8 › f8 › e9" when they share their verb */
function planCode(steps) {
  const verb = steps[0].split(" ")[0];
  if (!steps.every((a) => a.split(" ")[0] === verb)) return steps.join(" · ");
  return verb + " " + steps.map((a) => a.split(" ").slice(1).join(" ")).join(" › ");
}

/* A plan (Rules.device_plans, docs/remote.md) is several actions played one after the
 * other: "Walk to k5: 3 AP" is three steps. The page sends its first action, and each
 * next one on the new state the step before it made, while this seat still decides and
 * the action is legal there. A refusal or a state that does not offer the next step
 * stops it and says how far it went: the steps played stay played, the rest is not. */
function planItems() {
  const out = [];
  for (const plan of (app.state && app.state.plans) || [])
    if (Array.isArray(plan.actions) && plan.actions.length)
      out.push([plan.verb, { text: plan.text, plan: plan.actions,
                             action: plan.actions[plan.actions.length - 1] }]);
  return out;
}

function startPlan(item) {
  if (!app.state || app.waiting) return;
  app.walk = { text: item.text, steps: item.plan.slice(), done: 0, version: 0 };
  stepPlan();
}

function stepPlan() {
  const walk = app.walk;
  walk.done += 1;
  renderWalk();
  act(walk.steps[walk.done - 1]);
}

/* a new state while a plan plays: the next step, the end, or a stop; returns the words
 * that say why it stopped ("" if it did not) */
function followPlan(msg, before) {
  const walk = app.walk;
  if (before && msg.version <= walk.version) {  // the same state sent again: still waiting
    app.waiting = true;
    return "";
  }
  if (walk.done >= walk.steps.length) { app.walk = null; renderWalk(); return ""; }
  const next = walk.steps[walk.done];
  if (msg.deciding && legalSet().has(next)) { stepPlan(); return ""; }
  const why = msg.deciding ? "the next step (" + next + ") is not possible now"
    : "it is no longer your turn";
  return "Stopped: " + why + stopPlan(0);
}

/* end the plan in progress; the words that say how far it went ("" if none). ``failed``:
 * the last action sent was refused, so it is not among the steps played. */
function stopPlan(failed) {
  const walk = app.walk;
  if (!walk) return "";
  app.walk = null;
  renderWalk();
  const played = walk.done - failed;
  const values = { plan: walk.text.split(":")[0], done: played, total: walk.steps.length };
  return ". " + (played
    ? T("{plan} stopped after {done} of {total} steps: the steps made stay made.", values)
    : T("{plan} stopped after {done} of {total} steps: nothing was played.", values));
}

function renderWalk() {
  const box = $("walk");
  if (!box) return;
  const walk = app.walk;
  box.hidden = !walk;
  if (walk) box.textContent = T("{plan}: step {done} of {total}…", {
    plan: walk.text.split(":")[0], done: walk.done, total: walk.steps.length });
}

function renderActions() {
  const box = $("actions");
  box.textContent = "";
  const s = app.state;
  if (!s || !s.deciding || !s.actions.length) return;
  const onCards = panelActions();
  const plans = planItems();
  for (const group of s.actions) {
    const items = group.actions.concat(plans.filter(([verb]) => verb === group.verb)
      .map(([, item]) => item));
    const many = items.length > MANY;
    const covered = group.actions.every((item) => onCards.has(item.action));
    const wrap = el("details", "group");
    wrap.id = "verb-" + group.verb;
    wrap.open = !covered && (!many || s.actions.length === 1);
    const title = T("{verb} · {n}", { verb: group.verb, n: items.length });
    wrap.appendChild(el("summary", null,
      covered ? T("{title} (on the cards above)", { title: title }) : title));
    const grid = el("div", "grid");
    const fill = (filter) => {
      grid.textContent = "";
      for (const item of items) {
        const hay = (item.text + " " + item.action).toLowerCase();
        if (!filter || hay.includes(filter)) grid.appendChild(actionButton(item, app.waiting));
      }
    };
    if (many) {
      const search = el("input", "filter");
      search.type = "search";
      search.placeholder = T("filter {verb} actions", { verb: group.verb });
      search.addEventListener("input", () => fill(search.value.trim().toLowerCase()));
      wrap.appendChild(search);
    }
    fill("");
    wrap.appendChild(grid);
    box.appendChild(wrap);
  }
}

/* actions the variant's panel offers as cards (their verb group then starts folded) */
function panelActions() {
  const out = new Set();
  const panel = app.state && app.state.panel;
  for (const section of (panel && Array.isArray(panel.sections)) ? panel.sections : [])
    for (const card of Array.isArray(section.cards) ? section.cards : [])
      if (card.action) out.add(card.action);
  return out;
}

function panelVerbs() {
  const out = new Set();
  const panel = app.state && app.state.panel;
  for (const section of (panel && Array.isArray(panel.sections)) ? panel.sections : [])
    for (const card of Array.isArray(section.cards) ? section.cards : [])
      if (card.verb) out.add(card.verb);
  return out;
}

function renderPanel() {
  const box = $("panel");
  box.textContent = "";
  const panel = app.state.panel;
  if (!panel || !Array.isArray(panel.sections)) return;
  const legal = legalSet();
  for (const section of panel.sections) {
    const part = el("section", "panel-section");
    part.appendChild(el("h2", null, section.title || ""));
    if (section.note) part.appendChild(el("p", "dim", section.note));
    if (Array.isArray(section.counters) && section.counters.length) {
      const list = el("dl", "counters");
      for (const c of section.counters) {
        const row = el("div");
        row.appendChild(el("dt", null, c.label));
        row.appendChild(el("dd", null, c.value));
        list.appendChild(row);
      }
      part.appendChild(list);
    }
    if (Array.isArray(section.cards) && section.cards.length) {
      const cards = el("div", "cards");
      for (const card of section.cards) cards.appendChild(panelCard(card, legal));
      part.appendChild(cards);
    }
    box.appendChild(part);
  }
}

function panelCard(card, legal) {
  const playable = card.action && legal.has(card.action);
  const verb = card.verb && document.getElementById("verb-" + card.verb);
  const node = el(playable || verb ? "button" : "div", "card");
  if (card.tag) node.appendChild(el("span", "tag", card.tag));
  node.appendChild(el("strong", "card-title", card.title));
  if (card.text) node.appendChild(el("span", "card-text", card.text));
  if (playable) {
    node.type = "button";
    node.classList.add("playable");
    node.disabled = app.waiting;
    node.appendChild(el("span", "card-do", card.action.split(" ")[0] === "choose"
      ? T("Choose") : T("Play", null, "page")));
    node.addEventListener("click", () => act(card.action));
  } else if (verb) {
    node.type = "button";
    node.classList.add("playable");
    node.appendChild(el("span", "card-do", T("Play: pick where below")));
    node.addEventListener("click", () => { verb.open = true; verb.scrollIntoView(); });
  }
  return node;
}

function renderPlayers() {
  const box = $("players");
  box.textContent = "";
  const s = app.state;
  if (!s || !app.seats) return;
  for (const seat of app.seats.seats) {
    const row = el("div", "player");
    if (seat.seat === s.current && !s.over) row.classList.add("deciding");
    if (seat.seat === app.seat) row.classList.add("mine");
    row.appendChild(markIcon(seat.mark, seat.colour, 30));
    const words = el("span", "player-words");
    words.appendChild(el("strong", null, seat.name));
    const tags = [];
    if (seat.seat === s.turn && !s.over) tags.push(T("turn", null, "page"));
    if (seat.status === "taken") tags.push(T("phone", null, "page"));
    if (seat.status === "away") tags.push(T("phone away", null, "page"));
    if (seat.status === "closed" && seat.driver) tags.push(seat.driver);
    if (s.results && s.results.winners.includes(seat.seat)) tags.push(T("winner"));
    words.appendChild(el("span", "dim", tags.join(" · ")));
    row.appendChild(words);
    row.appendChild(el("span", "score", (s.scores || [])[seat.seat]));
    box.appendChild(row);
  }
}

function renderLog() {
  const list = $("log");
  list.textContent = "";
  const entries = app.state.log.slice().reverse();
  for (const entry of entries) {
    const item = el("li", null, entry.text);
    if (entry.seat !== null && entry.seat !== undefined) {
      item.style.borderLeftColor = seatInfo(entry.seat).colour;
    }
    list.appendChild(item);
  }
  if (!entries.length) list.appendChild(el("li", "dim", T("Nothing yet.")));
}

function renderView() {
  const box = $("view");
  box.textContent = "";
  const view = app.state.view || {};
  const table = el("dl", "counters raw");
  for (const key of Object.keys(view)) {
    const row = el("div");
    row.appendChild(el("dt", null, key));
    const value = view[key];
    row.appendChild(el("dd", null, typeof value === "object" && value !== null
      ? JSON.stringify(value) : String(value)));
    table.appendChild(row);
  }
  box.appendChild(table);
  $("view-box").open = $("view-box").open || (!app.state.panel && !app.viewOpened);
  app.viewOpened = true;
}

/* -------------------------------------------------------- the table picture --- */
/* The picture's places (docs/remote.md): a tap on one opens the legal actions there. An
 * action is at every place its words after the verb name ("canal d4 e4": d4 and e4). */
function placesOf(action) { return action.split(" ").slice(1); }

/* this phone's places: a place with a ``seat`` is that seat's only (a Market buyer "2" is
 * the buyer 2 of the seat deciding) */
function myPlaces() {
  return ((app.picture && app.picture.places) || []).filter((p) =>
    p.seat === undefined || p.seat === null || p.seat === app.seat);
}

/* the words that name a place: its name, and its other names (``also``) */
function placeWords(place) {
  return [place.name].concat(Array.isArray(place.also) ? place.also : []);
}

function holds(place, item) {
  const words = placesOf(item.action);
  return placeWords(place).some((w) => words.includes(w));
}

function placedItems() {
  const names = new Set(myPlaces().flatMap(placeWords));
  const out = [];
  if (!app.state || !app.state.deciding || !names.size) return out;
  const all = [];
  for (const group of app.state.actions)
    for (const item of group.actions) all.push([group.verb, item]);
  for (const [verb, item] of all.concat(planItems()))
    if (placesOf(item.action).some((n) => names.has(n))) out.push([verb, item]);
  return out;
}

function itemsAt(place) {
  return placedItems().filter(([verb, item]) =>
    (!app.tool || verb === app.tool) && holds(place, item)).map(([, item]) => item);
}

function placeNamed(name) { return myPlaces().find((p) => p.name === name); }

function bounds(place) {
  if (place.rect) return place.rect;
  const xs = place.polygon.map((p) => p[0]), ys = place.polygon.map((p) => p[1]);
  const x = Math.min(...xs), y = Math.min(...ys);
  return [x, y, Math.max(...xs) - x, Math.max(...ys) - y];
}

function inside(place, x, y) {
  if (place.rect) {
    const [rx, ry, rw, rh] = place.rect;
    return x >= rx && x < rx + rw && y >= ry && y < ry + rh;
  }
  let hit = false;
  const pts = place.polygon;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i], [xj, yj] = pts[j];
    if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/* the part of the picture shown: the places' bounds (the board), unless the whole table
 * is asked for */
function crop() {
  const pic = app.picture;
  if (!pic || !pic.places.length || app.whole) return [0, 0, pic ? pic.width : 1, pic ? pic.height : 1];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const place of pic.places) {
    const [x, y, w, h] = bounds(place);
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h);
  }
  const m = 0.01 * pic.width;
  x0 = Math.max(0, x0 - m); y0 = Math.max(0, y0 - m);
  x1 = Math.min(pic.width, x1 + m); y1 = Math.min(pic.height, y1 + m);
  return [x0, y0, x1 - x0, y1 - y0];
}

function percentBox(node, box) {
  const pic = app.picture;
  node.style.left = (100 * box[0] / pic.width) + "%";
  node.style.top = (100 * box[1] / pic.height) + "%";
  node.style.width = (100 * box[2] / pic.width) + "%";
  node.style.height = (100 * box[3] / pic.height) + "%";
}

function renderPicture() {
  const pic = app.picture, s = app.state;
  const note = $("picture-note"), frame = $("frame"), canvas = $("canvas");
  const table = $("table");
  table.classList.toggle("top", !!(s && s.deciding && pic));
  if (!pic) return;
  const stale = !!(s && s.version > pic.version);
  frame.classList.toggle("stale", stale);
  note.textContent = stale ? T("Updating the picture…") : "";
  const [cx, cy, cw, ch] = crop();
  frame.style.aspectRatio = cw + " / " + ch;
  canvas.style.width = (100 * pic.width / cw) + "%";
  canvas.style.left = (-100 * cx / cw) + "%";
  canvas.style.top = (-100 * cy / ch) + "%";
  const placed = placedItems();
  const tappable = placed.length > 0;
  frame.classList.toggle("tappable", tappable);
  $("whole").hidden = !pic.places.length;
  $("whole").textContent = app.whole ? T("The board only") : T("Whole table");
  renderChips(placed);
  const marks = $("marks");
  marks.textContent = "";
  const tooled = placed.filter(([verb]) => verb === app.tool);  // a tool marks where it applies
  for (const place of myPlaces()) {
    const chosen = place.name === app.place;
    if (!chosen && !tooled.some(([, item]) => holds(place, item))) continue;
    if (chosen && place.polygon) { marks.appendChild(outline(place, pic)); continue; }
    const mark = el("div", chosen ? "spot chosen" : "spot");
    percentBox(mark, chosen ? bounds(place) : dotBox(place));
    marks.appendChild(mark);
  }
  renderPlace();
}

/* where a tool's dot goes: a square round the place's middle (a polygon's: the mean of
 * its corners, inside a territory's rounded shape), as wide as the place's narrower side */
function dotBox(place) {
  const [x, y, w, h] = bounds(place);
  let cx = x + w / 2, cy = y + h / 2;
  if (place.polygon) {
    const n = place.polygon.length;
    cx = place.polygon.reduce((a, p) => a + p[0], 0) / n;
    cy = place.polygon.reduce((a, p) => a + p[1], 0) / n;
  }
  const side = Math.min(w, h, 0.06 * app.picture.width);
  return [cx - side / 2, cy - side / 2, side, side];
}

/* the chosen place's own outline, for a place that is no rectangle (a territory) */
function outline(place, pic) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 " + pic.width + " " + pic.height);
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "outline");
  const shape = document.createElementNS(SVG, "polygon");
  shape.setAttribute("points", place.polygon.map((p) => p[0] + "," + p[1]).join(" "));
  svg.appendChild(shape);
  return svg;
}

function renderChips(placed) {
  const box = $("chips");
  box.textContent = "";
  const verbs = [...new Set(placed.map(([verb]) => verb))];
  if (app.tool && !verbs.includes(app.tool)) app.tool = null;
  box.hidden = verbs.length < 2;
  if (box.hidden) return;
  for (const verb of [null, ...verbs]) {
    const chip = el("button", "chip" + (verb === app.tool ? " on" : ""), verb || "all");
    chip.type = "button";
    chip.setAttribute("aria-pressed", verb === app.tool ? "true" : "false");
    chip.dataset.verb = verb || "";
    chip.addEventListener("click", () => { app.tool = verb; renderPicture(); });
    box.appendChild(chip);
  }
}

function renderPlace() {
  const box = $("place");
  box.textContent = "";
  const pic = app.picture;
  const place = app.place && pic && placeNamed(app.place);
  if (!place || !app.state || !app.state.deciding) { box.hidden = true; return; }
  box.hidden = false;
  const items = itemsAt(place);
  const head = el("div", "place-head");
  const titles = place.titles || {};
  head.appendChild(el("strong", null, titles[app.textLang] || place.title || place.name));
  const close = el("button", "secondary small", T("Close"));
  close.type = "button";
  close.addEventListener("click", () => { app.place = null; renderPicture(); });
  head.appendChild(close);
  box.appendChild(head);
  if (!items.length) {
    box.appendChild(el("p", "dim", app.tool ? T("No {tool} here.", { tool: app.tool })
      : T("Nothing to do here.")));
    return;
  }
  const grid = el("div", "grid");
  for (const item of items) grid.appendChild(actionButton(item, app.waiting));
  box.appendChild(grid);
}

function tapPicture(event) {
  const pic = app.picture;
  if (!pic || !placedItems().length) { $("table").classList.toggle("zoom"); return; }
  const rect = $("canvas").getBoundingClientRect();
  const x = (event.clientX - rect.left) / rect.width * pic.width;
  const y = (event.clientY - rect.top) / rect.height * pic.height;
  const place = myPlaces().find((p) => inside(p, x, y));
  app.place = place ? place.name : null;
  renderPicture();
  if (place) $("place").scrollIntoView({ block: "nearest" });
}

function drawQr(rows) {
  const canvas = $("qr");
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (!rows.length) return;
  const cell = Math.floor(canvas.width / rows.length);
  const offset = Math.floor((canvas.width - cell * rows.length) / 2);
  ctx.fillStyle = "#000000";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (row[x] === "1") ctx.fillRect(offset + x * cell, offset + y * cell, cell, cell);
    }
  });
}

/* ------------------------------------------------------------------ start --- */
function start() {
  const params = new URLSearchParams(location.search);
  app.room = (params.get("room") || "").trim().toUpperCase().slice(0, 16);
  $("room").value = app.room;
  app.lang = chosenLanguage();
  $("lang").addEventListener("change", () => {  // a choice on the page: kept, asked again
    app.lang = $("lang").value;
    try { localStorage.setItem(STORE + "lang", app.lang); } catch (e) { /* */ }
    if (!app.joined && app.ws && app.ws.readyState === 1 && app.room) join();
  });
  try { $("name").value = localStorage.getItem(STORE + "name") || ""; } catch (e) { /* */ }
  $("room-form").addEventListener("submit", (event) => {
    event.preventDefault();
    app.room = $("room").value.trim().toUpperCase();
    if (!app.room) return;
    history.replaceState(null, "", "?room=" + encodeURIComponent(app.room));
    if (app.ws && app.ws.readyState === 1) join(); else connect();
  });
  $("watch").addEventListener("click", () => send({ type: "join", room: app.room, spectate: true }));
  $("leave").addEventListener("click", () => {
    if (app.seat !== null && !confirm(T("Leave your seat? Someone else may take it."))) return;
    send({ type: "bye" });
    save(app.room, null);
    app.token = null; app.seat = null; app.joined = false; app.state = null;
    show("lobby");
    renderMe();
  });
  $("frame").addEventListener("click", tapPicture);
  $("whole").addEventListener("click", () => { app.whole = !app.whole; renderPicture(); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !app.closedForGood && app.room &&
        (!app.ws || app.ws.readyState > 1)) connect();
  });
  show("lobby");
  renderMe();
  if (app.room) connect();  // without a room code there is nothing to ask the server yet
}

start();
