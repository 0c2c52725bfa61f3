"use strict";
const OPTIONS = ["first_night_attack", "final_collapse", "random_tiebreak", "split_seer", "hide_dead", "anonymous"];

async function refresh() {
  const rooms = await (await fetch("/api/rooms")).json();
  const body = document.querySelector("#rooms tbody");
  body.replaceChildren(...rooms.map((r) => {
    const row = document.createElement("tr");
    const link = document.createElement("a");
    link.href = `/room/${r.id}`;
    link.textContent = r.name + (r.password ? " 🔒" : "");
    const cells = [link, `${r.taken}/${r.seats}`, String(r.wolves), r.phase, r.started ? "watch" : "join"];
    for (const value of cells) {
      const cell = document.createElement("td");
      if (typeof value === "string") cell.textContent = value; else cell.append(value);
      row.append(cell);
    }
    return row;
  }));
  document.querySelector("#empty").hidden = rooms.length > 0;
}

document.querySelector("#create").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const settings = { name: form.get("name"), seats: Number(form.get("seats")),
    night_seconds: Number(form.get("night_seconds")), day_seconds: Number(form.get("day_seconds")), options: {} };
  if (form.get("wolves")) settings.wolves = Number(form.get("wolves"));
  if (form.get("password")) settings.password = form.get("password");
  for (const option of OPTIONS) settings.options[option] = form.get(option) === "on";
  const response = await fetch("/api/rooms", { method: "POST", body: JSON.stringify(settings) });
  const data = await response.json();
  if (!response.ok) { document.querySelector("#error").textContent = data.error; return; }
  location.href = `/room/${data.id}`;
});

refresh();
setInterval(refresh, 3000);
