// The web table: draws /state, plays a clicked move with POST /play, and fetches the
// table again whenever the REPL says the game changed (/events).
"use strict";

const token = new URLSearchParams(location.search).get("t") || "";
const at = (path) => `${path}?t=${encodeURIComponent(token)}`;
const $ = (id) => document.getElementById(id);
// Why the last click was refused, shown until the game moves on.
let refusal = "";
let played = 0;

function element(tag, attributes, ...children) {
  const made = document.createElement(tag);
  Object.entries(attributes || {}).forEach(([k, v]) => made.setAttribute(k, v));
  children.forEach((c) => made.append(c));
  return made;
}

async function refresh() {
  const response = await fetch(at("/state"));
  if (!response.ok) {
    $("status").textContent = await response.text();
    return;
  }
  draw(await response.json());
}

function draw(state) {
  const game = state.game;
  const board = $("board");
  if (!game) {
    board.replaceChildren(element("p", { class: "empty" },
      state.error || "No game yet: type `new VARIANT` at the REPL."));
    ["moves", "log"].forEach((id) => $(id).replaceChildren());
    $("sheet").textContent = "";
    $("question").textContent = "";
    return;
  }
  if (game.played !== played) refusal = "";
  played = game.played;
  document.title = `${game.title} — houserules`;
  $("title").textContent = game.title;
  const moves = game.played === 1 ? "1 move" : `${game.played} moves`;
  $("status").textContent = `${game.variant} · seed ${game.seed} · ${moves} played`;
  if (game.svg) {
    board.innerHTML = game.svg;
    // A picture as wide as it is high fills the board; a taller one its width, scrolled.
    const box = board.querySelector("svg").viewBox.baseVal;
    board.classList.toggle("tall", !!box && box.height > 1.15 * box.width);
  } else {
    board.classList.remove("tall");
    board.replaceChildren(element("pre", {}, game.text || ""));
  }
  $("question").textContent = game.question || (game.moves.length ? "Your move." : "");
  $("over").hidden = !game.over;
  $("over").textContent = game.over ? `Game over: ${game.over}. The result is under Score.` : "";
  $("refused").hidden = !refusal;
  $("refused").textContent = refusal;
  $("sheet").textContent = game.sheet.join("\n");
  const short = game.moves.every((m) => !m.about && m.label.length <= 14);
  $("moves").classList.toggle("short", short);
  $("moves").replaceChildren(...game.moves.map((m) => {
    const link = element("a", { href: "#", "data-move": m.label }, m.label);
    const item = element("li", {}, link);
    if (m.about) item.append(element("span", { class: "about" }, m.about));
    return item;
  }));
  $("no-moves").hidden = game.moves.length > 0;
  $("log").replaceChildren(...game.log.slice().reverse().map((m) => {
    const item = element("li", {},
      element("span", { class: "n" }, `${m.number}.`),
      element("span", { class: "label" }, m.label));
    m.story.forEach((line) => item.append(element("div", { class: "story" }, line)));
    return item;
  }));
}

async function play(label) {
  const response = await fetch(at("/play"), { method: "POST", body: label });
  const text = await response.text();
  let said;
  try { said = JSON.parse(text); } catch (_) { said = { ok: false, output: text }; }
  refusal = said.ok ? "" : said.output.trim();
  $("refused").hidden = !refusal;
  $("refused").textContent = refusal;
  // The event stream brings the new table; a refused move changes nothing to fetch.
}

// Every element that carries a move's label plays it: the links and the picture's targets.
document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-move]");
  if (!target) return;
  event.preventDefault();
  play(target.getAttribute("data-move"));
});
// Hovering a link lights the picture's target of the same move, and the other way round.
["mouseover", "mouseout"].forEach((kind) => document.addEventListener(kind, (event) => {
  const target = event.target.closest("[data-move]");
  if (!target) return;
  const label = target.getAttribute("data-move");
  document.querySelectorAll("[data-move]").forEach((e) => {
    if (e.getAttribute("data-move") === label) e.classList.toggle("lit", kind === "mouseover");
  });
}));

const changes = new EventSource(at("/events"));
changes.onmessage = () => refresh();
changes.onopen = () => { $("link").textContent = "live"; $("link").classList.remove("lost"); };
changes.onerror = () => {
  $("link").textContent = "the REPL has ended or is unreachable";
  $("link").classList.add("lost");
};
