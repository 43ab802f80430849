/** Where a notification leads: a screen of the portal (opened in place) or a web page (a new tab). */
export type TNotificationTarget = { kind: 'internal'; path: string } | { kind: 'external'; href: string };

/**
 * The target of a notificationUrl (the contract's ZNotificationUrl): `/families/12` and
 * `#/families/12` are portal paths for the router, `http(s)://…` a web page; anything else
 * (empty, or a shape the contract refuses) leads nowhere.
 */
export function notificationTarget(url: string | null | undefined): TNotificationTarget | null {
  const value = url?.trim() ?? '';
  if (/^https?:\/\/\S+$/i.test(value)) return { kind: 'external', href: value };
  const path = value.startsWith('#') ? value.slice(1) : value;
  // `//host` would be a web address without its scheme, never a portal path.
  if (/^\/(?!\/)\S*$/.test(path)) return { kind: 'internal', path };
  return null;
}
