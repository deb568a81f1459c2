// The custom element of `headerc compile --target web`: a header wired to the scroll of its page. The
// generated module defines the spec's math and layout above this runtime and calls
// `defineHeaderElement(tag, spec)` below it; nothing here knows a particular header.
//
// The element scrolls its page itself (`element.scroller`, which a page may replace); the offset is that
// scroller's `scrollTop`. Each block's slot (`<img slot="cover">`) is drawn where the layout puts it, one
// frame at a time in one requestAnimationFrame: transform and opacity, and the box's size.

/* global HTMLElement, customElements, requestAnimationFrame, matchMedia, performance, console */

function headerElementKebab(name) {
  return name.replace(/[A-Z]/g, (letter) => "-" + letter.toLowerCase());
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
.scroller { position: absolute; inset: 0; overflow-y: auto; overscroll-behavior: contain; overflow-anchor: none; scrollbar-width: none; }
.scroller::-webkit-scrollbar { display: none; }
.spacer { height: 0; }
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

  class HeaderElement extends HTMLElement {
    static get observedAttributes() { return [...inputByAttribute.keys()]; }

    constructor() {
      super();
      const root = this.attachShadow({ mode: "open" });
      root.innerHTML = `<style>${headerElementStyle}</style>`
        + `<div class="scroller" part="scroller"><div class="spacer"></div>`
        + (spec.page ? `<slot name="${spec.page}"></slot>` : "") + `<slot></slot></div><div class="layers"></div>`;
      this._ownScroller = root.querySelector(".scroller");
      this._spacer = root.querySelector(".spacer");
      this._layersView = root.querySelector(".layers");
      this._wrappers = new Map();
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
    }

    connectedCallback() {
      this._listen(this._scroller);
      if (this._reduceMotion) {
        this._reduceMotion.addEventListener("change", this._onMotion);
        this._applyReduceMotion();
      }
      this._queue(this._currentOffset());
    }

    disconnectedCallback() {
      this._unlisten(this._scroller);
      if (this._reduceMotion) this._reduceMotion.removeEventListener("change", this._onMotion);
    }

    attributeChangedCallback(name, _old, text) {
      const input = inputByAttribute.get(name);
      if (!input) return;
      if (text === null) {
        this._setByAttribute.delete(input.name);
        this._inputs[input.name] = input.default;
        if (input.name === spec.reduceMotion) this._applyReduceMotion();
      } else {
        const value = headerElementParse(input, text);
        if (value === undefined) {
          const key = name + "=" + text;
          if (!this._warned.has(key)) {
            this._warned.add(key);
            console.warn(`<${tag}>: ignoring ${name}="${text}": not a ${input.type === "bool" ? "bool (true or false)" : input.type === "phase" ? "phase" : "number"}`);
          }
          return;
        }
        this._setByAttribute.add(input.name);
        this._inputs[input.name] = value;
      }
      this._restart();
    }

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
        if (values && Object.prototype.hasOwnProperty.call(values, input.name)) this._inputs[input.name] = values[input.name];
      }
      this._restart();
    }

    /// The outputs of the frame last drawn (eval's keys), the offset it was drawn at, and the scroll's phase.
    get values() { return this._values ? Object.assign({}, this._values) : null; }
    get offset() { return this._offset; }
    get phase() { return this._phase; }
    /// Where the last gesture's scroll ended, at what velocity (points per second), and where the snap put
    /// it to rest (its own offset where nothing snapped).
    get lastRelease() { return this._lastRelease ? Object.assign({}, this._lastRelease) : null; }

    _listen(scroller) {
      scroller.addEventListener("scroll", this._onScroll, { passive: true });
      scroller.addEventListener("scrollend", this._onScrollEnd);
      scroller.addEventListener("pointerdown", this._onDown, { passive: true });
      scroller.addEventListener("touchstart", this._onDown, { passive: true });
      for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"]) scroller.addEventListener(type, this._onUp, { passive: true });
    }

    _unlisten(scroller) {
      scroller.removeEventListener("scroll", this._onScroll);
      scroller.removeEventListener("scrollend", this._onScrollEnd);
      scroller.removeEventListener("pointerdown", this._onDown);
      scroller.removeEventListener("touchstart", this._onDown);
      for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"]) scroller.removeEventListener(type, this._onUp);
    }

    _currentOffset() { return this._scroller.scrollTop; }

    _applyReduceMotion() {
      if (!this._reduceMotion || this._setByAttribute.has(spec.reduceMotion)) return;
      this._inputs[spec.reduceMotion] = this._reduceMotion.matches;
      this._restart();
    }

    _setPhase(phase) {
      if (phase === this._phase) return;
      this._phase = phase;
      if (spec.phase) this._inputs[spec.phase] = phase;
      this.dispatchEvent(new CustomEvent("phasechange", { detail: phase }));
    }

    // Inputs changed: states start again from their initial values, at the offset where the page is.
    _restart() {
      this._state = spec.initialState ? spec.initialState() : null;
      this._pending = [];
      this._queue(this._currentOffset());
    }

    _scrolled() {
      const offset = this._currentOffset();
      const now = performance.now();
      this._samples.push({ offset, time: now });
      while (this._samples.length > 2 && now - this._samples[0].time > 100) this._samples.shift();
      this._queue(offset);
    }

    // States advance along every offset the scroll passed, in order; the frame is drawn once a frame.
    _queue(offset) {
      this._pending.push({ offset, inputs: Object.assign({}, this._inputs) });
      if (this._scheduled) return;
      this._scheduled = true;
      requestAnimationFrame(() => this._draw());
    }

    _draw() {
      this._scheduled = false;
      const steps = this._pending;
      this._pending = [];
      if (steps.length === 0) return;
      if (this._state) for (const step of steps) spec.advance(this._state, step.offset, step.inputs);
      const last = steps[steps.length - 1];
      const values = this._state ? spec.frame(last.offset, last.inputs, this._state) : spec.frame(last.offset, last.inputs);
      this._values = values;
      this._offset = last.offset;
      this._render(values, last.offset, last.inputs);
    }

    _render(values, offset, inputs) {
      const blocks = spec.blocks.map(({ name }) => {
        const properties = Object.create(null);
        for (const output of spec.outputs) if (output.block === name) properties[output.property] = values[output.name];
        return { name, properties };
      });
      const width = this.clientWidth, height = this.clientHeight;
      const layers = spec.layout(blocks, offset, inputs, width, height);
      // Reads are done; now only writes: transforms and opacity first, then the boxes' sizes. A box is laid
      // out a little larger than the layout says, on the layout engine's 1/64 px grid, and scaled down to
      // the exact size, so that it is drawn where `headerc layout` puts it to the hundredth of a pixel.
      const grid = (length) => Math.ceil(Math.max(length, 0) * 64) / 64;
      const ratio = (length) => { const box = grid(length); return box > 0 ? Math.max(length, 0) / box : 1; };
      for (const layer of layers) {
        if (layer.block === spec.page) {
          this._spacer.style.height = Math.max(layer.y + offset, 0) + "px";
          continue;
        }
        const wrapper = this._wrappers.get(layer.block);
        if (!wrapper) continue;
        const shift = layer.widthFromContent ? { leading: "0", center: "-50%", trailing: "-100%" }[layer.alignX] : "0";
        const scaleX = layer.widthFromContent ? 1 : ratio(layer.width);
        wrapper.style.transform = `translate(${layer.x}px, ${layer.y}px) translateX(${shift}) scale(${scaleX}, ${ratio(layer.height)})`;
        wrapper.style.opacity = String(layer.opacity);
        wrapper.style.visibility = layer.hidden ? "hidden" : "";
      }
      for (const layer of layers) {
        const wrapper = this._wrappers.get(layer.block);
        if (!wrapper) continue;
        wrapper.style.height = grid(layer.height) + "px";
        wrapper.style.lineHeight = grid(layer.height) + "px";
        wrapper.style.width = layer.widthFromContent ? "" : grid(layer.width) + "px";
        if (layer.clip) {
          // In the box's own coordinates, before its scale to the exact size.
          const c = layer.clip, sx = layer.widthFromContent ? 1 : ratio(layer.width), sy = ratio(layer.height);
          const top = (c.y - layer.y) / sy, left = (c.x - layer.x) / sx;
          const bottom = (layer.y + layer.height - (c.y + c.height)) / sy;
          const right = layer.widthFromContent ? -10000 : (layer.x + layer.width - (c.x + c.width)) / sx;
          wrapper.style.clipPath = `inset(${top}px ${right}px ${bottom}px ${left}px)`;
        } else {
          wrapper.style.clipPath = "";
        }
      }
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
      this._queue(offset);
      if (!wasGesture) return;
      this._lastRelease = { offset, velocity, target: offset };
      if (!spec.settle) return;
      const target = spec.settle(offset, velocity, Object.assign({}, this._inputs));
      this._lastRelease = { offset, velocity, target };
      if (Number.isFinite(target) && target !== offset) this._scrollTo(target);
    }

    // The page's own scroll to a snap's rest, eased over a quarter of a second frame by frame.
    _scrollTo(target) {
      this._programmatic = true;
      const scroller = this._scroller, from = scroller.scrollTop, start = performance.now();
      const step = (now) => {
        const t = Math.min((now - start) / 250, 1);
        scroller.scrollTop = from + (target - from) * (1 - (1 - t) * (1 - t) * (1 - t));
        if (t < 1) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }
  }

  customElements.define(tag, HeaderElement);
  return HeaderElement;
}
