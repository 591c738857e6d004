// The plain cash box's fee names by default the evening of its date whose players it ticks;
// season dues are the season's and name none (docs/cashbox.md). Without script the server
// refuses dues sent with an evening checked and draws the form again with "None" checked:
// one more tap. With it, choosing a fee that names no evening checks "None" at once, and
// choosing an evening's fee again checks back what the page was drawn with, if the treasurer
// did not choose otherwise meanwhile: what the form shows chosen is what is stored.
(function () {
  "use strict";
  var form = document.getElementById("fee");
  var box = document.getElementById("f-evening");
  if (!form || !box) { return; }
  var none = box.querySelector('input[name="evening"][value=""]');
  var drawn = box.querySelector('input[name="evening"]:checked');
  var moved = false;  // "None" checked by this script, not by the treasurer
  form.addEventListener("change", function (event) {
    var input = event.target;
    if (input.name === "evening") { moved = false; return; }
    if (input.name !== "kind" || !none) { return; }
    if (input.hasAttribute("data-names-no-evening")) {
      if (!none.checked) { none.checked = true; moved = true; }
    } else if (moved && drawn) {
      drawn.checked = true;
      moved = false;
    }
  });
})();
