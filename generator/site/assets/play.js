// A deal to play: the deal lives in the page's address (its rule set, the computer players'
// level, the seed that deals it, and the reader's calls and cards so far); the rules engine,
// in a Worker (static/board-worker.js), replays it and says where it stands. This draws the
// answer with the words the page carries (.board-words). It knows no rule: who deals, what
// the others call and play, which cards are allowed and why, and the score are all the
// engine's answer.
(function () {
  "use strict";
  var game = document.getElementById("game");
  if (!game) return;
  document.documentElement.classList.remove("no-script");
  var FIELDS = ["rules", "level", "deal", "calls", "cards"];
  var words = game.querySelector("ul.board-words");
  var faces = game.querySelector(".game-faces");
  var impossible = game.querySelector(".board-impossible");
  var part = function (name) { return game.querySelector(".game-" + name); };
  var seeds = Number(game.dataset.seeds);

  var said = window.beloteWords(words), word = said.word, fill = said.fill;
  function list(text) {
    return (text || "").split(",").map(function (item) { return item.trim(); }).filter(Boolean);
  }
  function read(hash) {
    var given = new URLSearchParams(hash.replace(/^#/, ""));
    var source = given.has("deal") ? given : new URLSearchParams(game.dataset.start);
    var state = {};
    FIELDS.forEach(function (field) { state[field] = source.get(field) || ""; });
    state.calls = list(state.calls);
    state.cards = list(state.cards).map(function (code) { return code.toUpperCase(); });
    return state;
  }
  function address(state) {
    // Commas kept as they are: the cards read as a scenario writes them.
    return FIELDS.map(function (field) {
      var value = state[field];
      value = Array.isArray(value) ? value.join(",") : value;
      return field + "=" + encodeURIComponent(value).replace(/%2C/g, ",");
    }).join("&");
  }

  var state = read(location.hash);
  // The engine's (static/engine.js), set before the first draw.
  var ask = function () {};

  function face(code) {
    var item = document.createElement("li");
    item.dataset.card = code;
    var found = faces.querySelector('[data-card="' + code + '"] picture');
    if (found) item.appendChild(found.cloneNode(true));
    else item.textContent = code;
    return item;
  }
  function object(code) {
    var found = faces.querySelector('[data-card="' + code + '"]');
    return found ? found.dataset.object : code;
  }
  function trick(shown, plays, holder) {
    shown.textContent = "";
    plays.forEach(function (play) {
      var item = face(play[1]);
      item.dataset.seat = play[0];
      var name = document.createElement("span");
      name.className = "board-seat";
      name.textContent = word("seat", play[0]);
      item.appendChild(name);
      if (play[0] === holder) item.classList.add("holds");
      shown.appendChild(item);
    });
  }

  function draw() {
    ["rules", "level"].forEach(function (field) {
      game.querySelectorAll('input[name="' + field + '"]').forEach(function (input) {
        input.checked = input.value === state[field];
      });
    });
    var fragment = "#" + address(state);
    if (location.hash !== fragment) history.replaceState(null, "", fragment);
    part("link").href = fragment;
    part("refused").textContent = "";
    replay();
  }

  function replay() {
    ask({
      kind: "game", rules: state.rules, skill: state.level, seed: Number(state.deal),
      calls: state.calls, cards: state.cards,
    });
  }

  function show(answer) {
    // Counts the engine's answers, for the tests to wait on.
    game.dataset.judged = String(Number(game.dataset.judged || 0) + 1);
    impossible.hidden = true;
    game.dataset.phase = answer.phase || "";
    if (answer.impossible) {
      impossible.textContent = word("impossible", answer.impossible);
      impossible.hidden = false;
      return;
    }
    part("dealt").textContent = fill(word("dealt"), {
      seat: word("seat", answer.dealer), card: object(answer.turned),
    });
    var calls = part("calls");
    calls.textContent = "";
    answer.calls.forEach(function (call) {
      var item = document.createElement("li");
      item.textContent = fill(word("called"), { seat: word("seat", call[0]), call: word("call", call[1]) });
      calls.appendChild(item);
    });
    var contract = answer.contract;
    var suit = contract && word("suit", contract.trump);
    part("contract").textContent = contract
      ? word("takes", contract.taker + ":" + contract.trump) +
        (suit ? " " + fill(word("trump-is"), { suit: suit }) : "")
      : "";
    var tricks = answer.tricks, won = answer.won;
    var current = tricks.length > won.length ? tricks[tricks.length - 1] : [];
    trick(part("trick"), current, answer.holder);
    var previous = won.length ? tricks[won.length - 1] : [];
    var taken = won.length ? won[won.length - 1] : null;
    trick(part("last"), previous, taken && taken[0]);
    part("last-heading").hidden = !taken;
    part("took").textContent = taken
      ? fill(word("took"), { seat: word("seat", taken[0]), points: taken[1] })
      : "";
    part("turn").textContent = word("turn", answer.phase);
    offer(answer);
    hand(answer, current);
    score(answer.score);
  }

  function offer(answer) {
    var offered = part("offered");
    offered.textContent = "";
    answer.offered.forEach(function (call) {
      if (!call[2]) return;
      var button = document.createElement("button");
      button.type = "button";
      button.dataset.call = call[0];
      button.textContent = word("call", call[0]);
      button.addEventListener("click", function () {
        state.calls.push(call[0]);
        draw();
      });
      offered.appendChild(button);
    });
    if (answer.phase === "redeal") {
      var again = document.createElement("button");
      again.type = "button";
      again.className = "game-new";
      again.textContent = game.querySelector("button.game-new").textContent;
      again.addEventListener("click", newDeal);
      offered.appendChild(again);
    }
  }

  function hand(answer, current) {
    var held = part("hand");
    held.textContent = "";
    var verdicts = {};
    answer.verdicts.forEach(function (verdict) { verdicts[verdict[0]] = verdict; });
    var led = current.length ? word("suit", current[0][1].slice(-1)) : "";
    var best = "";
    current.forEach(function (play) { if (play[0] === answer.holder) best = object(play[1]); });
    answer.hand.forEach(function (code) {
      var item = face(code);
      item.className = "board-hand-card";
      var verdict = verdicts[code];
      if (verdict) {
        item.dataset.verdict = verdict[2] ? "allowed" : "refused";
        var button = document.createElement("button");
        button.type = "button";
        button.className = "game-card";
        button.setAttribute("aria-label", object(code));
        button.appendChild(item.querySelector("picture") || document.createTextNode(code));
        item.insertBefore(button, item.firstChild);
        button.addEventListener("click", function () {
          if (verdict[2]) {
            state.cards.push(code);
            draw();
          } else {
            var why = fill(word("reason", verdict[1]), { led: led, best: best });
            part("refused").textContent = fill(word("refused"), { card: object(code), why: why });
          }
        });
      }
      held.appendChild(item);
    });
  }

  function score(sheet) {
    var section = game.querySelector(".game-score");
    section.hidden = !sheet;
    if (!sheet) return;
    part("outcome").textContent = word("outcome", sheet.outcome);
    section.classList.toggle("capot", Boolean(sheet.capot));
    section.querySelectorAll("tr[data-row] td").forEach(function (cell) {
      var row = cell.parentNode.dataset.row;
      cell.textContent = String(sheet[row][cell.dataset.side]);
    });
  }

  function newDeal() {
    var seed = new Uint32Array(1);
    crypto.getRandomValues(seed);
    state.deal = String(seed[0] % seeds);
    state.calls = [];
    state.cards = [];
    draw();
  }

  game.querySelectorAll("button.game-new").forEach(function (button) {
    button.addEventListener("click", newDeal);
  });
  game.querySelectorAll("input[type=radio]").forEach(function (input) {
    input.addEventListener("change", function () {
      state[input.name] = input.value;
      state.calls = [];
      state.cards = [];
      draw();
    });
  });
  window.addEventListener("hashchange", function () {
    state = read(location.hash);
    draw();
  });

  ask = window.beloteEngine(game, word, show);
  draw();
})();
