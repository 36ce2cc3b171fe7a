import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of biome.json (a feature never imports another feature; src/ and server/ share
 * only contract/), run by Biome itself on files written to a scratch copy of the layout, so the
 * working tree never holds an offending file.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const biome = join(root, 'node_modules/.bin/biome');

/** Path -> one import line, and whether the rules must refuse it. */
const probes: Record<string, { source: string; refused: boolean }> = {
  'src/features/users/by-alias.ts': { source: '@/features/teams/queries', refused: true },
  'src/features/users/up-one.ts': { source: '../teams/queries', refused: true },
  'src/features/users/user-form/up-two.ts': { source: '../../teams/queries', refused: true },
  'src/features/team-dashboard/members/cards/up-three.ts': {
    source: '../../../teams/queries',
    refused: true,
  },
  'src/features/users/user-form/own-folder.ts': { source: '../queries', refused: false },
  'src/features/team-dashboard/members/cards/own-feature.ts': { source: '../../keys', refused: false },
  'src/features/users/shared.ts': { source: '@/ui/form/use-record-form', refused: false },
  'src/features/users/contract.ts': { source: '@contract/users', refused: false },
  'src/ui/feature.ts': { source: '@/features/teams/queries', refused: true },
  'src/lib/server.ts': { source: '../../server/db/client.ts', refused: true },
  'src/features/users/server.ts': { source: '../../../server/http/errors.ts', refused: true },
  'src/routes/feature.ts': { source: '@/features/teams/queries', refused: false },
  'sw/outbox/server.ts': { source: '../../server/http/errors.ts', refused: true },
  'server/modules/users/client.ts': { source: '../../../src/lib/api-client', refused: true },
  'server/modules/users/alias.ts': { source: '@/lib/api-client', refused: true },
  'server/modules/users/contract.ts': { source: '../../../contract/users.ts', refused: false },
};

let scratch: string;
let refusedFiles: Map<string, string>;

beforeAll(async () => {
  scratch = realpathSync(mkdtempSync(join(tmpdir(), 'import-rules-')));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  for (const [path, { source }] of Object.entries(probes)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), `import { value } from '${source}';\n\nexport const probe = value;\n`);
  }
  // Biome exits 1 when it reports errors; the report is what is read.
  const { stdout } = await promisify(execFile)(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=github', '.'],
    {
      cwd: scratch,
    },
  ).catch((error: { stdout: string }) => error);
  // ::error title=lint/style/noRestrictedImports,file=/tmp/…/src/ui/feature.ts,line=1,…::message
  refusedFiles = new Map(
    [...stdout.matchAll(/^::error title=lint\/style\/noRestrictedImports,file=([^,]+),[^:]*::(.*)$/gm)].map(
      (match) => [relative(scratch, match[1] ?? ''), match[2] ?? ''],
    ),
  );
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import rules', () => {
  for (const [path, { source, refused }] of Object.entries(probes)) {
    it(`${refused ? 'refuses' : 'allows'} ${source} in ${path}`, () => {
      expect(refusedFiles.has(path)).toBe(refused);
    });
  }

  it('says what to do instead', () => {
    expect(refusedFiles.get('src/features/users/up-one.ts')).toContain(
      'move what two areas share down to src/ui or src/lib',
    );
    expect(refusedFiles.get('server/modules/users/client.ts')).toContain('share only contract/');
  });
});
