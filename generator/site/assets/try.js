// Try a card, score a deal: the build wrote every verdict, reason and score into the
// page (data-say, the classes allowed/refused, data-answer, a practice's pool); this
// only shows them.
(function () {
  "use strict";
  document.documentElement.classList.remove("no-script");
  function say(box, text, allowed) {
    var verdict = box.querySelector(".verdict");
    if (!verdict) return;
    verdict.textContent = text;
    verdict.className = "verdict " + (allowed ? "allowed" : "refused");
  }
  // Only the first card chosen counts, and none once the answer is shown; a practice's
  // drill keeps the score.
  function tally(example, allowed) {
    if (example.dataset.counted) return;
    example.dataset.counted = "1";
    var drill = example.closest(".drill");
    if (drill && drill.record) drill.record(allowed);
    var lesson = example.closest(".lesson");
    if (lesson && lesson.record) lesson.record(allowed);
  }
  function choose(button) {
    var group = button.parentNode, example = button.closest(".example");
    group.querySelectorAll("button").forEach(function (other) {
      other.setAttribute("aria-checked", other === button ? "true" : "false");
      other.tabIndex = other === button ? 0 : -1;
    });
    var allowed = button.classList.contains("allowed");
    button.classList.add("tried");
    say(example, button.dataset.say, allowed);
    tally(example, allowed);
    // Tried: the answer is the reader's to read now.
    example.classList.add("answered");
  }
  function bind(group) {
    var example = group.closest(".example");
    var buttons = Array.prototype.slice.call(group.querySelectorAll("button"));
    // In practice the first card chosen is the answer: the arrows only move between cards.
    var quiz = example.classList.contains("practice");
    buttons.forEach(function (button, index) {
      button.tabIndex = index === 0 ? 0 : -1;
      button.addEventListener("click", function () { choose(button); });
      button.addEventListener("keydown", function (event) {
        var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        var next = buttons[(index + step + buttons.length) % buttons.length];
        button.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
        if (!quiz) choose(next);
      });
    });
  }
  document.querySelectorAll(".try").forEach(function (group) {
    var example = group.closest(".example");
    // The build wrote the example answered (as a reader without script sees it).
    example.classList.remove("answered");
    bind(group);
    var reveal = example.querySelector(".reveal");
    if (reveal) reveal.addEventListener("click", function () {
      example.classList.add("answered");
      // A card chosen once the answer is shown proves nothing: it does not count, and in a
      // lesson the position is not answered right.
      if (!example.dataset.counted) {
        example.dataset.counted = "1";
        var lesson = example.closest(".lesson");
        if (lesson && lesson.record) lesson.record(false);
      }
      reveal.hidden = true;
      var drill = example.closest(".drill");
      if (drill && drill.done) drill.done();
    });
  });
  function fill(text, values) {
    Object.keys(values).forEach(function (name) {
      text = text.split("%(" + name + ")s").join(values[name]);
    });
    return text;
  }
  function make(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }
  // Practice: positions drawn at random from the page's pool (data-pool: per position
  // trump|trick|holder|seat|hand|reasons, cards as two letters), worded from the page's
  // phrasebook (data-words); the score is kept in this browser (localStorage).
  document.querySelectorAll(".drill").forEach(function (drill) {
    var pool = drill.dataset.pool.split(" "), book = JSON.parse(drill.dataset.words);
    var key = "belote-practice:" + drill.dataset.rules, lang = document.documentElement.lang;
    var examples = drill.querySelectorAll(".example"), stage = examples[0];
    var board = drill.querySelector(".practice-score"), state, current = 0;
    function number(n) { return n.toLocaleString(lang); }
    function shuffled() {
      var order = pool.map(function (_, i) { return i; });
      for (var i = order.length - 1; i > 0; i--) {
        var j = Math.floor(Math.random() * (i + 1)), t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      return order;
    }
    function load() {
      var kept = null;
      try { kept = JSON.parse(window.localStorage.getItem(key)); } catch (e) { kept = null; }
      kept = kept && typeof kept === "object" ? kept : {};
      ["tried", "right", "streak", "at"].forEach(function (name) {
        kept[name] = Math.max(0, Math.floor(Number(kept[name]) || 0));
      });
      // Each position once before any again, across visits; a new pool, a new order.
      var order = kept.order;
      if (!Array.isArray(order) || order.length !== pool.length ||
          order.some(function (i) { return !pool[i]; })) {
        kept.order = shuffled();
        kept.at = 0;
      }
      kept.at %= pool.length;
      return kept;
    }
    function save() {
      try { window.localStorage.setItem(key, JSON.stringify(state)); } catch (e) { /* private mode */ }
    }
    function show() {
      board.textContent = fill(board.dataset.format,
        { tried: number(state.tried), right: number(state.right), streak: number(state.streak) });
    }
    function picture(code) {
      var c = book.cards[code], at = book.img + c[0];
      var box = make("picture");
      box.appendChild(make("source", { type: "image/webp", srcset: at + ".webp 1x, " + at + "@2x.webp 2x" }));
      var img = make("img", { "class": "card-face", src: at + ".png", srcset: at + ".png 1x, " + at + "@2x.png 2x",
        width: c[1], height: c[2], alt: c[3], decoding: "async" });
      if (c[4]) img.setAttribute("lang", c[4]);
      box.appendChild(img);
      return box;
    }
    function render(at) {
      var f = pool[state.order[at]].split("|"), trick = f[1], hand = f[4];
      current = at;
      stage.querySelector("h3").textContent = fill(drill.dataset.position,
        { number: number(at + 1), total: number(pool.length) });
      stage.querySelector(".mode").textContent = book.modes[f[0]];
      var plays = stage.querySelector(".trick"), best = "";
      plays.textContent = "";
      for (var p = 0; p < trick.length; p += 3) {
        var item = make("li");
        item.appendChild(make("span", { "class": "seat" }, book.seats[trick[p]][0]));
        item.appendChild(picture(trick.substr(p + 1, 2)));
        if (p / 3 === Number(f[2])) {
          item.className = "winning";
          item.appendChild(make("span", { "class": "holds" }, drill.dataset.holds));
          best = book.cards[trick.substr(p + 1, 2)][6];
        }
        plays.appendChild(item);
      }
      var seat = book.seats[f[3]], led = book.suits[trick.charAt(2)];
      stage.querySelector(".to-play").textContent = fill(drill.dataset.toPlay, { seat: seat[0] });
      var group = stage.querySelector(".try"), list = stage.querySelector(".reasons ul");
      group.textContent = "";
      list.textContent = "";
      group.setAttribute("aria-label", seat[1]);
      for (var k = 0; k < hand.length / 2; k++) {
        var code = hand.substr(2 * k, 2), reason = book.reasons[f[5].charAt(k)];
        var verdict = reason[0] ? "allowed" : "refused";
        var button = make("button", { type: "button", role: "radio", "aria-checked": "false",
          "data-card": code.replace("T", "10"), "class": verdict,
          "data-say": fill(reason[1], { led: led, best: best }) });
        button.appendChild(picture(code));
        button.appendChild(make("span", { "class": "mark", "aria-hidden": "true" }));
        group.appendChild(button);
        list.appendChild(make("li", { "class": verdict },
          fill(drill.dataset[verdict], { card: book.cards[code][5], reason: reason[2] })));
      }
      bind(group);
      stage.classList.remove("answered");
      delete stage.dataset.counted;
      say(stage, "", true);
      stage.querySelector(".reveal").hidden = false;
      stage.querySelector("details").open = false;
    }
    // Tried or shown: the next visit starts at the next position.
    drill.done = function () {
      state.at = (current + 1) % pool.length;
      save();
    };
    drill.record = function (right) {
      state.tried += 1;
      state.right += right ? 1 : 0;
      state.streak = right ? state.streak + 1 : 0;
      drill.done();
      show();
    };
    state = load();
    for (var e = 1; e < examples.length; e++) examples[e].hidden = true;
    drill.querySelector(".board").hidden = false;
    drill.querySelector(".next-row").hidden = false;
    drill.querySelector(".next-position").addEventListener("click", function () {
      render((current + 1) % pool.length);
      state.at = current;
      save();
      stage.querySelector(".try button").focus();
    });
    drill.querySelector(".reset").addEventListener("click", function () {
      state.tried = state.right = state.streak = 0;
      save();
      show();
    });
    render(state.at);
    show();
  });
  // Lessons (lessons.html): one goal, a few positions; complete once every position was
  // answered with an allowed card at the first try, and kept so in this browser.
  document.querySelectorAll(".lesson").forEach(function (lesson) {
    var key = "belote-lesson:" + lesson.dataset.lesson;
    var examples = Array.prototype.slice.call(lesson.querySelectorAll(".example"));
    var progress = lesson.querySelector(".lesson-progress");
    var format = lesson.querySelector(".lesson-progress-format").textContent;
    var done = lesson.querySelector(".lesson-done"), again = lesson.querySelector(".lesson-again-row");
    var mark = document.querySelector('.lesson-mark[data-lesson="' + lesson.dataset.lesson + '"]');
    var right = 0, answered = 0;
    function finished() {
      try { return window.localStorage.getItem(key) === "done"; } catch (e) { return false; }
    }
    function show() {
      progress.hidden = false;
      progress.textContent = fill(format, { right: right, total: examples.length });
      done.hidden = mark.hidden = !finished();
      again.hidden = answered < examples.length;
    }
    lesson.record = function (allowed) {
      answered += 1;
      right += allowed ? 1 : 0;
      if (right === examples.length) {
        try { window.localStorage.setItem(key, "done"); } catch (e) { /* private mode */ }
      }
      show();
    };
    again.querySelector("button").addEventListener("click", function () {
      right = answered = 0;
      examples.forEach(function (example) {
        example.classList.remove("answered");
        delete example.dataset.counted;
        example.querySelectorAll(".try button").forEach(function (button) {
          button.setAttribute("aria-checked", "false");
          button.classList.remove("tried");
        });
        say(example, "", true);
        var reveal = example.querySelector(".reveal");
        if (reveal) reveal.hidden = false;
      });
      show();
      examples[0].querySelector(".try button").focus();
    });
    show();
  });
  document.querySelectorAll(".score-guess").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var given = Array.prototype.map.call(form.querySelectorAll("input"), function (input) {
        return input.value.trim() === "" ? "" : String(Number(input.value));
      }).join(" ");
      var right = given === form.dataset.answer;
      say(form, right ? form.dataset.right : form.dataset.wrong, right);
      if (!right) form.parentNode.querySelector(".breakdown").open = true;
    });
  });
  // A whole deal step by step (learn.html): one step at a time, forward and back; a
  // reader without the script sees every step in order.
  document.querySelectorAll(".walk").forEach(function (walk) {
    var steps = Array.prototype.slice.call(walk.querySelectorAll(".step"));
    var nav = walk.querySelector(".walk-nav");
    if (!nav || !steps.length) return;
    var previous = nav.querySelector(".walk-previous"), next = nav.querySelector(".walk-next");
    var at = nav.querySelector(".walk-at");
    var current = 0;
    // The lesson is done once this browser has reached its last step: kept across visits.
    var done = walk.querySelector(".walk-done"), key = "belote-learn:" + walk.dataset.lesson;
    function finished() {
      try { return window.localStorage.getItem(key) === "done"; } catch (e) { return false; }
    }
    function show(index, focus) {
      current = Math.max(0, Math.min(steps.length - 1, index));
      if (current === steps.length - 1) {
        try { window.localStorage.setItem(key, "done"); } catch (e) { /* private mode */ }
      }
      if (done) done.hidden = !(current === steps.length - 1 || finished());
      steps.forEach(function (step, i) { step.hidden = i !== current; });
      previous.disabled = current === 0;
      next.disabled = current === steps.length - 1;
      at.textContent = at.dataset.format
        .replace("%(step)s", current + 1).replace("%(steps)s", steps.length);
      if (!focus) return;
      var heading = steps[current].querySelector("h2");
      heading.tabIndex = -1;
      heading.focus();
    }
    nav.hidden = false;
    previous.addEventListener("click", function () { show(current - 1, true); });
    next.addEventListener("click", function () { show(current + 1, true); });
    // A link to a step (#trick-6) opens the walk there.
    function fromHash(focus) {
      steps.forEach(function (step, i) { if ("#" + step.id === window.location.hash) show(i, focus); });
    }
    show(0, false);
    fromHash(false);
    window.addEventListener("hashchange", function () { fromHash(true); });
  });
})();
