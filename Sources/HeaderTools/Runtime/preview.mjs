// The page of `headerc preview`, around the header's own web element (`compile --target web`): the phone is
// `<tag id="header" pull=...>`, whose page can be pulled down past its top (negative offsets, the stretch);
// beside it, a field for each input, a readout of every output at the element's offset (each value's bits
// in `data-bits`, for tools), and small multiples that plot every output with a cursor at the offset.
// After each frame the element draws, each block's stand-in is given the layer the element drew it at
// (`data-x`, `data-y`, `data-width`, `data-height`, `data-clip`), for tools, and its name is written where
// the pictures write it, on what shows of its layer (`data-y` of the name: the top of its line).
//
// The generated module above this defines the spec's `outputs`, `inputs`, `frame`, `initialState` and
// `advance`, and `previewSettings` (the pull, the plots' sweep, the starting inputs, the first snap's settle).
//
// The fragment sets the starting point, so that a headless browser can be pointed at a state:
// `#offset=-80&safeAreaTop=47`; `offset=0,120,40` goes along several offsets in order (for a header with
// state); `ended=70&velocity=0` then ends a scroll at 70 at that speed, and the page comes to rest where the
// element would put it (back to rest from a pull, else where the first snap says).

/* global document, location, URLSearchParams, CSS, previewSettings, outputs, inputs, frame, initialState, advance */

