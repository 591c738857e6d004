// A little help at the table; every page works without it.
// - the third trick count fills itself in once two are given;
// - the outcome and payments are checked live, so "Save" can be tapped at once.
(function () {
  "use strict";
  // ?saved=… only made the page after a save load afresh (see below): keep the address clean
  if (/[?&]saved=/.test(window.location.search)) {
    window.history.replaceState(null, "", window.location.pathname + window.location.hash);
  }
  var form = document.querySelector("form.coup-form");
  if (!form) { return; }
  // the rows of the seats that play: after coups kept offline, static/outbox.js may offer
  // another seat (it takes the one who sits out out of the form) or all four (who deals is unknown there)
  function rows() {
    return Array.prototype.filter.call(form.querySelectorAll(".trick-row"), function (r) { return !r.hidden; });
  }
  var entered = [];   // the seats whose count the manager tapped, in order
  var filled = null;  // the one row filled in by itself, if any

  function value(row) {
    var checked = row.querySelector("input:checked");
    return checked ? parseInt(checked.value, 10) : null;
  }

  function rowOf(seat) {
    return rows().filter(function (r) { return r.getAttribute("data-seat") === seat; })[0];
  }

  function mark(row, auto) {
    row.classList.toggle("auto", auto);
    var note = row.querySelector(".auto-note");
    if (note) { note.hidden = !auto; }
  }

  // Never change a number the manager entered: only the row that filled
  // itself in may change, and it says so.
  function fillThird(changedRow) {
    var seat = changedRow.getAttribute("data-seat");
    if (filled === changedRow) { filled = null; mark(changedRow, false); }
    if (entered.indexOf(seat) < 0) { entered.push(seat); }
    if (entered.length !== 2) { return; }
    var others = rows().filter(function (r) { return entered.indexOf(r.getAttribute("data-seat")) < 0; });
    if (others.length !== 1) { return; }  // four offered: which is the third is not known
    var other = others[0];
    var sum = entered.reduce(function (acc, s) { return acc + (value(rowOf(s)) || 0); }, 0);
    var third = other.querySelector('input[value="' + (9 - sum) + '"]');
    var current = other.querySelector("input:checked");
    if (third) { third.checked = true; filled = other; mark(other, true); }
    else if (current && filled === other) { current.checked = false; }
  }

  var pending = null;
  function check() {
    var target = document.getElementById("preview");
    if (!target) { return; }
    if (pending) { pending.abort(); }
    pending = new AbortController();
    fetch(form.getAttribute("data-preview"), { method: "POST", body: new FormData(form), signal: pending.signal,
      headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text(); })
      .then(function (html) { target.innerHTML = html; })
      .catch(function () { /* a newer check replaced this one */ });
  }

  // the outbox clears the form for the next coup (static/outbox.js): no count is "entered" now
  form.addEventListener("reset", function () {
    entered = [];
    filled = null;
    rows().forEach(function (r) { mark(r, false); });
  });

  form.addEventListener("change", function (event) {
    var row = event.target.closest(".trick-row");
    if (row) { fillThird(row); }
    check();
  });
  // A number is checked as it is typed, a moment after the last key (not only when its
  // field loses focus): while "40" is typed the bar does not keep "give the points".
  var typing = null;
  function checkSoon(event) {
    if (event.target.type === "radio" || event.target.type === "checkbox") { return; }
    window.clearTimeout(typing);
    typing = window.setTimeout(check, 250);
  }
  form.addEventListener("input", checkSoon);
  var save = form.querySelector("button.save");
  var checkButton = form.querySelector("button.check");
  if (save) { save.hidden = false; }
  if (checkButton) { checkButton.hidden = true; }
  // On a slow phone the manager may type before this script has come: check what the
  // form already holds, as a change would have (a chosen hombre is checked at once too).
  function touched(field) {
    if (field.type === "radio" || field.type === "checkbox") { return field.checked !== field.defaultChecked; }
    if (field.options) {  // a select without a chosen default shows its first option
      var shown = Array.prototype.map.call(field.options, function (o) { return o.defaultSelected; }).indexOf(true);
      return field.selectedIndex !== Math.max(shown, 0);
    }
    return "defaultValue" in field && field.type !== "hidden" && field.value !== field.defaultValue;
  }
  // Two trick counts tapped before then fill in the third, as two taps after it would; a
  // third tapped too is the manager's own, never changed.
  var tapped = rows().filter(function (r) { return Array.prototype.some.call(r.querySelectorAll("input"), touched); });
  if (tapped.length === 2) { tapped.forEach(fillThird); }
  else { entered = tapped.map(function (r) { return r.getAttribute("data-seat"); }); }
  if (Array.prototype.some.call(form.elements, touched) || form.querySelector("input:checked[name=hombre]")) {
    check();
  }
})();
