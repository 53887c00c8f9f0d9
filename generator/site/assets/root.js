// Send the browser to the reader's language when the site has it: the one they last
// picked in a language menu (language.js keeps it), else the browser's preferred one.
// The languages are the links of the page's own list (hreflang, and the folder).
"use strict";
(function () {
  var available = {};
  var links = document.querySelectorAll(".language-list a[hreflang]");
  for (var i = 0; i < links.length; i++) {
    available[links[i].getAttribute("hreflang").toLowerCase()] = links[i].getAttribute("href");
  }
  var wanted = [];
  try {
    var picked = window.localStorage.getItem("belote-language");
    if (picked) wanted.push(picked);
  } catch (e) { /* storage refused: the browser's languages alone */ }
  wanted = wanted.concat(navigator.languages || [navigator.language || ""]);
  for (var j = 0; j < wanted.length; j++) {
    // The language's own folder for its tag (pt-BR), else for its language (pt).
    var tag = String(wanted[j]).toLowerCase();
    var href = available[tag] || available[tag.split("-")[0]];
    if (href) { location.replace(href); return; }
  }
})();
