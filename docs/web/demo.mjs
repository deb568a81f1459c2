// The demo pages' own script: `#offset=73` (or `#offset=0,70,140`, a path for a header with state) scrolls
// the header's page there once the element is defined, for screenshots.
const element = document.querySelector(".phone");
await customElements.whenDefined(element.localName);
const path = (new URLSearchParams(location.hash.slice(1)).get("offset") ?? "0").split(",").map(Number).filter(Number.isFinite);
for (const offset of path) {
  element.scroller.scrollTop = offset;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}
document.body.dataset.ready = "true";
