import { type TStatisticsInfo, type TStatisticsRequest, ZStatisticsAnswer } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { typedRequest } from '../api/typed-request.ts';

/** POST /api/statistics/get: the figures of a range (both days inclusive) in the caller's tree. */
export async function getStatistics(
  request: TStatisticsRequest,
  signal?: AbortSignal,
): Promise<TStatisticsInfo> {
  const answer = await typedRequest('/statistics/get', ZStatisticsAnswer, {
    body: request,
    toastErrors: false,
    signal,
  });
  return answer.statisticsInfo;
}

/** Every statistics query starts with this key. */
export const statisticsKey = ['statistics'] as const;

/** The figures of a range; the previous range's stay shown while another range loads. */
export function useStatistics(request: TStatisticsRequest) {
  return useQuery({
    queryKey: [...statisticsKey, 'get', request],
    queryFn: ({ signal }) => getStatistics(request, signal),
    placeholderData: keepPreviousData,
  });
}
