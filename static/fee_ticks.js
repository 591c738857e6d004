// The cash box's Fee form checks by default whom its fee is for: a fee per lost game, the
// members who lost a game that evening (its games say, docs/cashbox.md "The fee per lost
// game"); any other fee, who played. The page is drawn with the evening fee chosen, its
// players checked; each box says whether its member played (data-played) and lost a game
// (data-lost). With script, choosing a fee checks its members at once, as long as the
// treasurer did not check or uncheck one themselves meanwhile, and the help above says whom.
// Without it, a fee per lost game sent with a member checked who lost none is refused once
// and drawn again without them: what the form shows chosen is what is stored.
(function () {
  "use strict";
  var form = document.getElementById("fee");
  var box = document.getElementById("f-members");
  if (!form || !box || !box.hasAttribute("data-lost-kind")) { return; }
  var lostKind = box.getAttribute("data-lost-kind");
  var played = document.getElementById("fee-checked");
  var lost = document.getElementById("fee-checked-lost");
  // an evening whose games cannot say who lost (l'Hombre's chips): no box is a loser's, and
  // choosing that fee says why at once, not only once it is sent
  var cannot = document.getElementById("fee-cannot-say");
  var touched = false;  // a box checked or unchecked by the treasurer: left as chosen
  form.addEventListener("change", function (event) {
    var input = event.target;
    if (input.name === "member") { touched = true; return; }
    if (input.name !== "kind") { return; }
    var perLost = input.value === lostKind;
    if (!touched) {
      var boxes = box.querySelectorAll('input[name="member"]');
      for (var i = 0; i < boxes.length; i += 1) {
        boxes[i].checked = boxes[i].hasAttribute(perLost ? "data-lost" : "data-played");
      }
    }
    if (played && (lost || cannot)) {
      played.hidden = perLost;
      if (lost) { lost.hidden = !perLost; }
      if (cannot) { cannot.hidden = !perLost; }
    }
  });
})();
