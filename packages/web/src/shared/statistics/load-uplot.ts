import type uPlot from 'uplot';

/** uPlot and its styles, fetched as their own chunk the first time a chart is drawn (only the dashboard needs it). */
export async function loadUplot(): Promise<typeof uPlot> {
  const [module] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
  return module.default;
}
