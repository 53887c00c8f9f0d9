// The language a reader picks in the menu is remembered, so that the root page sends
// them back to it rather than to the browser's language (root.js reads it).
"use strict";
(function () {
  var KEY = "belote-language";
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".languages a[hreflang], .language-list a[hreflang]");
    if (!link) return;
    try { window.localStorage.setItem(KEY, link.getAttribute("hreflang").toLowerCase()); } catch (e) { /* not kept */ }
  });
})();
