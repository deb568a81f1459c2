import HeaderSource
import HeaderSyntax
import HeaderMath
import HeaderIR
import HeaderEval
import HeaderCodeGen

/// `headerc preview`: one self-contained HTML file (no network, no external script) in which the header
/// is drawn live by the spec's own math, the JavaScript module of `compile --target js` embedded inline.
/// A phone-sized scroll view drives the offset; the page starts `pull` points below its top, so pulling
/// down past rest gives negative offsets (the stretch), and a scroll that ends there springs back to
/// rest. Sliders and toggles set the inputs, a table reads out every output at the current offset (each
/// value's bits in `data-bits`, for tools), small multiples plot every output with a cursor at the
/// offset, and when a scroll ends the first snap's `settle` says where it comes to rest.
///
/// The fragment sets the starting point, so that a headless browser can be pointed at a state:
/// `preview.html#offset=-80&safeAreaTop=47`; `offset=0,120,40` goes along several offsets in order (for a
/// header with state) and shows the last; `ended=70&velocity=0` then ends a scroll at 70 at that speed,
/// and the page comes to rest where a hand's scroll would.
package struct PreviewHTML {
    package let program: Program
    package let module: String
    /// The inputs' starting values (their defaults, or `--set`).
    package let inputValues: [Value]

    package init(program: Program, module: String, inputValues: [Value]) {
        self.program = program
        self.module = module
        self.inputValues = inputValues
    }

    /// The phone's height, in points (its width is `HeaderLayout.width`).
    package static let phoneHeight = 720.0
    /// How far above rest the page can be pulled, in points.
    package static let pull = 600.0
    /// The offsets the plots sweep.
    static let plotFrom = -150.0, plotTo = 450.0, plotStep = 3.0

    package func render() -> String {
        // The module goes into a <script> element: nothing in it may end the element or open an HTML comment.
        let embedded = module.replacingOccurrences(of: "</", with: "<\\/").replacingOccurrences(of: "<!--", with: "<\\!--")
        let title = SVGText.escape(program.name)
        let starting = zip(program.inputs, inputValues).map { input, value -> String in
            let text: String
            switch value {
            case .bool(let bool): text = bool ? "true" : "false"
            case .number(let number): text = JavaScriptNames.literal(number)
            case .phase(let phase): text = JavaScriptNames.string(phase.name)
            }
            return "\(JavaScriptNames.string(input.name)): \(text)"
        }
        // The first snap of the scroll: a snap of a state moves no scroll.
        let settle = program.snaps.first { $0.state == nil }.map { JavaScriptNames.settleFunction($0.name, count: program.snaps.count) } ?? "null"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title): headerc preview</title>
            <style>
            \(PreviewHTML.style)
            </style>
            </head>
            <body>
            <header class="top"><h1>\(title)</h1><span id="offset-readout">offset 0</span></header>
            <main>
            <section id="phone" aria-label="header preview">
              <div id="scroller"><div id="page"></div></div>
              <div id="layers"></div>
            </section>
            <section id="side">
              <form id="controls" aria-label="inputs"></form>
              <table id="readout"><thead><tr><th>output</th><th>value</th></tr></thead><tbody></tbody></table>
              <div id="plots"></div>
            </section>
            </main>
            <script type="module">
            \(embedded)
            // ---- The preview, around the module above.
            const previewSettings = { pull: \(JavaScriptNames.literal(PreviewHTML.pull)), plotFrom: \(JavaScriptNames.literal(PreviewHTML.plotFrom)), plotTo: \(JavaScriptNames.literal(PreviewHTML.plotTo)), plotStep: \(JavaScriptNames.literal(PreviewHTML.plotStep)), startingInputs: { \(starting.joined(separator: ", ")) }, settle: \(settle) };
            \(PreviewHTML.layoutSource(for: program))
            \(PreviewHTML.appSource)
            </script>
            </body>
            </html>

            """
    }

    package static let style = """
        body { margin: 0; font: 14px -apple-system, system-ui, sans-serif; color: #212529; background: #f8f9fa; }
        header.top { display: flex; gap: 16px; align-items: baseline; padding: 10px 20px; }
        header.top h1 { font-size: 18px; margin: 0; }
        #offset-readout { font-variant-numeric: tabular-nums; color: #495057; }
        main { display: flex; gap: 24px; padding: 0 20px 20px; align-items: flex-start; }
        #phone { position: relative; width: 390px; height: 720px; flex: none; border-radius: 28px; overflow: hidden;
                 background: #f1f3f5; box-shadow: 0 0 0 10px #212529, 0 12px 40px rgba(0,0,0,.3); margin: 10px; }
        #scroller { position: absolute; inset: 0; overflow-y: scroll; scrollbar-width: none; z-index: 2; }
        #scroller::-webkit-scrollbar { display: none; }
        #page { width: 1px; }
        #layers { position: absolute; inset: 0; pointer-events: none; z-index: 1; }
        .layer { position: absolute; box-sizing: border-box; overflow: hidden; color: #fff; font-weight: 600; font-size: 12px; }
        .layer .name { position: absolute; left: 8px; line-height: 16px; }
        .layer.image { background: linear-gradient(160deg, #748ffc, #4263eb); }
        .layer.group { outline: 1px dashed rgba(0,0,0,.25); outline-offset: -1px; }
        .layer.material { background: rgba(248,249,250,.6); backdrop-filter: blur(12px); }
        .layer.bar { background: #343a40; }
        .layer.circle { background: radial-gradient(circle at 35% 30%, #ffd43b, #f08c00); border: 3px solid #fff; }
        .layer.text { color: #212529; font-weight: 700; overflow: visible; white-space: nowrap; }
        .layer.page { background: repeating-linear-gradient(#fff 0 63px, #e9ecef 63px 64px); }
        .layer.box { background: #20c997; }
        .layer .veil { position: absolute; inset: 0; background: #000; }
        #side { flex: 1; min-width: 360px; }
        #controls { display: grid; grid-template-columns: max-content 1fr max-content; gap: 6px 10px; align-items: center;
                    margin-bottom: 12px; }
        #readout { border-collapse: collapse; margin-bottom: 12px; font-variant-numeric: tabular-nums; }
        #readout td, #readout th { padding: 2px 10px; border-bottom: 1px solid #dee2e6; text-align: left; }
        #plots { display: flex; flex-wrap: wrap; gap: 8px; }
        #plots svg { background: #fff; border: 1px solid #dee2e6; }
        #plots .series { fill: none; stroke: #d6336c; stroke-width: 1.5; }
        #plots .cursor { stroke: #1c7ed6; stroke-width: 1.5; }
        #plots .snap { stroke: #1c7ed6; stroke-dasharray: 5 3; opacity: .5; }
        #plots text { font: 11px sans-serif; fill: #495057; }
        """

    /// The layout of the program's blocks (`HeaderLayout.plan(of:)`, the filmstrip's too), on a canvas as
    /// tall as the phone.
    static func layoutSource(for program: Program) -> String {
        "const layoutHeight = \(JavaScriptNames.literal(phoneHeight)), layoutWidth = \(JavaScriptNames.literal(HeaderLayout.width));\n" + HeaderLayout.plan(of: program).javaScript()
    }

    static let appSource = """
        (() => {
          const scroller = document.getElementById("scroller");
          const page = document.getElementById("page");
          const layersView = document.getElementById("layers");
          const readout = document.querySelector("#readout tbody");
          const plots = document.getElementById("plots");
          const controls = document.getElementById("controls");
          const offsetReadout = document.getElementById("offset-readout");
          const pull = previewSettings.pull;
          const values = Object.create(null);
          for (const input of inputs) values[input.name] = previewSettings.startingInputs[input.name] ?? input.default;
          let state = typeof initialState === "function" ? initialState() : null;
          let current = null;
          let expectedScrollTop = null, expectedOffset = null;
          const view = new DataView(new ArrayBuffer(8));
          const bits = (x) => { view.setFloat64(0, x); return view.getBigUint64(0).toString(16); };

          // Blocks in declaration order, each with its outputs by property.
          const blockOrder = [];
          for (const output of outputs) if (!blockOrder.includes(output.block)) blockOrder.push(output.block);
          function blocksOf(frameValues) {
            return blockOrder.map((name) => {
              const properties = Object.create(null);
              for (const output of outputs) if (output.block === name) properties[output.property] = frameValues[output.name];
              return { name, properties };
            });
          }

          function compute(offset) {
            if (state) advance(state, offset, values);
            return state ? frame(offset, values, state) : frame(offset, values);
          }

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

          function drawLayers(frameValues, offset) {
            layersView.replaceChildren();
            for (const layer of layoutLayers(blocksOf(frameValues), offset, values)) {
              const element = document.createElement("div");
              element.className = "layer " + layer.kind;
              Object.assign(element.dataset, { block: layer.block, x: layer.x, y: layer.y,
                width: layer.widthFromContent ? "none" : layer.width, height: layer.height });
              Object.assign(element.style, {
                left: layer.x + "px", top: layer.y + "px", height: Math.max(layer.height, 0) + "px",
                width: layer.widthFromContent ? "auto" : Math.max(layer.width, 0) + "px",
                opacity: String(Math.min(Math.max(layer.opacity, 0), 1)), borderRadius: Math.max(layer.cornerRadius, 0) + "px",
                filter: layer.blur > 0 ? `blur(${layer.blur / 2}px)` : "", display: layer.hidden ? "none" : "",
              });
              if (layer.kind === "text") {
                // A line is as wide as what it says: its x is its leading edge, centre or trailing edge.
                element.style.fontSize = layer.fontSize + "px";
                element.style.lineHeight = Math.max(layer.height, 0) + "px";
                element.style.translate = { leading: "0", center: "-50%", trailing: "-100%" }[layer.alignX];
                element.dataset.alignX = layer.alignX;
                element.textContent = layer.block;
              } else if (layer.showsLabel) {
                const label = document.createElement("span");
                label.className = "name";
                label.style.top = (layer.labelY - layer.y) + "px";
                label.textContent = layer.block;
                element.append(label);
              }
              if (layer.clip !== undefined) {
                // Only what lies inside the clip shows, in the element's own coordinates (a line of text is
                // measured once it is laid out).
                const clip = layer.clip;
                element.dataset.clip = [clip.x, clip.y, clip.width, clip.height].join(" ");
                const clipTo = (left, width) => {
                  const right = left + width - (clip.x + clip.width);
                  element.style.clipPath = `inset(${clip.y - layer.y}px ${right}px ${layer.y + layer.height - (clip.y + clip.height)}px ${clip.x - left}px)`;
                };
                if (layer.widthFromContent) requestAnimationFrame(() => { const box = element.getBoundingClientRect(), phone = layersView.getBoundingClientRect(); clipTo(box.left - phone.left, box.width); });
                else clipTo(layer.x, layer.width);
              }
              if (layer.scrimOpacity > 0) {
                const veil = document.createElement("div");
                veil.className = "veil";
                veil.style.opacity = String(Math.min(layer.scrimOpacity, 1) * 0.6);
                element.append(veil);
              }
              layersView.append(element);
            }
          }

          // Small multiples over a sweep from rest (a header with state goes along it from its initial state).
          let series = [];
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
            const snapPoints = [];
            plots.replaceChildren();
            series = outputs.map((output) => {
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
              svg.innerHTML = `<text x="6" y="14">${output.name}</text><polyline class="series" points="${points.join(" ")}"/>`
                + `<text x="6" y="${plotHeight - 6}">${Number(low.toPrecision(4))} … ${Number(high.toPrecision(4))}</text>`
                + `<line class="cursor" y1="18" y2="${plotHeight - 18}"/>`;
              plots.append(svg);
              return svg.querySelector(".cursor");
            });
          }

          function show(offset, frameValues) {
            current = offset;
            offsetReadout.textContent = "offset " + offset;
            document.body.dataset.offset = String(offset);
            for (const output of outputs) {
              const value = frameValues[output.name];
              const cell = rows.get(output.name);
              cell.textContent = typeof value === "number" ? String(Number(value.toPrecision(6))) : String(value);
              cell.dataset.bits = typeof value === "number" ? bits(value) : String(value);
            }
            drawLayers(frameValues, offset);
            for (const cursor of series) {
              const x = plotX(Math.min(Math.max(offset, previewSettings.plotFrom), previewSettings.plotTo)).toFixed(2);
              cursor.setAttribute("x1", x);
              cursor.setAttribute("x2", x);
              cursor.dataset.offset = String(offset);
            }
          }

          // A scroll the page makes itself (to the starting offset, to a snap) is not a gesture: when it ends,
          // nothing snaps.
          let programmatic = false, animating = false;
          function scrollToOffset(offset, smooth) {
            programmatic = true;
            expectedOffset = offset;
            expectedScrollTop = Math.round(pull + offset);
            if (!smooth) {
              scroller.scrollTo({ top: pull + offset });
              return;
            }
            // Eased over a quarter of a second, frame by frame (the browser's own smooth scrolling does not run
            // under a headless browser's virtual time).
            const from = scroller.scrollTop, to = pull + offset, start = performance.now();
            animating = true;
            const step = (now) => {
              const t = Math.min((now - start) / 250, 1);
              const eased = 1 - (1 - t) * (1 - t) * (1 - t);
              if (t < 1) {
                scroller.scrollTop = from + (to - from) * eased;
                requestAnimationFrame(step);
              } else {
                animating = false;
                scroller.scrollTo({ top: to });
              }
            };
            requestAnimationFrame(step);
          }

          // Scrolling: the offset follows the scroll position; a scroll's speed decides a snap.
          let samples = [];
          scroller.addEventListener("scroll", () => {
            const offset = scroller.scrollTop - pull;
            samples.push({ offset, time: performance.now() });
            samples = samples.slice(-5);
            // The page's own scroll to an offset lands on whole pixels: the offset it was asked for stands.
            if (expectedScrollTop !== null && Math.abs(scroller.scrollTop - expectedScrollTop) < 1) {
              expectedScrollTop = null;
              if (expectedOffset !== current) show(expectedOffset, compute(expectedOffset));
              return;
            }
            if (offset !== current) show(offset, compute(offset));
          });
          // Browsers without `scrollend` (older Safari) get one when the scrolling has paused for 150 ms.
          if (!("onscrollend" in window)) {
            let pause = null;
            scroller.addEventListener("scroll", () => {
              clearTimeout(pause);
              pause = setTimeout(() => scroller.dispatchEvent(new Event("scrollend")), 150);
            });
          }
          scroller.addEventListener("scrollend", () => {
            if (programmatic || animating) {
              if (!animating) programmatic = false;
              samples = [];
              return;
            }
            const offset = scroller.scrollTop - pull;
            const first = samples[0], last = samples[samples.length - 1];
            const velocity = first && last && last.time > first.time ? (last.offset - first.offset) / (last.time - first.time) * 1000 : 0;
            samples = [];
            endScroll(offset, velocity, true);
          });

          // Where a scroll that ends at `offset` comes to rest: a pull past the top springs back to rest, and
          // otherwise the first snap's settle decides.
          function endScroll(offset, velocity, smooth) {
            let target = offset;
            if (offset < 0) target = 0;
            else if (previewSettings.settle) target = previewSettings.settle(offset, velocity, values);
            if (!Number.isFinite(target)) target = offset;
            if (!smooth) {
              if (target !== current) show(target, compute(target));
              scrollToOffset(target, false);
            } else if (target !== offset) {
              scrollToOffset(target, true);
            }
          }

          function refresh() {
            state = typeof initialState === "function" ? initialState() : null;
            buildPlots();
            const offset = current ?? 0;
            show(offset, compute(offset));
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
          page.style.height = (pull + 2400) + "px";
          buildPlots();
          let frameValues = null;
          for (const offset of trace) frameValues = compute(offset);
          const last = trace[trace.length - 1];
          show(last, frameValues);
          scrollToOffset(last, false);
          // `ended=70&velocity=0`: then a scroll that ends at 70 at that speed (points per second), which snaps.
          if (fragment.has("ended")) {
            const ended = Number(fragment.get("ended")), velocity = Number(fragment.get("velocity") ?? "0");
            if (Number.isFinite(ended) && Number.isFinite(velocity)) {
              show(ended, compute(ended));
              endScroll(ended, velocity, false);
            }
          }
          document.body.dataset.ready = "true";
        })();
        """
}
