import type { TStatisticsDay } from '@portal/contract';
import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatNumber } from '../i18n/number-format.ts';
import { loadUplot } from './load-uplot.ts';

/** The two lines the daily chart draws and their colours (distinct in light and dark mode). */
export const DAILY_SERIES = [
  { key: 'signIns', color: '#1677ff' },
  { key: 'downloads', color: '#d46b08' },
] as const;

const DAY_SECONDS = 86_400;
// Axis steps in whole days, so a tick never falls between two days.
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365].map((days) => days * DAY_SECONDS);
const HEIGHT = 260;

/** A `YYYY-MM-DD` day as the seconds of its midnight in UTC, uPlot's x value (no daylight-saving gaps). */
export function dayToSeconds(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / 1000;
}

export type TDailyChartProps = {
  days: readonly TStatisticsDay[];
  /** The series' names in the interface language. */
  dateLabel: string;
  signInsLabel: string;
  downloadsLabel: string;
  /** The interface language: dates and numbers on the axes and in the legend are written in it. */
  language: string;
};

/**
 * Sign-ins and downloads per day as two lines, drawn by uPlot (fetched on first use) at the width
 * of its container and redrawn when that changes. The drawing is hidden from screen readers: the
 * caller puts the same figures beside it as text.
 */
export function DailyChart({ days, dateLabel, signInsLabel, downloadsLabel, language }: TDailyChartProps) {
  const { token } = theme.useToken();
  const { colorText, colorTextSecondary, colorBorderSecondary, fontFamily } = token;
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    const dayLabel = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const fullDay = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const data: uPlot.AlignedData = [
      days.map((day) => dayToSeconds(day.date)),
      ...DAILY_SERIES.map((series) => days.map((day) => day[series.key])),
    ];
    const labels = { signIns: signInsLabel, downloads: downloadsLabel };
    const number = (value: number) => formatNumber(value, language);
    const axis = {
      stroke: colorTextSecondary,
      grid: { stroke: colorBorderSecondary, width: 1 },
      ticks: { stroke: colorBorderSecondary, width: 1 },
      font: `12px ${fontFamily}`,
    };
    loadUplot()
      .then((UPlot) => {
        if (cancelled) return;
        plot = new UPlot(
          {
            width: Math.max(element.clientWidth, 200),
            height: HEIGHT,
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'UTC'),
            cursor: { drag: { x: false, y: false } },
            legend: { live: true },
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
            axes: [
              {
                ...axis,
                space: 56,
                incrs: DAY_STEPS,
                values: (_u, splits) => splits.map((split) => dayLabel.format(new Date(split * 1000))),
              },
              {
                ...axis,
                space: 32,
                size: 56,
                incrs: [
                  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000,
                ],
                values: (_u, splits) => splits.map((split) => number(split)),
              },
            ],
            series: [
              {
                label: dateLabel,
                value: (_u, seconds) => (seconds == null ? '' : fullDay.format(new Date(seconds * 1000))),
              },
              ...DAILY_SERIES.map((series) => ({
                label: labels[series.key],
                stroke: series.color,
                width: 2,
                points: { show: days.length <= 31 },
                value: (_u: uPlot, value: number | null) => (value == null ? '' : number(value)),
              })),
            ],
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => {
          plot?.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT });
        });
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [
    days,
    dateLabel,
    signInsLabel,
    downloadsLabel,
    language,
    colorTextSecondary,
    colorBorderSecondary,
    fontFamily,
  ]);

  if (failed) return null;
  return (
    <div
      ref={holder}
      aria-hidden
      data-testid="statistics-daily-plot"
      style={{ width: '100%', minHeight: HEIGHT, color: colorText, overflow: 'hidden' }}
    />
  );
}
