import { RuleTester } from 'eslint';
import { join, resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import kindred from './layering.ts';

RuleTester.describe = describe;
RuleTester.it = it;

const src = (path: string) => join(resolve(import.meta.dirname, '..', 'src'), path);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const error = (message: RegExp) => ({ errors: [{ message }] });

tester.run('layering', kindred.rules.layering, {
  valid: [
    // Services, repositories and endpoints in their places.
    { filename: src('features/likes/likes.repository.ts'), code: "import { sql } from 'kysely';" },
    { filename: src('db/client.ts'), code: "import { Kysely } from 'kysely';" },
    { filename: src('server/context.ts'), code: "import type { Kysely } from 'kysely';" },
    {
      filename: src('pages/api/like.php.ts'),
      code: "import { like } from '../../features/likes/likes.service.ts';",
    },
    // Another feature through its public module, schemas, stores or components.
    { filename: src('features/chat/chat.service.ts'), code: "import { block } from '../profiles/index.ts';" },
    {
      filename: src('features/chat/components/Chat.tsx'),
      code: "import { cardSchema } from '../../profiles/profiles.schemas.ts';",
    },
    {
      filename: src('features/chat/components/Chat.tsx'),
      code: "import { $user } from '../../accounts/accounts.store.ts';",
    },
    {
      filename: src('features/landers/components/Grid.astro'),
      code: "import Card from '../../profiles/components/Card.astro';",
    },
    {
      filename: src('features/chat/components/Chat.tsx'),
      code: "import { Modal } from '../../shell/components/Modal.tsx';",
    },
    // Type-only imports carry no code to the browser.
    {
      filename: src('features/chat/components/Chat.tsx'),
      code: "import type { Site } from '../../../tenancy/site.ts';",
    },
    {
      filename: src('features/chat/components/Chat.tsx'),
      code: "import type { Ctx } from '../../../server/context.ts';",
    },
  ],
  invalid: [
    {
      filename: src('features/chat/chat.service.ts'),
      code: "import { sql } from 'kysely';",
      ...error(/repositories/),
    },
    {
      filename: src('pages/api/x.php.ts'),
      code: "import Database from 'better-sqlite3';",
      ...error(/repositories/),
    },
    {
      filename: src('features/chat/components/Chat.tsx'),
      code: "import { send } from '../chat.service.ts';",
      ...error(/Browser code/),
    },
    {
      filename: src('features/chat/chat.store.ts'),
      code: "import { findChat } from './chat.repository.ts';",
      ...error(/Browser code/),
    },
    {
      filename: src('lib/money.ts'),
      code: "import { db } from '../db/client.ts';",
      ...error(/Browser code/),
    },
    {
      filename: src('pages/api/chat.php.ts'),
      code: "import { insertMessage } from '../../features/chat/chat.repository.ts';",
      ...error(/repository/),
    },
    {
      filename: src('features/chat/chat.service.ts'),
      code: "import { findProfile } from '../profiles/profiles.repository.ts';",
      ...error(/only through its index/),
    },
    {
      filename: src('features/chat/chat.service.ts'),
      code: "export { json } from '../accounts/accounts.context.ts';",
      ...error(/only through its index/),
    },
  ],
});
