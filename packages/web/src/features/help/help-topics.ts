/** The help topics in reading order; each is content/<language>/<topic>.md and the page #/help/<topic>. */
export const HELP_TOPICS = [
  'overview',
  'account',
  'families',
  'uploading',
  'price-lists',
  'lists',
  'administration',
  'statistics',
  'activity',
  'scenarios',
  'placement-rules',
] as const;
export type THelpTopic = (typeof HELP_TOPICS)[number];

/** The topic #/help shows. */
export const HELP_START: THelpTopic = 'overview';

export function isHelpTopic(value: string): value is THelpTopic {
  return (HELP_TOPICS as readonly string[]).includes(value);
}

/** The address of a topic's page (the start topic is #/help itself). */
export function helpPathOf(topic: THelpTopic): string {
  return topic === HELP_START ? '/help' : `/help/${topic}`;
}
