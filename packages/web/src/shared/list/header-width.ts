/** What a text is measured with: its width in CSS pixels. */
export type TMeasureText = (text: string) => number;

// antd's middle table: 8 px padding on each side of a header cell; a sorter adds a 4 px gap and
// a 12 px icon. Two pixels spare absorb rounding between the measure and the layout.
const CELL_PADDING = 8 * 2 + 2;
const SORTER = 4 + 12;

// Scripts whose characters are about one em wide (CJK, Hangul, full-width forms).
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/**
 * The words a header may break between: spaces only. CJK runs stay whole (the header is set with
 * `word-break: keep-all`), so `Revit バージョン` breaks after `Revit`, never inside `バージョン`.
 */
export function headerWords(title: string): string[] {
  return title.split(/\s+/).filter((word) => word.length > 0);
}

/** A generous guess of a bold text's width when nothing can measure it: 1 em per CJK character, 0.65 em otherwise. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += WIDE.test(char) ? 1 : 0.65;
  return ems * fontSize;
}

/**
 * The narrowest a table column may be so its header breaks only between words: its longest word,
 * the cell's padding and, when it sorts, the sorter.
 */
export function headerMinWidth(title: string, measure: TMeasureText, sortable: boolean): number {
  const widest = Math.max(0, ...headerWords(title).map(measure));
  return Math.ceil(widest) + CELL_PADDING + (sortable ? SORTER : 0);
}

let canvas: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * Measures text in `font` (a CSS font shorthand) with an offscreen canvas, or estimates it where
 * there is none (tests, old browsers).
 */
export function textMeasure(font: string, fontSize: number): TMeasureText {
  if (canvas === undefined) {
    canvas = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  }
  const context = canvas;
  if (!context) return (text) => estimateTextWidth(text, fontSize);
  return (text) => {
    context.font = font;
    return context.measureText(text).width;
  };
}
