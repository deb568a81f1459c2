// The custom element of `headerc compile --target web`: a header wired to the scroll of its page. The
// generated module defines the spec's math and layout above this runtime and calls
// `defineHeaderElement(tag, spec)` below it; nothing here knows a particular header.
//
// The element scrolls its page itself (`element.scroller`, which a page may replace); the offset is that
// scroller's `scrollTop`. Each block's slot (`slot="cover"`) is drawn where the layout puts it. A
// layer whose place and opacity follow scroll-driven outputs while the rest of it holds still
// (`spec.scroll.layers`, from the compiler's CompositorPlan) is given CSS `@keyframes` on the scroll's
// timeline, which the browser runs on its compositor; every other layer is drawn one frame at a time in
// one requestAnimationFrame: transform and opacity, then the box's size, each written only when it changes.

/* global HTMLElement, customElements, requestAnimationFrame, matchMedia, performance, console, CSS, ResizeObserver */

function headerElementKebab(name) {
  return name.replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());
}

// A length on the layout engine's 1/64 px grid, at least the length.
function headerElementGrid(length) {
  return Math.ceil(Math.max(length, 0) * 64) / 64;
}

// Whether a box still serves a length by a scale: within four times either way (a 0 length always does).
function headerElementFits(length, box) {
  return length <= 0 || (box > 0 && length / box >= 0.25 && length / box <= 4);
}

