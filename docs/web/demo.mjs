// The demo pages' own script: `#offset=73` (or `#offset=0,70,140`, a path for a header with state; or
// `#offset=-60`, pulled down, as each page's element has a `pull`) scrolls the header's page there once the
// element is defined, for screenshots.
const element = document.querySelector(".phone");
await customElements.whenDefined(element.localName);
const path = (new URLSearchParams(location.hash.slice(1)).get("offset") ?? "0").split(",").map(Number).filter(Number.isFinite);
// Each offset is drawn before the next is set, so that a header with state sees every step of the path. The
// waits are timers, not animation frames: a headless screenshot's virtual time runs through timers, and
// frames alone do not hold the screenshot back.
const wait = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
// The element draws the page at rest first, as a person's page opens, before the path: a box the element
// keeps from the first frame that draws it (`_box` in the element's runtime) is then the same in every
// screenshot.
await wait(100);
for (const offset of path) {
  element.offset = offset;
  for (let waits = 0; waits < 20 && element.offset !== offset; waits++) await wait(50);
  await wait(100);
}
document.body.dataset.ready = "true";
