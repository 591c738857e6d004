// The manager's outbox: a coup saved while the server cannot be reached is kept on this
// phone (localStorage: it works on plain HTTP), shown as pending in the coup list, and sent
// in order when the server answers again; the table goes on entering coups meanwhile.
//
// Each coup carries a key made here (entry_key): a retry of a coup the server stored but
// whose answer was lost is answered "stored" and not stored twice; a key whose coup was
// since undone or deleted (410), or that the server holds for another coup (409 in JSON),
// is shown beside the kept coup with the server's words, never taken as stored. Each carries the version
// it expects (the page's, then the one the previous pending coup made): when another phone
// changed the game meanwhile, the server refuses it (409, error "changed") and the manager
// sees both side by side and chooses — send the manager's after theirs (checked again by the server)
// or discard them. When the game went back to a backup instead (error "went_back":
// scorekeeper restore while the server runs), the same choice says so, in the words the
// server's page uses for it (its "message"), not that another phone changed the game.
// Nothing pending is ever dropped without the manager's confirm. What a pending coup pays is shown
// only from the server's own check made before the drop; no rule is computed here.
// While coups are pending, the coup being typed is counted (the pending ones come first), but
// what it is played for, or what "all pass" carries, are the server's reckoning: they are
// hidden and said to be known when the server answers (docs/architecture.md). Who sits out
// it, at four, the page carries from the server for the next coups (seatsFor, below).
// Without JavaScript the form posts as before.
// A phone that lost the fiche (web/table/lost_fiche.py) sends nothing: the coups its outbox
// kept are written out in its notice (#outbox-kept), each as it was said when typed (and what
// the store knows of its key, when it knows it: stored, then undone), to be
// read to the phone that keeps the fiche now; they stay kept until discarded (took the fiche
// back, its outbox meets the other phone's coups and lets the manager choose). Drawn again, its
// page is a follower's, with no outbox: follow.js, finding coups kept here, puts the same
// notice in and this script after it, which writes them out as here.
(function () {
  "use strict";
  var PREFIX = "scorekeeper.outbox.";  // + the game's id: the pending coups (below)
  var UNSAID = ["csrf_token", "version", "entry_key"];
  var box = document.getElementById("outbox");
  var keptBox = document.getElementById("outbox-kept");
  var game = /^\/games\/([0-9]+)/.exec(window.location.pathname);
  if (keptBox && game) { showKept(); return; }
  if (!box || !game || !window.fetch) { return; }

  function showKept() {
    var kept = null;
    try { kept = JSON.parse(window.localStorage.getItem(PREFIX + game[1]) || "null"); } catch (e) { kept = null; }
    var entries = kept && kept.entries ? kept.entries : [];
    if (!entries.length) { return; }
    var list = keptBox.querySelector(".kept-coups");
    var known = {};  // what the store knows of a key: stored, then undone (the server's words)
    var told = keptBox.querySelector("template.kept-known");
    Array.prototype.forEach.call(told ? told.content.querySelectorAll("[data-key]") : [], function (said) {
      known[said.getAttribute("data-key")] = said.textContent;
    });
    entries.forEach(function (entry) {
      var li = document.createElement("li");
      // said when typed, in the page's words; a coup kept before it was: its fields as sent
      li.textContent = entry.said || entry.fields.filter(function (pair) {
        return UNSAID.indexOf(pair[0]) < 0 && pair[1] !== "";
      }).map(function (pair) { return pair[0] + " " + pair[1]; }).join(" · ");
      if (known[entry.key]) {
        var note = document.createElement("b");
        note.className = "kept-known";
        note.textContent = known[entry.key];
        li.appendChild(document.createTextNode(" — "));
        li.appendChild(note);
      }
      list.appendChild(li);
    });
    keptBox.querySelector("button.discard").addEventListener("click", function () {
      if (!window.confirm(keptBox.querySelector("[data-w=confirm-discard]").textContent)) { return; }
      window.localStorage.removeItem(PREFIX + game[1]);
      keptBox.hidden = true;
    });
    keptBox.hidden = false;
  }
  var form = document.querySelector("form.coup-form");
  var offlineNote = form && form.querySelector(".offline");
  // the choices the server's fresh form ticks (l'Hombre's first contract, 0 matadors): a form
  // drawn again with a refusal ticks what was typed instead, and then none is kept
  var freshTicks = form && !form.querySelector(".has-error")
    ? Array.prototype.filter.call(form.elements, function (input) {
      return (input.type === "radio" || input.type === "checkbox") && input.defaultChecked;
    })
    : [];
  var storage = null;
  try {
    storage = window.localStorage;
    storage.setItem("scorekeeper.probe", "1");
    storage.removeItem("scorekeeper.probe");
  } catch (e) { storage = null; }
  var NAME = PREFIX + game[1];
  var SAVED = "scorekeeper.outbox.sent." + game[1];
  var TYPED = "scorekeeper.outbox.typed." + game[1];
  var TIMEOUT = 10000;  // a request unanswered by then is taken as lost (its key makes a retry safe)
  // a try while offline fails at once, costing nothing; the server's OUTBOX_RETRY_MS
  var RETRY = parseInt(box.getAttribute("data-retry"), 10) || 3000;
  var pageVersion = parseInt(box.getAttribute("data-version"), 10);
  var confirmed = parseInt(box.getAttribute("data-coups"), 10);
  var loadedAt = new Date();
  var list = box.querySelector(".outbox-list");
  var stateLine = box.querySelector(".outbox-state");
  var conflictBox = box.querySelector(".outbox-conflict");
  var words = {};
  Array.prototype.forEach.call(box.querySelector("template.outbox-words").content.querySelectorAll("[data-w]"),
    function (el) { words[el.getAttribute("data-w")] = el.textContent; });

  function time(date) {
    return date.toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });
  }

  // --- what is kept: { version: the version the first pending coup expects, entries: [...],
  //     conflict: true once the server refused the first for another phone's change,
  //     wentBack: the server's words when that refusal was a backup put back instead }
  function read() {
    if (!storage) { return null; }
    try { return JSON.parse(storage.getItem(NAME) || "null"); } catch (e) { return null; }
  }
  var state = read() || { version: null, entries: [], conflict: false };
  // a refusal is asked again on each new page: the rights or the game may have changed since
  state.entries.forEach(function (entry) { delete entry.refused; });
  function write() {
    if (!storage) { return; }
    if (state.entries.length) { storage.setItem(NAME, JSON.stringify(state)); } else { storage.removeItem(NAME); }
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    if (window.crypto && window.crypto.getRandomValues) { window.crypto.getRandomValues(bytes); }
    else { for (var i = 0; i < bytes.length; i++) { bytes[i] = Math.floor(Math.random() * 256); } }
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // --- the preview the server sent for the fields as typed (table.js fills #preview)
  var preview = document.getElementById("preview");
  var previewFresh = false;
  if (preview && form) {
    previewFresh = preview.innerHTML.trim() !== "";
    new MutationObserver(function () { previewFresh = preview.innerHTML.trim() !== ""; })
      .observe(preview, { childList: true, subtree: true });
    form.addEventListener("change", function () { previewFresh = false; });
  }

  // --- what was typed, in words (each checked choice under its group's legend)
  function summary(fields) {
    var parts = [];
    if (!form) { return ""; }
    // "all pass" is the coup: the form's ticks that went with it (demande, 0 matadors) are not
    var passed = form.querySelector('button[name="passed"]');
    if (passed && fields.some(function (pair) { return pair[0] === "passed"; })) {
      return passed.firstChild.textContent.trim();  // its words, not what it carries
    }
    fields.forEach(function (pair) {
      var name = pair[0], value = pair[1];
      var input = Array.prototype.filter.call(form.elements, function (el) {
        return el.name === name && (el.type !== "radio" && el.type !== "checkbox" || el.value === value);
      })[0];
      if (!input || input.type === "hidden" || input.type === "submit" || value === "") { return; }
      var label = input.closest("label");
      var said = input.getAttribute("aria-label") || (label ? label.textContent.trim() : value);
      var group = input.closest("fieldset");
      var legend = group && group.querySelector("legend");
      var title = legend ? legend.firstChild.textContent.trim() : "";
      if (input.type !== "radio" && input.type !== "checkbox") {
        var own = form.querySelector('label[for="' + input.id + '"]');
        title = own ? own.textContent.trim() : title;
        said = value;
      }
      parts.push(title && said.indexOf(title) < 0 ? title + " " + said : said);
    });
    return parts.join(" · ");
  }

  function fieldsOf(button) {
    var data = new FormData(form);
    data.append(button.name, button.value);
    var fields = [];
    data.forEach(function (value, name) { if (typeof value === "string") { fields.push([name, value]); } });
    return fields;
  }

  function body(entry, version) {
    var data = new FormData();
    var token = document.querySelector('input[name="csrf_token"]');
    entry.fields.forEach(function (pair) {
      if (pair[0] === "version" || pair[0] === "csrf_token" || pair[0] === "entry_key") { return; }
      data.append(pair[0], pair[1]);
    });
    var kept = entry.fields.filter(function (pair) { return pair[0] === "csrf_token"; })[0];
    data.append("csrf_token", token ? token.value : (kept ? kept[1] : ""));
    data.append("version", String(version));
    data.append("entry_key", entry.key);
    return data;
  }

  function post(entry, version, json) {
    var controller = new AbortController();
    var timer = window.setTimeout(function () { controller.abort(); }, TIMEOUT);
    var headers = { "X-Requested-With": "fetch" };
    if (json) { headers.Accept = "application/json"; }
    return fetch(form ? form.action : window.location.pathname + "/coups", {
      method: "POST", body: body(entry, version), redirect: "manual", headers: headers,
      signal: controller.signal, credentials: "same-origin"
    }).finally(function () { window.clearTimeout(timer); });
  }

  function afterSave() { window.location.replace(window.location.pathname + "?saved=" + Date.now() + "#saved"); }
  // the last kept coup discarded after others were confirmed since the page was drawn: its
  // coups, standing and next deal are the game before those; the server's page is drawn
  // again, as when the last kept coup is sent (not said "sent": one was discarded)
  function drawnAgain() {
    if (state.entries.length || confirmed === pageCoup) { return false; }
    window.sessionStorage.setItem(TYPED, JSON.stringify(typedInForm()));
    afterSave();
    return true;
  }

  // what the manager typed in the coup form (changed from the form as drawn): a coup typed
  // before discarding the last kept one is not lost when the page is drawn again
  // (drawnAgain), put back where the new form has the same choice; a seat's choice follows
  // its seat (hombre=2, t2), so one who sits out now is left out, not given to another
  function typedInForm() {
    var typed = [];
    if (!form) { return typed; }
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.type === "hidden" || input.type === "submit") { return; }
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked !== input.defaultChecked) { typed.push([input.name, input.value, input.checked]); }
      } else if (input.tagName === "SELECT") {
        var chosen = input.options[input.selectedIndex];
        if (chosen && !chosen.defaultSelected) { typed.push([input.name, input.value, null]); }
      } else if (input.value !== input.defaultValue) {
        typed.push([input.name, input.value, null]);
      }
    });
    return typed;
  }
  function putBackTyped() {
    var kept = window.sessionStorage.getItem(TYPED);
    window.sessionStorage.removeItem(TYPED);
    if (!kept || !form) { return; }
    JSON.parse(kept).forEach(function (typed) {
      Array.prototype.forEach.call(form.elements, function (input) {
        if (input.name !== typed[0] || input.disabled) { return; }
        var box = input.type === "radio" || input.type === "checkbox";
        if (box && input.value !== typed[1]) { return; }
        if (box) { input.checked = typed[2]; } else { input.value = typed[1]; }
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }

  // --- drawing the pending coups
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text) { node.textContent = text; }
    return node;
  }
  function item(entry, i) {
    var li = el("li", "pending-coup" + (entry.refused ? " refused" : ""));
    var head = el("p", "pending-head");
    head.appendChild(el("b", "", words.coup.replace("{n}", String(confirmed + i + 1))));
    head.appendChild(document.createTextNode(" "));
    head.appendChild(el("span", "badge", words.pending));
    li.appendChild(head);
    // what was typed, as said when it was typed: the form now may no longer hold a seat of
    // that coup (at four, the next dealer's is taken out), whose choices would go unsaid
    li.appendChild(el("p", "small typed", entry.said || summary(entry.fields)));
    if (entry.refused) {
      li.appendChild(el("p", "error", words.refused + " " + entry.refused));
      var drop = el("button", "discard-one", words["discard-one"]);
      drop.type = "button";
      drop.addEventListener("click", function () {
        if (!window.confirm(words["confirm-discard"])) { return; }
        state.entries.splice(i, 1);
        write();
        if (drawnAgain()) { return; }
        show(); flush();
      });
      li.appendChild(drop);
    } else if (i === 0 && entry.preview && entry.version === state.version) {
      li.appendChild(el("p", "small", words.paid));
      var paid = el("div", "pending-preview");
      paid.innerHTML = entry.preview;  // the server's own fragment, kept as it came
      li.appendChild(paid);
    } else {
      li.appendChild(el("p", "small muted", words.later));
    }
    return li;
  }

  var stamps = [];
  function stamp(on) {
    stamps.forEach(function (node) { node.remove(); });
    stamps = [];
    if (!on) { return; }
    ["standing"].forEach(function (id) {
      if (document.querySelector("#" + id + " .next-deal")) { return; }  // said unknown instead
      var section = document.getElementById(id);
      if (!section) { return; }
      var note = el("p", "confirmed-at", words.stamp.replace("{time}", time(loadedAt)));
      var title = section.querySelector("h2");
      section.insertBefore(note, title ? title.nextSibling : section.firstChild);
      stamps.push(note);
    });
  }

  // --- the next deal as the server reckoned it before the pending coups: not this coup's.
  // Who deals it, at four, is who sits out (outAhead: the seats ahead the server drew, the
  // one home of the "sits out" line too); past them, or at three, known when it answers.
  var marks = [];
  function markNext(pending) {
    var n = String(confirmed + state.entries.length + 1);
    Array.prototype.forEach.call(document.querySelectorAll("[data-pending-title]"), function (title) {
      if (!title.hasAttribute("data-server-title")) { title.setAttribute("data-server-title", title.textContent); }
      title.textContent = pending ? title.getAttribute("data-pending-title").replace("{n}", n)
        : title.getAttribute("data-server-title");
    });
    marks.forEach(function (node) { node.remove(); });
    marks = [];
    Array.prototype.forEach.call(document.querySelectorAll(".next-deal"), function (next) {
      next.hidden = pending;
      if (!pending) { return; }
      var out = outAhead();
      var note = el("p", "unknown-now", out === null || !words["unknown-dealer"] ? words.unknown
        : words["unknown-dealer"].replace("{name}", function () { return seatNames[out].textContent; }));
      next.parentNode.insertBefore(note, next);
      marks.push(note);
    });
    Array.prototype.forEach.call(document.querySelectorAll(".carries"), function (carries) {
      if (!carries.hasAttribute("data-server-text")) { carries.setAttribute("data-server-text", carries.textContent); }
      carries.textContent = pending ? words["unknown-short"] : carries.getAttribute("data-server-text");
      carries.classList.toggle("unknown-now", pending);
    });
  }

  // --- who plays the coup being typed after kept ones, with four at the table: the server's
  // rotation for this coup and the next ones (template.seats-ahead, web/hombre/forms.py
  // seats_ahead: who sits out each; each seat's name, the line's words), not a rule here.
  // Each seat's choices (the hombre, its tricks, its bonus hands) are drawn for all four, the
  // one who sits out taken out of the form (seatsFor); past what the server said, all four are offered and nobody
  // is said to sit out: the table knows who deals, this phone does not.
  var ahead = form && form.querySelector("template.seats-ahead");
  var sitsLine = form && form.querySelector("p.sits-out");
  var outs = ahead ? ahead.getAttribute("data-out").split(" ") : [];
  var pageCoup = confirmed;  // the coup the page was drawn for is outs[0]'s
  var seatNames = {};
  function seatOf(node) {
    if (node.hasAttribute("data-seat")) { return node.getAttribute("data-seat"); }
    var input = node.querySelector("input");
    return input.name === "hombre" ? input.value : input.value.split(":")[0];
  }
  function drawSeat(node, seat, name) {  // a copy of another seat's choice, for this seat
    var copy = node.cloneNode(true);
    copy.classList.remove("auto");
    if (copy.hasAttribute("data-seat")) { copy.setAttribute("data-seat", seat); }
    Array.prototype.forEach.call(copy.querySelectorAll("input"), function (input) {
      input.checked = false;
      input.defaultChecked = false;
      if (input.name === "hombre") { input.value = seat; }
      else if (input.name === "bonus") { input.value = seat + ":" + input.value.split(":")[1]; }
      else { input.name = "t" + seat; }
    });
    var said = copy.querySelector("legend") || copy.querySelector("span");
    var note = said.querySelector(".auto-note");
    said.textContent = name;
    if (note) { note.hidden = true; said.appendChild(document.createTextNode(" ")); said.appendChild(note); }
    return copy;
  }
  function seatGroups() {  // each seat's node in the hombre buttons, the tricks, the bonus hands
    var hombre = Array.prototype.map.call(form.querySelectorAll('input[name="hombre"]'),
      function (input) { return input.closest("label"); });
    var tricks = Array.prototype.slice.call(form.querySelectorAll(".trick-row"));
    var bonuses = Array.prototype.map.call(form.querySelectorAll('fieldset input[name="bonus"]:first-of-type'),
      function (input) { return input.closest("fieldset"); }).filter(function (node, i, all) { return all.indexOf(node) === i; });
    return [hombre, tricks, bonuses].filter(function (group) { return group.length; });
  }
  if (ahead) {
    Array.prototype.forEach.call(ahead.content.querySelectorAll("[data-seat]"), function (line) {
      seatNames[line.getAttribute("data-seat")] = line;
    });
  }
  var allSeats = false;  // the page's form as the server drew it until a coup is kept
  function drawAllSeats() {
    allSeats = true;
    seatGroups().forEach(function (group) {
      var have = group.map(seatOf);
      Object.keys(seatNames).forEach(function (seat) {
        if (have.indexOf(seat) >= 0) { return; }
        var copy = drawSeat(group[0], seat, seatNames[seat].textContent);
        var after = group.filter(function (node) { return parseInt(seatOf(node), 10) < parseInt(seat, 10); });
        var before = group.filter(function (node) { return parseInt(seatOf(node), 10) > parseInt(seat, 10); })[0];
        if (before) { before.parentNode.insertBefore(copy, before); }
        else { after[after.length - 1].parentNode.insertBefore(copy, after[after.length - 1].nextSibling); }
      });
    });
  }
  // who sits out (deals) the coup being typed, if the page knows: the coups confirmed since
  // the page was drawn count as the kept ones do, kept or not now (one confirmed, the next
  // discarded: the coup typed is the one after the confirmed, not the page's)
  function outAhead() {
    if (!ahead) { return null; }
    var at = confirmed + state.entries.length - pageCoup;
    return at >= 0 && at < outs.length ? outs[at] : null;
  }
  // The one who sits out is taken out of the form, not hidden in it: the form holds what the
  // server's would for that coup (three hombres, three trick rows), for whatever reads it
  // (a screen reader, a script listing its choices, the page without its style). Each is kept
  // beside its place (a comment) and put back when the coup typed is another's.
  var parked = [];
  function seatsFor(pending) {
    if (!ahead || !pending && !allSeats) { return; }
    parked.forEach(function (away) { away.place.parentNode.replaceChild(away.node, away.place); });
    parked = [];
    if (!allSeats) { drawAllSeats(); }
    var out = outAhead();
    seatGroups().forEach(function (group) {
      group.forEach(function (node) {
        if (seatOf(node) !== out) { return; }
        Array.prototype.forEach.call(node.querySelectorAll("input"), function (input) {
          input.checked = false;
        });
        var place = document.createComment("seat " + out);
        node.parentNode.replaceChild(place, node);
        parked.push({ node: node, place: place });
      });
    });
    if (sitsLine) {
      sitsLine.hidden = out === null;
      sitsLine.textContent = out === null ? ""
        : ahead.getAttribute("data-line").replace("{name}", function () { return seatNames[out].textContent; });
    }
  }

  var sending = false;
  var lost = false;
  function show() {
    var pending = state.entries.length > 0;
    box.hidden = !pending;
    list.innerHTML = "";
    state.entries.forEach(function (entry, i) { list.appendChild(item(entry, i)); });
    stateLine.textContent = sending ? words.sending : (lost ? words.offline : "");
    if (offlineNote) {  // said at once where Save was tapped, not only down in the coup list
      offlineNote.hidden = !(pending && lost);
      offlineNote.textContent = words.kept.replace("{n}", String(confirmed + state.entries.length));
    }
    stamp(pending);
    markNext(pending);
    seatsFor(pending);
    conflictBox.hidden = !(pending && state.conflict);
    list.hidden = pending && state.conflict;  // the conflict lists them beside the server's
    if (pending && state.conflict) { drawConflict(); }
  }

  function drawConflict() {
    // the server's coup list as this page shows it (the game as it is now), without its buttons
    var server = conflictBox.querySelector(".server-coups");
    var section = document.getElementById("coups") || document.getElementById("sheet");
    server.innerHTML = "";
    if (section) {
      var copy = section.cloneNode(true);
      Array.prototype.forEach.call(copy.querySelectorAll(".outbox, form, h2, .row-actions, p.links, .redo"),
        function (node) { node.remove(); });
      Array.prototype.forEach.call(copy.querySelectorAll("[id]"), function (node) { node.removeAttribute("id"); });
      copy.removeAttribute("id");
      server.appendChild(copy);
    }
    // a backup put back is said in the server's words; there is no other phone's change to see
    var back = conflictBox.querySelector(".went-back");
    back.hidden = !state.wentBack;
    back.textContent = state.wentBack ? state.wentBack + " " + words["kept-safe"] : "";
    conflictBox.querySelector(".another-phone").hidden = !!state.wentBack;
    conflictBox.querySelector(".change-log").hidden = !!state.wentBack;
    conflictBox.querySelector(".outbox-since").textContent = words.since
      .replace("{now}", String(confirmed)).replace("{then}", String(state.seen === undefined ? "?" : state.seen));
    var phone = conflictBox.querySelector(".phone-coups");
    phone.innerHTML = "";
    state.entries.forEach(function (entry, i) {
      var li = el("li", "");
      li.appendChild(el("b", "", words.coup.replace("{n}", String(confirmed + i + 1))));
      li.appendChild(document.createTextNode(" " + summary(entry.fields)));
      phone.appendChild(li);
    });
  }

  // --- sending, in order
  function keep(entry, version) {
    if (!state.entries.length) {
      state.version = version; state.conflict = false; state.wentBack = null; state.seen = confirmed;
    }
    state.entries.push(entry);
    write();
  }

  function reasonOf(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var found = page.querySelector("form.coup-form .error:not([hidden]), main .error");
    return found ? found.textContent.trim() : "";
  }

  // another phone holds the fiche now (403, the notice of web/table/lost_fiche.py): this
  // phone can send nothing more. Its page becomes the notice's, which writes out every coup
  // kept here (#outbox-kept) — the one sent among them, so not again as the coup typed.
  function lostFiche(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var notice = page.getElementById("lost-fiche");
    if (!notice) { return false; }
    var typed = notice.querySelector("#typed-coup");
    if (typed) { typed.remove(); }
    document.open();
    document.write("<!doctype html>" + page.documentElement.outerHTML);
    document.close();
    return true;
  }

  // the version check refused the first pending coup: the page is drawn again as the game is
  // now, the server's coups beside the kept ones (drawConflict); wentBack: the server's words
  function conflict(wentBack) {
    state.conflict = true;
    state.wentBack = wentBack || null;
    write();
    window.location.replace(window.location.pathname + "?saved=" + Date.now() + "#outbox");
    return null;
  }

  function flush() {
    if (sending) { return; }
    if (storage) {  // another tab of this game may have sent or discarded some
      state = read() || { version: null, entries: [], conflict: false };
    }
    if (!state.entries.length || state.conflict) { return; }
    var entry = state.entries[0];
    if (entry.refused) { return; }  // waits for the manager: discard it or not
    sending = true;
    show();
    // "sending" holds until the answer is handled: a retry tick or the "online" event in
    // between would send the same coup again and, answered "stored" under its key, take the
    // next pending coup away as if it too were stored. Only the coup sent leaves the list.
    post(entry, state.version, true).then(function (response) {
      lost = false;
      if (response.status === 200) {
        return response.json().then(function (answer) {
          state.entries = state.entries.filter(function (other) { return other.key !== entry.key; });
          state.version = answer.version;
          confirmed = answer.coup;
          write();
          if (state.entries.length) { return true; }
          window.sessionStorage.setItem(SAVED, "1");
          afterSave();
          return null;
        });
      }
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (json && (response.status === 409 || response.status === 410)) {
        // its version refused (409, error "changed" or "went_back"): the manager chooses.
        // Else its key met again: another coup was stored under it (409), or its coup was
        // stored and since undone or deleted (410), or a row the server read was changed
        // outside the app (409, error "damaged": not another phone's change): said beside
        // it, kept until the manager discards it, and sent again from the next page
        return response.json().then(function (answer) {
          if (response.status === 409 && answer.error === "changed") { return conflict(null); }
          if (response.status === 409 && answer.error === "went_back") { return conflict(answer.message); }
          entry.refused = answer.message || String(response.status);
          write();
          return false;
        });
      }
      if (response.status === 409) { return conflict(null); }  // a page, not JSON: taken as a change
      if (response.status >= 502 || response.status === 429 || response.type === "opaqueredirect") {
        return false;  // the server is not itself yet: the periodic retry sends it again
      }
      return response.text().then(function (html) {  // refused by the rules or the rights
        entry.refused = reasonOf(html) || String(response.status);
        write();
        return response.status === 403 && lostFiche(html) ? null : false;
      });
    }, function () {
      lost = true;
      return false;
    }).then(function (next) {
      if (next === null) { return; }  // the page is being replaced: nothing more to send here
      sending = false;
      show();
      if (next) { flush(); }
    }, function () {
      sending = false;
      show();
    });
  }

  function sendAfter() {
    // their coups are the server's; mine follow at the version the page now shows, each
    // checked again by the server; the check made before the drop no longer holds
    state.version = pageVersion;
    state.seen = confirmed;
    state.conflict = false;
    state.wentBack = null;
    state.entries.forEach(function (entry) { entry.preview = null; });
    write();
    show();
    flush();
  }
  function discardAll() {
    if (!window.confirm(words["confirm-discard"])) { return; }
    state.entries = [];
    state.conflict = false;
    state.wentBack = null;
    write();
    if (drawnAgain()) { return; }
    show();
  }
  conflictBox.querySelector(".send-after").addEventListener("click", sendAfter);
  conflictBox.querySelector(".discard").addEventListener("click", discardAll);

  // --- saving a coup from the form
  function clearForm() {
    form.reset();
    Array.prototype.forEach.call(form.elements, function (input) {
      if (input.type === "radio" || input.type === "checkbox") { input.checked = freshTicks.indexOf(input) >= 0; }
      else if (input.tagName === "TEXTAREA" || input.tagName === "INPUT" && /^(text|number|search)$/.test(input.type)) {
        input.value = "";
      }
    });
    if (preview) { preview.innerHTML = ""; }
    previewFresh = false;
    var top = document.getElementById("entry");
    if (top) { top.scrollIntoView({ block: "start" }); }
  }

  if (form && storage) {
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || (button.name !== "save" && button.name !== "passed")) { return; }  // Check: as before
      event.preventDefault();
      var first = !state.entries.length;
      var fields = fieldsOf(button);  // said now, in this page's words: a lost phone's
      // notice, which has no coup form, writes the kept coups out with them (showKept)
      var entry = { key: newKey(), fields: fields, said: summary(fields), at: Date.now(),
        preview: first && previewFresh && button.name === "save" ? preview.innerHTML : null, version: null };
      var before = document.getElementById("saved");
      if (before) { before.textContent = ""; }
      if (!first) {  // coups are stored in order: this one waits behind the pending ones
        keep(entry);
        clearForm();
        show();
        if (offlineNote && !offlineNote.hidden) { offlineNote.scrollIntoView({ block: "nearest" }); }
        flush();
        return;
      }
      entry.version = pageVersion;
      button.disabled = true;
      function kept() {  // no answer: kept here, sent again (under the same key) when it can be
        keep(entry, pageVersion);
        lost = true;
        clearForm();
        show();
        if (offlineNote) { offlineNote.scrollIntoView({ block: "nearest" }); }
      }
      post(entry, pageVersion, false).then(function (response) {
        if (response.type === "opaqueredirect") { afterSave(); return null; }
        if (response.status >= 502) { kept(); return null; }  // a proxy without its server
        return response.text().then(function (html) {  // refused: the page with the reason
          document.open(); document.write(html); document.close();
        });
      }, kept).finally(function () { button.disabled = false; });
    });
  } else if (form && offlineNote) {
    // nothing can be kept on this phone (storage refused): say so and keep the typed fields
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || button.name !== "save") { return; }
      event.preventDefault();
      var data = new FormData(form);
      data.append(button.name, button.value);
      button.disabled = true;
      offlineNote.hidden = true;
      fetch(form.action, { method: "POST", body: data, redirect: "manual", headers: { "X-Requested-With": "fetch" } })
        .then(function (response) {
          if (response.type === "opaqueredirect") { afterSave(); return null; }
          return response.text().then(function (html) { document.open(); document.write(html); document.close(); });
        })
        .catch(function () { offlineNote.hidden = false; offlineNote.scrollIntoView({ block: "nearest" }); })
        .finally(function () { button.disabled = false; });
    });
    form.addEventListener("change", function () { offlineNote.hidden = true; });
  }

  if (window.sessionStorage.getItem(SAVED)) {
    window.sessionStorage.removeItem(SAVED);
    var done = el("p", "flash", words.sent);
    done.setAttribute("role", "status");
    var saved = document.getElementById("saved");  // the game page's place for messages
    var main = document.querySelector("main");
    if (saved) { saved.appendChild(done); } else if (main) { main.insertBefore(done, main.firstChild); }
  }
  putBackTyped();
  window.addEventListener("online", flush);
  window.setInterval(flush, RETRY);
  show();
  flush();
})();
