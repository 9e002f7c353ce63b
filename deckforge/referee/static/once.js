// Each tap recorded once, for the leader's page and a seat's page alike: a tap's
// form is sent with fetch under a key of its own (Idempotency-Key, as the form
// field idempotency_key), the same on every retry. With the referee unreachable
// (no answer, a 5xx, or no answer within 8 s) the page stays, a band says which
// action is not recorded yet, and the same form (the same key) is sent again every
// second, and at once when the referee is heard from again (retryNow) or the
// browser is back online: a retry of an action already recorded is answered as the
// first time, and the band then says that the action is recorded. Another tap
// meanwhile is refused visibly (refuse). The band's words are the saving element's
// data-pending, data-recorded and data-wait, with {action} for the waiting action.
//
//   const once = DeckforgeOnce.sender({
//     saving: element,             // the band (role="status")
//     say: function (text) {},     // optional: a live region's announcement
//     place: function (html, response) { return true; }, // the answered page put in
//     placed: function () {},      // after it (and the "recorded" band): focus...
//     started: function () {},     // optional: each try sent
//   });
//   once.send(form, formData, "Play this card");
(function () {
  "use strict";
  const ATTEMPT_MS = 8000; // a request that hangs (Wi-Fi gone) is given up and sent again
  const RETRY_MS = 1000;
  const RECORDED_MS = 6000; // how long "recorded" stays
  const WAIT_MS = 3000; // how long "wait: ... is not recorded yet" stays

  function newKey() {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes); // randomUUID needs https; this does not
    return Array.from(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function sender(options) {
    const saving = options.saving;
    const say = options.say || function () {};
    let busy = false;
    let pending = null; // a retry timer while the server does not answer
    let retry = null; // sends the waiting action again at once
    let waiting = ""; // the waiting action, in the page's words
    let bandTimer = null;

    function band(kind, text) {
      if (bandTimer !== null) { clearTimeout(bandTimer); bandTimer = null; }
      saving.hidden = !text;
      saving.textContent = text;
      saving.classList.toggle("recorded", kind === "recorded");
    }

    function worded(key) { return (saving.dataset[key] || "").replace("{action}", waiting); }

    function retryNow() { if (retry) retry(); }

    function answered(response, html, attempt) {
      if (pending !== null) { clearTimeout(pending); pending = null; }
      retry = null;
      busy = false;
      document.body.classList.remove("sending");
      band("", "");
      if (!options.place(html, response)) { window.location.reload(); return; }
      if (attempt > 0 && (response.ok || response.redirected)) {
        // the retry's answer: this action is recorded (once, whichever try arrived)
        const text = worded("recorded");
        band("recorded", text);
        say(text);
        bandTimer = setTimeout(function () { band("", ""); }, RECORDED_MS);
      }
      if (options.placed) options.placed();
    }

    function post(form, data, attempt) {
      busy = true;
      document.body.classList.add("sending");
      if (options.started) options.started();
      const abort = window.AbortController ? new AbortController() : null;
      const giveUp = abort ? setTimeout(function () { abort.abort(); }, ATTEMPT_MS) : null;
      fetch(form.action, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" },
        signal: abort ? abort.signal : undefined,
      })
        .then(function (response) {
          if (response.status >= 500 || response.status === 0) throw new Error(String(response.status));
          return response.text().then(function (html) {
            if (giveUp !== null) clearTimeout(giveUp);
            answered(response, html, attempt);
          });
        })
        .catch(function () {
          // Nothing came back: keep the page, say which action waits, send it again soon,
          // and at once if the referee is heard from before then.
          if (giveUp !== null) clearTimeout(giveUp);
          band("pending", worded("pending"));
          retry = function () {
            if (pending !== null) { clearTimeout(pending); pending = null; }
            retry = null;
            post(form, data, attempt + 1);
          };
          pending = setTimeout(retryNow, RETRY_MS);
        });
    }

    window.addEventListener("online", retryNow);

    return {
      busy: function () { return busy; },
      retrying: function () { return retry !== null; },
      retryNow: retryNow,
      // the first try of a tap: a new key, kept for its retries
      send: function (form, data, what) {
        data.set("idempotency_key", newKey());
        waiting = what;
        post(form, data, 0);
      },
      // another tap while one waits: refused, and the band says why for a moment
      refuse: function () {
        const text = worded("wait");
        band("pending", text);
        say(text);
        bandTimer = setTimeout(function () {
          band(retry ? "pending" : "", retry ? worded("pending") : "");
        }, WAIT_MS);
      },
    };
  }

  window.DeckforgeOnce = { sender: sender, newKey: newKey };
})();
