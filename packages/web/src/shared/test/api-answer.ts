/** A fetch answer in the portal's envelope: `status` as both HTTP and response code, `messages` as errorMessages. */
export function apiAnswer(status: number, payload: object = {}, messages: string[] = []): Response {
  return new Response(JSON.stringify({ responseCode: status, errorMessages: messages, ...payload }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
