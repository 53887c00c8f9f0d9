// The rules engine in the reader's browser, for the pages that run it (the analysis board,
// a deal to play): a Worker (static/board-worker.js) started with the page, its status
// line kept in the page's words (loading, slow, failed). `window.beloteEngine(root, word,
// answered)` starts it and returns `ask(question)`; only the answer to the last question
// asked reaches `answered`, so a reader who taps quickly sees the position they left.
// `window.beloteWords(list)` reads the words the page carries for its script (a hidden
// list, one item per word, `data-<kind>="<key>"`) and fills their %(name)s places.
(function () {
  "use strict";
  var SLOW_MS = 15000;
  window.beloteWords = function (list) {
    return {
      word: function (attribute, key) {
        var found = list.querySelector("[data-" + attribute + '="' + (key || "") + '"]');
        return found ? found.textContent : "";
      },
      fill: function (text, values) {
        return text.replace(/%\((\w+)\)s/g, function (_, name) {
          return values[name] === undefined ? "" : String(values[name]);
        });
      },
    };
  };
  window.beloteEngine = function (root, word, answered) {
    var status = root.querySelector(".board-status");
    var asked = 0, worker = null, started = false;
    status.textContent = word("status", "loading");
    var slow = setTimeout(function () { status.textContent = word("status", "slow"); }, SLOW_MS);
    function failed() {
      clearTimeout(slow);
      status.textContent = word("status", "failed");
    }
    try {
      worker = new Worker(root.dataset.worker, { type: "module" });
    } catch (error) {
      failed();
    }
    if (worker) {
      worker.onerror = failed;
      worker.onmessage = function (event) {
        var message = event.data;
        if (message.ready) {
          clearTimeout(slow);
          status.textContent = "";
          started = true;
        } else if (message.failed && !started) {
          failed();
        } else if (message.id === asked && message.answer) {
          answered(message.answer);
        }
      };
    }
    return function ask(question) {
      if (!worker) return;
      asked += 1;
      worker.postMessage({ id: asked, question: question });
    };
  };
})();
