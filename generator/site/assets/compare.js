// The comparison table, for the rule sets the reader picks: up to three columns, which
// fit a phone (there, as cards). Without this script every rule set is shown.
"use strict";
(function () {
  var LIMIT = 3;
  var KEY = "belote-compare";
  var pick = document.querySelector("fieldset.pick");
  if (!pick) return;
  var boxes = Array.prototype.slice.call(pick.querySelectorAll("input[type=checkbox]"));
  var cells = Array.prototype.slice.call(document.querySelectorAll("table.compare [data-cols], .option-cards [data-cols]"));
  var wanted = (pick.getAttribute("data-picked") || "").split(" ").filter(Boolean);
  try {
    var kept = window.localStorage.getItem(KEY);
    if (kept) wanted = kept.split(" ").filter(Boolean);
  } catch (e) { /* storage refused: start from the page's own choice */ }
  boxes.forEach(function (box) { box.checked = wanted.indexOf(box.value) >= 0; });

  function show() {
    var on = boxes.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
    boxes.forEach(function (box) { box.disabled = !box.checked && on.length >= LIMIT; });
    cells.forEach(function (cell) {
      var covered = cell.getAttribute("data-cols").split(" ");
      var visible = covered.filter(function (c) { return on.indexOf(c) >= 0; }).length;
      cell.hidden = visible === 0;
      if (cell.tagName === "TD") {
        if (visible > 1) cell.setAttribute("colspan", String(visible));
        else cell.removeAttribute("colspan");
      }
    });
    cards.forEach(merge);
    try { window.localStorage.setItem(KEY, on.join(" ")); } catch (e) { /* not kept */ }
  }
  // On a phone's cards, the chosen rule sets that agree share one line: their names, then
  // the value once (the names are the page's own, so nothing new needs translating).
  var cards = Array.prototype.slice.call(document.querySelectorAll(".option-card"));
  cards.forEach(function (card) {
    card.querySelectorAll("dl > div > dt").forEach(function (dt) { dt.setAttribute("data-name", dt.textContent); });
  });
  function merge(card) {
    var lines = Array.prototype.slice.call(card.querySelectorAll("dl > div"));
    var seen = [];
    lines.forEach(function (line) {
      var dt = line.querySelector("dt");
      dt.textContent = dt.getAttribute("data-name");
      line.classList.remove("merged");
      if (line.hidden) return;
      var value = line.querySelector("dd").textContent.trim();
      var first = seen.filter(function (s) { return s.value === value; })[0];
      if (first) {
        first.dt.textContent += " · " + dt.getAttribute("data-name");
        line.classList.add("merged");
      } else {
        seen.push({ value: value, dt: dt });
      }
    });
  }
  boxes.forEach(function (box) { box.addEventListener("change", show); });
  pick.hidden = false;
  document.documentElement.classList.add("picking");
  show();
})();
