// A scene as an SVG element (a string, so the server can send it and the viewer insert it): the
// viewer's figures. Every text is escaped; nothing from the bank reaches the markup unescaped.
import { INK_RGB, type Ink, type Scene, type Shape } from "./scene.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const colour = (ink: Ink | undefined) => {
  const [r, g, b] = INK_RGB[ink ?? "ink"];
  return `rgb(${Math.round(r * 255)},${Math.round(g * 255)},${Math.round(b * 255)})`;
};
const n = (v: number) => String(Math.round(v * 100) / 100);

function shapeSvg(s: Shape): string {
  if (s.t === "text") {
    const attrs = [
      `x="${n(s.x)}"`,
      `y="${n(s.y)}"`,
      `font-size="${n(s.size ?? 9)}"`,
      s.anchor && s.anchor !== "start" ? `text-anchor="${s.anchor}"` : "",
      s.bold ? `font-weight="bold"` : "",
      s.italic ? `font-style="italic"` : "",
      s.rotate ? `transform="rotate(${n(-s.rotate)} ${n(s.x)} ${n(s.y)})"` : "",
    ].filter(Boolean).join(" ");
    return `<text ${attrs}>${escape(s.text)}</text>`;
  }
  const stroke = `stroke="${colour(s.ink)}" stroke-width="${n(s.width ?? 1)}"${s.dash ? ` stroke-dasharray="4 3"` : ""}`;
  const fill = `fill="${s.fill ? colour(s.fill) : "none"}"`;
  if (s.t === "ellipse") return `<ellipse cx="${n(s.cx)}" cy="${n(s.cy)}" rx="${n(s.rx)}" ry="${n(s.ry)}" ${stroke} ${fill}/>`;
  const points = s.pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
  return s.closed ? `<polygon points="${points}" ${stroke} ${fill}/>` : `<polyline points="${points}" ${stroke} fill="none" stroke-linejoin="round"/>`;
}

/** The scene as an `<svg>` of its natural size (the viewer's CSS scales it down on narrow screens), described for screen readers. */
export function sceneToSvg(scene: Scene, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(scene.width)} ${n(scene.height)}" width="${n(scene.width)}" height="${n(scene.height)}" role="img" aria-label="${escape(`${title}: ${scene.description}`)}" font-family="DejaVu Sans, Verdana, sans-serif">` +
    scene.shapes.map(shapeSvg).join("") + `</svg>`;
}

/** The narrowest (CSS px) a wide figure is shown, so its 9 pt labels stay about 7 px or more. */
const MIN_READABLE_WIDTH = 320;

/** A placed figure as the viewer shows it: "Figure N" over the drawing, and its note ("Not drawn accurately"). */
export function figureHtml(number: number, scene: Scene): string {
  const caption = `Figure ${number}`;
  // A wide figure keeps a legible size on a phone and scrolls sideways rather than shrinking its labels away.
  return `<figure class="paper-figure${scene.width > MIN_READABLE_WIDTH ? " paper-figure-wide" : ""}"><figcaption>${caption}</figcaption>${sceneToSvg(scene, caption)}${scene.note ? `<p class="paper-figure-note">${escape(scene.note)}</p>` : ""}</figure>`;
}
