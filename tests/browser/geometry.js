// The geometry of a page's figures, measured in one pass (tests/browser/test_geometry.py).
// Returns one line per defect: two text boxes that overlap, text that meets another box's
// colour, text or a badge on a card's corner index, text over a card, a part outside its figure, a table wider than its
// container, a word broken across two lines, and (on a phone) a box that scrolls inside the page.
(phone) => {
  // What a reader looks at as one picture: each is checked on its own.
  const FIGURES = [
    "figure", ".diagram", ".felt-table", ".melds-figure", ".walk-hands", "ol.plays",
    ".walk-calls", "table", ".page-card", ".trick", ".felt", ".phone", ".compare-cards",
  ].join(", ");
  // A card face's corner index, as a share of the face (generator/site/pictures/cards.py:
  // the index ends 16 px in and 31 px down on the 64 x 90 face; the other corner turned).
  const INDEX_W = 17 / 64, INDEX_H = 31 / 90;
  const SLACK = 1.5;
  const MIN_CARD = 20;  // px: the smallest face the pages draw is 1.8rem of 10pt paper, 24 px  // sub-pixel rounding and anti-aliased edges

  const main = document.querySelector("main") || document.body;
  const shown = (el) => {
    if (el.closest(".visually-hidden, [hidden]")) return false;
    // A closed <details> keeps its content laid out but unpainted; its summary shows.
    const closed = el.closest("details:not([open])");
    if (closed && !el.closest("summary")) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const name = (el) => {
    const cls = [...el.classList].slice(0, 2).join(".");
    const text = (el.textContent || el.getAttribute("alt") || "").trim().replace(/\s+/g, " ").slice(0, 28);
    return `${el.tagName.toLowerCase()}${cls ? "." + cls : ""}${text ? ` "${text}"` : ""}`;
  };
  const meet = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK;
  const inside = (a, b) =>
    a.left >= b.left - SLACK && a.right <= b.right + SLACK &&
    a.top >= b.top - SLACK && a.bottom <= b.bottom + SLACK;
  const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
  const solid = (colour) => colour && colour !== "transparent" && !/rgba\(.*,\s*0\)$/.test(colour);

  // Text, one box per line of each text node; badges (absolutely placed marks: a disc, a
  // tick, a pill) as one box each.
  function parts(root) {
    const texts = [], badges = [], cards = [], all = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.data.trim() || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.height < 1) continue;
        const part = { box: box(r), el: node.parentElement };
        texts.push(part);
        all.push(part);
      }
    }
    for (const el of root.querySelectorAll("*")) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      if (el.matches("img.card-face")) {
        const part = { box: box(r), el };
        cards.push(part);
        all.push(part);
        continue;
      }
      const style = getComputedStyle(el);
      const before = getComputedStyle(el, "::before").content;
      if (style.position === "absolute" && (solid(style.backgroundColor) || (before && before !== "none"))) {
        const part = { box: box(r), el };
        badges.push(part);
        all.push(part);
      }
    }
    return { texts, badges, cards, all };
  }

  const defects = new Set();
  const roots = [...main.querySelectorAll(FIGURES)].filter(shown).filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1;
  });
  // Overlaps are looked for in the outermost figures (each pair once), containment in each.
  const outermost = roots.filter((el) => !roots.some((other) => other !== el && other.contains(el)));
  for (const root of outermost) {
    const { texts, badges, cards } = parts(root);
    const marks = [...texts, ...badges];
    for (let i = 0; i < marks.length; i++) {
      for (let j = i + 1; j < marks.length; j++) {
        const a = marks[i], b = marks[j];
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if (meet(a.box, b.box)) defects.add(`overlap: ${name(a.el)} / ${name(b.el)}`);
      }
    }
    for (const card of cards) {
      // A face squeezed by a narrow cell shows no readable index at all.
      if (card.box.right - card.box.left < MIN_CARD) defects.add(`card squeezed: ${name(card.el)}`);
      const c = card.box, w = (c.right - c.left) * INDEX_W, h = (c.bottom - c.top) * INDEX_H;
      const corners = [
        { left: c.left, right: c.left + w, top: c.top, bottom: c.top + h },
        { left: c.right - w, right: c.right, top: c.bottom - h, bottom: c.bottom },
      ];
      for (const mark of marks) {
        if (mark.el.contains(card.el)) continue;
        if (corners.some((corner) => meet(mark.box, corner))) {
          defects.add(`on an index: ${name(mark.el)} / ${name(card.el)}`);
        } else if (texts.includes(mark) && meet(mark.box, c)) {
          defects.add(`text over a card: ${name(mark.el)} / ${name(card.el)}`);
        }
      }
    }
  }
  // A box painted with a colour of its own (a band, a plate) meets no text it does not hold:
  // whichever is painted last, a line on or under another box's colour is a line half read.
  for (const root of outermost) {
    const { texts } = parts(root);
    const plates = [...root.querySelectorAll("*")].filter((el) => {
      if (!shown(el) || el.matches("img")) return false;
      const style = getComputedStyle(el);
      return style.position !== "absolute" && solid(style.backgroundColor);
    });
    for (const plate of plates) {
      const r = box(plate.getBoundingClientRect());
      for (const text of texts) {
        if (plate.contains(text.el) || text.el.contains(plate)) continue;
        if (meet(text.box, r)) defects.add(`painted over: ${name(text.el)} / ${name(plate)}`);
      }
    }
  }
  for (const root of roots) {
    const frame = root.getBoundingClientRect();
    for (const part of parts(root).all) {
      if (!inside(part.box, frame)) defects.add(`outside its figure: ${name(part.el)} in ${name(root)}`);
    }
  }
  for (const table of main.querySelectorAll("table")) {
    if (!shown(table)) continue;
    const width = table.getBoundingClientRect().right;
    for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
      const r = el.getBoundingClientRect();
      if (width > r.right + SLACK || el.scrollWidth > el.clientWidth + SLACK) {
        defects.add(`table wider than its container: ${name(table)} in ${name(el)}`);
        break;
      }
      if (el === main) break;
    }
  }
  // A word is read whole: one drawn on two lines ("Fail / ed", "10 / 0") reads as two. A
  // line may break at a space, and after a hyphen, a dash or a slash; a no-break space
  // holds its neighbours together ("1 000", "80 ♥").
  const WORD = /[^ \t\n\r\f\u200b\-\/\u2010-\u2014]+[\-\/\u2010-\u2014]?/g;
  const texts = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!node.data.trim() || !shown(node.parentElement)) continue;
    for (const found of node.data.matchAll(WORD)) {
      // An address breaks where it must (a link's text may be one): it is not read as words.
      if (found[0].length < 2 || /^(?:https?:|www\.)/i.test(found[0])) continue;
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      const lines = [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
      if (lines.length < 2) continue;
      const tops = lines.map((r) => r.top);
      const height = Math.min(...lines.map((r) => r.height));
      if (Math.max(...tops) - Math.min(...tops) > height / 2) {
        defects.add(`word broken across lines: "${found[0]}" in ${name(node.parentElement)}`);
      }
    }
  }
  if (phone) {
    for (const el of main.querySelectorAll("*")) {
      const style = getComputedStyle(el);
      const scrolls = (overflow) => overflow === "auto" || overflow === "scroll";
      if ((scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + SLACK) ||
          (scrolls(style.overflowY) && el.scrollHeight > el.clientHeight + SLACK)) {
        defects.add(`scrolls inside the page: ${name(el)}`);
      }
    }
  }
  return [...defects];
}
