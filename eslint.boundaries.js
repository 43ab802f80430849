import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The architecture's boundaries as lint rules (docs/architecture.md): a violation fails `npm test`.
// A test (packages/server/src/lint-boundaries.test.ts) lints deliberate violations to prove each rule bites.

/** Only repositories (and the composition root that opens the database) import db/. */
const DB_IMPORTS = ['**/db/*', '**/db/**', '../db/*', '../../db/*'];
/** A module reaches another only through its service: no sibling repository, routes, mapper or mails. */
const OTHER_MODULE_INTERNALS = [
  '../*/*.repository.ts',
  '../*/*.routes.ts',
  '../*/*.mapper.ts',
  '../*/*.mails.ts',
];

/** Services hold the business rules below HTTP: the caller type comes from lib/caller.ts, not plugins/. */
const PLUGIN_IMPORTS = ['**/plugins/*', '../../plugins/*'];

const FEATURES_DIR = 'packages/web/src/features';
/** Each web feature may import from its own folder only (besides shared/): one zone per feature. */
const FEATURE_ZONES = fs
  .readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), FEATURES_DIR), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    target: `./${FEATURES_DIR}/${entry.name}`,
    from: `./${FEATURES_DIR}`,
    except: [`./${entry.name}`],
    message: "A feature does not import another feature's internals: move the piece to shared/.",
  }));

export function boundaryRules({ checkFile, importX }) {
  return [
    {
      files: ['packages/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX, 'check-file': checkFile },
      settings: {
        'import-x/extensions': ['.ts', '.tsx'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/resolver': {
          typescript: { project: ['packages/*/tsconfig.json'], noWarnOnMultipleProjects: true },
          node: true,
        },
      },
      rules: {
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'check-file/filename-naming-convention': [
          'error',
          { 'packages/**/*.{ts,tsx}': 'KEBAB_CASE' },
          { ignoreMiddleExtensions: true },
        ],
        'check-file/folder-naming-convention': ['error', { 'packages/*/src/**/': 'KEBAB_CASE' }],
      },
    },
    {
      // Module files say their role: <name>.routes.ts, .service.ts, .repository.ts, .mapper.ts, .mails.ts (+ .test).
      files: ['packages/server/src/modules/*/*.ts'],
      plugins: { 'check-file': checkFile },
      rules: {
        'check-file/filename-naming-convention': [
          'error',
          {
            'packages/server/src/modules/*/*.ts':
              '+([a-z0-9-]).@(routes|service|repository|mapper|mails)?(.test)',
          },
        ],
      },
    },
    {
      files: ['packages/server/src/**/*.ts'],
      ignores: [
        'packages/server/src/**/*.repository.ts',
        'packages/server/src/db/**',
        'packages/server/src/services.ts',
        'packages/server/src/app.ts',
        'packages/server/src/main.ts',
        // The admin command line is a composition root too: it opens the database as main.ts does.
        'packages/server/src/cli/**',
        'packages/server/src/**/*.test.ts',
      ],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [{ group: DB_IMPORTS, message: 'Only repositories import db/: go through a service.' }],
          },
        ],
      },
    },
    {
      files: ['packages/server/src/modules/**/*.ts'],
      ignores: ['packages/server/src/**/*.repository.ts', 'packages/server/src/**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: DB_IMPORTS, message: 'Only repositories import db/: go through a service.' },
              {
                group: OTHER_MODULE_INTERNALS,
                message: "A module uses another only through that module's service.",
              },
            ],
          },
        ],
      },
    },
    {
      // Listed again with the module rules: a later block's options replace an earlier one's.
      files: ['packages/server/src/modules/**/*.service.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: DB_IMPORTS, message: 'Only repositories import db/: go through a service.' },
              {
                group: OTHER_MODULE_INTERNALS,
                message: "A module uses another only through that module's service.",
              },
              {
                group: PLUGIN_IMPORTS,
                message: 'A service does not import plugins/: take the caller type from lib/caller.ts.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['packages/server/src/modules/**/*.repository.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: [...OTHER_MODULE_INTERNALS, '../*/*.service.ts'],
                message: 'A repository holds the technology only: no other module, no service.',
              },
            ],
          },
        ],
      },
    },
    {
      // Web layers: shared -> features -> app, never back.
      files: ['packages/web/src/shared/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['**/features/**', '**/app/**'],
                message: 'shared/ imports neither features nor app.',
              },
            ],
          },
        ],
      },
    },
    {
      files: ['packages/web/src/features/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['**/app/**', '../../app/*'], message: 'A feature does not import the app layer.' },
            ],
          },
        ],
        'import-x/no-restricted-paths': ['error', { zones: FEATURE_ZONES }],
      },
    },
  ];
}
