// Choosing a preset fills in its settings at once (without script: "Apply the preset").
(function () {
  "use strict";
  var form = document.querySelector("form.new-game");
  if (!form) { return; }
  var presets = JSON.parse(form.getAttribute("data-presets"));
  var apply = form.querySelector("button.apply-preset");
  if (apply) { apply.hidden = true; }
  form.addEventListener("change", function (event) {
    if (event.target.name !== "preset") { return; }
    var rules = presets[event.target.value];
    var current = form.querySelector('[name="accounting"]');
    if (current && rules.accounting && rules.accounting !== current.value && apply) {
      apply.click();  // another money system: its own settings, from the server
      return;
    }
    Object.keys(rules).forEach(function (name) {
      var inputs = form.querySelectorAll('[name="' + name + '"]');
      Array.prototype.forEach.call(inputs, function (input) {
        if (input.type === "checkbox") { input.checked = rules[name]; }
        else if (input.type === "radio") { input.checked = input.value === String(rules[name]); }
        else { input.value = rules[name]; }
      });
    });
  });
})();
