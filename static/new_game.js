// Choosing a preset fills in its settings at once (without script: "Apply the preset", or
// the server fills the fields left as drawn); a setting changed afterwards clears the preset.
(function () {
  "use strict";
  var form = document.querySelector("form.new-game");
  if (!form) { return; }
  var presets = JSON.parse(form.getAttribute("data-presets"));
  var apply = form.querySelector("button.apply-preset");
  // applied for the reader (another money system), before any name is typed too: the
  // players' fields' "required" is for creating the game, not for showing its settings
  if (apply) { apply.hidden = true; apply.formNoValidate = true; }
  var shown = form.querySelector('[name="preset_shown"]');
  form.addEventListener("change", function (event) {
    var name = event.target.name;
    if (name !== "preset") {  // a rule changed after the preset wins: the preset clears
      var chosen = form.querySelector('[name="preset"]:checked');
      if (chosen && name in presets[chosen.value]) {
        chosen.checked = false;
        if (shown) { shown.value = ""; }
      }
      return;
    }
    choose(event.target.value, false);
  });
  function changed(input) {
    if (input.type === "checkbox" || input.type === "radio") { return input.checked !== input.defaultChecked; }
    return input.value !== input.defaultValue;
  }
  // early: chosen before this script came, when the reader may have changed a field too:
  // that field wins, as it does on the server without script
  function differs(input, value) {  // the field does not show the preset's value
    if (input.type === "checkbox") { return input.checked !== Boolean(value); }
    if (input.type === "radio") { return input.checked !== (input.value === String(value)); }
    return input.value.trim() !== (value === null ? "" : String(value));
  }
  function choose(preset, early) {
    var rules = presets[preset];
    var current = form.querySelector('[name="accounting"]');
    if (current && rules.accounting && rules.accounting !== current.value && apply) {
      apply.click();  // another money system: its own settings, from the server
      return;
    }
    var kept = false;  // a field changed before the script came that the preset would change
    Object.keys(rules).forEach(function (name) {
      var inputs = form.querySelectorAll('[name="' + name + '"]');
      if (early && Array.prototype.some.call(inputs, changed)) {
        kept = kept || Array.prototype.some.call(inputs, function (input) { return differs(input, rules[name]); });
        return;
      }
      Array.prototype.forEach.call(inputs, function (input) {
        if (input.type === "checkbox") { input.checked = rules[name]; }
        else if (input.type === "radio") { input.checked = input.value === String(rules[name]); }
        else { input.value = rules[name] === null ? "" : rules[name]; }
      });
    });
    // that field wins and the preset clears, as when it is changed after the script came:
    // the form shows chosen what is stored (play16)
    if (kept) {
      var chosen = form.querySelector('[name="preset"]:checked');
      if (chosen) { chosen.checked = false; }
    }
    if (shown) { shown.value = kept ? "" : preset; }
  }
  // On a slow phone a preset may be tapped before this script has come: it fills in now
  var tapped = form.querySelector('[name="preset"]:checked');
  if (tapped && shown && tapped.value !== shown.value && presets[tapped.value]) { choose(tapped.value, true); }
})();
