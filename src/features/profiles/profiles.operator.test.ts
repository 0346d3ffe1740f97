import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { useMemoryDatabase } from '../../db/test-database.ts';
import type { ServiceContext } from '../../server/context.ts';
import { updateProfileSchema } from '../host-inbox/operator-profiles.schemas.ts';
import { createOperatorProfile, findOperatorProfile, updateOperatorProfile } from './profiles.operator.ts';

let db: Kysely<Database>;
useMemoryDatabase((opened) => (db = opened));

const NOW = Date.UTC(2026, 10, 28, 12);
const ctx = () =>
  ({
    db,
    network: 'amber',
    site: { id: 'amber', cdnPrefix: '', countries: ['DE', 'NL'] },
    clock: { now: () => NOW },
  }) as unknown as ServiceContext;

const fictional = async (id: string) =>
  await db
    .selectFrom('profiles')
    .select(['fictional', 'member_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('operator-run profiles', () => {
  it('are created fictional, without an account', async () => {
    const made = await createOperatorProfile(
      ctx(),
      { name: 'Lena', gender: 'female', seeking: 'male', birthdate: '1994-03-02', country: 'DE' },
      { text: 'Hello from Berlin', hair_color: 'red' },
    );
    expect(made.text).toBe('Hello from Berlin');
    expect(made.hair_color).toBe('red');
    expect(await fictional(made.id)).toEqual({ fictional: 1, member_id: null });
  });

  it('stay fictional whatever an update sends', async () => {
    const made = await createOperatorProfile(
      ctx(),
      { name: 'Lena', gender: 'female', seeking: 'male', birthdate: '1994-03-02', country: 'DE' },
      undefined,
    );
    // The console's body has no `fictional`: a client that sends one has it dropped.
    const input = updateProfileSchema.parse({
      id: made.id,
      name: 'Lea',
      fictional: false,
      details: { text: 'Hi' },
    });
    expect(input).not.toHaveProperty('fictional');
    const saved = await updateOperatorProfile(ctx(), made.id, { name: input.name }, input.details);
    expect(saved.name).toBe('Lea');
    expect(await fictional(made.id)).toEqual({ fictional: 1, member_id: null });
    // Inside the details (the profile editor's rules) the key is refused outright.
    await expect(updateOperatorProfile(ctx(), made.id, {}, { fictional: false })).rejects.toMatchObject({
      code: 'validation',
    });
    expect((await findOperatorProfile(ctx(), made.id))?.fictional).toBe(1);
  });

  it('never touch a member’s profile', async () => {
    await db
      .insertInto('profiles')
      .values({
        id: 'p-member',
        member_id: null,
        network_id: 'amber',
        site_id: 'amber',
        name: 'Real',
        gender: 'male',
        seeking: 'female',
        birthdate: '1990-01-01',
        country: 'DE',
        status: 'active',
        fictional: 0,
        main_photo_id: null,
        last_active_at: NOW,
        created_at: NOW,
        updated_at: NOW,
      })
      .execute();
    expect(await findOperatorProfile(ctx(), 'p-member')).toBeUndefined();
    await expect(updateOperatorProfile(ctx(), 'p-member', { name: 'X' }, undefined)).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
