// Leader's remote: tabs, keyboard shortcuts, no double submission, and a
// reload when another screen changed the table.
(function () {
  "use strict";
  const root = document.querySelector("main.remote");
  if (!root) return;
  document.documentElement.classList.add("js");
  const version = parseInt(root.dataset.version, 10);
  const panels = Array.from(document.querySelectorAll("[data-panel]"));
  const tabs = Array.from(document.querySelectorAll("[data-tab]"));

  function show(name) {
    if (!panels.length) return;
    panels.forEach(function (p) { p.classList.toggle("shown", p.dataset.panel === name); });
    tabs.forEach(function (t) { t.classList.toggle("active", t.dataset.tab === name); });
    try { sessionStorage.setItem("deckforge-tab", name); } catch (e) { /* private mode */ }
  }
  tabs.forEach(function (tab) {
    tab.addEventListener("click", function (event) { event.preventDefault(); show(tab.dataset.tab); });
  });
  let start = "hint";
  try { start = sessionStorage.getItem("deckforge-tab") || "hint"; } catch (e) { /* ignore */ }
  show(start);

  // One submission per page: a double tap sends nothing more (the server refuses repeats too).
  let sent = false;
  document.querySelectorAll("form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (sent) { event.preventDefault(); return; }
      // Undoing three actions or more at once asks first: a slip of the finger costs a lot.
      const asking = form.querySelector("button[data-confirm]");
      if (asking && !window.confirm(asking.dataset.confirm)) { event.preventDefault(); return; }
      sent = true;
      document.body.classList.add("sending");
    });
  });

  // Another phone or tab changed the table: reload to show it.
  if (root.dataset.events) {
    let reloading = false;
    DeckforgeLive.follow({
      events: root.dataset.events,
      state: root.dataset.state,
      poll: 3,
      onVersion: function (latest) {
        if (latest !== version && !sent && !reloading) {
          reloading = true;
          document.getElementById("changed").hidden = false;
          setTimeout(function () { window.location.reload(); }, 400);
        }
      },
    });
  }

  // Keyboard: H/P/D choose the action, digits pick player, suit and rank; U undoes.
  const indicator = document.createElement("div");
  indicator.className = "keybuffer";
  indicator.hidden = true;
  document.body.appendChild(indicator);
  let keys = [];

  function reset() { keys = []; indicator.hidden = true; }
  function echo() { indicator.textContent = keys.join(" "); indicator.hidden = keys.length === 0; }
  function press(button) {
    if (button && !button.disabled) { reset(); button.click(); return true; }
    return false;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" && target.type === "text")) return;
    const key = event.key.toLowerCase();
    if (key === "escape") { reset(); return; }
    if (keys.length === 0) {
      if (key === "u") { press(document.querySelector(".undo-one button")); return; }
      if (key === "h" || key === "p" || key === "d") {
        const name = { h: "hint", p: "play", d: "discard" }[key];
        if (!document.querySelector('[data-panel="' + name + '"]')) return;
        show(name);
        keys = [key.toUpperCase()];
        echo();
        event.preventDefault();
      }
      return;
    }
    const mode = keys[0];
    if (mode === "P" || mode === "D") {
      if (!/^[0-9]$/.test(key)) { reset(); return; }
      keys.push(key);
      echo();
      if (keys.length === 3) {
        const panel = document.querySelector('[data-panel="' + (mode === "P" ? "play" : "discard") + '"]');
        const row = panel.querySelectorAll(".grid-row")[parseInt(keys[1], 10) - 1];
        const button = row && Array.from(row.querySelectorAll("button")).find(function (b) {
          return b.value.split(":")[1] === keys[2];
        });
        if (!press(button)) reset();
      }
      return;
    }
    // Hint: a player's number in the list, then the colour key (C, or F in German)
    // or the rank key (R, V for "valeur", Z for "Zahl"), then a number.
    if (keys.length === 1) {
      const radios = document.querySelectorAll('#hint input[name="target"]');
      const radio = radios[parseInt(key, 10) - 1];
      if (!radio) { reset(); return; }
      radio.checked = true;
      keys.push(key);
      echo();
    } else if (keys.length === 2 && "cfrvz".indexOf(key) >= 0 && key.length === 1) {
      keys.push("cf".indexOf(key) >= 0 ? "C" : "R");
      echo();
    } else if (keys.length === 3 && /^[0-9]$/.test(key)) {
      const wanted = keys[2] === "C" ? "colour:" + (parseInt(key, 10) - 1) : "rank:" + key;
      if (!press(document.querySelector('#hint button[value="' + wanted + '"]'))) reset();
    } else {
      reset();
    }
  });
})();
