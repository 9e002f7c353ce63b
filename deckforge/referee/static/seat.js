// A seat's page: redraw when the table changes (live.js tells when), light up
// the cards a hint would touch, and send each action once: each tap carries a
// key of its own, the same on every retry, so an action whose answer was lost
// is recorded once; a band names the action that waits, and says when it is
// recorded. Without fetch, the form is posted as a page (its key is the form's).
(function () {
  "use strict";
  const root = document.getElementById("seat");
  if (!root) return;
  document.documentElement.classList.add("js");
  const offline = document.getElementById("offline");
  const saving = document.getElementById("saving");
  let shown = parseInt(root.dataset.version, 10);
  let latest = shown;
  let fetching = false;
  let sending = false;
  const baseTitle = document.title;

  // The tab's title says when it is this seat's turn (useful when the page is in the background).
  function markTurn() {
    const inner = root.querySelector(".seat-inner");
    document.title = (inner && inner.dataset.turn === "1" ? "● " : "") + baseTitle;
  }
  markTurn();
  // A refused action comes back as this page with the reason: the reader goes straight to it.
  const refused = document.getElementById("problem");
  if (refused) refused.focus();

  // One live region outside the redrawn part says the last action and whose turn it is.
  const said = document.getElementById("said");
  function say() {
    const parts = [".last", ".turn-banner", "#problem"].map(function (sel) {
      const e = root.querySelector(sel);
      return e ? e.textContent.trim().replace(/\s+/g, " ") : "";
    });
    if (said) said.textContent = parts.filter(Boolean).join(". ");
  }

  function refresh(version) {
    if (version > latest) latest = version;
    if (fetching || sending || latest <= shown) return;
    fetching = true;
    fetch(root.dataset.fragment, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        const got = parseInt(response.headers.get("X-Table-Version"), 10);
        return response.text().then(function (html) {
          const focused = document.activeElement && root.contains(document.activeElement)
            ? document.activeElement.id : null;
          root.innerHTML = html;
          markTurn();
          say();
          const again = focused && document.getElementById(focused);
          if (again) again.focus();
          shown = got;
          if (got > latest) latest = got;
          offline.hidden = true;
        });
      })
      .catch(function () { offline.hidden = false; })
      .finally(function () {
        fetching = false;
        if (latest > shown) setTimeout(function () { refresh(latest); }, 50);
      });
  }

  DeckforgeLive.follow({
    events: root.dataset.events,
    state: root.dataset.state,
    poll: parseFloat(root.dataset.poll || "3"),
    onVersion: function (version) {
      if (retryNow) { retryNow(); return; } // the referee answers again: send now
      refresh(version);
    },
    onStatus: function (status) {
      offline.hidden = status !== "offline";
      if (status !== "offline" && retryNow) retryNow();
    },
  });

  // A hint chosen: light up the cards it touches in the chosen hand, say how many on the button.
  function preview(form) {
    const target = form.querySelector('input[name="target"]:checked');
    const hint = form.querySelector('input[name="hint"]:checked');
    const button = form.querySelector("button.hint");
    root.querySelectorAll(".hand.other").forEach(function (hand) {
      const chosen = target && hand.dataset.player === target.value;
      hand.classList.toggle("targeted", Boolean(chosen));
      const touched = chosen && hint ? (hint.dataset["touch-" + target.value] || hint.getAttribute("data-touch-" + target.value) || "").split(" ").filter(Boolean) : [];
      hand.querySelectorAll(".dcard").forEach(function (card) {
        card.classList.toggle("lit", touched.indexOf(card.dataset.slot) >= 0);
      });
      if (chosen && hint && button) {
        const count = touched.length;
        // each count's words, in the page language's plural form (CLDR, written by the server)
        const how = button.getAttribute("data-touches-" + count) || String(count);
        button.textContent = button.dataset.label.replace("#", target.dataset.name) + " (" + how + ")";
        button.classList.toggle("empty", count === 0);
      }
    });
  }

  root.addEventListener("change", function (event) {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.form) return;
    if (input.name === "hint" || input.name === "target") preview(input.form);
    if (input.name === "slot") {
      input.form.querySelectorAll(".dcard").forEach(function (card) {
        card.classList.toggle("chosen", card.dataset.slot === input.value);
      });
      input.form.classList.add("has-choice");
    }
  });

  // ---- each tap once: its own key, the same on every retry ----
  let pending = null; // a retry timer while the server does not answer
  let retryNow = null; // sends the waiting action again at once
  let waiting = ""; // the waiting action, as its button said it
  let bandTimer = null;

  function newKey() {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes); // randomUUID needs https; this does not
    return Array.from(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function band(kind, text) {
    if (bandTimer !== null) { clearTimeout(bandTimer); bandTimer = null; }
    saving.hidden = !text;
    saving.textContent = text;
    saving.classList.toggle("recorded", kind === "recorded");
  }

  function worded(key) { return (saving.dataset[key] || "").replace("{action}", waiting); }

  function adopt(html) {
    const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("seat");
    if (!fresh) return false;
    root.innerHTML = fresh.innerHTML;
    const inner = root.querySelector(".seat-inner");
    if (inner) { shown = parseInt(inner.dataset.version, 10); if (shown > latest) latest = shown; }
    markTurn();
    say();
    return true;
  }

  window.addEventListener("online", function () { if (retryNow) retryNow(); });

  function send(form, data, attempt) {
    sending = true;
    document.body.classList.add("sending");
    const abort = window.AbortController ? new AbortController() : null;
    const giveUp = abort ? setTimeout(function () { abort.abort(); }, 8000) : null;
    fetch(form.action, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      signal: abort ? abort.signal : undefined,
    })
      .then(function (response) {
        if (response.status >= 500) throw new Error(String(response.status));
        return response.text().then(function (html) {
          if (giveUp !== null) clearTimeout(giveUp);
          if (pending !== null) { clearTimeout(pending); pending = null; }
          retryNow = null;
          sending = false;
          document.body.classList.remove("sending");
          band("", "");
          if (!adopt(html)) { window.location.reload(); return; }
          if (attempt > 0 && (response.ok || response.redirected)) {
            band("recorded", worded("recorded")); // the retry's answer: recorded, once
            bandTimer = setTimeout(function () { band("", ""); }, 6000);
          }
          const problem = document.getElementById("problem");
          if (problem) problem.focus();
          if (latest > shown) refresh(latest);
        });
      })
      .catch(function () {
        if (giveUp !== null) clearTimeout(giveUp);
        band("pending", worded("pending"));
        retryNow = function () {
          if (pending !== null) { clearTimeout(pending); pending = null; }
          retryNow = null;
          send(form, data, attempt + 1);
        };
        pending = setTimeout(function () { if (retryNow) retryNow(); }, 1000);
      });
  }

  root.addEventListener("submit", function (event) {
    const form = event.target;
    if (!window.fetch || !window.FormData || !window.DOMParser) {
      // posted as a page: one submission, a double tap sends nothing more
      if (sending) { event.preventDefault(); return; }
      sending = true;
      document.body.classList.add("sending");
      return;
    }
    event.preventDefault();
    if (sending) { // one action at a time: another tap is refused, and says why
      band("pending", worded("wait"));
      bandTimer = setTimeout(function () {
        band(retryNow ? "pending" : "", retryNow ? worded("pending") : "");
      }, 3000);
      return;
    }
    const button = event.submitter || form.querySelector("button[type=submit]");
    const data = new FormData(form);
    if (button && button.name) data.append(button.name, button.value);
    data.set("idempotency_key", newKey());
    waiting = (button ? button.textContent : "").trim().replace(/\s+/g, " ");
    send(form, data, 0);
  });
})();
