// Send the browser to its preferred language when the site has it: the
// languages are the links of the page's own list (hreflang, and the folder).
(function () {
  var available = {};
  var links = document.querySelectorAll(".language-list a[hreflang]");
  for (var i = 0; i < links.length; i++) {
    available[links[i].getAttribute("hreflang").toLowerCase()] = links[i].getAttribute("href");
  }
  var wanted = navigator.languages || [navigator.language || ""];
  for (var j = 0; j < wanted.length; j++) {
    // The language's own folder for its tag (pt-BR), else for its language (pt).
    var tag = String(wanted[j]).toLowerCase();
    var href = available[tag] || available[tag.split("-")[0]];
    if (href) { location.replace(href); return; }
  }
})();
