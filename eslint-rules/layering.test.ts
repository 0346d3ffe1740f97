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
    // The composition root wires features into the platform; tests of the platform may use a feature's test support.
    {
      filename: src('app/pipeline.ts'),
      code: "import { loadSession } from '../features/accounts/accounts.middleware.ts';",
    },
    { filename: src('app/server.ts'), code: "import { serve } from '../server/serve.ts';" },
    {
      filename: src('server/endpoint.test.ts'),
      code: "import { testSite } from '../features/accounts/accounts.test-support.ts';",
    },
    // A server module may import what the browser does not run.
    {
      filename: src('features/shell/links.ts'),
      code: "import { localePath } from '../../server/request.ts';",
    },
  ],
  invalid: [
    {
      filename: src('server/serve.ts'),
      code: "import { gatewaySend } from '../features/chat/index.ts';",
      ...error(/src\/server\/ imports no feature/),
    },
    {
      filename: src('server/serve.ts'),
      code: "import { pipeline } from '../app/pipeline.ts';",
      ...error(/src\/server\/ imports no feature/),
    },
    {
      filename: src('features/accounts/accounts.jobs.ts'),
      code: "import { privacy } from '../../app/privacy.list.ts';",
      ...error(/composition root/),
    },
    // A helper of islands outside components/ is browser code by what it imports.
    {
      filename: src('features/shell/use-form.ts'),
      code: "import { useState } from 'react';\nimport { send } from './shell.service.ts';",
      ...error(/Browser code/),
    },
    {
      filename: src('features/chat/chat-live.ts'),
      code: "import { $chats } from './chat.store.ts';\nimport { request } from '../../server/request.ts';",
      ...error(/Browser code/),
    },
    {
      filename: src('features/shell/form.ts'),
      code: "import { isApiError } from '../../lib/api-client.ts';\nimport { db } from '../../db/client.ts';",
      ...error(/Browser code/),
    },
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
