"use strict";
// The replay viewer (a finished game's page, /replay): a game's steps — built by the server from
// the record alone (GET /api/games/{id}/replay, POST /api/replay) — one at a time: buttons, a
// slider and the keys ← →; at each step the seats (alive, or dead with the cause; each seat's role
// as known at the end, and before it changed), what happened (actions, votes, deaths), the lines
// said, and quantum's probability table or shogi's board. A step draws only its own parts.
function makeViewer(root, replay, options = {}) {
  const { el, t, tx, own } = pages;
  const steps = replay.steps;
  let at = 0;
  root.replaceChildren();
  const controls = el("div", undefined, "viewer-controls");
  const button = (text, label, go) => {
    const b = el("button", text, "secondary");
    b.type = "button"; b.setAttribute("aria-label", label); b.title = label;
    b.addEventListener("click", go);
    return b;
  };
  const first = button("«", t("first step", "最初"), () => show(0));
  const back = button("◀", t("previous step (←)", "前へ (←)"), () => show(at - 1));
  const next = button("▶", t("next step (→)", "次へ (→)"), () => show(at + 1));
  const last = button("»", t("last step", "最後"), () => show(steps.length - 1));
  const slider = el("input");
  slider.type = "range"; slider.min = 0; slider.max = Math.max(0, steps.length - 1); slider.value = 0;
  slider.setAttribute("aria-label", t("step", "ステップ"));
  slider.addEventListener("input", () => show(Number(slider.value)));
  const count = el("span", "", "muted");
  controls.append(first, back, slider, next, last, count);
  const label = el("p", "", "viewer-step");
  const seats = el("ul", undefined, "v-seats"), happened = el("ul", undefined, "v-list"), lines = el("div", undefined, "v-lines");
  const extra = el("div", undefined, "v-extra"), votes = el("div");
  const left = el("div"), right = el("div");
  left.append(el("h3", t("Seats", "参加者")), seats, extra);
  right.append(el("h3", t("What happened", "出来事")), happened, votes, el("h3", t("Talk", "発言")), lines);
  const grid = el("div", undefined, "viewer-grid");
  grid.append(left, right);
  root.append(controls, label, grid);
  root.tabIndex = -1;

  function seatRow(s) {
    const li = el("li", undefined, s.alive ? "" : "dead");
    li.append(own(s.name));
    li.firstChild.className = "v-name";
    if (s.role) {
      const role = el("span", ` ${tx(s.role)}`);
      if (s.role.id) role.dataset.role = s.role.id;
      if (s.was) li.append(el("span", ` ${tx(s.was)} →`, "muted"));
      li.append(role);
    }
    li.append(el("span", s.alive ? "" : ` ✝ ${s.cause ? tx(s.cause) : t("dead", "死亡")}`, "muted"));
    return li;
  }

  function table(data) {  // quantum: the probability table after the step
    const box = el("div", undefined, "scroll");
    const tab = el("table", undefined, "prob");
    const head = el("tr");
    head.append(el("th", t("player", "名前")), ...data.columns.map((c) => el("th", t(c, { human: "村人", wolf: "人狼", dead: "死亡", seer: "占い師", villager: "村人" }[c] || c))));
    tab.append(head);
    for (const row of data.rows) {
      const tr = el("tr", undefined, row.dead ? "dead" : "");
      const name = el("td"); name.append(own(row.label)); tr.append(name);
      row.values.forEach((v, i) => { const td = el("td", `${Math.round(v * 100)}%`, v === 1 ? "certain" : ""); td.title = row.exact[i]; tr.append(td); });
      tab.append(tr);
    }
    box.append(el("h3", t("Probability table", "確率表")), tab, el("p", t(`${data.worlds} worlds`, `${data.worlds}通りの世界`), "muted"));
    return box;
  }

  function board(data) {  // shogi: the 5×5 board after the move, sente's side at the bottom
    const box = el("div"), grid = el("div", undefined, "v-board");
    for (let rank = 4; rank >= 0; rank -= 1) {
      for (let file = 0; file < 5; file += 1) {
        const piece = data.board[rank * 5 + file];
        const cell = el("div");
        if (piece !== null) {
          const p = data.pieces[piece];
          cell.className = p.owner === 1 ? "gote" : "sente";
          cell.append(el("span", p.glyph), el("small", p.types.length <= 3 ? p.types : ""));
          cell.title = `${p.glyph} ${p.types}`;
        }
        grid.append(cell);
      }
    }
    const hands = data.hands.map((hand, side) => `${side === 0 ? "▲" : "△"} ${t("hand", "持ち駒")}: ${hand.length ? hand.map((p) => data.pieces[p].glyph).join("") : "—"}`);
    box.append(el("h3", t("Board", "盤面")), el("p", hands[1], "muted"), grid, el("p", hands[0], "muted"));
    return box;
  }

  const built = [];  // each step's nodes, made once: stepping back and forth moves them, nothing is made again

  function make(step) {
    const parts = { seats: step.seats.map(seatRow), votes: [], extra: [] };
    parts.happened = step.happened.length ? step.happened.map((h) => { const li = el("li", tx(h)); li.translate = h.en !== h.ja; return li; })
      : [el("li", t("nothing to tell", "特になし"), "muted")];
    if (step.votes.length) {
      const tab = el("table", undefined, "prob");
      const head = el("tr"); head.append(el("th", t("voter", "投票者")), el("th", t("voted for", "投票先"))); tab.append(head);
      for (const v of step.votes) { const tr = el("tr"); const a = el("td"); a.append(own(v.voter)); const b = el("td"); b.append(own(`→ ${v.target}`)); tr.append(a, b); tab.append(tr); }
      parts.votes = [el("h3", t("Votes", "投票")), tab];
    }
    parts.lines = step.lines.length ? step.lines.map((line) => {
      const row = el("div", undefined, `s-line s-talk s-${line.channel.startsWith("monologue") ? "monologue" : line.channel.startsWith("stream-") ? "stream" : line.channel}`);
      const who = own(`${line.name}: `); who.className = "who";
      row.append(who, own(line.text));
      return row;
    }) : [el("p", t("nobody spoke", "発言なし"), "muted")];
    if (step.table) parts.extra.push(table(step.table));
    if (step.board) parts.extra.push(board(step.board));
    return parts;
  }

  function show(index) {
    at = Math.max(0, Math.min(steps.length - 1, index));
    const step = steps[at];
    if (!step) return;
    const parts = built[at] || (built[at] = make(step));
    slider.value = at;
    count.textContent = `${at + 1} / ${steps.length}`;
    label.textContent = tx(step.label);
    seats.replaceChildren(...parts.seats);
    happened.replaceChildren(...parts.happened);
    votes.replaceChildren(...parts.votes);
    lines.replaceChildren(...parts.lines);
    extra.replaceChildren(...parts.extra);
    first.disabled = back.disabled = at === 0;
    next.disabled = last.disabled = at === steps.length - 1;
    if (options.onStep) options.onStep(at);
  }

  function key(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && target !== slider && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (event.key === "ArrowLeft") { event.preventDefault(); show(at - 1); }
    if (event.key === "ArrowRight") { event.preventDefault(); show(at + 1); }
  }
  document.addEventListener("keydown", key);
  show(options.start || 0);
  return { show, get at() { return at; }, close() { document.removeEventListener("keydown", key); } };
}
