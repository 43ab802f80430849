import packageJson from '../../../package.json';

/** The web package version; it prefixes the stored session key so a new release starts clean. */
export const APP_VERSION: string = packageJson.version;
