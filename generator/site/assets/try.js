// Try a card, score a deal: the build wrote every verdict, reason and score into the
// page (data-say, the classes allowed/refused, data-answer); this only shows them.
(function () {
  "use strict";
  document.documentElement.classList.remove("no-script");
  var score = { right: 0, tried: 0 };
  function say(box, text, allowed) {
    var verdict = box.querySelector(".verdict");
    if (!verdict) return;
    verdict.textContent = text;
    verdict.className = "verdict " + (allowed ? "allowed" : "refused");
  }
  function tally(example, allowed) {
    var board = document.querySelector(".practice-score");
    if (!board || example.dataset.counted) return;
    example.dataset.counted = "1";
    score.tried += 1;
    if (allowed) score.right += 1;
    board.textContent = board.dataset.format
      .replace("%(right)s", score.right).replace("%(tried)s", score.tried);
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
  document.querySelectorAll(".try").forEach(function (group) {
    var example = group.closest(".example");
    var buttons = Array.prototype.slice.call(group.querySelectorAll("button"));
    // In practice the first card chosen is the answer: the arrows only move between cards.
    var quiz = example.classList.contains("practice");
    // The build wrote the example answered (as a reader without script sees it).
    example.classList.remove("answered");
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
    var reveal = example.querySelector(".reveal");
    if (reveal) reveal.addEventListener("click", function () {
      example.classList.add("answered");
      // A card chosen once the answer is shown proves nothing: it does not count.
      example.dataset.counted = "1";
      reveal.hidden = true;
    });
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
    function show(index, focus) {
      current = Math.max(0, Math.min(steps.length - 1, index));
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
