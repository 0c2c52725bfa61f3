"use strict";
// A finished game's page (/games/{id}): the game as everybody reads it after the end — the whole log
// in the page's language, a block per day and night with a link each, filtered by day, by channel
// (感想戦, every 独り言) or to one player's lines; the result and every role (drawn by the mode's own
// script, as the room shows them); the record to download; and the replay viewer, stepping through
// the game built from its record alone (#step-N opens it at a step).
(() => {
  const { $, el, t, tx, own, when, getJSON } = pages;
  const roomId = decodeURIComponent(location.pathname.split("/").pop());
  let page = null, blocks = [], channel = "all", viewer = null, replay = null, mode = null;

  window.jinrou = { registerMode(script) { mode = script; } };
  const ctx = { root: $("#board"), el, t, act: async () => false };

  function loadMode(name) {
    return new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = `/modes/${encodeURIComponent(name)}.js`;
      script.onload = resolve; script.onerror = resolve;
      document.head.append(script);
    });
  }

  // ------------------------------------------------------------------ the log
  function rowOf(line) {  // a log line: a claim said by a seat, a 投票結果 table, the game's own or a private line
    if (typeof line === "string") { const r = el("div", line, "s-line s-system"); r.dataset.channel = "log"; return r; }
    if (line.votes) {
      const r = el("div", undefined, "s-line s-votes"), tab = el("table");
      r.dataset.channel = "log";
      tab.append(el("caption", t("Votes", "投票結果")));
      for (const v of line.votes) {
        const tr = el("tr"), who = el("td"); who.append(own(v.voter));
        const to = el("td"); to.append(own(v.target === null ? "—" : `→ ${v.target}`));
        tr.append(who, el("td", t(`${v.got} vote${v.got === 1 ? "" : "s"}`, `${v.got}票`)), to);
        tab.append(tr);
      }
      r.append(tab);
      return r;
    }
    if (line.by !== undefined) {
      const r = el("div", undefined, "s-line s-talk s-village s-claim");
      r.dataset.channel = page.view.channels[0].key; r.dataset.name = line.by;
      const who = own(`${line.by}: `); who.className = "who";
      r.append(who, el("span", tx(line.said)));
      return r;
    }
    const r = el("div", tx(line), line.private ? "s-line s-private" : "s-line s-system");
    r.dataset.channel = "log";
    return r;
  }

  function chatRow(line, c) {
    const kind = c.key.startsWith("monologue") ? "monologue" : c.key.startsWith("stream-") ? "stream" : c.key;
    const r = el("div", undefined, `s-line s-talk s-${kind}`);
    r.dataset.channel = c.key; r.dataset.name = line.name;
    const main = c.key === page.view.channels[0].key;
    const who = own(kind === "monologue" ? t(`${line.name} (monologue): `, `${line.name}の独り言: `)
      : kind === "stream" ? t(`${line.name} (stream): `, `${line.name}の配信: `) : main ? `${line.name}: ` : `${line.name} · ${tx(c)}: `);
    who.className = "who";
    r.append(who, own(line.text));
    return r;
  }

  function build() {  // the blocks (a day's or a night's), every line in its place
    const view = page.view, log = view.game ? view.game.log : [];
    const marked = log.some((l) => l && typeof l === "object" && l.m !== undefined);
    const rows = [];
    log.forEach((line, i) => rows.push({ m: marked ? line.m : i, kind: 0, at: i, seq: 0, line }));
    let seq = 0;
    view.channels.forEach((c, index) => {
      for (const line of (index === 0 ? view.chat : view.chats[c.key]) || []) {
        seq += 1;
        rows.push({ m: line.mark === undefined ? null : line.mark, kind: 1, at: line.at || 0, seq, line, c });
      }
    });
    blocks = [{ head: null, key: "", rows: [] }];
    const headOf = (line) => {
      if (line && typeof line === "object" && line.head) return { head: line.head, key: line.head.ja };
      const match = typeof line === "string" && /^— (.+) —$/.exec(line);
      return match ? { head: { en: match[1], ja: match[1] }, key: match[1] } : null;
    };
    const placed = rows.filter((r) => r.m !== null).sort((a, b) => (a.m - b.m) || (a.kind - b.kind) || (a.at - b.at) || (a.seq - b.seq));
    for (const row of placed) {
      const head = row.kind === 0 && headOf(row.line);
      if (head) blocks.push({ ...head, rows: [] });
      blocks[blocks.length - 1].rows.push(row);
    }
    for (const row of rows.filter((r) => r.m === null)) {  // talk without a place in the log: in its phase's block
      const found = blocks.find((b) => b.key && (row.line.phase === b.key || row.line.phase.startsWith(b.key))) || blocks[blocks.length - 1];
      found.rows.push(row);
    }
    if (!blocks[0].rows.length) blocks.shift();
  }

  function drawLog() {
    const box = $("#log");
    box.replaceChildren(...blocks.map((block, i) => {
      const node = el("div", undefined, "s-block");
      node.id = `phase-${i + 1}`;
      if (block.head) {
        const head = el("div", undefined, "s-head"), link = el("a", headText(block));
        link.translate = !untranslated(block);
        link.href = `#phase-${i + 1}`;
        head.append(link);
        const step = stepOf(block);
        if (step !== null) {
          const play = el("a", t(" ▶ replay", " ▶ リプレイ"));
          play.href = `#step-${step + 1}`;
          head.append(play);
        }
        node.append(head);
      }
      for (const row of block.rows) {
        row.node = row.kind === 0 ? rowOf(row.line) : chatRow(row.line, row.c);
        node.append(row.node);
      }
      return node;
    }));
    $("#phases").replaceChildren(...blocks.flatMap((block, i) => {
      if (!block.head) return [];
      const a = el("a", headText(block)); a.href = `#phase-${i + 1}`; a.translate = !untranslated(block);
      return [a];
    }));
    const day = $("#day"), chosen = day.value;
    day.replaceChildren(new Option(t("all", "すべて"), ""), ...blocks.map((b, i) => new Option(b.head ? headText(b) : t("before the start", "開始前"), String(i))));
    day.value = chosen;
    const names = [...new Set([...page.view.room.seat_list.filter(Boolean).map((s) => s.name),
      ...blocks.flatMap((b) => b.rows.map((r) => r.node.dataset.name).filter(Boolean))])];
    const speaker = $("#speaker"), who = speaker.value;
    speaker.replaceChildren(new Option(t("everybody", "全員"), ""), ...names.map((n) => new Option(n, n)));
    speaker.value = who;
    tabs();
    filter();
  }

  function headText(block) {  // a block's name: the replay's for its phase where the log has it in one language only
    const step = stepOf(block);
    return step !== null && block.head.en === block.head.ja ? tx(replay.steps[step].label) : tx(block.head);
  }

  function untranslated(block) { return block.head.en === block.head.ja && stepOf(block) === null; }  // the mode's one language

  function stepOf(block) {  // the replay's step of a block of the log (the same phase), if any
    if (!replay || !block.head) return null;
    const i = replay.steps.findIndex((s) => s.label.ja === block.head.ja || s.phase === block.key);
    return i < 0 ? null : i;
  }

  function tabs() {
    const channels = [];
    for (const c of page.view.channels) {
      if (!c.key.startsWith("monologue-")) channels.push(c);
      else if (!channels.some((x) => x.key === "monologue")) channels.push({ key: "monologue", en: "Monologue", ja: "独り言" });
    }
    const tab = (value, text) => {
      const b = el("button", text, value === channel ? "tab active" : "tab");
      b.type = "button"; b.dataset.channel = value; b.setAttribute("aria-pressed", String(value === channel));
      b.addEventListener("click", () => { channel = value; tabs(); filter(); });
      return b;
    };
    $("#channels").replaceChildren(tab("all", t("All", "すべて")), ...channels.map((c) => tab(c.key, tx(c))));
  }

  function filter() {  // a day's block only; one channel's lines (headers staying); one player's lines
    const day = $("#day").value, who = $("#speaker").value;
    blocks.forEach((block, i) => {
      document.getElementById(`phase-${i + 1}`).hidden = day !== "" && String(i) !== day;
      for (const row of block.rows) {
        const key = row.node.dataset.channel;
        const inChannel = channel === "all" || key === channel || (channel === "monologue" && key && key.startsWith("monologue-"));
        row.node.hidden = !inChannel || (who !== "" && row.node.dataset.name !== who);
      }
    });
  }

  // ------------------------------------------------------------------ the rest
  function drawSummary() {
    const line = page.line, view = page.view, result = view.game && view.game.result;
    document.title = `${line.name} · ${t("finished game", "終了した試合")} · jinrou`;
    $("#title").textContent = `${line.name} · ${t(...line.title)}`;
    $("#facts").replaceChildren(...[when(line.at), t(`${line.seats} seats`, `${line.seats}人`), tx(line.preset), tx(line.cast),
      tx(line.winner), tx(line.length)].filter(Boolean).map((text) => el("span", text)));
    $("#winner").textContent = result ? `${tx(result)} ${t("Winners (dead or alive)", "勝者（生死を問わず）")}: ${result.winners.join(", ") || t("nobody", "なし")}` : "";
    $("#record").href = `/api/games/${encodeURIComponent(roomId)}/record`;
    $("#room-link").href = `/room/${encodeURIComponent(roomId)}`;
  }

  function draw() {
    drawSummary();
    document.body.classList.toggle("log-first", Boolean(mode && mode.stream));
    if (mode) mode.render(page.view, ctx);
    if (!blocks.length) build();
    drawLog();
    if (replay) {
      const at = viewer ? viewer.at : stepFromHash();
      if (viewer) viewer.close();
      viewer = makeViewer($("#viewer"), replay, { start: at });
    }
  }

  function stepFromHash() {
    const match = /^#step-(\d+)$/.exec(location.hash);
    return match ? Number(match[1]) - 1 : 0;
  }

  window.addEventListener("hashchange", () => {
    if (viewer && /^#step-/.test(location.hash)) { viewer.show(stepFromHash()); $("#replay-panel").scrollIntoView(); }
    if (/^#phase-/.test(location.hash)) { $("#day").value = ""; filter(); }
  });
  $("#day").addEventListener("change", filter);
  $("#speaker").addEventListener("change", filter);
  pages.onLanguage(() => { if (page) draw(); });

  (async () => {
    pages.applyLanguage();
    try {
      page = await getJSON(`/api/games/${encodeURIComponent(roomId)}`);
    } catch (error) {
      $("#error").textContent = error.message;
      for (const id of ["#summary", "#end-panel", "#replay-panel", "#stream-panel"]) $(id).hidden = true;
      return;
    }
    await loadMode(page.line.mode);
    draw();
    if (/^#phase-/.test(location.hash)) { const target = document.getElementById(location.hash.slice(1)); if (target) target.scrollIntoView(); }
    try {
      replay = await getJSON(`/api/games/${encodeURIComponent(roomId)}/replay`);
      draw();
      if (/^#step-/.test(location.hash)) $("#replay-panel").scrollIntoView();
    } catch (error) { $("#viewer").replaceChildren(el("p", error.message, "error")); }
  })();
})();
