// The first-dealer buttons show the players' names as they are typed
// ("Player 2" until a name is given). Without script the server does it
// when the page comes back.
(function () {
  "use strict";
  var group = document.getElementById("f-first_dealer");
  if (!group) { return; }
  function update(input) {
    var seat = input.id.replace("player", "");
    var radio = group.querySelector('input[value="' + seat + '"]');
    var label = radio && radio.nextElementSibling;
    if (!label) { return; }
    var name = input.value.trim();
    label.textContent = name || label.getAttribute("data-default");
    // an optional seat (a 4th player) is no choice of first dealer while nobody sits there
    var choice = label.parentElement;
    if (choice.hasAttribute("data-optional")) { choice.hidden = !name; }
  }
  Array.prototype.forEach.call(document.querySelectorAll('input[id^="player"]'), function (input) {
    input.addEventListener("input", function () { update(input); });
    update(input);
  });
})();
