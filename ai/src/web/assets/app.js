// The page of `wartime serve` (WEB.md). Talks to the JSON API only; no libraries, no build.
"use strict";

const $ = (id) => document.getElementById(id);
let view = null;      // the last view of the game
let selected = null;  // the label of the character picked on the board
let filter = null;    // legal actions picked by the last click (several matched)
let polling = null;
let shownLog = 0;

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: "bad answer from the server" }; }
  if (!r.ok) throw new Error(data && data.error ? data.error : "HTTP " + r.status);
  return data;
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

async function loadPositions() {
  const list = await api("GET", "/api/positions");
  $("position").innerHTML = list
    .map((p) => `<option value="${esc(p.id)}">${esc(p.name)} (${esc(p.size)})</option>`)
    .join("");
}

function seat(side) {
  const human = $("side-" + side).value === "human";
  return { human, iterations: Math.max(1, parseInt($("iter-" + side).value, 10) || 400) };
}

async function start() {
  $("setup-error").textContent = "";
  const req = {
    a: seat("a"),
    b: seat("b"),
    dice: $("dice").value,
    dice_seed: Math.max(0, parseInt($("dice-seed").value, 10) || 0),
    casual: $("casual").checked,
  };
  const file = $("upload").files[0];
  if (file) req.upload = await file.text();
  else req.position = $("position").value;
  try {
    const v = await api("POST", "/api/sessions", req);
    selected = null; filter = null; shownLog = 0;
    $("setup").hidden = true;
    $("game").hidden = false;
    show(v);
  } catch (e) {
    $("setup-error").textContent = e.message;
  }
}

function path(what) {
  return "/api/sessions/" + view.id + (what ? "/" + what : "");
}

