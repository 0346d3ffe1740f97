import { RuleTester } from 'eslint';
import { join, resolve } from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import kindred from './layering.ts';

RuleTester.describe = describe;
RuleTester.it = it;

const src = (path: string) => join(resolve(import.meta.dirname, '..', 'src'), path);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

/** An import the rule lets through, written as the file at `path` under src/ would hold it. */
const allowed = (path: string, code: string) => ({ filename: src(path), code });

/** An import the rule refuses, with the part of its message that says which rule of the house it breaks. */
const refused = (path: string, code: string, message: RegExp) => ({
  ...allowed(path, code),
  errors: [{ message }],
});

tester.run('layering', kindred.rules.layering, {
  valid: [
    // Services, repositories and endpoints in their places.
    allowed('features/likes/likes.repository.ts', "import { sql } from 'kysely';"),
    allowed('db/client.ts', "import { Kysely } from 'kysely';"),
    allowed('server/context.ts', "import type { Kysely } from 'kysely';"),
    allowed('pages/api/like.php.ts', "import { like } from '../../features/likes/likes.service.ts';"),
    // Another feature through its public module, schemas, constants, stores or components.
    allowed('features/chat/chat.service.ts', "import { block } from '../profiles/index.ts';"),
    allowed(
      'features/chat/components/Chat.tsx',
      "import { cardSchema } from '../../profiles/profiles.schemas.ts';",
    ),
    allowed(
      'features/shell/components/Reminder.tsx',
      "import { needsConsent } from '../../notifications/notifications.constants.ts';",
    ),
    allowed('features/chat/components/Chat.tsx', "import { $user } from '../../accounts/accounts.store.ts';"),
    allowed(
      'features/landers/components/Grid.astro',
      "import Card from '../../profiles/components/Card.astro';",
    ),
    allowed('features/chat/components/Chat.tsx', "import { Modal } from '../../shell/components/Modal.tsx';"),
    // Type-only imports carry no code to the browser.
    allowed('features/chat/components/Chat.tsx', "import type { Site } from '../../../tenancy/site.ts';"),
    allowed('features/chat/components/Chat.tsx', "import type { Ctx } from '../../../server/context.ts';"),
    // The composition root wires features into the platform; tests of the platform may use a feature's test support.
    allowed('app/pipeline.ts', "import { loadSession } from '../features/accounts/accounts.middleware.ts';"),
    allowed('app/server.ts', "import { serve } from '../server/serve.ts';"),
    allowed(
      'server/endpoint.test.ts',
      "import { testSite } from '../features/accounts/accounts.test-support.ts';",
    ),
    // A server module may import what the browser does not run.
    allowed('features/shell/links.ts', "import { localePath } from '../../server/request.ts';"),
  ],
  invalid: [
    refused(
      'server/serve.ts',
      "import { gatewaySend } from '../features/chat/index.ts';",
      /src\/server\/ imports no feature/,
    ),
    refused(
      'server/serve.ts',
      "import { pipeline } from '../app/pipeline.ts';",
      /src\/server\/ imports no feature/,
    ),
    refused(
      'features/accounts/accounts.jobs.ts',
      "import { privacy } from '../../app/privacy.list.ts';",
      /composition root/,
    ),
    // A helper of islands outside components/ is browser code by what it imports.
    refused(
      'features/shell/use-form.ts',
      "import { useState } from 'react';\nimport { send } from './shell.service.ts';",
      /Browser code/,
    ),
    refused(
      'features/chat/chat-live.ts',
      "import { $chats } from './chat.store.ts';\nimport { request } from '../../server/request.ts';",
      /Browser code/,
    ),
    refused(
      'features/shell/form.ts',
      "import { isApiError } from '../../lib/api-client.ts';\nimport { db } from '../../db/client.ts';",
      /Browser code/,
    ),
    refused('features/chat/chat.service.ts', "import { sql } from 'kysely';", /repositories/),
    refused('pages/api/x.php.ts', "import Database from 'better-sqlite3';", /repositories/),
    refused(
      'features/chat/components/Chat.tsx',
      "import { send } from '../chat.service.ts';",
      /Browser code/,
    ),
    refused(
      'features/chat/chat.store.ts',
      "import { findChat } from './chat.repository.ts';",
      /Browser code/,
    ),
    refused('lib/money.ts', "import { db } from '../db/client.ts';", /Browser code/),
    refused(
      'pages/api/chat.php.ts',
      "import { insertMessage } from '../../features/chat/chat.repository.ts';",
      /repository/,
    ),
    refused(
      'features/chat/chat.service.ts',
      "import { findProfile } from '../profiles/profiles.repository.ts';",
      /only through its index/,
    ),
    refused(
      'features/chat/chat.service.ts',
      "export { json } from '../accounts/accounts.context.ts';",
      /only through its index/,
    ),
  ],
});
