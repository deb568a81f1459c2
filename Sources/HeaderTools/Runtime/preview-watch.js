// What `preview --watch` adds to the preview page (PreviewWatchPage.swift): it long-polls
// `/spec?version=N` and, when a newer spec has checked, reloads the page with the offset, the inputs and the
// offsets the state went along written into its fragment, which the page reads when it starts. The page sets
// `previewWatch` before this script: the version the page was made from (`good`, 0: none has checked), the
// spec's version now, and how long to wait before asking again after the server did not answer.

/* global document, history, location, window, fetch, setTimeout, Worker, Blob, URL, URLSearchParams, previewWatch */

(() => {
  // The page comes back where it was: the offset and inputs are the page's own fragment's.
  history.scrollRestoration = "manual";
  const { good, version, retryMilliseconds } = previewWatch;
  let seen = version;
  const panel = document.getElementById("diagnostics");
  document.body.dataset.specVersion = String(seen);
  function showDiagnostics(text) {
    panel.textContent = text;
    panel.hidden = text === "";
  }
  // The fragment the page starts from: its inputs as they are set now, and the offsets the state went
  // along (the fragment's, then the one shown now, when the page has moved since).
  function fragmentNow() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    const trace = (fragment.get("offset") ?? "0").split(",").filter((text) => text !== "");
    const offset = document.body.dataset.offset;
    if (offset !== undefined && trace[trace.length - 1] !== offset) trace.push(offset);
    fragment.set("offset", trace.join(","));
    // A scroll's end happened once, before: the offset it came to rest at is the one kept.
    fragment.delete("ended");
    fragment.delete("velocity");
    for (const field of document.querySelectorAll("#controls input[name]")) {
      fragment.set(field.name, field.type === "checkbox" ? String(field.checked) : field.value);
    }
    return fragment.toString();
  }
  // A newer version: the page again where it is, or the diagnostics. True once the page reloads.
  function handle(update) {
    seen = update.version;
    document.body.dataset.specVersion = String(seen);
    if (update.good !== good) {
      history.replaceState(null, "", "#" + fragmentNow());
      location.reload();
      return true;
    }
    showDiagnostics(update.diagnostics);
    return false;
  }
  // The long poll, one request held at a time. It runs in a worker where the browser has them: a
  // request the page itself holds open keeps a headless browser's virtual time from running, so a
  // screenshot with --virtual-time-budget would never be taken; a worker's does not.
  const poll = (post) => async function follow(url, version) {
    for (;;) {
      let update;
      try {
        const response = await fetch(url + "?version=" + version, { cache: "no-store" });
        update = await response.json();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, retryMilliseconds));
        continue;
      }
      version = update.version;
      if (post(update)) return;
    }
  };
  const url = new URL("/spec", location.href).href;
  let worker = null;
  try {
    const source = `const follow = (${poll.toString()})((update) => { postMessage(update); return false; });\n`
      + `follow(${JSON.stringify(url)}, ${seen});`;
    worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
    worker.onmessage = (event) => { if (handle(event.data)) worker.terminate(); };
    worker.onerror = () => { worker.terminate(); poll(handle)(url, seen); };
  } catch {
    poll(handle)(url, seen);
  }
})();
