/** How a call's time grows with the rows, as the growth bench names it. */
export type TGrowthClass = 'flat' | 'logarithmic' | 'sublinear' | 'linear' | 'superlinear';

export type TGrowth = {
  class: TGrowthClass;
  /** The time's ratio per tenfold rows over the whole range (geometric: 100x the rows, 3x the time is 1.73). */
  perTenfold: number;
  /** The same over the last step only, from the second-largest size to the largest. */
  lastPerTenfold: number;
  /** What the time adds per tenfold rows in each step between sizes (ms, or s for an import). */
  stepsPerTenfold: number[];
};

/**
 * The rule, written once for the bench and its doc (docs/performance.md says it in words):
 * with r the time's ratio per tenfold rows over the last step and R over the whole range,
 * - linear when r ≥ 4: tenfold rows cost about tenfold time once the call's fixed cost (HTTP,
 *   sign-in check, JSON) is outgrown, and 4 leaves room for that cost and for noise;
 *   superlinear when r ≥ 15;
 * - flat when R < 1.15 and r < 1.3: tenfold rows cost the same, within a shared machine's noise;
 * - logarithmic when the time grows by about the same amount each tenfold step (the last step
 *   adds at most 2.5 times what the first did, with the first taken as at least 5 % of the smallest
 *   time, the noise): one more level of a B-tree, a bounded sort over a larger set;
 * - sublinear otherwise: it grows faster than that but less than fourfold per tenfold, a cost
 *   proportional to the rows still below the fixed cost at these sizes (it will turn linear).
 * With one step only (two sizes), logarithmic and sublinear cannot be told apart: that step is
 * then named sublinear.
 */
export const GROWTH_RULE =
  'r = the p50 ratio per tenfold rows over the last step, R = over the whole range: linear if r ≥ 4 (superlinear if r ≥ 15); flat if R < 1.15 and r < 1.3; logarithmic if each tenfold step adds about the same time (the last at most 2.5x the first, the first counted as at least 5 % of the smallest p50); sublinear otherwise (a per-row cost still below the fixed cost).';

const perTenfold = (from: number, to: number, sizeFrom: number, sizeTo: number) =>
  (to / from) ** (1 / Math.log10(sizeTo / sizeFrom));
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** Classifies a time measured at two or more sizes (ascending or not; each size once). */
export function classifyGrowth(points: ReadonlyArray<{ size: number; value: number }>): TGrowth {
  const sorted = [...points].sort((a, b) => a.size - b.size);
  if (sorted.length < 2) throw new Error('growth needs two sizes or more');
  if (sorted.some((point) => !(point.value > 0))) throw new Error('growth needs times above 0');
  const first = sorted[0]!;
  const last = sorted.at(-1)!;
  const beforeLast = sorted.at(-2)!;
  const whole = perTenfold(first.value, last.value, first.size, last.size);
  const lastStep = perTenfold(beforeLast.value, last.value, beforeLast.size, last.size);
  const steps = sorted
    .slice(1)
    .map(
      (point, index) => (point.value - sorted[index]!.value) / Math.log10(point.size / sorted[index]!.size),
    );
  let growthClass: TGrowthClass;
  if (lastStep >= 15) growthClass = 'superlinear';
  else if (lastStep >= 4) growthClass = 'linear';
  else if (whole < 1.15 && lastStep < 1.3) growthClass = 'flat';
  else if (steps.length >= 2 && steps.at(-1)! <= 2.5 * Math.max(steps[0]!, 0.05 * first.value))
    growthClass = 'logarithmic';
  else growthClass = 'sublinear';
  return {
    class: growthClass,
    perTenfold: hundredths(whole),
    lastPerTenfold: hundredths(lastStep),
    stepsPerTenfold: steps.map((step) => Math.round(step * 1000) / 1000),
  };
}
