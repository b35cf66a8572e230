// What one page draws, in order, as the document forensics need it (run by pdf-objects-worker.mjs):
// text runs (a word or a number, with its font, colour and box) and opaque filled shapes (with
// their colour and box). Boxes are [x0, y0, x1, y1] in points from the page's top-left corner, as
// the page is shown. Plain JavaScript, run in the worker.

/** Items kept per page at most: a real payslip or statement page draws a few thousand. */
const MAX_ITEMS = 20_000;
/** A gap wider than this many font sizes between two glyphs starts a new run (a new word or column). */
const WORD_GAP = 0.25;

const round = (value) => Math.round(value * 10) / 10;
const box = (x0, y0, x1, y1) => [round(x0), round(y0), round(x1), round(y1)];
const transformPoint = (x, y, m) => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];

/** Colour as RGB in 0..1, whatever the colour space (grey, RGB or CMYK; others approximated as grey). */
function toRgb(colorspace, color) {
  const n = color.length;
  if (n === 1) return [color[0], color[0], color[0]];
  if (n === 3) return [color[0], color[1], color[2]];
  if (n === 4) {
    const [c, m, y, k] = color;
    return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
  }
  return [0, 0, 0];
}

const rgbOf = (colorspace, color) => toRgb(colorspace, color).map((value) => Math.round(value * 255));

export function pageDrawing(mupdf, doc, index) {
  const page = doc.loadPage(index);
  const [px0, py0, px1, py1] = page.getBounds();
  const items = [];
  let order = 0;
  const fontIds = new Map();
  const fontId = (font) => {
    const key = font.pointer;
    if (!fontIds.has(key)) fontIds.set(key, fontIds.size + 1);
    return fontIds.get(key);
  };

  const pushText = (text, ctm, colorspace, color, alpha, invisible = false) => {
    let run = null;
    const flush = () => {
      if (run && run.text.trim() && items.length < MAX_ITEMS)
        items.push({ kind: 'text', order: order++, text: run.text.trim(), font: run.font, fontId: run.fontId, rect: box(run.x0, run.y0, run.x1, run.y1), color: rgbOf(colorspace, color), alpha, ...(invisible ? { invisible: true } : {}) });
      run = null;
    };
    text.walk({
      showGlyph(font, trm, glyph, unicode) {
        const m = mupdf.Matrix.concat(trm, ctm);
        const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]);
        const [x, y] = transformPoint(0, 0, m);
        const advance = font.advanceGlyph(glyph, 0) * Math.hypot(m[0], m[1]);
        const char = String.fromCodePoint(unicode > 0 ? unicode : 0xfffd);
        const id = fontId(font);
        const gap = run ? x - run.x1 : 0;
        if (run && (run.fontId !== id || Math.abs(y - run.y) > size * 0.3 || gap > size * WORD_GAP || gap < -size || char === ' ')) flush();
        if (char === ' ') return;
        if (!run) run = { text: '', font: font.getName(), fontId: id, x0: x, y0: y - size * 0.8, x1: x, y1: y + size * 0.2, y };
        run.text += char;
        run.x1 = Math.max(run.x1, x + advance);
      },
    });
    flush();
  };

  const device = new mupdf.Device({
    fillText: pushText,
    // Text drawn in render mode 3 (neither filled nor stroked): the invisible layer a scanner's OCR
    // lays over a scan, or one laid over it later (the forensics compare it with the image).
    ignoreText: (text, ctm) => pushText(text, ctm, null, [0], 0, true),
    fillPath(path, _evenOdd, ctm, colorspace, color, alpha) {
      if (items.length >= MAX_ITEMS) return;
      const [x0, y0, x1, y1] = path.getBounds(null, ctm);
      if (!(x1 > x0 && y1 > y0)) return;
      items.push({ kind: 'fill', order: order++, rect: box(x0, y0, x1, y1), color: rgbOf(colorspace, color), alpha });
    },
    fillImage(image, ctm, alpha) {
      if (items.length >= MAX_ITEMS) return;
      const corners = [transformPoint(0, 0, ctm), transformPoint(1, 0, ctm), transformPoint(0, 1, ctm), transformPoint(1, 1, ctm)];
      const xs = corners.map((p) => p[0]);
      const ys = corners.map((p) => p[1]);
      items.push({ kind: 'image', order: order++, rect: box(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)), alpha });
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
  }
  return { number: index + 1, width: round(px1 - px0), height: round(py1 - py0), touchUpEdits: touchUpMarks(page.getObject()), items };
}

/** Acrobat's "TouchUp_TextEdit" marked-content tags in the page's content streams: text edited in Acrobat. */
function touchUpMarks(pageObject) {
  const contents = pageObject.get('Contents');
  const streams = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
  let count = 0;
  for (const stream of streams) {
    // Through the reference: MuPDF loads a stream by its object number.
    if (!stream.isStream()) continue;
    const text = stream.readStream().asString();
    count += (text.match(/\/TouchUp_TextEdit\b/g) ?? []).length;
  }
  return count;
}
