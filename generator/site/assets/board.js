// The analysis board: the position lives in the page's address; the rules engine, in a
// Worker (static/board-worker.js), judges it; this draws what the engine answers with
// the words the page carries (.board-words). It knows no rule: which cards are allowed,
// why, who holds the trick and what it is worth are all the engine's answer.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board) return;
  document.documentElement.classList.remove("no-script");
  var FIELDS = ["rules", "trump", "leader", "trick", "hand"];
  var words = board.querySelector(".board-words");
  var impossible = board.querySelector(".board-impossible");
  var trickList = board.querySelector(".board-trick");
  var handList = board.querySelector(".board-hand");
  var holder = board.querySelector(".board-holder");
  var toPlay = board.querySelector(".board-to-play");
  var deck = {};
  board.querySelectorAll(".board-card").forEach(function (button) {
    deck[button.dataset.card] = button;
  });

  var said = window.beloteWords(words), word = said.word, fill = said.fill;
  function codes(text) {
    return (text || "").split(",").map(function (code) {
      return code.trim().toUpperCase();
    }).filter(Boolean);
  }

  function read(hash) {
    var given = new URLSearchParams(hash.replace(/^#/, ""));
    var start = new URLSearchParams(board.dataset.start);
    var source = given.has("rules") ? given : start;
    var state = {};
    FIELDS.forEach(function (field) {
      state[field] = source.get(field) || "";
    });
    state.trick = codes(state.trick);
    state.hand = codes(state.hand);
    return state;
  }
  function address(state) {
    return FIELDS.map(function (field) {
      var value = Array.isArray(state[field]) ? state[field].join(",") : state[field];
      return field + "=" + value;
    }).join("&");
  }

  var state = read(location.hash);
  var target = "hand";
  // The engine's (static/engine.js), set before the first draw.
  var ask = function () {};

  function face(code) {
    var item = document.createElement("li");
    item.dataset.card = code;
    var button = deck[code];
    var picture = button && button.querySelector("picture");
    if (picture) item.appendChild(picture.cloneNode(true));
    else item.textContent = code;
    return item;
  }

  function draw() {
    ["rules", "trump", "leader"].forEach(function (field) {
      board.querySelectorAll('input[name="' + field + '"]').forEach(function (input) {
        input.checked = input.value === state[field];
      });
    });
    trickList.textContent = "";
    state.trick.forEach(function (code) {
      trickList.appendChild(face(code));
    });
    handList.textContent = "";
    state.hand.forEach(function (code) {
      var item = face(code);
      item.className = "board-hand-card";
      var why = document.createElement("p");
      why.className = "board-reason";
      item.appendChild(why);
      handList.appendChild(item);
    });
    Object.keys(deck).forEach(function (code) {
      var where = state.trick.indexOf(code) >= 0 ? "trick" : state.hand.indexOf(code) >= 0 ? "hand" : "";
      deck[code].setAttribute("aria-pressed", where ? "true" : "false");
      deck[code].dataset.place = where;
    });
    holder.textContent = "";
    toPlay.textContent = "";
    impossible.hidden = true;
    var fragment = "#" + address(state);
    if (location.hash !== fragment) history.replaceState(null, "", fragment);
    judge();
  }

  function judge() {
    ask({
      kind: "position", rules: state.rules, trump: state.trump, leader: state.leader,
      trick: state.trick, hand: state.hand,
    });
  }

  function show(answer) {
    // Counts the engine's answers, for the bench and the tests to wait on.
    board.dataset.judged = String(Number(board.dataset.judged || 0) + 1);
    if (answer.impossible) {
      impossible.textContent = word("impossible", answer.impossible);
      impossible.hidden = false;
      return;
    }
    var seat = function (name) { return word("seat", name); };
    toPlay.textContent = fill(word("to-play"), { seat: seat(answer.seat) });
    if (!answer.verdicts.length) toPlay.textContent += " " + word("empty-hand");
    var values = { led: "", best: "" };
    Array.prototype.forEach.call(trickList.children, function (item, index) {
      var by = answer.played_by[index];
      item.dataset.seat = by;
      var name = document.createElement("span");
      name.className = "board-seat";
      name.textContent = seat(by);
      item.appendChild(name);
      if (by === answer.holder) {
        item.classList.add("holds");
        values.best = deck[item.dataset.card].dataset.object;
      }
    });
    if (state.trick.length) {
      values.led = word("suit", state.trick[0].slice(-1));
      holder.textContent = fill(word("holds"), { seat: seat(answer.holder), points: answer.worth });
    }
    var items = handList.children;
    answer.verdicts.forEach(function (verdict, index) {
      var item = items[index];
      item.dataset.verdict = verdict[2] ? "allowed" : "refused";
      item.querySelector(".board-reason").textContent = fill(word("reason", verdict[1]), values);
    });
  }

  function tap(code) {
    var inTrick = state.trick.indexOf(code), inHand = state.hand.indexOf(code);
    if (inTrick >= 0) state.trick.splice(inTrick, 1);
    else if (inHand >= 0) state.hand.splice(inHand, 1);
    else state[target].push(code);
    draw();
  }

  Object.keys(deck).forEach(function (code) {
    deck[code].addEventListener("click", function () { tap(code); });
  });
  board.querySelectorAll("input[type=radio]").forEach(function (input) {
    input.addEventListener("change", function () {
      if (input.name === "target") target = input.value;
      else state[input.name] = input.value;
      if (input.name !== "target") draw();
    });
  });
  board.querySelectorAll(".board-clear").forEach(function (button) {
    button.addEventListener("click", function () {
      state[button.dataset.clear] = [];
      draw();
    });
  });
  window.addEventListener("hashchange", function () {
    state = read(location.hash);
    draw();
  });

  ask = window.beloteEngine(board, word, show);
  draw();
})();
