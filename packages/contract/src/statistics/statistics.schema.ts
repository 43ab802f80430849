import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

/** The longest range one statistics request may span (CONTRACT 7; issue 24). */
export const STATISTICS_MAX_DAYS = 731;
/** How many top families, categories and companies an answer lists. */
export const STATISTICS_TOP = 10;
/** Licences whose end falls within this many days after a period's last day count as expiring soon. */
export const LICENCES_EXPIRING_DAYS = 30;

/** A calendar day, `2026-11-27`, or an ISO timestamp whose calendar day in `timeZone` is meant. */
const ZDay = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** An IANA time zone the server knows (`Europe/Berlin`); UTC when left out. */
export const ZTimeZone = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    {
      message: 'timeZone is not a known time zone',
      params: { key: 'notValid', values: { name: 'timeZone' } },
    },
  );

export const ZStatisticsRequest = z.object({
  isoStartDate: ZDay,
  isoEndDate: ZDay,
  /** Admins: one company's figures (with its tree); others: a company of their own tree. */
  companyId: ZId.optional(),
  timeZone: ZTimeZone.optional(),
});
export type TStatisticsRequest = z.infer<typeof ZStatisticsRequest>;

export const ZStatisticsDay = z.object({
  /** The calendar day in the requested time zone, `YYYY-MM-DD`. */
  date: z.string(),
  signIns: z.number().int(),
  activeUsers: z.number().int(),
  registrations: z.number().int(),
  downloads: z.number().int(),
});
export type TStatisticsDay = z.infer<typeof ZStatisticsDay>;

export const ZStatisticsTotals = z.object({
  signIns: z.number().int(),
  /** Different people with any recorded activity in the period. */
  activeUsers: z.number().int(),
  registrations: z.number().int(),
  downloads: z.number().int(),
  /** Requests waiting for an admin now (the same in both periods' totals). */
  pendingApprovals: z.number().int(),
  /** Licences ending within LICENCES_EXPIRING_DAYS of the period's last day. */
  licencesExpiringSoon: z.number().int(),
});
export type TStatisticsTotals = z.infer<typeof ZStatisticsTotals>;

export const ZStatisticsInfo = z.object({
  days: z.array(ZStatisticsDay),
  totals: ZStatisticsTotals,
  previousTotals: ZStatisticsTotals,
  topFamilies: z.array(
    z.object({ revitFamilyId: z.number().int(), revitFamilyName: z.string(), downloads: z.number().int() }),
  ),
  topCategories: z.array(
    z.object({ categoryId: z.number().int(), categoryName: z.string(), downloads: z.number().int() }),
  ),
  downloadsByCompany: z.array(
    z.object({
      companyId: z.number().int().nullable(),
      companyName: z.string().nullable(),
      downloads: z.number().int(),
    }),
  ),
});
export type TStatisticsInfo = z.infer<typeof ZStatisticsInfo>;

export const ZStatisticsAnswer = z.object({ statisticsInfo: ZStatisticsInfo });
