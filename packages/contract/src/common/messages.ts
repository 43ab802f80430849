/**
 * Every message a person may read from the server, by key, with its English template. The spec's
 * templates of section 5 come first. The server answers each `[Detail]` in English and, beside it,
 * the key and its values (`errorDetails`), so the web shows the same message in the reader's
 * language (locales: `messages.<key>`, field names: `fields.<name>`).
 */
export const MESSAGE_TEMPLATES = {
  // Spec section 5.
  notValid: '{name} is not valid',
  required: '{name} is required',
  minLength: '{name} minimum length is {min}',
  maxLength: '{name} maximum length is {max}',
  termsRequired: 'Accepting terms & conditions are required',
  notFound: 'The requested {name} is not found',
  loginIncorrect: 'The login detail is incorrect',
  // Field rules beyond the spec's.
  tooSmall: '{name} must be at least {min}',
  tooLarge: '{name} must be at most {max}',
  tooFewItems: '{name} needs at least {min} entries',
  tooManyItems: '{name} takes at most {max} entries',
  repeated: '{name} {value} is repeated',
  repeatedArea: 'rolePermissionInfos has a repeated area',
  nulCharacter: '{name} contains a character that is not allowed',
  sortFieldNotValid: 'sort field {field} is not valid; use one of {fields}',
  notValidBase64: '{name} is not valid base64',
  tooLargeFile: '{name} is larger than {max} kB',
  notAPicture: '{name} is not a picture (PNG, JPEG, GIF or WebP)',
  bodyNotJson: 'body is not valid JSON',
  bodyTooLarge: 'The request body is too large',
  bodyRequired: 'The request body is required',
  contentTypeNotSupported: 'This content type is not supported; send application/json',
  requestTimeout: 'The request took too long to arrive',
  routeNotFound: 'The requested route {method} {path} is not found',
  internalError: 'Something went wrong; the reference is {reference}',
  databaseDown: 'The database does not answer',
  notReady: 'The portal is not ready: {parts} not answering',
  storageFull: 'The server has no room left to store this; nothing was saved. Tell an administrator',
  valueNotStorable:
    'A value does not fit where it is stored (out of range, too long or not valid); nothing was saved',
  // Sign-in and tokens.
  authTokenRequired: 'A valid authToken is required',
  selfcareFirst: 'Complete your account activation first',
  mfaSetupFirst: 'Enable the second factor (two-step sign-in) first',
  permissionRequired: 'This action needs the {permission} permission',
  accountNotApproved: 'The account is not approved yet',
  accountNotActive: 'The account is not active',
  signInExpired: 'The sign-in has expired; sign in again',
  refreshTokenRequired: 'A refreshToken is required',
  refreshTokenNotValid: 'The refreshToken is not valid',
  refreshTokenReused: 'The refreshToken was already used; the sign-in is revoked',
  codeNotValid: 'The code is not valid',
  apiTokenNotValid: 'The API token is not valid, has expired or was revoked',
  apiTokenNotAccepted: 'An API token is not accepted here; sign in as a person',
  apiTokenScopeMissing: 'This API token lacks the {scope} scope this call needs',
  notInFuture: '{name} must be in the future',
  tooFarAhead: '{name} must be at most {max} days ahead',
  tooManyAttempts: 'Too many attempts; try again in {seconds} seconds',
  loginLocked: 'Too many failed sign-ins; try again in {minutes} minutes',
  licenceInactive: 'The company licence is inactive',
  licenceExpired: 'The company licence has expired',
  licenceFull: 'The company licence is full ({max} users)',
  csrfCookie: 'The XSRF-TOKEN cookie is missing or not valid; reload the page',
  csrfHeader: 'The X-XSRF-TOKEN header is missing or does not match the cookie',
  botCheckRequired: 'botCheck is required',
  botCheckNotValid: 'botCheck is not valid',
  botCheckExpired: 'botCheck has expired; please try again',
  botCheckUsed: 'botCheck was already used; please try again',
  // Account self-service.
  resetLinkNotValid: 'The reset link is not valid or has expired; ask for a new one',
  activationCodeNotValid: 'The activation code is not valid or has expired',
  alreadyActivated: 'The account is already activated',
  activationCodeLocked: 'The activation code was mistyped too often; ask for a new code',
  oldPasswordWrong: 'old password is not valid',
  newPasswordSame: 'new password must differ from the old one',
  termsNotCurrent: 'These terms are not the current ones; accept the current terms',
  mfaAlreadyEnabled: 'Two-step sign-in is already on',
  mfaNotEnabled: 'Two-step sign-in is not on',
  mfaSetupNotStarted: 'Start the two-step sign-in set-up first',
  mfaRequiredForAdmins: 'Administrators must keep two-step sign-in',
  // Users and roles.
  loginTaken: 'login {login} is already taken',
  roleNameTaken: 'roleName {roleName} is already taken',
  roleNameReserved: 'roleName {roleName} is reserved',
  alreadyExists: 'This {name} already exists',
  // A unique name or code taken (a save that met the database's unique index): one sentence per area.
  categoryNameTaken: 'A category with this name already exists',
  companyNameTaken: 'A company with this name already exists',
  licenceCodeTaken: 'A licence with this code already exists',
  listCodeTaken: 'A list with this code already exists',
  listItemCodeTaken: 'This list already has an item with this code',
  parameterListCodeTaken: 'A parameter list with this code already exists',
  parameterNameTaken: 'This parameter list already has a parameter with this name',
  priceListCodeTaken: 'A price list with this code already exists',
  orderNumberTaken: 'This price list already has an item with this order number',
  roleNameExists: 'A role with this name already exists',
  loginExists: 'A user with this login already exists',
  inUse: 'This {name} is still in use',
  changedAtOnce:
    'Another change to the same records was being saved at the same moment; nothing was saved, try again',
  selfDeactivate: 'You cannot deactivate your own account',
  selfDelete: 'You cannot delete your own account',
  selfRoles: 'You cannot change your own roles',
  lastAdministrator: 'The last administrator cannot be deleted',
  roleGrantsMore: 'You cannot assign the role {roleName}: it grants more than you hold',
  roleGrantExceeds: 'You cannot grant {permission}: you do not hold it',
  userHoldsMore: 'You cannot change the user {login}: it holds more than you',
  builtInRoleRename: 'A built-in role cannot be renamed',
  builtInRoleDelete: 'A built-in role cannot be deleted',
  adminRoleKeepsAll: 'adminrole keeps every permission',
  roleInUse: 'The role is assigned to {count} users; take it from them first',
  companyNotValid: 'company is not valid',
  // Content library.
  categoryInUse: 'The category is used by {count} families; move them to another category first',
  familyInUse: 'Scenarios still using this family: {count}. Link them to another family first',
  scenarioInUse: 'Placement rules still using this scenario: {count}. Link them to another scenario first',
  rangeReversed: '{name} ({min}) is above {other} ({max})',
  // What to do, not what the reader found: people upload exports, renamed files and projects.
  rfaNotCompound:
    'This file is not a Revit family (.rfa). Save or export the family from Revit and upload the .rfa file.',
  rfaTruncated:
    'This file is damaged or incomplete. Save the family from Revit again and upload it once more.',
  rfaNoBasicFileInfo:
    'This file is not a Revit family (.rfa). Save or export the family from Revit and upload the .rfa file.',
  rfaNoVersion: '{name} does not say which Revit version saved it',
  typeCatalogHeader: 'type catalog line 1 must be a header of Name##TYPE##UNIT columns',
  typeCatalogColumn: 'type catalog column {column} is not Name##TYPE##UNIT',
  typeCatalogColumns: 'type catalog line {line} has {found} values; the header has {expected}',
  typeCatalogQuote: 'type catalog line {line} has a quote that is not closed',
  typeCatalogTypeName: 'type catalog line {line} has no type name',
  typeCatalogRepeated: 'type catalog line {line} repeats the type {typeName}',
  typeCatalogEmpty: 'The type catalog lists no types',
  typeCatalogTooLarge:
    'The type catalog is too large at line {line}: its {columns} columns repeat for every type; split it or leave columns out',
  tifRefused: 'The action {action} cannot be applied to an item in status {status}',
  tifAdminOnly: 'Only an administrator acts on requests (tifAction)',
  tifPending: 'This item already has a pending request; wait until it is decided',
  tifWithdrawPublished: 'Only a published item can be withdrawn',
  uploadNotFound: 'The upload is not found or has expired; upload the file again',
  fileOrUpload: 'Send either revitFamilyFileBase64 or revitFamilyUploadId, not both',
  fileMissing: 'The file of this version is missing from storage',
  multipartFileRequired: 'The upload needs one file field',
  bulkNotRevit: '{name} is not a Revit family (.rfa): export the family from Revit and upload the .rfa',
  bulkCatalogAlone: 'The type catalog {name} has no family {family} sent after it; send them together',
  bulkTooManyFiles: '{name} was not read: one upload takes at most {max} families; send it again',
  bulkAlreadyInLibrary: '{name} is already in the library',
  zipNotValid: '{name} is not a zip archive that can be read',
  zipTooLarge: '{name} would unpack to more than {max} MB or list more than {entries} entries',
  zipEncrypted: '{name} is encrypted or packed in a way that cannot be read; zip it again without a password',
  // Organisation.
  companyCycle: 'A company cannot be placed under itself or one of its own child companies',
  companyHasUsers: 'The company has {count} users; say where they go (usersTo)',
  companyHasChildren: 'The company has {count} child companies; say where they go (childrenTo)',
  staleUpdate: 'This {name} was changed by someone else meanwhile; reload it and apply your change again',
  partnerRightsRequired: 'Partner companies are created and changed only with partner management rights',
  topLevelAdminOnly: 'Only an administrator creates or moves companies at the top level',
  // Lists and prices.
  parameterListInUse: 'The parameter list is used by {count} families; link them to another list first',
  unitNotValid: 'parameterMeasurementUnitId {value} is not an item of the unit list',
  listItemNotValid: '{name} {value} is not an item of the {list}',
  notAnXlsx: '{name} is not an Excel workbook (.xlsx)',
  xlsxTooLarge: '{name} would unpack to more than {max} MB',
  xlsxTooManyTexts: '{name} holds more than {max} texts',
  xlsxTextTooLong: '{name} holds a text far longer than a price list field takes ({max} characters)',
  importRequired: 'row {row}, column {column}: a value is required',
  importNotNumber: 'row {row}, column {column}: {value} is not a number',
  importOutOfRange: 'row {row}, column {column}: {value} is not between {min} and {max}',
  importNotYesNo: 'row {row}, column {column}: {value} is not yes or no',
  importNotInList: 'row {row}, column {column}: {value} is not in its list',
  importRepeated: 'row {row}, column {column}: {value} appears in an earlier row',
  importTooLong: 'row {row}, column {column}: longer than {value} characters',
  importMoreErrors: '{count} more rows have errors',
  importUnreadable: '{name} cannot be read as a workbook',
  importNoRows: 'The sheet has no items below its header row',
  priceListTooManyItems: 'A price list holds at most {max} items; nothing was changed',
  notAPartList: '{code} is a price list, not a part list: export and import it as a price list',
  notAPriceList: '{code} is a part list, not a price list: export and import it as a part list',
} as const;

