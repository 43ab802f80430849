import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

/** The rule ids a deliberately wrong file breaks. */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

beforeAll(() => {
  // The boundary rules need no type information; without it a file need not exist to be linted.
  eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });
});

describe('architecture boundaries', () => {
  it('refuses a service that imports db/', async () => {
    const rules = await brokenRules(
      'packages/server/src/modules/users/users.service.ts',
      "import { users } from '../../db/schema/index.ts';\nexport const table = users;\n",
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it("refuses a module that reaches into another module's repository", async () => {
    const rules = await brokenRules(
      'packages/server/src/modules/users/users.service.ts',
      "import { RolesRepository } from '../roles/roles.repository.ts';\nexport const Repo = RolesRepository;\n",
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it('allows a module to use another through its service', async () => {
    const rules = await brokenRules(
      'packages/server/src/modules/users/users.service.ts',
      "import type { RolesService } from '../roles/roles.service.ts';\nexport type TRoles = RolesService;\n",
    );
    expect(rules).not.toContain('no-restricted-imports');
  });

  it('refuses a service that imports plugins/', async () => {
    const rules = await brokenRules(
      'packages/server/src/modules/users/users.service.ts',
      "import type { TAuth } from '../../plugins/auth.ts';\nexport type TCaller = TAuth;\n",
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it("still refuses db/ and other modules' repositories in a service beside the plugins/ rule", async () => {
    const rules = await brokenRules(
      'packages/server/src/modules/families/families.service.ts',
      "import { RolesRepository } from '../roles/roles.repository.ts';\nimport { users } from '../../db/schema/index.ts';\nexport const both = [RolesRepository, users];\n",
    );
    expect(rules.filter((rule) => rule === 'no-restricted-imports')).toHaveLength(2);
  });

  it('allows a service to take the caller type from lib/', async () => {
    const rules = await brokenRules(
      'packages/server/src/modules/users/users.service.ts',
      "import type { TAuth } from '../../lib/caller.ts';\nexport type TCaller = TAuth;\n",
    );
    expect(rules).not.toContain('no-restricted-imports');
  });

  it('refuses web shared code that imports a feature', async () => {
    const rules = await brokenRules(
      'packages/web/src/shared/ui/page-header.tsx',
      "import { UserList } from '../../features/users/components/user-list.tsx';\nexport const List = UserList;\n",
    );
    expect(rules).toContain('no-restricted-imports');
  });

  it("refuses a feature that imports another feature's internals", async () => {
    const rules = await brokenRules(
      'packages/web/src/features/users/components/user-form.tsx',
      "import { useFindRoles } from '../../roles/api/find-roles.ts';\nexport const hook = useFindRoles;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it("allows a feature's nested component to import its own feature's api", async () => {
    const rules = await brokenRules(
      'packages/web/src/features/families/components/page/family-page.tsx',
      "import { getFamily } from '../../api/get-family.ts';\nexport const get = getFamily;\n",
    );
    expect(rules).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses a module file without its role suffix or in another case', async () => {
    expect(
      await brokenRules('packages/server/src/modules/users/users-helper.ts', 'export const helper = 1;\n'),
    ).toContain('check-file/filename-naming-convention');
    expect(
      await brokenRules('packages/web/src/shared/ui/PageTitle.tsx', 'export const title = 1;\n'),
    ).toContain('check-file/filename-naming-convention');
  });

  it('refuses an import cycle', async () => {
    // plugins/errors.ts imports lib/app-error.ts; app-error importing errors back closes a cycle.
    const rules = await brokenRules(
      'packages/server/src/lib/app-error.ts',
      "import { errorsPlugin } from '../plugins/errors.ts';\nexport const plugin = errorsPlugin;\n",
    );
    expect(rules).toContain('import-x/no-cycle');
  });
});
