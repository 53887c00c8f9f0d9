// The comparison table, for the rule sets the reader picks: up to three columns, which
// fit a phone. Without this script every column is shown and the table scrolls.
"use strict";
(function () {
  var LIMIT = 3;
  var KEY = "belote-compare";
  var pick = document.querySelector("fieldset.pick");
  if (!pick) return;
  var boxes = Array.prototype.slice.call(pick.querySelectorAll("input[type=checkbox]"));
  var cells = Array.prototype.slice.call(document.querySelectorAll("table.compare [data-cols]"));
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
    try { window.localStorage.setItem(KEY, on.join(" ")); } catch (e) { /* not kept */ }
  }
  boxes.forEach(function (box) { box.addEventListener("change", show); });
  pick.hidden = false;
  document.documentElement.classList.add("picking");
  show();
})();
