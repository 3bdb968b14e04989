/**
 * A tenant's logo SVG reduced to the shapes react-pdf can draw with its own primitives. Only the
 * simple, flat markup our tenants upload is accepted (shapes with plain colours inside an <svg>
 * with a viewBox, optionally in attribute-less groups); anything else (transforms, gradients,
 * text, images, CSS) gives null, and the ticket shows the tenant's name alone.
 */

export type LogoShapeKind = "rect" | "circle" | "ellipse" | "path" | "polygon" | "polyline" | "line";

export interface LogoShape {
  kind: LogoShapeKind;
  /** Attributes in react-pdf's camelCase names (fillOpacity, strokeWidth), values as written. */
  props: Record<string, string>;
}

export interface ParsedLogo {
  viewBox: string;
  /** Width over height of the viewBox. */
  aspect: number;
  shapes: LogoShape[];
}

const MAX_MARKUP = 64 * 1024;
const SHAPES = new Set<string>(["rect", "circle", "ellipse", "path", "polygon", "polyline", "line"]);
/** Elements whose content is ignored: they draw nothing. */
const SKIPPED = new Set(["title", "desc", "metadata"]);

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?(?:px)?$/i;
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,30}|rgba?\(\s*[\d.%\s,]+\))$/i;
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9eE.,+\-\s]+$/;
const POINTS = /^[0-9eE.,+\-\s]+$/;

/** Geometry attributes per shape; those listed as required must be present. */
const GEOMETRY: Record<LogoShapeKind, { required: string[]; optional: string[] }> = {
  rect: { required: ["width", "height"], optional: ["x", "y", "rx", "ry"] },
  circle: { required: ["r"], optional: ["cx", "cy"] },
  ellipse: { required: ["rx", "ry"], optional: ["cx", "cy"] },
  path: { required: ["d"], optional: [] },
  polygon: { required: ["points"], optional: [] },
  polyline: { required: ["points"], optional: [] },
  line: { required: [], optional: ["x1", "y1", "x2", "y2"] },
};

const PAINT: Record<string, { name: string; valid: RegExp }> = {
  fill: { name: "fill", valid: COLOR },
  stroke: { name: "stroke", valid: COLOR },
  "fill-opacity": { name: "fillOpacity", valid: NUMBER },
  "stroke-opacity": { name: "strokeOpacity", valid: NUMBER },
  opacity: { name: "opacity", valid: NUMBER },
  "stroke-width": { name: "strokeWidth", valid: NUMBER },
  "fill-rule": { name: "fillRule", valid: /^(?:nonzero|evenodd)$/ },
  "stroke-linecap": { name: "strokeLinecap", valid: /^(?:butt|round|square)$/ },
  "stroke-linejoin": { name: "strokeLinejoin", valid: /^(?:miter|round|bevel)$/ },
};

/** Attributes that change nothing in the drawing. */
const INERT = new Set(["id", "xmlns", "xmlns:xlink", "version", "role", "aria-label", "aria-hidden", "focusable", "data-name"]);

const TAG = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? "").trim());
  }
  return attributes;
}

function numbers(text: string): number[] {
  return text
    .trim()
    .split(/[\s,]+/)
    .map(Number);
}

function viewBoxOf(attributes: Map<string, string>): { viewBox: string; aspect: number } | null {
  const viewBox = attributes.get("viewbox");
  if (viewBox !== undefined) {
    const values = numbers(viewBox);
    if (values.length !== 4 || values.some((value) => !Number.isFinite(value))) return null;
    const [, , width, height] = values as [number, number, number, number];
    if (width <= 0 || height <= 0) return null;
    return { viewBox: values.join(" "), aspect: width / height };
  }
  const width = Number.parseFloat(attributes.get("width") ?? "");
  const height = Number.parseFloat(attributes.get("height") ?? "");
  if (!(width > 0) || !(height > 0)) return null;
  return { viewBox: `0 0 ${width} ${height}`, aspect: width / height };
}

function shapeOf(kind: LogoShapeKind, attributes: Map<string, string>): LogoShape | null {
  const geometry = GEOMETRY[kind];
  const props: Record<string, string> = {};
  for (const [name, value] of attributes) {
    if (INERT.has(name)) continue;
    const paint = PAINT[name];
    if (paint) {
      if (!paint.valid.test(value)) return null;
      props[paint.name] = value;
      continue;
    }
    if (geometry.required.includes(name) || geometry.optional.includes(name)) {
      const valid = name === "d" ? PATH_DATA.test(value) : name === "points" ? POINTS.test(value) : NUMBER.test(value);
      if (!valid) return null;
      props[name] = value.replace(/px$/i, "");
      continue;
    }
    // transform, style, class, clip-path, mask, filter, href…: more than flat shapes.
    return null;
  }
  if (geometry.required.some((name) => props[name] === undefined)) return null;
  // SVG's default fill is black; react-pdf's primitives would paint nothing without one.
  if (kind !== "line" && kind !== "polyline" && props.fill === undefined) props.fill = "#000000";
  return { kind, props };
}

/** The logo's shapes, or null when the markup is more than react-pdf's primitives can draw. */
export function parseLogoSvg(markup: string): ParsedLogo | null {
  if (markup.length > MAX_MARKUP) return null;
  const source = markup
    .replace(/<\?xml[\s\S]*?\?>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<!DOCTYPE[^>]*>/gi, "")
    .trim();
  let position = 0;
  let frame: { viewBox: string; aspect: number } | null = null;
  let closed = false;
  /** Open elements: "svg", "g", or a skipped one whose content is ignored. */
  const open: string[] = [];
  const shapes: LogoShape[] = [];
  while (position < source.length) {
    const skipping = open.length > 0 && SKIPPED.has(open.at(-1)!);
    const next = source.indexOf("<", position);
    if (next === -1) return null;
    // Text between tags draws nothing only inside <title> and the like, or when it is blank.
    if (!skipping && source.slice(position, next).trim() !== "") return null;
    TAG.lastIndex = next;
    const tag = TAG.exec(source);
    if (!tag) return null;
    position = TAG.lastIndex;
    const [, closing, rawName, rawAttributes, selfClosing] = tag;
    const name = rawName!.toLowerCase();
    if (skipping) {
      if (closing && name === open.at(-1)) open.pop();
      continue;
    }
    if (closed) return null;
    if (closing) {
      if (open.at(-1) !== name) return null;
      open.pop();
      if (open.length === 0) closed = true;
      continue;
    }
    const attributes = attributesOf(rawAttributes ?? "");
    if (name === "svg") {
      if (frame) return null;
      frame = viewBoxOf(attributes);
      if (!frame) return null;
      if (!selfClosing) open.push("svg");
      else closed = true;
      continue;
    }
    if (!frame) return null;
    if (SKIPPED.has(name)) {
      if (!selfClosing) open.push(name);
      continue;
    }
    if (name === "g") {
      if ([...attributes.keys()].some((key) => !INERT.has(key))) return null;
      if (!selfClosing) open.push("g");
      continue;
    }
    if (!SHAPES.has(name)) return null;
    const shape = shapeOf(name as LogoShapeKind, attributes);
    if (!shape) return null;
    shapes.push(shape);
    if (!selfClosing) open.push(name);
  }
  if (!frame || !closed || shapes.length === 0) return null;
  return { ...frame, shapes };
}
