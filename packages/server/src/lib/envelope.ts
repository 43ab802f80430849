/** A success envelope: `{responseCode: 200, errorMessages: [], ...payload}` (CONTRACT 1). */
export function ok<T extends object>(payload: T = {} as T, responseCode = 200) {
  return { responseCode, errorMessages: [] as string[], ...payload };
}

export function errorEnvelope(status: number, title: string, details: readonly string[]) {
  return {
    responseCode: status,
    errorMessages: [`[Title] ${title}`, ...details.map((detail) => `[Detail] ${detail}`)],
  };
}
