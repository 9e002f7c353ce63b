// The theme studio's page: one YAML text, edited through a form or as text.
// The server owns the text's changes (comments and order kept) and every check;
// this script only sends edits, shows the answers and never builds HTML from
// theme texts (textContent and .value only).
"use strict";

(function () {
  const data = JSON.parse(document.getElementById("studio-data").textContent);
  const w = data.words;
  const $ = (id) => document.getElementById(id);
  const state = {
    text: "",
    name: "",
    folder: 0,
    merged: null,
    lines: {},
    report: null,
    current: { suit: 0, rank: 1 },
    pending: new Map(), // key -> edit, the latest value of each field wins
    editing: false, // an edit request is on its way
    checkSeq: 0,
    shape: "",
    schemaHelp: null,
    source: "", // what was opened (a deck's drafts are kept under it)
    savedText: null, // the text as opened or last saved: anything else is unsaved work
    invalid: new Map(), // field key -> the catalogue key of why the form cannot use it
    // a hosted referee's library deck being edited: its edit key, kept in this page only
    // (never in the browser's storage), and the name it belongs to
    editKey: null,
    keyName: "",
  };
  const DRAFTS = "deckforge.studio.draft:"; // + source: unsaved work kept in this browser

  // ---------------------------------------------------------------- requests

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Studio-Token": data.token },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    let answer = null;
    try {
      answer = await response.json();
    } catch (e) {
      answer = { error: response.statusText || String(response.status) };
    }
    return { ok: response.ok, status: response.status, body: answer };
  }

  function place() {
    const folder = $("folder");
    return { name: $("name").value.trim(), folder: folder ? Number(folder.value) : state.folder };
  }

  // a refusal in the page's language (error.<code> in the catalogue), else its English line
  function refusal(body) {
    const key = body && body.code ? "error." + body.code : "";
    return key && w[key] ? format(w[key], body.values || {}) : (body && body.error) || "";
  }

  function say(text, kind) {
    const status = $("status");
    status.textContent = text || "";
    status.className = "status" + (kind ? " " + kind : "");
  }

  // a refusal's message stays until its cause is gone: the next good answer clears it
  function clearError() {
    if ($("status").classList.contains("error")) say("");
  }

  // ---------------------------------------------------- unsaved work (drafts)

  function dirty() {
    return state.savedText !== null && state.text !== state.savedText;
  }

  function keepDraft() {
    if (!state.source) return;
    try {
      if (dirty()) {
        const draft = { text: state.text, name: $("name").value.trim(), time: Date.now() };
        localStorage.setItem(DRAFTS + state.source, JSON.stringify(draft));
      } else {
        localStorage.removeItem(DRAFTS + state.source);
      }
    } catch (e) {
      /* private mode or a full storage: the page still works, without drafts */
    }
  }

  function storedDraft(source) {
    try {
      const draft = JSON.parse(localStorage.getItem(DRAFTS + source) || "null");
      return draft && typeof draft.text === "string" ? draft : null;
    } catch (e) {
      return null;
    }
  }

  function offerDraft(draft) {
    state.offered = draft;
    const box = $("restore");
    box.hidden = !draft || draft.text === state.text;
    if (box.hidden) return;
    const when = new Date(draft.time || Date.now()).toLocaleString(document.documentElement.lang, {
      dateStyle: "medium",
      timeStyle: "short",
    });
    $("restore-text").textContent = format(w["restore.text"], { when: when });
  }

  function restoreDraft() {
    const draft = state.offered;
    $("restore").hidden = true;
    if (!draft) return;
    if (draft.name) $("name").value = draft.name;
    setText(draft.text, true);
    state.shape = "";
    clearInvalid();
    check();
    say(w["status.restored"], "good");
  }

  function dropDraft() {
    try {
      localStorage.removeItem(DRAFTS + state.source);
    } catch (e) {
      /* nothing kept */
    }
    $("restore").hidden = true;
  }

  // ------------------------------------------------------------ open, check

  async function openTheme(source, editKey) {
    if (dirty() && !window.confirm(w["confirm.leave"])) {
      $("source").value = state.source;
      return;
    }
    say(w["status.opening"]);
    const asked = { source: source };
    if (editKey !== undefined) asked.edit_key = editKey;
    const answer = await post(data.api.open, asked);
    if (!answer.ok) {
      say(refusal(answer.body), "error");
      return;
    }
    const draft = storedDraft(source); // read before the opened text is kept as the deck's
    state.source = ""; // no draft is written while the opened text comes in
    state.savedText = answer.body.text;
    clearInvalid();
    state.name = answer.body.name;
    state.folder = answer.body.folder;
    $("name").value = answer.body.name;
    if ($("folder")) $("folder").value = String(answer.body.folder);
    setText(answer.body.text, true);
    state.source = source;
    state.current = { suit: 0, rank: 1 };
    state.shape = "";
    applyReport(answer.body.report);
    $("after-save").hidden = true;
    const inPlace = answer.body.kind === "database";
    state.editKey = inPlace ? editKey : null;
    state.keyName = inPlace ? answer.body.name : "";
    if (data.hosted) {
      // a library deck chosen (it may have been chosen while this opened) and not open in
      // place: its author may type its key to edit it
      $("key-open").hidden = inPlace || !$("source").value.startsWith("db:");
      $("edit-key-input").value = "";
    }
    const opened = { folder: "status.opened", database: "status.opened_library" }[answer.body.kind];
    say(w[opened || (data.hosted ? "status.copy_library" : "status.copy")]);
    offerDraft(draft);
  }

  let checkTimer = null;
  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, 350);
  }

  async function check() {
    const seq = ++state.checkSeq;
    const text = state.text;
    const answer = await post(data.api.check, Object.assign({ text: text }, place()));
    if (seq !== state.checkSeq || text !== state.text) return; // a newer text is on its way
    if (!answer.ok) {
      say(refusal(answer.body), "error");
      return;
    }
    clearError();
    applyReport(answer.body.report);
  }

  let editTimer = null;
  // an edit leaves at once when none is on its way; keys typed meanwhile wait for its
  // answer and leave together (the latest value of each field), so the card follows the
  // typing without a fixed delay and the server gets at most one edit at a time
  function queueEdit(path, value, remove) {
    state.pending.set(JSON.stringify(path), { path: path, value: value, remove: !!remove });
    clearTimeout(editTimer);
    editTimer = setTimeout(sendEdits, 0);
  }

  async function sendEdits() {
    if (state.editing || state.pending.size === 0) return;
    const edits = Array.from(state.pending.values());
    state.pending.clear();
    state.editing = true;
    state.checkSeq++; // a check still under way answers for an older text
    try {
      const answer = await post(data.api.edit, Object.assign({ text: state.text, edits: edits }, place()));
      if (!answer.ok) {
        say(refusal(answer.body), "error");
        showFindings(answer.body.problems || [], []);
        return;
      }
      clearError();
      setText(answer.body.text, false);
      applyReport(answer.body.report);
      revertInvalid();
    } finally {
      state.editing = false;
      if (state.pending.size) sendEdits();
    }
  }

  function setText(text, force) {
    state.text = text;
    keepDraft();
    const area = $("yaml");
    if (force || document.activeElement !== area) {
      const top = area.scrollTop;
      area.value = text;
      area.scrollTop = top;
    }
    drawGutter();
  }

  // ---------------------------------------------------------------- reports

  function applyReport(report) {
    state.report = report;
    state.lines = report.lines || {};
    if (report.merged && typeof report.merged === "object" && !Array.isArray(report.merged)) {
      state.merged = report.merged;
      $("form-blocked").hidden = true;
      $("theme-form").classList.remove("blocked");
      renderForm(report.merged);
    } else {
      $("form-blocked").hidden = false;
      $("theme-form").classList.add("blocked");
    }
    showFindings(report.problems, report.warnings);
    showPreview();
    if (!$("deck").hidden) showDeck();
    const summary = report.summary;
    $("summary").textContent = summary
      ? format(w["preview.summary"], {
          cards: summary.cards,
          suits: summary.suits,
          max: summary.max_score,
          players: summary.counts.join(", "),
        })
      : "";
    showReadiness();
    scheduleEstimate();
  }

  // the deck is ready (saved, printed, simulated) only when the server found no problem
  // and every field of the form holds a value it can use
  function showReadiness() {
    const report = state.report || {};
    const ready = !!report.summary && state.invalid.size === 0;
    $("simulate-button").disabled = !ready || !!state.simulating;
    $("save-button").disabled = !ready;
    const findings = (report.problems || []).length + (report.warnings || []).length;
    $("all-good").hidden = !ready || findings > 0;
    $("not-ready").hidden = state.invalid.size === 0;
  }

  function format(text, values) {
    return String(text).replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));
  }

  // the form's field a key path points at (or its nearest parent that has one)
  function fieldOf(key) {
    let parts = key ? key.split(".") : [];
    while (parts.length) {
      const field = document.querySelector('[data-key="' + CSS.escape(parts.join(".")) + '"]');
      if (field) return field;
      parts = parts.slice(0, -1);
    }
    return null;
  }

  // "Bouddhisme 1 › Texte": the field's label, and the card or group it belongs to
  function labelOf(field) {
    const label = document.querySelector('label[for="' + CSS.escape(field.id) + '"]');
    const own = label ? label.textContent : "";
    const group = field.closest("fieldset");
    const details = field.closest("details");
    const outer = group ? group.querySelector("legend") : details ? details.querySelector("summary") : null;
    const context = outer ? outer.textContent : "";
    return context && context !== own ? context + " › " + own : own;
  }

  // a finding in the teacher's words: the field's name and a sentence of the catalogue
  function plainText(finding, kind) {
    const plain = finding.plain || { field: "", code: kind, values: {} };
    const sentence = format(w["plain." + plain.code] || w["plain." + kind], plain.values || {});
    const field = plain.field ? fieldOf(plain.field) : null;
    return field ? format(w["plain.at"], { field: labelOf(field), message: sentence }) : sentence;
  }

  function focusField(field) {
    showTab("form");
    for (let d = field.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  }

  function showFindings(problems, warnings) {
    for (const old of document.querySelectorAll(".finding-message")) old.remove();
    for (const old of document.querySelectorAll(".has-problem, .has-warning")) {
      old.classList.remove("has-problem", "has-warning");
    }
    const lists = [
      [$("problems"), problems || [], "problem"],
      [$("warnings"), warnings || [], "warning"],
    ];
    for (const [list, findings, kind] of lists) {
      list.textContent = "";
      for (const finding of findings) {
        const item = document.createElement("li");
        item.className = kind;
        const plain = finding.plain || {};
        const field = plain.field && !finding.file ? fieldOf(plain.field) : null;
        // the form view: plain words; a click goes to the field (or to the text's line)
        const words = document.createElement("button");
        words.type = "button";
        words.className = "plain";
        words.textContent = plainText(finding, kind);
        words.addEventListener("click", () => {
          if (field) focusField(field);
          else if (finding.line) goToLine(finding.line, finding.column);
        });
        // the YAML view: the line and the designer's message
        const where = document.createElement("button");
        where.type = "button";
        where.className = "where";
        where.textContent = finding.line
          ? finding.line + ":" + finding.column
          : finding.file || w["findings.general"];
        if (finding.line) where.addEventListener("click", () => goToLine(finding.line, finding.column));
        const text = document.createElement("span");
        text.className = "technical";
        text.textContent = " " + finding.message;
        item.append(words, where, text);
        list.append(item);
        if (field) {
          const box = field.closest(".field") || field;
          box.classList.add(kind === "problem" ? "has-problem" : "has-warning");
          const message = document.createElement("p");
          message.className = "field-message finding-message " + kind;
          message.textContent = format(w["plain." + plain.code] || w["plain." + kind], plain.values || {});
          box.append(message);
        }
      }
    }
    showReadiness();
  }

  // ---------------------------------------------------------------- preview

  function cardOf(suit, rank) {
    const cards = (state.report && state.report.cards) || [];
    return cards.find((c) => c.suit === suit && c.rank === rank) || cards[0] || null;
  }

  function setImage(img, url) {
    if (url && img.getAttribute("src") !== url) img.setAttribute("src", url);
    img.classList.toggle("stale", !url);
  }

  function showPreview() {
    const card = cardOf(state.current.suit, state.current.rank);
    const mini = $("mini-preview");
    mini.hidden = !card;
    if (card) setImage(mini.querySelector("img"), card.image);
    $("mini-name").textContent = card ? card.label : "";
    if (card && $("card-dialog").open) showCard();
    if (card) {
      setImage($("preview-front"), card.image);
      $("card-name").textContent = card.label;
    } else {
      setImage($("preview-front"), null);
    }
    setImage($("preview-back"), state.report && state.report.back);
  }

  // on a phone: the card being edited, at a readable size, until the teacher closes it
  function showCard() {
    const card = cardOf(state.current.suit, state.current.rank);
    if (!card) return;
    setImage($("card-dialog-image"), card.image);
    $("card-dialog-image").alt = card.label;
    $("card-dialog-name").textContent = card.label;
    if (!$("card-dialog").open) $("card-dialog").showModal();
  }

  function choose(suit, rank) {
    if (state.current.suit === suit && state.current.rank === rank) return;
    state.current = { suit: suit, rank: rank };
    showPreview();
  }

  function showDeck() {
    const grid = $("deck-grid");
    const cards = (state.report && state.report.cards) || [];
    const figures = grid.children;
    while (figures.length > cards.length) grid.lastChild.remove();
    cards.forEach((card, index) => {
      let figure = figures[index];
      if (!figure) {
        figure = document.createElement("figure");
        const button = document.createElement("button");
        button.type = "button";
        const img = document.createElement("img");
        img.loading = "lazy";
        img.width = 126;
        img.height = 176;
        const caption = document.createElement("figcaption");
        button.append(img);
        figure.append(button, caption);
        button.addEventListener("click", () => {
          const c = state.report.cards[index];
          choose(c.suit, c.rank);
          const field = document.querySelector('[data-key="suits.' + c.suit + ".cards." + c.rank + '.text"]');
          if (field) {
            field.closest("details").open = true;
            field.scrollIntoView({ block: "center" });
          }
        });
        grid.append(figure);
      }
      const img = figure.querySelector("img");
      setImage(img, card.image);
      img.alt = card.label;
      figure.querySelector("figcaption").textContent = card.label;
    });
  }

  // ------------------------------------------------------------------- form


  function shapeOf(m) {
    const suits = Array.isArray(m.suits) ? m.suits : [];
    const hand = m.players && m.players.hand_size;
    return JSON.stringify([
      suits.map((s) => (s && Array.isArray(s.copies) ? s.copies.length : 5)),
      suits.map((s) => (s && typeof s.id === "string" ? s.id : "")),
      Array.isArray(m.rating) ? m.rating.length : 0,
      hand && typeof hand === "object" ? Object.keys(hand) : typeof hand,
    ]);
  }

  function at(value, path) {
    let node = value;
    for (const key of path) {
      if (node === null || typeof node !== "object") return undefined;
      node = node[key];
    }
    return node;
  }

  function renderForm(merged) {
    const form = $("theme-form");
    const shape = shapeOf(merged);
    if (shape !== state.shape) {
      state.shape = shape;
      const open = Array.from(form.querySelectorAll("details[open]")).map((d) => d.dataset.name);
      form.textContent = "";
      buildForm(form, merged);
      for (const d of form.querySelectorAll("details")) {
        if (open.includes(d.dataset.name)) d.open = true;
      }
    }
    for (const input of form.querySelectorAll("[data-path]")) {
      if (input === document.activeElement || state.invalid.has(input.dataset.key)) continue;
      const path = JSON.parse(input.dataset.path);
      const value = at(merged, path);
      const kind = input.dataset.kind;
      if (kind === "bool") input.checked = value === undefined ? input.dataset.default === "true" : !!value;
      else if (kind === "ints") input.value = Array.isArray(value) ? value.join(", ") : "";
      else if (kind === "lines") input.value = Array.isArray(value) ? value.join("\n") : "";
      else if (kind === "choice") input.value = value === undefined ? input.dataset.default : String(value);
      else if (kind === "colour") input.value = /^#[0-9a-fA-F]{6}$/.test(String(value)) ? String(value).toLowerCase() : "#000000";
      else input.value = value === undefined || value === null ? "" : String(value);
      if (input.tagName === "TEXTAREA" && input.offsetParent !== null) fitHeight(input);
      const written = state.lines[path.join(".")] !== undefined;
      input.classList.toggle("inherited", !written && value !== undefined);
    }
  }

  function section(form, name, title, open) {
    const details = document.createElement("details");
    details.dataset.name = name;
    if (open) details.open = true;
    details.addEventListener("toggle", () => {
      if (details.open) details.querySelectorAll("textarea").forEach(fitHeight);
    });
    const summary = document.createElement("summary");
    summary.textContent = title;
    details.append(summary);
    form.append(details);
    return details;
  }

  function field(parent, label, path, kind, options) {
    options = options || {};
    const box = document.createElement("div");
    box.className = "field " + (options.wide ? "wide" : "");
    const id = "f-" + path.join("-");
    const caption = document.createElement("label");
    caption.htmlFor = id;
    caption.textContent = label;
    let input;
    if (kind === "textarea" || kind === "lines") {
      input = document.createElement("textarea");
      input.rows = options.rows || 3;
    } else if (kind === "choice") {
      input = document.createElement("select");
      for (const choice of options.choices) {
        const option = document.createElement("option");
        option.value = choice;
        option.textContent = (options.labels && options.labels.get(choice)) || w["choice." + choice] || choice;
        input.append(option);
      }
      input.dataset.default = options.default;
    } else {
      input = document.createElement("input");
      input.type = { int: "number", bool: "checkbox", colour: "color" }[kind] || "text";
      if (kind === "int") input.inputMode = "numeric";
      if (kind === "bool") input.dataset.default = String(!!options.default);
      if (options.max) input.maxLength = options.max;
    }
    input.id = id;
    if (kind === "text" || kind === "textarea") input.dir = "auto"; // a deck's own language
    input.dataset.path = JSON.stringify(path);
    input.dataset.key = path.join(".");
    input.dataset.kind = kind === "textarea" ? "text" : kind === "lines" ? "lines" : kind;
    if (options.optional) input.dataset.optional = "true";
    const event = kind === "bool" || kind === "choice" || kind === "colour" ? "change" : "input";
    input.addEventListener(event, () => changed(input));
    input.addEventListener("focus", () => focused(path, input));
    if (kind === "bool") box.append(input, caption);
    else box.append(caption, input);
    parent.append(box);
    return input;
  }

  function fitHeight(area) {
    area.style.height = "auto";
    area.style.height = area.scrollHeight + 2 + "px";
  }

  function changed(input) {
    if (input.tagName === "TEXTAREA") fitHeight(input);
    const path = JSON.parse(input.dataset.path);
    const kind = input.dataset.kind;
    let value = input.value;
    if (kind === "bool") value = input.checked;
    else if (kind === "int") {
      if (!/^-?\d+$/.test(value.trim())) return markInvalid(input, "invalid.int");
      value = Number(value.trim());
    } else if (kind === "ints") {
      const parts = value.split(/[\s,;]+/).filter(Boolean);
      if (!parts.length || !parts.every((p) => /^\d+$/.test(p))) return markInvalid(input, "invalid.ints");
      value = parts.map(Number);
    } else if (kind === "lines") {
      // one question a line; an empty box removes the list
      const lines = value.split("\n").map((line) => line.trim()).filter(Boolean);
      value = lines.length ? lines : "";
    }
    markValid(input);
    if (path.length === 1 && path[0] === "title") followTitle(value);
    if (typeof value === "string" && value === "" && input.dataset.optional) {
      queueEdit(path, null, true);
    } else {
      queueEdit(path, value, false);
    }
  }

  // a value the form cannot use stays as typed, marked, and is not sent: Save waits
  function markInvalid(input, why) {
    const key = input.dataset.key;
    state.invalid.set(key, why);
    state.pending.delete(input.dataset.path);
    revertInvalid();
    input.setAttribute("aria-invalid", "true");
    const box = input.closest(".field") || input.parentNode;
    let message = box.querySelector(".invalid-message");
    if (!message) {
      message = document.createElement("p");
      message.className = "field-message problem invalid-message";
      message.id = input.id + "-invalid";
      box.append(message);
    }
    message.textContent = w[why];
    input.setAttribute("aria-describedby", message.id);
    showReadiness();
  }

  // a field marked unusable: the text keeps what it said before the teacher typed there,
  // even if a first keystroke ("4" of "4 et 5") had already been sent
  function revertInvalid() {
    for (const key of state.invalid.keys()) {
      const input = document.querySelector('[data-key="' + CSS.escape(key) + '"]');
      const before = input && input.dataset.before ? JSON.parse(input.dataset.before) : null;
      if (!before || state.pending.has(input.dataset.path)) continue;
      const path = JSON.parse(input.dataset.path);
      if (JSON.stringify(at(state.merged || {}, path)) !== JSON.stringify(before.value)) {
        queueEdit(path, before.written ? before.value : null, !before.written);
      }
    }
  }

  function markValid(input) {
    if (!state.invalid.delete(input.dataset.key)) return;
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    const box = input.closest(".field") || input.parentNode;
    const message = box.querySelector(".invalid-message");
    if (message) message.remove();
    showReadiness();
  }

  function clearInvalid() {
    for (const input of document.querySelectorAll('#theme-form [aria-invalid="true"]')) markValid(input);
    state.invalid.clear();
    showReadiness();
  }

  // the back of the cards shows the title unless the teacher wrote another one there
  function followTitle(title) {
    const merged = state.merged || {};
    const back = at(merged, ["print", "back", "title"]);
    if (back === undefined || (back !== merged.title && back !== "")) return;
    const input = document.querySelector('[data-key="print.back.title"]');
    if (input) input.value = title;
    queueEdit(["print", "back", "title"], title, false);
  }

  function focused(path, input) {
    // what the text said when the teacher came into the field: put back if what they
    // type turns out unusable (no "4" kept from "4 et 5")
    if (input && !state.invalid.has(input.dataset.key)) {
      const written = state.lines[input.dataset.key] !== undefined;
      input.dataset.before = JSON.stringify({ written: written, value: at(state.merged || {}, path) });
    }
    if (path[0] === "suits" && typeof path[1] === "number") {
      const rank = path[2] === "cards" ? Number(path[3]) : state.current.suit === path[1] ? state.current.rank : 1;
      choose(path[1], rank);
    }
  }

  function buildForm(form, m) {
    const deck = section(form, "deck", w["form.deck"], true);
    field(deck, w["form.title"], ["title"], "text", { wide: true });
    const language = String(at(m, ["language"]) || "en");
    const names = new Map(data.languages);
    if (!names.has(language)) names.set(language, language);
    field(deck, w["form.language"], ["language"], "choice", { choices: Array.from(names.keys()), labels: names, default: "en" });
    field(deck, w["form.description"], ["description"], "textarea", { wide: true, optional: true });
    if (at(m, ["print", "back"])) field(deck, w["form.back_title"], ["print", "back", "title"], "text", { wide: true });

    const players = section(form, "players", w["form.players"]);
    field(players, w["form.counts"], ["players", "counts"], "ints");
    const hand = at(m, ["players", "hand_size"]);
    if (hand && typeof hand === "object" && !Array.isArray(hand)) {
      for (const count of Object.keys(hand)) {
        field(players, format(w["form.hand_for"], { count: count }), ["players", "hand_size", count], "int");
      }
    } else {
      field(players, w["form.hand"], ["players", "hand_size"], "int");
    }
    field(players, w["form.teams"], ["players", "teams"], "bool", { default: false });
    field(players, w["form.first"], ["players", "first"], "textarea", { wide: true, rows: 2, optional: true });

    const tokens = section(form, "tokens", w["form.tokens"]);
    for (const kind of ["hint", "error"]) {
      const group = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = w["form.token_" + kind];
      group.append(legend);
      field(group, w["form.count"], ["tokens", kind, "count"], "int");
      field(group, w["form.token_name"], ["tokens", kind, "name"], "text");
      field(group, w["form.plural"], ["tokens", kind, "plural"], "text", { optional: true });
      field(group, w["form.colour"], ["tokens", kind, "colour"], "colour");
      tokens.append(group);
    }

    const rules = section(form, "rules", w["form.rules"]);
    // the switches, their choices and defaults as the theme model has them (rule_switches)
    for (const rule of data.rules) {
      field(rules, w["rule." + rule.name], ["rules", rule.name], rule.kind, { choices: rule.choices, default: rule.default });
    }

    const rating = section(form, "rating", w["form.rating"]);
    (Array.isArray(m.rating) ? m.rating : []).forEach((band, i) => {
      const row = document.createElement("div");
      row.className = "row";
      field(row, w["form.from"], ["rating", i, "from"], "int");
      field(row, w["form.to"], ["rating", i, "to"], "int");
      field(row, w["form.label"], ["rating", i, "label"], "text", { wide: true });
      rating.append(row);
    });

    // questions for the class after a game: one a line, for the deck and per suit
    const debrief = section(form, "debrief", w["form.debrief"]);
    const help = document.createElement("p");
    help.className = "muted small wide";
    help.textContent = w["form.debrief_help"];
    debrief.append(help);
    field(debrief, w["form.debrief_questions"], ["debrief", "questions"], "lines", { wide: true, optional: true });
    (Array.isArray(m.suits) ? m.suits : []).forEach((suit, i) => {
      if (!suit || typeof suit.id !== "string") return;
      const name = suit.name ? String(suit.name) : String(i + 1);
      field(debrief, format(w["form.debrief_suit"], { name: name }), ["debrief", "suits", suit.id], "lines", { wide: true, optional: true });
    });

    (Array.isArray(m.suits) ? m.suits : []).forEach((suit, i) => {
      const name = suit && suit.name ? String(suit.name) : String(i + 1);
      const box = section(form, "suit-" + i, format(w["form.suit"], { name: name }), i === 0);
      const row = document.createElement("div");
      row.className = "row";
      field(row, w["form.suit_name"], ["suits", i, "name"], "text");
      field(row, w["form.colour"], ["suits", i, "colour"], "colour");
      field(row, w["form.symbol"], ["suits", i, "symbol"], "text", { max: 2 });
      field(row, w["form.direction"], ["suits", i, "direction"], "choice", { choices: ["up", "down"], default: "up" });
      box.append(row);
      const ranks = suit && Array.isArray(suit.copies) ? suit.copies.length : 5;
      for (let rank = 1; rank <= ranks; rank++) {
        const card = document.createElement("fieldset");
        card.className = "card";
        const legend = document.createElement("legend");
        legend.textContent = format(w["form.card"], { name: name, rank: rank });
        card.append(legend);
        field(card, w["form.card_title"], ["suits", i, "cards", String(rank), "title"], "text", { wide: true, optional: true });
        field(card, w["form.card_text"], ["suits", i, "cards", String(rank), "text"], "textarea", { wide: true, optional: true });
        box.append(card);
      }
    });
  }

  // ------------------------------------------------------------- YAML view

  function drawGutter() {
    const count = state.text.split("\n").length;
    const numbers = [];
    for (let i = 1; i <= count; i++) numbers.push(i);
    $("gutter").textContent = numbers.join("\n");
  }

  function lineOfCursor() {
    const area = $("yaml");
    return area.value.slice(0, area.selectionStart).split("\n").length;
  }

  function goToLine(line, column) {
    showTab("yaml");
    const area = $("yaml");
    const lines = area.value.split("\n");
    let start = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
    const at = start + Math.max(0, (column || 1) - 1);
    area.focus();
    area.setSelectionRange(at, start + (lines[line - 1] || "").length);
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (line - 5) * lineHeight);
  }

  function followCursor(event) {
    if (event && event.ctrlKey) return; // Ctrl+Space: the completion's list stays shown
    const line = lineOfCursor();
    let best = null;
    for (const [key, at] of Object.entries(state.lines)) {
      const match = /^suits\.(\d+)(?:\.cards\.(\d+))?$/.exec(key);
      if (match && at <= line && (!best || at >= best.at)) {
        best = { at: at, suit: Number(match[1]), rank: match[2] ? Number(match[2]) : 1 };
      }
    }
    if (best) choose(best.suit, best.rank);
    showKeyHelp(line);
  }

  // every key of the theme format, with its description (from the JSON Schema), once
  async function schemaHelp() {
    if (state.schemaHelp === null) {
      state.schemaHelp = {};
      try {
        const response = await fetch(data.api.schema, { credentials: "same-origin" });
        const schema = await response.json();
        const walk = (node) => {
          if (Array.isArray(node)) node.forEach(walk);
          else if (node && typeof node === "object") {
            for (const [name, value] of Object.entries(node.properties || {})) {
              const text = value && typeof value.description === "string" ? value.description : "";
              if (!state.schemaHelp[name]) state.schemaHelp[name] = text;
            }
            Object.values(node).forEach(walk);
          }
        };
        walk(schema);
      } catch (e) {
        /* no help: the editor still works */
      }
    }
    return state.schemaHelp;
  }

  // Ctrl+Space after the start of a key: the format's keys (from the JSON Schema) that
  // begin so; one is completed, several are listed under the editor
  async function completeKey(event) {
    if (!(event.ctrlKey && (event.key === " " || event.code === "Space"))) return;
    event.preventDefault();
    const area = $("yaml");
    const before = area.value.slice(0, area.selectionStart);
    const typed = /(?:^|\n)[ \t]*(?:-[ \t]+)?([A-Za-z_]*)$/.exec(before);
    if (!typed) return;
    const help = await schemaHelp();
    const names = Object.keys(help).filter((name) => name.startsWith(typed[1])).sort();
    if (names.length === 1) {
      const rest = names[0].slice(typed[1].length) + ": ";
      area.setRangeText(rest, area.selectionStart, area.selectionEnd, "end");
      area.dispatchEvent(new Event("input"));
      $("key-help").textContent = names[0] + (help[names[0]] ? ": " + help[names[0]] : "");
    } else {
      $("key-help").textContent = names.join(", ");
    }
  }

  async function showKeyHelp(line) {
    const text = $("yaml").value.split("\n")[line - 1] || "";
    const key = /^\s*(?:-\s+)?([A-Za-z_][\w-]*):/.exec(text);
    if (!key) {
      $("key-help").textContent = "";
      return;
    }
    const help = (await schemaHelp())[key[1]];
    $("key-help").textContent = help ? key[1] + ": " + help : "";
  }

  function showTab(name) {
    const yaml = name === "yaml";
    document.body.dataset.view = name;
    $("yaml-view").hidden = !yaml;
    $("form-view").hidden = yaml;
    $("tab-yaml").setAttribute("aria-selected", String(yaml));
    $("tab-form").setAttribute("aria-selected", String(!yaml));
    if (yaml) drawGutter();
    else $("theme-form").querySelectorAll("details[open] textarea").forEach(fitHeight);
  }

  // ------------------------------------------------------ save, simulate

  async function save(replace) {
    await flushEdits();
    if (state.invalid.size) return;
    const where = place();
    say(w["status.saving"]);
    const language = document.documentElement.lang;
    const asked = Object.assign({ text: state.text, replace: !!replace, language }, where);
    if (data.hosted && state.editKey !== null && where.name === state.keyName) asked.edit_key = state.editKey;
    const answer = await post(data.api.save, asked);
    if (answer.status === 409 && !replace && answer.body.code === "exists" && !data.hosted) {
      // the server's question says how many tables use the deck (they keep their version)
      const values = answer.body.values || {};
      if (window.confirm(values.question || format(w["save.replace"], { name: where.name }))) return save(true);
      say("");
      return;
    }
    if (!answer.ok) {
      const taken = data.hosted && answer.body.code === "exists"; // the library never replaces
      say(taken ? format(w["error.exists_library"], { name: where.name }) : refusal(answer.body), "error");
      if (answer.body.problems && answer.body.problems.length) showFindings(answer.body.problems, []);
      return;
    }
    setText(answer.body.text, true);
    applyReport(answer.body.report);
    state.savedText = answer.body.text;
    const saved = data.hosted ? answer.body.ref : "folder:" + where.folder + ":" + answer.body.ref;
    if (saved !== state.source) dropDraft();
    state.source = saved;
    keepDraft();
    const title = (state.merged && state.merged.title) || answer.body.name;
    say(format(w["status.saved"], { title: title, name: answer.body.name }), "good");
    const nav = $("after-save");
    nav.textContent = "";
    for (const [key, url] of Object.entries(data.links)) {
      if (key === "home") continue; // the studio's title leads there already
      const link = document.createElement("a");
      link.href = url + (url.includes("?") ? "&" : "?") + "theme=" + encodeURIComponent(answer.body.ref);
      link.textContent = w["after." + key] || key;
      link.className = "button";
      nav.append(link);
    }
    nav.hidden = nav.children.length === 0;
    if (answer.body.edit_key) showEditKey(answer.body.edit_key, answer.body.name);
  }

  // a new library deck's edit key: shown this once, kept in this page for its next saves
  function showEditKey(key, name) {
    state.editKey = key;
    state.keyName = name;
    $("edit-key-value").textContent = key;
    $("edit-key-copied").hidden = true;
    $("edit-key").hidden = false;
    $("edit-key").scrollIntoView({ block: "nearest" });
  }

  async function copyEditKey() {
    const key = $("edit-key-value").textContent;
    try {
      await navigator.clipboard.writeText(key);
    } catch (e) {
      const range = document.createRange(); // no clipboard (plain http): select it to copy
      range.selectNodeContents($("edit-key-value"));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    $("edit-key-copied").hidden = false;
  }

  // a library deck chosen in the Open list: open a copy (Open), or the deck itself with its key
  function offerKeyOpen() {
    if (!data.hosted) return;
    $("key-open").hidden = !$("source").value.startsWith("db:");
  }

  async function flushEdits() {
    clearTimeout(editTimer);
    await sendEdits();
    for (let i = 0; i < 100 && (state.editing || state.pending.size); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // ------------------------------------------------------------ simulation

  function simulationChoice() {
    return Object.assign(
      { text: state.text, games: Number($("simulate-games").value), profile: $("simulate-profile").value },
      place()
    );
  }

  // "40 seconds", "3 minutes", "1 hour 5 minutes", in the page's language
  function duration(seconds) {
    const lang = document.documentElement.lang;
    const unit = (value, name) =>
      new Intl.NumberFormat(lang, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
    const s = Math.max(1, Math.round(seconds));
    if (s < 60) return unit(s < 10 ? s : Math.round(s / 5) * 5, "second");
    const minutes = Math.round(s / 60);
    if (minutes < 60) return unit(minutes, "minute");
    const hours = Math.floor(minutes / 60);
    return unit(hours, "hour") + (minutes % 60 ? " " + unit(minutes % 60, "minute") : "");
  }

  let estimateTimer = null;
  function scheduleEstimate() {
    clearTimeout(estimateTimer);
    $("simulate-bots").textContent = w["simulate.about." + $("simulate-profile").value];
    if (!state.report || !state.report.summary || state.simulating) return;
    estimateTimer = setTimeout(estimate, 800);
  }

  async function estimate() {
    const text = state.text;
    const answer = await post(data.api.estimate, simulationChoice());
    if (!answer.ok || text !== state.text || state.simulating) return;
    let line = format(w["simulate.estimate"], { time: duration(answer.body.play) });
    if (answer.body.wait > 0) line += " " + format(w["simulate.estimate_wait"], { time: duration(answer.body.wait) });
    $("simulate-estimate").textContent = line;
  }

  async function simulate() {
    await flushEdits();
    const button = $("simulate-button");
    const bar = $("simulate-progress");
    const cancel = $("simulate-cancel");
    const shown = $("simulate-state");
    const previous = state.lastRun || null;
    button.disabled = true;
    const answer = await post(data.api.simulate, simulationChoice());
    if (!answer.ok) {
      say(refusal(answer.body), "error");
      button.disabled = false;
      return;
    }
    state.simulating = answer.body;
    $("simulate-estimate").textContent = "";
    bar.hidden = false;
    bar.value = 0;
    cancel.hidden = false;
    shown.textContent = "";
    const poll = async () => {
      const response = await fetch(answer.body.status, { credentials: "same-origin" });
      const run = await response.json();
      if (state.simulating !== answer.body) return; // a newer run took over
      bar.max = run.total || 1;
      bar.value = run.done;
      if (!run.finished) {
        shown.textContent = run.waiting
          ? format(w["simulate.waiting"], { n: run.waiting })
          : format(w["simulate.left"], { time: duration(run.seconds_left) });
        setTimeout(poll, 400);
        return;
      }
      state.simulating = null;
      button.disabled = false;
      bar.hidden = true;
      cancel.hidden = true;
      shown.textContent = "";
      showReadiness();
      if (run.error) {
        if (run.error === "stopped") shown.textContent = w["simulate.cancelled"];
        else say(run.error, "error");
        return;
      }
      showRun(run, previous);
      state.lastRun = run;
    };
    poll();
  }

  async function cancelSimulation() {
    const run = state.simulating;
    if (run) await post(run.cancel, {});
  }

  function number(value) {
    return value === null ? "–" : Number(value).toLocaleString(document.documentElement.lang);
  }

  // "12 %" in French (a narrow no-break space), "12%" in English: the language's own way
  function percent(share) {
    return new Intl.NumberFormat(document.documentElement.lang, { style: "percent", maximumFractionDigits: 1 }).format(share);
  }

  function showRun(run, previous) {
    const box = $("simulate-results");
    box.textContent = "";
    for (const result of run.results) {
      const block = document.createElement("div");
      block.className = "run";
      const title = document.createElement("h3");
      title.textContent = format(w["simulate.players"], { players: result.players, games: result.games });
      const figures = document.createElement("p");
      const before = previous && previous.results.find((r) => r.players === result.players);
      let line = format(w["simulate.mean"], {
        mean: number(result.mean),
        max: result.max_score,
        ci: number(result.confidence),
      });
      line += " · " + format(w["simulate.perfect"], { share: percent(result.perfect) });
      line += " · " + format(w["simulate.strikeout"], { share: percent(result.strikeout) });
      if (before && before.mean !== null) line += " · " + format(w["simulate.before"], { mean: number(before.mean) });
      figures.textContent = line;
      const chart = document.createElement("div");
      chart.className = "histogram";
      chart.setAttribute("role", "img");
      chart.setAttribute("aria-label", w["simulate.histogram"]);
      const most = Math.max(1, ...result.histogram.map((row) => row[1]));
      for (const [score, count] of result.histogram) {
        const bar = document.createElement("span");
        bar.style.height = Math.round((100 * count) / most) + "%";
        bar.title = (score === null ? w["simulate.no_score"] : score) + ": " + count;
        chart.append(bar);
      }
      const scores = result.histogram.map((row) => row[0]).filter((score) => score !== null);
      const range = document.createElement("p");
      range.className = "histogram-range muted";
      if (scores.length) {
        const low = document.createElement("span");
        low.textContent = String(scores[0]);
        const high = document.createElement("span");
        high.textContent = String(scores[scores.length - 1]);
        range.append(low, high);
      }
      block.append(title);
      if (result.verdict) {
        const said = document.createElement("p");
        said.className = "verdict verdict-" + result.verdict;
        said.textContent = format(w["simulate.verdict." + result.verdict], { players: result.players });
        block.append(said);
      }
      block.append(figures, chart, range);
      box.append(block);
    }
    const about = document.createElement("p");
    about.className = "muted small";
    about.textContent = w["simulate.about." + run.profile];
    box.append(about);
  }

  // ------------------------------------------------------------------ wiring

  $("open-form").addEventListener("submit", (event) => {
    event.preventDefault();
    openTheme($("source").value);
  });
  if (data.hosted) {
    $("source").addEventListener("change", offerKeyOpen);
    $("key-open").addEventListener("submit", (event) => {
      event.preventDefault();
      const key = $("edit-key-input").value.trim();
      if (key) openTheme($("source").value, key);
    });
    $("edit-key-copy").addEventListener("click", copyEditKey);
    $("edit-key-done").addEventListener("click", () => {
      $("edit-key").hidden = true;
    });
  }
  $("save-form").addEventListener("submit", (event) => {
    event.preventDefault();
    save(false);
  });
  $("download-button").addEventListener("click", async () => {
    await flushEdits();
    const form = $("download-form");
    form.elements.name.value = $("name").value.trim();
    form.elements.text.value = state.text;
    form.submit();
  });
  $("tab-form").addEventListener("click", () => showTab("form"));
  $("tab-yaml").addEventListener("click", () => showTab("yaml"));
  const area = $("yaml");
  area.addEventListener("input", () => {
    state.text = area.value;
    keepDraft();
    drawGutter();
    scheduleCheck();
  });
  area.addEventListener("scroll", () => {
    $("gutter").scrollTop = area.scrollTop;
  });
  for (const event of ["click", "keyup"]) area.addEventListener(event, followCursor);
  area.addEventListener("keydown", completeKey);
  $("deck-button").addEventListener("click", () => {
    const deck = $("deck");
    deck.hidden = !deck.hidden;
    $("deck-button").setAttribute("aria-expanded", String(!deck.hidden));
    if (!deck.hidden) {
      showDeck();
      deck.scrollIntoView({ block: "start" });
    }
  });
  $("mini-preview").addEventListener("click", showCard);
  $("simulate-button").addEventListener("click", simulate);
  $("simulate-cancel").addEventListener("click", cancelSimulation);
  $("simulate-profile").addEventListener("change", scheduleEstimate);
  $("simulate-games").addEventListener("change", scheduleEstimate);
  $("restore-button").addEventListener("click", restoreDraft);
  $("restore-drop").addEventListener("click", dropDraft);
  window.addEventListener("beforeunload", (event) => {
    clearTimeout(checkTimer);
    keepDraft();
    if (dirty()) {
      event.preventDefault();
      event.returnValue = ""; // the browser asks whether to leave
    }
  });

  const wanted = data.wanted || new URLSearchParams(location.search).get("open");
  const select = $("source");
  if (wanted && Array.from(select.options).some((o) => o.value === wanted)) select.value = wanted;
  offerKeyOpen();
  openTheme(select.value);
})();