(() => {
  const element = document.getElementById("header");
  const readout = document.querySelector("#readout tbody");
  const plots = document.getElementById("plots");
  const controls = document.getElementById("controls");
  const offsetReadout = document.getElementById("offset-readout");
  const values = Object.create(null);
  for (const input of inputs) values[input.name] = previewSettings.startingInputs[input.name] ?? input.default;
  const view = new DataView(new ArrayBuffer(8));
  const bits = (x) => { view.setFloat64(0, x); return view.getBigUint64(0).toString(16); };
  const stands = new Map([...element.children].map((child) => [child.slot, child]));

  const rows = new Map();
  for (const output of outputs) {
    const row = document.createElement("tr");
    const name = document.createElement("td");
    name.textContent = output.name + (output.type === "length" ? " (pt)" : "");
    const cell = document.createElement("td");
    cell.className = "value";
    cell.dataset.output = output.name;
    row.append(name, cell);
    readout.append(row);
    rows.set(output.name, cell);
  }

  // Small multiples over a sweep from rest (a header with state goes along it from its initial state).
  let cursors = [];
  const plotWidth = 220, plotHeight = 110, margin = 8;
  const plotX = (offset) => margin + (offset - previewSettings.plotFrom) / (previewSettings.plotTo - previewSettings.plotFrom) * (plotWidth - 2 * margin);
  function buildPlots() {
    const sweep = [];
    for (let offset = previewSettings.plotFrom; offset <= previewSettings.plotTo; offset += previewSettings.plotStep) sweep.push(offset);
    const sweepState = typeof initialState === "function" ? initialState() : null;
    const frames = sweep.map((offset) => {
      if (sweepState) advance(sweepState, offset, values);
      return sweepState ? frame(offset, values, sweepState) : frame(offset, values);
    });
    plots.replaceChildren();
    cursors = outputs.map((output) => {
      const ys = frames.map((f) => Number(f[output.name]));
      const finite = ys.filter(Number.isFinite);
      let low = finite.length ? Math.min(...finite) : 0, high = finite.length ? Math.max(...finite) : 1;
      if (low === high) { low -= 1; high += 1; }
      const plotY = (value) => plotHeight - 22 - (value - low) / (high - low) * (plotHeight - 40);
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("width", plotWidth);
      svg.setAttribute("height", plotHeight);
      svg.dataset.output = output.name;
      const points = sweep.map((offset, i) => Number.isFinite(ys[i]) ? `${plotX(offset).toFixed(2)},${plotY(ys[i]).toFixed(2)}` : "").filter(Boolean);
      svg.innerHTML = `<text x="6" y="14"></text><polyline class="series" points="${points.join(" ")}"/>`
        + `<text x="6" y="${plotHeight - 6}">${Number(low.toPrecision(4))} … ${Number(high.toPrecision(4))}</text>`
        + `<line class="cursor" y1="18" y2="${plotHeight - 18}"/>`;
      svg.querySelector("text").textContent = output.name;
      plots.append(svg);
      return svg.querySelector(".cursor");
    });
  }

  // After each frame the element draws: the readout, the stand-ins' numbers and looks, the cursors.
  // A line of text is drawn at its size at rest (under the inputs now) and scaled by the element from there.
  let restFontSizes = null;
  function show() {
    const offset = element.offset, frameValues = element.values, layers = element.layers;
    if (!frameValues || !layers) return;
    offsetReadout.textContent = "offset " + offset;
    document.body.dataset.offset = String(offset);
    for (const output of outputs) {
      const value = frameValues[output.name];
      const cell = rows.get(output.name);
      cell.textContent = typeof value === "number" ? String(Number(value.toPrecision(6))) : String(value);
      cell.dataset.bits = typeof value === "number" ? bits(value) : String(value);
    }
    for (const layer of layers) {
      const stand = stands.get(layer.block);
      if (!stand) continue;
      Object.assign(stand.dataset, { x: layer.x, y: layer.y, width: layer.widthFromContent ? "none" : layer.width, height: layer.height });
      if (layer.clip !== undefined) stand.dataset.clip = [layer.clip.x, layer.clip.y, layer.clip.width, layer.clip.height].join(" ");
      else delete stand.dataset.clip;
      stand.style.display = layer.hidden ? "none" : "";
      stand.style.borderRadius = layer.kind === "circle" ? "50%" : Math.max(layer.cornerRadius, 0) + "px";
      const name = stand.querySelector(".name");
      if (name && layer.showsLabel && layer.height > 0) {
        // The element draws the stand-in at its box's size and scales it to the layer's: the name is
        // placed in the box's own numbers and scaled back, so that it reads at its own size.
        const scaleX = stand.clientWidth > 0 && layer.width > 0 ? layer.width / stand.clientWidth : 1;
        const scaleY = stand.clientHeight > 0 ? layer.height / stand.clientHeight : 1;
        name.dataset.y = String(layer.labelY);
        name.style.display = "";
        name.style.top = (layer.labelY - layer.y) / scaleY + "px";
        name.style.transformOrigin = "0 0";
        name.style.transform = `scale(${1 / scaleX}, ${1 / scaleY})`;
      } else if (name) {
        delete name.dataset.y;
        name.style.display = "none";
      }
      stand.style.filter = layer.blur > 0 ? `blur(${layer.blur / 2}px)` : "";
      if (layer.kind === "text") {
        restFontSizes ??= new Map(element.restLayers().map((rest) => [rest.block, rest.fontSize]));
        stand.style.fontSize = (restFontSizes.get(layer.block) ?? layer.fontSize) + "px";
      }
      const veil = stand.querySelector(".veil");
      if (veil) veil.style.opacity = String(Math.min(Math.max(layer.scrimOpacity, 0), 1) * 0.6);
    }
    for (const cursor of cursors) {
      const x = plotX(Math.min(Math.max(offset, previewSettings.plotFrom), previewSettings.plotTo)).toFixed(2);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
      cursor.dataset.offset = String(offset);
    }
  }
  element.addEventListener("draw", show);

  // A change of an input starts the states again, as the element does.
  function refresh() {
    element.inputs = Object.assign({}, values);
    restFontSizes = null;
    buildPlots();
    element.draw();
  }

  for (const input of inputs) {
    const label = document.createElement("label");
    label.textContent = input.name;
    // A phase is chosen by its name from the three; any other input is a field.
    const field = document.createElement(input.type === "phase" ? "select" : "input");
    field.name = input.name;
    const shown = document.createElement("output");
    if (input.type === "phase") {
      for (const phase of ["idle", "dragging", "decelerating"]) field.append(new Option(phase, phase));
      field.value = values[input.name];
      field.addEventListener("change", () => { values[input.name] = field.value; shown.textContent = field.value; refresh(); });
      shown.textContent = field.value;
    } else if (input.type === "bool") {
      field.type = "checkbox";
      field.checked = values[input.name] === true;
      field.addEventListener("change", () => { values[input.name] = field.checked; shown.textContent = String(field.checked); refresh(); });
      shown.textContent = String(field.checked);
    } else {
      const start = values[input.name];
      const [low, high] = input.range ?? (input.type === "length"
        ? [Math.min(0, start - 50), Math.max(100, start * 2 + 50)]
        : [Math.min(0, start - 1), Math.max(2, start * 2, start + 1)]);
      Object.assign(field, { type: "range", min: low, max: high, step: input.type === "length" ? 1 : 0.01, value: start });
      field.addEventListener("input", () => { values[input.name] = Number(field.value); shown.textContent = field.value; refresh(); });
      shown.textContent = String(start);
    }
    controls.append(label, field, shown);
  }

  // The starting point: the fragment's inputs and offsets (in order), else rest.
  const fragment = new URLSearchParams(location.hash.slice(1));
  for (const input of inputs) {
    if (!fragment.has(input.name)) continue;
    const text = fragment.get(input.name);
    values[input.name] = input.type === "bool" ? text === "true" : input.type === "phase" ? text : Number(text);
    const field = controls.querySelector(`[name="${CSS.escape(input.name)}"]`);
    if (field && input.type === "bool") field.checked = values[input.name];
    else if (field) field.value = values[input.name];
    if (field && field.nextElementSibling) field.nextElementSibling.textContent = String(values[input.name]);
  }
  const trace = (fragment.get("offset") ?? "0").split(",").map(Number).filter(Number.isFinite);
  if (trace.length === 0) trace.push(0);
  // The states start at the trace's first offset, as the element starts them where the page is.
  element.pull = previewSettings.pull;
  element.offset = trace[0];
  element.inputs = Object.assign({}, values);
  buildPlots();
  element.draw();
  for (const offset of trace.slice(1)) {
    element.offset = offset;
    element.draw();
  }
  // `ended=70&velocity=0`: a scroll that ends at 70 at that speed (points per second) comes to rest.
  if (fragment.has("ended")) {
    const ended = Number(fragment.get("ended")), velocity = Number(fragment.get("velocity") ?? "0");
    if (Number.isFinite(ended) && Number.isFinite(velocity)) {
      element.offset = ended;
      element.draw();
      let target = ended < 0 ? 0 : previewSettings.settle ? previewSettings.settle(ended, velocity, values) : ended;
      if (!Number.isFinite(target)) target = ended;
      element.offset = target;
      element.draw();
    }
  }
  document.body.dataset.ready = "true";
})();