// An attribute's text as an input's value, or undefined where it is not one.
function headerElementParse(input, text) {
  if (input.type === "bool") {
    if (text === "" || text === "true") return true;
    if (text === "false") return false;
    return undefined;
  }
  if (input.type === "phase") return ["idle", "dragging", "decelerating"].includes(text) ? text : undefined;
  if (text === null || text.trim() === "") return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

const headerElementStyle = `
:host { display: block; position: relative; overflow: hidden; contain: layout paint; }
.frame { position: absolute; inset: 0; timeline-scope: --headerc-scroll; }
.scroller { position: absolute; inset: 0; overflow-y: auto; overscroll-behavior: contain; overflow-anchor: none; scrollbar-width: none;
  scroll-timeline: --headerc-scroll block; }
.scroller::-webkit-scrollbar { display: none; }
.pull, .spacer { height: 0; }
.page { display: flow-root; min-height: 100%; }
.layers { position: absolute; inset: 0; pointer-events: none; }
.block { position: absolute; left: 0; top: 0; box-sizing: border-box; transform-origin: 0 0; will-change: transform, opacity; }
.block.text { white-space: nowrap; }
.block > slot::slotted(*) { display: block; width: 100%; height: 100%; box-sizing: border-box; }
.block.text > slot::slotted(*) { width: auto; line-height: inherit; }
.block.circle > slot::slotted(*) { border-radius: 50%; overflow: hidden; }
`;

export function defineHeaderElement(tag, spec) {
  if (customElements.get(tag)) return customElements.get(tag);
  const inputByAttribute = new Map(spec.inputs.map((input) => [headerElementKebab(input.name), input]));
  const scaledKinds = new Set(["group", "box", "material", "bar", "circle", "text"]);
  const outputsByBlock = spec.blocks.map(({ name }) => ({ name, outputs: spec.outputs.filter((output) => output.block === name) }));

  class HeaderElement extends HTMLElement {
    static get observedAttributes() { return [...inputByAttribute.keys(), "pull"]; }

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      root.innerHTML = `<style>${headerElementStyle}</style><style class="timelines"></style><div class="frame">`
        + `<div class="scroller" part="scroller"><div class="pull"></div><div class="spacer"></div>`
        + `<div class="page"><slot class="page"></slot><slot></slot></div></div><div class="layers"></div></div>`;
      if (spec.page) root.querySelector("slot.page").name = spec.page;
      this._timelineStyle = root.querySelector("style.timelines");
      this._ownScroller = root.querySelector(".scroller");
      this._spacer = root.querySelector(".spacer");
      this._pullView = root.querySelector(".pull");
      // How far the page can be pulled down past its top (`pull`): the room above it in the element's own
      // scroller, where the offset is negative.
      this._pull = 0;
      this._pageView = root.querySelector("div.page");
      // The spacer's height, set when the element is laid out for its inputs and size; the page's top moves
      // from there by a transform, so that a header that collapses lays nothing out.
      this._spacerHeight = null;
      this._layersView = root.querySelector(".layers");
      this._wrappers = new Map();
      // What each wrapper was last given, so that a style is written only when it changes.
      this._written = new Map();
      // The box each scaled block is laid out at (`_box`), and each line of text's at rest (`_restBoxes`).
      this._boxes = new Map();
      this._restBoxes = new Map();
      // The layers the compositor draws, by block: their scroll-driven animations are in `_timelineStyle`.
      this._animated = new Map();
      this._timelinesStale = true;
      // Back to front, as the layout draws them.
      const kinds = new Map(spec.blocks.map((block) => [block.name, block.kind]));
      for (const name of spec.order) {
        const block = { name, kind: kinds.get(name) };
        if (block.name === spec.page) continue;
        const wrapper = document.createElement("div");
        wrapper.className = "block " + block.kind;
        wrapper.dataset.block = block.name;
        const slot = document.createElement("slot");
        slot.name = block.name;
        wrapper.append(slot);
        this._layersView.append(wrapper);
        this._wrappers.set(block.name, wrapper);
      }
      this._inputs = Object.create(null);
      for (const input of spec.inputs) this._inputs[input.name] = input.default;
      this._setByAttribute = new Set();
      this._warned = new Set();
      this._state = spec.initialState ? spec.initialState() : null;
      this._phase = "idle";
      this._samples = [];
      this._pending = [];
      this._scheduled = false;
      this._ticking = false;
      this._programmatic = false;
      this._values = null;
      this._offset = 0;
      this._scroller = this._ownScroller;
      this._onScroll = () => this._scrolled();
      // A finger is followed by its touch events: the pointer events of a touch are cancelled as soon as the
      // browser takes the touch for a scroll, long before the finger lifts.
      const isTouchPointer = (event) => event.type.startsWith("pointer") && event.pointerType === "touch";
      this._onDown = (event) => { if (!isTouchPointer(event)) this._setPhase("dragging"); };
      this._onUp = (event) => { if (!isTouchPointer(event) && this._phase === "dragging") this._released(); };
      this._onScrollEnd = () => this._scrollEnded();
      this._reduceMotion = spec.reduceMotion && typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
      this._onMotion = () => this._applyReduceMotion();
      this._resizeObserver = typeof ResizeObserver === "function" ? new ResizeObserver(() => this._resized()) : null;
      this._width = -1;
      this._height = -1;
    }

    connectedCallback() {
      this._listen(this._scroller);
      this._width = this.clientWidth;
      this._height = this.clientHeight;
      if (this._resizeObserver) this._resizeObserver.observe(this);
      if (this._reduceMotion) {
        this._reduceMotion.addEventListener("change", this._onMotion);
        this._applyReduceMotion();
      }
      if (this._pull > 0) this._setOffset(0);
      this._queue(this._currentOffset());
    }

    disconnectedCallback() {
      this._unlisten(this._scroller);
      if (this._resizeObserver) this._resizeObserver.disconnect();
      if (this._reduceMotion) this._reduceMotion.removeEventListener("change", this._onMotion);
    }

    attributeChangedCallback(name, _old, text) {
      const input = inputByAttribute.get(name);
      if (!input) {
        if (name !== "pull") return;
        const pull = text === null ? 0 : Number(text);
        if (Number.isFinite(pull) && pull >= 0) this.pull = pull;
        else this._warnOnce(name, text, "a length of 0 or more");
        return;
      }
      if (text === null) {
        this._setByAttribute.delete(input.name);
        this._setInput(input.name, input.default);
        if (input.name === spec.reduceMotion) this._applyReduceMotion();
      } else {
        const value = headerElementParse(input, text);
        if (value === undefined) {
          this._warnOnce(name, text, input.type === "bool" ? "bool (true or false)" : input.type === "phase" ? "phase" : "number");
          return;
        }
        this._setByAttribute.add(input.name);
        this._setInput(input.name, value);
      }
      this._restart();
    }

    _warnOnce(name, text, what) {
      const key = name + "=" + text;
      if (this._warned.has(key)) return;
      this._warned.add(key);
      console.warn(`<${tag}>: ignoring ${name}="${text}": not a ${what}`);
    }

    /// How far the element's own page can be pulled down past its top, in points (0 by default): a stretch
    /// in browsers that have no overscroll of their own. The offset is negative there, and a scroll that
    /// ends there springs back to rest.
    get pull() { return this._pull; }
    set pull(value) {
      const pull = Number(value);
      if (!Number.isFinite(pull) || pull < 0 || pull === this._pull) return;
      const offset = this._currentOffset();
      this._pull = pull;
      this._pullView.style.height = pull + "px";
      this._timelinesStale = true;
      if (this.isConnected) this._setOffset(Math.max(offset, -pull));
      this._queue(this._currentOffset());
    }

    /// Draws at once what the next frame would: the offsets queued since the last frame and the page's
    /// own, for a page that cannot wait for a frame (a first paint, a headless browser's --dump-dom).
    draw() {
      const offset = this._currentOffset();
      const last = this._lastStep();
      if (!last || offset !== last.offset) this._queue(offset);
      this._draw();
    }

    /// Where each block was drawn in the last frame, back to front, as `headerc layout` gives it (block, kind,
    /// x, y, width, height, opacity and clip; a line of text's x is its alignment point).
    get layers() { return this._layers ? this._layers.map((layer) => Object.assign({}, layer)) : null; }

    /// The scrolling element whose `scrollTop` is the offset: the element's own, unless a page hands it another.
    get scroller() { return this._scroller; }
    set scroller(element) {
      const next = element || this._ownScroller;
      if (next === this._scroller) return;
      this._unlisten(this._scroller);
      this._scroller = next;
      if (this.isConnected) this._listen(next);
      this._restart();
    }

    /// The inputs by name; setting some keeps the others.
    get inputs() { return Object.assign({}, this._inputs); }
    set inputs(values) {
      for (const input of spec.inputs) {
        if (values && Object.prototype.hasOwnProperty.call(values, input.name)) this._setInput(input.name, values[input.name]);
      }
      this._restart();
    }

    /// The outputs of the frame last drawn (eval's keys), the offset it was drawn at, and the scroll's phase.
    get values() { return this._values ? Object.assign({}, this._values) : null; }
    get offset() { return this._offset; }
    /// Scrolls the page to an offset at once, as the page's own scroll (it neither snaps nor springs back);
    /// the frame follows on the next animation frame, or at `draw()`.
    set offset(value) {
      const offset = Number(value);
      if (!Number.isFinite(offset)) return;
      this._setOffset(offset);
      this._queue(this._currentOffset());
    }
    get phase() { return this._phase; }
    /// Where the last gesture's scroll ended, at what velocity (points per second), and where the snap put
    /// it to rest (its own offset where nothing snapped); where the snap has a motion, `motion` holds each
    /// frame of the scroll there: [milliseconds since it started, offset].
    get lastRelease() {
      if (!this._lastRelease) return null;
      const release = Object.assign({}, this._lastRelease);
      if (release.motion) release.motion = release.motion.map((frame) => frame.slice());
      return release;
    }

    // Where a scroller's events come: the document's scroll is reported to the document, not to its
    // scrolling element.
    _eventTarget(scroller) {
      return scroller === document.scrollingElement ? document : scroller;
    }

    _listen(scroller) {
      const target = this._eventTarget(scroller);
      target.addEventListener("scroll", this._onScroll, { passive: true });
      target.addEventListener("scrollend", this._onScrollEnd);
      target.addEventListener("pointerdown", this._onDown, { passive: true });
      target.addEventListener("touchstart", this._onDown, { passive: true });
      for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"]) target.addEventListener(type, this._onUp, { passive: true });
    }

    _unlisten(scroller) {
      const target = this._eventTarget(scroller);
      target.removeEventListener("scroll", this._onScroll);
      target.removeEventListener("scrollend", this._onScrollEnd);
      target.removeEventListener("pointerdown", this._onDown);
      target.removeEventListener("touchstart", this._onDown);
      for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"]) target.removeEventListener(type, this._onUp);
    }

    _currentOffset() {
      const top = this._scroller.scrollTop;
      // Where the element scrolled the page itself, the offset it asked for stands, though the browser puts
      // the scroll on a whole pixel.
      if (this._asked && this._asked.scroller === this._scroller && this._asked.scrollTop === top) return this._asked.offset;
      return this._scroller === this._ownScroller ? top - this._pull : top;
    }

    // A scroll the element makes itself: to rest, to a snap's point.
    _setOffset(offset) {
      const before = this._scroller.scrollTop;
      this._scroller.scrollTop = offset + (this._scroller === this._ownScroller ? this._pull : 0);
      const moved = this._scroller.scrollTop !== before;
      // Only a scroll that moved ends with a `scrollend` to be passed over, and sends a `scroll`; where the
      // browser's scroll stays on its pixel, the new offset is queued here.
      if (moved) this._programmatic = true;
      this._asked = { scroller: this._scroller, scrollTop: this._scroller.scrollTop, offset };
      if (!moved && offset !== this._lastQueued) this._queue(offset);
    }

    _applyReduceMotion() {
      if (!this._reduceMotion || this._setByAttribute.has(spec.reduceMotion)) return;
      this._setInput(spec.reduceMotion, this._reduceMotion.matches);
      this._restart();
    }

    // The inputs object is never changed in place, so that each queued step can keep the one it was given.
    _setInput(name, value) {
      this._inputs = Object.assign(Object.create(null), this._inputs, { [name]: value });
    }

    _setPhase(phase) {
      if (phase === this._phase) return;
      this._phase = phase;
      if (spec.phase) this._setInput(spec.phase, phase);
      this.dispatchEvent(new CustomEvent("phasechange", { detail: phase }));
    }

    // The step last queued, else the one last drawn; null before the first frame.
    _lastStep() {
      if (this._pending.length > 0) return this._pending[this._pending.length - 1];
      return this._values ? { offset: this._offset, inputs: this._drawnInputs } : null;
    }

    // Inputs changed: states start again from their initial values, at the offset where the page is, and
    // the scroll-driven animations are made again for the new inputs.
    _restart() {
      this._state = spec.initialState ? spec.initialState() : null;
      this._pending = [];
      this._timelinesStale = true;
      this._queue(this._currentOffset());
    }

    // The element's size is read here, when it changes, not each frame: a read of it in a frame would make
    // the browser bring the style of the animated layers up to date at once.
    _resized() {
      const width = this.clientWidth, height = this.clientHeight;
      if (width === this._width && height === this._height) return;
      this._width = width;
      this._height = height;
      this._timelinesStale = true;
      this._queue(this._currentOffset());
    }

    _style(wrapper, property, value) {
      let written = this._written.get(wrapper);
      if (!written) this._written.set(wrapper, written = Object.create(null));
      if (written[property] === value) return;
      written[property] = value;
      wrapper.style[property] = value;
    }

    _layersAt(values, offset, inputs) {
      const blocks = outputsByBlock.map(({ name, outputs }) => {
        const properties = Object.create(null);
        for (const output of outputs) properties[output.property] = values[output.name];
        return { name, properties };
      });
      return spec.layout(blocks, offset, inputs, this._width, this._height);
    }

    // The compositor's layers: for each, the layout at every stop of the output its place or opacity follows
    // (that output set to the stop's own value, so that a rounded scroll offset cannot pick the wrong side
    // of a jump) gives the @keyframes; CSS eases between stops along the output's own curves. Only a page
    // scrolled by the element itself, or the document's, has a timeline CSS can name.
    _buildTimelines(values, offset, inputs) {
      this._timelinesStale = false;
      this._spacerHeight = null;
      this._restBoxes = new Map();
      for (const layer of this.restLayers(inputs)) {
        if (layer.kind === "text" && layer.height > 0) this._restBoxes.set(layer.block, { ...this._exactBox(layer), fontSize: layer.fontSize });
      }
      const timeline = this._scroller === this._ownScroller ? "--headerc-scroll"
        : this._scroller === document.scrollingElement ? "scroll(root block)" : null;
      for (const block of this._animated.keys()) {
        const wrapper = this._wrappers.get(block);
        for (const property of ["animationName", "animationTimeline", "animationRange", "translate"]) this._style(wrapper, property, "");
      }
      this._animated = new Map();
      const rules = [];
      const supported = typeof CSS !== "undefined" && CSS.supports("animation-timeline: scroll()");
      if (timeline && supported && spec.scroll) {
        const stateful = this._state;
        // The layers at each stop of an output, by block: laid out once an output, whatever reads it.
        const layouts = new Map();
        const layersAtStops = (output) => {
          if (!layouts.has(output)) {
            const stops = spec.scroll.keyframes[output];
            layouts.set(output, stops.offsets.map((at, stop) => {
              const frame = stateful ? spec.frame(at, inputs, stateful) : spec.frame(at, inputs);
              frame[output] = stops.values[stop];
              return new Map(this._layersAt(frame, at, inputs).map((layer) => [layer.block, layer]));
            }));
          }
          return layouts.get(output);
        };
        let index = 0;
        for (const [block, follows] of Object.entries(spec.scroll.layers)) {
          const wrapper = this._wrappers.get(block);
          if (!wrapper) continue;
          const names = [], ranges = [];
          const animate = (output, property, text) => {
            const stops = spec.scroll.keyframes[output];
            const first = stops.offsets[0], span = stops.offsets[stops.offsets.length - 1] - first;
            const name = `headerc-${index++}`;
            const atStops = layersAtStops(output);
            const frames = stops.offsets.map((at, stop) => {
              const layer = atStops[stop].get(block);
              const easing = stop < stops.easings.length ? ` animation-timing-function: ${stops.easings[stop]};` : "";
              return `${(at - first) / span * 100}% { ${property}: ${text(layer)};${easing} }`;
            });
            rules.push(`@keyframes ${name} { ${frames.join(" ")} }`);
            names.push(name);
            // The timeline's offsets are the scroller's, the pull above the page included.
            const room = timeline === "--headerc-scroll" ? this._pull : 0;
            ranges.push(`${first + room}px ${first + span + room}px`);
          };
          const place = follows.x ?? follows.y;
          if (place) animate(place, "translate", (layer) => `${layer.x}px ${layer.y}px`);
          if (follows.opacity) animate(follows.opacity, "opacity", (layer) => String(layer.opacity));
          this._animated.set(block, follows);
          this._style(wrapper, "animationName", names.join(", "));
          this._style(wrapper, "animationDuration", "auto");
          this._style(wrapper, "animationTimingFunction", "linear");
          this._style(wrapper, "animationFillMode", "both");
          this._style(wrapper, "animationTimeline", names.map(() => timeline).join(", "));
          this._style(wrapper, "animationRange", ranges.join(", "));
        }
      }
      this._timelineStyle.textContent = rules.join("\n");
      this._timelinesFresh = true;
    }

    _scrolled() {
      // A scroll elsewhere forgets the offset the element last asked for.
      if (this._asked && this._asked.scrollTop !== this._scroller.scrollTop) this._asked = null;
      const offset = this._currentOffset();
      const now = performance.now();
      this._samples.push({ offset, time: now });
      while (this._samples.length > 2 && now - this._samples[0].time > 100) this._samples.shift();
      // The event of a scroll the element made itself, to an offset it has queued already, is no new step.
      if (offset !== this._lastQueued) this._queue(offset);
    }

    // States advance along every offset the scroll passed, in order, each at its time (which transitions
    // follow); the frame is drawn once a frame.
    _queue(offset) {
      this._lastQueued = offset;
      this._pending.push({ offset, inputs: this._inputs, time: performance.now() });
      if (this._scheduled) return;
      this._scheduled = true;
      requestAnimationFrame(() => this._draw());
    }

    _draw() {
      this._scheduled = false;
      const steps = this._pending;
      this._pending = [];
      // A frame with no step of the scroll's own, while the states move with time: one step where the page stands.
      if (steps.length === 0 && this._ticking && this._values) {
        steps.push({ offset: this._offset, inputs: this._drawnInputs, time: performance.now() });
      }
      this._ticking = false;
      if (steps.length === 0) return;
      // States that read the time are followed frame by frame while the last step reads it or changes them
      // (Grammar.md, "State"): `before` is the state that step started from.
      let before = null;
      if (this._state) {
        for (const step of steps) {
          if (spec.readsTime && step === steps[steps.length - 1]) before = Object.assign({}, this._state);
          spec.advance(this._state, step.offset, step.inputs, step.time);
        }
      }
      const last = steps[steps.length - 1];
      const values = this._state ? spec.frame(last.offset, last.inputs, this._state) : spec.frame(last.offset, last.inputs);
      this._values = values;
      this._offset = last.offset;
      this._drawnInputs = last.inputs;
      if (this._timelinesStale) this._buildTimelines(values, last.offset, last.inputs);
      this._render(values, last.offset, last.inputs);
      // An event costs the browser about as much as the frame's math: it is made only for a listener.
      if (this._drawListened) this.dispatchEvent(new CustomEvent("draw", { detail: { offset: last.offset } }));
      // A transition under way (its value not yet at its target), or states whose last step read the time or
      // changed them, are drawn again next frame, where the page stands, until they rest. A step that only
      // moved the offset changed nothing a later step at rest reads, unless a state reads `delta`
      // (`spec.restKeys` then has the record of the last offset).
      const running = this._state && spec.transitions && spec.transitions.some(([value, target]) => this._state[value] !== this._state[target]);
      if (running || (before && (spec.readsTime(before, last.offset, last.inputs)
          || spec.restKeys.some((key) => !Object.is(before[key], this._state[key]))))) {
        this._ticking = true;
        if (!this._scheduled) {
          this._scheduled = true;
          requestAnimationFrame(() => this._draw());
        }
      }
    }

    addEventListener(type, listener, options) {
      if (type === "draw") this._drawListened = true;
      super.addEventListener(type, listener, options);
    }

    // The layers at rest (offset 0, the states as they start) under `inputs`, the element's own by default.
    restLayers(inputs = this._inputs) {
      const values = spec.initialState ? spec.frame(0, inputs, spec.initialState()) : spec.frame(0, inputs);
      return this._layersAt(values, 0, inputs);
    }

    // The box a layer's wrapper is laid out at, which a scale brings to the layer's exact size. A box is
    // laid out on the layout engine's 1/64 px grid, a little larger than the layout says. A line of text is
    // laid out at its height at rest and scaled alike both ways from there, so that its glyphs are the
    // page's own at rest (in the spec's font size at rest, where the page sets none) and their size at an
    // offset does not depend on where the page was before. A block
    // that draws no content of its own shape (a group, box, material, bar or circle) keeps the box it was
    // first laid out at, and a change of size is only a change of that scale: no layout while it collapses
    // or stretches, until it is four times larger or smaller than its box. An image is laid out at each
    // size, so that its content is not stretched.
    _exactBox(layer) {
      return { width: headerElementGrid(layer.width), height: headerElementGrid(layer.height) };
    }

    _box(layer) {
      const rest = this._restBoxes.get(layer.block);
      if (rest) return rest;
      const exact = this._exactBox(layer);
      if (!scaledKinds.has(layer.kind)) return exact;
      const kept = this._boxes.get(layer.block);
      if (kept && headerElementFits(layer.width, kept.width) && headerElementFits(layer.height, kept.height)) return kept;
      this._boxes.set(layer.block, exact);
      return exact;
    }

    _render(values, offset, inputs) {
      const layers = this._layersAt(values, offset, inputs);
      this._layers = layers;
      // Reads are done; now only writes: transforms and opacity first, then the boxes' sizes, each drawn at
      // the exact size by a scale of its box, so that it is where `headerc layout` puts it to the hundredth
      // of a pixel. A compositor layer's place and opacity are its animations' (and, under them, what they
      // were when the animations were made, for a timeline that is inactive: a page too short to scroll).
      const boxes = new Map();
      for (const layer of layers) {
        if (layer.block === spec.page) {
          const top = Math.max(layer.y + offset, 0);
          if (this._spacerHeight === null) {
            this._spacerHeight = top;
            this._style(this._spacer, "height", top + "px");
          }
          this._style(this._pageView, "transform", top === this._spacerHeight ? "" : `translateY(${top - this._spacerHeight}px)`);
          continue;
        }
        const wrapper = this._wrappers.get(layer.block);
        if (!wrapper) continue;
        const box = this._box(layer);
        const scaleY = box.height > 0 ? Math.max(layer.height, 0) / box.height : 1;
        // A line of text is scaled alike both ways, about its alignment point.
        const scaleX = layer.widthFromContent ? scaleY : box.width > 0 ? Math.max(layer.width, 0) / box.width : 1;
        boxes.set(layer.block, { box, scaleX, scaleY });
        const shift = layer.widthFromContent && layer.alignX !== "leading" ? (layer.alignX === "center" ? " translateX(-50%)" : " translateX(-100%)") : "";
        const follows = this._animated.get(layer.block);
        const scaled = `scale(${scaleX}, ${scaleY})${shift}`;
        if (follows) {
          // The place is the `translate` property, which applies before `transform`.
          const fresh = this._timelinesFresh;
          if (fresh || !(follows.x ?? follows.y)) this._style(wrapper, "translate", `${layer.x}px ${layer.y}px`);
          this._style(wrapper, "transform", scaled);
          if (fresh || !follows.opacity) this._style(wrapper, "opacity", String(layer.opacity));
        } else {
          this._style(wrapper, "transform", `translate(${layer.x}px, ${layer.y}px) ${scaled}`);
          this._style(wrapper, "opacity", String(layer.opacity));
        }
        this._style(wrapper, "visibility", layer.hidden ? "hidden" : "");
      }
      for (const layer of layers) {
        const wrapper = this._wrappers.get(layer.block), drawn = boxes.get(layer.block);
        if (!wrapper || !drawn) continue;
        const { box, scaleX, scaleY } = drawn;
        this._style(wrapper, "height", box.height + "px");
        if (layer.widthFromContent) this._style(wrapper, "lineHeight", box.height + "px");
        // A line of text's content takes the spec's font size at rest, unless the page gives it its own.
        if (box.fontSize !== undefined) this._style(wrapper, "fontSize", box.fontSize + "px");
        this._style(wrapper, "width", layer.widthFromContent ? "" : box.width + "px");
        if (layer.clip) {
          // In the box's own coordinates, before its scale to the exact size.
          const c = layer.clip, sx = scaleX || 1, sy = scaleY || 1;
          const top = (c.y - layer.y) / sy, left = (c.x - layer.x) / sx;
          const bottom = (layer.y + layer.height - (c.y + c.height)) / sy;
          const right = layer.widthFromContent ? -10000 : (layer.x + layer.width - (c.x + c.width)) / sx;
          this._style(wrapper, "clipPath", `inset(${top}px ${right}px ${bottom}px ${left}px)`);
        } else {
          this._style(wrapper, "clipPath", "");
        }
      }
      this._timelinesFresh = false;
    }

    // The finger lifted: the scroll decelerates until it ends; a scroll that ends then may snap.
    _released() {
      this._releaseVelocity = this._velocity();
      this._setPhase("decelerating");
      this._queue(this._currentOffset());
      // A finger held still before it lifted: the scroll has ended already, and no `scrollend` will come.
      const last = this._samples[this._samples.length - 1];
      if (!last || performance.now() - last.time > 100) this._scrollEnded();
    }

    // Points per second over the scroll's last 100 ms; 0 where it has not moved for that long.
    _velocity() {
      const first = this._samples[0], last = this._samples[this._samples.length - 1];
      if (!last || performance.now() - last.time > 100) return 0;
      return first && last.time > first.time ? (last.offset - first.offset) / (last.time - first.time) * 1000 : 0;
    }

    _scrollEnded() {
      if (this._programmatic) {
        this._programmatic = false;
        return;
      }
      if (this._phase === "dragging") return;
      const wasGesture = this._phase === "decelerating";
      const velocity = this._releaseVelocity ?? this._velocity();
      this._releaseVelocity = undefined;
      this._setPhase("idle");
      const offset = this._currentOffset();
      // A scroll's end is a new step only where its offset or the phase it set is not drawn yet.
      const last = this._lastStep();
      if (!last || offset !== last.offset || this._inputs !== last.inputs) this._queue(offset);
      // Pulled past the top of a `pull`: back to rest, as a rubber band does.
      const pulled = this._pull > 0 && this._scroller === this._ownScroller && offset < 0;
      if (!wasGesture && !pulled) return;
      let target = offset;
      if (pulled) target = 0;
      else if (spec.settle) target = spec.settle(offset, velocity, Object.assign({}, this._inputs));
      if (wasGesture) this._lastRelease = { offset, velocity, target };
      if (!Number.isFinite(target) || target === offset) return;
      // To a snap's rest by the snap's own motion where it has one (Grammar.md, "The motion after release"), from
      // where the page's own deceleration ended, at rest; each frame's time since then and offset are kept in
      // `lastRelease.motion`.
      if (!pulled && spec.motion) {
        const inputs = Object.assign({}, this._inputs), frames = [];
        if (wasGesture) this._lastRelease.motion = frames;
        this._scrollTo(target, (elapsed) => {
          const at = spec.motion(offset, 0, target, elapsed, inputs);
          frames.push([elapsed, at]);
          return at;
        });
      } else {
        this._scrollTo(target, (elapsed) => {
          const t = Math.min(elapsed / 250, 1);
          return t < 1 ? offset + (target - offset) * (1 - (1 - t) * (1 - t) * (1 - t)) : target;
        });
      }
    }

    // The page's own scroll to `target`, frame by frame, along `position` (of the milliseconds since it started),
    // until it is there (or for 30 s at most).
    _scrollTo(target, position) {
      let start = null;
      const step = (now) => {
        start ??= now;
        const offset = position(now - start);
        this._setOffset(offset);
        if (offset !== target && Number.isFinite(offset) && now - start < 30000) requestAnimationFrame(step);
      };
      this._programmatic = true;
      requestAnimationFrame(step);
    }
  }

  customElements.define(tag, HeaderElement);
  return HeaderElement;
}