async function act(text) {
  $("error").textContent = "";
  const body = { action: text };
  if (view.table_dice) {
    const d = $("table-dice").value.trim();
    body.dice = d === "" ? [] : d.split(/[\s,]+/).map((x) => parseInt(x, 10));
  }
  try {
    const v = await api("POST", path("act"), body);
    selected = null; filter = null;
    $("table-dice").value = "";
    show(v);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

async function simple(what, body) {
  $("error").textContent = "";
  try { show(await api("POST", path(what), body)); } catch (e) { $("error").textContent = e.message; }
}

function charAt(x, y) {
  return view.characters.find((c) => c.x === x && c.y === y && c.able) ||
    view.characters.find((c) => c.x === x && c.y === y);
}

function legalFor(label) {
  return view.legal.filter((a) => a.actor === label);
}

function clickSquare(x, y) {
  if (!view.your_turn) return;
  const c = charAt(x, y);
  // A character with actions of its own: pick it.
  if (c && c.label !== selected && legalFor(c.label).length > 0) {
    const mine = legalFor(c.label);
    const hits = selected ? view.legal.filter((a) => a.actor === selected && a.target === c.label) : [];
    if (hits.length === 0) {
      selected = c.label; filter = null;
      if (mine.length === 1 && !mine[0].to && !mine[0].target) { act(mine[0].text); return; }
      render();
      return;
    }
  }
  const pool = selected ? legalFor(selected) : view.legal;
  const hits = pool.filter((a) =>
    (a.to && a.to[0] === x && a.to[1] === y) || (c && a.target === c.label));
  if (hits.length === 1) { act(hits[0].text); return; }
  filter = hits.length > 1 ? hits.map((a) => a.text) : null;
  render();
}

function drawBoard() {
  const v = view;
  const board = $("board");
  board.innerHTML = v.svg;
  const svg = board.querySelector("svg");
  if (!svg) return;
  const ns = "http://www.w3.org/2000/svg";
  const g = document.createElementNS(ns, "g");
  g.setAttribute("id", "hits");
  const pool = selected ? legalFor(selected) : [];
  const fovLayer = document.createElementNS(ns, "g");
  fovLayer.setAttribute("id", "fov-layer");
  for (let y = 0; y < v.height; y++) {
    for (let x = 0; x < v.width; x++) {
      const r = document.createElementNS(ns, "rect");
      r.setAttribute("x", v.margin + x * v.cell);
      r.setAttribute("y", v.margin + y * v.cell);
      r.setAttribute("width", v.cell);
      r.setAttribute("height", v.cell);
      r.setAttribute("data-x", x);
      r.setAttribute("data-y", y);
      let cls = "hit";
      const c = charAt(x, y);
      if (c) r.setAttribute("data-char", c.label);
      if (c && c.label === selected) cls += " sel";
      else if (pool.some((a) => a.to && a.to[0] === x && a.to[1] === y)) cls += " dest";
      else if (c && pool.some((a) => a.target === c.label)) cls += " tgt";
      r.setAttribute("class", cls);
      r.addEventListener("click", () => clickSquare(x, y));
      r.addEventListener("mouseenter", () => hover(x, y, fovLayer));
      g.appendChild(r);
    }
  }
  svg.appendChild(fovLayer);
  svg.appendChild(g);
}

function hover(x, y, layer) {
  layer.innerHTML = "";
  const c = charAt(x, y);
  if (!c) { $("hover").textContent = `${x},${y}`; return; }
  $("hover").textContent =
    `${c.label.toUpperCase()} ${c.name} (side ${c.side}) at ${c.x},${c.y} facing ${c.facing} · ENE ${c.ene} · wounds ${c.wounds}/${c.con} · stress ${c.stress} · CdV ${c.fov.length} squares`;
  const ns = "http://www.w3.org/2000/svg";
  for (const [fx, fy] of c.fov) {
    const r = document.createElementNS(ns, "rect");
    r.setAttribute("x", view.margin + fx * view.cell);
    r.setAttribute("y", view.margin + fy * view.cell);
    r.setAttribute("width", view.cell);
    r.setAttribute("height", view.cell);
    r.setAttribute("class", "fov");
    layer.appendChild(r);
  }
}

function drawStatus() {
  const v = view;
  const seats = v.seats.map((s) => `${s.side}: ${s.human ? "human" : "bot " + s.iterations + " it"} · score ${s.score}`).join(" — ");
  let job = "";
  if (v.job) {
    const pct = Math.min(100, Math.round((100 * v.job.iterations) / v.job.budget));
    job = `<span id="thinking">${v.job.kind === "bot" ? "bot thinking" : "analysing"} <span class="bar"><span style="width:${pct}%"></span></span> ${v.job.iterations}/${v.job.budget} it, ${v.job.elapsed_ms} ms${v.job.best ? " · best so far " + esc(v.job.best) : ""}</span>`;
  }
  $("status").innerHTML =
    `<b>${esc(v.description || v.position)}</b><span>turn ${v.turn}/${v.turn_limit} · phase ${v.phase}</span><span>${esc(seats)}</span>` +
    (v.over ? `<b id="over">game over: ${esc(v.result)}</b>` : "") + job;
}

function drawActions() {
  const v = view;
  let text = v.decision_text;
  if (v.pending_bot) text = `The bot plays “${v.pending_bot}”: type the dice rolled for it, then confirm.`;
  else if (v.bot_error) text = v.bot_error;
  else if (!v.your_turn && !v.over) text += " — the bot decides";
  $("decision").textContent = text;
  $("dice-row").hidden = !v.table_dice || !(v.your_turn || v.pending_bot);
  $("stop").hidden = !v.job;
  $("undo").hidden = !v.casual;
  const box = $("actions");
  let list = [];
  if (v.pending_bot) list = [v.pending_bot];
  else if (v.your_turn) {
    if (filter) list = filter;
    else if (selected) list = legalFor(selected).map((a) => a.text);
    else list = v.legal.filter((a) => !a.to || v.legal.length <= 40).map((a) => a.text);
  }
  box.innerHTML = "";
  for (const t of list.slice(0, 300)) {
    const b = document.createElement("button");
    b.textContent = t;
    b.setAttribute("data-action", t);
    b.addEventListener("click", () => act(t));
    box.appendChild(b);
  }
  if (v.your_turn && !selected && !filter && list.length < v.legal.length) {
    const p = document.createElement("span");
    p.className = "muted";
    p.textContent = "pick a character on the board for its moves";
    box.appendChild(p);
  }
}

function drawLog() {
  const ol = $("log");
  ol.innerHTML = "";
  view.log.forEach((e, k) => {
    const li = document.createElement("li");
    li.className = e.by + (k >= shownLog ? " fresh" : "");
    li.setAttribute("data-by", e.by);
    const checks = e.checks
      .map((c) => `<span class="die ${c.pass ? "pass" : "fail"}" title="${esc(c.who + " " + c.what + ": " + c.die + " vs " + c.target)}">${c.die}</span><span class="ev">${esc(c.what)} ≤${c.target}</span>`)
      .join(" ");
    const others = e.dice.length > e.checks.length ? ` <span class="ev">dice ${e.dice.join(" ")}</span>` : "";
    li.innerHTML = `<b>${esc(e.side)}</b> <span class="act">${esc(e.action)}</span> ${checks}${others}` +
      (e.events.length ? `<div class="ev">${esc(e.events.join(" · "))}</div>` : "");
    ol.appendChild(li);
  });
  if (view.log.length > shownLog) ol.scrollTop = ol.scrollHeight;
  shownLog = view.log.length;
}

function drawAnalysis() {
  const a = view.analysis;
  if (!a) { if (!(view.job && view.job.kind === "analysis")) $("analysis").innerHTML = ""; return; }
  const pct = (x) => (100 * x).toFixed(0) + "%";
  let h = `<p id="best"><b>best: ${esc(a.best || "none")}</b> · win ${pct(a.win_probability)} · ${a.iterations} it</p>`;
  if (a.sequence.length > 1) h += `<p>activation: ${esc(a.sequence.join(" ; "))}</p>`;
  h += `<table class="cands"><tr><th>action</th><th>visits</th><th>win</th><th>risk</th></tr>`;
  for (const c of a.candidates) {
    const r = c.risk;
    h += `<tr><td>${esc(c.action)}</td><td>${c.visits}</td><td>${pct(c.win_probability)}</td><td>reaction ${pct(r.p_reaction_window)}, hit ${pct(r.p_reaction_hit)}, wounds ${r.wounds_dealt.toFixed(2)}/${r.wounds_taken.toFixed(2)}, CH PSI ${pct(r.p_psyche_check)}${r.ends_outnumbered ? ", outnumbered" : ""}</td></tr>`;
  }
  $("analysis").innerHTML = h + "</table><p class=\"muted\">the plan is drawn on the board</p>";
}

function render() {
  // One character decides (its activation, its reaction): it is picked already.
  const actors = new Set(view.legal.map((a) => a.actor));
  if (!selected && !filter && view.your_turn && actors.size === 1 && !actors.has(null) &&
      view.legal.some((a) => a.to || a.target)) {
    selected = [...actors][0];
  }
  drawStatus();
  drawBoard();
  drawActions();
  drawLog();
  drawAnalysis();
  $("save-record").href = path("record");
  $("save-position").href = path("position");
}

function show(v) {
  view = v;
  render();
  if (v.job && !polling) polling = setTimeout(poll, 300);
}

async function poll() {
  polling = null;
  if (!view) return;
  try { show(await api("GET", path())); } catch (e) { $("error").textContent = e.message; }
}

function close() {
  if (view) navigator.sendBeacon(path("close"));
}

$("start").addEventListener("click", start);
$("stop").addEventListener("click", () => simple("stop"));
$("undo").addEventListener("click", () => simple("undo"));
$("analyse").addEventListener("click", () =>
  simple("analyse", { iterations: Math.max(1, parseInt($("an-iter").value, 10) || 5000) }));
$("new").addEventListener("click", () => {
  close(); view = null;
  $("game").hidden = true; $("setup").hidden = false;
});
window.addEventListener("pagehide", close);
loadPositions().catch((e) => { $("setup-error").textContent = e.message; });