export type TMessageKey = keyof typeof MESSAGE_TEMPLATES;
export type TMessageValues = Record<string, string | number>;

/** One message: its key, the values its template needs, and the request field it belongs to. */
export type TMessage = { key: TMessageKey; values?: TMessageValues; field?: string };

/** Fills a template's `{name}` placeholders (unknown ones stay as they are). */
export function fillTemplate(template: string, values: TMessageValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The English text of a message. */
export function englishOf(message: TMessage): string {
  return fillTemplate(MESSAGE_TEMPLATES[message.key], message.values);
}

/** The spec's templates as functions, for zod schemas (their English is also the server's). */
export const MESSAGES = {
  notValid: (name: string) => englishOf({ key: 'notValid', values: { name } }),
  required: (name: string) => englishOf({ key: 'required', values: { name } }),
  minLength: (name: string, min: number) => englishOf({ key: 'minLength', values: { name, min } }),
  maxLength: (name: string, max: number) => englishOf({ key: 'maxLength', values: { name, max } }),
  termsRequired: () => englishOf({ key: 'termsRequired' }),
  notFound: (name: string) => englishOf({ key: 'notFound', values: { name } }),
  loginIncorrect: () => englishOf({ key: 'loginIncorrect' }),
} as const;

/** Short field-level texts the old client showed beside inputs. */
export const FIELD_MESSAGES = {
  required: 'Required field',
  minLength: 'Minimum field length:',
  maxLength: 'Maximum field length:',
  notValid: 'Field is not valid',
} as const;
