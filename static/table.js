// A little help at the table; every page works without it.
// - the third trick count fills itself in once two are given;
// - the outcome and payments are checked live, so "Save" can be tapped at once.
(function () {
  "use strict";
  var form = document.querySelector("form.coup-form");
  if (!form) { return; }
  var rows = Array.prototype.slice.call(form.querySelectorAll(".trick-row"));
  var touched = [];

  function value(row) {
    var checked = row.querySelector("input:checked");
    return checked ? parseInt(checked.value, 10) : null;
  }

  function fillThird(changedRow) {
    var seat = changedRow.getAttribute("data-seat");
    touched = touched.filter(function (s) { return s !== seat; });
    touched.push(seat);
    if (touched.length < 2) { return; }
    var given = touched.slice(-2);
    var other = rows.filter(function (r) { return given.indexOf(r.getAttribute("data-seat")) < 0; })[0];
    var sum = given.reduce(function (acc, s) { return acc + (value(rows[+s]) || 0); }, 0);
    var third = other && other.querySelector('input[value="' + (9 - sum) + '"]');
    if (third) { third.checked = true; }
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

  form.addEventListener("change", function (event) {
    var row = event.target.closest(".trick-row");
    if (row) { fillThird(row); }
    check();
  });
  var save = form.querySelector("button.save");
  var checkButton = form.querySelector("button.check");
  if (save) { save.hidden = false; }
  if (checkButton) { checkButton.hidden = true; }
  if (form.querySelector("input:checked[name=hombre]")) { check(); }
})();
