// A preset fills in the fields it names; a field changed afterwards wins and the preset
// clears, so what the form shows chosen is what is stored. Without script the server does
// the same from the posted fields (the hidden field says which preset the page was drawn with).
(function () {
  "use strict";
  // a club's own rule set: the server fills the fields with it and shows them (nothing stored)
  // (before any name is typed too: the players' fields' "required" is for creating the game)
  Array.prototype.forEach.call(document.querySelectorAll('input[name="club_preset"]'), function (input) {
    function show() {
      if (input.value && input.checked) { HTMLFormElement.prototype.submit.call(input.form); }
    }
    input.addEventListener("change", show);
    if (input.checked !== input.defaultChecked) { show(); }  // tapped before this script came
  });
  Array.prototype.forEach.call(document.querySelectorAll("[data-presets]"), function (box) {
    var presets = JSON.parse(box.getAttribute("data-presets"));
    var pick = box.getAttribute("data-preset-field");
    var form = box.closest("form");
    var drawn = form.querySelector('[name="' + box.getAttribute("data-shown-field") + '"]');
    function inputs(name) { return form.querySelectorAll('[name="' + name + '"]'); }
    function shown(value) { return value === null || value === undefined ? "" : String(value); }
    function same(name, value) {
      return Array.prototype.every.call(inputs(name), function (input) {
        if (input.type === "checkbox") { return input.checked === Boolean(value); }
        if (input.type === "radio") { return input.checked === (input.value === shown(value)) || !input.checked && input.value !== shown(value); }
        return input.value.trim() === shown(value);
      });
    }
    function changed(input) {
      if (input.type === "checkbox" || input.type === "radio") { return input.checked !== input.defaultChecked; }
      return input.value !== input.defaultValue;
    }
    // early: chosen before this script came, when the reader may have changed a field too:
    // that field wins, as it does on the server without script
    // returns whether a field so kept is not what the preset says (the preset then clears)
    function fill(values, early) {
      var kept = false;
      Object.keys(values).forEach(function (name) {
        if (early && Array.prototype.some.call(inputs(name), changed)) {
          kept = kept || !same(name, values[name]);
          return;
        }
        Array.prototype.forEach.call(inputs(name), function (input) {
          if (input.type === "checkbox") { input.checked = Boolean(values[name]); }
          else if (input.type === "radio") { input.checked = input.value === shown(values[name]); }
          else { input.value = shown(values[name]); }
        });
      });
      return kept;
    }
    function chosen() {
      var checked = form.querySelector('[name="' + pick + '"]:checked');
      return checked ? checked.value : null;
    }
    form.addEventListener("change", function (event) {
      var name = event.target.name;
      if (name === pick) {
        fill(presets[event.target.value] || {});
        if (drawn) { drawn.value = event.target.value; }
        return;
      }
      var current = chosen();
      var values = current === null ? null : presets[current];
      if (!values || !(name in values)) { return; }
      var still = Object.keys(values).every(function (key) { return same(key, values[key]); });
      if (!still) {  // "as set below": the fields as they are now
        Array.prototype.forEach.call(inputs(pick), function (input) { input.checked = input.value === ""; });
        if (drawn) { drawn.value = ""; }
      }
    });
    // On a slow phone a preset may be tapped before this script has come: it fills in now
    var tapped = pick ? chosen() : null;
    if (tapped !== null && drawn && tapped !== drawn.value) {
      // a field tapped too that the preset would change wins, and the preset clears, as
      // after the script came: what the form shows chosen is what is stored (play16)
      var kept = fill(presets[tapped] || {}, true);
      if (kept) { Array.prototype.forEach.call(inputs(pick), function (input) { input.checked = input.value === ""; }); }
      drawn.value = kept ? "" : tapped;
    }
  });
})();
