// Table creation form: show the chosen theme's "who starts" sentence.
(function () {
  "use strict";
  const select = document.getElementById("theme");
  const help = document.getElementById("first-help");
  if (!select || !help) return;
  const adapt = document.getElementById("adapt-link"); // the studio, on the chosen deck
  select.addEventListener("change", function () {
    const option = select.options[select.selectedIndex];
    help.textContent = option ? option.dataset.first || "" : "";
    if (adapt && option) adapt.href = adapt.dataset.base + "?deck=" + encodeURIComponent(option.value);
  });
})();
