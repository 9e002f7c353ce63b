// A seat's page: redraw when the table changes (live.js tells when), light up
// the cards a hint would touch, and send each action once (once.js): each tap
// carries a key of its own, the same on every retry, so an action whose answer
// was lost is recorded once; a band names the action that waits, and says when
// it is recorded. Without fetch, the form is posted as a page (its key is the
// form's).
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
  let posted = false; // without fetch: the form was posted as a page
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
    if (fetching || posted || once.busy() || latest <= shown) return;
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

  // ---- each tap once: its own key, the same on every retry (once.js) ----
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

  const once = DeckforgeOnce.sender({
    saving: saving,
    place: function (html) { return adopt(html); },
    placed: function () {
      const problem = document.getElementById("problem");
      if (problem) problem.focus();
      if (latest > shown) refresh(latest);
    },
  });

  DeckforgeLive.follow({
    events: root.dataset.events,
    state: root.dataset.state,
    poll: parseFloat(root.dataset.poll || "3"),
    onVersion: function (version) {
      if (once.retrying()) { once.retryNow(); return; } // the referee answers again: send now
      refresh(version);
    },
    onStatus: function (status) {
      offline.hidden = status !== "offline";
      if (status !== "offline") once.retryNow();
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

  root.addEventListener("submit", function (event) {
    const form = event.target;
    if (!window.fetch || !window.FormData || !window.DOMParser) {
      // posted as a page: one submission, a double tap sends nothing more
      if (posted) { event.preventDefault(); return; }
      posted = true;
      document.body.classList.add("sending");
      return;
    }
    event.preventDefault();
    if (once.busy()) { once.refuse(); return; } // one action at a time, and says why
    const button = event.submitter || form.querySelector("button[type=submit]");
    const data = new FormData(form);
    if (button && button.name) data.append(button.name, button.value);
    once.send(form, data, (button ? button.textContent : "").trim().replace(/\s+/g, " "));
  });
})();
