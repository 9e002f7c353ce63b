// Leader's remote: accessible tabs, keyboard shortcuts, and every action sent
// without reloading the page. The answer (the leader page as the server renders
// it) replaces the page's content in place; focus stays on the control that
// acted (or moves to the refusal), and a live region says what happened. Each
// tap is recorded once (once.js): it carries an idempotency key of its own, and
// with the server unreachable the page stays, says which action is not recorded
// yet, and sends the same form (the same key) again until it is; other taps
// meanwhile are refused visibly ("wait: ... is not recorded yet").
(function () {
  "use strict";
  let root = document.querySelector("main.remote");
  if (!root) return;
  document.documentElement.classList.add("js");
  const live = document.getElementById("live");
  const saving = document.getElementById("saving");

  function version() { return parseInt(root.dataset.version, 10); }

  // ---- tabs (WAI-ARIA Authoring Practices: tabs with automatic activation) ----
  function panels() { return Array.from(root.querySelectorAll("[data-panel]")); }
  function tabs() { return Array.from(root.querySelectorAll("[data-tab]")); }

  function current() {
    let name = "hint";
    try { name = sessionStorage.getItem("deckforge-tab") || "hint"; } catch (e) { /* private mode */ }
    return panels().some(function (p) { return p.dataset.panel === name; }) ? name : "hint";
  }

  function show(name, focus) {
    if (!panels().length) return;
    panels().forEach(function (p) {
      const on = p.dataset.panel === name;
      p.classList.toggle("shown", on);
      p.hidden = !on;
    });
    tabs().forEach(function (t) {
      const on = t.dataset.tab === name;
      t.classList.toggle("active", on);
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      if (on && focus) t.focus();
    });
    try { sessionStorage.setItem("deckforge-tab", name); } catch (e) { /* ignore */ }
  }

  function upgradeTabs() {
    const list = root.querySelector("nav.tabs");
    if (!list) return;
    list.setAttribute("role", "tablist");
    tabs().forEach(function (tab) {
      const name = tab.dataset.tab;
      tab.setAttribute("role", "tab");
      tab.setAttribute("aria-controls", name);
      const panel = root.querySelector('[data-panel="' + name + '"]');
      if (panel) {
        panel.setAttribute("role", "tabpanel");
        panel.setAttribute("aria-labelledby", tab.id);
      }
    });
    show(current(), false);
  }

  document.addEventListener("click", function (event) {
    const tab = event.target.closest && event.target.closest("[data-tab]");
    if (tab && root.contains(tab)) { event.preventDefault(); show(tab.dataset.tab, true); }
  });
  document.addEventListener("keydown", function (event) {
    const tab = event.target.closest && event.target.closest("[data-tab]");
    if (!tab || !root.contains(tab)) return;
    const all = tabs();
    const at = all.indexOf(tab);
    let next = null;
    if (event.key === "ArrowRight") next = all[(at + 1) % all.length];
    else if (event.key === "ArrowLeft") next = all[(at + all.length - 1) % all.length];
    else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    else if (event.key === " " || event.key === "Enter") next = tab;
    if (next) { event.preventDefault(); event.stopPropagation(); show(next.dataset.tab, true); }
  }, true);

  // ---- the page redrawn in place ----
  function say(text) {
    // Cleared first so that the same words twice are announced twice.
    live.textContent = "";
    setTimeout(function () { live.textContent = text; }, 60);
  }

  function replace(html, url) {
    const next = new DOMParser().parseFromString(html, "text/html");
    const fresh = next.querySelector("main.remote");
    if (!fresh) return false;
    root.replaceWith(document.importNode(fresh, true));
    root = document.querySelector("main.remote");
    document.title = next.title;
    if (url && url !== window.location.href) {
      try { history.replaceState(null, "", url); } catch (e) { /* other origin: keep */ }
    }
    upgradeTabs();
    return true;
  }

  function landFocus(actedId) {
    const problem = document.getElementById("problem");
    if (problem) { problem.focus(); return; } // role="alert": read at once
    const last = document.getElementById("last");
    if (last) say(last.textContent.trim());
    const notice = root.querySelector(".remote-head .notice[role='status']");
    if (notice) say(notice.textContent.trim());
    const same = actedId && document.getElementById(actedId);
    if (same && !same.disabled && same.offsetParent !== null) { same.focus(); return; }
    const tab = root.querySelector("[data-tab].active");
    if (tab) { tab.focus(); return; }
    if (last) last.focus();
  }

  // ---- each tap once: its own key, the same on every retry (once.js) ----
  // What a tap does, in the page's words: "Play Easter 1", "Hint → Ann: 3"...
  function doing(form, button) {
    let text = (button && button.dataset.doing) || (button ? button.textContent.trim() : "");
    const target = form.querySelector('input[name="target"]:checked');
    if (target) text = text.replace("{player}", target.dataset.name || "");
    return text.replace(/\s+/g, " ");
  }

  let acted = null; // the id of the control that acted, for the focus afterwards
  const once = DeckforgeOnce.sender({
    saving: saving,
    say: say,
    started: function () { root.setAttribute("aria-busy", "true"); },
    place: function (html, response) { return replace(html, response.redirected ? response.url : null); },
    placed: function () { landFocus(acted); },
  });

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!root.contains(form) || !window.fetch || !window.FormData) return;
    event.preventDefault();
    if (once.busy()) { once.refuse(); return; } // one action at a time, and says why
    const button = event.submitter || form.querySelector("button[type=submit]");
    // Undoing three actions or more at once asks first: a slip of the finger costs a lot.
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    const data = new FormData(form);
    if (button && button.name) data.append(button.name, button.value);
    acted = button ? button.id : null;
    once.send(form, data, doing(form, button));
  });

  // ---- another phone or tab changed the table: redraw, focus kept ----
  function refreshFromServer() {
    if (once.busy()) return;
    const active = document.activeElement;
    const keep = active && active.id ? active.id : null;
    fetch(root.dataset.page, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        if (once.busy() || !replace(html, null)) return;
        const changed = document.getElementById("last");
        if (changed) say(changed.textContent.trim());
        const again = keep && document.getElementById(keep);
        if (again && !again.disabled) again.focus();
      })
      .catch(function () { /* the next event or the next action will try again */ });
  }

  function watch() {
    if (!root.dataset.events || !window.DeckforgeLive) return;
    window.DeckforgeLive.follow({ // live.js: one shared connection per browser
      events: root.dataset.events,
      state: root.dataset.state,
      poll: 3,
      onVersion: function (latest) {
        if (once.retrying()) { once.retryNow(); return; } // the referee answers again: send now
        if (latest !== version()) refreshFromServer();
      },
      onStatus: function (status) { if (status !== "offline") once.retryNow(); },
    });
  }

  upgradeTabs();
  watch();
  const refused = document.getElementById("problem");
  if (refused) refused.focus();

  // ---- keyboard shortcuts: H/P/D choose the action, digits pick player, suit and rank; U undoes ----
  const indicator = document.createElement("div");
  indicator.className = "keybuffer";
  indicator.hidden = true;
  indicator.setAttribute("aria-hidden", "true");
  document.body.appendChild(indicator);
  let keys = [];

  function reset() { keys = []; indicator.hidden = true; }
  function echo() { indicator.textContent = keys.join(" "); indicator.hidden = keys.length === 0; }
  function press(button) {
    if (button && !button.disabled) { reset(); button.focus(); button.click(); return true; }
    return false;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && target.tagName === "INPUT" && target.type === "text") return;
    const key = event.key.toLowerCase();
    if (key === "escape") { reset(); return; }
    if (keys.length === 0) {
      if (key === "u") { press(root.querySelector("#undo-last")); return; }
      if (key === "h" || key === "p" || key === "d") {
        const name = { h: "hint", p: "play", d: "discard" }[key];
        if (!root.querySelector('[data-panel="' + name + '"]')) return;
        show(name, false);
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
        const panel = root.querySelector('[data-panel="' + (mode === "P" ? "play" : "discard") + '"]');
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
      const radios = root.querySelectorAll('#hint input[name="target"]');
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
      if (!press(root.querySelector('#hint button[value="' + wanted + '"]'))) reset();
    } else {
      reset();
    }
  });
})();
