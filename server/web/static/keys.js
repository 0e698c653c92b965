// Keyboard navigation of item lists, as Google Reader and Miniflux users
// expect: j/k next/previous, o open, m toggle read, s star. Every action
// uses the page's own links and forms, so the pages work without it.
(function () {
  "use strict";
  var key = "vigil-current:" + location.pathname + location.search;
  var current = -1;

  function items() {
    return document.querySelectorAll("ul.items > li.item");
  }

  function select(i) {
    var list = items();
    if (list.length === 0) {
      return;
    }
    i = Math.max(0, Math.min(list.length - 1, i));
    if (current >= 0 && current < list.length) {
      list[current].classList.remove("current");
    }
    current = i;
    var li = list[current];
    li.classList.add("current");
    li.scrollIntoView({ block: "nearest" });
    var open = li.querySelector("a.open");
    if (open) {
      open.focus({ preventScroll: true });
    }
    try {
      sessionStorage.setItem(key, String(current));
    } catch (e) {
      // storage may be off; navigation still works on this page
    }
  }

  function submit(selector) {
    var li = items()[current];
    var form = li && li.querySelector(selector);
    if (form) {
      form.submit();
    }
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.defaultPrevented) {
      return;
    }
    var t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) {
      return;
    }
    if (items().length === 0) {
      return;
    }
    switch (ev.key) {
      case "j":
        select(current + 1);
        break;
      case "k":
        select(current < 0 ? 0 : current - 1);
        break;
      case "o":
        if (current < 0) {
          select(0);
        }
        var open = items()[current].querySelector("a.open");
        if (open) {
          location.href = open.href;
        }
        break;
      case "m":
        if (current >= 0) {
          submit("form.toggle-read");
        }
        break;
      case "s":
        if (current >= 0) {
          submit("form.star");
        }
        break;
      default:
        return;
    }
    ev.preventDefault();
  });

  document.addEventListener("DOMContentLoaded", function () {
    var hint = document.querySelector("p.keys");
    if (hint) {
      hint.hidden = false; // the keys work: say so
    }
    var saved = -1;
    try {
      saved = parseInt(sessionStorage.getItem(key) || "-1", 10);
    } catch (e) {
      saved = -1;
    }
    if (saved >= 0 && saved < items().length) {
      select(saved);
    }
  });
})();
